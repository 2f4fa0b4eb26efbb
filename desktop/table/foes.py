"""An adversary: name, HP, Shield, zone, and its intent card with what the intent would do now."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.card_item import draw_card
from rt0table.desktop.table.layout import CARD_ASPECT
from rt0table.desktop.table.paint import FOE, HP, INK, LEGAL, MUTED, SHIELD, TARGET, draw_text, panel
from rt0table.rules.rt0.cards import CARDS, CardId
from rt0table.rules.rt0.fight.effects import GROUNDED
from rt0table.rules.rt0.fight.state import Adversary
from rt0table.rules.rt0.fight.zones import zone_name


class IntentItem(BoxItem):
    """The intent card: its face, or its back while it lies face down."""

    def __init__(self) -> None:
        super().__init__()
        self.card: int | None = None
        self.hidden = False

    def show_intent(self, card: int | None, hidden: bool) -> None:
        self.card, self.hidden = card, hidden
        self.setToolTip("Face-down intent" if hidden else (CARDS[card].name if card is not None else "No intent"))
        self.update()

    def face_up_card_at(self, scene_pos: QPointF) -> CardId | None:
        """The intent's face, for the large view; a face-down intent keeps its secret."""
        return None if self.hidden else self.card

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self.card is None and not self.hidden:
            return
        draw_card(painter, self.size, None if self.hidden else self.card)


class AdversaryItem(BoxItem):
    def __init__(self, adversary_id: str, top_hp: int, flying: bool = False) -> None:
        super().__init__(clickable=True)
        self.adversary_id = adversary_id
        self.top_hp = top_hp
        self.flying = flying  # ZON-FLYING: the kind flies; ``grounded`` while an effect holds it down
        self.grounded = False
        self.name = adversary_id
        self.hp = top_hp
        self.shield = 0
        self.zone = ""
        self.fate: str | None = None
        self.preview = ""
        self.acting = False  # carrying out its intent in the replay
        self.targeted = False  # the focused option of a decision names it
        self.intent = IntentItem()
        self.intent.setParentItem(self)
        self.cache_between_changes()

    def refresh(self, adversary: Adversary, preview: str) -> None:
        """``preview``: what its intent does this round, in the round forecast's words."""
        self.name, self.hp, self.shield = adversary.name, adversary.hp, adversary.shield
        self.zone, self.fate = zone_name(adversary.zone), adversary.fate
        self.preview = preview
        self.intent.show_intent(
            adversary.intent if adversary.active else None, adversary.intent_hidden and adversary.active
        )
        self.grounded = bool(adversary.marks.get(GROUNDED))
        flight = f" {self.flight_note}." if self.flying else ""
        self.setToolTip(f"{self.name}: {self.hp}/{self.top_hp} HP, {self.shield} Shield.{flight} {self.preview}")
        self.update()

    @property
    def flight_note(self) -> str:
        if self.grounded:
            return "Flying, but grounded: any damage hurts it fully"
        return "Flying: only Ranged damage hurts it fully, any other is cut to 1"

    def place(self, rect: QRectF, unit: float) -> None:
        super().place(rect, unit)
        u = unit
        card_h = min(rect.height() - u * 4.6, (rect.width() * 0.45) / CARD_ASPECT)
        self.intent.place(QRectF(u * 0.5, u * 4.1, card_h * CARD_ASPECT, card_h), u)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        u, r = self.unit, self.size
        edge = TARGET if self.targeted else LEGAL if self.acting else FOE
        panel(painter, r.adjusted(1, 1, -1, -1), u * 0.5, edge, max(1.5, u * (0.3 if self.targeted else 0.15)))
        draw_text(painter, QRectF(u * 0.5, u * 0.3, r.width() - u, u * 1.6), self.name, u * 1.1, INK, True)
        bar = QRectF(u * 0.5, u * 2.0, r.width() - u, u * 0.7)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#3a2020"))
        painter.drawRoundedRect(bar, u * 0.2, u * 0.2)
        painter.setBrush(HP)
        painter.drawRoundedRect(
            QRectF(bar.x(), bar.y(), bar.width() * self.hp / max(1, self.top_hp), bar.height()), u * 0.2, u * 0.2
        )
        facts = f"HP {self.hp}/{self.top_hp}   Shield {self.shield}   {self.zone}"
        if self.flying:
            facts += "   Flying (grounded)" if self.grounded else "   Flying"
        if self.fate:
            facts = f"{self.fate.capitalize()} — out of the fight"
        draw_text(
            painter, QRectF(u * 0.5, u * 2.8, r.width() - u, u * 1.3), facts, u * 0.9, SHIELD if self.shield else MUTED
        )
        if self.fate:
            return
        card = self.intent.size.translated(self.intent.pos())
        left = card.right() + u * 0.5
        text = QRectF(left, card.top(), r.width() - left - u * 0.5, r.height() - card.top() - u * 0.4)
        draw_text(painter, QRectF(text.x(), text.y(), text.width(), u * 1.3), "Intent", u * 0.85, MUTED, True)
        draw_text(
            painter,
            text.adjusted(0, u * 1.4, 0, 0),
            self.preview,
            u * 0.85,
            INK,
            False,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
            wrap=True,
        )
        if self.acting:
            painter.setPen(QPen(LEGAL, 2))
