"""Exact odds of every oracle answer, counted over every way the dice can fall."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from .dice import FACES
from .oracle import Answer, Edge, OracleThrow, read_oracle
from .twist import TWIST_AT


@dataclass(frozen=True, slots=True)
class Odds:
    """The chance of each answer for one edge, as exact fractions over ``outcomes`` equally likely throws."""

    edge: Edge
    outcomes: int
    answers: tuple[tuple[Answer, Fraction], ...]
    doubles: Fraction

    def of(self, answer: Answer) -> Fraction:
        """The probability of one answer (doubles included in Yes, but…)."""
        return dict(self.answers)[answer]

    @property
    def any_yes(self) -> Fraction:
        """The probability of any of the three Yes answers."""
        return sum((p for a, p in self.answers if a.is_yes), Fraction(0))

    @property
    def yes_but_without_doubles(self) -> Fraction:
        """Yes, but… from the low band alone, without the doubles that also read Yes, but…."""
        return self.of(Answer.YES_BUT) - self.doubles


def all_throws(edge: Edge) -> list[OracleThrow]:
    """Every throw an edge can produce, each equally likely (36 or 216)."""
    faces = range(1, FACES + 1)
    return [
        OracleThrow(tuple(dice[: edge.chance_dice]), tuple(dice[edge.chance_dice :]))
        for dice in product(faces, repeat=edge.chance_dice + edge.risk_dice)
    ]


def answer_odds(edge: Edge) -> Odds:
    """Count every throw for ``edge`` and return the exact odds of each answer and of doubles."""
    throws = all_throws(edge)
    counts = dict.fromkeys(Answer, 0)
    doubles = 0
    for throw in throws:
        roll = read_oracle(throw)
        counts[roll.answer] += 1
        doubles += roll.doubles
    total = len(throws)
    return Odds(
        edge,
        total,
        tuple((answer, Fraction(counts[answer], total)) for answer in Answer),
        Fraction(doubles, total),
    )


def twist_odds(edge: Edge, counter: int, in_conflict: bool = False) -> Fraction:
    """The chance that the next roll sets off a Twist, given the Twist Counter now."""
    if in_conflict or counter < TWIST_AT - 1:
        return Fraction(0)
    return answer_odds(edge).doubles
