"""The numbers abilities and weaknesses change (MOD-*), read from a character's current traits.

Each function takes the traits in force right now (chosen, free, and any an injury imposes). When a set holds
both sides of a pair, the weakness wins: injuries that impose a weakness override the matching ability.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final

from ..traits import OPPOSITE, Arcana, Trait


@dataclass(frozen=True, slots=True)
class Scaled:
    """A number with its value for the ability and for the opposite weakness."""

    base: int
    ability: Trait
    with_ability: int
    weakness: Trait
    with_weakness: int

    def read(self, traits: Collection[Trait]) -> int:
        """The number for these traits; the weakness wins over the ability."""
        if self.weakness in traits:
            return self.with_weakness
        if self.ability in traits:
            return self.with_ability
        return self.base


# CMB-UNARMED (MOD-STRENGTH): damage when the bin reaches 10.
UNARMED_DAMAGE: Final = Scaled(5, Trait.STRONG, 7, Trait.WEAK, 3)
UNARMED_RANGED: Final = Scaled(2, Trait.STRONG, 3, Trait.WEAK, 1)
# Carrying Big objects (MOD-STRENGTH).
BIG_OBJECTS: Final = Scaled(1, Trait.STRONG, 2, Trait.WEAK, 0)
# CMB-DEFEND (MOD-SPEED): Shield when the bin reaches 10.
DEFEND_SHIELD: Final = Scaled(5, Trait.FAST, 7, Trait.SLOW, 3)
# CMB-MOVE-SKILL and CMB-RUN-AWAY (MOD-SPEED): cards needed.
MOVE_SKILL_CARDS: Final = Scaled(2, Trait.FAST, 1, Trait.SLOW, 3)
RUN_AWAY_CARDS: Final = Scaled(3, Trait.FAST, 2, Trait.SLOW, 4)
# CMB-CONCENTRATE (MOD-WISDOM): cards needed.
CONCENTRATE_CARDS: Final = Scaled(2, Trait.WISE, 1, Trait.FOOLISH, 3)

# CMB-FRIENDSHIP (MOD-CHARM): empty circles drawn at the end of each Day.
FRIENDSHIP_CIRCLES: Final = 1
FRIENDSHIP_CIRCLES_CHARMING: Final = 2
# CMB-CATASTROPHE (MOD-LUCK): Shield a Lucky character gains.
CATASTROPHE_SHIELD_LUCKY: Final = 10
# CMB-CONCENTRATE (MOD-MAGIC): what a Clever character gets when Concentrate fires.
CONCENTRATE_CLEVER_MAGIC_DAMAGE: Final = 1
CONCENTRATE_CLEVER_SHIELD: Final = 1
# CMB-TURN and HP-DRAW3: cards drawn at the start of a combat turn.
DRAWS_PER_TURN: Final = 5
ARCANA_DRAWS_PER_TURN: Final[dict[Arcana, int]] = {Arcana.HIGH_PRIESTESS: 3}


def unarmed_damage(traits: Collection[Trait]) -> int:
    """Melee Damage from Unarmed Strike: 5, Strong 7, Weak 3."""
    return UNARMED_DAMAGE.read(traits)


def unarmed_ranged(traits: Collection[Trait]) -> int:
    """Ranged Damage from Unarmed Strike: 2, Strong 3, Weak 1."""
    return UNARMED_RANGED.read(traits)


def big_objects_carried(traits: Collection[Trait]) -> int:
    """How many Big objects one can carry: 1, Strong 2, Weak 0."""
    return BIG_OBJECTS.read(traits)


def defend_shield(traits: Collection[Trait]) -> int:
    """Shield from Defend: 5, Fast 7, Slow 3."""
    return DEFEND_SHIELD.read(traits)


def move_skill_cards(traits: Collection[Trait]) -> int:
    """Cards Movement / Skill needs: 2, Fast 1, Slow 3."""
    return MOVE_SKILL_CARDS.read(traits)


def run_away_cards(traits: Collection[Trait]) -> int:
    """Cards Run Away needs: 3, Fast 2, Slow 4."""
    return RUN_AWAY_CARDS.read(traits)


def concentrate_cards(traits: Collection[Trait]) -> int:
    """Cards Concentrate needs: 2, Wise 1, Foolish 3."""
    return CONCENTRATE_CARDS.read(traits)


def concentrate_magic_damage(traits: Collection[Trait]) -> int:
    """Magic Damage dealt when Concentrate fires: 1 if Clever (and not Dull), else 0."""
    return CONCENTRATE_CLEVER_MAGIC_DAMAGE if _has(traits, Trait.CLEVER) else 0


def concentrate_shield(traits: Collection[Trait]) -> int:
    """Shield gained when Concentrate fires: 1 if Clever (and not Dull), else 0."""
    return CONCENTRATE_CLEVER_SHIELD if _has(traits, Trait.CLEVER) else 0


def concentrate_redraws_intent(traits: Collection[Trait]) -> bool:
    """Whether Concentrate may make an adversary redraw its intent (Charming, not Strange)."""
    return _has(traits, Trait.CHARMING)


def friendship_circles(traits: Collection[Trait]) -> int:
    """Empty circles drawn on Friendship at the end of a Day: 1, Charming 2, Strange none."""
    if not can_use_friendship(traits):
        return 0
    return FRIENDSHIP_CIRCLES_CHARMING if Trait.CHARMING in traits else FRIENDSHIP_CIRCLES


def can_use_friendship(traits: Collection[Trait]) -> bool:
    """Strange characters may not use Friendship."""
    return Trait.STRANGE not in traits


def catastrophe_shield(traits: Collection[Trait]) -> int:
    """Shield gained on a Catastrophe: 10 if Lucky (and not Unlucky), else 0."""
    return CATASTROPHE_SHIELD_LUCKY if _has(traits, Trait.LUCKY) else 0


def can_cast_spells(traits: Collection[Trait]) -> bool:
    """Dull characters cannot use magic at all."""
    return Trait.DULL not in traits


def must_honk(traits: Collection[Trait]) -> bool:
    """Foolish characters must Honk once every turn."""
    return Trait.FOOLISH in traits


def draws_per_turn(arcana: Arcana | None) -> int:
    """Cards drawn at the start of a combat turn: 5, The High Priestess 3 (Eddies: see eddy rules)."""
    if arcana is None:
        return DRAWS_PER_TURN
    return ARCANA_DRAWS_PER_TURN.get(arcana, DRAWS_PER_TURN)


def _has(traits: Collection[Trait], ability: Trait) -> bool:
    """Whether an ability is in force: held and not overridden by its weakness."""
    return ability in traits and OPPOSITE[ability] not in traits


# --- the EVA Suit (ITM-EVA-SUIT): read by the adversaries' attacks and by checks, so kept below both ------------

EVA_SUIT: Final = "EVA Suit"
SUITED: Final = "eva-suit-on"  # a fighter's mark: wearing the EVA Suit in this fight
SEALED_AGAINST: Final = ("gas", "liquid")  # what the airtight helmet keeps out


def wearing_suit(items: Collection[str], marks: dict[str, int]) -> bool:
    """Whether a fighter with these items and marks has the EVA Suit on."""
    return bool(marks.get(SUITED)) and EVA_SUIT in items


HEADPHONES: Final = "Headphones"  # ITM-HEADPHONES: ``Fighter.stowed`` key of the cards kept face down on them
CANS_DRUNK: Final = "morning-starts-drunk"  # a fighter's mark: Morning Starts drunk in this fight (ITM-MORNING-START)
