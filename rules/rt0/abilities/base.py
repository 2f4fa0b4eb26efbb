"""The Ability contract and the registry every bin is found through."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import ClassVar

from ..cards import CARDS, CardId, Suit
from ..events import AbilityResolved, CardPlaced, Event
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

    def __init_subclass__(cls) -> None:
        if "id" in cls.__dict__:
            ABILITIES[cls.id] = cls()

    def refusal(self, state: CombatState, fighter: Fighter, card: CardId) -> str | None:
        """Why this card may not go here now, or None when it may."""
        if self.suits is not None and CARDS[card].suit not in self.suits:
            wanted = " or ".join(suit.value for suit in self.suits)
            return f"{self.name} takes {wanted}; {CARDS[card].name} is {_suit_phrase(card)}."
        return None

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


def place_card(state: CombatState, fighter: Fighter, card: CardId, ability_id: str, events: list[Event]) -> None:
    """Move a card from the hand onto a bin, and fire the bin if that completes it."""
    fighter.hand.remove(card)
    cards = fighter.bins.setdefault(ability_id, [])
    cards.append(card)
    events.append(CardPlaced(fighter.id, card, ability_id))
    ability = ABILITIES[ability_id]
    if ability.is_complete(state, fighter, cards):
        ability.resolve(state, fighter, events)


def _suit_phrase(card: CardId) -> str:
    suit = CARDS[card].suit
    return "a Major Arcana" if suit is Suit.MAJOR else f"one of the {suit.value}"


def card_sum(cards: list[CardId]) -> int:
    return sum(CARDS[c].value for c in cards)
