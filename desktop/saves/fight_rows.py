"""A fight's steps as the rows of its save's current fight: the recorder of a fight's funnel (any game's)."""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from .funnel_step import Step
from .loaded import StandInAnswer
from .seam_oracle import OracleMove

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")


class FightLog(Protocol):
    """Where a fight's rows go (``SaveStore.recorder``): each action with the state after it, and each undo."""

    def record(self, action: Any, state: Any, answer: StandInAnswer | None = None) -> None: ...

    def record_undo(self, state: Any) -> None: ...


class FightRows(Generic[S, A, E]):
    """The funnel's recorder for a fight kept in a save: an action row per step, an undo row per step taken back."""

    def __init__(self, log: FightLog) -> None:
        self.log = log

    def record(self, step: Step[S, A, E], state: S) -> None:
        if isinstance(step.action, OracleMove):
            raise ValueError("a fight's own rows hold its actions; the oracle beside it is kept elsewhere")
        if step.note is None:
            self.log.record(step.action, state)
        else:
            self.log.record(step.action, state, step.note)

    def record_undo(self, step: Step[S, A, E]) -> None:
        self.log.record_undo(step.before)

    def record_oracle(self, move: OracleMove, state: S) -> None:
        raise ValueError("a fight's own rows hold its actions; the oracle beside it is kept elsewhere")
