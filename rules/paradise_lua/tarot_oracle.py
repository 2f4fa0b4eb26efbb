"""The tarot as an inspiration oracle: a deck of its own, dealt 1–3 at a time, read by the cards' meanings.

The oracle deck is separate from every player's and the GM's deck (DECK-PER-PLAYER): drawing for inspiration
never changes a fight. Its order comes from the seeded random source, so a draw replays exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rt0 import rng
from ..rt0.cards import ALL_IDS, CardId, by_name
from .world_content import CardMeaning, World

EMPRESS = by_name("The Empress")
HANGED_MAN = by_name("The Hanged Man")
SUN = by_name("The Sun")
MOST_PER_DRAW = 3


@dataclass(frozen=True, slots=True)
class OracleDeck:
    """The cards still to deal, top first, and the random state that shuffles the next deck."""

    order: tuple[CardId, ...]
    rng_state: int
    without_empress: bool = False  # TAROT-EMPRESS-OPTIONAL


def full_deck(without_empress: bool) -> list[CardId]:
    return [card for card in ALL_IDS if not (without_empress and card == EMPRESS)]


def new_oracle(seed: int, without_empress: bool = False) -> OracleDeck:
    cards = full_deck(without_empress)
    state = rng.shuffle(seed, cards)
    return OracleDeck(tuple(cards), state, without_empress)


def deal(deck: OracleDeck, count: int) -> tuple[tuple[CardId, ...], OracleDeck]:
    """Deal ``count`` cards; when the deck runs out, the rest of the 78 (less the cards in this hand) is shuffled."""
    if not 1 <= count <= MOST_PER_DRAW:
        raise ValueError(f"draw 1 to {MOST_PER_DRAW} cards, not {count}")
    hand = list(deck.order[:count])
    order = deck.order[count:]
    state = deck.rng_state
    if len(hand) < count:
        fresh = [card for card in full_deck(deck.without_empress) if card not in hand]
        state = rng.shuffle(state, fresh)
        missing = count - len(hand)
        hand += fresh[:missing]
        order = tuple(fresh[missing:])
    return tuple(hand), OracleDeck(order, state, deck.without_empress)


def table_signs(cards: tuple[CardId, ...]) -> tuple[str, ...]:
    """The book's two card-to-event rules (GM-RANDOM-EVENT): the Hanged Man brings X0XI, the Sun the Eddies."""
    signs = []
    if HANGED_MAN in cards:
        signs.append("X0XI steps in.")
    if SUN in cards:
        signs.append("Eddies turn up to help.")
    return tuple(signs)


def _words(meaning: CardMeaning) -> list[str]:
    return [meaning.name, meaning.title, *meaning.keywords, *([meaning.tag] if meaning.tag else []), meaning.theme]


def search_meanings(world: World, query: str) -> tuple[CardMeaning, ...]:
    """The cards whose name, title, tag, theme or keywords hold every word of ``query`` (any case), in deck order."""
    words = query.lower().split()
    if not words:
        return world.cards
    found = []
    for meaning in world.cards:
        text = " ".join(_words(meaning)).lower()
        if all(word in text for word in words):
            found.append(meaning)
    return tuple(found)
