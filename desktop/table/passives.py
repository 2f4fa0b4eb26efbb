"""The viewed fighter's standing rules (``passive`` abilities: Second Sight, Palm Reading) and items (the Backpack,
a Trash Can Lid), as small badges on the line above the hand. They hold no cards, so they get no bin; hovering one
gives its rule, and one that offers something at will (Cold Reading, a GOOD BYE vision, the Lid) is lit and opens its
actions on a click. An item's badge can also be dragged onto the table or a bin to use it (``item_drag``).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsSceneHoverEvent, QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.paint import INK, LEGAL, MUTED, draw_text, ui_font
from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.abilities.belongings import BACKPACK, Belonging
from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.fight.state import Fighter

BADGE = QColor("#6f5fa8")


class PassiveBadgeItem(BoxItem):
    hovered = Signal(str)

    def __init__(self, ability_id: str) -> None:
        super().__init__(clickable=True)
        self.ability_id = ability_id
        self.name = ABILITIES[ability_id].name
        self.offers: list[str] = []  # activation labels the engine offers now
        self.carried = isinstance(ABILITIES[ability_id], Belonging)  # an item, not a rule: it can be dragged
        self.note = ""  # what lies on the item (the Backpack's card), shown after its name
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.set_offers([])

    def set_offers(self, labels: list[str]) -> None:
        self.offers = list(labels)
        rule = ABILITIES[self.ability_id]
        how = "click, drag it onto the table, or press I" if self.carried else "click, or press A"
        extra = "".join(f"\nNow: {label} ({how})" for label in labels)
        kind = "an item carried" if self.carried else "a standing rule, no cards"
        self.setToolTip(f"{rule.name} — {kind}: {rule.summary}{extra}")
        self.update()

    def set_note(self, note: str) -> None:
        if note != self.note:
            self.note = note
            self.update()

    @property
    def text(self) -> str:
        mark = "▣" if self.carried else "✦"
        return f"{mark} {self.name}" + (f": {self.note}" if self.note else "") + (" ▸" if self.offers else "")

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


def carried(fighter: Fighter, ability_id: str) -> bool:
    """Whether a badge is due: every standing rule, and an item only while the fighter still has it."""
    rule = ABILITIES[ability_id]
    return not isinstance(rule, Belonging) or rule.item in fighter.items


def item_note(fighter: Fighter, ability_id: str) -> str:
    """The card on the Backpack, for its badge (the viewed fighter's own card, as their hand is)."""
    rule = ABILITIES[ability_id]
    if not isinstance(rule, Belonging):
        return ""
    on_it = fighter.stowed.get(rule.item, [])
    if rule.item == BACKPACK and on_it:
        return CARDS[on_it[0]].name
    if on_it:  # the Headphones' cards lie face down: only how many
        return f"{len(on_it)} face down"
    return ""
