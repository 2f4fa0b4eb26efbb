"""RT:0 on the seam (``seam.Ruleset``): the fight engine, its codecs, its observer and its narration, as one value."""

from __future__ import annotations

import functools
import hashlib
import json
import random
from collections.abc import Sequence
from typing import Any

from ..seam import RulesError, Seat
from .abilities import ABILITIES, arcana_abilities
from .campaign.character import allowed_a_plus, allowed_abilities, allowed_failed, allowed_weaknesses
from .campaign.injuries import MINORS
from .cards import CARDS
from .content.adversaries import AdversaryKind
from .content.adversaries import bundled_bestiary as shipped_bestiary
from .fight import engine, events, narration, privacy, serialize
from .fight.actions import Action, Activate, AddAbility, Choose, EndTurn, action_from_dict, action_to_dict
from .fight.engine import AdversarySetup, FighterSetup, Game
from .fight.events import Event
from .fight.rt0_setup import (
    CombatSetup,
    FightSetup,
    combat_setup_from_dict,
    combat_setup_to_dict,
    setup_from_dict,
    setup_to_dict,
)
from .fight.state import CombatState, FighterKind, Phase
from .fight.zones import ROOM_SIZES
from .traits import ABILITIES as ABILITY_TRAITS
from .traits import ARCANA_ABILITY, OPPOSITE, SPELL_REQUIRES, WEAKNESSES, Arcana, Spell, Trait

UNKNOWN_CARDS = (-1, len(CARDS), len(CARDS) + 1)  # ids no deck holds (CARD-78): refused, never an IndexError
UNKNOWN_ABILITY = "no-such-ability"


class ActionFormatError(RulesError):
    """A saved or typed action this version cannot read."""


@functools.cache
def bundled_bestiary() -> dict[str, AdversaryKind]:
    """The book's and the house's adversaries, as shipped."""
    kinds: dict[str, AdversaryKind] = {}
    for name in ("book.json", "house.json"):
        kinds.update(shipped_bestiary(name))
    return kinds


class RT0Rules:
    """RT:0's fights as a ``Ruleset[FightSetup, CombatState, Action, Event]``."""

    key = "rt0"
    title = "RT:0"

    def new_state(self, setup: FightSetup, seed: int) -> tuple[CombatState, list[Event]]:
        return setup.start(seed)

    def legal_actions(self, state: CombatState) -> Sequence[Action]:
        return engine.legal_actions(state)

    def refusal(self, state: CombatState, action: Action) -> str | None:
        return engine.refusal(state, action)

    def apply(self, state: CombatState, action: Action) -> tuple[CombatState, list[Event]]:
        return engine.apply(state, action)

    def reveals(self, event: Event) -> bool:
        return events.reveals(event)

    def is_over(self, state: CombatState) -> bool:
        return state.phase is Phase.OVER

    def seats_to_act(self, state: CombatState) -> frozenset[Seat]:
        """The pending decision's seats, else the fighter whose turn it is; nobody once the fight is over."""
        if state.phase is Phase.OVER:
            return frozenset()
        if state.pending is not None:
            return state.pending.seats
        active = state.active_fighter
        return frozenset((active.id,)) if active is not None else frozenset()

    def observe(self, state: CombatState, seat: Seat) -> CombatState:
        return privacy.observe(state, seat)

    def state_hash(self, state: CombatState) -> str:
        return serialize.state_hash(state)

    def encode_state(self, state: CombatState) -> dict[str, Any]:
        return serialize.state_to_dict(state)

    def decode_state(self, data: Any) -> CombatState:
        if not isinstance(data, dict):
            raise serialize.StateFormatError(f"a combat state must be a JSON object, not {type(data).__name__}")
        return serialize.state_from_dict(data)

    def encode_action(self, action: Action) -> dict[str, Any]:
        return action_to_dict(action)

    def decode_action(self, data: Any) -> Action:
        if not isinstance(data, dict):
            raise ActionFormatError(f"an action must be a JSON object, not {type(data).__name__}")
        try:
            return action_from_dict(data)
        except (KeyError, TypeError, ValueError) as error:
            raise ActionFormatError(f"cannot read the action {data!r}: {error}") from None

    def encode_setup(self, setup: FightSetup) -> dict[str, Any]:
        return setup_to_dict(setup)

    def decode_setup(self, data: Any) -> FightSetup:
        return setup_from_dict(data)

    def narrate(self, state: CombatState, event: Event) -> str:
        return narration.narrate(state, event)

    def sample_setup(self, seed: int) -> FightSetup:
        return sample_fight(seed)

    def action_space(self, state: CombatState) -> Sequence[Action]:
        return action_space(state)

    # --- what a playthrough's save adds (desktop/saves/playthrough_rules.py): fights kept with their seeds ---

    state_format = serialize.FORMAT  # the snapshots' format, kept in the save's header

    def in_play(self, state: CombatState, events: Sequence[Event] = ()) -> Game:
        """A fight in play from ``state``, with its undo history (``events``: what opening it showed)."""
        return Game(state, list(events))

    def snapshot(self, state: CombatState) -> tuple[str, str]:
        """A snapshot's JSON and ``state_hash(state)`` from one walk over the state (the slowest autosaves are these).

        The snapshot keeps the state's own dict order, not the sorted one the hash is taken over: the engine walks
        a fighter's ``bins`` in the order the abilities were first used (e.g. discarding at the end of a turn), so
        a snapshot with sorted keys replays to a different deck order after the next reshuffle, although its hash
        matched. The hash is ``serialize.state_hash``'s recipe; a test holds the two equal.
        """
        data = serialize.state_to_dict(state)
        hashed = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return json.dumps(data, separators=(",", ":")), hashlib.sha256(hashed.encode()).hexdigest()[:16]

    def encode_saved_fight(self, setup: CombatSetup) -> dict[str, Any]:
        return combat_setup_to_dict(setup)

    def decode_saved_fight(self, data: Any) -> CombatSetup:
        return combat_setup_from_dict(data)


def action_space(state: CombatState) -> list[Action]:
    """Actions of every shape for this state, legal or not: for the fighter whose turn it is, each card id (the
    unknown ones too) on each bin; for the others, their hand cards and an unknown card on their bins; every
    activation index each bin offers (at least 0 to 2) and one past each end, every addition, every option index
    and one past each end, every end of turn."""
    actions: list[Action] = []
    options = len(state.pending.options) if state.pending is not None else 0
    actions.extend(Choose(i) for i in range(-1, options + 1))
    active = state.active_fighter
    for fighter in state.fighters:
        bins = (*fighter.abilities, UNKNOWN_ABILITY)
        every = fighter is active
        cards = (*range(len(CARDS)), *UNKNOWN_CARDS) if every else (*dict.fromkeys(fighter.hand), len(CARDS))
        for card in cards:
            actions.extend(engine.play_card(fighter.id, card, ability) for ability in bins)
        for ability in bins:
            offers = len(ABILITIES[ability].activations(state, fighter)) if ability in ABILITIES else 0
            actions.extend(Activate(fighter.id, ability, i) for i in range(-1, max(offers, 2) + 1))
        addable = arcana_abilities(fighter.arcana) if fighter.arcana is not None else ()
        actions.extend(AddAbility(fighter.id, a) for a in (*addable, UNKNOWN_ABILITY))
        actions.append(EndTurn(fighter.id))
    actions.append(EndTurn("nobody"))
    return actions


def sample_fight(seed: int) -> FightSetup:
    """A random valid fight: 1-4 fighters (players of every Arcana with a valid Report Card, Arcana Abilities,
    spells and minor injuries; now and then an Eddy) against 1-3 adversaries of both bestiaries."""
    draw = random.Random(seed)
    room = draw.choice(ROOM_SIZES)

    def zone() -> tuple[int, int]:
        return (draw.randrange(room), draw.randrange(room))

    known: set[Spell] = set()
    fighters: list[FighterSetup] = []
    for i in range(draw.randint(1, 4)):
        if draw.randrange(6) == 0:
            fighters.append(FighterSetup(f"f{i}", f"Eddy {i}", zone(), kind=FighterKind.EDDY))
        else:
            fighters.append(_sample_player(draw, i, zone(), known))
    kinds = sorted(bundled_bestiary())
    foes = tuple(AdversarySetup(draw.choice(kinds), zone()) for _ in range(draw.randint(1, 3)))
    return FightSetup(room, tuple(fighters), foes, bundled_bestiary(), day=draw.randint(0, 3))


def _sample_player(draw: random.Random, index: int, zone: tuple[int, int], known: set[Spell]) -> FighterSetup:
    arcana = draw.choice((Arcana.FOOL, Arcana.MAGICIAN, Arcana.HIGH_PRIESTESS, None))
    chosen: tuple[str, ...] = ()
    a_plus: tuple[Any, ...] = ()
    failed: tuple[Any, ...] = ()
    if arcana is None:
        ability = draw.choice(ABILITY_TRAITS)
        traits = frozenset({ability, draw.choice([w for w in WEAKNESSES if OPPOSITE[w] is not ability])})
    else:
        ability = draw.choice(allowed_abilities(arcana))
        weakness = draw.choice(allowed_weaknesses(arcana, ability))
        traits = frozenset({ARCANA_ABILITY[arcana], ability, weakness})
        own = arcana_abilities(arcana)
        chosen = tuple(draw.sample(own, draw.randint(0, min(2, len(own)))))
        best = draw.choice(allowed_a_plus(arcana, ability, weakness))
        a_plus, failed = (best,), (draw.choice(allowed_failed(arcana, ability, weakness, best)),)
    dull = Trait.DULL in traits  # CHR-SPELL-REQ: some spells need a trait, and a Dull fighter learns none
    open_spells = [] if dull else [s for s in Spell if s not in known and SPELL_REQUIRES.get(s, ability) in traits]
    spells = tuple(draw.sample(open_spells, min(len(open_spells), draw.randint(0, 2))))
    known.update(spells)
    injuries = tuple(draw.sample(MINORS, draw.randint(0, 1)))
    return FighterSetup(
        f"f{index}",
        f"Fighter {index}",
        zone,
        traits,
        arcana,
        abilities=chosen,
        injuries=injuries,
        a_plus=a_plus,
        failed=failed,
        spells=spells,
    )


RT0 = RT0Rules()
