"""Small pieces the character screens share: fonts, problem labels, card views, Corruption place names."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QButtonGroup, QFrame, QLabel, QVBoxLayout, QWidget

from rt0table.desktop.lettering import scaled_font
from rt0table.rules.rt0.campaign.corruption import FRIENDSHIP, MAGIC, SKILL, arcana_abilities
from rt0table.rules.rt0.cards import CARDS, CardId
from rt0table.rules.rt0.traits import Arcana

try:  # the card faces live on another branch until it is merged everywhere
    from rt0table.desktop.cards import card_size, describe_card, face_pixmap

    HAVE_FACES = True
except ImportError:  # pragma: no cover - exercised only without desktop.cards
    HAVE_FACES = False


BACK_KEYS = (Qt.Key.Key_Up, Qt.Key.Key_Left)
ON_KEYS = (Qt.Key.Key_Down, Qt.Key.Key_Right)


class ArrowSelects(QObject):
    """In a group of choices where one is picked, an arrow key moves to the next open choice and picks it, as a
    radio group does elsewhere (Qt's own arrows only move the focus, and not across a grid's rows)."""

    def __init__(self, group: QButtonGroup) -> None:
        super().__init__(group)
        self.group = group
        for button in group.buttons():
            button.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.key() not in (*BACK_KEYS, *ON_KEYS) or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        buttons = self.group.buttons()
        if watched not in buttons:
            return False
        step = -1 if event.key() in BACK_KEYS else 1
        at = buttons.index(watched)
        for offset in range(1, len(buttons)):
            nearby: QAbstractButton = buttons[(at + step * offset) % len(buttons)]
            if nearby.isEnabled() and nearby.isVisible():
                nearby.setFocus(Qt.FocusReason.TabFocusReason)
                nearby.click()
                break
        return True


class CardView(QFrame):
    """One drawn card: its face when the card faces are available, and its name underneath."""

    def __init__(self, card: CardId, width_em: float = 8.0, note: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = card
        self.setObjectName("card-view")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.face = QLabel()
        self.face.setAlignment(Qt.AlignmentFlag.AlignCenter)
        width = round(self.fontMetrics().height() * width_em)
        if HAVE_FACES:
            size: QSize = card_size(width)
            self.face.setPixmap(face_pixmap(card, size, self.devicePixelRatioF()))
            self.face.setToolTip(describe_card(card))
        else:  # pragma: no cover
            self.face.setText(CARDS[card].name)
            self.face.setFrameShape(QFrame.Shape.Box)
        self.name = QLabel(CARDS[card].name + (f"\n{note}" if note else ""))
        self.name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.name.setFont(scaled_font(self.font(), 1.0, bold=True))
        layout.addWidget(self.face)
        layout.addWidget(self.name)


def place_title(arcana: Arcana, place: str) -> str:
    """A Corruption place as the sheet names it: an upgrade also names the Arcana Ability it improves."""
    ability = next((a for a in arcana_abilities(arcana) if a.upgrade == place), None)
    return f"{ability.name} → {ability.upgrade}" if ability is not None else place


def place_unlocks(arcana: Arcana, place: str) -> str:
    """What three marks on a place give, in words (Friendship gives nothing)."""
    if place == SKILL:
        return "a new A+ skill, and a new F"
    if place == MAGIC:
        return "a new spell"
    if place == FRIENDSHIP:
        return "nothing: a safe place for Corruption"
    ability = next(a for a in arcana_abilities(arcana) if a.upgrade == place)
    return f"{ability.upgrade}, and {ability.name} in every combat for free"
