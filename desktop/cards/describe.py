"""Plain-text descriptions of cards for screen readers, tooltips and logs."""

from __future__ import annotations

from rt0table.rules.rt0.cards import CARDS, CardId

_COURT = {11: "Page", 12: "Knight", 13: "Queen", 14: "King"}


def describe_card(card_id: CardId) -> str:
    """'The Tower: Major Arcana XVI, value 16.' or 'Knight of Cups: Cups court card, value 12.'"""
    card = CARDS[card_id]
    if card.is_major:
        return f"{card.name}: Major Arcana {card.rank_name}, value {card.value}."
    if card.value in _COURT:
        return f"{card.name}: {card.suit.value} court card, value {card.value}."
    return f"{card.name}: {card.suit.value}, value {card.value}."
