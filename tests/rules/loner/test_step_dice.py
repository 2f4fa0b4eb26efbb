"""Appendix D: the Step Dice Oracle, its steps, its reading and its exact odds (counted, proven by enumeration)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from rt0table.rules.loner.dice import DiceError
from rt0table.rules.loner.odds import answer_odds
from rt0table.rules.loner.oracle import Answer, Edge
from rt0table.rules.loner.step_dice import StepDice, read_step, roll_step, step_dice, step_odds
from tests.helpers.loner_rolls import book

PAIRS = [StepDice(c, r) for c, r in [(6, 6), (8, 6), (10, 6), (6, 8), (6, 10)]]


@pytest.mark.rule("LONER-STEP-DIE")
@pytest.mark.parametrize(
    ("advantages", "disadvantages", "dice"),
    [
        (0, 0, (6, 6)),
        (1, 0, (8, 6)),
        (2, 0, (10, 6)),
        (5, 0, (10, 6)),  # never beyond a d10
        (0, 1, (6, 8)),
        (0, 3, (6, 10)),
        (1, 1, (6, 6)),
        (3, 1, (10, 6)),
        (1, 2, (6, 8)),
    ],
)
def test_edges_step_one_die(advantages: int, disadvantages: int, dice: tuple[int, int]) -> None:
    pair = step_dice(advantages, disadvantages)
    assert (pair.chance_faces, pair.risk_faces) == dice


@pytest.mark.rule("LONER-STEP-DIE")
def test_impossible_dice_are_refused() -> None:
    for chance, risk in [(12, 6), (6, 4), (8, 8)]:
        with pytest.raises(DiceError):
            StepDice(chance, risk)
    with pytest.raises(DiceError, match="d8"):
        read_step(StepDice(8, 6), 9, 1)


@pytest.mark.rule("LONER-STEP-READ")
@pytest.mark.parametrize("pair", PAIRS)
def test_every_face_pair_reads_with_the_fixed_bands(pair: StepDice) -> None:
    for chance, risk in product(range(1, pair.chance_faces + 1), range(1, pair.risk_faces + 1)):
        roll = read_step(pair, chance, risk)
        assert roll.doubles is (chance == risk)
        if chance <= 6 and risk <= 6:
            assert roll.answer is book(chance, risk)  # the d6 matrix where the faces allow
        elif chance > risk:
            assert roll.answer is (Answer.YES_AND if risk >= 4 else Answer.YES)  # a 7+ is "4 or higher"
        else:
            assert roll.answer is (Answer.NO_AND if chance >= 4 else Answer.NO)


@pytest.mark.rule("LONER-STEP-READ")
@pytest.mark.parametrize("pair", PAIRS)
def test_step_odds_are_exact_and_match_enumeration(pair: StepDice) -> None:
    odds = step_odds(pair)
    assert odds.outcomes == pair.chance_faces * pair.risk_faces
    assert sum(p for _, p in odds.answers) == 1
    for answer in Answer:
        counted = sum(
            read_step(pair, c, r).answer is answer
            for c, r in product(range(1, pair.chance_faces + 1), range(1, pair.risk_faces + 1))
        )
        assert odds.of(answer) == Fraction(counted, odds.outcomes)


@pytest.mark.rule("LONER-STEP-READ")
def test_known_values() -> None:
    assert step_odds(StepDice()).answers == answer_odds(Edge.NEUTRAL).answers  # d6 against d6 is the oracle
    d8 = step_odds(StepDice(8, 6))
    assert d8.of(Answer.YES_AND) == Fraction(4 + 3 + 2, 48)  # Risk 4, 5, 6 under a higher Chance of 4 or more
    assert d8.of(Answer.NO_AND) == Fraction(3, 48)
    assert sum(d8.of(a) for a in Answer if a.is_yes) == Fraction(33, 48)


@pytest.mark.rule("LONER-STEP-DOUBLES")
def test_doubles_are_rarer_on_mismatched_dice() -> None:
    base = step_odds(StepDice()).doubles
    assert base == Fraction(1, 6)
    assert step_odds(StepDice(8, 6)).doubles == Fraction(1, 8) == base * Fraction(3, 4)  # a quarter fewer
    assert step_odds(StepDice(6, 10)).doubles == Fraction(1, 10) < Fraction(1, 8)


def test_rolled_step_dice_are_seeded() -> None:
    pair = StepDice(10, 6)
    a = [roll_step(pair, random.Random(3)) for _ in range(1)]
    b = [roll_step(pair, random.Random(3)) for _ in range(1)]
    assert a == b and 1 <= a[0].chance <= 10
