"""Each ruleset's observer hides exactly what its rules keep secret, over random reachable states (hypothesis):
the seat's view equals the full state with those pieces masked and nothing else changed; OMNISCIENT sees the state
itself; observing never changes the full state's hash.

RT:0: other fighters' hands and face-down bin cards, other seats' private decisions, every draw pile, face-down
intents and the seed (rules/rt0/fight/privacy.py). Moon's Grave: other seats' plans and bids while still sealed, and
the dice to come. The Restless: the decks' order, the unused Rests and the face-down row, and the dice to come; every
held card is open (RS-OPEN-INFO). Loner: the dice to come alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rt0table.rules.loner.loner_seam import RULES as LONER
from rt0table.rules.moons_grave.mg_actions import Bid, Plan, Vie, Withdraw
from rt0table.rules.moons_grave.mg_state import MgState
from rt0table.rules.moons_grave.moons_grave_seam import RULES as MOONS_GRAVE
from rt0table.rules.restless.restless_seam import HIDDEN
from rt0table.rules.restless.restless_seam import RULES as RESTLESS
from rt0table.rules.restless.rs_state import Pile as RsPile
from rt0table.rules.restless.rs_state import RsState
from rt0table.rules.rt0.fight.deck import Pile
from rt0table.rules.rt0.fight.privacy import HIDDEN_CARD, HIDDEN_LABEL
from rt0table.rules.rt0.fight.state import GM, NO_CONTEXT, CombatState, HiddenTarget, Option
from rt0table.rules.rt0.rt0_seam import RT0
from rt0table.rules.seam import NOBODY, OMNISCIENT, Ruleset, Seat
from tests.rules.moons_grave.mg_fixtures import fight_setup
from tests.rules.moons_grave.mg_play import begin, play

EXAMPLES = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32 - 1)
AnyRules = Ruleset[Any, Any, Any, Any]


def walk(rules: AnyRules, seed: int, steps: int = 40) -> Iterator[Any]:
    draw = random.Random(seed)
    state, _ = rules.new_state(rules.sample_setup(seed), seed)
    yield state
    for _ in range(steps):
        legal = list(rules.legal_actions(state))
        if rules.is_over(state) or not legal:
            return
        state, _ = rules.apply(state, draw.choice(legal))
        yield state


# --- what each game's rules keep secret, written out from its inventory -------------------------------------------


def rt0_view(state: CombatState, seat: Seat) -> CombatState:
    seen = state.clone()
    seen.rng = 0
    seen.piles = {key: Pile([HIDDEN_CARD] * len(p.draw), list(p.discard)) for key, p in state.piles.items()}
    for fighter in seen.fighters:
        if fighter.id == seat:
            continue
        down = set(fighter.face_down)
        fighter.hand = [HIDDEN_CARD] * len(fighter.hand)
        fighter.bins = {k: [HIDDEN_CARD if c in down else c for c in v] for k, v in fighter.bins.items()}
        fighter.face_down = [HIDDEN_CARD] * len(fighter.face_down)
        fighter.counts_as = {c: n for c, n in fighter.counts_as.items() if c not in down}
    for foe in seen.adversaries:
        if foe.intent is not None and foe.intent_hidden:
            foe.intent = HIDDEN_CARD
    seen.queued_intents = {w: ((HIDDEN_CARD, True) if d else (c, d)) for w, (c, d) in seen.queued_intents.items()}
    seen.decisions = [
        d
        if not d.private or seat in d.seats
        else replace(d, options=tuple(Option(HIDDEN_LABEL, HiddenTarget()) for _ in d.options), context=NO_CONTEXT)
        for d in seen.decisions
    ]
    return seen


def mg_view(state: MgState, seat: Seat) -> MgState:
    mine = {f.id for f in state.fighters if f.seat == seat}
    sealed, bids = state.sealed, state.bids
    if state.phase == "plan":  # MG-CMB-PLAN-TIE: written secretly, revealed together
        sealed = tuple(s if s[0] in mine else (s[0], -1, "?") for s in sealed)
    if state.phase == "bid":  # MG-CMB-VIE-FOLLOWERS: bids sealed until all are in
        bids = tuple(b if b[0] in mine else (b[0], -1) for b in bids)
    return replace(state, sealed=sealed, bids=bids, rng=0)


def rs_view(state: RsState, seat: Seat) -> RsState:
    piles = tuple(RsPile(p.deck, tuple(HIDDEN for _ in p.draw), p.discard) for p in state.piles)
    hidden = {"rests": tuple(HIDDEN for _ in state.rests), "row": tuple(HIDDEN for _ in state.row)}
    return replace(state, piles=piles, rng=0, **hidden)


def loner_view(state: Any, seat: Seat) -> Any:
    return replace(state, seed=0)


View = Callable[[Any, Seat], Any]
GAMES: list[tuple[AnyRules, View]] = [(RT0, rt0_view), (MOONS_GRAVE, mg_view), (RESTLESS, rs_view), (LONER, loner_view)]


def seats_of(rules: AnyRules, state: Any) -> set[Seat]:
    ids = {f.id for f in state.fighters} if isinstance(state, CombatState) else set()
    seats = {f.seat for f in getattr(state, "fighters", ())} if isinstance(state, MgState) else set()
    return {*rules.seats_to_act(state), *ids, *seats, GM, NOBODY, "a-passer-by"}


@pytest.mark.rule("MG-CMB-PLAN-TIE", "MG-CMB-VIE-FOLLOWERS", "RS-OPEN-INFO")
@pytest.mark.parametrize(("rules", "view"), GAMES, ids=[rules.key for rules, _ in GAMES])
@EXAMPLES
@given(seed=seeds)
def test_a_seat_sees_the_state_with_exactly_its_secrets_masked(rules: AnyRules, view: View, seed: int) -> None:
    for state in walk(rules, seed):
        before = rules.state_hash(state)
        assert rules.observe(state, OMNISCIENT) is state
        for seat in seats_of(rules, state):
            seen = rules.observe(state, seat)
            assert rules.encode_state(seen) == rules.encode_state(view(state, seat)), f"{rules.key}: seat {seat}"
        assert rules.state_hash(state) == before, f"{rules.key}: observing changed the state"


def sealed_bids() -> tuple[MgState, MgState]:
    """A tie at Initiative 3 gone to follower bids: one bid in (sealed), then both (revealed)."""
    state = begin(fight_setup(npcs=("Captain (3), Beckon 2",)))
    state, _ = play(state, Plan("pc1", 1, "Sword"), Plan("npc1", 1, ""), Vie("pc1", True), Vie("npc1", True))
    state, _ = play(state, Withdraw("pc1", False), Withdraw("npc1", False), Bid("pc1", 2))
    return state, play(state, Bid("npc1", 1))[0]


@pytest.mark.rule("MG-CMB-VIE-FOLLOWERS")
def test_a_bid_is_sealed_from_the_other_seats_until_every_bid_is_in_then_everyones() -> None:
    waiting, revealed = sealed_bids()
    assert MOONS_GRAVE.observe(waiting, GM).bids == (("pc1", -1),)
    assert MOONS_GRAVE.observe(waiting, NOBODY).bids == (("pc1", -1),)
    assert MOONS_GRAVE.observe(waiting, "p1").bids == (("pc1", 2),)
    assert revealed.phase != "bid" and MOONS_GRAVE.observe(revealed, GM) == replace(revealed, rng=0)
