"""The saved games: a list (party, Day, fight and round, last played, any problem) and what can be done to one.

Load, Delete (confirmed on this screen, never in a blocking dialog), Duplicate, Export to a file and Import
from a file. A save that cannot be loaded gets a message naming its file; the file is left as it was, and
when the store could rebuild the game up to its last good entry the screen offers that as a new game.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.last_resort import last_resort
from rt0table.desktop.saves import GameSummary, HashMismatchError, SaveError, SaveStore
from rt0table.desktop.saves.setup_codec import RULESETS

COLUMNS = ("Party", "Day", "Fight", "Last played", "Problem", "Game")
FILE_FILTER = "RT:0 Table saves (*.rt0save);;All files (*)"


def when(stamp: str) -> str:
    """A stored UTC time as local time, to the minute."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


def fight_words(summary: GameSummary) -> str:
    if summary.problem is not None:
        return ""
    if summary.ruleset != "rt0":  # a game on the seam is one game, not a playthrough of fights
        return f"round {summary.round}" if summary.round else ""
    if summary.fight == 0:
        return "before the first fight"
    return f"fight {summary.fight}, round {summary.round}" if summary.round else f"fight {summary.fight}"


def game_title(summary: GameSummary) -> str:
    """Which game the save holds (RT:0, Moon's Grave), blank for a file that could not be read."""
    return "" if summary.problem is not None else RULESETS.get(summary.ruleset, summary.ruleset)


def party_words(summary: GameSummary) -> str:
    """The party's names; a file that could not be read goes by its file name."""
    return ", ".join(summary.players) if summary.players else summary.path.name


class LoadScreen(QWidget):
    """Lists the store's games; ``load_requested`` carries the game id to open, ``back`` returns to the title."""

    load_requested = Signal(str)
    watch_requested = Signal(str)  # the game id whose newest fight to watch again
    back = Signal()

    def __init__(self, store: SaveStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("load-screen")
        self.store = store
        self.summaries: list[GameSummary] = []
        self.recovery_upto: tuple[str, int] | None = None  # (game id, log entry) the recovery offer would keep

        title = QLabel("Saved games")
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        title.setFont(font)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("load-list")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COLUMNS.index("Problem"), QHeaderView.ResizeMode.Stretch)
        self.table.setWordWrap(True)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.table.cellDoubleClicked.connect(lambda _row, _col: self.load_selected())

        self.message = QLabel()  # what went wrong, naming the file; or what was just done
        self.message.setObjectName("load-message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.recover_button = QPushButton()
        self.recover_button.setObjectName("load-recover")
        self.recover_button.clicked.connect(self.recover)
        self.recover_button.hide()

        self.confirm = QFrame()  # Delete asks here, not in a dialog
        self.confirm.setObjectName("load-confirm")
        self.confirm.setFrameShape(QFrame.Shape.StyledPanel)
        self.confirm_text = QLabel()
        self.confirm_text.setWordWrap(True)
        self.confirm_yes = QPushButton("Delete it")
        self.confirm_yes.setObjectName("load-confirm-delete")
        self.confirm_no = QPushButton("Keep it")
        self.confirm_no.setObjectName("load-confirm-keep")
        self.confirm_yes.clicked.connect(self.delete_confirmed)
        self.confirm_no.clicked.connect(self.confirm.hide)
        confirm_row = QHBoxLayout(self.confirm)
        confirm_row.addWidget(self.confirm_text, 1)
        confirm_row.addWidget(self.confirm_yes)
        confirm_row.addWidget(self.confirm_no)
        self.confirm.hide()

        self.buttons: dict[str, QPushButton] = {}
        row = QHBoxLayout()
        for key, label, slot in (
            ("load", "Load", self.load_selected),
            ("watch", "Watch the fight", self.watch_selected),
            ("duplicate", "Duplicate", self.duplicate_selected),
            ("export", "Export…", self._export_dialog),
            ("delete", "Delete…", self.ask_delete),
            ("import", "Import…", self._import_dialog),
            ("back", "Back", self.back.emit),
        ):
            button = QPushButton(label)
            button.setObjectName(f"load-{key}")
            button.clicked.connect(slot)
            row.addWidget(button)
            self.buttons[key] = button
            if key == "delete":
                row.addStretch(1)

        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.confirm)
        layout.addWidget(self.message)
        layout.addWidget(self.recover_button, alignment=Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(row)
        self.refresh()

    # --- the list ---

    def refresh(self, select: str | None = None) -> None:
        """Read the folder again; keep (or move) the selection to ``select``."""
        current = select or self.selected_id()
        self.summaries = self.store.list_games()
        self.table.setRowCount(len(self.summaries))
        for r, s in enumerate(self.summaries):
            cells = (
                party_words(s),
                str(s.day) if s.day is not None else "",
                fight_words(s),
                when(s.last_played),
                s.problem or "",
                game_title(s),
            )
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(str(s.path) if c == 0 else text)
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()
        ids = [s.game_id for s in self.summaries]
        self.table.selectRow(ids.index(current) if current in ids else 0)
        self._selection_changed()

    def selected(self) -> GameSummary | None:
        rows = self.table.selectionModel().selectedRows()
        return self.summaries[rows[0].row()] if rows and rows[0].row() < len(self.summaries) else None

    def selected_id(self) -> str | None:
        summary = self.selected()
        return summary.game_id if summary is not None else None

    def select(self, game_id: str) -> None:
        ids = [s.game_id for s in self.summaries]
        self.table.selectRow(ids.index(game_id))

    def _selection_changed(self) -> None:
        summary = self.selected()
        for key in ("load", "duplicate", "export", "delete"):
            self.buttons[key].setEnabled(summary is not None)
        watchable = summary is not None and not summary.problem and summary.fight > 0 and summary.ruleset == "rt0"
        self.buttons["watch"].setEnabled(watchable)
        self.buttons["watch"].setToolTip("" if watchable else "Only an RT:0 game with a fight begun can be watched.")
        self.confirm.hide()

    # --- what can be done ---

    @last_resort
    def load_selected(self) -> None:
        game_id = self.selected_id()
        if game_id is not None:
            self.load_requested.emit(game_id)

    @last_resort
    def watch_selected(self) -> None:
        game_id = self.selected_id()
        if game_id is not None and self.buttons["watch"].isEnabled():
            self.watch_requested.emit(game_id)

    def show_error(self, game_id: str, error: SaveError) -> None:
        """A game that would not load: the message (naming the file), and the last good state when there is one."""
        self.refresh(select=game_id if game_id in {s.game_id for s in self.summaries} else None)
        self.say(f"This game could not be loaded, and its file was left as it is.\n{error}", alarm=True)
        recovered = error.recovered if isinstance(error, HashMismatchError) else None
        if recovered is not None and recovered.recovered_from is not None:
            self.recovery_upto = (game_id, recovered.recovered_from)
            self.recover_button.setText(f"Load the last good state ({recovered.ply} actions)")
            self.recover_button.setToolTip("Keeps it as a new game, up to the last entry that checks out.")
            self.recover_button.show()

    @last_resort
    def recover(self) -> None:
        """Copy the damaged game up to its last good entry as a new game, and load that."""
        if self.recovery_upto is None:
            return
        game_id, upto = self.recovery_upto
        try:
            copy = self.store.duplicate(game_id, upto=upto)
        except SaveError as error:
            self.say(f"The last good state could not be kept.\n{error}", alarm=True)
            return
        self.refresh(select=copy)
        self.load_requested.emit(copy)

    @last_resort
    def ask_delete(self) -> None:
        summary = self.selected()
        if summary is None:
            return
        day = f", Day {summary.day}" if summary.day is not None else ""
        self.confirm_text.setText(
            f"Delete the game of {party_words(summary)}{day}? Its file goes for good: this cannot be undone."
        )
        self.confirm.show()

    @last_resort
    def delete_confirmed(self) -> None:
        summary = self.selected()
        self.confirm.hide()
        if summary is None:
            return
        try:
            self.store.delete(summary.game_id)
        except SaveError as error:
            self.say(str(error), alarm=True)
            return
        self.refresh()
        self.say(f"Deleted the game of {party_words(summary)}.")

    @last_resort
    def duplicate_selected(self) -> str | None:
        summary = self.selected()
        if summary is None:
            return None
        try:
            copy = self.store.duplicate(summary.game_id)
        except SaveError as error:
            self.say(f"This game could not be copied.\n{error}", alarm=True)
            return None
        self.refresh(select=copy)
        self.say(f"Copied the game of {party_words(summary)}; the copy is selected.")
        return copy

    @last_resort
    def export_to(self, path: Path) -> bool:
        summary = self.selected()
        if summary is None:
            return False
        try:
            self.store.export_game(summary.game_id, path)
        except SaveError as error:
            self.say(f"The game was not exported.\n{error}", alarm=True)
            return False
        self.say(f"Exported the game of {party_words(summary)} to {path}.")
        return True

    @last_resort
    def import_from(self, path: Path) -> str | None:
        from rt0table.desktop.flow.resume import restore  # what Load does: a save that imports also opens

        try:
            game_id = self.store.import_game(path, resume=restore)
        except SaveError as error:
            self.say(f"That file was not imported, and it was left as it is.\n{error}", alarm=True)
            return None
        self.refresh(select=game_id)
        self.say(f"Imported {path.name}; the new game is selected.")
        return game_id

    def say(self, text: str, alarm: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet("color: #b3261e;" if alarm else "")
        self.recover_button.hide()
        self.recovery_upto = None

    # --- file dialogs (the tests call export_to / import_from) ---

    @last_resort
    def _export_dialog(self) -> None:
        summary = self.selected()
        if summary is None:
            return
        name, _ = QFileDialog.getSaveFileName(self, "Export the game", f"{summary.game_id}.rt0save", FILE_FILTER)
        if name:
            self.export_to(Path(name))

    @last_resort
    def _import_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Import a game", "", FILE_FILTER)
        if name:
            self.import_from(Path(name))
