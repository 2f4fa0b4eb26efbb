"""Whole fights with the house pack, played by seeded random legal actions, checking invariants at every step;
and the seam's promise that ``refusal`` is None exactly for the actions ``legal_actions`` lists."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from rt0table.rules.moons_grave.mg_actions import (
    Bid,
    EnterDie,
    MgAction,
    PassPerk,
    Plan,
    RollDice,
    Soak,
    TriggerPerk,
    TurnAction,
    Vie,
    Withdraw,
)
from rt0table.rules.moons_grave.mg_fight_setup import MgSetup
from rt0table.rules.moons_grave.mg_state import MgState
from rt0table.rules.moons_grave.moons_grave_seam import RULES
from rt0table.rules.seam import OMNISCIENT, IllegalAction

from .mg_fixtures import brawl, eager, house

SOAK = os.environ.get("RT0_SOAK", "") not in ("", "0")  # README: RT0_SOAK=1 runs the long versions
FIGHTS = int(os.environ.get("RT0_SOAK_EXAMPLES", "400")) if SOAK else 8
PROPERTY_EXAMPLES = 2000 if SOAK else 40


def check_invariants(state: MgState, seen_turns: Counter[tuple[int, str]], step: int) -> None:
    over = RULES.is_over(state)
    legal = RULES.legal_actions(state)
    assert bool(legal) != over and bool(RULES.seats_to_act(state)) != over
    assert all(state.fighter(a.fighter).alive for a in legal)
    for fighter in state.fighters:
        if not fighter.npc:
            assert 0 <= fighter.followers <= fighter.beckon
        elif fighter.alive and state.house.npc_damage == "durability_boxes":
            assert fighter.damage < max(1, fighter.talent("Durability"))
        assert fighter.planned <= state.house.plan_limit
    assert all(n >= 0 for _, n in state.pools)
    if state.phase == "vie":
        assert not any(state.fighter(f).done_turn for f in state.asked)
    if state.phase == "turn":
        assert seen_turns[(state.round, state.turn)] == 1  # one turn a round
    if step % 20 == 0 or RULES.is_over(state):
        assert RULES.decode_state(json.loads(json.dumps(RULES.encode_state(state)))) == state


def play_fight(setup: MgSetup, seed: int, steps: int = 4000) -> tuple[MgState, list[MgAction]]:
    state, events = RULES.new_state(setup, seed)
    chooser = random.Random(seed)
    taken: list[MgAction] = []
    turns: Counter[tuple[int, str]] = Counter()
    for step in range(steps):
        if RULES.is_over(state):
            break
        legal = list(RULES.legal_actions(state))
        action = chooser.choices(legal, weights=[eager(a) for a in legal])[0]
        before = state.turn
        state, events = RULES.apply(state, action)
        taken.append(action)
        assert all(RULES.narrate(state, e) for e in events)
        if state.phase == "turn" and state.turn != before:
            turns[(state.round, state.turn)] += 1
        check_invariants(state, turns, step)
    return state, taken


def test_whole_fights_end_with_one_side_standing_and_replay_exactly() -> None:
    setup = brawl()
    winners = Counter()
    for seed in range(FIGHTS):
        state, taken = play_fight(setup, seed)
        assert RULES.is_over(state), f"seed {seed}: no end after {len(taken)} actions"
        assert state.living(state.winner) and not state.living("foes" if state.winner == "party" else "party")
        winners[state.winner] += 1
        replayed, _ = RULES.new_state(setup, seed)
        for action in taken:  # the same seed and actions give the same fight, through the action codec too
            replayed, _ = RULES.apply(
                replayed, RULES.decode_action(json.loads(json.dumps(RULES.encode_action(action))))
            )
        assert RULES.state_hash(replayed) == RULES.state_hash(state)
    assert set(winners) <= {"party", "foes"}


def wild_actions(ids: list[str]) -> st.SearchStrategy[MgAction]:
    fighter = st.sampled_from([*ids, "ghost"])
    small = st.integers(-1, 8)
    target = st.sampled_from(["", *ids, "Sword", "Knives", "Bow", "Axe", "ghost"])
    perk = st.sampled_from([p.id for p in house().perks] + ["nope"])
    tracks = st.sampled_from([t.id for t in house().tracks] + ["nope"])
    names = st.sampled_from(["Attack", "Bandage", "Finish", "Protect", "Rally", "Slaughter", "Swap", "Dance"])
    dice = st.lists(st.integers(-1, 7), max_size=3).map(tuple)
    return st.one_of(
        st.builds(Plan, fighter, small, st.sampled_from(["", "Sword", "Knives", "Bow", "Axe"])),
        st.builds(Vie, fighter, st.booleans()),
        st.builds(Withdraw, fighter, st.booleans()),
        st.builds(Bid, fighter, small),
        st.builds(RollDice, fighter),
        st.builds(EnterDie, fighter, small),
        st.builds(TurnAction, fighter, names, target),
        st.builds(TriggerPerk, fighter, perk, dice),
        st.builds(PassPerk, fighter),
        st.builds(Soak, fighter, tracks),
    )


SETUP = brawl()
IDS = [f.id for f in RULES.new_state(SETUP, 0)[0].fighters]
WILD = wild_actions(IDS)


@cache
def visited_states() -> list[MgState]:
    """Every state of a few seeded fights: plans, ties, bids, rolls, perk windows, soaks and endings."""
    states: list[MgState] = []
    for seed in range(4 if not SOAK else 40):
        state, _ = RULES.new_state(SETUP, seed)
        chooser = random.Random(seed)
        states.append(state)
        while not RULES.is_over(state) and len(states) < 400 * (seed + 1):
            legal = list(RULES.legal_actions(state))
            state, _ = RULES.apply(state, chooser.choices(legal, weights=[eager(a) for a in legal])[0])
            states.append(state)
    return states


@settings(max_examples=PROPERTY_EXAMPLES, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_refusal_is_none_exactly_for_the_legal_actions(pick: int, data: st.DataObject) -> None:
    states = visited_states()
    state = states[pick % len(states)]
    assert {s.phase for s in states} >= {"plan", "vie", "withdraw", "bid", "turn", "roll", "perks", "soak", "over"}
    legal = list(RULES.legal_actions(state))
    for action in legal:
        assert RULES.refusal(state, action) is None
    for _ in range(20):
        action = data.draw(st.one_of(WILD, st.sampled_from(legal)) if legal else WILD)
        why = RULES.refusal(state, action)
        assert (why is None) == (action in legal), (action, why)
        if why is not None:
            try:
                RULES.apply(state, action)
            except IllegalAction as error:
                assert str(error) == why
            else:
                raise AssertionError(f"{action} was applied though refused: {why}")


def test_observing_hides_only_what_is_private() -> None:
    state, _ = RULES.new_state(SETUP, 3)
    assert RULES.observe(state, OMNISCIENT) is state
    assert RULES.observe(state, "p1").rng == 0  # nobody may read the dice to come
