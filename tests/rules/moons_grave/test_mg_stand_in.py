"""The GM stand-in: always a legal choice, and fights it plays to their end."""

from __future__ import annotations

import random

from rt0table.rules.moons_grave.mg_actions import Plan, Soak, TurnAction
from rt0table.rules.moons_grave.mg_stand_in import stand_in_choice
from rt0table.rules.moons_grave.moons_grave_seam import RULES

from .mg_fixtures import brawl, eager
from .mg_play import begin, enter, give_turn, play


def test_the_stand_in_plans_one_action_with_its_best_weapon_and_attacks_the_easiest_target() -> None:
    state = begin()
    assert stand_in_choice(state) == Plan("npc2", 1, "")
    state, _ = play(state, Plan("npc2", 1, ""))
    assert stand_in_choice(state, "gm") == Plan("npc1", 1, "Sword")  # its share of a secret tie
    assert stand_in_choice(state, "p1") is not None and stand_in_choice(state, "p3") is None
    turn = give_turn(begin(), "npc1", planned=1, weapon="Sword")
    assert stand_in_choice(turn) == TurnAction("npc1", "Attack", "pc1")


def test_the_stand_in_soaks_with_curses_first() -> None:
    state = give_turn(begin(), "npc1", planned=1, weapon="Sword")
    state, _ = play(state, TurnAction("npc1", "Attack", "pc1"))
    state, _ = enter(state, "npc1", 5, 4, 2)  # 1 damage
    assert stand_in_choice(state) == Soak("pc1", "curse-1")


def test_the_gm_stand_in_runs_the_npcs_of_whole_fights() -> None:
    setup = brawl()
    for seed in range(6):
        state, _ = RULES.new_state(setup, seed)
        players = random.Random(seed)
        for _ in range(3000):
            if RULES.is_over(state):
                break
            if "gm" in RULES.seats_to_act(state):
                action = stand_in_choice(state, "gm")
                assert action is not None and action in RULES.legal_actions(state)
            else:
                legal = list(RULES.legal_actions(state))
                action = players.choices(legal, weights=[eager(a) for a in legal])[0]
            state, _ = RULES.apply(state, action)
        assert RULES.is_over(state), f"seed {seed}"
