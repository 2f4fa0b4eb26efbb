"""The one funnel every game's changes go through: Moon's Grave, The Restless, Loner and RT:0's playthrough.

Every change goes through ``submit(action)`` (or ``play``, which raises) and ``undo()``: the ruleset applies it, the
recorder saves it in one transaction, the step is kept for undo, and one signal (``changed``) carries the step's
events to the views. A responder (the GM stand-in) may answer what the table's people do not: its answers go through
the same funnel, marked as its own (with the note of why, when it gives one), and one undo takes them back together
with the player's step that called for them. Undo never goes back over a step whose events revealed something (a
card drawn, dice rolled, secret plans shown): ``ruleset.reveals``. The solo oracle beside a seam game's table
(``submit_oracle``, with one of the oracle's ops) takes the same road: each move is a step, saved and undone like the
game's own, and one that rolled stands; its dice come from the oracle's own seeded generator, first seeded here.
A funnel that forgets (``forgets=True``, a long playthrough) lets go of every step before a reveal,
since no undo can reach them, so its memory stays flat however long the game runs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, Signal

from rt0table.desktop.saves.funnel_guard import through_funnel
from rt0table.desktop.saves.funnel_step import Play, Reply, SeamRecorder, Step

__all__ = ["MAX_ANSWERS", "Funnel", "Reply", "SeamSession", "Step", "TableSession"]
from rt0table.desktop.saves.loaded import StandInAnswer
from rt0table.desktop.saves.seam_oracle import OracleMove, played_move
from rt0table.rules.loner.oracle_ops import OracleOp, oracle_rng
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.seam import IllegalAction, Ruleset

T = TypeVar("T")
S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
MAX_ANSWERS = 256  # a responder that never stops answering is a bug; stop rather than hang


class Funnel(QObject, Generic[S, A, E]):
    """A game in play: submit actions, undo where the rules allow, one signal for every change."""

    changed = Signal(list)  # the events of the change (an undo sends an empty list)
    refused = Signal(str)  # why, in the ruleset's words

    def __init__(
        self,
        ruleset: Play[S, A, E],
        state: S,
        recorder: SeamRecorder[S, A, E] | None = None,
        steps: Iterable[Step[S, A, E]] = (),
        parent: QObject | None = None,
        oracle: OracleState | None = None,
        forgets: bool = False,
        tells: bool = True,
    ) -> None:
        """``steps`` are those already played (a game read back from its save), oldest first, for undo; ``oracle``
        the solo oracle's state they leave (None until it is first used); ``tells``: False for a funnel whose owner
        tells its views itself, after each step (a playthrough, with what changed)."""
        super().__init__(parent)
        self.ruleset = ruleset
        self.state: S = state
        self.oracle = oracle
        self.recorder = recorder
        self.steps: list[Step[S, A, E]] = list(steps)
        self.forgets = forgets
        self.tells = tells
        self.responder: Callable[[S], A | Reply[A] | None] | None = None
        self._responding = False

    @property
    def ply(self) -> int:
        return len(self.steps)

    def refusal(self, action: A) -> str | None:
        return self.ruleset.refusal(self.state, action)

    def submit(self, action: A) -> bool:
        """Apply ``action``; on a refusal emit ``refused`` with the reason and change nothing."""
        try:
            self.play(action)
        except IllegalAction as error:
            self.refused.emit(str(error))
            return False
        self.respond()
        return True

    def play(self, action: A, stand_in: bool = False, note: StandInAnswer | None = None) -> Step[S, A, E]:
        """Apply, record, keep and signal one step; raises IllegalAction and changes nothing when it is refused."""
        before = self.state
        state, events = self.ruleset.apply(before, action)
        reveals, shown = self.ruleset.reveals, False
        for event in events:  # a loop, not any(map(...)): a step has an event or two, and this runs on every step
            if reveals(event):
                shown = True
                break
        step: Step[S, A, E] = Step(before, action, tuple(events), stand_in, note, shown)
        if self.recorder is not None:
            with through_funnel():
                self.recorder.record(step, state)
        self.state = state
        if self.forgets and shown:
            self.steps.clear()  # no undo reaches behind a reveal: nothing before it need be kept
        self.steps.append(step)
        if self.tells:
            self.changed.emit(events)
        return step

    def submit_oracle(self, op: OracleOp) -> bool:
        """The oracle beside the table asked, rolled, noted or toggled something: one step, saved; a refusal is
        emitted (``refused``) and changes nothing."""
        try:
            self.play_oracle(op)
        except IllegalAction as error:
            self.refused.emit(str(error))
            return False
        return True

    def play_oracle(self, op: OracleOp) -> OracleMove:
        """Apply, record and keep one op of the oracle, its dice from the oracle's generator (seeded here the first
        time it rolls); raises IllegalAction and changes nothing when the rules refuse it."""
        before = self.oracle if self.oracle is not None else OracleState()
        move = played_move(before, op, oracle_rng(before, random.getrandbits(64)))
        self._keep_oracle(move)
        return move

    def _keep_oracle(self, move: OracleMove) -> None:
        if self.recorder is not None:
            with through_funnel():
                self.recorder.record_oracle(move, self.state)
        self.oracle = move.after
        self.steps.append(Step(self.state, move, ()))
        self.changed.emit([])

    def set_responder(self, responder: Callable[[S], A | Reply[A] | None] | None) -> None:
        """Install (or remove) the responder and let it answer whatever already waits for it."""
        self.responder = responder
        self.respond()

    def respond(self) -> None:
        if self.responder is None or self._responding:
            return
        self._responding = True
        try:
            for _ in range(MAX_ANSWERS):
                if self.ruleset.is_over(self.state):
                    return
                answer = self.responder(self.state)
                if answer is None:
                    return
                reply = answer if isinstance(answer, Reply) else Reply(answer)
                try:
                    self.play(reply.action, stand_in=True, note=reply.note)
                except IllegalAction as error:
                    self.refused.emit(str(error))
                    return
        finally:
            self._responding = False

    def chain(self) -> Sequence[Step[S, A, E]]:
        """What one undo takes back: the stand-in's answers on top and the step before them."""
        count = 0
        while count < len(self.steps) and self.steps[-1 - count].stand_in:
            count += 1
        return self.steps[len(self.steps) - min(count + 1, len(self.steps)) :]

    def undoable(self) -> int:
        """How many of the kept steps undo can still reach, one at a time: those after the last that revealed."""
        reach = 0
        for step in reversed(self.steps):
            if self.revealed(step):
                break
            reach += 1
        return reach

    def revealed(self, step: Step[S, A, E]) -> bool:
        if step.reveals is not None:
            return step.reveals
        if isinstance(step.action, OracleMove):
            return step.action.rolled
        return any(map(self.ruleset.reveals, step.events))

    def undo_refusal(self) -> str | None:
        chain = self.chain()
        if not chain:
            return "Nothing to undo yet."
        if any(isinstance(step.action, OracleMove) and step.action.rolled for step in chain):
            return "The oracle rolled its dice for that answer, so it stands."
        if any(self.revealed(step) for step in chain):
            return (
                "Nothing to undo: that step showed something new (a card, dice, the oracle's answer, or sealed "
                "choices), so it stands."
            )
        if all(step.stand_in for step in chain):
            return "Only the GM's answers are left to undo, and they stand."
        return None

    def undo(self) -> bool:
        why = self.undo_refusal()
        if why is not None:
            self.refused.emit(why)
            return False
        self.take_back(len(self.chain()))
        return True

    def take_back(self, count: int) -> None:
        """Undo the last ``count`` steps whatever they are, saving each first (one the save cannot take stops
        there, leaving the rest in force); one ``changed`` for them all."""
        taken = 0
        try:
            for step in reversed(self.steps[len(self.steps) - count :]):
                if self.recorder is not None:  # saved first: an undo the save cannot take is not made
                    with through_funnel():
                        self.recorder.record_undo(step)
                self.steps.pop()
                self.state = step.before
                if isinstance(step.action, OracleMove):
                    self.oracle = step.action.before
                taken += 1
        finally:
            if taken and self.tells:
                self.changed.emit([])

    def reset(self, state: S, steps: Iterable[Step[S, A, E]] = ()) -> None:
        """Hold ``state`` as read back from a save, with the steps undo can reach from it (nothing is recorded)."""
        self.state = state
        self.steps = list(steps)


class SeamSession(Funnel[S, A, E], Generic[T, S, A, E]):
    """A game on the seam in play: the funnel, with its whole ruleset for the table to ask (legal actions, words,
    whose turn it is)."""

    def __init__(
        self,
        ruleset: Ruleset[T, S, A, E],
        state: S,
        recorder: SeamRecorder[S, A, E] | None = None,
        steps: Iterable[Step[S, A, E]] = (),
        parent: QObject | None = None,
        oracle: OracleState | None = None,
    ) -> None:
        super().__init__(ruleset, state, recorder, steps, parent, oracle)
        self.rules = ruleset


TableSession = SeamSession[Any, Any, Any, Any]  # the shared seam table's: it plays whichever game it is handed
