"""forecast_round: every intent in table order on one copy, Shield used up blow by blow, face-down intents counted
from the cards the table cannot see. Each forecast is held to the engine itself: the players end their turns with
nothing more played, every GM choice is tried, every unseen card is tried as each face-down intent, and the HP the
fighters have when the adversaries are done is counted."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from rt0table.desktop.table.quick_fights import full_bestiary
from rt0table.rules.rt0.cards import CARDS, Suit, minor
from rt0table.rules.rt0.fight.actions import Choose, EndTurn
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, apply_in_place, new_combat
from rt0table.rules.rt0.fight.events import DamageDealt, Event, HealthLost, HealthRegained, InjuryTaken, RoundStarted
from rt0table.rules.rt0.fight.forecast import forecast_round
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.fight.state import GM, CombatState

Ends = tuple[tuple[str, int], ...]


def fight(foes: list[tuple[str, tuple[int, int]]], seed: int = 7) -> CombatState:
    fighters = [FighterSetup("mara", "Mara", (1, 1)), FighterSetup("jun", "Jun", (1, 1))]
    state, _ = new_combat(seed, 3, fighters, [AdversarySetup(k, z) for k, z in foes], full_bestiary())
    return state


def hp_after_adversaries(state: CombatState) -> list[Ends]:
    """The engine's own round: every player ends the turn, each GM choice tried; HP when the round turns over."""
    hp = {f.id: f.hp for f in state.fighters}
    return _play(state.clone(), hp, state.round)


def _play(state: CombatState, hp: dict[str, int], round_now: int) -> list[Ends]:
    while True:
        if state.pending is not None:
            assert state.pending.actor == GM, state.pending  # only the GM's target choices in these fights
            found: list[Ends] = []
            for index in range(len(state.pending.options)):
                branch = state.clone()
                more = dict(hp)
                if _track(apply_in_place(branch, Choose(index)), more):
                    found.append(tuple(sorted(more.items())))
                else:
                    found.extend(_play(branch, more, round_now))
            return found
        active = state.active_fighter
        assert active is not None
        if _track(apply_in_place(state, EndTurn(active.id)), hp):
            return [tuple(sorted(hp.items()))]


def _track(events: list[Event], hp: dict[str, int]) -> bool:
    """Follow the fighters' HP through the events; True once the next round has started."""
    for event in events:
        if isinstance(event, RoundStarted):
            return True
        if isinstance(event, DamageDealt) and event.target in hp:
            hp[event.target] = event.hp_after
        elif isinstance(event, HealthLost | InjuryTaken) and event.fighter in hp:
            hp[event.fighter] = event.hp_after
        elif isinstance(event, HealthRegained) and event.who in hp:
            hp[event.who] = event.hp_after
    return False


def forecast_ends(state: CombatState) -> dict[str, tuple[int, int, dict[int, Fraction]]]:
    found = forecast_round(state).outlooks
    return {f: (o.low, o.high, dict(o.odds)) for f, o in found.items()}


@pytest.mark.rule("CMB-SHIELD")
def test_two_attackers_share_one_shield_not_each_their_own() -> None:
    state = fight([("laborer", (1, 1)), ("laborer", (1, 1))])
    first_foe, second_foe = state.adversaries
    first_foe.intent, first_foe.intent_hidden = minor(Suit.SWORDS, 5), False  # move 1, 8 damage
    second_foe.intent, second_foe.intent_hidden = minor(Suit.WANDS, 5), False  # 4 damage, +1 for the ally beside it
    state.fighter("mara").shield = 10  # the most Shield: both hit Mara
    before = state_hash(state)
    forecast = forecast_round(state)
    assert state_hash(state) == before  # nothing in the fight changes
    assert forecast.words[first_foe.id].endswith("hits Mara for 8 (8 blocked) → 20 HP")
    assert forecast.words[second_foe.id].endswith("hits Mara for 5 (2 blocked) → 17 HP")  # 2 Shield left, not 10
    engine = hp_after_adversaries(state)
    assert engine == [(("jun", 20), ("mara", 17))]
    for fighter, (low, high, odds) in forecast_ends(state).items():
        hp = dict(engine[0])[fighter]
        assert low == high == hp and odds == {hp: Fraction(1)}


@pytest.mark.rule("ADV-INTENT")
@pytest.mark.parametrize("seed", [3, 11])
def test_face_down_intents_give_exact_odds_counted_over_every_unseen_card(seed: int) -> None:
    state = fight([("arachnedrone", (1, 1)), ("shadowling", (1, 0)), ("laborer", (1, 1))], seed)
    state.fighter("mara").shield = 3
    hidden = [a for a in state.adversaries if a.intent_hidden]
    assert len(hidden) == 2
    pile = state.piles[GM]
    del pile.draw[:-14]  # a short deck keeps the brute force quick; the odds are counted all the same
    top = pile.face_up_top
    unseen = [c for c in pile.draw if c != top] + [a.intent for a in hidden if a.intent is not None]
    minors = [c for c in unseen if CARDS[c].suit is not Suit.MAJOR]  # a Major is never a face-down intent
    tally: Counter[Ends] = Counter()
    for cards in permutations(minors, len(hidden)):
        trial = state.clone()
        for foe, card in zip(hidden, cards, strict=True):
            trial.adversary(foe.id).intent = card
        (ends,) = hp_after_adversaries(trial)
        tally[ends] += 1
    total = sum(tally.values())
    expected: dict[str, Counter[int]] = {}
    for ends, count in tally.items():
        for fighter, hp in ends:
            expected.setdefault(fighter, Counter())[hp] += count
    assert any(len(counts) > 1 for counts in expected.values())  # the face-down cards do change the outcome
    found = forecast_ends(state)
    for fighter, counts in expected.items():
        low, high, odds = found[fighter]
        assert odds == {hp: Fraction(n, total) for hp, n in counts.items()}
        assert (low, high) == (min(counts), max(counts))
    assert forecast_round(state).unseen == len(minors)


@pytest.mark.rule("ADV-INTENT")
@pytest.mark.rule("HP-YES-NO")
def test_next_rounds_intents_drawn_ahead_face_down_are_among_the_unseen_cards() -> None:
    """YES NO drew next round's intent face down: nobody saw it, so this round's face-down intent may be that card
    as much as any in the deck. The engine is run with every card the table cannot see as the face-down intent."""
    state = fight([("arachnedrone", (1, 1)), ("shadowling", (1, 0)), ("laborer", (1, 1))], 3)
    state.fighter("mara").shield = 3
    hidden = [a for a in state.adversaries if a.intent_hidden]
    assert hidden
    pile = state.piles[GM]
    del pile.draw[:-12]  # a short deck keeps the brute force quick
    ahead = next(c for c in reversed(pile.draw) if CARDS[c].suit is Suit.SWORDS)
    pile.draw.remove(ahead)
    state.queued_intents[hidden[0].id] = (ahead, True)  # drawn ahead by YES NO, face down
    unseen = [*pile.draw, *(a.intent for a in hidden), ahead]
    minors = [c for c in unseen if c is not None and CARDS[c].suit is not Suit.MAJOR]
    tally: Counter[Ends] = Counter()
    for cards in permutations(minors, len(hidden)):
        trial = state.clone()
        for foe, card in zip(hidden, cards, strict=True):
            trial.adversary(foe.id).intent = card
        (ends,) = hp_after_adversaries(trial)
        tally[ends] += 1
    total = sum(tally.values())
    found = forecast_ends(state)
    for fighter in ("mara", "jun"):
        counts: Counter[int] = Counter()
        for ends, n in tally.items():
            counts[dict(ends)[fighter]] += n
        assert found[fighter][2] == {hp: Fraction(n, total) for hp, n in counts.items()}
    assert forecast_round(state).unseen == len(minors)
    assert any(len(o.odds) > 1 for o in forecast_round(state).outlooks.values())  # the card does change the outcome


@pytest.mark.rule("CMB-TARGETING")
def test_a_gm_choice_of_target_gives_a_range_and_no_odds() -> None:
    state = fight([("company_muscle", (1, 1)), ("laborer", (1, 1))])
    muscle, laborer = state.adversaries
    muscle.intent, muscle.intent_hidden = minor(Suit.SWORDS, 2), False  # 9 damage, whom the GM picks
    laborer.intent, laborer.intent_hidden = minor(Suit.WANDS, 2), False  # 4 damage
    state.fighter("jun").shield = 6
    engine = hp_after_adversaries(state)
    assert len(engine) == 2
    forecast = forecast_round(state)
    assert "the GM picks whom it hits: Mara or Jun" in forecast.words[muscle.id]
    for fighter, (low, high, odds) in forecast_ends(state).items():
        possible = [dict(ends)[fighter] for ends in engine]
        assert (low, high) == (min(possible), max(possible)) and odds == {}


@pytest.mark.rule("ADV-INTENT")
def test_face_down_intents_drawn_by_different_rules_give_a_range_only() -> None:
    state = fight([("terror", (1, 1)), ("arachnedrone", (1, 1))])  # a Terror keeps a Major; an Arachnedrone not
    outlook = forecast_round(state).outlooks["mara"]
    assert outlook.odds == () and outlook.low <= outlook.high <= 20
