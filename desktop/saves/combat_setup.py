"""Everything ``new_combat`` needs, kept with each fight (``setup_codec``) so it can be started again exactly."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

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
