"""Numbers the book ties to Abilities and Weaknesses (MOD-*), read when used, never stored."""

from __future__ import annotations

from collections.abc import Collection

from .traits import Arcana, Trait

Traits = Collection[Trait]


def _pick(traits: Traits, base: int, up: Trait, up_value: int, down: Trait, down_value: int) -> int:
    if up in traits:
        return up_value
    if down in traits:
        return down_value
    return base


def unarmed_damage(traits: Traits) -> int:
    return _pick(traits, 5, Trait.STRONG, 7, Trait.WEAK, 3)


def unarmed_ranged(traits: Traits) -> int:
    return _pick(traits, 2, Trait.STRONG, 3, Trait.WEAK, 1)


def defend_shield(traits: Traits) -> int:
    return _pick(traits, 5, Trait.FAST, 7, Trait.SLOW, 3)


def concentrate_cards(traits: Traits) -> int:
    return _pick(traits, 2, Trait.WISE, 1, Trait.FOOLISH, 3)


def move_skill_cards(traits: Traits) -> int:
    return _pick(traits, 2, Trait.FAST, 1, Trait.SLOW, 3)


def run_away_cards(traits: Traits) -> int:
    return _pick(traits, 3, Trait.FAST, 2, Trait.SLOW, 4)


def draws_per_turn(traits: Traits, arcana: Arcana | None) -> int:
    return 3 if arcana is Arcana.HIGH_PRIESTESS else 5


def catastrophe_shield(traits: Traits) -> int:
    return 10 if Trait.LUCKY in traits else 0


def must_honk(traits: Traits) -> bool:
    return Trait.FOOLISH in traits
