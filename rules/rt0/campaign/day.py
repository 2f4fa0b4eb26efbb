"""The Day (DAY-CLOCK): its number and the once-per-Day powers each character has used since it began.

The one record of once-per-Day uses between fights. A fight gets a member's uses for today stamped with the Day
(``campaign.fighter_setup`` -> ``FighterSetup.day_uses``, ``new_combat(day=clock.day)``), keeps them in
``Fighter.day_uses`` (``daily.py``) and hands back those stamped with its Day (``FighterOutcome.day_uses``), which
``campaign.conclude_fight`` marks here. Names are ``POWERS``' keys, one spelling per power.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from ...seam import RulesError
from ..traits import Arcana, Spell
from .campaign_events import CampaignEvent, UsesRefreshed
from .character import Character
from .spell_skills import DAY_USES

FORESIGHT_TOOLS = ("Magic 8-Ball", "Ouija Board", "Tarot Deck", "Crystal Ball", "Fortune Cookies")  # HP-FORESIGHT

# The one spelling of each power's name: the Day clock keeps these between fights, ``Fighter.day_uses`` in one.
DEUS_EX_MACHINA = "Deus Ex Machina"  # FOOL-DEUS
PART_OF_MY_PLAN = "This Was All Part of My Plan"  # MAG-PLAN
SLAUGHTER = "Slaughter"  # FOOL-SLAUGHTER


def foresight(tool: str) -> str:
    """HP-FORESIGHT: the power of consulting one divination tool ("Foresight: Crystal Ball")."""
    return f"Foresight: {tool}"


@dataclass(frozen=True, slots=True)
class Power:
    """A named use limited to once per Day, and who has it: an Arcana, a spell, or an unlocked upgrade."""

    name: str
    arcana: Arcana | None = None
    spell: Spell | None = None
    upgrade: str | None = None


POWERS: dict[str, Power] = {
    p.name: p
    for p in (
        Power(DEUS_EX_MACHINA, arcana=Arcana.FOOL),
        Power(PART_OF_MY_PLAN, arcana=Arcana.MAGICIAN),
        *(Power(foresight(tool), arcana=Arcana.HIGH_PRIESTESS) for tool in FORESIGHT_TOOLS),
        Power(SLAUGHTER, arcana=Arcana.FOOL, upgrade="Slaughter"),
        # SPL-*: each spell's once-a-Day skill use (Aquarius's Heal is one a Day in or out of combat)
        *(Power(name, spell=spell) for spell, name in DAY_USES.items()),
    )
}


def powers_of(character: Character) -> tuple[str, ...]:
    """The once-per-Day powers this character's Arcana and spells give (upgrades need their circles filled)."""
    spells = set(character.all_spells)
    return tuple(
        p.name
        for p in POWERS.values()
        if (p.spell is None and p.upgrade is None and p.arcana is character.arcana) or p.spell in spells
    )


@dataclass(frozen=True, slots=True)
class DayClock:
    """The current Day (from 1) and, per party member, the once-per-Day powers used today."""

    day: int = 1
    used: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def used_by(self, member: str) -> tuple[str, ...]:
        return self.used.get(member, ())


def use_refusal(clock: DayClock, member: str, power: str) -> str | None:
    """Why this power cannot be used now, or None."""
    if power not in POWERS:
        return f"{power!r} is not a once-per-Day power."
    if power in clock.used_by(member):
        return f"{power} has already been used today."
    return None


def use(clock: DayClock, member: str, power: str) -> DayClock:
    """Spend a once-per-Day power for today."""
    reason = use_refusal(clock, member, power)
    if reason is not None:
        raise RulesError(reason)
    return replace(clock, used={**clock.used, member: (*clock.used_by(member), power)})


def next_day(clock: DayClock, members: Iterable[str]) -> tuple[DayClock, list[CampaignEvent]]:
    """A new Day: every once-per-Day power is fresh again."""
    events: list[CampaignEvent] = [UsesRefreshed(m, clock.used_by(m)) for m in members if clock.used_by(m)]
    return DayClock(clock.day + 1, {}), events
