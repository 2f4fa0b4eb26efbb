"""What the save store asks of a game whose playthroughs it keeps: the seam's codecs and hash, and a little more.

A playthrough's save (``gamefile``, ``replay``) holds several fights, each with its set-up and shuffle seed, a log
of actions and undos, and snapshots; the ruleset its header's ``ruleset`` column names supplies everything the
store needs to write and read them back, so the store names no game's types. ``SeamFile`` (``seam_save``) keeps a
single game on the seam and needs nothing beyond ``rules.seam.Ruleset``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .errors import DamagedSaveError
from .funnel_step import Step
from .setup_codec import RULESETS, known_ruleset


class PlayedStep(Protocol):
    """One step of a fight in play: the state before it (what undo goes back to), its action and events."""

    @property
    def before(self) -> Any: ...

    @property
    def action(self) -> Any: ...

    @property
    def events(self) -> Sequence[Any]: ...


class Played(Protocol):
    """A fight in play with the steps undo can still reach (RT:0's ``Game``): a replay keeps its steps there."""

    state: Any

    @property
    def steps(self) -> Sequence[PlayedStep]: ...

    def push(self, action: Any) -> list[Any]:
        """Apply ``action`` (a ``RulesError`` when the rules refuse it) and keep the step; its events."""
        ...

    def took(self, action: Any, new_state: Any, events: list[Any]) -> None:
        """Keep a step already applied from this state (its history lets go of what no undo can reach)."""
        ...

    def drop_last(self) -> PlayedStep:
        """Take the last step back whatever it showed (a replay that went wrong there)."""
        ...


class PlayedSteps:
    """A fight in play as the stack a replay (``log_replay``) keeps its steps on."""

    def __init__(self, game: Played) -> None:
        self.game = game

    def __len__(self) -> int:
        return len(self.game.steps)

    def push(self, step: Step[Any, Any, Any], after: Any) -> None:
        self.game.took(step.action, after, list(step.events))

    def top(self) -> Step[Any, Any, Any] | None:
        if not self.game.steps:
            return None
        last = self.game.steps[-1]
        return Step(last.before, last.action, tuple(last.events))

    def pop(self) -> None:
        self.game.state = self.game.drop_last().before


class SavedFight(Protocol):
    """A fight's set-up with its shuffle seed, as the save keeps it with the fight."""

    @property
    def seed(self) -> int: ...

    @property
    def character_names(self) -> list[str]:
        """The player characters' names: the players a new save lists when it is not told."""
        ...

    def start(self) -> tuple[Any, list[Any]]:
        """The fight's opening state and the events of setting it up."""
        ...


@runtime_checkable
class PlaythroughRules(Protocol):
    """A ``rules.seam.Ruleset`` whose playthroughs the store keeps (RT:0's ``rt0_seam.RT0``)."""

    key: str
    state_format: int  # the snapshots' format, written to the header

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Any]]: ...

    def state_hash(self, state: Any) -> str: ...

    def decode_state(self, data: Any) -> Any: ...

    def encode_action(self, action: Any) -> dict[str, Any]: ...

    def decode_action(self, data: Any) -> Any: ...

    def snapshot(self, state: Any) -> tuple[str, str]:
        """The state as a snapshot's JSON, and its ``state_hash``."""
        ...

    def in_play(self, state: Any, events: Sequence[Any] = ()) -> Played:
        """A fight in play from ``state``; ``events`` are its opening's."""
        ...

    def encode_saved_fight(self, setup: Any) -> dict[str, Any]: ...

    def decode_saved_fight(self, data: Any) -> SavedFight:
        """Raises a RulesError (or ValueError) naming the field when ``data`` is not a set-up the game makes."""
        ...


def playthrough_rules(path: Path, key: object) -> PlaythroughRules:
    """The rules of the game the save at ``path`` holds (its ``ruleset`` column); ``UnknownRulesetError`` for a key
    this version does not know, ``DamagedSaveError`` for a game whose saves open on a table of their own."""
    from rt0table.rules.rulesets import ruleset  # loads every game's rules: only when a save is opened to play

    rules = ruleset(known_ruleset(path, key))
    if not isinstance(rules, PlaythroughRules):
        raise DamagedSaveError(path, f"this is a {RULESETS[rules.key]} save; it opens on its own table, not RT:0's")
    return rules


def keeps_playthroughs(key: str) -> bool:
    """Whether the game saved under ``key`` keeps its saves as playthroughs (False for a key this version does not
    know: the seam's reader names it)."""
    from rt0table.rules.rulesets import RULESETS as GAMES

    rules = GAMES.get(key)
    return rules is not None and isinstance(rules, PlaythroughRules)
