"""The odds a table shows before a roll and for a whole planned turn; the decision it is waiting on."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rt0table.rules.dice.dice_odds import chance_at_least, chance_through
from rt0table.rules.moons_grave.mg_actions import Plan, TurnAction
from rt0table.rules.moons_grave.mg_decision import pending_decision
from rt0table.rules.moons_grave.mg_odds import action_odds, roll_odds, turn_odds
from rt0table.rules.moons_grave.moons_grave_seam import RULES
from rt0table.rules.moons_grave.surge_dice import SURGE_D6

from .mg_fixtures import fight_setup
from .mg_play import begin, give_turn, play


@pytest.mark.rule("MG-ODDS", "MG-ODDS-PERKS")
def test_the_odds_before_a_roll_are_exact() -> None:
    odds = roll_odds(3, 3)
    assert odds.success == Fraction(25, 48)
    assert odds.boosts[:2] == (Fraction(98, 125), Fraction(44, 125))  # 1 - (3/5)^3, and >= 2 of Binomial(3, 2/5)
    assert odds.drags[0] == Fraction(61, 125)
    state = give_turn(begin(), "pc1", planned=2, weapon="Sword")
    attack = action_odds(state, TurnAction("pc1", "Attack", "npc1"))
    assert attack is not None and (attack.dice, attack.difficulty) == (3, 4)
    assert attack.success == chance_at_least(SURGE_D6, 3, 4)
    assert action_odds(state, TurnAction("pc1", "Finish")) is None
    assert action_odds(give_turn(begin(), "pc1", planned=1), TurnAction("pc1", "Swap", "Knives")) is None  # vs 0


@pytest.mark.rule("MG-ODDS", "MG-TURN-FUMBLE-RISK", "MG-TURN-FUMBLE")
def test_the_chance_of_getting_through_a_planned_turn() -> None:
    state = begin()
    plan = [TurnAction("pc1", "Attack", "npc1"), TurnAction("pc1", "Attack", "npc2"), TurnAction("pc1", "Rally")]
    # three actions: Fumble Risk 2 on every roll; each must succeed for the next to be rolled at all
    expected = chance_through(SURGE_D6, [(3, 3), (3, 2), (2, 3)], raise_by=2)
    assert turn_odds(state, "pc1", plan) == expected
    assert turn_odds(state, "pc1", [TurnAction("pc1", "Finish"), *plan]) == 1
    assert turn_odds(state, "pc1", [TurnAction("pc1", "Swap", "Knives")]) == 1  # one action: vs 0, not rolled
    allied = begin(fight_setup(allies=("Ghoul (4), Willpower 6",)))
    ghoul = next(f.id for f in allied.fighters if f.name == "Ghoul")
    assert turn_odds(allied, ghoul, [TurnAction(ghoul, "Attack", "npc1")]) == 1  # Brawl 4 vs Parry 3: certain


def test_the_pending_decision_names_who_what_and_whether_it_is_secret() -> None:
    state = begin()
    decision = pending_decision(state)
    assert decision is not None and decision.kind == "plan" and not decision.secret
    assert decision.prompt == "Solarist Eunuch: how many actions this round, and with which weapon?"
    state, _ = play(state, Plan("npc2", 1, ""))
    tie = pending_decision(state)
    assert tie is not None and tie.secret and tie.seats == frozenset({"p1", "gm"})
    assert set(tie.options) == set(RULES.legal_actions(state))
    attack = give_turn(begin(), "pc1", planned=1, weapon="Sword")
    attack, _ = play(attack, TurnAction("pc1", "Attack", "npc1"))
    rolling = pending_decision(attack)
    assert rolling is not None and rolling.prompt == "Vex: roll 3 dice vs 3."
