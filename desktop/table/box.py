"""The base of every rectangular thing on the table: placed by the layout, clickable, tooltipped."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Signal
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QGraphicsSceneMouseEvent


class BoxItem(QGraphicsObject):
    """A QGraphicsObject that fills a rectangle given in scene coordinates by the layout."""

    clicked = Signal()

    def __init__(self, clickable: bool = False) -> None:
        super().__init__()
        self.size = QRectF(0, 0, 1, 1)
        self.unit = 10.0
        self.clickable = clickable
        self._pressed = False

    def cache_between_changes(self) -> None:
        """For panels that change only when told (update()): a card dragged over them then costs a blit,
        not a re-layout of their text. Not for bins, whose glow changes while a card moves."""
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def place(self, rect: QRectF, unit: float) -> None:
        self.prepareGeometryChange()
        self.size = QRectF(0, 0, rect.width(), rect.height())
        self.unit = unit
        self.setPos(rect.topLeft())
        self.update()

    def boundingRect(self) -> QRectF:
        return self.size

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.clickable and self.isEnabled():
            self._pressed = True
            event.accept()
        else:
            event.ignore()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._pressed and self.size.contains(event.pos()):
            self.clicked.emit()
        self._pressed = False
