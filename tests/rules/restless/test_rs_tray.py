"""The tray's forecast for a real attack, proven by playing out every face of the d20."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rt0table.rules.restless.rs_actions import Accept, FaceGod, Proceed
from rt0table.rules.restless.rs_journey import enter_realm
from rt0table.rules.restless.rs_play import apply
from rt0table.rules.restless.rs_state import RsState
from rt0table.rules.restless.rs_tray import attack_forecast, dodge_forecast

from .rs_fixtures import die_shows, fight, party, started


def played_out(state: RsState, hero: str, kind: str, item: str, modifier: int) -> tuple[Fraction, Fraction]:
    """(P(hit), expected damage to the party) by resolving each of the 20 faces."""
    hits, harm = 0, 0
    for face in range(1, 21):
        before = sum(h.health + h.armor for h in state.party)
        after, _ = apply(die_shows(state, hero, face, kind, item, modifier), Accept())
        hits += after.target_health < state.target_health
        harm += before - sum(h.health + h.armor for h in after.party)
    return Fraction(hits, 20), Fraction(harm, 20)


@pytest.mark.rule("RS-ODDS")
@pytest.mark.parametrize("target", ["mire-rat", "toll-keeper", "hedge-wisp", "veil-crawler"])
def test_the_forecast_matches_every_face_played_out(target: str) -> None:
    for realm in (1, 4):
        state = fight(party(enter_realm(started(), realm, []), items=(("lucky-knot",), ("short-bow",))), target, 50)
        for hero, item, kind in (("ash-warden", "", "combat"), ("lantern-widow", "short-bow", "ranged")):
            ahead = attack_forecast(state, hero, item)
            chance, harm = played_out(state, hero, kind, item, ahead.modifier)
            assert (ahead.chance, ahead.expected_damage) == (chance, harm)
            assert ahead.with_rerolls[0] == chance and len(ahead.with_rerolls) == state.rerolls + 1


@pytest.mark.rule("RS-ODDS", "RS-GOD-ATTACKS")
def test_the_forecast_against_a_traitor_god_counts_its_attack_table() -> None:
    state = replace(enter_realm(party(started()), 5, []), row=(), rests=(), phase="between")
    state = apply(apply(state, Proceed())[0], FaceGod())[0]
    ahead = attack_forecast(state, "bone-mason")
    chance, harm = played_out(state, "bone-mason", "combat", "", ahead.modifier)
    assert (ahead.chance, ahead.expected_damage) == (chance, harm)
    assert ahead.miss_cost == max(a.damage for a in state.card(state.god).attacks)


@pytest.mark.rule("RS-ODDS")
def test_a_dodge_forecast_costs_one_on_a_failure() -> None:
    state = fight(party(started()), "toll-keeper")
    ahead = dodge_forecast(state, "ash-warden")  # +1 to Dodge against 8
    assert ahead.chance == Fraction(14, 20) and ahead.miss_cost == 1 and ahead.expected_damage == Fraction(6, 20)
