"""A fight's set-up: everything ``new_combat`` needs besides the seed (``FightSetup``, the seam's), and with the seed
(``CombatSetup``, what a playthrough's save keeps for each fight, through the codec at the end of this module)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...seam import RulesError
from ..content.adversaries import AdversaryKind
from .daily import read_legacy
from .engine import AdversarySetup, FighterSetup, new_combat
from .events import Event
from .serialize import StateFormatError, decode, encode
from .state import CombatState, FighterKind
from .zones import ROOM_SIZES


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


@dataclass(frozen=True)
class CombatSetup:
    """Everything ``new_combat`` needs, seed included: a playthrough's save keeps it with each fight, so the fight
    starts again exactly (``combat_setup_to_dict``)."""

    seed: int
    room_size: int
    fighters: tuple[FighterSetup, ...]
    adversaries: tuple[AdversarySetup, ...]
    bestiary: dict[str, AdversaryKind] = field(hash=False)
    practice: bool = False
    day: int = 0  # the campaign's Day (``new_combat(day=…)``): once-per-Day uses in the fight are stamped with it

    def start(self) -> tuple[CombatState, list[Event]]:
        return new_combat(
            self.seed, self.room_size, self.fighters, self.adversaries, self.bestiary, self.practice, day=self.day
        )

    @property
    def character_names(self) -> list[str]:
        """The player characters' names: the default for the players shown on the load screen."""
        return [f.name for f in self.fighters if f.kind is FighterKind.PLAYER]


def combat_setup_to_dict(setup: CombatSetup) -> dict[str, Any]:
    """The fight's set-up as a save's ``fight.setup`` holds it (this key order since format 5: the bytes stay the
    same), through the engine's type-driven codec, so a field added to a fighter's set-up is saved with no code
    here."""
    return {
        "seed": setup.seed,
        "room_size": setup.room_size,
        "practice": setup.practice,
        "fighters": encode(setup.fighters),
        "adversaries": encode(setup.adversaries),
        "bestiary": encode(setup.bestiary),
        "day": setup.day,
    }


def combat_setup_from_dict(data: Any) -> CombatSetup:
    """``combat_setup_to_dict`` read back; StateFormatError naming the field when it is not a set-up RT:0 makes.

    A key missing from a fighter (an optional field added after the save was written) takes its default; a key
    this version does not know (a field added by a newer one) is ignored.
    """
    if not isinstance(data, dict):
        raise StateFormatError("setup: expected a JSON object")
    for key in ("seed", "room_size", "fighters", "adversaries", "bestiary"):
        if key not in data:
            raise StateFormatError(f"setup.{key}: missing")
    practice = data.get("practice", False)
    if practice not in (0, 1) or isinstance(practice, float):  # format 4's column was 0/1; format 5 writes a bool
        raise StateFormatError(f"setup.practice: expected true or false, found {practice!r}")
    fighters = tuple(_current_uses(f) for f in decode(tuple[FighterSetup, ...], data["fighters"], "setup.fighters"))
    seed = decode(int, data["seed"], "setup.seed")
    room_size = decode(int, data["room_size"], "setup.room_size")
    if room_size not in ROOM_SIZES:
        raise StateFormatError(f"setup.room_size: a room is 1, 3 or 5 zones wide, not {room_size}")
    return CombatSetup(
        seed=seed,
        room_size=room_size,
        fighters=fighters,
        adversaries=decode(tuple[AdversarySetup, ...], data["adversaries"], "setup.adversaries"),
        bestiary=decode(dict[str, AdversaryKind], data["bestiary"], "setup.bestiary"),
        practice=bool(practice),
        day=decode(int, data.get("day", 0), "setup.day"),
    )
