"""The observer (privacy.py): what one seat may see of a fight, over random reachable states."""

from __future__ import annotations

import random
from collections import Counter

from rt0table.rules.rt0.abilities.priestess import Peeked
from rt0table.rules.rt0.fight.engine import apply, legal_actions
from rt0table.rules.rt0.fight.privacy import HIDDEN_CARD, HIDDEN_LABEL, observe, sees_decision, sees_hand
from rt0table.rules.rt0.fight.state import (
    GM,
    NO_CONTEXT,
    CardsTarget,
    CombatState,
    FighterKind,
    HiddenTarget,
    Option,
    PendingDecision,
    ZoneTarget,
)
from rt0table.rules.rt0.rt0_seam import sample_fight
from rt0table.rules.seam import OMNISCIENT

SEEDS = range(30)
STEPS = 30
SEEN: Counter[str] = Counter()


def states(seed: int) -> list[CombatState]:
    draw = random.Random(seed)
    state, _ = sample_fight(seed).start(seed)
    found = [state]
    for _ in range(STEPS):
        legal = legal_actions(state)
        if not legal:
            break
        state, _ = apply(state, draw.choice(legal))
        found.append(state)
    return found


def seats(state: CombatState) -> list[str]:
    return [*(f.id for f in state.fighters), GM, "a-passer-by"]


def check_view(state: CombatState, seat: str) -> None:
    seen = observe(state, seat)
    assert seen.rng == 0
    for key, pile in seen.piles.items():
        assert pile.draw == [HIDDEN_CARD] * len(state.piles[key].draw)  # order and content: nobody's to see
        assert pile.discard == state.piles[key].discard  # face up on the table
    for mine, theirs in zip(seen.fighters, state.fighters, strict=True):
        if mine.id == seat:
            assert mine.hand == theirs.hand and mine.bins == theirs.bins
            continue
        SEEN["hands hidden"] += bool(theirs.hand)
        assert mine.hand == [HIDDEN_CARD] * len(theirs.hand)  # how many cards, never which
        for ability, cards in theirs.bins.items():
            shown = mine.bins[ability]
            for card, was in zip(shown, cards, strict=True):
                assert card == (HIDDEN_CARD if was in theirs.face_down else was)
    for mine, theirs in zip(seen.adversaries, state.adversaries, strict=True):
        assert mine.intent == (HIDDEN_CARD if theirs.intent is not None and theirs.intent_hidden else theirs.intent)
    for mine, real in zip(seen.decisions, state.decisions, strict=True):
        if real.private and seat != real.actor:
            SEEN["private decisions hidden"] += 1
            assert mine.options == tuple(Option(HIDDEN_LABEL, HiddenTarget()) for _ in real.options)
            assert mine.context == NO_CONTEXT
            assert (mine.kind, mine.actor, mine.prompt) == (real.kind, real.actor, real.prompt)
        else:
            assert mine == real
    assert observe(seen, seat).decisions == seen.decisions and observe(seen, seat).fighters == seen.fighters


def test_no_seat_sees_another_seats_hand_or_private_options() -> None:
    for seed in SEEDS:
        for state in states(seed):
            before = state.clone()
            for seat in seats(state):
                check_view(state, seat)
            assert observe(state, OMNISCIENT) is state
            assert (state.fighters, state.decisions, state.piles) == (before.fighters, before.decisions, before.piles)
    # the walk met what it checks (the test would otherwise pass on nothing)
    assert SEEN["hands hidden"] > 100 and SEEN["private decisions hidden"] > 0, SEEN


def test_a_private_decision_is_its_actors_alone() -> None:
    decision = PendingDecision(
        "second-sight", "f0", "Draw which?", (Option("7 of Cups first", CardsTarget((1, 0))),), Peeked((3, 9)), True
    )
    assert sees_decision(decision, "f0") and sees_decision(decision, OMNISCIENT)
    assert not sees_decision(decision, "f1") and not sees_decision(decision, GM)
    public = PendingDecision("step", "f0", "Move where?", (Option("B2", ZoneTarget(1, 1)),))
    assert sees_decision(public, "f1") and sees_decision(public, GM)


def test_a_hand_is_its_fighters_alone() -> None:
    assert sees_hand("f0", "f0") and sees_hand("f0", OMNISCIENT)
    assert not sees_hand("f0", "f1") and not sees_hand("f0", GM) and not sees_hand("f0", "")


def test_the_gm_sees_no_players_hand() -> None:
    state = states(7)[0]
    seen = observe(state, GM)
    players = [f for f in seen.fighters if f.kind is FighterKind.PLAYER]
    assert players and all(set(f.hand) <= {HIDDEN_CARD} for f in players)
