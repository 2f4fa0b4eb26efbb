"""The rules API: ``new_combat``, ``legal_actions``, ``refusal``, ``apply`` and the undoable ``Game``.

Modelled on python-chess: one source of legality, actions in, past-tense events out, and a
game object that pushes and pops steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from . import rng
from .abilities import ABILITIES, BASE_ABILITIES
from .actions import Action, Choose, EndTurn, PlayCard
from .adversaries import AdversaryKind
from .campaign.injuries import deck_changes, deck_traits, traits_in_force
from .cards import ALL_IDS, CARDS
from .combat import finish_turn, settle
from .decisions import answer
from .deck import Pile, deck_cards
from .errors import IllegalAction
from .events import CardPlaced, CombatStarted, Event
from .modifiers import must_honk
from .state import GM, Adversary, CombatState, Fighter, FighterKind, Phase
from .traits import Arcana, Trait
from .zones import Room, Zone

EDDY_PILE = "eddies"


@dataclass(frozen=True)
class FighterSetup:
    """Who enters a fight and where; ``abilities`` are extra bins beyond the base six."""

    id: str
    name: str
    zone: Zone
    traits: frozenset[Trait] = frozenset()
    arcana: Arcana | None = None
    kind: FighterKind = FighterKind.PLAYER
    abilities: tuple[str, ...] = ()
    injuries: tuple[str, ...] = ()
    cursed: bool = False


@dataclass(frozen=True)
class AdversarySetup:
    kind: str
    zone: Zone
    name: str = ""  # defaults to the kind's name, numbered when there are several


def new_combat(
    seed: int,
    room_size: int,
    fighters: Sequence[FighterSetup],
    adversaries: Sequence[AdversarySetup],
    bestiary: dict[str, AdversaryKind],
    practice: bool = False,
) -> tuple[CombatState, list[Event]]:
    """Shuffle every deck, place everyone, draw the first intents and the first hand."""
    room = Room(room_size)
    seed_state = seed & ((1 << 64) - 1)
    piles: dict[str, Pile] = {}
    roster = []
    for setup in fighters:
        if not room.contains(setup.zone):
            raise ValueError(f"{setup.name} stands outside the {room.label} room")
        pile_key = EDDY_PILE if setup.kind is FighterKind.EDDY else setup.id
        if pile_key not in piles:
            cursed = setup.cursed or deck_changes(setup.injuries).cursed  # DECK-CURSE
            deck = deck_cards(deck_traits(setup.traits, setup.injuries), cursed)
            cards = deck if setup.kind is FighterKind.PLAYER else list(ALL_IDS)
            piles[pile_key] = Pile(cards)
        abilities = (*BASE_ABILITIES, *setup.abilities) if setup.kind is FighterKind.PLAYER else setup.abilities
        roster.append(
            Fighter(
                setup.id,
                setup.name,
                setup.kind,
                traits_in_force(setup.traits, setup.injuries),  # injuries override the Report Card
                setup.arcana,
                pile_key,
                abilities,
                setup.zone,
                injuries=list(setup.injuries),
            )
        )
    piles[GM] = Pile(list(ALL_IDS))
    for key in sorted(piles):
        seed_state = rng.shuffle(seed_state, piles[key].draw)
    foes = _place_adversaries(room, adversaries, bestiary)
    state = CombatState(room, roster, foes, piles, dict(bestiary), seed_state, practice=practice)
    events: list[Event] = [CombatStarted(room_size)]
    settle(state, events)
    return state, events


def _place_adversaries(
    room: Room, setups: Sequence[AdversarySetup], bestiary: dict[str, AdversaryKind]
) -> list[Adversary]:
    counts: dict[str, int] = {}
    for setup in setups:
        counts[setup.kind] = counts.get(setup.kind, 0) + 1
    seen: dict[str, int] = {}
    foes = []
    for setup in setups:
        if setup.kind not in bestiary:
            raise ValueError(f"no adversary kind {setup.kind!r} in the bestiary")
        if not room.contains(setup.zone):
            raise ValueError(f"{setup.kind} stands outside the {room.label} room")
        kind = bestiary[setup.kind]
        seen[setup.kind] = seen.get(setup.kind, 0) + 1
        number = seen[setup.kind]
        name = setup.name or (f"{kind.name} {number}" if counts[setup.kind] > 1 else kind.name)
        foes.append(Adversary(f"{setup.kind}-{number}", name, setup.kind, kind.hp, setup.zone))
    return foes


# --- legality ------------------------------------------------------------------------------------


def legal_actions(state: CombatState) -> list[Action]:
    """Every action the rules allow now; the one source of legality."""
    if state.phase is Phase.OVER:
        return []
    if state.decisions:
        return [Choose(i) for i in range(len(state.decisions[0].options))]
    fighter = state.active_fighter
    if fighter is None:
        return []
    actions: list[Action] = []
    for card in dict.fromkeys(fighter.hand):
        for ability_id in fighter.abilities:
            if ABILITIES[ability_id].refusal(state, fighter, card) is None:
                actions.append(PlayCard(fighter.id, card, ability_id))
    if _end_turn_refusal(fighter) is None:
        actions.append(EndTurn(fighter.id))
    return actions


def refusal(state: CombatState, action: Action) -> str | None:
    """Why an action is not allowed now, in words for the player; None when it is allowed."""
    if state.phase is Phase.OVER:
        return "The fight is over."
    pending = state.pending
    if isinstance(action, Choose):
        if pending is None:
            return "There is nothing to choose right now."
        if not 0 <= action.option < len(pending.options):
            return f"Choose an option from 0 to {len(pending.options) - 1}."
        return None
    if pending is not None:
        return f"First answer: {pending.prompt}"
    fighter = state.active_fighter
    if fighter is None:
        return "No player is taking a turn right now."
    if action.fighter != fighter.id:
        return f"It is {fighter.name}'s turn, not {state.name_of(action.fighter)}'s."
    if isinstance(action, EndTurn):
        return _end_turn_refusal(fighter)
    if action.card not in fighter.hand:
        return f"{CARDS[action.card].name} is not in {fighter.name}'s hand."
    if action.ability not in fighter.abilities:
        return f"{fighter.name} has no ability called {action.ability!r} in this fight."
    return ABILITIES[action.ability].refusal(state, fighter, action.card)


def _end_turn_refusal(fighter: Fighter) -> str | None:
    if must_honk(fighter.traits) and not fighter.honked and fighter.hand and "honk" in fighter.abilities:
        return f"{fighter.name} is Foolish and must Honk once this turn before ending it."
    return None


# --- applying --------------------------------------------------------------------------------------


def apply(state: CombatState, action: Action) -> tuple[CombatState, list[Event]]:
    """Check and carry out an action on a copy: the given state is never changed."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    new_state = state.clone()
    return new_state, apply_unchecked(new_state, action)


def apply_in_place(state: CombatState, action: Action) -> list[Event]:
    """Check and carry out an action on this very state (simulators and replays)."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    return apply_unchecked(state, action)


def apply_unchecked(state: CombatState, action: Action) -> list[Event]:
    events: list[Event] = []
    if isinstance(action, Choose):
        answer(state, action.option, events)
    elif isinstance(action, EndTurn):
        finish_turn(state, state.fighter(action.fighter), events)
    else:
        fighter = state.fighter(action.fighter)
        fighter.hand.remove(action.card)
        cards = fighter.bins.setdefault(action.ability, [])
        cards.append(action.card)
        events.append(CardPlaced(fighter.id, action.card, action.ability))
        ability = ABILITIES[action.ability]
        if ability.is_complete(state, fighter, cards):
            ability.resolve(state, fighter, events)
    settle(state, events)
    return events


# --- the undoable game -----------------------------------------------------------------------------


def undoable(events: Iterable[Event]) -> bool:
    """A step can be taken back unless it showed hidden cards (a draw, a shuffle, a revealed intent)."""
    return not any(event.reveals for event in events)


@dataclass
class Step:
    action: Action
    before: CombatState
    events: list[Event]


@dataclass
class Game:
    """A fight with its history: push actions, pop the last one where the rules allow."""

    state: CombatState
    opening: list[Event] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def push(self, action: Action) -> list[Event]:
        new_state, events = apply(self.state, action)
        self.steps.append(Step(action, self.state, events))
        self.state = new_state
        return events

    def can_undo(self) -> bool:
        return bool(self.steps) and undoable(self.steps[-1].events)

    def undo_refusal(self) -> str | None:
        if not self.steps:
            return "Nothing to undo yet."
        if not undoable(self.steps[-1].events):
            return "The last step showed hidden cards (a draw, a shuffle or an intent), so it stands."
        return None

    def undo(self) -> Action:
        reason = self.undo_refusal()
        if reason is not None:
            raise IllegalAction(reason)
        step = self.steps.pop()
        self.state = step.before
        return step.action

    @property
    def actions(self) -> list[Action]:
        return [step.action for step in self.steps]
