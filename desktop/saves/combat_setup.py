"""Everything ``new_combat`` needs, kept in the save header so a game can be started again exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the rules engine loads when a fight starts or a save is read, not with the title screen
    from rt0table.rules.rt0.content.adversaries import AdversaryKind
    from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
    from rt0table.rules.rt0.fight.events import Event
    from rt0table.rules.rt0.fight.state import CombatState


@dataclass(frozen=True)
class CombatSetup:
    seed: int
    room_size: int
    fighters: tuple[FighterSetup, ...]
    adversaries: tuple[AdversarySetup, ...]
    bestiary: dict[str, AdversaryKind] = field(hash=False)
    practice: bool = False
    day: int = 0  # the campaign's Day (``new_combat(day=…)``): once-per-Day uses in the fight are stamped with it

    def start(self) -> tuple[CombatState, list[Event]]:
        from rt0table.rules.rt0.fight.engine import new_combat

        return new_combat(
            self.seed, self.room_size, self.fighters, self.adversaries, self.bestiary, self.practice, day=self.day
        )

    @property
    def character_names(self) -> list[str]:
        """The player characters' names: the default for the players shown on the load screen."""
        from rt0table.rules.rt0.fight.state import FighterKind

        return [f.name for f in self.fighters if f.kind is FighterKind.PLAYER]


def setup_to_columns(setup: CombatSetup) -> dict[str, Any]:
    """The header columns; the lists go through the engine's own codec so new fields need no code here."""
    from rt0table.rules.rt0.fight.serialize import encode

    return {
        "seed": setup.seed,
        "room_size": setup.room_size,
        "practice": int(setup.practice),
        "fighters": encode(setup.fighters),
        "adversaries": encode(setup.adversaries),
        "bestiary": encode(setup.bestiary),
        "day": setup.day,
    }


def setup_from_columns(row: dict[str, Any]) -> CombatSetup:
    """Inverse of ``setup_to_columns``; sqlite-utils hands JSON columns back as text. A fight saved before
    format 4 has no Day (0, as it was started), and its once-per-Day uses may carry the old names."""
    from rt0table.rules.rt0.content.adversaries import AdversaryKind
    from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
    from rt0table.rules.rt0.fight.serialize import decode

    fighters = decode(tuple[FighterSetup, ...], json.loads(row["fighters"]))
    return CombatSetup(
        seed=int(row["seed"]),
        room_size=int(row["room_size"]),
        fighters=tuple(_current_uses(f) for f in fighters),
        adversaries=decode(tuple[AdversarySetup, ...], json.loads(row["adversaries"])),
        bestiary=decode(dict[str, AdversaryKind], json.loads(row["bestiary"])),
        practice=bool(row["practice"]),
        day=int(row.get("day") or 0),
    )


def _current_uses(setup: FighterSetup) -> FighterSetup:
    """The setup with its once-per-Day uses under today's names (daily.read_legacy)."""
    if not setup.day_uses:
        return setup
    from rt0table.rules.rt0.fight.daily import read_legacy

    uses = dict(setup.day_uses)
    read_legacy(uses)
    return replace(setup, day_uses=tuple(uses.items()))
