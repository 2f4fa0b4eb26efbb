"""An ability bin: its name and key letter, the cards on it, its progress, and its reaction to a pick."""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.card_item import draw_card
from rt0table.desktop.table.layout import CARD_ASPECT
from rt0table.desktop.table.paint import INK, LEGAL, MUTED, PANEL_EDGE, REFUSED, TARGET, draw_text, panel, ui_font
from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.cards import CardId

# Letters that pick a bin; E is End Turn and Z belongs to Ctrl+Z, so neither names a bin.
BIN_KEYS = "ABCDFGHIJKLMNOPQRSTUVWXY"


class Glow(Enum):
    NORMAL = "normal"  # nothing picked
    LEGAL = "legal"  # the picked card may go here
    TARGET = "target"  # the picked card would go here on release or Enter
    DIM = "dim"  # the picked card may not go here


class AbilityBinItem(BoxItem):
    def __init__(self, ability_id: str, letter: str) -> None:
        super().__init__(clickable=True)
        self.ability_id = ability_id
        self.letter = letter
        self.name = ABILITIES[ability_id].name
        self.cards: list[CardId] = []
        self.progress = ""
        self.glow = Glow.NORMAL
        self.refusal = ""
        self.setAcceptHoverEvents(True)
        self.setToolTip(f"{self.name} ({letter}): {ABILITIES[ability_id].summary}")
        self._refusal_timer = QTimer(self)
        self._refusal_timer.setSingleShot(True)
        self._refusal_timer.timeout.connect(self.clear_refusal)

    def show_cards(self, cards: list[CardId], progress: str) -> None:
        self.cards, self.progress = list(cards), progress
        self.update()

    def set_glow(self, glow: Glow) -> None:
        if glow is not self.glow:
            self.glow = glow
            self.update()

    def show_refusal(self, reason: str, duration_ms: int) -> None:
        """The engine's words on the bin itself, where the player was looking when it was refused."""
        self.refusal = reason
        self._refusal_timer.start(max(1, duration_ms))
        self.update()

    def clear_refusal(self) -> None:
        self.refusal = ""
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        u, r = self.unit, self.size
        edge, width = PANEL_EDGE, 1.0
        if self.glow is Glow.LEGAL:
            edge, width = LEGAL, max(2.0, u * 0.22)
        elif self.glow is Glow.TARGET:
            edge, width = TARGET, max(3.0, u * 0.32)
        if self.refusal:
            edge, width = REFUSED, max(2.0, u * 0.22)
        panel(painter, r.adjusted(1, 1, -1, -1), u * 0.5, edge, width)
        badge = QRectF(u * 0.4, u * 0.4, u * 1.7, u * 1.7)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(LEGAL if self.glow in (Glow.LEGAL, Glow.TARGET) else QColor("#34564c"))
        painter.drawRoundedRect(badge, u * 0.3, u * 0.3)
        draw_text(painter, badge, self.letter, u * 1.1, QColor("#10201b"), True, Qt.AlignmentFlag.AlignCenter)
        title = QRectF(badge.right() + u * 0.4, badge.top(), r.width() - badge.right() - u * 0.8, badge.height())
        # Long names shrink a little before they are cut, so narrow bins stay readable.
        wide = QFontMetricsF(ui_font(u * 1.05, True)).horizontalAdvance(self.name)
        title_px = max(u * 0.7, min(u * 1.05, u * 1.05 * title.width() / max(1.0, wide)))
        draw_text(painter, title, self.name, title_px, INK, True)
        progress = QRectF(u * 0.4, r.height() - u * 1.8, r.width() - u * 0.8, u * 1.5)
        draw_text(painter, progress, self.progress, u * 0.9, MUTED)
        self._paint_cards(painter, QRectF(u * 0.4, badge.bottom() + u * 0.4, r.width() - u * 0.8,
                                          progress.top() - badge.bottom() - u * 0.8))
        if self.glow is Glow.DIM:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 130))
            painter.drawRoundedRect(r, u * 0.5, u * 0.5)
        # The refusal goes over the dimming: it is what the player must read.
        if self.refusal:
            box = QRectF(u * 0.25, r.height() * 0.30, r.width() - u * 0.5, r.height() * 0.55)
            painter.setPen(QPen(REFUSED, 1.5))
            painter.setBrush(QColor(40, 8, 8, 235))
            painter.drawRoundedRect(box, u * 0.4, u * 0.4)
            draw_text(painter, box.adjusted(u * 0.3, u * 0.2, -u * 0.3, -u * 0.2), self.refusal, u * 0.85,
                      INK, False, Qt.AlignmentFlag.AlignCenter, wrap=True)

    def _paint_cards(self, painter: QPainter, area: QRectF) -> None:
        if not self.cards or area.height() <= 4:
            return
        height = area.height()
        width = height * CARD_ASPECT
        if width > area.width():
            width, height = area.width(), area.width() / CARD_ASPECT
        count = len(self.cards)
        step = width * 0.55 if count < 2 else min(width * 0.55, (area.width() - width) / (count - 1))
        for i, card in enumerate(self.cards):
            draw_card(painter, QRectF(area.x() + i * step, area.y(), width, height), card)
