"""Exact odds for the d20 tray: the chance before a roll, with and without Rerolls, and what a miss costs.

Counted over the 20 faces (the shared ``plain_die``), never sampled; the closed forms in RS-ODDS are checked
against this count by the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..dice.dice_odds import percent
from ..dice.die_faces import plain_die
from .rs_effects import clamp

D20 = plain_die(20)


def hit_chance(die_defense: int, modifier: int = 0) -> Fraction:
    """P(clamp(d20 + modifier) >= Die Defense): a Combat or Ranged hit, or a Dodge that gets away."""
    hits = sum(1 for face in D20.faces if clamp(face.value + modifier) >= die_defense)
    return Fraction(hits, D20.sides)


def with_rerolls(chance: Fraction, rerolls: int) -> Fraction:
    """The chance when up to ``rerolls`` Reroll Counters are spent on misses: 1 - (1 - p)^(r + 1)."""
    return 1 - (1 - chance) ** (rerolls + 1)


@dataclass(frozen=True, slots=True)
class Forecast:
    """What the tray shows before a roll."""

    kind: str
    die_defense: int
    modifier: int
    chance: Fraction
    with_rerolls: tuple[Fraction, ...]  # spending up to 0, 1, 2 … of the party's Rerolls on misses
    miss_cost: int  # damage a miss lets through before Armor (0 for a Ranged roll)
    expected_damage: Fraction  # miss_cost × P(miss) with no Reroll spent

    def line(self) -> str:
        head = f"{self.kind.capitalize()} roll vs Die Defense {self.die_defense}"
        if self.modifier:
            head += f" ({self.modifier:+d})"
        text = f"{head}: {percent(self.chance)} ({self.chance.numerator}/{self.chance.denominator})"
        if len(self.with_rerolls) > 1:
            text += f"; with 1 Reroll {percent(self.with_rerolls[1])}"
        cost = f"on a miss you take {self.miss_cost}" if self.miss_cost else "a miss costs nothing"
        return f"{text}; {cost}."


def forecast(kind: str, die_defense: int, modifier: int, rerolls: int, miss_cost: int) -> Forecast:
    chance = hit_chance(die_defense, modifier)
    cost = 0 if kind == "ranged" else miss_cost
    chances = tuple(with_rerolls(chance, r) for r in range(rerolls + 1))
    return Forecast(kind, die_defense, modifier, chance, chances, cost, (1 - chance) * cost)
