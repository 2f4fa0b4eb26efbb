"""One step of a game through the funnel, and what the funnel asks of a game's rules and of its save (no Qt)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from .loaded import StandInAnswer
from .seam_oracle import OracleMove

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
A_in = TypeVar("A_in", contravariant=True)


class Play(Protocol[S, A_in, E]):
    """What the funnel asks of a game's rules: the part of ``rules.seam.Ruleset`` that changes a game."""

    def apply(self, state: S, action: A_in) -> tuple[S, list[E]]: ...

    def refusal(self, state: S, action: A_in) -> str | None: ...

    def reveals(self, event: E) -> bool: ...

    def is_over(self, state: S) -> bool: ...


@dataclass(frozen=True)
class Reply(Generic[A]):
    """A responder's answer: the action, and why it chose it (for the log and the save), when it says."""

    action: A
    note: StandInAnswer | None = None


@dataclass  # not frozen: a frozen dataclass costs a microsecond a step to build, and nothing changes a step once made
class Step(Generic[S, A, E]):
    """One applied action: the state before it, the action (an ``OracleMove`` for the oracle's), its events,
    whether the stand-in chose it (``note``: why, when it said), and whether its events revealed something (None:
    not asked yet, for a step read back from a save)."""

    before: S
    action: A | OracleMove
    events: tuple[E, ...]
    stand_in: bool = False
    note: StandInAnswer | None = None
    reveals: bool | None = field(default=None, compare=False)  # worked out from the events: not part of what happened


class SeamRecorder(Protocol[S, A, E]):
    """Where the steps are kept (the save): called after every step that really happened, once each, inside one
    transaction; an undo is recorded before it is taken (a save that cannot take it leaves the game as it was)."""

    def record(self, step: Step[S, A, E], state: S) -> None: ...

    def record_undo(self, step: Step[S, A, E]) -> None: ...

    def record_oracle(self, move: OracleMove, state: S) -> None: ...
