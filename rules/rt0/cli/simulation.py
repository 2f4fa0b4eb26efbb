"""Simulated play for designers: policies that pick the next action, and runs that tally what they did.

A policy is any function from a state to one legal action. Two come with the engine: ``brick`` (base
abilities only, the first card that fits by a fixed priority, no list of legal actions) and ``greedy``
(the same priority chosen from ``legal_actions``). Runs play through ``apply_in_place``, so every action is
checked exactly as the table checks it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from ..content.adversaries import AdversaryKind
from ..fight.actions import Action, Choose, EndTurn, PlayCard
from ..fight.engine import (
    AdversarySetup,
    FighterSetup,
    apply_in_place,
    legal_actions,
    new_combat,
    play_card,
    plays_on,
    refusal,
)
from ..fight.events import DamageDealt, DamageWasted, Event, ShieldGained
from ..fight.registry import ABILITIES, hooks
from ..fight.state import CombatState, Fighter
from ..traits import Arcana, Trait

if TYPE_CHECKING:
    from ..abilities.base import Ability

Policy = Callable[[CombatState], Action]

BASE_PRIORITY: Final = ("unarmed_strike", "defend", "concentrate", "move_skill")
"""The brick's order of preference: strike, defend, concentrate, then step or try a skill."""

BRICK_PLAYER: Final = FighterSetup(
    "brick", "Brick", (1, 1), frozenset({Trait.STRONG, Trait.SLOW, Trait.CLEVER}), Arcana.MAGICIAN
)
"""The player the bench and ``simulation_cli brick`` measure: Strong, Slow, Clever, The Magician."""

NEUTRAL_PLAYER: Final = FighterSetup("neutral", "Neutral", (1, 1))
"""No traits and no Arcana: five cards a turn, no modifiers; for comparing with other simulators."""


def brick(state: CombatState) -> Action:
    """The first card in hand that a base ability takes, abilities in ``BASE_PRIORITY`` order; else End Turn."""
    if state.pending is not None:
        return Choose(0)
    fighter = state.active_fighter
    assert fighter is not None, "brick asked to act when nobody is taking a turn"
    # with no ability holding a say (the usual case), Ability.accepts is playable + takes,
    # so the hook is looked up once per action rather than once per card and bin
    overruled = bool(hooks(fighter.abilities).permits)
    for held in _HELD.bins(fighter):
        ability = held.ability
        if not overruled and not ability.can_play:
            continue
        for card in fighter.hand:
            if ability.accepts(state, fighter, card) if overruled else ability.takes(state, fighter, card):
                play = held.plays[card]  # a card in hand is a real card id, so an index into the row
                return play if play is not None else play_card(fighter.id, card, held.id)
    end = EndTurn(fighter.id)
    if refusal(state, end) is not None:  # a Foolish player must Honk first: only the full list knows how
        return greedy(state)
    return end


class HeldBin:
    """One base bin a fighter holds: its id, its ability and the fighter's shared ``PlayCard``s on it
    (``engine.plays_on``). A class, not a tuple: compiled, its fields are read as they are typed, where a tuple's
    items are checked against their types on every read (a walk of the MRO for a subclass of ``Ability``)."""

    def __init__(self, ability_id: str, ability: Ability, plays: list[PlayCard | None]) -> None:
        self.id = ability_id
        self.ability = ability
        self.plays = plays


class _Held:
    """``BASE_PRIORITY``'s bins a fighter holds (an Eddy has its own sheet's rows instead), in that order, worked
    out once per fighter id and tuple of abilities; the last fighter asked about is found by identity (clones and
    a run's fights share the id and the tuple), where testing each id against the tuple compared strings and
    ``play_card`` looked the fighter and the bin up by string on every action."""

    def __init__(self) -> None:
        self.known: dict[tuple[str, tuple[str, ...]], list[HeldBin]] = {}
        self.last: tuple[str, tuple[str, ...], list[HeldBin]] = ("", (), [])

    def bins(self, fighter: Fighter) -> list[HeldBin]:
        last = self.last
        if last[1] is fighter.abilities and last[0] is fighter.id:
            return last[2]
        key = (fighter.id, fighter.abilities)
        held = self.known.get(key)
        if held is None:  # the registry is complete by now: the abilities were imported before any fight
            held = [HeldBin(a, ABILITIES[a], plays_on(fighter.id, a)) for a in BASE_PRIORITY if a in fighter.abilities]
            self.known[key] = held
        self.last = (fighter.id, fighter.abilities, held)
        return held


_HELD: Final = _Held()


def greedy(state: CombatState) -> Action:
    """The brick's choice made from the full list of legal actions (slower; works for any fighter)."""
    actions = legal_actions(state)
    if isinstance(actions[0], Choose):
        return actions[0]
    for ability_id in BASE_PRIORITY:
        for action in actions:
            if isinstance(action, PlayCard) and action.ability == ability_id:
                return action
    return next(a for a in actions if isinstance(a, EndTurn))


@dataclass
class Tally:
    """What a run did: rounds, actions, fights, damage dealt or wasted, Shield gained, and how fights ended.

    With one player and no adversary (``solo_turns``) a round is that player's turn.
    """

    rounds: int = 0
    actions: int = 0
    fights: int = 0
    damage: int = 0
    shield: int = 0
    results: dict[str, int] = field(default_factory=dict)

    def count(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, DamageDealt | DamageWasted):
                self.damage += event.amount
            elif isinstance(event, ShieldGained):
                self.shield += event.amount

    def take(self, state: CombatState, policy: Policy) -> None:
        """One action the policy chooses, carried out and counted."""
        self.count(apply_in_place(state, policy(state)))
        self.actions += 1

    def per_round(self, amount: int) -> float:
        return amount / self.rounds if self.rounds else 0.0


def play_rounds(state: CombatState, policy: Policy, rounds: int, tally: Tally) -> None:
    """Play until ``rounds`` more rounds have started or the fight is over, counting every round that went by.

    The count is the round counter's own: a Catastrophe at a turn's start ends that turn inside the action that
    began it, so one action can carry the counter over two rounds, and both are turns played.
    """
    start = state.round
    while state.round - start < rounds and state.result is None:
        tally.take(state, policy)
    tally.rounds += state.round - start


def solo_turns(
    fighter: FighterSetup,
    turns: int,
    bestiary: dict[str, AdversaryKind],
    policy: Policy = brick,
    cycle: int = 15,
    seed: int = 1,
    room_size: int = 3,
) -> Tally:
    """One player alone in practice fights of ``cycle`` turns each (fresh decks every fight), ``turns`` in all."""
    tally = Tally()
    while tally.rounds < turns:
        state, _ = new_combat(seed + tally.fights, room_size, [fighter], [], bestiary, practice=True)
        tally.fights += 1
        tally.rounds += state.round - 1  # a Catastrophe on the very first draw is a turn played too
        play_rounds(state, policy, min(cycle, turns - tally.rounds), tally)
    return tally


def fights(
    fighters: Sequence[FighterSetup],
    adversaries: Sequence[AdversarySetup],
    bestiary: dict[str, AdversaryKind],
    count: int,
    policy: Policy = greedy,
    first_seed: int = 0,
    room_size: int = 3,
    max_rounds: int = 200,
) -> Tally:
    """Whole fights, seeds ``first_seed`` onward; a fight still going after ``max_rounds`` counts as unfinished."""
    tally = Tally()
    for seed in range(first_seed, first_seed + count):
        state, _ = new_combat(seed, room_size, fighters, adversaries, bestiary)
        while state.result is None and state.round < max_rounds:
            tally.take(state, policy)
        tally.rounds += state.round
        tally.fights += 1
        outcome = state.result or "unfinished"
        tally.results[outcome] = tally.results.get(outcome, 0) + 1
    return tally
