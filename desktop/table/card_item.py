"""A card on the table: the one place the table draws a card, face up or as a back."""

from __future__ import annotations

import math

from PySide6.QtCore import QEasingCurve, QPointF, QPropertyAnimation, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.cards import back_pixmap, face_pixmap
from rt0table.desktop.table.paint import LEGAL, TARGET
from rt0table.rules.rt0.cards import CARDS, CardId


def draw_card(painter: QPainter, rect: QRectF, card: CardId | None) -> None:
    """Blit a cached face (or the back, for None) at the painter's device pixel ratio."""
    dpr = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    # Whole logical pixels keep the cache keyed on few sizes while a window is resized.
    size = QSize(max(1, math.floor(rect.width())), max(1, math.floor(rect.height())))
    pixmap = back_pixmap(size, dpr) if card is None else face_pixmap(card, size, dpr)
    painter.drawPixmap(QRectF(rect.topLeft(), size.toSizeF()), pixmap, QRectF(pixmap.rect()))


class CardItem(QGraphicsObject):
    """A card in the active fighter's hand: it can be picked, dragged and sent home."""

    def __init__(self, card: CardId, index: int, width: float, height: float) -> None:
        super().__init__()
        self.card = card
        self.index = index  # its place in the hand, for the 1–9 keys
        self.width, self.height = width, height
        self.home = QPointF()
        self.picked = False
        self.dimmed = False  # a bin is hovered or selected and does not take this card
        self.playable = False  # some bin takes it now: a green edge, without dragging
        self.lit = False  # the hovered or selected bin takes it
        self.fires = False  # ... and it would make that bin fire
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setToolTip(f"{index + 1}: {CARDS[card].name}")
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.animation = QPropertyAnimation(self, b"pos", self)  # parented, so it outlives the call
        # The hints' marks sit on their own uncached item: lighting the hand for a bin never redraws a face.
        self.marks = CardMarks(self)

    def boundingRect(self) -> QRectF:
        grow = self.width * 0.05
        return QRectF(-grow, -grow, self.width + 2 * grow, self.height + 2 * grow)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        draw_card(painter, QRectF(0, 0, self.width, self.height), self.card)
        if self.picked:
            painter.setPen(QPen(TARGET, max(2.0, self.width * 0.04)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(0, 0, self.width, self.height), self.width * 0.07, self.width * 0.07)
        # The number key that picks it, on the left edge that an overlapping hand fan leaves visible,
        # below the rank and above the name so it hides neither.
        side = self.width * 0.26
        badge = QRectF(self.width * 0.02, self.height * 0.62, side, side)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 170))
        painter.drawEllipse(badge)
        painter.setPen(QPen(LEGAL))
        font = painter.font()
        font.setPixelSize(max(6, round(badge.height() * 0.6)))
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), str(self.index + 1))

    def set_hints(self, playable: bool, lit: bool, fires: bool, dimmed: bool) -> None:
        """The marks the hand hints give it; only the marks are drawn again, and only when one changed."""
        marks = (playable, lit, fires, dimmed)
        if marks != (self.playable, self.lit, self.fires, self.dimmed):
            self.playable, self.lit, self.fires, self.dimmed = marks
            self.marks.update()

    def face_up_card_at(self, scene_pos: QPointF) -> CardId | None:
        return self.card

    def set_home(self, pos: QPointF) -> None:
        self.home = QPointF(pos)
        self.setPos(pos)

    def go_home(self, duration_ms: int) -> None:
        """Fly back to its place in the hand (a refused or cancelled drop)."""
        self.animation.stop()
        if duration_ms <= 0:
            self.setPos(self.home)
            return
        self.animation.setDuration(duration_ms)
        self.animation.setStartValue(self.pos())
        self.animation.setEndValue(self.home)
        self.animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self.animation.start()


class CardMarks(QGraphicsItem):
    """What the hand hints say about a card, drawn over it: a green edge (playable, or taken by the bin pointed
    at), a shade (not taken), a gold star (it would make that bin fire)."""

    def __init__(self, card: CardItem) -> None:
        super().__init__(card)
        self.card = card
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:
        return self.card.boundingRect()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        card = self.card
        width, height = card.width, card.height
        if (card.lit or card.playable) and not card.picked:
            thick = 0.05 if card.lit else 0.022
            painter.setPen(QPen(LEGAL, max(1.5, width * thick)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(0, 0, width, height), width * 0.07, width * 0.07)
        if card.dimmed:
            painter.fillRect(QRectF(0, 0, width, height), QColor(0, 0, 0, 120))
        if card.fires:
            side = width * 0.26
            badge = QRectF(width * 0.96 - side, height * 0.62, side, side)
            painter.setPen(QPen(QColor("#10201b"), max(1.0, side * 0.06)))
            painter.setBrush(TARGET)
            painter.drawEllipse(badge)
            font = painter.font()
            font.setPixelSize(max(6, round(side * 0.62)))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QPen(QColor("#10201b")))
            painter.drawText(badge, int(Qt.AlignmentFlag.AlignCenter), "★")
