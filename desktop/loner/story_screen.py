"""A game of Loner: the sheet, the step the story is at, and the journal; every change through ``submit``.

One page per step of the flow (between scenes, in a scene, in a conflict, a closed scene, a Meanwhile, between
sessions, a Twist due, the end); each page's main button answers Ctrl+Return, Ctrl+Z undoes, Ctrl+E exports the
journal. Odds are exact fractions counted by the rules, shown before every roll. The screen keeps no game of its own:
every step and undo goes through the seam's session (``SeamSession``), whose recorder is the save (``loner_game``);
the screen shows what the session's ``changed`` and ``refused`` signals say.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.lettering import scaled_font
from rt0table.desktop.loner.loner_sheet_pdf import sheet_html, write_sheet_pdf
from rt0table.desktop.loner.luck_counters import LuckCounters
from rt0table.desktop.saves import SaveError
from rt0table.desktop.saves.seam_save import TableFile
from rt0table.desktop.seam_session import TableSession
from rt0table.rules.loner import loner_actions as la
from rt0table.rules.loner.harm_luck import damage_odds, step_damage_odds
from rt0table.rules.loner.loner_actions import LonerAction, LonerEvent
from rt0table.rules.loner.loner_state import LonerState
from rt0table.rules.loner.odds import answer_odds
from rt0table.rules.loner.oracle import Answer, TagError, edge_from_tags, normalise_tags
from rt0table.rules.loner.step_dice import step_dice, step_odds
from rt0table.rules.loner.story_journal import JournalLine, journal_lines, journal_markdown
from rt0table.rules.loner.together import Together

PAGES = ("open", "meanwhile", "scene", "conflict", "closing", "between", "twist", "over")
DAMAGE_WORDS = {3: "deal 3", 2: "deal 2", 1: "deal 1", -1: "take 1", -2: "take 2", -3: "take 3"}


def words(text: str) -> tuple[str, ...]:
    """Tags typed as a comma-separated list."""
    return tuple(t.strip() for t in text.split(",") if t.strip())


def percent(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.1f}%)" if p else "0"


def _button(text: str, name: str) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    return button


def _edit(name: str, hint: str) -> QLineEdit:
    edit = QLineEdit()
    edit.setObjectName(name)
    edit.setPlaceholderText(hint)
    return edit


class StoryScreen(QWidget):
    """The whole game on one screen; ``closed`` returns to the title."""

    closed = Signal()
    changed = Signal()  # the game moved on or was taken back (a lesson follows the journal)

    def __init__(
        self,
        session: TableSession,
        opening: Sequence[LonerEvent],
        together: Together | None = None,
        parent: QWidget | None = None,
        save: TableFile | None = None,
    ) -> None:
        """``session``: the game on the seam (its recorder is ``save``, or None: unsaved); ``opening``: the events of
        its set-up, the journal's first lines; ``save`` is closed on leaving."""
        super().__init__(parent)
        self.setObjectName("loner-story")
        self.together = together
        self.save = save
        self.session = session
        self._opening = (session.steps[0].before if session.steps else session.state, tuple(opening))
        self.problem_line = QLabel()
        self.problem_line.setObjectName("loner-problem")
        self.problem_line.setStyleSheet("color: #b3261e;")
        self.problem_line.setWordWrap(True)
        self.status = QLabel()
        self.status.setObjectName("loner-status")
        self.status.setFont(scaled_font(self.font(), 1.1, bold=True))
        self.sheet = QTextBrowser()
        self.sheet.setObjectName("loner-sheet")
        self.journal = QListWidget()
        self.journal.setObjectName("loner-journal")
        self.journal.setWordWrap(True)
        self.pages = QStackedWidget()
        self.primary: dict[str, QPushButton] = {}
        for name in PAGES:
            self.pages.addWidget(getattr(self, f"_page_{name}")())
        self.undo_button = _button("&Undo", "loner-undo")
        self.undo_button.clicked.connect(self.take_back)
        export = _button("&Export journal…", "loner-export")
        export.clicked.connect(self.ask_export)
        pdf = _button("Sheet &PDF…", "loner-pdf")
        pdf.clicked.connect(self.ask_pdf)
        leave = _button("Back to the title", "loner-leave")
        leave.clicked.connect(self.leave)
        top = QHBoxLayout()
        top.addWidget(self.status, 1)
        for button in (self.undo_button, export, pdf, leave):
            top.addWidget(button)
        middle = QVBoxLayout()
        middle.addWidget(self.pages, 1)
        middle.addWidget(self._npc_form())
        middle.addWidget(self.problem_line)
        body = QHBoxLayout()
        body.addWidget(self.sheet, 3)
        body.addLayout(middle, 4)
        body.addWidget(self.journal, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(body, 1)
        for keys, slot in (
            ("Ctrl+Z", self.take_back),
            ("Ctrl+E", self.ask_export),
            ("Ctrl+Return", self.press_primary),
        ):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        self.export_path: Path | None = None  # the last file the journal went to
        session.changed.connect(self._moved)
        session.refused.connect(self.problem_line.setText)
        self.refresh()

    # --- pages ----------------------------------------------------------------------------------------------

    def _page_open(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.setup_button = _button("&Build the Setup (5W+H)", "loner-build")
        self.setup_button.clicked.connect(lambda: self.act(la.BuildSetup()))
        self.premise = QLabel()
        self.premise.setObjectName("loner-premise")
        self.premise.setWordWrap(True)
        self.kind = QComboBox()
        self.kind.setObjectName("loner-kind")
        self.kind.addItems(["dramatic", "quiet"])
        self.where, self.who, self.goal = (
            _edit("loner-where", "Where: the place, and how it feels now"),
            _edit("loner-who", "Who is here, or about to be"),
            _edit("loner-goal", "What the Protagonist wants from this scene"),
        )
        self.framing = _edit("loner-framing", "Optional: one question about what is already true")
        ask_framing = _button("Ask the framing question", "loner-ask-framing")
        ask_framing.clicked.connect(lambda: self.act(la.Ask(self.framing.text())))
        self.framing.returnPressed.connect(ask_framing.click)
        open_scene = _button("&Open the scene", "loner-open-scene")
        open_scene.clicked.connect(self.open_scene)
        for edit in (self.where, self.who, self.goal):
            edit.returnPressed.connect(open_scene.click)
        end = _button("End the session", "loner-end-session")
        end.clicked.connect(lambda: self.act(la.EndSession()))
        self.primary["open"] = open_scene
        form.addRow(self.setup_button)
        form.addRow(self.premise)
        form.addRow("Kind of scene", self.kind)
        form.addRow("Where", self.where)
        form.addRow("Who", self.who)
        form.addRow("Goal", self.goal)
        form.addRow(self.framing, ask_framing)
        form.addRow(open_scene)
        form.addRow(end)
        return page

    def _npc_form(self) -> QWidget:
        """Someone who keeps coming back gets a sheet, at any step of the story."""
        box = QGroupBox("A new character")
        row = QHBoxLayout(box)
        self.npc_name = _edit("loner-npc-name", "Name of someone who keeps coming back")
        self.npc_concept = _edit("loner-npc-concept", "Their concept")
        add = _button("Give them a sheet", "loner-add-npc")
        add.clicked.connect(self.add_npc)
        self.npc_concept.returnPressed.connect(add.click)
        row.addWidget(self.npc_name)
        row.addWidget(self.npc_concept)
        row.addWidget(add)
        return box

    def _page_meanwhile(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.addRow(QLabel("Meanwhile: the world takes its turn. Who holds power, and what do they do now?"))
        self.holder = QComboBox()
        self.holder.setObjectName("loner-holder")
        self.holder.currentIndexChanged.connect(self._holder_tag)
        self.holder_old = _edit("loner-holder-old", "Their tag now (blank: a new one)")
        self.holder_new = _edit("loner-holder-new", "Their tag after the move")
        play = _button("&Play the Meanwhile", "loner-meanwhile")
        play.clicked.connect(
            lambda: self.act(
                la.Meanwhile(str(self.holder.currentData()), self.holder_old.text(), self.holder_new.text())
            )
        )
        self.holder_new.returnPressed.connect(play.click)
        self.primary["meanwhile"] = play
        form.addRow("Holder", self.holder)
        form.addRow("Tag now", self.holder_old)
        form.addRow("Tag after", self.holder_new)
        form.addRow(play)
        return page

    def _page_scene(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        ask_box = QGroupBox("Ask the oracle")
        form = QFormLayout(ask_box)
        self.question = _edit("loner-question", "A yes/no question, asked so that Yes, and… is best")
        self.tags_for = _edit("loner-tags-for", "Tags that help, separated by commas")
        self.tags_against = _edit("loner-tags-against", "Tags that hinder")
        self.odds = QLabel()
        self.odds.setObjectName("loner-odds")
        ask = _button("&Ask", "loner-ask")
        ask.clicked.connect(
            lambda: self.act(la.Ask(self.question.text(), words(self.tags_for.text()), words(self.tags_against.text())))
        )
        for edit in (self.question, self.tags_for, self.tags_against):
            edit.returnPressed.connect(ask.click)
            edit.textChanged.connect(self.show_odds)
        self.primary["scene"] = ask
        form.addRow("Question", self.question)
        form.addRow("For", self.tags_for)
        form.addRow("Against", self.tags_against)
        form.addRow(self.odds)
        form.addRow(ask)
        conflict_box = QGroupBox("Harm && Luck conflict")
        conflict = QVBoxLayout(conflict_box)
        self.opponents = QListWidget()
        self.opponents.setObjectName("loner-opponents")
        self.opponents.setMaximumHeight(self.fontMetrics().height() * 5)
        self.opponents.itemActivated.connect(lambda _: self.start_conflict())  # Return on the list starts it
        self.one_entity = QCheckBox("As one entity (one Luck pool)")
        self.one_entity.setObjectName("loner-one-entity")
        fight = _button("Start the &conflict", "loner-start-conflict")
        fight.clicked.connect(self.start_conflict)
        conflict.addWidget(self.opponents)
        row = QHBoxLayout()
        row.addWidget(self.one_entity)
        row.addWidget(fight)
        conflict.addLayout(row)
        close_box = QGroupBox("Close the scene")
        close = QHBoxLayout(close_box)
        self.reason = QComboBox()
        self.reason.setObjectName("loner-reason")
        self.reason.addItems(["resolved", "blocked", "abandoned"])
        self.outcome = _edit("loner-outcome", "What came of it")
        close_button = _button("C&lose", "loner-close")
        close_button.clicked.connect(lambda: self.act(la.CloseScene(self.reason.currentText(), self.outcome.text())))
        self.outcome.returnPressed.connect(close_button.click)
        over = _button("Has it run its course?", "loner-over")
        over.clicked.connect(lambda: self.act(la.AskIfOver()))
        for widget in (self.reason, self.outcome, close_button, over):
            close.addWidget(widget)
        layout.addWidget(ask_box)
        layout.addWidget(conflict_box)
        layout.addWidget(close_box)
        return page

    def _page_conflict(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.luck = LuckCounters()
        layout.addWidget(self.luck)
        form = QFormLayout()
        self.target = QComboBox()
        self.target.setObjectName("loner-target")
        self.target.currentIndexChanged.connect(self.show_odds)
        self.strike_for = _edit("loner-strike-for", "Tags that help")
        self.strike_against = _edit("loner-strike-against", "Tags that hinder")
        self.damage = QLabel()
        self.damage.setObjectName("loner-damage-odds")
        strike = _button("&Strike (ask: do I get the better of them?)", "loner-strike")
        strike.clicked.connect(
            lambda: self.act(
                la.Strike(
                    str(self.target.currentData()), words(self.strike_for.text()), words(self.strike_against.text())
                )
            )
        )
        for edit in (self.strike_for, self.strike_against):
            edit.returnPressed.connect(strike.click)
            edit.textChanged.connect(self.show_odds)
        self.primary["conflict"] = strike
        self.cost = _edit("loner-cost", "What breaking off costs you, as a tag")
        withdraw = _button("&Withdraw", "loner-withdraw")
        withdraw.clicked.connect(lambda: self.act(la.Withdraw(self.cost.text())))
        self.cost.returnPressed.connect(withdraw.click)
        dissolve = _button("The opposition breaks up", "loner-dissolve")
        dissolve.clicked.connect(lambda: self.act(la.Dissolve()))
        form.addRow("Against", self.target)
        form.addRow("For", self.strike_for)
        form.addRow("Against you", self.strike_against)
        form.addRow(self.damage)
        form.addRow(strike)
        form.addRow(self.cost, withdraw)
        form.addRow(dissolve)
        layout.addLayout(form)
        layout.addStretch(1)
        return page

    def _page_closing(self) -> QWidget:
        text = "&Roll the Scene Transition (1-3 Dramatic, 4-5 Quiet, 6 Meanwhile)"
        return self._roll_page("closing", "", text, "loner-transition", la.RollTransition())

    def _roll_page(self, step: str, note: str, text: str, name: str, action: LonerAction) -> QWidget:
        """A step whose one move is a roll: an optional line on why, and the button (the step's primary)."""
        page = QWidget()
        layout = QVBoxLayout(page)
        if note:
            layout.addWidget(QLabel(note))
        roll = _button(text, name)
        roll.clicked.connect(lambda: self.act(action))
        self.primary[step] = roll
        layout.addWidget(roll)
        layout.addStretch(1)
        return page

    def _page_between(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        form.addRow(QLabel("Between sessions: grow the Protagonist and update the world."))
        self.grow_slot = QComboBox()
        self.grow_slot.setObjectName("loner-grow-slot")
        self.grow_slot.addItems(["skill", "gear", "frailty", "tag"])
        self.grow_tag = _edit("loner-grow-tag", "A new tag the story earned")
        grow = _button("Add it", "loner-grow")
        grow.clicked.connect(
            lambda: self.act(
                la.ChangeTag(self.state.protagonist.id, self.grow_slot.currentText(), "", self.grow_tag.text())
            )
        )
        self.grow_tag.returnPressed.connect(grow.click)
        self.place_name, self.place_tag = _edit("loner-place", "A location"), _edit("loner-place-tag", "What it is now")
        place = _button("Note the place", "loner-note-place")
        place.clicked.connect(lambda: self.act(la.NoteLocation(self.place_name.text(), self.place_tag.text())))
        self.event_name, self.event_pressure = (
            _edit("loner-event", "An event"),
            _edit("loner-event-pressure", "The pressure it still puts on the world"),
        )
        event = _button("Note the event", "loner-note-event")
        event.clicked.connect(lambda: self.act(la.NoteEvent(self.event_name.text(), self.event_pressure.text())))
        self.gone = QComboBox()
        self.gone.setObjectName("loner-gone")
        gone = _button("Gone for good", "loner-mark-gone")
        gone.clicked.connect(lambda: self.act(la.MarkGone(str(self.gone.currentData()))))
        again = _button("&Begin the next session", "loner-begin-session")
        again.clicked.connect(lambda: self.act(la.BeginSession()))
        end = _button("End the adventure", "loner-end-adventure")
        end.clicked.connect(lambda: self.act(la.EndAdventure()))
        self.primary["between"] = again
        for label, a, b, button in (
            ("Growth", self.grow_slot, self.grow_tag, grow),
            ("Location", self.place_name, self.place_tag, place),
            ("Event", self.event_name, self.event_pressure, event),
        ):
            row = QHBoxLayout()
            row.addWidget(a)
            row.addWidget(b)
            row.addWidget(button)
            form.addRow(label, row)
        self.bond = _edit("loner-bond", "The relationship tag now")
        bond = _button("Set the relationship", "loner-set-bond")
        bond.clicked.connect(
            lambda: self.act(
                la.SetRelationship(self.state.protagonist.id, str(self.gone.currentData()), self.bond.text())
            )
        )
        self.bond.returnPressed.connect(bond.click)
        self.wants = _edit("loner-wants", "What they want now")
        wants = _button("Note it", "loner-set-wants")
        wants.clicked.connect(lambda: self.act(la.SetTrait(str(self.gone.currentData()), "goal", self.wants.text())))
        self.wants.returnPressed.connect(wants.click)
        form.addRow("NPC", self._pair(self.gone, gone))
        form.addRow("Relationship", self._pair(self.bond, bond))
        form.addRow("Wants now", self._pair(self.wants, wants))
        form.addRow(again)
        form.addRow(end)
        return page

    @staticmethod
    def _pair(a: QWidget, b: QWidget) -> QWidget:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(a, 1)
        row.addWidget(b)
        return holder

    def _page_twist(self) -> QWidget:
        note = "The Twist Counter reached 3: something bigger than this moment changes."
        return self._roll_page("twist", note, "&Roll the Twist", "loner-twist", la.RollTwist())

    def _page_over(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel("The adventure is over. Export the journal to keep the story."))
        layout.addStretch(1)
        return page

    # --- the funnel -------------------------------------------------------------------------------------------

    @property
    def state(self) -> LonerState:
        state: LonerState = self.session.state
        return state

    def lines(self) -> tuple[JournalLine, ...]:
        """The journal so far: the opening's lines, then each step's (an undone step's are gone with it)."""
        steps = self.session.steps
        after = [s.before for s in steps[1:]] + [self.session.state][: len(steps)]  # the state each step left
        return journal_lines(self._opening, [(a, s.events) for a, s in zip(after, steps, strict=True)])

    def act(self, action: LonerAction) -> bool:
        """Submit one action through the session; a refusal, or a step the save could not take, is shown and
        changes nothing."""
        try:
            made = self.session.submit(action)
        except SaveError as error:
            self.problem_line.setText(f"That step was not made, as it could not be saved: {error}")
            return False
        if made:
            self._clear_inputs(action)
        return made

    def _moved(self, _events: list[LonerEvent]) -> None:
        self.problem_line.setText("")
        self.refresh()

    def _clear_inputs(self, action: LonerAction) -> None:
        if isinstance(action, la.Ask):
            for edit in (self.question, self.tags_for, self.tags_against, self.framing):
                edit.clear()
        elif isinstance(action, la.FrameScene):
            for edit in (self.where, self.who, self.goal):
                edit.clear()
        elif isinstance(action, la.CloseScene):
            self.outcome.clear()
        elif isinstance(action, la.AddCharacter):
            self.npc_name.clear()
            self.npc_concept.clear()
        else:
            cleared = {
                la.SetRelationship: (self.bond,),
                la.SetTrait: (self.wants,),
                la.NoteLocation: (self.place_name, self.place_tag),
                la.NoteEvent: (self.event_name, self.event_pressure),
                la.ChangeTag: (self.grow_tag,),
                la.Withdraw: (self.cost,),
                la.Meanwhile: (self.holder_old, self.holder_new),
            }
            for edit in cleared.get(type(action), ()):
                edit.clear()

    def take_back(self) -> None:
        """Undo through the session, which says why when the last step stands."""
        try:
            self.session.undo()
        except SaveError as error:
            self.problem_line.setText(f"That undo was not made, as it could not be saved: {error}")

    def leave(self) -> None:
        """Close the save (every step is in it already) and go back to the title."""
        if self.save is not None:
            self.save.close()
            self.save = None
        self.closed.emit()

    def press_primary(self) -> None:
        button = self.primary.get(self._page_name())
        if button is not None:
            button.click()

    def open_scene(self) -> None:
        self.act(la.FrameScene(self.kind.currentText(), self.where.text(), self.who.text(), self.goal.text()))

    def add_npc(self) -> None:
        name = self.npc_name.text().strip()
        base = "-".join(name.casefold().split()) or "npc"
        taken = {c.id for c in (self.state.protagonist, *self.state.npcs)}
        id, n = base, 1
        while id in taken:
            n += 1
            id = f"{base}-{n}"
        self.act(la.AddCharacter(id, name, self.npc_concept.text(), True))

    def start_conflict(self) -> None:
        chosen = []
        for row in range(self.opponents.count()):
            item = self.opponents.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                chosen.append(str(item.data(Qt.ItemDataRole.UserRole)))
        self.act(la.StartConflict(tuple(chosen), self.one_entity.isChecked()))

    # --- files ------------------------------------------------------------------------------------------------

    def ask_export(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export the journal", "loner-journal.md", "Markdown (*.md)")
        if name:
            self.export_journal(Path(name))

    def export_journal(self, path: Path) -> None:
        try:
            path.write_text(journal_markdown(self.state.protagonist.name, self.lines()), encoding="utf-8")
        except OSError as error:
            self.problem_line.setText(f"The journal was not written: {error}")
            return
        self.export_path = path
        self.problem_line.setText(f"Journal written to {path}.")

    def ask_pdf(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Print the sheet", "loner-sheet.pdf", "PDF (*.pdf)")
        if name:
            try:
                write_sheet_pdf(self.state, Path(name))
            except OSError as error:
                self.problem_line.setText(f"The sheet was not written: {error}")

    # --- showing the state --------------------------------------------------------------------------------------

    def _page_name(self) -> str:
        state = self.state
        if state.twist_due:
            return "twist"
        if state.phase == "open" and state.next_kind == "meanwhile":
            return "meanwhile"
        return state.phase

    def refresh(self) -> None:
        state = self.state
        self.pages.setCurrentIndex(PAGES.index(self._page_name()))
        scene = state.scene
        where = f"Scene {scene.number}" + (" (closed)" if scene.closed else "") if scene else "Before the first scene"
        facilitator = ""
        if self.together is not None:
            number = scene.number if scene and not scene.closed else (scene.number + 1 if scene else 1)
            facilitator = f" · facilitator: {self.together.facilitator_for(number)}"
            if self.together.gm:
                facilitator = f" · GM: {self.together.gm} reads the answers"
        next_kind = f" · next: {state.next_kind}" if state.next_kind else ""
        self.status.setText(
            f"Session {state.session} · {where} · Twist Counter {state.counter}/3{next_kind}{facilitator}"
        )
        self.sheet.setHtml(sheet_html(state))
        self.journal.clear()
        for line in self.lines():
            QListWidgetItem(line.text, self.journal)
        self.journal.scrollToBottom()
        self.undo_button.setEnabled(self.session.undo_refusal() is None)
        self.premise.setText(" / ".join(state.premise))
        self.setup_button.setEnabled(not state.premise)
        if state.next_kind in ("dramatic", "quiet"):
            self.kind.setCurrentText(state.next_kind)
        self.kind.setEnabled(state.next_kind not in ("dramatic", "quiet"))
        in_play = [c for c in state.npcs if not c.gone]
        self.holder.clear()
        self.gone.clear()
        for npc in in_play:
            self.holder.addItem(npc.name, npc.id)
            self.gone.addItem(npc.name, npc.id)
        self.opponents.clear()
        for npc in in_play:
            item = QListWidgetItem(f"{npc.name} ({npc.concept})", self.opponents)
            item.setData(Qt.ItemDataRole.UserRole, npc.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
        self.target.clear()
        if state.bout is not None:
            rows = [(state.protagonist.name, state.bout.protagonist_luck, True)]
            rows += [(o.name, o.luck, False) for o in state.bout.opponents]
            self.luck.show_luck(rows)
            for foe in state.bout.standing:
                self.target.addItem(foe.name, foe.id)
        self.show_odds()
        self.changed.emit()

    def _holder_tag(self) -> None:
        npc = next((c for c in self.state.npcs if c.id == self.holder.currentData()), None)
        self.holder_old.setText(npc.tags[-1] if npc is not None and npc.tags else "")

    def show_odds(self) -> None:
        """The exact odds of the next roll, before it is made."""
        state = self.state
        if state.bout is not None and self.target.currentData() is not None:
            tags_for, tags_against = words(self.strike_for.text()), words(self.strike_against.text())
            target = str(self.target.currentData())
            try:
                if state.step_dice:
                    pair = step_dice(len(normalise_tags(tags_for)), len(normalise_tags(tags_against)))
                    odds = step_damage_odds(state.bout, target, pair)
                    how = pair.label
                else:
                    edge = edge_from_tags(tags_for, tags_against).edge
                    odds = damage_odds(state.bout, target, edge)
                    how = edge.value
            except TagError as error:
                self.damage.setText(str(error))
                return
            deal = " · ".join(f"{DAMAGE_WORDS[d]}: {percent(p)}" for d, p in odds.damage if d > 0)
            take = " · ".join(f"{DAMAGE_WORDS[d]}: {percent(p)}" for d, p in odds.damage if d < 0)
            end = f"This roll wins the conflict: {percent(odds.win_now)}; loses it: {percent(odds.lose_now)}."
            self.damage.setText(f"{how}, exact odds of this roll:\n{deal}\n{take}\n{end}")
            return
        tags_for, tags_against = words(self.tags_for.text()), words(self.tags_against.text())
        try:
            if state.step_dice:
                pair = step_dice(len(normalise_tags(tags_for)), len(normalise_tags(tags_against)))
                answers, doubles, how = dict(step_odds(pair).answers), step_odds(pair).doubles, pair.label
            else:
                edge = edge_from_tags(tags_for, tags_against).edge
                counted = answer_odds(edge)
                answers, doubles, how = dict(counted.answers), counted.doubles, edge.value
        except TagError as error:
            self.odds.setText(str(error))
            return
        yes = " · ".join(f"{a.label} {percent(answers[a])}" for a in Answer if a.is_yes)
        no = " · ".join(f"{a.label} {percent(answers[a])}" for a in Answer if not a.is_yes)
        self.odds.setText(f"{how}, exact odds:\n{yes}\n{no}\nDoubles (a tick of the counter): {percent(doubles)}")
