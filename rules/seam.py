"""The seam every game plugs into: set-up, legality, apply, reveals, codecs, what a seat sees, narration.

The desktop's funnel, the save store, replay, lessons, simulations and the solo stand-in type against
``Ruleset`` alone; each game (RT:0 first, then Moon's Grave and The Restless) supplies one implementation in a
module of its own package, and registers it in ``rules/rulesets.py`` under its ``key``. A shared conformance
suite (tests/rules/conformance/) is written against this protocol and runs on every ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

Setup = TypeVar("Setup")
State = TypeVar("State")
Action = TypeVar("Action")
Event = TypeVar("Event")
Answer = TypeVar("Answer")

# A seat is who sits at the screen: a player's id, "gm" for whoever runs the opposition, OMNISCIENT for
# replays, tests and simulations, which see everything, or NOBODY for a screen whose curtain is down (whoever
# sits there sees nothing private to any seat).
Seat = str
OMNISCIENT: Seat = "*"
GM: Seat = "gm"
NOBODY: Seat = ""


class RulesError(ValueError):
    """Base class for anything a game's rules refuse."""


class IllegalAction(RulesError):
    """An action the rules do not allow now; the message says why in words a player can read."""


class SealedChoices(Generic[Answer]):
    """One question put to several seats at once (secret plans): each answer stays sealed until every seat has
    answered, then all are revealed together. A game keeps one in its state; ``seats_to_act`` is ``waiting``.

    A plain class, not a dataclass: mypyc (``make compiled``) cannot build a generic dataclass."""

    __slots__ = ("sealed", "seats")

    def __init__(self, seats: frozenset[Seat], sealed: tuple[tuple[Seat, Answer], ...] = ()) -> None:
        self.seats = seats
        self.sealed = sealed  # in the order given: (seat, answer)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SealedChoices) and (self.seats, self.sealed) == (other.seats, other.sealed)

    def __hash__(self) -> int:
        return hash((self.seats, self.sealed))

    def __repr__(self) -> str:
        return f"SealedChoices({set(self.seats)!r}, {self.sealed!r})"

    @property
    def waiting(self) -> frozenset[Seat]:
        """The seats that have not answered yet."""
        return self.seats - {seat for seat, _ in self.sealed}

    @property
    def complete(self) -> bool:
        return not self.waiting

    def answer(self, seat: Seat, answer: Answer) -> SealedChoices[Answer]:
        """A copy with ``seat``'s answer sealed in; IllegalAction for a seat not asked or already answered."""
        if seat not in self.seats:
            raise IllegalAction(f"{seat} is not asked this question.")
        if seat not in self.waiting:
            raise IllegalAction(f"{seat} has answered already; answers stay sealed until everyone has.")
        return SealedChoices(self.seats, (*self.sealed, (seat, answer)))

    def revealed(self) -> Mapping[Seat, Answer]:
        """Every seat's answer, once all are in; IllegalAction before that."""
        if not self.complete:
            raise IllegalAction(f"Still waiting for {', '.join(sorted(self.waiting))}.")
        return dict(self.sealed)

    def seen_by(self, seat: Seat) -> SealedChoices[Answer]:
        """What ``seat`` may see before the reveal: its own answer alone (``answered`` on the full value says who)."""
        if seat == OMNISCIENT or self.complete:
            return self
        return SealedChoices(self.seats, tuple((s, a) for s, a in self.sealed if s == seat))

    def answered(self) -> frozenset[Seat]:
        """Who has answered: public even while the answers are sealed."""
        return frozenset(seat for seat, _ in self.sealed)


class Ruleset(Protocol[Setup, State, Action, Event]):
    """One game's rules as pure functions over immutable-by-convention values (no Qt, no I/O)."""

    key: str  # stored in a save's ``ruleset`` column; never changes once shipped
    title: str  # the game's name as the title screen shows it

    def new_state(self, setup: Setup, seed: int) -> tuple[State, list[Event]]:
        """The opening state of a game from its set-up and shuffle seed, with the events of setting it up."""
        ...

    def legal_actions(self, state: State) -> Sequence[Action]:
        """Every action allowed now; ``refusal(state, a) is None`` exactly when ``a`` is in this list."""
        ...

    def refusal(self, state: State, action: Action) -> str | None:
        """Why ``action`` is not allowed now, in a player's words, or None when it is."""
        ...

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        """The state after ``action`` and what happened; raises IllegalAction and leaves ``state`` as it was."""
        ...

    def reveals(self, event: Event) -> bool:
        """Whether the event showed something nobody knew (a card drawn, a die rolled): undo stops there."""
        ...

    def is_over(self, state: State) -> bool: ...

    def seats_to_act(self, state: State) -> frozenset[Seat]:
        """Who must act now; more than one when the game asks several seats at once (secret plans)."""
        ...

    def observe(self, state: State, seat: Seat) -> State:
        """The state as ``seat`` may see it: what is private to other seats is hidden (OpenSpiel's observer)."""
        ...

    def state_hash(self, state: State) -> str: ...

    def encode_state(self, state: State) -> dict[str, Any]: ...

    def decode_state(self, data: Any) -> State:
        """Raises a RulesError naming the field when ``data`` is not a state this game could have made."""
        ...

    def encode_action(self, action: Action) -> dict[str, Any]: ...

    def decode_action(self, data: Any) -> Action: ...

    def encode_setup(self, setup: Setup) -> dict[str, Any]: ...

    def decode_setup(self, data: Any) -> Setup: ...

    def narrate(self, state: State, event: Event) -> str:
        """One log line for ``event``; ``state`` is the state after it (names, zones)."""
        ...

    def sample_setup(self, seed: int) -> Setup:
        """A valid set-up drawn from ``seed``: what the conformance suite, simulations and quick starts play."""
        ...

    def action_space(self, state: State) -> Sequence[Action]:
        """Actions of every shape the game has, legal or not (every hand card on every bin, unknown ids, options
        out of range): a superset of ``legal_actions`` that the conformance suite checks ``refusal`` over."""
        ...
