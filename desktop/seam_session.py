"""The one funnel for a game played on the seam (Moon's Grave now, The Restless and Loner next).

Every change goes through ``submit(action)`` or ``undo()``: the ruleset applies it, the recorder saves it in one
transaction, the step is kept for undo, and one signal (``changed``) carries the step's events to the views.
A responder (the GM stand-in) may answer what the table's people do not: its answers go through the same funnel,
marked as its own, and one undo takes them back together with the player's step that called for them. Undo never
goes back over a step whose events revealed something (dice rolled, secret plans shown): ``ruleset.reveals``.
The solo oracle beside the table (``submit_oracle``) takes the same road: each move is a step, saved and undone
like the game's own, and one that rolled stands.
RT:0's own fight keeps ``desktop/table/fight_session.py``; this one types against ``rules.seam.Ruleset`` alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal

from rt0table.desktop.saves.funnel_guard import through_funnel
from rt0table.desktop.saves.seam_oracle import OracleMove, oracle_move
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.seam import IllegalAction, Ruleset

MAX_ANSWERS = 256  # a responder that never stops answering is a bug; stop rather than hang
Responder = Callable[[Any], Any]  # the state in, an action to play (or None: nothing to answer)


class SeamRecorder(Protocol):
    """Where the steps are kept (the save): called after every step that really happened, once each."""

    def record(self, action: Any, state: Any, stand_in: bool) -> None: ...

    def record_undo(self, state: Any) -> None: ...

    def record_oracle(self, move: OracleMove, state: Any) -> None: ...


@dataclass(frozen=True)
class Step:
    """One applied action: the state before it, the action (an ``OracleMove`` for the oracle's), its events, and
    whether the stand-in chose it."""

    before: Any
    action: Any
    events: tuple[Any, ...]
    stand_in: bool = False


class SeamSession(QObject):
    """A game in play on the seam: submit actions, undo where the rules allow, one signal for every change."""

    changed = Signal(list)  # the events of the change (an undo sends an empty list)
    refused = Signal(str)  # why, in the ruleset's words

    def __init__(
        self,
        ruleset: Ruleset[Any, Any, Any, Any],
        state: Any,
        recorder: SeamRecorder | None = None,
        steps: Iterable[Step] = (),
        parent: QObject | None = None,
        oracle: OracleState | None = None,
    ) -> None:
        """``steps`` are those already played (a game read back from its save), oldest first, for undo; ``oracle``
        the solo oracle's state they leave (None until it is first used)."""
        super().__init__(parent)
        self.ruleset = ruleset
        self.state: Any = state
        self.oracle = oracle
        self.recorder = recorder
        self.steps: list[Step] = list(steps)
        self.responder: Responder | None = None
        self._responding = False

    @property
    def ply(self) -> int:
        return len(self.steps)

    def refusal(self, action: Any) -> str | None:
        return self.ruleset.refusal(self.state, action)

    def submit(self, action: Any) -> bool:
        """Apply ``action``; on a refusal emit ``refused`` with the reason and change nothing."""
        if not self._step(action, stand_in=False):
            return False
        self.respond()
        return True

    def _step(self, action: Any, stand_in: bool) -> bool:
        before = self.state
        try:
            state, events = self.ruleset.apply(before, action)
        except IllegalAction as error:
            self.refused.emit(str(error))
            return False
        if self.recorder is not None:
            with through_funnel():
                self.recorder.record(action, state, stand_in)
        self.state = state
        self.steps.append(Step(before, action, tuple(events), stand_in))
        self.changed.emit(list(events))
        return True

    def submit_oracle(self, oracle: OracleState) -> bool:
        """The oracle beside the table asked, rolled or noted something: one step, saved; a journal that lost
        entries is refused (they go by undo)."""
        before = self.oracle if self.oracle is not None else OracleState()
        if oracle == before:
            return False
        try:
            move = oracle_move(before, oracle)
        except IllegalAction as error:
            self.refused.emit(str(error))
            return False
        if self.recorder is not None:
            with through_funnel():
                self.recorder.record_oracle(move, self.state)
        self.oracle = oracle
        self.steps.append(Step(self.state, move, ()))
        self.changed.emit([])
        return True

    def set_responder(self, responder: Responder | None) -> None:
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
                action = self.responder(self.state)
                if action is None or not self._step(action, stand_in=True):
                    return
        finally:
            self._responding = False

    def _chain(self) -> list[Step]:
        """What one undo takes back: the stand-in's answers on top and the step before them."""
        count = 0
        while count < len(self.steps) and self.steps[-1 - count].stand_in:
            count += 1
        return self.steps[len(self.steps) - min(count + 1, len(self.steps)) :]

    def undo_refusal(self) -> str | None:
        chain = self._chain()
        if not chain:
            return "There is nothing to undo."
        if any(self.ruleset.reveals(event) for step in chain for event in step.events):
            return "That step showed something new (dice, or sealed choices), so it stands."
        if any(isinstance(step.action, OracleMove) and step.action.rolled for step in chain):
            return "The oracle rolled its dice for that answer, so it stands."
        if all(step.stand_in for step in chain):
            return "Only the GM's answers are left to undo, and they stand."
        return None

    def undo(self) -> bool:
        why = self.undo_refusal()
        if why is not None:
            self.refused.emit(why)
            return False
        taken = 0
        try:
            for step in reversed(self._chain()):
                if self.recorder is not None:  # saved first: an undo the save cannot take is not made
                    with through_funnel():
                        self.recorder.record_undo(step.before)
                self.steps.pop()
                self.state = step.before
                if isinstance(step.action, OracleMove):
                    self.oracle = step.action.before
                taken += 1
        finally:
            if taken:
                self.changed.emit([])
        return True
