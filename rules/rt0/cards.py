"""The 78 tarot cards as plain data: a card is an int id, its facts live in ``CARDS``.

Ids 0–21 are the Major Arcana by number (0 The Fool … 21 The World); ids 22–77 are the
Minor Arcana, fourteen per suit in the order Wands, Cups, Swords, Pentacles, Ace to King.
Ints keep decks cheap to copy, hash and store; ``CARDS[id]`` gives the face.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

CardId = int


class Suit(Enum):
    MAJOR = "Major"
    WANDS = "Wands"
    CUPS = "Cups"
    SWORDS = "Swords"
    PENTACLES = "Pentacles"

    # As with Trait: members are singletons compared by identity, and Enum's own __hash__ is Python code that
    # a bin's suit test ran several hundred times a fight.
    __hash__ = object.__hash__


MINOR_SUITS = (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES)

MAJOR_NAMES = (
    "The Fool",
    "The Magician",
    "The High Priestess",
    "The Empress",
    "The Emperor",
    "The Hierophant",
    "The Lovers",
    "The Chariot",
    "Strength",
    "The Hermit",
    "Wheel of Fortune",
    "Justice",
    "The Hanged Man",
    "Death",
    "Temperance",
    "The Devil",
    "The Tower",
    "The Star",
    "The Moon",
    "The Sun",
    "Judgement",
    "The World",
)

RANK_NAMES = {1: "Ace", 11: "Page", 12: "Knight", 13: "Queen", 14: "King"}
ROMAN = (
    "0",
    "I",
    "II",
    "III",
    "IV",
    "V",
    "VI",
    "VII",
    "VIII",
    "IX",
    "X",
    "XI",
    "XII",
    "XIII",
    "XIV",
    "XV",
    "XVI",
    "XVII",
    "XVIII",
    "XIX",
    "XX",
    "XXI",
)


@dataclass(frozen=True, slots=True)
class Card:
    """One face: ``value`` is the number rules add up (CARD-VALUE)."""

    id: CardId
    suit: Suit
    value: int
    name: str

    @property
    def is_major(self) -> bool:
        return self.suit is Suit.MAJOR

    @property
    def rank_name(self) -> str:
        """'Ace', '7', 'Queen' for Minors; the Roman numeral for Majors."""
        if self.is_major:
            return ROMAN[self.value]
        return RANK_NAMES.get(self.value, str(self.value))

    def __str__(self) -> str:
        return self.name


def _build() -> tuple[Card, ...]:
    cards = [Card(number, Suit.MAJOR, number, name) for number, name in enumerate(MAJOR_NAMES)]
    for suit in MINOR_SUITS:
        for rank in range(1, 15):
            label = RANK_NAMES.get(rank, str(rank))
            cards.append(Card(len(cards), suit, rank, f"{label} of {suit.value}"))
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = _build()
ALL_IDS: Final[tuple[CardId, ...]] = tuple(range(len(CARDS)))
_BY_NAME = {card.name.lower(): card.id for card in CARDS}


def minor(suit: Suit, rank: int) -> CardId:
    """The id of a Minor Arcana card, e.g. ``minor(Suit.CUPS, 12)`` for the Knight of Cups."""
    return 22 + MINOR_SUITS.index(suit) * 14 + rank - 1


def by_name(name: str) -> CardId:
    """Find a card by its name ('The Tower', '7 of Cups', 'Queen of Swords'); raises KeyError."""
    key = " ".join(name.lower().split())
    if key in _BY_NAME:
        return _BY_NAME[key]
    if not key.startswith("the ") and f"the {key}" in _BY_NAME:
        return _BY_NAME[f"the {key}"]
    raise KeyError(f"no tarot card is called {name!r}")


# Majors named by the rules.
# Final: compiled, each is a constant in the C code, where a plain global is a look-up in the module's dict
FOOL: Final = 0
MAGICIAN: Final = 1
HIGH_PRIESTESS: Final = 2
EMPRESS: Final = 3
EMPEROR: Final = 4
HIEROPHANT: Final = 5
CHARIOT: Final = 7
STRENGTH: Final = 8
WHEEL_OF_FORTUNE: Final = 10
HANGED_MAN: Final = 12
DEATH: Final = 13
DEVIL: Final = 15
TOWER: Final = 16
SUN: Final = 19
WORLD: Final = 21
