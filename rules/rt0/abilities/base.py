"""The Ability contract and the registry every bin is found through."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import ClassVar

from ..cards import CARDS, CardId, Suit
from ..events import AbilityResolved, Event
from ..state import CombatState, Fighter

ABILITIES: dict[str, Ability] = {}


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a bin is: ``have`` of ``need`` (a sum or a count), plus what may come next."""

    have: int
    need: int
    unit: str  # "sum" or "cards"
    next_hint: str = ""

    def __str__(self) -> str:
        text = f"{self.have} / {self.need}" if self.unit == "sum" else f"{self.have} of {self.need} cards"
        return f"{text} — next: {self.next_hint}" if self.next_hint else text


class Ability:
    """A bin. Subclasses set the class attributes and override the hooks they need."""

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]  # the rule in the app's own words, for hover help
    keeps_cards: ClassVar[bool] = False  # cards stay between turns ("cards remain there")
    suits: ClassVar[Collection[Suit] | None] = None  # None: any card

    accepted: ClassVar[frozenset[CardId] | None] = None  # the card ids ``suits`` lets in, worked out once

    def __init_subclass__(cls) -> None:
        if cls.__dict__.get("suits") is not None:
            cls.accepted = frozenset(card.id for card in CARDS if card.suit in cls.suits)  # type: ignore[operator]
        if "id" in cls.__dict__:
            ABILITIES[cls.id] = cls()

    def accepts(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        """Whether the card may go here now (the fast question ``legal_actions`` asks)."""
        return self.accepted is None or card in self.accepted

    def refusal(self, state: CombatState, fighter: Fighter, card: CardId) -> str | None:
        """Why this card may not go here now, or None when it may."""
        if self.accepts(state, fighter, card):
            return None
        return self.reason(state, fighter, card)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        """The words for a refused card (only asked once ``accepts`` said no)."""
        if self.suits is not None:
            wanted = " or ".join(suit.value for suit in self.suits)
            return f"{self.name} takes {wanted}; {CARDS[card].name} is {_suit_phrase(card)}."
        return f"{self.name} does not take {CARDS[card].name} now."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        """How far these cards on the bin get it."""
        raise NotImplementedError

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        done = self.progress(state, fighter, cards)
        return done.have >= done.need

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        raise NotImplementedError

    def preview(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        """What playing this card here would do, in a few words."""
        cards = [*fighter.bins.get(self.id, ()), card]
        if self.is_complete(state, fighter, cards):
            return f"completes {self.name}: {self.effect_text(fighter)}"
        return f"{self.name}: {self.progress(state, fighter, cards)}"

    def effect_text(self, fighter: Fighter) -> str:
        return "fires"

    def announce(self, fighter: Fighter, cards: list[CardId], events: list[Event]) -> None:
        events.append(AbilityResolved(fighter.id, self.id, tuple(cards)))


def _suit_phrase(card: CardId) -> str:
    suit = CARDS[card].suit
    return "a Major Arcana" if suit is Suit.MAJOR else f"one of the {suit.value}"


def card_sum(cards: list[CardId]) -> int:
    return sum(CARDS[c].value for c in cards)
