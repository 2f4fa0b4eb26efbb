"""Buttons inside the scene, the status line and the hot-seat curtain (the prompt panel is in prompt.py)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QKeyEvent, QPainter, QPen
from PySide6.QtWidgets import QGraphicsSceneMouseEvent, QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.paint import INK, LEGAL, MUTED, PANEL_EDGE, REFUSED, TARGET, draw_text, ui_font


class ButtonItem(BoxItem):
    def __init__(self, label: str, accent: QColor = PANEL_EDGE) -> None:
        super().__init__(clickable=True)
        self.label = label
        self.accent = accent
        self.focused = False
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAcceptHoverEvents(True)

    def set_label(self, label: str) -> None:
        self.label = label
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        u, r = self.unit, self.size
        enabled = self.isEnabled()
        edge = TARGET if self.focused else self.accent if enabled else MUTED
        painter.setPen(QPen(edge, max(1.5, u * (0.3 if self.focused else 0.15))))
        painter.setBrush(QColor("#2b4a41") if enabled else QColor("#26302d"))
        painter.drawRoundedRect(r.adjusted(1, 1, -1, -1), u * 0.5, u * 0.5)
        draw_text(
            painter,
            r.adjusted(u * 0.4, 0, -u * 0.4, 0),
            self.label,
            u * 1.0,
            INK if enabled else MUTED,
            True,
            Qt.AlignmentFlag.AlignCenter,
        )


class StatusLineItem(BoxItem):
    """One line above the bins: what the picked card would do, whose turn it is, or the last refusal.

    A line said in several forms (``say_fitting``, longest first) shows the longest that fits the width, chosen
    again whenever the table is laid out for another size.
    """

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.alarm = False
        self.variants: list[str] = []

    def say(self, text: str, alarm: bool = False) -> None:
        self.variants = [text]
        self.text, self.alarm = text, alarm
        self.update()

    def say_fitting(self, variants: list[str]) -> None:
        """Say the first of ``variants`` (longest first) that shows whole; the last one if none does."""
        self.variants, self.alarm = list(variants), False
        self._fit()

    def fits(self, text: str) -> bool:
        """Whether ``text`` shows whole on the line at the current size (else it would end in …)."""
        return QFontMetricsF(ui_font(self.unit * 1.05, True)).horizontalAdvance(text) <= self.size.width()

    def place(self, rect: QRectF, unit: float) -> None:
        super().place(rect, unit)
        self._fit()

    def _fit(self) -> None:
        if self.variants:
            self.text = next((text for text in self.variants if self.fits(text)), self.variants[-1])
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        draw_text(painter, self.size, self.text, self.unit * 1.05, REFUSED if self.alarm else LEGAL, True)


class CurtainItem(BoxItem):
    """Covers the hand between two people's turns so the next player's cards stay theirs.

    Only its Reveal button or its one key lifts it (``lifted_by``): Space and Enter, pressed on to skip the
    adversaries' turn or to end one's own, must never run into the next player's hand. ``clicked`` means "lift".
    """

    KEY = Qt.Key.Key_F2  # used nowhere else at the table, so no press meant for something else lifts the curtain
    KEY_NAME = "F2"

    def __init__(self) -> None:
        super().__init__(clickable=True)  # a click beside the button is swallowed: nothing under the curtain
        self.name = ""
        self.line = ""
        self.button = ButtonItem(f"Reveal ({self.KEY_NAME})", LEGAL)
        self.button.setParentItem(self)
        self.button.clicked.connect(self.clicked.emit)
        self.setZValue(40)
        self.setVisible(False)

    @classmethod
    def lifted_by(cls, event: QKeyEvent) -> bool:
        """The one press that lifts the curtain: its key on its own (with Ctrl or Shift it is another key)."""
        held = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        return event.key() == cls.KEY and held == Qt.KeyboardModifier.NoModifier

    def close_for(self, name: str, line: str = "") -> None:
        """Close for ``name``; ``line`` replaces the usual "Pass to …" (the GM's secret choice)."""
        self.name, self.line = name, line
        self.setVisible(True)
        self.update()

    @property
    def headline(self) -> str:
        return self.line or f"Pass to {self.name}"

    @property
    def how(self) -> str:
        """How to lift it, in words: the button and the one key, nothing else."""
        return f"{self.name} only: click Reveal or press {self.KEY_NAME}. No other key lifts the curtain."

    @property
    def text(self) -> str:
        return f"{self.headline} — {self.how}"

    def place(self, rect: QRectF, unit: float) -> None:
        super().place(rect, unit)
        width = min(rect.width() * 0.5, unit * 11)
        height = min(unit * 2.4, rect.height() * 0.3)
        top = rect.height() * 0.5 - height * 0.15
        self.button.place(QRectF((rect.width() - width) / 2, top, width, height), unit)  # in the curtain's frame

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._pressed = False  # only the button lifts the curtain

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u, r = self.unit, self.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(LEGAL, 2))
        painter.setBrush(QColor("#2a1e3a"))
        painter.drawRoundedRect(r.adjusted(1, 1, -1, -1), u * 0.6, u * 0.6)
        button = self.button.pos().y()
        draw_text(
            painter,
            QRectF(u, u * 0.3, r.width() - 2 * u, button - u * 0.4),
            self.headline,
            u * 1.6,
            INK,
            True,
            Qt.AlignmentFlag.AlignCenter,
            wrap=True,
        )
        below = button + self.button.size.height()
        draw_text(
            painter,
            QRectF(u, below + u * 0.2, r.width() - 2 * u, r.height() - below - u * 0.3),
            self.how,
            u * 0.95,
            MUTED,
            False,
            Qt.AlignmentFlag.AlignCenter,
            wrap=True,
        )
