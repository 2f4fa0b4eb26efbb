"""Ranges a decoded combat state must keep: what the types alone cannot say (issue 17 item 3).

``serialize.decode`` has checked every value's type; this checks that the numbers and names fit the rules, so
a crafted or damaged snapshot is refused when it is loaded, naming the field, and never trips the engine later.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...seam import RulesError
from ..cards import CARDS
from .state import START_HP, CombatState
from .zones import Zone

# The rules put no ceiling on Shield (it is gained in a round and lost at its end); a fight never comes near this.
SHIELD_CEILING = 999


class StateRangeError(RulesError):
    """A decoded state holding a value the rules could never have made."""


def check_state(state: CombatState) -> None:
    """Raise ``StateRangeError`` naming the first field out of the rules' range."""
    size = state.room.size
    _whole("round", state.round, 0, None)
    _whole("turn", state.turn, 0, None)
    for key, pile in state.piles.items():
        where = f"piles.{key}"
        _cards(f"{where}.draw", pile.draw)
        _cards(f"{where}.discard", pile.discard)
        _cards(f"{where}.removed_for_day", pile.removed_for_day)
        _cards(f"{where}.removed_for_good", pile.removed_for_good)
        if pile.shown is not None:
            _cards(f"{where}.shown", [pile.shown])
    for i, fighter in enumerate(state.fighters):
        where = f"fighters[{i}]"
        _whole(f"{where}.hp", fighter.hp, 0, START_HP)
        _whole(f"{where}.shield", fighter.shield, 0, SHIELD_CEILING)
        _zone(f"{where}.zone", fighter.zone, size, allow_none=True)
        if fighter.pile not in state.piles:
            raise StateRangeError(f"{where}.pile: there is no pile {fighter.pile!r}")
        _cards(f"{where}.hand", fighter.hand)
        _cards(f"{where}.face_down", fighter.face_down)
        for name, cards in fighter.bins.items():
            _cards(f"{where}.bins.{name}", cards)
        for card, named in fighter.counts_as.items():
            _cards(f"{where}.counts_as", [card, named])
    for i, adversary in enumerate(state.adversaries):
        where = f"adversaries[{i}]"
        kind = state.bestiary.get(adversary.kind)
        if kind is None:
            raise StateRangeError(f"{where}.kind: {adversary.kind!r} is not in the fight's bestiary")
        _whole(f"{where}.hp", adversary.hp, 0, kind.hp)
        _whole(f"{where}.shield", adversary.shield, 0, SHIELD_CEILING)
        _zone(f"{where}.zone", adversary.zone, size, allow_none=False)
        if adversary.intent is not None:
            _cards(f"{where}.intent", [adversary.intent])
    for who, (card, _hidden) in state.queued_intents.items():
        _cards(f"queued_intents.{who}", [card])


def _whole(where: str, value: int, low: int, high: int | None) -> None:
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise StateRangeError(f"{where}: must be {bound}, not {value}")


def _cards(where: str, cards: Iterable[int]) -> None:
    for card in cards:
        if not 0 <= card < len(CARDS):
            raise StateRangeError(f"{where}: {card} is not a card (cards are 0 to {len(CARDS) - 1})")


def _zone(where: str, zone: Zone | None, size: int, allow_none: bool) -> None:
    if zone is None:
        if not allow_none:
            raise StateRangeError(f"{where}: missing")
        return
    if not all(0 <= x < size for x in zone):
        raise StateRangeError(f"{where}: {list(zone)} is outside the {size}x{size} room")
