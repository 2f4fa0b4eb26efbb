"""The seam every game plugs into: set-up, legality, apply, reveals, codecs, what a seat sees, narration.

The desktop's funnel, the save store, replay, lessons, simulations and the solo stand-in type against
``Ruleset`` alone; each game (RT:0 first, then Moon's Grave and The Restless) supplies one implementation in a
module of its own package, and registers it in ``rules/rulesets.py`` under its ``key``. A shared conformance
suite (tests/rules/conformance/) is written against this protocol and runs on every ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

Setup = TypeVar("Setup")
State = TypeVar("State")
Action = TypeVar("Action")
Event = TypeVar("Event")

# A seat is who sits at the screen: a player's id, "gm" for whoever runs the opposition, or OMNISCIENT for
# replays, tests and simulations, which see everything.
Seat = str
OMNISCIENT: Seat = "*"
GM: Seat = "gm"


class RulesError(ValueError):
    """Base class for anything a game's rules refuse."""


class IllegalAction(RulesError):
    """An action the rules do not allow now; the message says why in words a player can read."""


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
