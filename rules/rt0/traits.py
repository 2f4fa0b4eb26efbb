"""Abilities, weaknesses, skills, Arcana and spells as named values (the Report Card's vocabulary)."""

from __future__ import annotations

from enum import Enum
from typing import Final


class Trait(Enum):
    """An Ability (left column of the Report Card) or a Weakness."""

    STRONG = "Strong"
    FAST = "Fast"
    CLEVER = "Clever"
    WISE = "Wise"
    LUCKY = "Lucky"
    CHARMING = "Charming"
    WEAK = "Weak"
    SLOW = "Slow"
    DULL = "Dull"
    FOOLISH = "Foolish"
    UNLUCKY = "Unlucky"
    STRANGE = "Strange"

    # Members are singletons compared by identity, so identity hashing is exact; Enum's own __hash__
    # is Python code and trait lookups sit on the engine's hot path.
    __hash__ = object.__hash__


ABILITIES = (Trait.STRONG, Trait.FAST, Trait.CLEVER, Trait.WISE, Trait.LUCKY, Trait.CHARMING)
WEAKNESSES = (Trait.WEAK, Trait.SLOW, Trait.DULL, Trait.FOOLISH, Trait.UNLUCKY, Trait.STRANGE)
OPPOSITE: Final[dict[Trait, Trait]] = {
    **dict(zip(ABILITIES, WEAKNESSES, strict=True)),
    **dict(zip(WEAKNESSES, ABILITIES, strict=True)),
}


class Skill(Enum):
    FINAID = "FINAID"
    ART = "ART"
    SCI = "SCI"
    FREE = "FREE"
    GYM = "GYM"
    AID = "AID"
    SHOP = "SHOP"
    LAW = "LAW"
    MISC = "MISC"

    __hash__ = object.__hash__  # identity, as Trait's: dict and set look-ups by this enum sit on the hot path


# The two Abilities that open each skill to an A+ (CHR-SKILL-APLUS).
SKILL_ABILITIES: dict[Skill, tuple[Trait, Trait]] = {
    Skill.FINAID: (Trait.FAST, Trait.LUCKY),
    Skill.ART: (Trait.CHARMING, Trait.FAST),
    Skill.SCI: (Trait.CLEVER, Trait.CHARMING),
    Skill.FREE: (Trait.CLEVER, Trait.FAST),
    Skill.GYM: (Trait.STRONG, Trait.FAST),
    Skill.AID: (Trait.WISE, Trait.CHARMING),
    Skill.SHOP: (Trait.WISE, Trait.STRONG),
    Skill.LAW: (Trait.WISE, Trait.CLEVER),
    Skill.MISC: (Trait.LUCKY, Trait.STRONG),
}


class Arcana(Enum):
    """The playable Major Arcana; the value is the card id of that Major."""

    FOOL = 0
    MAGICIAN = 1
    HIGH_PRIESTESS = 2

    __hash__ = object.__hash__  # identity, as Trait's: dict and set look-ups by this enum sit on the hot path

    @property
    def title(self) -> str:
        return {0: "The Fool", 1: "The Magician", 2: "The High Priestess"}[self.value]


# The free Ability each Arcana grants (FOOL-LUCKY, MAG-CLEVER, HP-WISE).
ARCANA_ABILITY: dict[Arcana, Trait] = {
    Arcana.FOOL: Trait.LUCKY,
    Arcana.MAGICIAN: Trait.CLEVER,
    Arcana.HIGH_PRIESTESS: Trait.WISE,
}


def with_free_ability(traits: frozenset[Trait], arcana: Arcana | None) -> frozenset[Trait]:
    """The traits with the Arcana's free ability added (FOOL-LUCKY, MAG-CLEVER, HP-WISE), however they were set up.

    Raises ValueError when the traits hold that ability's opposite weakness, which no character may have.
    """
    if arcana is None:
        return traits
    free = ARCANA_ABILITY[arcana]
    if OPPOSITE[free] in traits:
        raise ValueError(f"{arcana.title} is always {free.value}, so {OPPOSITE[free].value} cannot be among its traits")
    return traits if free in traits else traits | {free}


class Spell(Enum):
    ARIES = "Aries"
    TAURUS = "Taurus"
    CANCER = "Cancer"
    LEO = "Leo"
    GEMINI = "Gemini"
    SAGITTARIUS = "Sagittarius"
    CAPRICORN = "Capricorn"
    LIBRA = "Libra"
    SCORPIO = "Scorpio"
    PISCES = "Pisces"
    AQUARIUS = "Aquarius"
    VIRGO = "Virgo"
    OPHIUCHUS = "Ophiuchus"

    __hash__ = object.__hash__  # identity, as Trait's: dict and set look-ups by this enum sit on the hot path


# CHR-SPELL-REQ: spells only some characters may learn.
SPELL_REQUIRES: dict[Spell, Trait] = {
    Spell.AQUARIUS: Trait.CHARMING,
    Spell.VIRGO: Trait.CHARMING,
    Spell.OPHIUCHUS: Trait.LUCKY,
}
