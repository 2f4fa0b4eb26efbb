"""Random legal play over random fights: the invariants every step must keep.

Hypothesis draws the fight (seed, room, 1–4 fighters with random traits, 1–3 adversaries from the bundled
bestiaries) and a seed for choosing among the legal actions; each example plays until the fight ends or
MAX_STEPS actions have been taken.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from importlib import resources

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rt0table.rules.rt0.actions import Action
from rt0table.rules.rt0.adversaries import load_bestiary
from rt0table.rules.rt0.engine import AdversarySetup, FighterSetup, Game, apply_in_place, new_combat
from rt0table.rules.rt0.serialize import state_from_dict, state_hash, state_to_dict
from rt0table.rules.rt0.state import GM, START_HP, CombatState, FighterKind, Phase
from rt0table.rules.rt0.traits import Trait

ADVERSARIES = resources.files("rt0table.assets").joinpath("adversaries")
BESTIARY = {
    **load_bestiary(ADVERSARIES.joinpath("book.json").read_text(encoding="utf-8"), "book.json"),
    **load_bestiary(ADVERSARIES.joinpath("house.json").read_text(encoding="utf-8"), "house.json"),
}
KINDS = sorted(BESTIARY)
MAX_STEPS = 120
EDDY_ABILITIES = ("unarmed_strike", "defend", "honk")


@dataclass(frozen=True)
class Fight:
    seed: int
    room: int
    fighters: tuple[FighterSetup, ...]
    adversaries: tuple[AdversarySetup, ...]
    play_seed: int


@st.composite
def fights(draw: st.DrawFn) -> Fight:
    room = draw(st.sampled_from((1, 3, 5)))
    zone = st.tuples(st.integers(0, room - 1), st.integers(0, room - 1))
    fighters = []
    for i in range(draw(st.integers(1, 4))):
        eddy = draw(st.integers(0, 5)) == 0
        traits = frozenset(draw(st.sets(st.sampled_from(list(Trait)), max_size=3)))
        fighters.append(
            FighterSetup(
                f"f{i}",
                f"Fighter {i}",
                draw(zone),
                traits,
                kind=FighterKind.EDDY if eddy else FighterKind.PLAYER,
                abilities=EDDY_ABILITIES if eddy else (),
                cursed=draw(st.integers(0, 9)) == 0,
            )
        )
    foes = [AdversarySetup(draw(st.sampled_from(KINDS)), draw(zone)) for _ in range(draw(st.integers(1, 3)))]
    return Fight(draw(st.integers(0, 2**64 - 1)), room, tuple(fighters), tuple(foes), draw(st.integers(0, 2**32)))


def start(fight: Fight) -> CombatState:
    state, _ = new_combat(fight.seed, fight.room, fight.fighters, fight.adversaries, BESTIARY)
    return state


def card_places(state: CombatState) -> dict[str, Counter[int]]:
    """Pile key -> every card of that deck, wherever it is now (draw, discard, out of the deck for the Day or for
    good, hands, bins, intents)."""
    places = {
        key: Counter(pile.draw) + Counter(pile.discard) + Counter(pile.removed_for_day) + Counter(pile.removed_for_good)
        for key, pile in state.piles.items()
    }
    for fighter in state.fighters:
        places[fighter.pile] += Counter(fighter.hand)
        for cards in fighter.bins.values():
            places[fighter.pile] += Counter(cards)
    for adversary in state.adversaries:
        if adversary.intent is not None:
            places[GM][adversary.intent] += 1
    return places


def injury_asked(state: CombatState, fighter_id: str) -> bool:
    """Whether a Major Injury for this fighter is waiting for the GM: next, or queued behind other decisions taken
    in the same moment (an Eddy's Tower explosion that downs an adversary and a player at once)."""
    return any(d.kind == "injury" and any(o.value[0] == fighter_id for o in d.options) for d in state.decisions)


def check_invariants(state: CombatState, decks: dict[str, Counter[int]], digest: str) -> None:
    places = card_places(state)
    for key, deck in decks.items():
        assert places[key] == deck, f"the {key!r} deck lost or doubled cards"
        assert max(places[key].values()) == 1
    for fighter in state.fighters:
        assert 0 <= fighter.hp <= START_HP and fighter.shield >= 0
        assert fighter.hp > 0 or fighter.dead or injury_asked(state, fighter.id), f"{fighter.id} at 0 HP, no injury"
    for adversary in state.adversaries:
        assert 0 <= adversary.hp <= BESTIARY[adversary.kind].hp and adversary.shield >= 0
    if state.pending is not None:
        assert state.pending.options
    legal = Game(state).legal_actions()
    assert legal or state.phase is Phase.OVER
    assert (state.phase is Phase.OVER) == (state.result is not None)
    round_trip = state_from_dict(json.loads(json.dumps(state_to_dict(state))))
    assert state_hash(round_trip) == digest


def play(fight: Fight) -> tuple[Game, int]:
    game = Game(start(fight))
    decks = {key: +count for key, count in card_places(game.state).items()}
    choose = random.Random(fight.play_seed)
    undone = 0
    before = state_hash(game.state)
    check_invariants(game.state, decks, before)
    for _ in range(MAX_STEPS):
        legal = game.legal_actions()
        if not legal:
            break
        action = choose.choice(legal)
        game.push(action)
        after = state_hash(game.state)
        check_invariants(game.state, decks, after)
        if game.can_undo():
            assert game.undo() == action
            assert state_hash(game.state) == before
            game.push(action)
            undone += 1
        before = after
    return game, undone


def replay(fight: Fight, actions: list[Action]) -> str:
    state = start(fight)
    for action in actions:
        apply_in_place(state, action)
    return state_hash(state)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights())
@pytest.mark.rule("DECK-PER-PLAYER", "DECK-RESHUFFLE", "CMB-ROUND", "CMB-SHIELD", "CMB-END")
def test_random_legal_play_keeps_every_invariant(fight: Fight) -> None:
    game, _ = play(fight)
    assert replay(fight, game.actions) == state_hash(game.state)


def test_a_fixed_sweep_of_random_play_takes_thousands_of_actions() -> None:
    """Not a property: a fixed sweep over 3x3 fights, so every run checks at least this much play."""
    rng = random.Random(2026)
    total, undone, endings = 0, 0, Counter[str]()
    for _ in range(20):
        fighters = tuple(
            FighterSetup(f"f{i}", f"F{i}", (rng.randrange(3), rng.randrange(3)), frozenset(rng.sample(list(Trait), 2)))
            for i in range(rng.randint(1, 3))
        )
        foes = tuple(AdversarySetup(rng.choice(KINDS), (rng.randrange(3), rng.randrange(3))) for _ in range(2))
        game, undo_count = play(Fight(rng.getrandbits(64), 3, fighters, foes, rng.getrandbits(32)))
        total += len(game.actions)
        undone += undo_count
        endings[game.state.result or "unfinished"] += 1
    assert total >= 2000 and undone >= 500
    assert sum(endings.values()) - endings["unfinished"] >= 5, endings
