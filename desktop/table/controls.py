"""Buttons inside the scene, the status line and the hot-seat curtain (the prompt panel is in prompt.py)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

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
        draw_text(painter, r.adjusted(u * 0.4, 0, -u * 0.4, 0), self.label, u * 1.0, INK if enabled else MUTED, True,
                  Qt.AlignmentFlag.AlignCenter)


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
    """Covers the hand between two people's turns so the next player's cards stay theirs."""

    def __init__(self) -> None:
        super().__init__(clickable=True)
        self.name = ""
        self.line = ""
        self.setZValue(40)
        self.setVisible(False)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def close_for(self, name: str, line: str = "") -> None:
        """Close for ``name``; ``line`` replaces the usual "Pass to …" (the GM's secret choice)."""
        self.name, self.line = name, line
        self.setVisible(True)
        self.update()

    @property
    def text(self) -> str:
        return self.line or f"Pass to {self.name} — press to reveal"

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u, r = self.unit, self.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(LEGAL, 2))
        painter.setBrush(QColor("#2a1e3a"))
        painter.drawRoundedRect(r.adjusted(1, 1, -1, -1), u * 0.6, u * 0.6)
        draw_text(painter, r.adjusted(u, 0, -u, -u * 1.5), self.text, u * 1.6, INK, True,
                  Qt.AlignmentFlag.AlignCenter, wrap=True)
        draw_text(painter, r.adjusted(u, u * 2.5, -u, 0), "click, or press Enter or Space", u * 0.95, MUTED, False,
                  Qt.AlignmentFlag.AlignCenter)
