"""Random play for the property tests: policies, a fight set-up, one game played out and its invariants."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass

from rt0table.rules.rt0.content.adversaries import bundled_bestiary
from rt0table.rules.rt0.fight.actions import Action, Activate, AddAbility, EndTurn, PlayCard
from rt0table.rules.rt0.fight.decisions import figure_of
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game, new_combat
from rt0table.rules.rt0.fight.serialize import state_from_dict, state_hash, state_to_dict
from rt0table.rules.rt0.fight.state import GM, START_HP, CombatState, Phase

BESTIARY = {
    **bundled_bestiary("book.json"),
    **bundled_bestiary("house.json"),
}


SOAK = os.environ.get("RT0_SOAK", "") not in ("", "0")


MAX_STEPS = int(os.environ.get("RT0_SOAK_STEPS", "300")) if SOAK else 100


TALLY: Counter[str] = Counter()  # what the examples played, printed after a soak


@dataclass(frozen=True)
class Policy:
    """How the random player picks among the legal actions: first a kind, by weight, then one of that kind."""

    seed: int
    play: int = 6
    activate: int = 2
    add: int = 1
    end: int = 1
    uniform: bool = False  # every legal action alike, whatever its kind

    def weight(self, action: Action) -> int:
        if isinstance(action, PlayCard):
            return self.play
        if isinstance(action, Activate):
            return self.activate
        if isinstance(action, AddAbility):
            return self.add
        return self.end if isinstance(action, EndTurn) else 1


@dataclass(frozen=True)
class Fight:
    seed: int
    room: int
    fighters: tuple[FighterSetup, ...]
    adversaries: tuple[AdversarySetup, ...]
    policy: Policy


def start(fight: Fight) -> CombatState:
    state, _ = new_combat(fight.seed, fight.room, fight.fighters, fight.adversaries, BESTIARY)
    return state


def card_places(state: CombatState) -> dict[str, Counter[int]]:
    """Pile key -> every card of that deck, wherever it is now (draw, discard, out of the deck for the Day or for
    good, hands, bins, items, intents and the intents drawn ahead for next round)."""
    places = {
        key: Counter(pile.draw) + Counter(pile.discard) + Counter(pile.removed_for_day) + Counter(pile.removed_for_good)
        for key, pile in state.piles.items()
    }
    for fighter in state.fighters:
        places[fighter.pile] += Counter(fighter.hand)
        for cards in fighter.bins.values():
            places[fighter.pile] += Counter(cards)
        for cards in fighter.stowed.values():  # on the Backpack, face down on the Headphones (ITM-*)
            places[fighter.pile] += Counter(cards)
    for adversary in state.adversaries:
        if adversary.intent is not None:
            places[GM][adversary.intent] += 1
    for card, _ in state.queued_intents.values():
        places[GM][card] += 1
    return places


def numbers_in(value: object) -> Iterator[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from numbers_in(item)
    elif is_dataclass(value) and not isinstance(value, type):  # typed contexts and targets
        for field in fields(value):
            yield from numbers_in(getattr(value, field.name))


def held_by_decisions(state: CombatState) -> set[int]:
    """Cards a pending decision may be holding while it waits: anything its options or context name. A card may
    be nowhere else only then (the two intents a foreseeing High Priestess picks from, a fired card two bins want
    to catch …); once the decisions are answered every card is back in a place."""
    return {n for d in state.decisions for n in numbers_in((d.context, *(o.value for o in d.options)))}


def injury_asked(state: CombatState, fighter_id: str) -> bool:
    """Whether a Major Injury for this fighter is waiting for the GM: next, or queued behind other decisions taken
    in the same moment (an Eddy's Tower explosion that downs an adversary and a player at once)."""
    return any(d.kind == "injury" and any(figure_of(o) == fighter_id for o in d.options) for d in state.decisions)


def check_invariants(
    state: CombatState, decks: dict[str, Counter[int]], digest: str, where: str, before: CombatState | None = None
) -> None:
    """Every card in one place, numbers in bounds, something to do, a faithful save; against the state before the
    step, Corruption and abilities only grow. ``where`` (seeds and step) starts every message."""
    places = card_places(state)
    waiting = held_by_decisions(state)
    for key, deck in decks.items():
        lost, gained = deck - places[key], places[key] - deck
        assert not gained, f"{where}: the {key!r} deck gained {dict(gained)} (a card in two places, or a stranger)"
        assert set(lost) <= waiting, f"{where}: the {key!r} deck lost {dict(lost)}"
    for fighter in state.fighters:
        assert 0 <= fighter.hp <= START_HP, f"{where}: {fighter.id} has {fighter.hp} HP"
        assert fighter.shield >= 0, f"{where}: {fighter.id} has {fighter.shield} Shield"
        assert fighter.hp > 0 or fighter.dead or injury_asked(state, fighter.id), (
            f"{where}: {fighter.id} at 0 HP, no injury asked"
        )
        assert fighter.corruption_gained >= 0, f"{where}: {fighter.id} gained {fighter.corruption_gained} Corruption"
    for adversary in state.adversaries:
        top = BESTIARY[adversary.kind].hp
        assert 0 <= adversary.hp <= top, f"{where}: {adversary.id} has {adversary.hp} of {top} HP"
        assert adversary.shield >= 0, f"{where}: {adversary.id} has {adversary.shield} Shield"
    if before is not None:
        for old, new in zip(before.fighters, state.fighters, strict=True):
            assert new.corruption_gained >= old.corruption_gained, (
                f"{where}: {new.id}'s Corruption fell from {old.corruption_gained} to {new.corruption_gained}"
            )
            lost_abilities = set(old.abilities) - set(new.abilities)
            assert not lost_abilities, f"{where}: {new.id} lost {sorted(lost_abilities)}"
    if state.pending is not None:
        assert state.pending.options, f"{where}: {state.pending.kind!r} decision with no options"
    legal = Game(state).legal_actions()
    assert legal or state.phase is Phase.OVER, f"{where}: nothing legal in {state.phase}"
    assert (state.phase is Phase.OVER) == (state.result is not None), f"{where}: {state.phase} with {state.result}"
    round_trip = state_from_dict(json.loads(json.dumps(state_to_dict(state))))
    assert state_hash(round_trip) == digest, f"{where}: the JSON round trip changed the state"


def choose(rng: random.Random, policy: Policy, legal: list[Action]) -> Action:
    """A kind of action by the policy's weights (a kind with weight 0 only when nothing else is left), then one."""
    if policy.uniform:
        return rng.choice(legal)
    kinds: dict[type, list[Action]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    groups = list(kinds.values())
    weights = [policy.weight(group[0]) for group in groups]
    if not any(weights):  # only kinds the policy never picks: take one of them all the same
        weights = [1] * len(groups)
    group = rng.choices(groups, weights=weights)[0]
    return rng.choice(group)


def play(fight: Fight, max_steps: int = MAX_STEPS) -> tuple[Game, int]:
    """Play the fight by its policy, checking every invariant after every step (and that undo takes it back)."""
    label = f"seed={fight.seed} play_seed={fight.policy.seed}"
    try:
        game = Game(start(fight))
    except Exception as error:
        error.add_note(f"{label}: new_combat")
        raise
    decks = {key: +count for key, count in card_places(game.state).items()}
    rng = random.Random(fight.policy.seed)
    undone = 0
    before = state_hash(game.state)
    check_invariants(game.state, decks, before, f"{label} step=0 (opening)")
    for step in range(1, max_steps + 1):
        legal = game.legal_actions()
        if not legal:
            break
        action = choose(rng, fight.policy, legal)
        where = f"{label} step={step} action={action}"
        previous = game.state
        try:
            game.push(action)
        except Exception as error:
            error.add_note(where)
            raise
        after = state_hash(game.state)
        check_invariants(game.state, decks, after, where, previous)
        if game.can_undo():
            assert game.undo() == action, f"{where}: undo took back another action"
            assert state_hash(game.state) == before, f"{where}: undo did not give the previous state"
            game.push(action)
            assert state_hash(game.state) == after, f"{where}: pushing the action again after undo differed"
            undone += 1
        before = after
        TALLY[type(action).__name__] += 1
    TALLY["steps"] += len(game.steps)
    TALLY["fights"] += 1
    TALLY[f"result: {game.state.result or 'unfinished'}"] += 1
    return game, undone
