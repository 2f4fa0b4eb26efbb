"""The Loner tools in the oracle panel: Leverage, Challenge Tracks, the Status Track, Dead Ends, Meanwhile.

Each box reads the panel's ``OracleState``, shows it, and sends what the player did as one op
(``rules.loner.oracle_ops``) through ``ToolHost.send``: the game's funnel applies it, throwing the oracle's seeded
dice, and a refused op shows the rules' reason. A box rolls nothing; the player's own dice travel in the op.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.solo.folding_row import FoldingRow
from rt0table.rules.loner.journal import DeadEndEntry, Entry, MeanwhileEntry, QuestionEntry
from rt0table.rules.loner.markdown import boxes_text
from rt0table.rules.loner.oracle import Answer
from rt0table.rules.loner.oracle_ops import (
    BankLeverage,
    CloseTrack,
    DropLeverage,
    FillStatus,
    HitDeadEnd,
    MarkTrack,
    OpenTrack,
    OracleOp,
    PlayMeanwhile,
    RecoverStatus,
    SoftenWithLeverage,
)
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.loner.scenes import ALLY_ACTS, NEW_WAY_FORWARD, DeadEndResult
from rt0table.rules.loner.tables import STATUS_BOXES, LonerTables
from rt0table.rules.loner.terms import Arena
from rt0table.rules.loner.tools import bankable, effective_answer, opposition_tag
from rt0table.rules.loner.tracks import TRACK_SIZES, ChallengeTrack

Found = TypeVar("Found")

DEAD_END_WORDS = {
    DeadEndResult.NEW_ELEMENT: "Something new points the way: an overlooked detail, a contact, an object.",
    DeadEndResult.WHY_IT_CLOSED: "Still closed, but now you see why it closed.",
    DeadEndResult.HOLDS: "It holds. Go back to the goal and open a scene from another angle.",
    DeadEndResult.REFRAME_ENTIRELY: "Dead again: no question this time. Rethink the whole approach from "
    "what your Protagonist knows for sure.",
}


class ToolHost(Protocol):
    """What the tool boxes need from the oracle panel."""

    state: OracleState
    tables: LonerTables
    own_dice: QCheckBox

    def send(self, op: OracleOp) -> tuple[Entry, ...] | None:
        """Take ``op``: the journal entries it added, or None when it was refused (and the reason shown)."""

    def fail(self, message: str) -> None: ...

    def twist_dice(self) -> tuple[int, ...]:
        """The Subject and Action dice typed in for a Twist a question may bring, or () for the oracle's."""


def first(entries: tuple[Entry, ...], kind: type[Found]) -> Found | None:
    return next((entry for entry in entries if isinstance(entry, kind)), None)


def answer_said(entries: tuple[Entry, ...]) -> str:
    """The answer of the question an op asked, as the start of a result line, or ''."""
    asked = first(entries, QuestionEntry)
    return f"{asked.roll.answer.label}: " if asked is not None else ""


def die_spin(name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(1, 6)
    spin.setObjectName(f"die-{name}")
    return spin


class NeutralDice(QWidget):
    """A Chance and a Risk die for a question asked at Neutral, typed in when the player rolls their own."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.chance, self.risk = die_spin(f"{name}-chance"), die_spin(f"{name}-risk")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel("Chance"))
        row.addWidget(self.chance)
        row.addWidget(QLabel("Risk"))
        row.addWidget(self.risk)
        row.addStretch(1)

    def typed(self, host: ToolHost) -> tuple[int, ...]:
        """The Chance and Risk dice typed in with "Use my own dice" on, else () for the oracle's."""
        return (self.chance.value(), self.risk.value()) if host.own_dice.isChecked() else ()


def wrapped(text: str = "", name: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    if name:
        label.setObjectName(name)
    return label


# --- Leverage -----------------------------------------------------------------------------------------------


class LeverageBox(QGroupBox):
    """Bank a Yes, and…, soften a No with it, or drop it; spending it as Advantage is a tick by the roll button."""

    def __init__(self, host: ToolHost) -> None:
        super().__init__("Leverage")
        self.host = host
        self.setObjectName("leverage-box")
        self.held_label = wrapped(name="leverage-held")
        self.description = QLineEdit()
        self.description.setPlaceholderText("What the Yes, and… gave you, in a few words")
        self.description.returnPressed.connect(self.bank)
        self.bank_button = QPushButton("Bank it")
        self.bank_button.clicked.connect(self.bank)
        self.soften_button = QPushButton("Spend it: No becomes No, but…")
        self.soften_button.clicked.connect(self.soften)
        self.drop_button = QPushButton("Drop it")
        self.drop_button.setToolTip("The story has moved on from the moment that gave it")
        self.drop_button.clicked.connect(self.drop)
        bank_row = QHBoxLayout()
        bank_row.addWidget(self.description, 1)
        bank_row.addWidget(self.bank_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.held_label)
        layout.addLayout(bank_row)
        layout.addWidget(FoldingRow(self.soften_button, self.drop_button, stretch=(1, 0)))

    def bank(self) -> None:
        if self.host.send(BankLeverage(self.description.text())) is not None:
            self.description.clear()

    def soften(self) -> None:
        self.host.send(SoftenWithLeverage())

    def drop(self) -> None:
        self.host.send(DropLeverage())

    def refresh(self) -> None:
        state = self.host.state
        held = state.leverage
        can_bank = bankable(state) is not None
        if held.held:
            self.held_label.setText(f"Held: {held.description}. A Twist ends it; so does the story moving on.")
        elif can_bank:
            self.held_label.setText("None held. That Yes, and… can be banked instead of narrated now.")
        else:
            self.held_label.setText("None held. A Yes, and… can be banked here, one at a time.")
        self.bank_button.setText("Bank it instead" if held.held else "Bank it")
        self.bank_button.setToolTip(f"Replaces {held.description}" if held.held else "")
        for widget in (self.description, self.bank_button):
            widget.setEnabled(can_bank)
        answer = effective_answer(state)
        self.soften_button.setEnabled(held.held and answer in (Answer.NO, Answer.NO_AND))
        self.drop_button.setEnabled(held.held)


# --- Challenge Tracks ------------------------------------------------------------------------------------------


def track_text(track: ChallengeTrack) -> str:
    kind = "threat" if track.threat else "pursuit"
    full = " · full: the threat is now a fact" if track.threat and track.full else ""
    if track.full and not track.threat:
        full = " · full: the arc can close"
    return f"{track.name} ({kind})  {boxes_text(track.filled, track.boxes)}{full}"


class TracksBox(QGroupBox):
    """Open tracks, mirror a scene's closing answer on one, close them."""

    def __init__(self, host: ToolHost) -> None:
        super().__init__("Challenge Tracks")
        self.host = host
        self.setObjectName("tracks-box")
        self.track_list = QListWidget()
        self.track_list.setObjectName("track-list")
        self.track_list.currentRowChanged.connect(lambda _: self._render_controls())
        self.empty_label = wrapped("No track open. Open one for a pursuit that spans several scenes.")
        self.name = QLineEdit()
        self.name.setPlaceholderText("The pursuit (or the threat closing in)")
        self.name.returnPressed.connect(self.open_track)
        self.box_count = QComboBox()
        for boxes in TRACK_SIZES:
            self.box_count.addItem(f"{boxes} boxes", boxes)
        self.threat = QCheckBox("Threat")
        self.threat.setToolTip("Runs the other way: when it fills, the danger has arrived")
        self.open_button = QPushButton("Open")
        self.open_button.clicked.connect(self.open_track)
        open_row = FoldingRow(self.box_count, self.threat, self.open_button, stretch=(0, 1, 0))

        self.answer = QComboBox()
        for answer in Answer:
            self.answer.addItem(answer.label, answer)
        self.answer.currentIndexChanged.connect(lambda _: self._render_controls())
        self.bank_as = QLineEdit()
        self.bank_as.setPlaceholderText("Bank it as Leverage (one box only): name it")
        self.spend = QCheckBox("Spend Leverage: no box lost")
        self.mark_button = QPushButton("Mirror on the track")
        self.mark_button.clicked.connect(self.mark)
        self.ending = QLineEdit()
        self.ending.setPlaceholderText("How it ended (if not full)")
        self.close_button = QPushButton("Close the track")
        self.close_button.clicked.connect(self.close_track)
        self.ending.returnPressed.connect(self.close_track)
        self.mark_form = QWidget()
        form = QFormLayout(self.mark_form)
        form.setContentsMargins(0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow drawer puts the label above
        form.addRow("Scene's answer", self.answer)
        form.addRow(self.bank_as)
        form.addRow(self.spend)
        form.addRow(self.mark_button)
        close_row = QHBoxLayout()
        close_row.addWidget(self.ending, 1)
        close_row.addWidget(self.close_button)
        form.addRow(close_row)
        self.hint = wrapped(name="track-hint")

        layout = QVBoxLayout(self)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.track_list)
        layout.addWidget(self.hint)
        layout.addWidget(self.mark_form)
        layout.addWidget(QLabel("Open a track:"))
        layout.addWidget(self.name)
        layout.addWidget(open_row)

    def selected(self) -> ChallengeTrack | None:
        row = self.track_list.currentRow()
        tracks = self.host.state.tracks
        return tracks[row] if 0 <= row < len(tracks) else None

    def open_track(self) -> None:
        op = OpenTrack(self.name.text(), int(self.box_count.currentData()), self.threat.isChecked())
        if self.host.send(op) is not None:
            self.name.clear()
            self.threat.setChecked(False)
            self.track_list.setCurrentRow(len(self.host.state.tracks) - 1)

    def mark(self) -> None:
        track = self.selected()
        if track is None:
            self.host.fail("pick the track this scene was about")
            return
        op = MarkTrack(track.name, Answer(self.answer.currentData()), self.bank_as.text(), self.spend.isChecked())
        if self.host.send(op) is not None:
            self.bank_as.clear()
            self.spend.setChecked(False)

    def close_track(self) -> None:
        track = self.selected()
        if track is None:
            self.host.fail("pick the track to close")
            return
        if self.host.send(CloseTrack(track.name, self.ending.text())) is not None:
            self.ending.clear()

    def refresh(self) -> None:
        tracks = self.host.state.tracks
        row = self.track_list.currentRow()
        self.track_list.blockSignals(True)
        self.track_list.clear()
        for track in tracks:
            self.track_list.addItem(QListWidgetItem(track_text(track)))
        self.track_list.setCurrentRow(min(max(row, 0), len(tracks) - 1) if tracks else -1)
        self.track_list.blockSignals(False)
        self.track_list.setVisible(bool(tracks))
        self.track_list.setMaximumHeight(self.fontMetrics().lineSpacing() * (len(tracks) + 1) + 12)
        self.empty_label.setVisible(not tracks)
        last = effective_answer(self.host.state)
        if last is not None:
            self.answer.blockSignals(True)
            self.answer.setCurrentIndex(list(Answer).index(last))
            self.answer.blockSignals(False)
        self._render_controls()

    def _render_controls(self) -> None:
        track, state = self.selected(), self.host.state
        self.mark_form.setVisible(track is not None)
        answer = Answer(self.answer.currentData())
        self.bank_as.setVisible(answer is Answer.YES_AND and bankable(state) is not None)
        self.spend.setVisible(answer in (Answer.NO, Answer.NO_AND) and state.leverage.held)
        self.hint.setVisible(track is not None)
        if track is None:
            return
        done = state.scene is not None and state.marked_scene == state.scene.number
        self.mark_button.setEnabled(not track.full and not done)
        where = f"{track.filled}/{track.boxes}"
        if track.full:
            self.hint.setText(f"{track.name} is full. Close it and say what that means in the story.")
        elif done and state.scene is not None:
            self.hint.setText(f"Scene {state.scene.number} has moved a track already: one pursuit a scene.")
        else:
            gap = track.boxes - track.filled
            closes = "a Yes, and… fills it" if gap <= 2 else "no single answer fills it yet"
            self.hint.setText(
                f"Before you roll: {where}, {closes}; a No erases a box. "
                "Mirror only the answer that closed a scene about it."
            )


# --- the Status Track -------------------------------------------------------------------------------------------


class StatusBoxView(QGroupBox):
    """Three boxes of lasting harm: fill one after a lasting defeat, clear the newest on recovery."""

    def __init__(self, host: ToolHost) -> None:
        super().__init__("Status Track")
        self.host = host
        self.setObjectName("status-box")
        self.track_label = wrapped(name="status-track")
        self.track_label.setTextFormat(Qt.TextFormat.PlainText)
        self.arena = QComboBox()
        for arena in Arena:
            self.arena.addItem(arena.value.capitalize(), arena)
        self.arena.currentIndexChanged.connect(lambda _: self.refresh())
        self.tag = QLineEdit()
        self.fill_button = QPushButton("Fill the next box")
        self.fill_button.clicked.connect(self.fill)
        self.tag.returnPressed.connect(self.fill)
        self.recovery = QLineEdit()
        self.recovery.setPlaceholderText("What lets them recover (rest, treatment, a quiet scene)")
        self.recovery.returnPressed.connect(self.recover)
        self.recover_button = QPushButton("Recover")
        self.recover_button.clicked.connect(self.recover)
        fill_row = FoldingRow(self.arena, self.tag, self.fill_button, stretch=(0, 1, 0))
        recover_row = QHBoxLayout()
        recover_row.addWidget(self.recovery, 1)
        recover_row.addWidget(self.recover_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.track_label)
        layout.addWidget(wrapped("After a defeat that leaves a mark (one box per defeat, not per hit):"))
        layout.addWidget(fill_row)
        layout.addLayout(recover_row)

    def fill(self) -> None:
        if self.host.send(FillStatus(Arena(self.arena.currentData()), self.tag.text())) is not None:
            self.tag.clear()

    def recover(self) -> None:
        if self.host.send(RecoverStatus(self.recovery.text())) is not None:
            self.recovery.clear()

    def refresh(self) -> None:
        status = self.host.state.status
        filled = len(status.boxes)
        if status.boxes:
            tags = " → ".join(b.tag for b in status.boxes)
            state = (
                "Overcome: the story says what that means."
                if status.overcome
                else (f"Active tag: {status.active_tag} (Disadvantage where it matters)")
            )
            self.track_label.setText(f"{boxes_text(filled, STATUS_BOXES)}  {tags}\n{state}")
        else:
            self.track_label.setText(f"{boxes_text(0, STATUS_BOXES)}  No lasting harm.")
        if not status.overcome:
            default = self.host.tables.status_column(Arena(self.arena.currentData()))[filled]
            self.tag.setPlaceholderText(f"Tag (else {default})")
        for widget in (self.arena, self.tag, self.fill_button):
            widget.setEnabled(not status.overcome)
        self.recover_button.setEnabled(bool(status.boxes))
        self.recovery.setEnabled(bool(status.boxes))


# --- Dead Ends and Meanwhile -------------------------------------------------------------------------------------


class DeadEndBox(QGroupBox):
    """A lead went cold: ask once for a new way forward; a second time on the thread, rethink it all."""

    def __init__(self, host: ToolHost) -> None:
        super().__init__("Dead end")
        self.host = host
        self.setObjectName("dead-end-box")
        self.thread_field = QLineEdit()
        self.thread_field.setPlaceholderText("The thread that went cold (the courier, the archive…)")
        self.thread_field.textChanged.connect(lambda _: self.refresh())
        self.thread_field.returnPressed.connect(self.hit)
        self.dice = NeutralDice("dead-end")
        self.button = QPushButton("It's a dead end")
        self.button.clicked.connect(self.hit)
        self.plan = wrapped(name="dead-end-plan")
        self.result = wrapped(name="dead-end-result")
        row = QHBoxLayout()
        row.addWidget(self.thread_field, 1)
        row.addWidget(self.button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.dice)
        layout.addWidget(self.plan)
        layout.addWidget(self.result)
        self.result.hide()  # until the first dead end

    def hit(self) -> None:
        thread = self.thread_field.text()
        asks = self.host.state.dead_ends.needs_roll(thread)
        dice, twist = (self.dice.typed(self.host), self.host.twist_dice()) if asks else ((), ())
        added = self.host.send(HitDeadEnd(thread, dice, twist))
        found = first(added or (), DeadEndEntry)
        if found is None:
            return
        self.result.setText(f"{found.thread}: {answer_said(added or ())}{DEAD_END_WORDS[found.result]}")
        self.result.show()
        self.thread_field.clear()

    def refresh(self) -> None:
        state, thread = self.host.state, self.thread_field.text()
        first = state.dead_ends.needs_roll(thread)
        self.dice.setVisible(first and self.host.own_dice.isChecked())
        if not thread.strip():
            self.plan.setText(
                f"Stop asking about a closed path. Name it, and the oracle is asked once: “{NEW_WAY_FORWARD}”"
            )
        elif first:
            self.plan.setText(f"First dead end here: the oracle is asked “{NEW_WAY_FORWARD}”")
        else:
            self.plan.setText("This thread went cold before: no question this time.")
        self.button.setEnabled(not (first and state.twist_due))


class MeanwhileBox(QGroupBox):
    """The world's turn: the opposition's tag moves, then the oracle says whether an ally or wildcard acts."""

    def __init__(self, host: ToolHost) -> None:
        super().__init__("Meanwhile")
        self.host = host
        self.setObjectName("meanwhile-box")
        self.holder = QComboBox()
        self.holder.setEditable(True)
        self.holder.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        line = self.holder.lineEdit()
        assert line is not None  # an editable combo box has one
        line.setPlaceholderText("Who holds power here")
        self.holder.currentTextChanged.connect(lambda _: self._render_before())
        self.before = wrapped(name="meanwhile-before")
        self.new_tag = QLineEdit()
        self.new_tag.setPlaceholderText("Their tag now, after their move")
        self.new_tag.returnPressed.connect(self.play)
        self.dice = NeutralDice("meanwhile")
        self.button = QPushButton("Play the Meanwhile")
        self.button.clicked.connect(self.play)
        self.result = wrapped(name="meanwhile-result")
        form = QFormLayout()
        form.addRow("Opposition", self.holder)
        form.addRow(self.before)
        form.addRow("New tag", self.new_tag)
        layout = QVBoxLayout(self)
        layout.addWidget(
            wrapped(f"Your Protagonist is away. Move the opposition, then the oracle is asked: “{ALLY_ACTS}”")
        )
        layout.addLayout(form)
        layout.addWidget(self.dice)
        layout.addWidget(self.button)
        layout.addWidget(self.result)
        self.result.hide()  # until the first Meanwhile

    def play(self) -> None:
        op = PlayMeanwhile(
            self.holder.currentText(), self.new_tag.text(), self.dice.typed(self.host), self.host.twist_dice()
        )
        added = self.host.send(op)
        played = first(added or (), MeanwhileEntry)
        if played is None:
            return
        acts = (
            "Someone acts on their own: the one most changed by recent events, true to their tags."
            if played.ally_acts
            else "Allies and wildcards hold."
        )
        self.result.setText(f"{played.holder}: now “{played.after}”. {answer_said(added or ())}{acts}")
        self.result.show()
        self.new_tag.clear()

    def refresh(self) -> None:
        state = self.host.state
        holders = [holder for holder, _ in state.opposition]
        typed = self.holder.currentText()
        self.holder.blockSignals(True)
        self.holder.clear()
        self.holder.addItems(holders)
        self.holder.setEditText(typed)
        self.holder.blockSignals(False)
        self.dice.setVisible(self.host.own_dice.isChecked())
        scene_open = state.scene is not None and state.scene.is_open
        self.button.setEnabled(not scene_open and not state.twist_due)
        self._render_before()

    def _render_before(self) -> None:
        tag = opposition_tag(self.host.state, self.holder.currentText())
        self.before.setText(f"Their tag so far: {tag}" if tag else "No tag noted for them yet.")


def tools_summary(state: OracleState) -> str:
    """One line on the tools in play, for the top of the panel."""
    parts = [f"Leverage: {state.leverage.description}" if state.leverage.held else "No Leverage"]
    if state.status.boxes:
        parts.append(f"Status: {state.status.active_tag} ({len(state.status.boxes)}/{STATUS_BOXES})")
    parts += [f"{t.name} {t.filled}/{t.boxes}" for t in state.tracks]
    return " · ".join(parts)
