"""What a card counts as for one fighter: its face, its value and its suits.

Every rule that reads a card's value or suit asks here, so the Fool as a wildcard
(FOOL-WILDCARD), the Fool as a second Magician or High Priestess (MAG-FOOL, HP-FOOL), a card
"treated as a Magician" and abilities that add suits (Magic Wand) all work everywhere at once.
"""

from __future__ import annotations

from ..cards import CARDS, FOOL, HIGH_PRIESTESS, MAGICIAN, Card, CardId, Suit
from ..traits import Arcana
from .state import Fighter


def face(fighter: Fighter, card: CardId) -> Card:
    """The card this one counts as for the fighter right now."""
    if fighter.counts_as:  # usually empty: skip the look-up
        declared = fighter.counts_as.get(card)
        if declared is not None:
            return CARDS[declared]
    if card == FOOL and fighter.arcana in (Arcana.MAGICIAN, Arcana.HIGH_PRIESTESS):
        return CARDS[MAGICIAN if fighter.arcana is Arcana.MAGICIAN else HIGH_PRIESTESS]
    return CARDS[card]


def value(fighter: Fighter, card: CardId) -> int:
    return face(fighter, card).value


def is_wild(fighter: Fighter, card: CardId) -> bool:
    """The Fool in a Fool's hands, not yet declared: it may become any card."""
    return card == FOOL and fighter.arcana is Arcana.FOOL and card not in fighter.counts_as


def plain_suit(fighter: Fighter, card: CardId) -> Suit:
    return face(fighter, card).suit


def forget(fighter: Fighter, cards: list[CardId] | tuple[CardId, ...]) -> None:
    """Cards leaving play lose whatever they were declared to be, and are no longer face down."""
    if fighter.counts_as:
        for card in cards:
            fighter.counts_as.pop(card, None)
    if fighter.face_down:
        fighter.face_down[:] = [card for card in fighter.face_down if card not in cards]
