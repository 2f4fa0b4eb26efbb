"""The Loner oracle panel: ask, pick tags, see the odds, roll or enter dice, keep the journal.

Everything the player does here is an op (``rules.loner.oracle_ops``): asking (with the Twist it brings),
inspiration, notes, the conflict toggle, the tag shelves, scenes and every tool box. The panel sends each to its
``keeper`` (the game's funnel) and shows the state it gets back; it throws no dice (the oracle's seeded generator
does, or the player's own dice travel in the op). A panel with no keeper applies them itself, on its own state, and
says so with ``state_changed``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rt0table.assets.loner import TABLES_FILE, tables_text
from rt0table.desktop.solo.oracle_tools import (
    DeadEndBox,
    LeverageBox,
    MeanwhileBox,
    StatusBoxView,
    TracksBox,
    first,
    tools_summary,
)
from rt0table.rules.loner.journal import Entry, InspirationEntry, NoteEntry, QuestionEntry, SceneEntry, TwistEntry
from rt0table.rules.loner.markdown import entry_line, to_markdown
from rt0table.rules.loner.odds import answer_odds, twist_odds
from rt0table.rules.loner.oracle import Answer, Edge, EdgeReading, OracleThrow, edge_from_tags
from rt0table.rules.loner.oracle_ops import (
    AskOracle,
    CloseScene,
    FrameScene,
    NoteOracle,
    OracleOp,
    RollInspiration,
    SetConflict,
    SetTags,
    apply_oracle,
    oracle_rng,
)
from rt0table.rules.loner.oracle_state import Asked, OracleState
from rt0table.rules.loner.scenes import CloseReason, read_transition
from rt0table.rules.loner.tables import LonerTables, load_tables
from rt0table.rules.loner.terms import SceneKind
from rt0table.rules.loner.tools import leveraged_edge
from rt0table.rules.loner.twist import TWIST_AT, Twist, tick

INSPIRE_KEY = "Ctrl+I"
Keeper = Callable[[OracleOp], OracleState | str]  # an op taken: the oracle's state it leaves, or why it was refused
ODDS_SCALE = 1000


def plain(markdown_line: str) -> str:
    """A journal Markdown line as plain text for the list view."""
    text = markdown_line.strip().replace("**", "")
    text = re.sub(r"(?<!\\)\*", "", text)
    return re.sub(r"\\(.)", r"\1", text).lstrip("#- ").replace("\n\n", "\n")


def scaled_font(base: QFont, factor: float, bold: bool = False) -> QFont:
    """A copy of ``base`` scaled by ``factor``, so sizes follow the user's font settings."""
    font = QFont(base)
    font.setPointSizeF(font.pointSizeF() * factor)
    font.setBold(bold)
    return font


def bundled_tables() -> LonerTables:
    """The Loner oracle's tables as shipped."""
    return load_tables(tables_text(), TABLES_FILE)


class OneLine(QLabel):
    """A summary that keeps one line's height whatever it says: too long, it ends in "…" and its tooltip has it
    whole, so the tabs under it never move while the player reaches for them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.whole = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def setText(self, text: str) -> None:
        self.whole = text
        self.setToolTip(text)
        self._fit()

    def text(self) -> str:
        return self.whole

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        width = max(self.contentsRect().width(), 1)
        super().setText(self.fontMetrics().elidedText(self.whole, Qt.TextElideMode.ElideRight, width))


class PageScroller(QScrollArea):
    """A page that scrolls down, never sideways: so it asks for its page's least width (and its scroll bar's), or a
    narrow drawer would cut the page's right side off."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        page = self.widget()
        if page is None:
            return hint
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        frame = 2 * self.frameWidth()
        return QSize(max(hint.width(), page.minimumSizeHint().width() + bar + frame), hint.height())


class TagList(QGroupBox):
    """A titled list of tags the player picks by clicking, with a field to add new ones."""

    changed = Signal()

    def __init__(self, title: str, tags: Iterable[str], parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.list = QListWidget()
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.list.itemSelectionChanged.connect(self.changed)
        self.field = QLineEdit()
        self.field.setPlaceholderText("New tag, then Enter")
        self.field.returnPressed.connect(self.add_from_field)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addWidget(self.field)
        for tag in tags:
            self.add(tag, selected=False)

    def add(self, tag: str, selected: bool = True) -> None:
        """Add a tag (once) and optionally pick it."""
        name = " ".join(tag.split())
        if not name:
            return
        found = [i for i in range(self.list.count()) if self.list.item(i).text().casefold() == name.casefold()]
        item = self.list.item(found[0]) if found else QListWidgetItem(name, self.list)
        if selected and not item.isSelected():
            item.setSelected(True)  # tells ``changed`` through the selection
        elif not found:
            self.changed.emit()  # a new tag on the shelf, unpicked

    def add_from_field(self) -> None:
        """Add and pick the tag typed in the field."""
        self.add(self.field.text())
        self.field.clear()

    def picked(self) -> list[str]:
        """The picked tags, in list order."""
        return [self.list.item(i).text() for i in range(self.list.count()) if self.list.item(i).isSelected()]

    def clear_picks(self) -> None:
        """Unpick every tag."""
        self.list.clearSelection()

    def shelf(self) -> tuple[tuple[str, bool], ...]:
        """Every tag in list order with whether it is picked (what the oracle's state keeps)."""
        return tuple((self.list.item(i).text(), self.list.item(i).isSelected()) for i in range(self.list.count()))

    def show_shelf(self, shelf: Iterable[tuple[str, bool]]) -> None:
        """Put back a kept shelf; the tags already listed stay, unpicked unless the shelf picks them."""
        for quiet in (self, self.list):
            quiet.blockSignals(True)
        try:
            self.list.clearSelection()
            for name, picked in shelf:
                self.add(name, picked)
        finally:
            for quiet in (self, self.list):
                quiet.blockSignals(False)


class OraclePanel(QWidget):
    """A standalone Loner oracle; its state is an ``OracleState``, the panel only renders and submits."""

    state_changed = Signal()

    def __init__(
        self,
        tables: LonerTables,
        state: OracleState | None = None,
        tags: Iterable[str] = (),
        parent: QWidget | None = None,
        compact: bool = False,
        seed: int | None = None,
    ) -> None:
        """``seed``: the oracle's generator, for a panel with no keeper whose oracle has never rolled."""
        super().__init__(parent)
        self.keeper: Keeper | None = None  # the game's funnel, once the panel is put beside one
        self.seed = seed if seed is not None else random.getrandbits(64)
        self.compact = compact  # one narrow column (beside the table): tabs for asking and the journal
        self.setObjectName("oracle-panel")
        self.tables = tables
        self.state = state if state is not None else OracleState()
        self.last: Asked | None = None
        self.last_twist: Twist | None = None
        known = list(tags)
        self._build(known)
        self._show_tags()
        self._show_conflict()
        self.refresh()

    # --- building ---

    def _build(self, known: list[str]) -> None:
        base = self.font()
        self.twist_label = QLabel()
        self.twist_label.setObjectName("twist-counter")
        self.twist_label.setFont(scaled_font(base, 1.2, bold=True))
        self.twist_label.setToolTip("Doubles add 1; at 3 a Twist comes and the counter starts again at 0.")

        self.question = QLineEdit()
        self.question.setPlaceholderText(
            "A yes/no question from your Protagonist's side: Yes, and… should be the one you hope for"
        )
        self.question.returnPressed.connect(self.roll)

        # Beside the table the two lists share a narrow drawer: their titles are what sets its least width.
        self.tags_for = TagList("For (help)" if self.compact else "Tags for (help)", known)
        self.tags_against = TagList("Against (hinder)" if self.compact else "Tags against (hinder)", known)
        for tag_list in (self.tags_for, self.tags_against):
            tag_list.changed.connect(self._tags_changed)
        tags_row = QHBoxLayout()
        tags_row.addWidget(self.tags_for)
        tags_row.addWidget(self.tags_against)
        self.edge_label = QLabel()
        self.edge_label.setWordWrap(True)

        self.conflict_box = QCheckBox("Harm && Luck conflict (no Twist ticks)")
        self.conflict_box.setToolTip("In a conflict, doubles do not tick the Twist Counter")
        self.conflict_box.toggled.connect(self.set_conflict)
        self.spend_box = QCheckBox("Spend the Leverage as Advantage")
        self.spend_box.setObjectName("spend-leverage")
        self.spend_box.toggled.connect(self.refresh)

        self.tools_label: QLabel = OneLine() if self.compact else QLabel()
        self.tools_label.setObjectName("tools-summary")
        self.tools_label.setWordWrap(not self.compact)
        self.leverage_box = LeverageBox(self)
        self.tracks_box = TracksBox(self)
        self.status_box = StatusBoxView(self)
        self.dead_end_box = DeadEndBox(self)
        self.meanwhile_box = MeanwhileBox(self)

        odds_box = QGroupBox("Odds before you roll")
        odds_grid = QGridLayout(odds_box)
        self.odds_bars: dict[Answer, QProgressBar] = {}
        for row, answer in enumerate(Answer):
            bar = QProgressBar()
            bar.setRange(0, ODDS_SCALE)
            bar.setTextVisible(True)
            odds_grid.addWidget(QLabel(answer.label), row, 0)
            odds_grid.addWidget(bar, row, 1)
            self.odds_bars[answer] = bar
        self.odds_note = QLabel()
        self.odds_note.setWordWrap(True)
        odds_grid.addWidget(self.odds_note, len(Answer), 0, 1, 2)

        self.own_dice = QCheckBox("Use my own dice")
        self.own_dice.toggled.connect(self.refresh)
        self.chance_spins = [self._die_spin(f"chance-{i}") for i in (1, 2)]
        self.risk_spins = [self._die_spin(f"risk-{i}") for i in (1, 2)]
        self.twist_spins = [self._die_spin(f"twist-{name}") for name in ("subject", "action")]
        self.dice_form = QWidget()
        form = QFormLayout(self.dice_form)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow drawer puts the label above
        form.addRow("Chance dice", self._pair(self.chance_spins))
        form.addRow("Risk dice", self._pair(self.risk_spins))
        form.addRow("Twist dice (Subject, Action)", self._pair(self.twist_spins))

        self.roll_button = QPushButton("Ask the oracle")
        self.roll_button.setObjectName("oracle-roll")
        self.roll_button.setDefault(True)
        self.roll_button.clicked.connect(self.roll)

        result_box = QGroupBox("Answer")
        result = QGridLayout(result_box)
        self.chance_label = QLabel("Chance –")
        self.risk_label = QLabel("Risk –")
        for label in (self.chance_label, self.risk_label):
            label.setFont(scaled_font(base, 1.3, bold=True))
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.answer_label = QLabel("Ask a question")
        self.answer_label.setObjectName("oracle-answer")
        self.answer_label.setFont(scaled_font(base, 2.0, bold=True))
        self.answer_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reason_label = QLabel()
        self.reason_label.setWordWrap(True)
        self.twist_result = QLabel()
        self.twist_result.setWordWrap(True)
        result.addWidget(self.chance_label, 0, 0)
        result.addWidget(self.risk_label, 0, 1)
        result.addWidget(self.answer_label, 1, 0, 1, 2)
        result.addWidget(self.reason_label, 2, 0, 1, 2)
        result.addWidget(self.twist_result, 3, 0, 1, 2)

        self.error_label = QLabel()
        self.error_label.setObjectName("oracle-error")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: palette(link-visited);")

        self.inspire_button = QPushButton(f"Inspire me ({INSPIRE_KEY})")
        self.inspire_button.clicked.connect(self.inspire)
        self.inspire_shortcut = QShortcut(QKeySequence(INSPIRE_KEY), self)
        self.inspire_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.inspire_shortcut.activated.connect(self.inspire)
        self.inspiration_label = QLabel()
        self.inspiration_label.setWordWrap(True)
        inspire_row = QHBoxLayout()
        inspire_row.addWidget(self.inspire_button)
        inspire_row.addWidget(self.inspiration_label, 1)

        scene_box = self._build_scene_box()

        ask_side = QWidget()
        left = QVBoxLayout(ask_side)
        self._narrow(left)
        if not self.compact:
            left.addWidget(self.twist_label)
        left.addWidget(self.question)
        left.addLayout(tags_row)
        left.addWidget(self.edge_label)
        left.addWidget(self.conflict_box)
        left.addWidget(self.spend_box)
        left.addWidget(odds_box)
        left.addWidget(self.own_dice)
        left.addWidget(self.dice_form)
        left.addWidget(self.roll_button)
        if not self.compact:
            left.addWidget(self.error_label)
        left.addWidget(result_box)
        left.addWidget(self.leverage_box)
        left.addLayout(inspire_row)
        if not self.compact:
            left.addWidget(scene_box)
        left.addStretch(1)
        story_page = self._page(scene_box, self.meanwhile_box, self.dead_end_box)
        tracks_page = self._page(self.tracks_box, self.status_box)

        journal_side = QGroupBox("Journal")
        right = QVBoxLayout(journal_side)
        self.journal_view = QListWidget()
        self.journal_view.setWordWrap(True)
        self.journal_view.setObjectName("oracle-journal")
        self.note_edit = QLineEdit()
        self.note_edit.setPlaceholderText("Your note; it attaches to the selected entry, if any")
        self.note_edit.returnPressed.connect(self.add_note)
        self.note_button = QPushButton("Add note")
        self.note_button.clicked.connect(self.add_note)
        note_row = QHBoxLayout()
        note_row.addWidget(self.note_edit, 1)
        note_row.addWidget(self.note_button)
        right.addWidget(self.journal_view, 1)
        right.addLayout(note_row)
        attribution = self.tables.attribution
        credit = QLabel(f"Oracle tables: {attribution.title}, {attribution.author}, {attribution.licence}")
        credit.setWordWrap(True)
        credit.setFont(scaled_font(base, 0.85))
        right.addWidget(credit)

        self.ask_side, self.journal_side = ask_side, journal_side
        layout = QVBoxLayout(self)
        if self.compact:
            # Narrow: the Twist Counter stays above the tabs; asking scrolls rather than squeezing.
            for tag_list in (self.tags_for, self.tags_against):
                tag_list.list.setMaximumHeight(self.fontMetrics().lineSpacing() * 6)
            self.tabs = QTabWidget()
            self.tabs.addTab(self._scroller(ask_side), "Oracle")
            self.tabs.addTab(journal_side, "Journal")
            self.tabs.addTab(self._scroller(story_page), "Scene")
            self.tabs.addTab(self._scroller(tracks_page), "Tracks")
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(self.twist_label)
            layout.addWidget(self.tools_label)
            # Above the tabs, a refusal shows whichever tab it came from; its two lines are kept even when empty, so
            # a refusal coming or going never moves the tabs under the pointer.
            self.error_label.setMinimumHeight(self.error_label.fontMetrics().lineSpacing() * 2)
            self.error_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            layout.addWidget(self.error_label)
            layout.addWidget(self.tabs, 1)
            return
        column = story_page.layout()
        assert isinstance(column, QVBoxLayout)
        column.insertWidget(0, self.tools_label)
        column.insertWidget(column.count() - 1, self.tracks_box)  # above the stretch
        column.insertWidget(column.count() - 1, self.status_box)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self._scroller(ask_side))
        splitter.addWidget(self._scroller(story_page))
        splitter.addWidget(journal_side)
        for index in range(3):
            splitter.setStretchFactor(index, 1)
        layout.addWidget(splitter)

    def _page(self, *boxes: QWidget) -> QWidget:
        """A column of tool boxes, top-aligned."""
        page = QWidget()
        column = QVBoxLayout(page)
        self._narrow(column)
        for box in boxes:
            column.addWidget(box)
        column.addStretch(1)
        return page

    def _narrow(self, column: QVBoxLayout) -> None:
        """Beside a table, a page's own margins give their width to its boxes."""
        if self.compact:
            column.setContentsMargins(3, 6, 3, 6)

    def _scroller(self, page: QWidget) -> QScrollArea:
        """A page that scrolls down rather than squeezing, never sideways."""
        scroller = PageScroller()
        scroller.setWidget(page)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        return scroller

    def _build_scene_box(self) -> QGroupBox:
        """Frame a scene (where, who, goal) and close it (why, what came of it, the transition die)."""
        box = QGroupBox("Scene")
        self.scene_label = QLabel()
        self.scene_label.setWordWrap(True)
        self.scene_kind = QComboBox()
        for kind in SceneKind:
            self.scene_kind.addItem(kind.label, kind)
        self.scene_kind.currentIndexChanged.connect(lambda _: self._render_scene())
        self.scene_where, self.scene_who, self.scene_goal = QLineEdit(), QLineEdit(), QLineEdit()
        self.scene_where.setPlaceholderText("Where, and how it feels")
        self.scene_who.setPlaceholderText("Who is here, or on the way")
        self.scene_goal.setPlaceholderText("What your Protagonist wants here")
        self.open_scene_button = QPushButton("Open the scene")
        self.open_scene_button.clicked.connect(self.open_scene)
        # Framed by keys alone: Enter goes on to the next question of the frame, and opens the scene after the goal.
        self.scene_where.returnPressed.connect(self.scene_who.setFocus)
        self.scene_who.returnPressed.connect(self.scene_goal.setFocus)
        self.scene_goal.returnPressed.connect(self.open_scene)
        self.scene_reason = QComboBox()
        for reason in CloseReason:
            self.scene_reason.addItem(reason.value.capitalize(), reason)
        self.scene_outcome = QLineEdit()
        self.scene_outcome.setPlaceholderText("What came of it")
        self.close_scene_button = QPushButton("Close it and roll the next scene")
        self.close_scene_button.clicked.connect(self.close_scene)
        self.scene_outcome.returnPressed.connect(self.close_scene)
        self.scene_opening = QWidget()
        opening = QFormLayout(self.scene_opening)
        self.opening_form = opening
        self.meanwhile_hint = QLabel("A Meanwhile is not framed: play it below, then frame the next scene.")
        self.meanwhile_hint.setWordWrap(True)
        opening.setContentsMargins(0, 0, 0, 0)
        opening.addRow("Kind", self.scene_kind)
        opening.addRow("Where", self.scene_where)
        opening.addRow("Who", self.scene_who)
        opening.addRow("Goal", self.scene_goal)
        opening.addRow(self.open_scene_button)
        opening.addRow(self.meanwhile_hint)
        self.scene_closing = QWidget()
        closing = QFormLayout(self.scene_closing)
        closing.setContentsMargins(0, 0, 0, 0)
        closing.addRow("Why it ends", self.scene_reason)
        closing.addRow("Outcome", self.scene_outcome)
        closing.addRow(self.close_scene_button)
        layout = QVBoxLayout(box)
        layout.addWidget(self.scene_label)
        layout.addWidget(self.scene_opening)
        layout.addWidget(self.scene_closing)
        return box

    def _die_spin(self, name: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(1, 6)
        spin.setObjectName(f"die-{name}")
        return spin

    def _pair(self, spins: list[QSpinBox]) -> QWidget:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        for spin in spins:
            row.addWidget(spin)
        row.addStretch(1)
        return holder

    # --- reading the controls ---

    def edge_reading(self) -> EdgeReading:
        """The edge the picked tags give (raises TagError if a tag is on both sides)."""
        return edge_from_tags(self.tags_for.picked(), self.tags_against.picked())

    def entered_throw(self, edge: Edge) -> OracleThrow:
        """The dice typed into the spin boxes, as many as the edge uses."""
        chance = tuple(spin.value() for spin in self.chance_spins[: edge.chance_dice])
        risk = tuple(spin.value() for spin in self.risk_spins[: edge.risk_dice])
        return OracleThrow(chance, risk)

    # --- actions ---

    def roll(self) -> None:
        """Ask the typed question with the oracle's dice or the player's own (and the Twist it brings, if any)."""
        own = self.own_dice.isChecked()
        try:
            edge = self.dice_edge()
        except ValueError as error:
            self.error_label.setText(str(error))
            return
        typed = self.entered_throw(edge) if own else None
        twist = self.twist_dice() if self.twist_spins[0].isEnabled() else ()  # enabled: these doubles bring one
        op = AskOracle(
            self.question.text(),
            tuple(self.tags_for.picked()),
            tuple(self.tags_against.picked()),
            self.spending(),
            (*typed.chance, *typed.risk) if typed is not None else (),
            twist,
        )
        if self.send(op) is not None:
            self.spend_box.setChecked(False)
            self.question.clear()

    def send(self, op: OracleOp) -> tuple[Entry, ...] | None:
        """Take one op: through the keeper when there is one, else here on the panel's own state; show what it
        left and return the journal entries it added, or show why it was refused and return None."""
        before = self.state
        if self.keeper is not None:
            after = self.keeper(op)
        else:
            try:
                after = apply_oracle(before, op, oracle_rng(before, self.seed), self.tables).state
            except ValueError as error:
                after = str(error)
        if isinstance(after, str):
            self.error_label.setText(after)
            self._show_tags()  # a refused shelf goes back to the one the oracle keeps
            return None
        added = after.journal.entries[len(before.journal.entries) :]
        self._answered(before, added)
        self.error_label.clear()
        self.state = after
        if self.keeper is None:
            self.state_changed.emit()  # before the views: drawing them may send an op (a tag shelved) on top of it
        self.refresh()
        return added

    def twist_dice(self) -> tuple[int, ...]:
        """The Subject and Action dice typed in for a Twist a question may bring, or () for the oracle's."""
        return tuple(spin.value() for spin in self.twist_spins) if self.own_dice.isChecked() else ()

    def _answered(self, before: OracleState, added: tuple[Entry, ...]) -> None:
        """The answer, Twist and inspiration the op added, for the result views (read from the new entries)."""
        for entry in added:
            if isinstance(entry, QuestionEntry):
                edge = edge_from_tags(entry.tags_for, entry.tags_against)
                self.last = Asked(entry, edge, entry.roll, tick(before.counter, entry.roll, before.in_conflict))
                self.last_twist = None
            elif isinstance(entry, TwistEntry):
                self.last_twist = entry.twist
            elif isinstance(entry, InspirationEntry):
                dice = ", ".join(f"{row}-{column}" for row, column in entry.dice)
                self.inspiration_label.setText(f"{' '.join(entry.words)}  ({dice})")

    def pose(self, question: str) -> None:
        """Put a question in the field, ready to roll, with its tab in front."""
        if self.compact:
            self.tabs.setCurrentIndex(0)
        self.question.setText(question)
        self.question.setFocus()

    def spending(self) -> bool:
        """True when the held Leverage is to be spent as Advantage on the next question."""
        return self.spend_box.isChecked() and self.state.leverage.held

    def dice_edge(self) -> Edge:
        """The edge the next question's dice are thrown at: the tags', plus Leverage when it is spent."""
        if self.spending():
            return leveraged_edge(self.tags_for.picked(), self.tags_against.picked())
        return self.edge_reading().edge

    def fail(self, message: str) -> None:
        """Show why a step was refused, on the tab where it was tried and under the answer."""
        self.error_label.setText(message)

    def inspire(self) -> None:
        """Roll a verb, adjective and noun and log them."""
        self.send(RollInspiration())

    def add_note(self) -> None:
        """Add the typed note, attached to the selected journal entry if there is one."""
        item = self.journal_view.currentItem()
        about = item.data(Qt.ItemDataRole.UserRole) if item is not None and item.isSelected() else None
        if self.send(NoteOracle(self.note_edit.text(), about)) is not None:
            self.note_edit.clear()

    def open_scene(self) -> None:
        """Open the framed scene and log it."""
        fields = (self.scene_where, self.scene_who, self.scene_goal)
        if self.send(FrameScene(self.scene_kind.currentData(), *(field.text() for field in fields))) is not None:
            for field in fields:
                field.clear()
            self.refresh()

    def close_scene(self) -> None:
        """Close the open scene (the oracle rolls the transition die) and offer the kind it gives for the next."""
        added = self.send(CloseScene(self.scene_reason.currentData(), self.scene_outcome.text()))
        closed = first(added or (), SceneEntry)
        if closed is None or closed.transition_die is None:
            return
        self.scene_outcome.clear()
        kind = read_transition(self.tables, closed.transition_die).kind
        self.scene_kind.setCurrentIndex(list(SceneKind).index(kind))
        self.refresh()

    def set_conflict(self, on: bool) -> None:
        """Enter or leave a Harm & Luck conflict: a step of its own, saved and undone like any."""
        if on != self.state.in_conflict and self.send(SetConflict(on)) is None:
            self._show_conflict()

    def markdown(self, title: str = "Loner journal") -> str:
        """The journal as Markdown, with the tables' credit at the end."""
        a = self.tables.attribution
        credit = f"Oracle tables from {a.title} by {a.author}, {a.licence}, {a.licence_url}"
        return to_markdown(self.state.journal, title, credit)

    def export_markdown(self, path: Path, title: str = "Loner journal") -> str:
        """Write the journal as Markdown to ``path`` and return the text."""
        text = self.markdown(title)
        path.write_text(text, encoding="utf-8")
        return text

    def reload(self, state: OracleState) -> None:
        """Show a state changed from outside (the game wrote or took back journal entries)."""
        self.state = state
        self.journal_view.clear()
        self._show_tags()
        self._show_conflict()
        self.refresh()

    def _show_conflict(self) -> None:
        """The conflict box as the state keeps it (an undo or a reopened save may have changed it)."""
        self.conflict_box.blockSignals(True)
        self.conflict_box.setChecked(self.state.in_conflict)
        self.conflict_box.blockSignals(False)

    def _show_tags(self) -> None:
        """The tag lists as the state keeps them (a new dock for the next fight starts from the same shelf)."""
        self.tags_for.show_shelf(self.state.tags_for)
        self.tags_against.show_shelf(self.state.tags_against)

    def _tags_changed(self) -> None:
        """A tag added or picked: the state keeps the shelf, so it outlives this panel (a fight's dock is new)."""
        shelves = (self.tags_for.shelf(), self.tags_against.shelf())
        if shelves == (self.state.tags_for, self.state.tags_against) or self.send(SetTags(*shelves)) is None:
            self.refresh()

    # --- rendering ---

    def refresh(self) -> None:
        """Redraw every view from the state and the controls."""
        counter = self.state.counter.value
        pips = "●" * counter + "○" * (TWIST_AT - counter)
        self.twist_label.setText(f"Twist Counter {pips}  {counter} / {TWIST_AT}")
        self._render_tools()
        try:
            reading = self.edge_reading()
            edge = self.dice_edge()
        except ValueError as error:
            self.edge_label.setText(str(error))
            self.roll_button.setEnabled(False)
            return
        self.roll_button.setEnabled(True)
        spent = f" With the Leverage spent: {edge.value}." if self.spending() else ""
        self.edge_label.setText(f"{reading.edge.value}: {reading.reason}.{spent}".replace("..", "."))
        self._render_odds(edge)
        own = self.own_dice.isChecked()
        self.dice_form.setVisible(own)
        self.chance_spins[1].setEnabled(edge is Edge.ADVANTAGE)
        self.risk_spins[1].setEnabled(edge is Edge.DISADVANTAGE)
        self.twist_spins[0].setEnabled(counter == TWIST_AT - 1)
        self.twist_spins[1].setEnabled(counter == TWIST_AT - 1)
        self._render_result()
        self._render_scene()
        self._render_journal()

    def _render_odds(self, edge: Edge) -> None:
        odds = answer_odds(edge)
        for answer, probability in odds.answers:
            bar = self.odds_bars[answer]
            bar.setValue(round(float(probability) * ODDS_SCALE))
            bar.setFormat(f"{float(probability):.1%}  ({probability.numerator}/{probability.denominator})")
        twist = twist_odds(edge, self.state.counter.value, self.state.in_conflict)
        self.odds_note.setText(
            f"Any Yes {float(odds.any_yes):.1%} · doubles {float(odds.doubles):.1%} · "
            f"a Twist on this roll {float(twist):.1%} · counted over {odds.outcomes} throws"
        )

    def _render_tools(self) -> None:
        """The summary line, the Leverage tick and every tool box."""
        state = self.state
        self.tools_label.setText(tools_summary(state))
        held = state.leverage.held
        self.spend_box.setVisible(held)
        if not held:
            self.spend_box.setChecked(False)
        self.spend_box.setToolTip(
            f"Spend “{state.leverage.description}”: one more tag on your side, never beyond Advantage" if held else ""
        )
        tag = state.status.active_tag
        if tag is not None:  # the active consequence tag is there to pick against a roll where it matters
            for tag_list in (self.tags_for, self.tags_against):
                tag_list.add(tag, selected=False)
        for box in (self.leverage_box, self.tracks_box, self.status_box, self.dead_end_box, self.meanwhile_box):
            box.refresh()

    def _render_scene(self) -> None:
        scene = self.state.scene
        is_open = scene is not None and scene.is_open
        self.scene_opening.setVisible(not is_open)
        self.scene_closing.setVisible(is_open)
        framed = self.scene_kind.currentData() is not SceneKind.MEANWHILE
        for row in (self.scene_where, self.scene_who, self.scene_goal, self.open_scene_button):
            self.opening_form.setRowVisible(row, framed)
        self.opening_form.setRowVisible(self.meanwhile_hint, not framed)
        self.meanwhile_box.setVisible(not is_open)
        self.meanwhile_box.setTitle("Meanwhile" if framed else "Meanwhile: the world's turn, play it now")
        if scene is not None and is_open:
            self.scene_label.setText(
                f"Scene {scene.number}, {scene.kind.label}: {scene.frame.where}. Goal: {scene.frame.goal}"
            )
        elif scene is not None:
            self.scene_label.setText(
                f"Scene {scene.number} closed ({scene.closed.value if scene.closed else ''}). "
                f"Next: {self.scene_kind.currentText()}"
            )
        else:
            self.scene_label.setText("No scene yet: frame the first one.")

    def _render_result(self) -> None:
        if self.last is None:
            return
        roll = self.last.roll
        chance_all = f"  ({', '.join(map(str, roll.throw.chance))})" if len(roll.throw.chance) > 1 else ""
        risk_all = f"  ({', '.join(map(str, roll.throw.risk))})" if len(roll.throw.risk) > 1 else ""
        self.chance_label.setText(f"Chance {roll.chance}{chance_all}")
        self.risk_label.setText(f"Risk {roll.risk}{risk_all}")
        self.answer_label.setText(roll.answer.label)
        self.reason_label.setText(
            f"“{self.last.entry.question}” — {roll.reason}. {self.last.tick.reason.capitalize()}."
        )
        if self.last_twist is not None:
            t = self.last_twist
            self.twist_result.setText(f"Twist! {t.subject} + {t.action} (dice {t.subject_die}, {t.action_die})")
        else:
            self.twist_result.clear()

    def _render_journal(self) -> None:
        entries = self.state.journal.entries
        if self.journal_view.count() > len(entries):
            self.journal_view.clear()
        if self.journal_view.count() == len(entries):
            return
        for entry in entries[self.journal_view.count() :]:
            prefix = f"{entry.id}. "
            if isinstance(entry, NoteEntry) and entry.about is not None:
                prefix += "  ↳ "
            item = QListWidgetItem(prefix + plain(entry_line(entry)))
            item.setData(Qt.ItemDataRole.UserRole, entry.id)
            self.journal_view.addItem(item)
        self.journal_view.scrollToBottom()
