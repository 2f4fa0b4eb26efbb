"""The exact odds against brute-force enumeration of every face sequence (the shared dice layer)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from rt0table.rules.dice.dice_odds import (
    chance_at_least,
    chance_icons_at_least,
    chance_through,
    one_die_icons,
    percent,
)
from rt0table.rules.dice.die_faces import Die, DieError, Face, plain_die
from rt0table.rules.moons_grave.surge_dice import SURGE_D6


def play_out(die: Die, dice: int, sequence: tuple[int, ...]) -> tuple[bool, int, int, int]:
    """Read a sequence of faces as one roll: (finished, total, boosts, drags) of the faces the roll used."""
    owed, total, boosts, drags = dice, 0, 0, 0
    for number in sequence:
        if owed == 0:
            break
        face = die.face(number)
        owed += face.surge - 1
        total, boosts, drags = total + face.value, boosts + face.boosts, drags + face.drags
    return owed == 0, total, boosts, drags


def brute_success(die: Die, dice: int, difficulty: int) -> Fraction:
    """Count every sequence of enough faces that an unfinished roll has already passed the difficulty."""
    length = dice + max(difficulty, 0) + 1
    hits = 0
    for sequence in itertools.product(range(1, die.sides + 1), repeat=length):
        finished, total, _, _ = play_out(die, dice, sequence)
        assert finished or total >= difficulty  # the cut-off never hides a failure
        hits += total >= difficulty
    return Fraction(hits, die.sides**length)


@pytest.mark.rule("MG-ODDS", "MG-ROLL-SURGE", "MG-ROLL-SUM")
@pytest.mark.parametrize(("dice", "difficulty"), [(n, d) for n in range(0, 4) for d in range(-1, 5) if n + d <= 6])
def test_success_odds_equal_brute_force_counting(dice: int, difficulty: int) -> None:
    assert chance_at_least(SURGE_D6, dice, difficulty) == brute_success(SURGE_D6, dice, difficulty)


@pytest.mark.rule("MG-ODDS")
def test_the_worked_figures_are_exact_fractions() -> None:
    assert chance_at_least(SURGE_D6, 1, 1) == Fraction(1, 2)
    assert chance_at_least(SURGE_D6, 2, 3) == Fraction(11, 36)
    assert chance_at_least(SURGE_D6, 3, 3) == Fraction(25, 48)
    assert chance_at_least(SURGE_D6, 4, 4) == Fraction(233, 432)
    assert chance_at_least(SURGE_D6, 4, 6) == Fraction(655, 2592)
    assert percent(chance_at_least(SURGE_D6, 3, 3)) == "52.1%"
    assert chance_at_least(SURGE_D6, 0, 1) == 0  # no dice cannot reach 1
    assert chance_at_least(SURGE_D6, 0, 0) == 1  # difficulty 0 is not rolled


@pytest.mark.rule("MG-ODDS")
def test_the_mean_of_one_die_is_exactly_one() -> None:
    # E[die] = (0+0+0+1+2)/6 + (1/6)(2 + E) -> E = 1; the tail sum of P(total >= d) is the mean
    tail = sum((chance_at_least(SURGE_D6, 1, d) for d in range(1, 60)), Fraction(0))
    assert Fraction(99, 100) < tail <= 1


def brute_icons(die: Die, dice: int, kind: int, at_least: int, length: int) -> tuple[Fraction, Fraction]:
    """(mass of finished rolls with >= at_least icons, mass of rolls unfinished after ``length`` faces)."""
    hits = unfinished = 0
    for sequence in itertools.product(range(1, die.sides + 1), repeat=length):
        finished, _, boosts, drags = play_out(die, dice, sequence)
        if not finished:
            unfinished += 1
        elif (boosts, drags)[kind] >= at_least:
            hits += 1
    return Fraction(hits, die.sides**length), Fraction(unfinished, die.sides**length)


@pytest.mark.rule("MG-ODDS-PERKS", "MG-ODDS")
@pytest.mark.parametrize("dice", [1, 2, 3])
@pytest.mark.parametrize("at_least", [1, 2, 3])
def test_icon_odds_are_the_binomials_and_agree_with_enumeration(dice: int, at_least: int) -> None:
    boosts = chance_icons_at_least(SURGE_D6, dice, "boosts", at_least)
    drags = chance_icons_at_least(SURGE_D6, dice, "drags", at_least)

    def binomial(p: Fraction) -> Fraction:
        return sum((math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(at_least, dice + 1)), Fraction(0))

    assert boosts == binomial(Fraction(2, 5))
    assert drags == binomial(Fraction(1, 5))
    # surges carry no icon, so chains are unbounded: enumeration brackets the exact value by the unfinished mass
    for kind, exact in ((0, boosts), (1, drags)):
        found, unfinished = brute_icons(SURGE_D6, dice, kind, at_least, dice + 3)
        assert found <= exact <= found + unfinished


@pytest.mark.rule("MG-ODDS-PERKS")
def test_icon_odds_for_a_die_whose_surges_carry_icons() -> None:
    # a house die: 1 ☠, 2 ★, 3 = 1, 4 = 2+ with a ★ on it: each surge also pays, so chains are bounded in icons
    die = Die("house", (Face(0, drags=1), Face(0, boosts=1), Face(1), Face(2, boosts=1, surge=True)))
    for dice in (1, 2):
        for at_least in (1, 2, 3):
            exact = chance_icons_at_least(die, dice, "boosts", at_least)
            found, unfinished = brute_icons(die, dice, 0, at_least, dice + at_least + 2)
            assert found <= exact <= found + unfinished
            # every face ends or pays, so a roll unfinished after dice+k faces already shows >= k+... icons
    assert one_die_icons(die, "boosts", 2) == [Fraction(1, 4) + Fraction(1, 4), Fraction(1, 4) + Fraction(1, 8)]


@pytest.mark.rule("MG-ODDS", "MG-TURN-FR-DIFF", "MG-TURN-ZERO-DIFF")
def test_the_chance_of_getting_through_a_planned_turn() -> None:
    # two planned actions: Fumble Risk 1; Strike 4 vs Parry 2, then Rally 3 vs 3
    through = chance_through(SURGE_D6, [(4, 2), (3, 3)], raise_by=1)
    assert through == chance_at_least(SURGE_D6, 4, 3) * chance_at_least(SURGE_D6, 3, 4)
    assert chance_through(SURGE_D6, [(2, 0)], raise_by=0) == 1  # a difficulty-0 roll is skipped
    assert chance_through(SURGE_D6, [(0, 0)], raise_by=1) == 0  # raised above 0 with no dice: cannot pass
    assert chance_through(SURGE_D6, []) == 1


def test_a_plain_d20_for_other_games() -> None:
    d20 = plain_die(20)
    assert chance_at_least(d20, 1, 15) == Fraction(6, 20)
    assert chance_icons_at_least(d20, 3, "boosts", 1) == 0


def test_dice_that_could_roll_forever_are_refused() -> None:
    with pytest.raises(DieError, match="surging face"):
        Die("bad", (Face(0, surge=True), Face(1)))
    with pytest.raises(DieError, match="never end"):
        Die("bad", (Face(1, surge=True),))
    with pytest.raises(ValueError, match="icon kind"):
        chance_icons_at_least(SURGE_D6, 1, "skulls", 1)
