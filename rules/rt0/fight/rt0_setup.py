"""A fight's set-up: everything ``new_combat`` needs besides the seed, as one value the save store keeps."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...seam import RulesError
from ..content.adversaries import AdversaryKind
from .daily import read_legacy
from .engine import AdversarySetup, FighterSetup, new_combat
from .events import Event
from .serialize import decode, encode
from .state import CombatState, FighterKind


class SetupFormatError(RulesError):
    """A saved set-up this version cannot read; the message names the field."""


@dataclass(frozen=True)
class FightSetup:
    """Who fights where, against what, on which Day: RT:0's set-up for ``Ruleset.new_state``."""

    room_size: int
    fighters: tuple[FighterSetup, ...]
    adversaries: tuple[AdversarySetup, ...]
    bestiary: dict[str, AdversaryKind] = field(hash=False)
    practice: bool = False
    day: int = 0  # the campaign's Day: once-per-Day uses made in the fight are stamped with it

    def start(self, seed: int) -> tuple[CombatState, list[Event]]:
        return new_combat(
            seed, self.room_size, self.fighters, self.adversaries, self.bestiary, self.practice, day=self.day
        )

    @property
    def character_names(self) -> list[str]:
        """The player characters' names (the load screen's default for the players)."""
        return [f.name for f in self.fighters if f.kind is FighterKind.PLAYER]


_FIELDS = ("room_size", "fighters", "adversaries", "bestiary", "practice", "day")


def setup_to_dict(setup: FightSetup) -> dict[str, Any]:
    data = encode(setup)
    assert isinstance(data, dict)
    return data


def setup_from_dict(data: Any) -> FightSetup:
    """Inverse of ``setup_to_dict``; raises SetupFormatError naming the field that cannot be read."""
    if not isinstance(data, dict):
        raise SetupFormatError(f"a fight's set-up must be a JSON object, not {type(data).__name__}")
    for name in ("room_size", "fighters", "adversaries", "bestiary"):
        if name not in data:
            raise SetupFormatError(f"the fight's set-up has no {name!r}")
    hints = {"room_size": int, "fighters": tuple[FighterSetup, ...], "adversaries": tuple[AdversarySetup, ...]}
    values: dict[str, Any] = {}
    for name in _FIELDS:
        if name not in data:
            continue
        kind = hints.get(name, {"bestiary": dict[str, AdversaryKind], "practice": bool, "day": int}.get(name))
        try:
            values[name] = decode(kind, data[name])
        except (KeyError, TypeError, ValueError, StopIteration) as error:
            raise SetupFormatError(f"the fight's set-up has a damaged {name!r}: {error!r}") from None
    fighters = tuple(_current_uses(f) for f in values["fighters"])
    return FightSetup(**{**values, "fighters": fighters})


def _current_uses(setup: FighterSetup) -> FighterSetup:
    """Once-per-Day uses under today's names (saves from before the Day clock used older ones)."""
    if not setup.day_uses:
        return setup
    uses = dict(setup.day_uses)
    read_legacy(uses)
    return replace(setup, day_uses=tuple(uses.items()))
