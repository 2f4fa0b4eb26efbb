"""The Restless on the seam every game plugs into (``rules/seam.py``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import MISSING, fields, replace
from typing import Any

from ..game_json import TaggedActions, canonical, decode, digest, encode
from ..seam import OMNISCIENT, RulesError, Ruleset, Seat
from . import rs_play
from .rs_actions import ACTION_TYPES, REVEALING, Adjust, Attack, Buy, Give, Keep, Pick, RsAction, RsEvent, Take, Use
from .rs_card_images import check_images
from .rs_cards import Card
from .rs_pack import check_cards
from .rs_practice import sample_setup
from .rs_state import Pile, RsSetup, RsState

KEY = "restless"
ACTIONS: TaggedActions[RsAction] = TaggedActions("kind", ACTION_TYPES, "an action of The Restless")
HIDDEN = "?"
PHASES = (
    "characters",
    "starters",
    "give",
    "between",
    "encounter",
    "pick",
    "combat",
    "god",
    "roll",
    "armor",
    "drops",
    "rest",
    "fleeing",
    "final-night",
    "final-choice",
    "over",
)


class RestlessRules:
    """Setup = RsSetup, State = RsState, Action = RsAction, Event = RsEvent."""

    key = KEY
    title = "The Restless"

    def new_state(self, setup: RsSetup, seed: int) -> tuple[RsState, list[RsEvent]]:
        return rs_play.new_game(setup, seed)

    def legal_actions(self, state: RsState) -> Sequence[RsAction]:
        return rs_play.legal_actions(state)

    def refusal(self, state: RsState, action: RsAction) -> str | None:
        return rs_play.refusal(state, action)

    def apply(self, state: RsState, action: RsAction) -> tuple[RsState, list[RsEvent]]:
        return rs_play.apply(state, action)

    def reveals(self, event: RsEvent) -> bool:
        """Cards drawn or revealed, decks shuffled, the d20 rolled: undo stops there."""
        return event.kind in REVEALING

    def is_over(self, state: RsState) -> bool:
        return state.phase == "over"

    def seats_to_act(self, state: RsState) -> frozenset[Seat]:
        """The party decides together (every seat with a living Character); a die or Armor waits on its owner."""
        if state.phase == "over":
            return frozenset()
        if state.phase == "roll" and state.roll is not None:
            return frozenset({state.hero(state.roll.hero).seat})
        if state.phase == "armor" and state.hits:
            return frozenset({state.hero(state.hits[0].hero).seat})
        seats = frozenset(h.seat for h in state.living())
        return seats or frozenset(state.seats)

    def observe(self, state: RsState, seat: Seat) -> RsState:
        """Every held card is open to all (RS-OPEN-INFO); only the decks' order and the dice to come are hidden."""
        if seat == OMNISCIENT:
            return state
        piles = tuple(Pile(p.deck, tuple(HIDDEN for _ in p.draw), p.discard) for p in state.piles)
        rests = tuple(HIDDEN for _ in state.rests)
        row = tuple(HIDDEN for _ in state.row)
        return replace(state, piles=piles, rests=rests, row=row, rng=0)

    def state_hash(self, state: RsState) -> str:
        return digest(_cards_digest(state.cards) + canonical(encode(replace(state, cards=()))))

    def encode_state(self, state: RsState) -> dict[str, Any]:
        encoded: dict[str, Any] = encode(replace(state, cards=()))
        encoded["cards"] = _cards_encoded(state.cards)
        return encoded

    def decode_state(self, data: Any) -> RsState:
        if not isinstance(data, dict):
            raise RulesError("state: must be an object")
        cards = _cards_decoded(data.get("cards"))
        state = replace(decode(RsState, {**data, "cards": []}, "state"), cards=cards)
        why = state_problem(state)
        if why:
            raise RulesError(f"state.{why}")
        return state

    def encode_action(self, action: RsAction) -> dict[str, Any]:
        data = ACTIONS.encode(action)
        if "face" in data and data["face"] is None:
            del data["face"]  # the table's own die: written as saves always wrote it
        return data

    def decode_action(self, data: Any) -> RsAction:
        return ACTIONS.decode(data)

    def encode_setup(self, setup: RsSetup) -> dict[str, Any]:
        encoded: dict[str, Any] = encode(setup)
        return encoded

    def decode_setup(self, data: Any) -> RsSetup:
        setup = decode(RsSetup, data, "setup")
        if not 1 <= len(setup.seats) <= 4 or not setup.cards:
            raise RulesError("setup: a game has 1 to 4 seats and a pack of cards")
        check_cards(setup.cards)
        check_images(setup)
        return setup

    def narrate(self, state: RsState, event: RsEvent) -> str:
        return event.text

    def sample_setup(self, seed: int) -> RsSetup:
        return sample_setup(seed)

    def action_space(self, state: RsState) -> Sequence[RsAction]:
        """Every candidate, plus the same shapes naming cards and Characters nobody has."""
        actions: list[RsAction] = list(rs_play.candidates(state))
        hero = state.party[0].card if state.party else "nobody"
        actions += [Keep(("nobody",)), Take("no-card", hero), Give("no-card", hero), Use("no-card", hero)]
        actions += [Attack("nobody", ""), Buy("no-card", hero, ""), Pick("no-card"), Adjust("luck", hero, 1)]
        actions += [Adjust("health", hero, 5), Adjust("rerolls", hero, 1)]
        return list(dict.fromkeys(actions))


# A game's cards are the same value in every state of it: encode, hash and decode them once (a small cache).
_ENCODED: dict[int, tuple[tuple[Card, ...], str, str]] = {}
_DECODED: dict[str, tuple[Card, ...]] = {}


def _cards_entry(cards: tuple[Card, ...]) -> tuple[str, str]:
    entry = _ENCODED.get(id(cards))
    if entry is None or entry[0] is not cards:
        text = canonical([_compact(card) for card in cards])
        entry = (cards, text, digest(text))
        if len(_ENCODED) > 16:
            _ENCODED.clear()
        _ENCODED[id(cards)] = entry
    return entry[1], entry[2]


_CARD_DEFAULTS = {f.name: encode(f.default) for f in fields(Card) if f.default is not MISSING}


def _compact(card: Card) -> dict[str, Any]:
    """A card without the fields its kind leaves at their defaults (a state holds every card of the pack)."""
    full: dict[str, Any] = encode(card)
    return {k: v for k, v in full.items() if k not in _CARD_DEFAULTS or _CARD_DEFAULTS[k] != v}


def _cards_encoded(cards: tuple[Card, ...]) -> list[Any]:
    encoded: list[Any] = json.loads(_cards_entry(cards)[0])  # a fresh copy each time: callers may change it
    return encoded


def _cards_digest(cards: tuple[Card, ...]) -> str:
    return _cards_entry(cards)[1]


def _cards_decoded(data: Any) -> tuple[Card, ...]:
    key = json.dumps(data)  # as decoded: the order the codec wrote
    cards = _DECODED.get(key)
    if cards is None:
        cards = decode(tuple[Card, ...], data, "state.cards")
        if len(_DECODED) > 16:
            _DECODED.clear()
        _DECODED[key] = cards
    return cards


def state_problem(state: RsState) -> str | None:
    """What makes a decoded state one this game could not have made (a save edited by hand), or None."""
    if state.phase not in PHASES:
        return f"phase: '{state.phase}' is not a phase"
    ids = {c.id for c in state.cards}
    named = [*state.offered, *state.loose, *state.rests, *state.row, *state.wares]
    named += [h.card for h in state.party] + [i for h in state.party for i in h.items]
    named += [c for p in state.piles for c in (*p.draw, *p.discard)]
    stray = [c for c in named if c.split("*")[0] not in ids]
    if stray:
        return f"'{stray[0]}' is not a card of this pack"
    if state.rerolls < 0 or any(h.health < 0 for h in state.party):
        return "rerolls and Health cannot be negative"
    if state.phase == "roll" and state.roll is None:
        return "roll: the roll phase needs a die on the table"
    if state.phase == "armor" and not state.hits:
        return "hits: the armor phase needs damage waiting"
    return None


RULES: Ruleset[RsSetup, RsState, RsAction, RsEvent] = RestlessRules()  # mypy checks it meets the seam
