"""Every number an ability or weakness changes (MOD-*), for the base case, the ability and the weakness."""

from __future__ import annotations

from collections.abc import Callable, Collection

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rt0table.rules.rt0.campaign.character import Character
from rt0table.rules.rt0.fight import modifiers as mod
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait

A = Trait
Number = Callable[[Collection[Trait]], int]

# (function, base, ability, with ability, weakness, with weakness), numbers as the book prints them.
SCALED: list[tuple[Number, int, Trait, int, Trait, int, str]] = [
    (mod.unarmed_damage, 5, A.STRONG, 7, A.WEAK, 3, "MOD-STRENGTH"),
    (mod.unarmed_ranged, 2, A.STRONG, 3, A.WEAK, 1, "MOD-STRENGTH"),
    (mod.big_objects_carried, 1, A.STRONG, 2, A.WEAK, 0, "MOD-STRENGTH"),
    (mod.defend_shield, 5, A.FAST, 7, A.SLOW, 3, "MOD-SPEED"),
    (mod.move_skill_cards, 2, A.FAST, 1, A.SLOW, 3, "MOD-SPEED"),
    (mod.run_away_cards, 3, A.FAST, 2, A.SLOW, 4, "MOD-SPEED"),
    (mod.concentrate_cards, 2, A.WISE, 1, A.FOOLISH, 3, "MOD-WISDOM"),
]
SCALED_PARAMS = [pytest.param(*row[:6], marks=pytest.mark.rule(row[6]), id=row[0].__name__) for row in SCALED]


def unrelated(ability: Trait, weakness: Trait) -> frozenset[Trait]:
    """Every trait outside this pair, which must leave the number alone."""
    return frozenset(Trait) - {ability, weakness}


@pytest.mark.parametrize(("number", "base", "ability", "up", "weakness", "down"), SCALED_PARAMS)
def test_base_number(number: Number, base: int, ability: Trait, up: int, weakness: Trait, down: int) -> None:
    assert number(frozenset()) == base
    assert number(unrelated(ability, weakness)) == base


@pytest.mark.parametrize(("number", "base", "ability", "up", "weakness", "down"), SCALED_PARAMS)
def test_ability_number(number: Number, base: int, ability: Trait, up: int, weakness: Trait, down: int) -> None:
    assert number(frozenset({ability})) == up
    assert number(unrelated(ability, weakness) | {ability}) == up


@pytest.mark.parametrize(("number", "base", "ability", "up", "weakness", "down"), SCALED_PARAMS)
def test_weakness_number(number: Number, base: int, ability: Trait, up: int, weakness: Trait, down: int) -> None:
    assert number(frozenset({weakness})) == down


@pytest.mark.parametrize(("number", "base", "ability", "up", "weakness", "down"), SCALED_PARAMS)
def test_an_imposed_weakness_overrides_the_ability(
    number: Number, base: int, ability: Trait, up: int, weakness: Trait, down: int
) -> None:
    assert number(frozenset({ability, weakness})) == down


@pytest.mark.rule("MOD-MAGIC")
def test_clever_concentrate_deals_1_magic_damage_and_1_shield() -> None:
    assert mod.concentrate_magic_damage(frozenset()) == 0
    assert mod.concentrate_shield(frozenset()) == 0
    assert mod.concentrate_magic_damage(frozenset({A.CLEVER})) == 1
    assert mod.concentrate_shield(frozenset({A.CLEVER})) == 1
    assert mod.concentrate_magic_damage(frozenset({A.DULL})) == 0
    assert mod.concentrate_magic_damage(frozenset({A.CLEVER, A.DULL})) == 0
    assert mod.concentrate_shield(frozenset({A.CLEVER, A.DULL})) == 0


@pytest.mark.rule("MOD-MAGIC")
def test_dull_casts_no_spells() -> None:
    assert mod.can_cast_spells(frozenset())
    assert mod.can_cast_spells(frozenset({A.CLEVER}))
    assert not mod.can_cast_spells(frozenset({A.DULL}))
    assert not mod.can_cast_spells(frozenset({A.CLEVER, A.DULL}))


@pytest.mark.rule("MOD-CHARM")
def test_charming_concentrate_may_redraw_an_intent() -> None:
    assert not mod.concentrate_redraws_intent(frozenset())
    assert mod.concentrate_redraws_intent(frozenset({A.CHARMING}))
    assert not mod.concentrate_redraws_intent(frozenset({A.STRANGE}))
    assert not mod.concentrate_redraws_intent(frozenset({A.CHARMING, A.STRANGE}))


@pytest.mark.rule("MOD-CHARM")
def test_friendship_circles_1_charming_2_strange_none() -> None:
    assert mod.friendship_circles(frozenset()) == 1
    assert mod.friendship_circles(frozenset({A.CHARMING})) == 2
    assert mod.friendship_circles(frozenset({A.STRANGE})) == 0
    assert mod.friendship_circles(frozenset({A.CHARMING, A.STRANGE})) == 0


@pytest.mark.rule("MOD-CHARM")
def test_strange_cannot_use_friendship() -> None:
    assert mod.can_use_friendship(frozenset())
    assert mod.can_use_friendship(frozenset({A.CHARMING}))
    assert not mod.can_use_friendship(frozenset({A.STRANGE}))


@pytest.mark.rule("MOD-LUCK")
def test_lucky_gains_10_shield_on_a_catastrophe() -> None:
    assert mod.catastrophe_shield(frozenset()) == 0
    assert mod.catastrophe_shield(frozenset({A.LUCKY})) == 10
    assert mod.catastrophe_shield(frozenset({A.UNLUCKY})) == 0
    assert mod.catastrophe_shield(frozenset({A.LUCKY, A.UNLUCKY})) == 0


@pytest.mark.rule("MOD-WISDOM")
def test_foolish_must_honk() -> None:
    assert not mod.must_honk(frozenset())
    assert not mod.must_honk(frozenset({A.WISE}))
    assert mod.must_honk(frozenset({A.FOOLISH}))


@pytest.mark.rule("HP-DRAW3")
@pytest.mark.parametrize(("arcana", "draws"), [(Arcana.FOOL, 5), (Arcana.MAGICIAN, 5), (Arcana.HIGH_PRIESTESS, 3)])
def test_draws_per_turn(arcana: Arcana, draws: int) -> None:
    assert mod.draws_per_turn(arcana) == draws


def _character(arcana: Arcana, ability: Trait, weakness: Trait) -> Character:
    """A character of this Arcana; skills and spells do not matter here."""
    return Character("Tess", arcana, ability, weakness, Skill.GYM, Skill.LAW, (Spell.LEO,))


@pytest.mark.rule("FOOL-LUCKY", "MOD-LUCK")
def test_the_fool_is_lucky_where_it_counts() -> None:
    assert mod.catastrophe_shield(_character(Arcana.FOOL, A.STRONG, A.SLOW).traits) == 10
    assert mod.catastrophe_shield(_character(Arcana.MAGICIAN, A.STRONG, A.SLOW).traits) == 0


@pytest.mark.rule("MAG-CLEVER", "MOD-MAGIC")
def test_the_magician_is_clever_where_it_counts() -> None:
    traits = _character(Arcana.MAGICIAN, A.STRONG, A.SLOW).traits
    assert mod.concentrate_magic_damage(traits) == 1
    assert mod.concentrate_shield(traits) == 1
    assert mod.can_cast_spells(traits)


@pytest.mark.rule("HP-WISE", "MOD-WISDOM")
def test_the_high_priestess_is_wise_where_it_counts() -> None:
    assert mod.concentrate_cards(_character(Arcana.HIGH_PRIESTESS, A.STRONG, A.SLOW).traits) == 1
    assert mod.concentrate_cards(_character(Arcana.FOOL, A.STRONG, A.SLOW).traits) == 2


@pytest.mark.rule("MOD-STRENGTH", "MOD-SPEED", "MOD-MAGIC", "MOD-WISDOM", "MOD-LUCK", "MOD-CHARM")
@given(st.frozensets(st.sampled_from(Trait)))
def test_numbers_stay_within_the_book_range(traits: frozenset[Trait]) -> None:
    for number, base, _, up, _, down, _ in SCALED:
        assert number(traits) in {base, up, down}
    assert mod.friendship_circles(traits) in {0, 1, 2}
    assert mod.friendship_circles(traits) == 0 or mod.can_use_friendship(traits)
    assert mod.concentrate_magic_damage(traits) == 0 or mod.can_cast_spells(traits)
