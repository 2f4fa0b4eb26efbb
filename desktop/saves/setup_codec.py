"""The one place the store names a ruleset: its key in the header, its set-up codec, the title the listing shows.

A save's ``ruleset`` column picks the game; a key this version does not know is refused by name. Until the
seam's registry (``rules/rulesets.py``) lands, RT:0 is the only entry and its set-up is ``CombatSetup``; switching
to the registry means replacing ``RULESETS`` and the two functions below, and nothing else in the store.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import DamagedSaveError, UnknownRulesetError

if TYPE_CHECKING:
    from .combat_setup import CombatSetup

RT0 = "rt0"
# key -> the game's title, for the load screen (no rules engine loaded to list saves)
RULESETS = {RT0: "RT:0", "moons-grave": "Moon's Grave", "restless": "The Restless", "loner": "Loner"}


def known_ruleset(path: Path, key: object) -> str:
    """The key, when this version plays that game; else ``UnknownRulesetError`` naming it."""
    if not isinstance(key, str) or key not in RULESETS:
        raise UnknownRulesetError(path, key)
    return key


def encode_setup(setup: CombatSetup) -> str:
    """The fight's set-up as the JSON text of ``fight.setup``: RT:0's ``new_combat`` arguments, through the
    engine's type-driven codec, so a field added to a fighter's set-up is saved with no code here."""
    from rt0table.rules.rt0.fight.serialize import encode

    data = {
        "seed": setup.seed,
        "room_size": setup.room_size,
        "practice": setup.practice,
        "fighters": encode(setup.fighters),
        "adversaries": encode(setup.adversaries),
        "bestiary": encode(setup.bestiary),
        "day": setup.day,
    }
    return json.dumps(data, separators=(",", ":"))


def decode_setup(path: Path, ruleset: str, text: str) -> CombatSetup:
    """``fight.setup`` read back; ``DamagedSaveError`` naming the field when it is not a set-up this game makes.

    A key missing from a fighter (an optional field added after the save was written) takes its default; a
    key this version does not know (a field added by a newer one) is ignored.
    """
    from rt0table.rules.seam import RulesError

    known_ruleset(path, ruleset)
    if ruleset != RT0:
        raise DamagedSaveError(path, f"this is a {RULESETS[ruleset]} save; it opens on its own table, not RT:0's")
    try:
        return _rt0_setup(json.loads(text))
    except RecursionError:
        raise DamagedSaveError(path, "the fight's set-up is nested too deeply to read") from None
    except (RulesError, ValueError, TypeError, KeyError) as error:
        raise DamagedSaveError(path, f"the fight's set-up is damaged: {error}") from None


def _rt0_setup(data: Any) -> CombatSetup:
    from dataclasses import replace

    from rt0table.rules.rt0.content.adversaries import AdversaryKind
    from rt0table.rules.rt0.fight.daily import read_legacy
    from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
    from rt0table.rules.rt0.fight.serialize import StateFormatError, decode
    from rt0table.rules.rt0.fight.zones import ROOM_SIZES

    from .combat_setup import CombatSetup

    if not isinstance(data, dict):
        raise StateFormatError("setup: expected a JSON object")
    for key in ("seed", "room_size", "fighters", "adversaries", "bestiary"):
        if key not in data:
            raise StateFormatError(f"setup.{key}: missing")
    practice = data.get("practice", False)
    if practice not in (0, 1) or isinstance(practice, float):  # format 4's column was 0/1; format 5 writes a bool
        raise StateFormatError(f"setup.practice: expected true or false, found {practice!r}")
    fighters = decode(tuple[FighterSetup, ...], data["fighters"], "setup.fighters")
    for fighter in fighters:  # once-per-Day uses saved before they took the Day clock's names (daily.read_legacy)
        if fighter.day_uses:
            uses = dict(fighter.day_uses)
            read_legacy(uses)
            fighters = tuple(replace(f, day_uses=tuple(uses.items())) if f is fighter else f for f in fighters)
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
