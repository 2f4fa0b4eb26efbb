"""The balance lab screen: pick a party, an encounter, a policy, N fights and a seed; watch the figures come in.

Runs are played off the GUI thread (``LabRunner``); plots and the list of fights redraw as shards come back. A
second set-up (B) can run beside the first (A) and every plot shows both. Any fight of a run opens in the replay
viewer, re-created from the run's seed on the full engine.
"""

from __future__ import annotations

import csv
import os
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.lab.lab_plots import RUN_COLOURS, RUN_NAMES, LabPlots
from rt0table.desktop.lab.lab_runner import LabRunner, partial
from rt0table.desktop.lab.lab_setups import DEFAULT_ENCOUNTER, PRESETS, PartyChoice, encounter_setup
from rt0table.desktop.lettering import HINT_STYLE, PROBLEM_STYLE, scaled_font, wrapped_label
from rt0table.desktop.replay_viewer.fight_timeline import FightTimeline
from rt0table.desktop.replay_viewer.replay_screen import ReplayScreen
from rt0table.desktop.table.settings import TableSettings
from rt0table.rules.rt0.content.adversaries import AdversaryKind
from rt0table.rules.rt0.fight.narration import narrate_all
from rt0table.rules.rt0.fight.zones import ROOM_SIZES
from rt0table.rules.rt0.lab.fight_row import FightRow, replay_game
from rt0table.rules.rt0.lab.lab_result import RunResult
from rt0table.rules.rt0.lab.run_spec import POLICY_NAMES, RunSpec

POLICY_LABELS = {
    "brick": "Brick: base abilities only",
    "greedy": "Greedy: the first thing that helps",
    "lookahead": "Lookahead: tries every action, one ply deep",
}
KIND_ROLE = Qt.ItemDataRole.UserRole
REDRAW_MS = 150  # partial results are redrawn at most this often while a run comes in
MAX_SEED = 2**31 - 1
CONTROLS_WIDTH = 330


def narrow(combo: QComboBox) -> QComboBox:
    """A drop-down that fits the controls' column however long its entries are (the list opens wide)."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(12)
    combo.view().setMinimumWidth(CONTROLS_WIDTH + 120)
    return combo


class SetupEditor(QWidget):
    """One side of a comparison: a party from the list and the adversaries of the encounter, in order."""

    def __init__(self, name: str, parties: Sequence[PartyChoice], bestiary: dict[str, AdversaryKind]) -> None:
        super().__init__()
        self.name = name
        self.parties = list(parties)
        self.party = narrow(QComboBox())
        self.party.setObjectName(f"lab-party-{name}")
        for choice in self.parties:
            self.party.addItem(choice.label)
        self.party.setToolTip("Presets, the campaign's party, or the party of a saved game")
        self.kind = narrow(QComboBox())
        self.kind.setObjectName(f"lab-kind-{name}")
        for kind in sorted(bestiary.values(), key=lambda k: (k.source != "book", k.name)):
            tag = "" if kind.source == "book" else " (house)"
            self.kind.addItem(f"{kind.name}, {kind.hp} HP{tag}", kind.id)
        add = QPushButton("Add")
        add.setObjectName(f"lab-add-{name}")
        add.clicked.connect(self.add_selected)
        self.foes = QListWidget()
        self.foes.setObjectName(f"lab-foes-{name}")
        self.foes.setMaximumHeight(self.fontMetrics().height() * 5)
        remove = QPushButton("Remove")
        remove.setObjectName(f"lab-remove-{name}")
        remove.clicked.connect(self.remove_selected)
        self.names = {kind.id: kind.name for kind in bestiary.values()}
        adding = QHBoxLayout()
        adding.addWidget(self.kind, 1)
        adding.addWidget(add)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(QLabel("Party"))
        layout.addWidget(self.party)
        layout.addWidget(QLabel("Encounter"))
        layout.addLayout(adding)
        layout.addWidget(self.foes)
        layout.addWidget(remove, alignment=Qt.AlignmentFlag.AlignRight)
        self.set_encounter(DEFAULT_ENCOUNTER)

    def add_selected(self) -> None:
        self.add(str(self.kind.currentData()))

    def add(self, kind: str) -> None:
        item = QListWidgetItem(self.names.get(kind, kind), self.foes)
        item.setData(KIND_ROLE, kind)

    def remove_selected(self) -> None:
        row = self.foes.currentRow()
        self.foes.takeItem(row if row >= 0 else self.foes.count() - 1)

    def set_encounter(self, kinds: Sequence[str]) -> None:
        self.foes.clear()
        for kind in kinds:
            self.add(kind)

    def encounter(self) -> list[str]:
        return [str(self.foes.item(i).data(KIND_ROLE)) for i in range(self.foes.count())]

    def choice(self) -> PartyChoice:
        return self.parties[self.party.currentIndex()]


class FightRowsModel(QAbstractTableModel):
    """The fights of one run, one line each, by index."""

    HEADERS = ("Fight", "Seed", "Result", "Rounds", "Actions")

    def __init__(self) -> None:
        super().__init__()
        self.rows: tuple[FightRow, ...] = ()

    def set_rows(self, rows: tuple[FightRow, ...]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return len(self.HEADERS)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        row = self.rows[index.row()]
        return (str(row.index), str(row.seed), row.result, str(row.rounds), str(row.actions))[index.column()]

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.HEADERS[section]
        return None


class LabScreen(QWidget):
    """The lab: set-ups on the left, figures on the right; ``closed`` when the player leaves."""

    closed = Signal()

    def __init__(
        self,
        bestiary: dict[str, AdversaryKind],
        parties: Sequence[PartyChoice] = (),
        settings: TableSettings | None = None,
        day: int = 0,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("lab-screen")
        self.bestiary = bestiary
        self.settings = settings or TableSettings()
        self.day = day
        self.choices = [*parties, *PRESETS]
        self.runner: LabRunner | None = None
        self.shard_size = 0  # fights per shard; 0: the policy's own (a test makes cancel come sooner)
        self.specs: list[RunSpec] = []
        self.rows: list[list[FightRow]] = []
        self.results: list[RunResult | None] = []
        self._redraw_due = False
        self.replay: ReplayScreen | None = None
        self.pages = QStackedWidget()
        self.pages.addWidget(self._lab_page())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pages)
        app = QCoreApplication.instance()
        if app is not None:  # a run under way when the app quits is stopped, never left on a dying thread
            app.aboutToQuit.connect(self.stop_and_wait)

    # --- building ---

    def _lab_page(self) -> QWidget:
        page = QWidget()
        row = QHBoxLayout(page)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self._controls())
        scroll.setFixedWidth(CONTROLS_WIDTH)
        row.addWidget(scroll)
        right = QVBoxLayout()
        self.summary = wrapped_label("lab-summary")
        self.summary.setText("Pick a party and an encounter, then Run.")
        right.addWidget(self.summary)
        self.tabs = QTabWidget()
        self.plots = LabPlots()
        self.tabs.addTab(self.plots, "Plots")
        self.tabs.addTab(self._fights_page(), "Fights")
        right.addWidget(self.tabs, 1)
        row.addLayout(right, 1)
        return page

    def _controls(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 6, 0)
        heading = QLabel("Balance lab")
        heading.setFont(scaled_font(self.font(), 1.6, bold=True))
        back = QPushButton("Back")
        back.setObjectName("lab-back")
        back.clicked.connect(self.leave)
        top = QHBoxLayout()
        top.addWidget(heading, 1)
        top.addWidget(back)
        layout.addLayout(top)
        self.sides = QTabWidget()
        self.editors = [SetupEditor(name, self.choices, self.bestiary) for name in RUN_NAMES]
        for editor in self.editors:
            self.sides.addTab(editor, f"Set-up {editor.name}")
        layout.addWidget(self.sides)
        self.compare = QCheckBox("Compare A with B")
        self.compare.setObjectName("lab-compare")
        self.compare.setToolTip("Play set-up B too, with the same policy, fights and seed; the plots show both")
        layout.addWidget(self.compare)
        form = QFormLayout()
        self.room = QComboBox()
        self.room.setObjectName("lab-room")
        for size in ROOM_SIZES:
            self.room.addItem(f"{size}x{size}", size)
        self.room.setCurrentIndex(list(ROOM_SIZES).index(3))
        self.policy = narrow(QComboBox())
        self.policy.setObjectName("lab-policy")
        for name in POLICY_NAMES:
            self.policy.addItem(POLICY_LABELS[name], name)
        self.policy.setCurrentIndex(POLICY_NAMES.index("greedy"))
        self.fights = QSpinBox()
        self.fights.setObjectName("lab-fights")
        self.fights.setRange(1, 1_000_000)
        self.fights.setGroupSeparatorShown(True)
        self.fights.setValue(500)
        self.seed = QSpinBox()
        self.seed.setObjectName("lab-seed")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(random.randrange(1, 1_000_000))
        self.seed.setToolTip("The same seed and set-up play the same fights again")
        self.workers = QSpinBox()
        self.workers.setObjectName("lab-workers")
        self.workers.setRange(1, 1 if getattr(sys, "frozen", False) else max(os.cpu_count() or 1, 1))
        self.workers.setToolTip("Processes playing fights at once (the figures do not depend on it)")
        form.addRow("Room", self.room)
        form.addRow("Players play", self.policy)
        form.addRow("Fights", self.fights)
        form.addRow("Seed", self.seed)
        form.addRow("Processes", self.workers)
        layout.addLayout(form)
        self.run_button = QPushButton("Run")
        self.run_button.setObjectName("lab-run")
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("lab-cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        layout.addLayout(buttons)
        self.progress = QProgressBar()
        self.progress.setObjectName("lab-progress")
        self.progress.setFormat("%v of %m fights")
        self.progress.setValue(0)
        layout.addWidget(self.progress)
        self.status = wrapped_label("lab-status", style=HINT_STYLE)
        layout.addWidget(self.status)
        exports = QGroupBox("Export")
        export_row = QHBoxLayout(exports)
        self.csv_button = QPushButton("CSV…")
        self.csv_button.setObjectName("lab-export-csv")
        self.csv_button.clicked.connect(self._ask_csv)
        self.png_button = QPushButton("PNG…")
        self.png_button.setObjectName("lab-export-png")
        self.png_button.clicked.connect(self._ask_png)
        export_row.addWidget(self.csv_button)
        export_row.addWidget(self.png_button)
        layout.addWidget(exports)
        layout.addStretch(1)
        self._show_exports()
        return box

    def _fights_page(self) -> QWidget:
        page = QWidget()
        self.fight_run = QComboBox()
        self.fight_run.setObjectName("lab-fight-run")
        self.fight_run.currentIndexChanged.connect(lambda _i: self._show_fights())
        self.fight_model = FightRowsModel()
        self.fight_table = QTableView()
        self.fight_table.setObjectName("lab-fight-table")
        self.fight_table.setModel(self.fight_model)
        self.fight_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.fight_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.fight_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.fight_table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)  # seeds
        self.fight_table.verticalHeader().hide()
        self.fight_table.doubleClicked.connect(lambda index: self.watch_selected())
        self.watch_button = QPushButton("Watch this fight")
        self.watch_button.setObjectName("lab-watch")
        self.watch_button.setToolTip("Re-create the fight from its seed and step through it in the replay viewer")
        self.watch_button.clicked.connect(self.watch_selected)
        top = QHBoxLayout()
        top.addWidget(QLabel("Run"))
        top.addWidget(self.fight_run)
        top.addStretch(1)
        top.addWidget(self.watch_button)
        layout = QVBoxLayout(page)
        layout.addLayout(top)
        layout.addWidget(self.fight_table, 1)
        return page

    # --- running ---

    def make_specs(self) -> list[RunSpec]:
        """The runs the controls describe (A, and B when comparing); ValueError says what is missing."""
        editors = self.editors if self.compare.isChecked() else self.editors[:1]
        room = int(self.room.currentData())
        policy = str(self.policy.currentData())
        specs = []
        for editor in editors:
            try:
                setup = encounter_setup(editor.choice(), editor.encounter(), room, self.bestiary, self.day)
            except ValueError as error:
                raise ValueError(f"Set-up {editor.name}: {error}") from None
            specs.append(RunSpec(setup, policy, self.fights.value(), self.seed.value()))
        return specs

    def start(self) -> bool:
        """Begin the runs the controls describe, off the GUI thread; False (and why, in words) when they cannot."""
        if self.runner is not None:
            return False
        try:
            specs = self.make_specs()
        except Exception as error:  # a party or save that cannot be seated is said here, never a crash
            self.status.setStyleSheet(PROBLEM_STYLE)
            self.status.setText(str(error))
            return False
        self.specs = specs
        self.rows = [[] for _ in specs]
        self.results = [None for _ in specs]
        self.progress.setRange(0, sum(spec.fights for spec in specs))
        self.progress.setValue(0)
        self.status.setStyleSheet(HINT_STYLE)
        self.status.setText(f"Playing {self.progress.maximum():,} fights…")
        self.fight_run.blockSignals(True)
        self.fight_run.clear()
        for number in range(len(specs)):
            self.fight_run.addItem(f"Set-up {RUN_NAMES[number]}")
        self.fight_run.blockSignals(False)
        runner = LabRunner(specs, self.workers.value(), self.shard_size, self)
        runner.rows_came.connect(self._rows_came)
        runner.run_done.connect(self._run_done)
        runner.failed.connect(self._failed)
        runner.finished.connect(self._finished)
        self.runner = runner
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self._show_exports()
        self.redraw()
        runner.start()
        return True

    def cancel(self) -> None:
        """Stop the runs after the shard under way; what came in so far stays."""
        if self.runner is not None:
            self.runner.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText("Stopping after the fights under way…")

    @property
    def running(self) -> bool:
        return self.runner is not None

    def _rows_came(self, number: int, done: int, total: int, rows: list[FightRow]) -> None:
        self.rows[number].extend(rows)
        self.progress.setValue(sum(len(r) for r in self.rows))
        if not self._redraw_due:
            self._redraw_due = True
            QTimer.singleShot(REDRAW_MS, self.redraw)

    def _run_done(self, number: int, result: RunResult) -> None:
        self.results[number] = result
        self.rows[number] = list(result.rows)
        self.redraw()

    def _failed(self, message: str) -> None:
        self.status.setStyleSheet(PROBLEM_STYLE)
        self.status.setText(message)

    def _finished(self) -> None:
        runner, self.runner = self.runner, None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        if runner is not None:
            runner.deleteLater()
            if runner.cancelled:
                self.status.setText(f"Cancelled: {self.progress.value():,} fights played; their figures stand.")
            elif self.status.styleSheet() != PROBLEM_STYLE:
                seconds = sum(r.seconds for r in self.results if r is not None)
                self.status.setText(f"Done: {self.progress.value():,} fights in {seconds:.1f} s.")
        self.redraw()
        self._show_exports()

    def shown_results(self) -> list[RunResult | None]:
        """Each run's result: the final one once it is in, else the rows so far."""
        shown: list[RunResult | None] = []
        for number, spec in enumerate(self.specs):
            final = self.results[number]
            shown.append(
                final if final is not None else (partial(spec, self.rows[number]) if self.rows[number] else None)
            )
        return shown

    def redraw(self) -> None:
        self._redraw_due = False
        shown = self.shown_results()
        self.plots.show_results(shown)
        self.summary.setText(self._summary_text(shown))
        self._show_fights()

    def _summary_text(self, shown: Sequence[RunResult | None]) -> str:
        if not shown:
            return "Pick a party and an encounter, then Run."
        lines = []
        for number, result in enumerate(shown):
            name = f"<b style='color:{RUN_COLOURS[number]}'>{RUN_NAMES[number]}</b>"
            if result is None:
                lines.append(f"{name}: waiting.")
                continue
            spec = result.spec
            low, high = result.win_interval
            foes = ", ".join(spec.setup.bestiary[a.kind].name for a in spec.setup.adversaries)
            party = ", ".join(f.name for f in spec.setup.fighters)
            lines.append(
                f"{name}: {party} against {foes}. {result.done:,} of {spec.fights:,} fights, "
                f"won {result.win_rate:.1%} (95%: {low:.1%}–{high:.1%}), {result.mean_rounds:.1f} rounds on average, "
                f"{result.corruption_spent:,} Corruption spent. Seed {spec.seed}, {spec.policy}."
            )
        return "<br>".join(lines)

    # --- the fights and their replays ---

    def _show_fights(self) -> None:
        shown = self.shown_results()
        number = self.fight_run.currentIndex()
        result = shown[number] if 0 <= number < len(shown) else None
        rows = result.rows if result is not None else ()
        if rows != self.fight_model.rows:  # a redraw with nothing new keeps the fight picked
            picked = self.fight_table.currentIndex()
            index = self.fight_model.rows[picked.row()].index if picked.isValid() else None
            self.fight_model.set_rows(rows)
            if index is not None and index < len(rows) and rows[index].index == index:
                self.fight_table.selectRow(index)
        self.watch_button.setEnabled(result is not None and not self.running)

    def watch_selected(self) -> ReplayScreen | None:
        index = self.fight_table.currentIndex()
        if not index.isValid() or self.running:
            return None
        return self.watch(self.fight_run.currentIndex(), self.fight_model.rows[index.row()].index)

    def watch(self, number: int, index: int) -> ReplayScreen:
        """Fight ``index`` of run ``number``, re-created from the run's seed and opened in the replay viewer."""
        spec = self.specs[number]
        opening, events = spec.setup.start(spec.fight_seed(index))
        game = replay_game(spec, index)
        timeline = FightTimeline(opening, game.actions, narrate_all(opening, events))
        title = f"Lab run {RUN_NAMES[number]}, fight {index} (run seed {spec.seed})"
        screen = ReplayScreen(timeline, spec.fight_seed(index), title, self.settings)
        screen.closed.connect(self.close_replay)
        self.replay = screen
        self.pages.addWidget(screen)
        self.pages.setCurrentWidget(screen)
        screen.setFocus()
        return screen

    def close_replay(self) -> None:
        if self.replay is not None:
            self.pages.removeWidget(self.replay)
            self.replay.deleteLater()
            self.replay = None
        self.pages.setCurrentIndex(0)

    # --- exports ---

    def _show_exports(self) -> None:
        ready = any(r is not None for r in self.results) and not self.running
        self.csv_button.setEnabled(ready)
        self.png_button.setEnabled(ready)

    def csv_paths(self, path: Path) -> list[Path]:
        """Where each run's CSV goes: ``path`` for one run; ``<stem>-A``, ``<stem>-B`` beside it for two."""
        if len(self.specs) == 1:
            return [path]
        return [path.with_name(f"{path.stem}-{RUN_NAMES[n]}{path.suffix}") for n in range(len(self.specs))]

    def export_csv(self, path: Path) -> list[Path]:
        """One line per fight of each finished (or cancelled) run, as the command line writes them."""
        written = []
        for target, result in zip(self.csv_paths(path), self.results, strict=True):
            if result is None:
                continue
            with target.open("w", newline="", encoding="utf-8") as handle:
                csv.writer(handle).writerows(result.csv_rows())
            written.append(target)
        return written

    def export_png(self, path: Path) -> bool:
        """The plots as they stand, as one picture."""
        return bool(self.plots.grab().save(str(path), "PNG"))

    def _ask_csv(self) -> None:  # pragma: no cover - a modal file dialog
        chosen, _ = QFileDialog.getSaveFileName(self, "Export the fights", "lab.csv", "CSV (*.csv)")
        if chosen:
            written = self.export_csv(Path(chosen))
            self.status.setText("Written: " + ", ".join(p.name for p in written))

    def _ask_png(self) -> None:  # pragma: no cover - a modal file dialog
        chosen, _ = QFileDialog.getSaveFileName(self, "Export the plots", "lab.png", "PNG (*.png)")
        if chosen and self.export_png(Path(chosen)):
            self.status.setText(f"Written: {Path(chosen).name}")

    # --- leaving ---

    def leave(self) -> None:
        """Back to where the lab was opened from; a run under way is stopped first."""
        self.stop_and_wait()
        self.closed.emit()

    def stop_and_wait(self) -> None:
        runner = self.runner
        if runner is not None:
            runner.cancel()
            runner.wait()
