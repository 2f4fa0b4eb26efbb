"""Decks: which cards a character's deck holds, and a draw pile with its discard."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import rng
from ..cards import ALL_IDS, CARDS, FOOL, SUN, CardId
from ..traits import Trait


def removed_by_luck(traits: Iterable[Trait], cursed: bool = False) -> frozenset[CardId]:
    """Cards taken out of a deck by Lucky, Unlucky and Curse (DECK-LUCKY, DECK-UNLUCKY, DECK-CURSE)."""
    held = set(traits)
    removed: set[CardId] = set()
    if Trait.LUCKY in held:
        removed |= {c.id for c in CARDS if not c.is_major and c.value in (1, 2)}
    unlucky = Trait.UNLUCKY in held or cursed
    if unlucky:
        removed |= {c.id for c in CARDS if not c.is_major and c.value in (13, 14)}
    if cursed and Trait.UNLUCKY in held:
        removed |= {c.id for c in CARDS if not c.is_major and c.value in (10, 12)}
        removed |= {FOOL, SUN}
    return frozenset(removed)


def deck_cards(traits: Iterable[Trait], cursed: bool = False) -> list[CardId]:
    """The ids in a character's deck, in id order (shuffle before use)."""
    removed = removed_by_luck(traits, cursed)
    return [card for card in ALL_IDS if card not in removed]


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
