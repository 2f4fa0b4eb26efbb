"""Corruption (COR-*): the circles a character sheet offers, marking points on them, what filling them gives.

Taking Corruption makes points *owed*; the player then marks each on an open circle (``mark``). If a point is owed
and the sheet has no open circle left, the character is lost (COR-FULL). Rulings: docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from ...seam import RulesError
from ..abilities import ABILITIES
from ..abilities import arcana_abilities as registered_arcana_abilities
from ..fight.modifiers import can_use_friendship
from ..traits import Arcana, Trait
from .campaign_events import CampaignEvent, CharacterLost, CorruptionMarked, CorruptionTaken, UpgradeUnlocked
from .character import Character

CIRCLES = 3  # on every Corruption Upgrade, on Skill Corruption and on Magic Corruption
SKILL = "Skill Corruption"
MAGIC = "Magic Corruption"
FRIENDSHIP = "Friendship"
RETRY_COST = 1  # SKL-RETRY
EXTRA_ABILITY_COST = 1  # CMB-CHOOSE-ABILITIES: one more Arcana Ability mid-fight

# Arcana Abilities the combat engine does not implement yet, in the book's order: (name, Corruption Upgrade).
# An ability registered in ``rules/rt0/abilities`` takes its name and upgrade from the registry instead: once one is
# implemented there, delete its row here (tests/rules/campaign/test_corruption.py fails until that is done).
PENDING_ARCANA_ABILITIES: dict[Arcana, tuple[tuple[str, str], ...]] = {
    Arcana.FOOL: (),
    Arcana.MAGICIAN: (),
    Arcana.HIGH_PRIESTESS: (),
}


@dataclass(frozen=True, slots=True)
class ArcanaAbility:
    """One Arcana Ability and the Corruption Upgrade printed under it; ``ability_id`` once the engine has it."""

    name: str
    upgrade: str
    ability_id: str | None = None


def arcana_abilities(arcana: Arcana) -> tuple[ArcanaAbility, ...]:
    """This Arcana's six Arcana Abilities: the engine's registered ones first, then those still pending."""
    registered = [
        ArcanaAbility(ABILITIES[a].name, ABILITIES[a].upgrade, a) for a in registered_arcana_abilities(arcana)
    ]
    known = {a.name for a in registered}
    pending = [ArcanaAbility(name, upgrade) for name, upgrade in PENDING_ARCANA_ABILITIES[arcana] if name not in known]
    return (*registered, *pending)


def upgrades(arcana: Arcana) -> tuple[str, ...]:
    """The six Corruption Upgrades on this Arcana's sheet, in sheet order."""
    return tuple(a.upgrade for a in arcana_abilities(arcana))


def places(arcana: Arcana) -> tuple[str, ...]:
    """Every place on this Arcana's sheet that takes Corruption, in sheet order."""
    return (SKILL, MAGIC, FRIENDSHIP, *upgrades(arcana))


@dataclass(frozen=True, slots=True)
class Corruption:
    """One character's Corruption: circles filled per place, Friendship circles drawn, points owed and taken."""

    marks: Mapping[str, int] = field(default_factory=dict)
    friendship_circles: int = 0
    owed: int = 0
    total: int = 0
    skill_claimed: bool = False
    magic_claimed: bool = False
    lost: bool = False

    def filled(self, place: str) -> int:
        return self.marks.get(place, 0)


def capacity(character: Character, record: Corruption, traits: Iterable[Trait]) -> dict[str, int]:
    """How many circles each place holds now, in sheet order; a closed place holds none (``closed_reason``)."""
    traits = frozenset(traits)
    return {
        place: 0
        if closed_reason(character, place, traits) is not None
        else record.friendship_circles
        if place == FRIENDSHIP
        else CIRCLES
        for place in places(character.arcana)
    }


def open_circles(character: Character, record: Corruption, traits: Iterable[Trait]) -> dict[str, int]:
    """Empty circles per place (places with none left are left out)."""
    room = {place: size - record.filled(place) for place, size in capacity(character, record, traits).items()}
    return {place: free for place, free in room.items() if free > 0}


def room_left(character: Character, record: Corruption, traits: Iterable[Trait]) -> int:
    """Every empty circle on the sheet now."""
    return sum(open_circles(character, record, traits).values())


def take(
    character: Character, record: Corruption, amount: int, reason: str, traits: Iterable[Trait], who: str = ""
) -> tuple[Corruption, list[CampaignEvent]]:
    """Take Corruption: the points are owed until marked; more owed than open circles loses the character."""
    if amount < 0:
        raise ValueError("Corruption is never negative")
    if amount == 0 or record.lost:
        return record, []
    record = replace(record, owed=record.owed + amount, total=record.total + amount)
    events: list[CampaignEvent] = [CorruptionTaken(who, amount, reason)]
    return _check_full(character, record, traits, who, events)


def _check_full(
    character: Character, record: Corruption, traits: Iterable[Trait], who: str, events: list[CampaignEvent]
) -> tuple[Corruption, list[CampaignEvent]]:
    """COR-FULL: owed points with nowhere to go end the character."""
    if record.owed > room_left(character, record, traits) and not record.lost:
        record = replace(record, lost=True)
        events.append(CharacterLost(who, record.owed))
    return record, events


def closed_reason(character: Character, place: str, traits: Iterable[Trait]) -> str | None:
    """Why a place takes no marks at all now, whatever is owed, or None (COR-MAGIC, CMB-FRIENDSHIP)."""
    if place == MAGIC and character.weakness is Trait.DULL:
        return "Dull characters can never learn spells, so Magic Corruption stays closed."
    if place == FRIENDSHIP and not can_use_friendship(frozenset(traits)):
        return "A Strange character cannot use Friendship."
    return None


def place_refusal(character: Character, record: Corruption, place: str, traits: Iterable[Trait]) -> str | None:
    """Why the next circle of this place cannot take a mark, owed points aside, or None."""
    if record.lost:
        return f"{character.name} is fully corrupted."
    if place not in places(character.arcana):
        return f"{character.name}'s sheet has no place called {place!r}."
    closed = closed_reason(character, place, traits)
    if closed is not None:
        return closed
    if place not in open_circles(character, record, traits):
        if place == FRIENDSHIP:
            return "No empty Friendship circle: more are drawn at the end of each Day."
        return f"Every circle on {place} is already filled."
    return None


def mark_refusal(character: Character, record: Corruption, place: str, traits: Iterable[Trait]) -> str | None:
    """Why a point cannot be marked there now, or None."""
    if record.owed <= 0 and not record.lost:
        return "No Corruption is waiting to be marked."
    return place_refusal(character, record, place, traits)


def mark(
    character: Character, record: Corruption, place: str, traits: Iterable[Trait], who: str = ""
) -> tuple[Corruption, list[CampaignEvent]]:
    """Mark one owed point on a place; the third circle of an upgrade, Skill or Magic unlocks it."""
    reason = mark_refusal(character, record, place, traits)
    if reason is not None:
        raise RulesError(reason)
    filled = record.filled(place) + 1
    record = replace(record, marks={**record.marks, place: filled}, owed=record.owed - 1)
    events: list[CampaignEvent] = [CorruptionMarked(who, place, filled)]
    if place != FRIENDSHIP and filled == CIRCLES:
        events.append(UpgradeUnlocked(who, place))
    return record, events


def suggest_marks(character: Character, record: Corruption, traits: Iterable[Trait]) -> list[str]:
    """A default placement for the owed points: Friendship first, then upgrades nearest completion, then the rest."""
    room = open_circles(character, record, traits)
    order = sorted(room, key=lambda p: (p != FRIENDSHIP, -record.filled(p), p in (SKILL, MAGIC)))
    plan: list[str] = []
    for place in order:
        plan += [place] * min(room[place], record.owed - len(plan))
    return plan


def add_friendship_circles(record: Corruption, count: int) -> Corruption:
    """Draw empty circles on Friendship (at the end of a Day)."""
    return replace(record, friendship_circles=record.friendship_circles + count)


def unlocked_upgrades(character: Character, record: Corruption) -> tuple[str, ...]:
    """COR-UPGRADE: upgrades with all three circles filled."""
    return tuple(u for u in upgrades(character.arcana) if record.filled(u) >= CIRCLES)


def free_abilities(character: Character, record: Corruption) -> tuple[str, ...]:
    """Arcana Abilities every fight gets for free because their upgrade is unlocked (COR-UPGRADE)."""
    done = set(unlocked_upgrades(character, record))
    return tuple(a.name for a in arcana_abilities(character.arcana) if a.upgrade in done)


def upgraded_ability_ids(character: Character, record: Corruption) -> frozenset[str]:
    """The engine ids of the Arcana Abilities whose upgrade is unlocked (those the engine implements)."""
    done = set(unlocked_upgrades(character, record))
    return frozenset(a.ability_id for a in arcana_abilities(character.arcana) if a.upgrade in done and a.ability_id)


def skill_reward_due(record: Corruption) -> bool:
    """COR-SKILL: Skill Corruption is full and its new A+ and F are not yet chosen."""
    return record.filled(SKILL) >= CIRCLES and not record.skill_claimed


def magic_reward_due(record: Corruption) -> bool:
    """COR-MAGIC: Magic Corruption is full and its new spell is not yet chosen."""
    return record.filled(MAGIC) >= CIRCLES and not record.magic_claimed
