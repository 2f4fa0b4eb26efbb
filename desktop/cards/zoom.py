"""The large card: a view that shows one face big, and a trigger for hover or press-and-hold.

The table's cards are small; players read the details (the Major's name, the emblem) here. The view
can sit in a layout (a side panel) or float as a popup next to the pointer. Its accessible name,
description and tooltip carry the plain-text description, so screen readers say what the picture shows.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QPainter, QPaintEvent, QScreen
from PySide6.QtWidgets import QSizePolicy, QWidget

from rt0table.desktop.cards.cache import face_pixmap
from rt0table.desktop.cards.card_layout import CARD_ASPECT, fit_card
from rt0table.desktop.cards.describe import describe_card
from rt0table.rules.rt0.cards import CardId

SCREEN_SHARE = 0.6  # a zoomed card is this share of the screen's available height
POINTER_GAP = 16  # logical px between the pointer and a popup, so the popup never sits under it


class CardZoomView(QWidget):
    """One card drawn as large as the widget allows; empty when no card is set."""

    def __init__(self, parent: QWidget | None = None, *, popup: bool = False) -> None:
        super().__init__(parent)
        self._card_id: CardId | None = None
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        if popup:
            self.setWindowFlags(Qt.WindowType.ToolTip | Qt.WindowType.FramelessWindowHint)
            # Hover must keep reaching the card underneath, or the popup would hide itself at once.
            self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
            self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)

    @property
    def card_id(self) -> CardId | None:
        return self._card_id

    def set_card(self, card_id: CardId | None) -> None:
        self._card_id = card_id
        text = describe_card(card_id) if card_id is not None else ""
        self.setAccessibleName(text.split(":")[0] if text else "No card")
        self.setAccessibleDescription(text)
        self.setToolTip(text)
        self.update()

    def description(self) -> str:
        return describe_card(self._card_id) if self._card_id is not None else ""

    def sizeHint(self) -> QSize:
        screen = self.screen() or QGuiApplication.primaryScreen()
        height = round(screen.availableGeometry().height() * SCREEN_SHARE) if screen else 600
        height = max(height, 240)
        return QSize(round(height * CARD_ASPECT), height)

    def card_rect(self) -> QRectF:
        """Where the card is drawn inside the widget (logical pixels)."""
        return fit_card(QRectF(self.rect()))

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._card_id is None:
            return
        area = self.card_rect()
        size = QSize(int(area.width()), int(area.height()))
        if size.isEmpty():
            return
        pixmap = face_pixmap(self._card_id, size, self.devicePixelRatioF())
        painter = QPainter(self)
        painter.drawPixmap(area.topLeft(), pixmap)
        painter.end()

    def show_at(self, card_id: CardId, global_pos: QPoint) -> None:
        """Float beside ``global_pos`` (a popup's job), kept inside the screen it is on."""
        self.set_card(card_id)
        self.resize(self.sizeHint())
        self.move(_beside(global_pos, self.size(), QGuiApplication.screenAt(global_pos)))
        self.show()
        self.raise_()


def _beside(pos: QPoint, size: QSize, screen: QScreen | None) -> QPoint:
    """Right of the pointer if it fits, else left of it; vertically centred on it; clamped to the screen."""
    area = screen.availableGeometry() if screen is not None else QRect(0, 0, 10_000, 10_000)
    x = pos.x() + POINTER_GAP
    if x + size.width() > area.right():
        x = pos.x() - POINTER_GAP - size.width()
    y = pos.y() - size.height() // 2
    x = max(area.left(), min(x, area.right() - size.width()))
    y = max(area.top(), min(y, area.bottom() - size.height()))
    return QPoint(x, y)


class ZoomTrigger(QObject):
    """Turns pointer facts into zooms: rest on a card (hover) or hold a press on it to see it large.

    The table reports what the pointer does over which card; the trigger owns the timing. A drag that
    starts from a press must call ``cancel()``, so lifting a card never pops a zoom over the table.
    """

    zoomed = Signal(int)
    unzoomed = Signal()

    HOVER_MS = 600
    HOLD_MS = 450

    def __init__(self, view: CardZoomView, hover_ms: int = HOVER_MS, hold_ms: int = HOLD_MS,
                 parent: QObject | None = None) -> None:  # fmt: skip
        super().__init__(parent)
        self.view = view
        self.hover_ms = hover_ms
        self.hold_ms = hold_ms
        self._pending: tuple[CardId, QPoint] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._fire)

    def hover(self, card_id: CardId, global_pos: QPoint) -> None:
        """The pointer is over ``card_id``; zoom if it stays on that card for ``hover_ms``."""
        if self.view.isVisible() and self.view.card_id == card_id:
            return
        if self._pending is None or self._pending[0] != card_id:
            self._arm(card_id, global_pos, self.hover_ms)

    def press(self, card_id: CardId, global_pos: QPoint) -> None:
        """A press started on ``card_id``; zoom if it is held for ``hold_ms`` (touch and trackpads)."""
        self._arm(card_id, global_pos, self.hold_ms)

    def show_now(self, card_id: CardId, global_pos: QPoint) -> None:
        """Zoom at once: the keyboard path (a key on the focused card)."""
        self._arm(card_id, global_pos, 0)
        self._timer.stop()
        self._fire()

    def release(self) -> None:
        """The press ended: a held zoom closes with it."""
        self.cancel()

    def leave(self) -> None:
        """The pointer left the card."""
        self.cancel()

    def cancel(self) -> None:
        self._timer.stop()
        self._pending = None
        if self.view.isVisible():
            self.view.hide()
            self.unzoomed.emit()

    def _arm(self, card_id: CardId, global_pos: QPoint, delay_ms: int) -> None:
        self._pending = (card_id, QPoint(global_pos))
        self._timer.start(delay_ms)

    def _fire(self) -> None:
        if self._pending is None:
            return
        card_id, pos = self._pending
        self.view.show_at(card_id, pos)
        self.zoomed.emit(card_id)
