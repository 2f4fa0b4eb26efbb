"""The odds come from counting every throw and agree with the book's matrix."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rt0table.rules.loner.odds import all_throws, answer_odds, twist_odds
from rt0table.rules.loner.oracle import Answer, Edge
from tests.helpers.loner_rolls import book


def independent_count(edge: Edge) -> tuple[Counter[Answer], int, int]:
    """Count answers straight from the book's matrix, without the oracle module."""
    counts: Counter[Answer] = Counter()
    doubles = total = 0
    n = 3 if edge is not Edge.NEUTRAL else 2
    for dice in product(range(1, 7), repeat=n):
        if edge is Edge.ADVANTAGE:
            chance, risk = max(dice[0], dice[1]), dice[2]
        elif edge is Edge.DISADVANTAGE:
            chance, risk = dice[0], max(dice[1], dice[2])
        else:
            chance, risk = dice
        counts[book(chance, risk)] += 1
        doubles += chance == risk
        total += 1
    return counts, doubles, total


@pytest.mark.parametrize("edge", list(Edge))
def test_odds_sum_to_one_and_match_enumeration(edge: Edge) -> None:
    odds = answer_odds(edge)
    counts, doubles, total = independent_count(edge)
    assert odds.outcomes == total == len(all_throws(edge))
    assert sum(p for _, p in odds.answers) == 1
    for answer in Answer:
        assert odds.of(answer) == Fraction(counts[answer], total)
    assert odds.doubles == Fraction(doubles, total) == Fraction(1, 6)


def test_known_values() -> None:
    neutral = answer_odds(Edge.NEUTRAL)
    assert neutral.of(Answer.YES_AND) == Fraction(3, 36)
    assert neutral.any_yes == Fraction(21, 36)
    assert neutral.yes_but_without_doubles == Fraction(3, 36)
    advantage = answer_odds(Edge.ADVANTAGE)
    assert advantage.any_yes == Fraction(161, 216)
    assert advantage.of(Answer.YES_AND) == answer_odds(Edge.DISADVANTAGE).of(Answer.NO_AND)


def test_twist_odds_follow_the_counter() -> None:
    assert twist_odds(Edge.NEUTRAL, 0) == 0
    assert twist_odds(Edge.NEUTRAL, 1) == 0
    assert twist_odds(Edge.ADVANTAGE, 2) == Fraction(1, 6)
    assert twist_odds(Edge.NEUTRAL, 2, in_conflict=True) == 0
