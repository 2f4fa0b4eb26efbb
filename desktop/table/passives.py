"""The viewed fighter's standing rules (``passive`` abilities: Second Sight, Palm Reading), as small badges
on the line above the hand. They hold no cards, so they get no bin; hovering one gives its rule, and one that
offers something at will (Cold Reading, a GOOD BYE vision) is lit and opens its actions on a click.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsSceneHoverEvent, QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.paint import INK, LEGAL, MUTED, draw_text, ui_font
from rt0table.rules.rt0.abilities import ABILITIES

BADGE = QColor("#6f5fa8")


class PassiveBadgeItem(BoxItem):
    hovered = Signal(str)

    def __init__(self, ability_id: str) -> None:
        super().__init__(clickable=True)
        self.ability_id = ability_id
        self.name = ABILITIES[ability_id].name
        self.offers: list[str] = []  # activation labels the engine offers now
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.set_offers([])

    def set_offers(self, labels: list[str]) -> None:
        self.offers = list(labels)
        rule = ABILITIES[self.ability_id]
        extra = "".join(f"\nNow: {label} (click, or press A)" for label in labels)
        self.setToolTip(f"{rule.name} — a standing rule, no cards: {rule.summary}{extra}")
        self.update()

    @property
    def text(self) -> str:
        return f"✦ {self.name}" + (" ▸" if self.offers else "")

    def natural_width(self, unit: float) -> float:
        return QFontMetricsF(ui_font(unit * 0.8, True)).horizontalAdvance(self.text) + unit * 1.2

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered.emit(f"{self.name}: {ABILITIES[self.ability_id].summary}")
        super().hoverEnterEvent(event)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        u, r = self.unit, self.size
        lit = bool(self.offers)
        painter.setPen(QPen(LEGAL if lit else BADGE, max(1.0, u * (0.18 if lit else 0.1))))
        painter.setBrush(QColor("#4a3d12") if lit else QColor(60, 50, 100, 170))
        painter.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), r.height() / 2, r.height() / 2)
        draw_text(
            painter,
            r.adjusted(u * 0.5, 0, -u * 0.4, 0),
            self.text,
            u * 0.8,
            INK if lit else MUTED,
            True,
            Qt.AlignmentFlag.AlignCenter,
        )


def place_badges(badges: list[PassiveBadgeItem], strip: QRectF, unit: float) -> None:
    """Right-aligned along the strip, each as wide as its name, shrunk together if they would not fit."""
    gap = unit * 0.4
    widths = [b.natural_width(unit) for b in badges]
    total = sum(widths) + gap * max(0, len(badges) - 1)
    shrink = min(1.0, strip.width() / total) if total > 0 else 1.0
    x = strip.right() - total * shrink
    for badge, width in zip(badges, widths, strict=True):
        badge.place(QRectF(x, strip.y(), width * shrink, strip.height()), unit)
        x += (width + gap) * shrink
