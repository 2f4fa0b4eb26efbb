"""Decks: which cards a character's deck holds, and a draw pile with its discard."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from .. import rng
from ..cards import ALL_IDS, CARDS, FOOL, SUN, CardId
from ..traits import Trait


def removed_by_luck(traits: Iterable[Trait], cursed: bool = False) -> frozenset[CardId]:
    """Cards taken out of a deck by Lucky, Unlucky and Curse (DECK-LUCKY, DECK-UNLUCKY, DECK-CURSE)."""
    held = set(traits)
    return _removed(Trait.LUCKY in held, Trait.UNLUCKY in held, cursed)


def _removed(lucky: bool, unlucky_trait: bool, cursed: bool) -> frozenset[CardId]:
    removed: set[CardId] = set()
    if lucky:
        removed |= {c.id for c in CARDS if not c.is_major and c.value in (1, 2)}
    unlucky = unlucky_trait or cursed
    if unlucky:
        removed |= {c.id for c in CARDS if not c.is_major and c.value in (13, 14)}
    if cursed and unlucky_trait:
        removed |= {c.id for c in CARDS if not c.is_major and c.value in (10, 12)}
        removed |= {FOOL, SUN}
    return frozenset(removed)


def deck_cards(traits: Iterable[Trait], cursed: bool = False) -> list[CardId]:
    """The ids in a character's deck, in id order (shuffle before use)."""
    held = set(traits)
    return _DECKS[(Trait.LUCKY in held) + 2 * (Trait.UNLUCKY in held) + 4 * cursed].copy()


_DECKS: Final = [  # every fight builds three or four decks: each of the eight is worked out once
    [card for card in ALL_IDS if card not in _removed(bool(key & 1), bool(key & 2), bool(key & 4))] for key in range(8)
]


@dataclass(slots=True)
class Pile:
    """A draw pile (top card last), its discard pile, and the cards taken out of the deck mid-fight.

    ``shown`` is a card turned face up on top of the draw pile (The Sun on the Eddy sheet); it stays
    visible while it is the top card, and a shuffle turns it face down again.

    ``removed_for_day`` (Laughter) and ``removed_for_good`` (Slaughter) hold cards that left the deck during
    this fight; they are in no other pile, and the campaign layer reads them once the fight is over.
    """

    draw: list[CardId] = field(default_factory=list)
    discard: list[CardId] = field(default_factory=list)
    shown: CardId | None = None
    removed_for_day: list[CardId] = field(default_factory=list)
    removed_for_good: list[CardId] = field(default_factory=list)

    def __init__(
        self,
        draw: list[CardId] | None = None,
        discard: list[CardId] | None = None,
        shown: CardId | None = None,
        removed_for_day: list[CardId] | None = None,
        removed_for_good: list[CardId] | None = None,
    ) -> None:  # written for speed: mypyc compiles it, not dataclass's (test_value_inits.py)
        self.draw = [] if draw is None else draw
        self.discard = [] if discard is None else discard
        self.shown = shown
        self.removed_for_day = [] if removed_for_day is None else removed_for_day
        self.removed_for_good = [] if removed_for_good is None else removed_for_good

    def clone(self) -> Pile:
        return Pile(
            self.draw.copy(),
            self.discard.copy(),
            self.shown,
            self.removed_for_day.copy(),
            self.removed_for_good.copy(),
        )

    def __len__(self) -> int:
        return len(self.draw)

    @property
    def face_up_top(self) -> CardId | None:
        """The top card if it lies face up, else None."""
        return self.shown if self.draw and self.draw[-1] == self.shown else None

    def top(self, n: int = 1) -> list[CardId]:
        """The next n cards to be drawn, first drawn first."""
        return self.draw[: -n - 1 : -1]

    def shuffle_discard_in(self, seed: int) -> int:
        """Shuffle the discard into the draw pile (DECK-RESHUFFLE); returns the new rng state."""
        self.draw.extend(self.discard)
        self.discard.clear()
        self.shown = None
        return rng.shuffle(seed, self.draw)
