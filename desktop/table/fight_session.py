"""The table's handle on a fight: every action and every undo goes through ``submit`` and ``undo``.

Views never change the state: they call ``submit`` or ``undo`` and redraw when ``state_did_change``
fires with the events. A refusal leaves the state as it was and says why through ``refused``.

A fight that belongs to a playthrough has no route of its own: the Session hands each step and each undo to the
playthrough's funnel (``FightFunnel``, ``Playthrough.fight_step``/``fight_undo``), which applies it to the
playthrough's value (``rules.story.tale.apply`` with ``FightAction``), writes the fight's row to the save, pushes
or pops the one undo stack and emits the playthrough's one ``changed`` signal; ``state_did_change`` then tells the
table. A Session with no funnel (lessons, demos, quick fights) stands alone: ``Game.push``, its recorder, the signal.

A ``Responder`` (solo play's GM stand-in) may answer decisions that nobody at the table makes: after
every submit, while it has an answer, the answer is submitted like any other step (recorded, undoable,
signalled), with a ``StandInChose`` event in front for the log. Undo then takes back the answers together
with the step that called for them, so one undo is one move of the player's. The recorder keeps which
steps were answers, so a fight loaded from its save undoes the same way (``answered``, ``played_before``).
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from rt0table.desktop.saves.funnel_guard import through_funnel
from rt0table.desktop.saves.loaded import StandInAnswer
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import Game, refusal, undoable
from rt0table.rules.rt0.fight.events import Event, StandInChose
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.seam import IllegalAction

MAX_ANSWERS = 64  # a responder that never stops answering is a bug; stop rather than hang


class Recorder(Protocol):
    """What the save store offers: called after every step that really happened."""

    def record(self, action: Action, state: CombatState, answer: StandInAnswer | None = None) -> None: ...

    def record_undo(self, state: CombatState) -> None: ...


class FightFunnel(Protocol):
    """The playthrough a fight belongs to: the one call each step and each undo of it goes through."""

    def fight_step(self, action: Action, answer: StandInAnswer | None = None) -> list[Event]:
        """Apply, keep, push and signal one step; its events. Raises IllegalAction (nothing changed)."""
        ...

    def fight_undo(self, steps: int) -> None:
        """Take back the last ``steps`` steps as one undo: kept, popped and signalled once."""
        ...


class Answer(Protocol):
    """A responder's answer: the action to submit, and the decision's kind, choice and reason for the log."""

    @property
    def action(self) -> Action: ...

    @property
    def kind(self) -> str: ...

    @property
    def label(self) -> str: ...

    @property
    def reason(self) -> str: ...


class Responder(Protocol):
    """Answers decisions on someone's behalf (the GM in solo play); None when it has nothing to say."""

    def respond(self, state: CombatState) -> Answer | None: ...


def undo_chain(answered: Container[int], ply: int, limit: int) -> int:
    """How many steps one undo takes back: the responder's answers on top (their plies in ``answered``, counted
    down from ``ply``), and the step before them; at most ``limit``, the steps there are to take back."""
    count = 0
    while ply - count in answered:
        count += 1
    return min(count + 1, limit)


class Session(QObject):
    """A fight in play: submit actions, undo where the rules allow, one signal for every change."""

    state_did_change = Signal(list)  # the events of the step; an empty list after an undo
    refused = Signal(str, object)  # the reason in words, and the action refused (None for an undo)

    def __init__(self, game: Game, recorder: Recorder | None = None, parent: QObject | None = None,
                 answered: Iterable[int] = (), played_before: int = 0,
                 opening: CombatState | None = None, funnel: FightFunnel | None = None) -> None:  # fmt: skip
        """A fight loaded from its save passes ``played_before``, the actions in force before ``game``'s first
        step (its replay began at a snapshot), ``answered``, the plies the responder took, and ``opening``, the
        fight's state before its first action (``game`` may not reach back that far). ``funnel``: the playthrough
        the fight belongs to (it records the steps then; ``recorder`` is for a Session that stands alone)."""
        super().__init__(parent)
        self.game = game
        self.recorder = recorder
        self.funnel = funnel
        self.before: CombatState = game.state  # the state before the last change, for replaying its events
        self.responder: Responder | None = None
        self.played_before = played_before
        self.opening: CombatState = opening or (game.steps[0].before if game.steps else game.state)
        self.answered: set[int] = set(answered)  # plies (actions in force, from 1) the responder took
        self._responding = False

    @property
    def state(self) -> CombatState:
        return self.game.state

    @property
    def ply(self) -> int:
        """Actions in force in the fight since its opening, including those played before it was loaded."""
        return self.played_before + len(self.game.steps)

    def refusal(self, action: Action) -> str | None:
        return refusal(self.game.state, action)

    def submit(self, action: Action) -> bool:
        """Push the action; on a refusal emit ``refused`` and leave everything as it was."""
        if not self._step(action, []):
            return False
        self.respond()
        return True

    def _step(self, action: Action, preface: list[Event], answer: StandInAnswer | None = None) -> bool:
        before = self.game.state
        try:
            events = self._push(action, answer)
        except IllegalAction as error:
            self.refused.emit(str(error), action)
            return False
        self.before = before
        self.state_did_change.emit([*preface, *events])
        return True

    def _push(self, action: Action, answer: StandInAnswer | None) -> list[Event]:
        if self.funnel is not None:
            return self.funnel.fight_step(action, answer)
        events: list[Event] = self.game.push(action)
        if self.recorder is not None:
            with through_funnel():
                if answer is None:
                    self.recorder.record(action, self.game.state)
                else:
                    self.recorder.record(action, self.game.state, answer)
        return events

    def set_responder(self, responder: Responder | None) -> None:
        """Install (or remove) the responder, and let it answer anything already waiting for it."""
        self.responder = responder
        self.respond()

    def respond(self) -> None:
        """Let the responder answer, step after step, while it has answers."""
        if self.responder is None or self._responding:
            return
        self._responding = True
        try:
            for _ in range(MAX_ANSWERS):
                answer = self.responder.respond(self.game.state)
                if answer is None:
                    return
                preface: list[Event] = [StandInChose(answer.kind, answer.label, answer.reason)]
                kept = StandInAnswer(answer.kind, answer.label, answer.reason)
                if not self._step(answer.action, preface, kept):
                    return
                self.answered.add(self.ply)
        finally:
            self._responding = False

    def _undo_chain(self) -> int:
        return undo_chain(self.answered, self.ply, len(self.game.steps))

    def undo_refusal(self) -> str | None:
        reason = self.game.undo_refusal()
        if reason is not None:
            return reason
        chain = self.game.steps[len(self.game.steps) - self._undo_chain() :]
        if not all(undoable(step.events) for step in chain):
            return "The oracle answered for the GM after a step that showed hidden cards, so it stands."
        return None

    def undo(self) -> bool:
        reason = self.undo_refusal()
        if reason is not None:
            self.refused.emit(reason, None)
            return False
        before, chain = self.game.state, self._undo_chain()
        undone = {self.ply - taken for taken in range(chain)}  # the plies this undo takes back
        if self.funnel is not None:
            try:
                self.funnel.fight_undo(chain)
            except IllegalAction as error:
                self.refused.emit(str(error), None)
                return False
        else:
            for _ in range(chain):
                self.game.undo()
                if self.recorder is not None:
                    with through_funnel():
                        self.recorder.record_undo(self.game.state)
        self.before = before
        self.answered -= undone
        self.state_did_change.emit([])
        return True
