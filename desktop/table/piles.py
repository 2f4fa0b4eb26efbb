"""The active fighter's deck and discard, with counts; clicking one opens a viewer over the table."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.card_item import draw_card
from rt0table.desktop.table.paint import INK, LEGAL, MUTED, draw_text, panel
from rt0table.rules.rt0.cards import CARDS, CardId, Suit


class PileItem(BoxItem):
    """``deck`` shows a back and its count; ``discard`` shows its top card face up."""

    def __init__(self, which: str) -> None:
        super().__init__(clickable=True)
        self.which = which
        self.cards: list[CardId] = []
        self.face_up: CardId | None = None  # a deck top turned face up (The Sun on the Eddy sheet)
        self.arriving: set[CardId] = set()  # discards still flying here: the pile shows what lay before them
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.cache_between_changes()

    def refresh(self, cards: list[CardId], face_up: CardId | None = None) -> None:
        self.cards, self.face_up = list(cards), face_up
        self.arriving &= set(self.cards)
        tip = "what is left in the deck (not its order)" if self.which == "deck" else "every discarded card"
        shown = f" The top card lies face up: {CARDS[face_up].name}." if face_up is not None else ""
        self.setToolTip(f"{self.label}: {len(self.cards)} cards.{shown} Click to see {tip}.")
        self.update()

    @property
    def label(self) -> str:
        return "Deck" if self.which == "deck" else "Discard"

    def card_rect(self) -> QRectF:
        u, r = self.unit, self.size
        height = r.height() - u * 1.8
        width = height * 70 / 120
        return QRectF((r.width() - width) / 2, u * 1.6, width, height)

    def card_spot(self) -> QRectF:
        """The pile's card in scene terms: where a card leaves from or lands."""
        return self.mapRectToScene(self.card_rect())

    @property
    def top(self) -> CardId | None:
        """The face-up card the pile shows: the discard's newest that has landed, the deck's turned-up top."""
        if self.which == "deck":
            return self.face_up if self.cards else None
        shown = [card for card in self.cards if card not in self.arriving]
        return shown[-1] if shown else None

    def face_up_card_at(self, scene_pos: QPointF) -> CardId | None:
        return self.top if self.card_rect().contains(self.mapFromScene(scene_pos)) else None

    def land(self, card: CardId) -> None:
        if card in self.arriving:
            self.arriving.discard(card)
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u, r = self.unit, self.size
        if r.width() < u * 4:  # an empty discard's narrow slot: its name runs down it, the hand has the width
            painter.setPen(MUTED)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            slot = QRectF(u * 0.3, u * 0.2, r.width() - u * 0.6, r.height() - u * 0.4)
            painter.drawRoundedRect(slot, u * 0.5, u * 0.5)
            painter.save()
            painter.rotate(90)
            spine = QRectF(0, -r.width(), r.height(), r.width())
            draw_text(painter, spine, f"{self.label}: empty", u * 0.9, MUTED, False, Qt.AlignmentFlag.AlignCenter)
            painter.restore()
            return
        draw_text(
            painter,
            QRectF(0, 0, r.width(), u * 1.5),
            f"{self.label} {len(self.cards)}",
            u * 0.95,
            INK,
            True,
            Qt.AlignmentFlag.AlignCenter,
        )
        card = self.card_rect()
        if not self.cards:
            painter.setPen(MUTED)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(card, u * 0.5, u * 0.5)
            draw_text(painter, card, "empty", u * 0.9, MUTED, False, Qt.AlignmentFlag.AlignCenter)
            return
        if self.which == "deck":
            draw_card(painter, card, self.face_up)
            if self.face_up is not None:
                draw_text(
                    painter,
                    QRectF(card.x(), card.bottom() - u * 1.3, card.width(), u * 1.2),
                    "top, face up",
                    u * 0.75,
                    LEGAL,
                    True,
                    Qt.AlignmentFlag.AlignCenter,
                )
            return
        top = self.top
        if top is None:  # every card here is still on its way: the empty outline until the first lands
            painter.setPen(MUTED)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(card, u * 0.5, u * 0.5)
            return
        draw_card(painter, card, top)


def deck_makeup(cards: list[CardId]) -> list[str]:
    """The deck by suit with its values sorted, so the order (which is secret) is not given away."""
    by_suit: dict[Suit, list[int]] = {}
    for card in cards:
        by_suit.setdefault(CARDS[card].suit, []).append(card)
    lines = []
    for suit in Suit:
        held = sorted(by_suit.get(suit, []), key=lambda c: CARDS[c].value)
        if held:
            names = ", ".join(CARDS[c].rank_name if suit is not Suit.MAJOR else CARDS[c].name for c in held)
            lines.append(f"{suit.value} ({len(held)}): {names}")
    return lines


def discard_listing(cards: list[CardId]) -> list[str]:
    counts = Counter(CARDS[c].name for c in reversed(cards))
    return [f"{name}" + (f" ×{n}" if n > 1 else "") for name, n in counts.items()]


class PileViewItem(BoxItem):
    """A panel over the table listing a pile, or the table's keys (F1); any click or key closes it."""

    def __init__(self) -> None:
        super().__init__(clickable=True)
        self.title = ""
        self.cards: list[CardId] = []
        self.lines: list[str] = []
        self.setZValue(50)
        self.setVisible(False)

    def open(self, title: str, cards: list[CardId], lines: list[str], show_faces: bool) -> None:
        self.title, self.lines = title, lines
        self.cards = list(reversed(cards)) if show_faces else []
        self.setVisible(True)
        self.update()

    def _box(self) -> QRectF:
        r = self.size
        return r.adjusted(r.width() * 0.1, r.height() * 0.1, -r.width() * 0.1, -r.height() * 0.1)

    def card_slots(self) -> list[QRectF]:
        """Where each shown card is drawn (item terms); the ones that do not fit are left off."""
        u, box = self.unit, self._box()
        y = box.y() + u * 2.8
        per_row = max(1, min(len(self.cards), 13))
        width = min((box.width() - 2 * u) / per_row, u * 6)
        height = width * 120 / 70
        slots = []
        for i in range(len(self.cards)):
            row, col = divmod(i, per_row)
            slot = QRectF(box.x() + u + col * width, y + row * (height + u * 0.3), width * 0.94, height)
            if slot.bottom() > box.bottom() - u * 2:
                break
            slots.append(slot)
        return slots

    def face_up_card_at(self, scene_pos: QPointF) -> CardId | None:
        local = self.mapFromScene(scene_pos)
        return next(
            (card for card, slot in zip(self.cards, self.card_slots(), strict=False) if slot.contains(local)), None
        )

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u, r = self.unit, self.size
        painter.fillRect(r, QColor(0, 0, 0, 150))
        box = self._box()
        panel(painter, box, u * 0.6, LEGAL, 2)
        draw_text(
            painter, QRectF(box.x() + u, box.y() + u * 0.5, box.width() - 2 * u, u * 2), self.title, u * 1.3, INK, True
        )
        y = box.y() + u * 2.8
        if self.cards:
            for card, slot in zip(self.cards, self.card_slots(), strict=False):
                draw_card(painter, slot, card)
            return
        for line in self.lines:
            rect = QRectF(box.x() + u, y, box.width() - 2 * u, box.bottom() - y - u * 2)
            draw_text(
                painter,
                rect,
                line,
                u * 1.0,
                INK,
                False,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                wrap=True,
            )
            y += u * 1.5 * max(1, len(line) * u * 0.55 // max(1.0, rect.width()) + 1)
        draw_text(
            painter,
            QRectF(box.x() + u, box.bottom() - u * 1.8, box.width() - 2 * u, u * 1.4),
            "Click anywhere to close",
            u * 0.85,
            MUTED,
            False,
            Qt.AlignmentFlag.AlignRight,
        )
