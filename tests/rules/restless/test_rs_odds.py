"""The d20 tray's exact odds, proven against counting every face and every sequence of rerolls (RS-ODDS)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rt0table.rules.restless.rs_effects import clamp
from rt0table.rules.restless.rs_odds import forecast, hit_chance, with_rerolls


def closed_form(dd: int, m: int) -> Fraction:
    if dd > 20:
        return Fraction(0)
    if dd <= 1:
        return Fraction(1)
    return min(Fraction(1), max(Fraction(0), Fraction(21 - dd + m, 20)))


@pytest.mark.rule("RS-ODDS", "RS-CMB-CLAMP")
def test_the_chance_to_hit_is_the_closed_form_for_every_die_defense_and_modifier() -> None:
    for dd in range(-2, 24):
        for m in range(-25, 26):
            counted = Fraction(sum(1 for face in range(1, 21) if clamp(face + m) >= dd), 20)
            assert hit_chance(dd, m) == counted == closed_form(dd, m), (dd, m)


@pytest.mark.rule("RS-ODDS", "RS-REROLL")
def test_rerolls_kept_for_misses_give_one_minus_the_miss_chance_to_the_r_plus_one() -> None:
    for dd in (4, 8, 12, 16, 20):
        p = hit_chance(dd)
        for r in range(0, 3):
            # every sequence of r + 1 faces: a hit on any try (rerolling each miss) succeeds
            hits = sum(1 for faces in product(range(1, 21), repeat=r + 1) if any(f >= dd for f in faces))
            assert with_rerolls(p, r) == Fraction(hits, 20 ** (r + 1))
    assert [round(float(with_rerolls(hit_chance(12), r)) * 100, 1) for r in range(3)] == [45.0, 69.8, 83.4]


@pytest.mark.rule("RS-ODDS")
def test_the_tray_says_what_a_miss_costs() -> None:
    combat = forecast("combat", 12, 0, 2, 3)
    assert combat.chance == Fraction(9, 20) and combat.expected_damage == Fraction(33, 20)
    assert combat.line() == "Combat roll vs Die Defense 12: 45.0% (9/20); with 1 Reroll 69.8%; on a miss you take 3."
    ranged = forecast("ranged", 12, 1, 0, 3)
    assert ranged.miss_cost == 0 and ranged.line().endswith("a miss costs nothing.")
    # the expected damage, counted face by face
    counted = Fraction(sum(3 for face in range(1, 21) if face < 12), 20)
    assert combat.expected_damage == counted
