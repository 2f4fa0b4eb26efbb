"""Cards that move visibly: which cards a step moved (read from its events) and the items that carry them.

``card_moves`` turns a step's events into one move per card, from where it was before the step to where it
ended (a card drawn and discarded in the same step flies from the deck to the discard). The scene measures
where those places are on the table before and after it redraws, and a ``FlyingCard`` glides between them.
Nothing here runs while a card is dragged: flights start only after a step the Session accepted.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QRectF, QVariantAnimation, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.card_item import draw_card
from rt0table.rules.rt0.cards import CardId
from rt0table.rules.rt0.fight.events import CardPlaced, CardsDiscarded, CardsDrawn, CardsToHand, Event

HAND, DECK, DISCARD = "hand", "deck", "discard"  # the other places are ability ids (a card on a bin)
FLIGHT_Z = 55.0  # over the bins and the hand, under the pile viewer


@dataclass(frozen=True, slots=True)
class CardMove:
    card: CardId
    source: str  # HAND, DECK, DISCARD or an ability id
    dest: str


def card_moves(events: list[Event], fighter: str) -> list[CardMove]:
    """Where each of ``fighter``'s cards went in these events: first place, last place; no move when they match."""
    first: dict[CardId, str] = {}
    last: dict[CardId, str] = {}

    def went(card: CardId, source: str, dest: str) -> None:
        first.setdefault(card, source)
        last[card] = dest

    for event in events:
        match event:
            case CardPlaced(who, card, ability) if who == fighter:
                went(card, HAND, ability)
            case CardsDiscarded(who, cards, origin) if who == fighter:
                for card in cards:
                    went(card, origin, DISCARD)
            case CardsDrawn(who, cards) if who == fighter:
                for card in cards:
                    went(card, DECK, HAND)
            case CardsToHand(who, cards, origin) if who == fighter:
                for card in cards:
                    went(card, origin, HAND)
    return [CardMove(card, first[card], dest) for card, dest in last.items() if first[card] != dest]


class FlyingCard(QGraphicsObject):
    """A card on its way from one place to another: drawn between two rectangles, then gone."""

    landed = Signal()

    def __init__(self, card: CardId, start: QRectF, end: QRectF, duration_ms: int, face_up: bool = True) -> None:
        super().__init__()
        self.card = card
        self.face_up = face_up  # False: it travels as a back (a card placed face down)
        self.rect = QRectF(0, 0, start.width(), start.height())
        self.end = QRectF(end)
        self.setZValue(FLIGHT_Z)
        self.setPos(start.topLeft())
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(QRectF(start))
        self.animation.setEndValue(QRectF(end))
        self.animation.setDuration(max(1, duration_ms))
        self.animation.setEasingCurve(QEasingCurve.Type.InOutCubic)
        self.animation.valueChanged.connect(self._step)
        self.animation.finished.connect(self.landed.emit)

    def _step(self, value: object) -> None:
        if not isinstance(value, QRectF):
            return
        if value.size() != self.rect.size():
            self.prepareGeometryChange()
            self.rect = QRectF(0, 0, value.width(), value.height())
        self.setPos(value.topLeft())

    def scene_rect(self) -> QRectF:
        return self.rect.translated(self.pos())

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        draw_card(painter, self.rect, self.card if self.face_up else None)
