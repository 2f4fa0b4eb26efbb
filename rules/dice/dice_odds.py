"""Exact odds for pools of surging dice, as fractions.

A roll only fails while its total stays under the difficulty, and every surge adds at least 1 to the total, so a
failure covers finitely many outcomes: ``P(total >= D)`` is a finite recursion over (dice still to roll, points
still needed). Icon counts (★, ☠) come from one starting die's chain of surges, which ends in exactly one face that
does not surge; the chain's icon count has a closed form (a geometric series where surge faces carry no icon), and
N dice are the N-fold convolution. Nothing here samples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache

from .die_faces import Die, Face

ONE = Fraction(1)
ZERO = Fraction(0)


def chance_at_least(die: Die, dice: int, difficulty: int) -> Fraction:
    """P(total of ``dice`` dice with all their surges >= ``difficulty``); a difficulty of 0 or less always passes."""
    if dice < 0:
        raise ValueError("a pool cannot have fewer than 0 dice")
    share = Fraction(1, die.sides)

    @cache
    def reach(left: int, need: int) -> Fraction:
        # (need, left) falls at every step: a surge lowers need by >= 1, any other face lowers left by 1
        if need <= 0:
            return ONE
        if left == 0:
            return ZERO
        return share * sum(
            (reach(left - 1 + face.surge, need - face.value) for face in die.faces),
            ZERO,
        )

    return reach(dice, difficulty)


def chance_of_failing(die: Die, dice: int, difficulty: int) -> Fraction:
    return ONE - chance_at_least(die, dice, difficulty)


def _icon_reader(kind: str) -> Callable[[Face], int]:
    if kind == "boosts":
        return lambda face: face.boosts
    if kind == "drags":
        return lambda face: face.drags
    raise ValueError(f"no icon kind {kind!r} (boosts or drags)")


def one_die_icons(die: Die, kind: str, below: int) -> list[Fraction]:
    """P(one starting die and its surges show exactly m icons of ``kind``), for m in 0..below-1.

    h(m) = Σ_{non-surge f, icons m} p + Σ_{surge f} p·h(m − icons(f)); the surge faces without icons put h(m) on
    both sides, so h(m) = (rest) / (1 − P(surge face without icons)).
    """
    icons = _icon_reader(kind)
    share = Fraction(1, die.sides)
    loop = share * sum(1 for face in die.faces if face.surge and icons(face) == 0)
    exact: list[Fraction] = []
    for m in range(below):
        rest = ZERO
        for face in die.faces:
            count = icons(face)
            if not face.surge:
                rest += share if count == m else ZERO
            elif 0 < count <= m:
                rest += share * exact[m - count]
        exact.append(rest / (ONE - loop))
    return exact


def chance_icons_at_least(die: Die, dice: int, kind: str, at_least: int) -> Fraction:
    """P(a pool of ``dice`` dice, surges included, shows >= ``at_least`` icons of ``kind`` ("boosts"/"drags"))."""
    if at_least <= 0:
        return ONE
    single = one_die_icons(die, kind, at_least)
    pool = [ONE] + [ZERO] * (at_least - 1)  # zero dice show zero icons
    for _ in range(dice):
        pool = [sum((pool[i] * single[m - i] for i in range(m + 1)), ZERO) for m in range(at_least)]
    return ONE - sum(pool, ZERO)


def chance_through(die: Die, rolls: Sequence[tuple[int, int]], raise_by: int = 0) -> Fraction:
    """P(every roll of a turn succeeds): each (dice, difficulty) with the difficulty raised by ``raise_by``.

    The rolls are independent, so the chance is the product; a roll whose raised difficulty is 0 or less is not
    rolled at all and counts as certain.
    """
    chance = ONE
    for dice, difficulty in rolls:
        chance *= chance_at_least(die, dice, difficulty + raise_by)
    return chance


def percent(chance: Fraction, places: int = 1) -> str:
    """A fraction as a percentage for display, e.g. 25/48 -> "52.1%"."""
    return f"{float(chance * 100):.{places}f}%"
