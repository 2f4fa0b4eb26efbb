"""Characters and campaigns the campaign tests share."""

from __future__ import annotations

from rt0table.rules.rt0.campaign.campaign import Campaign, Member
from rt0table.rules.rt0.campaign.character import Character
from rt0table.rules.rt0.campaign.check_table import CheckTable
from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait


def fool(name: str = "Pip", ability: Trait = Trait.STRONG, weakness: Trait = Trait.SLOW) -> Character:
    """A valid Fool (Lucky for free)."""
    return Character(name, Arcana.FOOL, ability, weakness, Skill.GYM, Skill.LAW, (Spell.ARIES,))


def magician(name: str = "Mo", weakness: Trait = Trait.WEAK) -> Character:
    """A valid Charming Magician (Clever for free)."""
    spells = () if weakness is Trait.DULL else (Spell.LEO, Spell.GEMINI)
    return Character(name, Arcana.MAGICIAN, Trait.CHARMING, weakness, Skill.SCI, Skill.GYM, spells)


def party(*characters: Character) -> Campaign:
    """A campaign on Day 1 with these characters, ids a, b, c…"""
    return Campaign(members=tuple(Member("abcd"[i], c) for i, c in enumerate(characters)))


def stack(t: CheckTable, name: str, *cards: str) -> None:
    """Put these cards on top of the pile, first drawn first."""
    pile = t.piles[t.checkers[name].pile]
    ids = [by_name(c) for c in cards]
    rest = [c for c in pile.draw if c not in ids]
    pile.draw[:] = rest + list(reversed(ids))


MIRA = Character(
    "Mira",
    Arcana.MAGICIAN,
    Trait.CHARMING,
    Trait.WEAK,
    Skill.SCI,
    Skill.GYM,
    (Spell.LEO, Spell.VIRGO),
    "built a particle trap for a science fair",
    "lab coat over a band t-shirt",
)
