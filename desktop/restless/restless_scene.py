"""The Restless's table as a scene: the Realm track and Encounter row at the top left, the Target, the Realm card
and the d20 beside them, the Reroll pool, the Rests and every deck with its discard pile at the top right, the cards
on offer below, and the four Characters across the bottom in seat order (inventory slots, weight meter, Health,
Armor, status tokens). Dragging a card onto another asks the screen for the action it means (``dropped``); the scene
itself never changes the game.

The scene is about as wide as it is tall because the view beside the side panel is (from 1024x640 to 1920x1080 its
width over its height runs from about 1.1 to 1.5): a wider scene would be fitted by its width and drawn small.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSceneMouseEvent, QStyleOptionGraphicsItem, QWidget

from rt0table.rules.restless import rs_actions as a
from rt0table.rules.restless.rs_cards import REALM_DECKS, Card
from rt0table.rules.restless.rs_effects import die_defense, inventory_weight, max_health
from rt0table.rules.restless.rs_state import Hero, RsState

WIDTH, HEIGHT = 940.0, 810.0
SIDE_X = 676.0  # the Reroll pool, the Rests and the decks, to the scene's right edge
SIDE_W = WIDTH - 12 - SIDE_X
DECKS_Y, DECKS_END = 76.0, 372.0  # the decks' column, however many decks the pack has
OFFER_Y, OFFER_END = 266.0, 664.0  # the cards on offer, in one row left of the side column
PARTY_Y = 400.0
CELL_W = (WIDTH - 12) / 4  # a Character's share of the bottom row: its card, its meter, its slots below
HERO_W, HERO_H = 140.0, 190.0
SLOT_W, SLOT_H = 72.0, 92.0
TEXT_PX = 13  # the table's own words (places, counters, seats); a card's face sizes its text by its width
FELT = QColor("#1f2b26")
INK = QColor("#f4ecd8")
DIM = QColor("#8fa39a")
GOLD = QColor("#f2b134")
KIND_COLOURS = {
    "character": "#3d5a80",
    "item": "#6b4f2a",
    "target": "#7a2e2e",
    "encounter": "#4a5d3a",
    "realm": "#4b3d6b",
    "god": "#2b1f3a",
    "rest": "#2f5d62",
    "nothing": "#555555",
    "sin": "#5c1f3d",
    "status": "#5d4a1f",
}


@dataclass(frozen=True)
class Token:
    """What a piece on the table stands for: ``role`` (held, loose, ware, offer, hero, target, die, rerolls, deck,
    rest, realm, row) and the card or Character it names."""

    role: str
    card: str = ""
    hero: str = ""


def card_lines(card: Card) -> list[str]:
    """The numbers a face shows, by kind, in the app's words."""
    if card.kind == "character":
        return [f"Unarmed {card.unarmed_attack} · Slots {card.inventory_size}"]
    if card.kind == "item":
        lines = [card.item_type.capitalize() + (" · Active" if card.active else "")]
        if card.damage:
            lines.append(f"Damage {card.damage}" + (f" ×{card.shots}" if card.shots > 1 else ""))
        if card.armor:
            lines.append(f"Armor {card.armor}")
        lines.append(f"Wt {card.weight} · Val {card.value}")
        return lines
    if card.kind in ("target", "god"):
        return [f"Defense {card.die_defense}", f"Health {card.health}"] + (
            [f"Attack {card.attack}"] if card.kind == "target" else []
        )
    if card.kind == "encounter":
        return ["Trader" if card.trader else "Encounter"]
    if card.kind == "realm":
        return [f"Realm {card.realm}"]
    return [card.kind.capitalize()]


def health_words(now: int, most: int) -> str:
    return f"♥ {now}/{most}"


def fresh_note(card: Card) -> str:
    """What the table adds to a card's face when the card first comes to it, for a face drawn off the table (the
    pack editor's preview): a Character's full Health and the weight it carries at most (the meter beside it)."""
    if card.kind != "character":
        return ""
    return f"{health_words(card.health, card.health)} · Carries {card.max_weight}"


def face_px(box: QRectF) -> tuple[int, int]:
    """The pixel sizes of a drawn face's name and of its numbers and text: both grow with the card's width."""
    return max(10, int(box.width() / 8)), max(9, int(box.width() / 10))  # no smaller on a small card


def paint_face(
    painter: QPainter, box: QRectF, card: Card, note: str = "", lit: bool = False, image: QPixmap | None = None
) -> None:
    """A card face drawn from its pack data: name, kind, numbers, and its text; the pack's image when it has one
    (a scan of the owner's card), with what the table adds (Health now, counters) on a band across its foot."""
    painter.setPen(QPen(GOLD if lit else INK, 2.5 if lit else 1))
    painter.setBrush(QColor(KIND_COLOURS.get(card.kind, "#444444")))
    painter.drawRoundedRect(box, 6, 6)
    if image is not None and not image.isNull():
        size = image.size().scaled(box.size().toSize(), Qt.AspectRatioMode.KeepAspectRatio)
        place = QRectF(0, 0, size.width(), size.height())
        place.moveCenter(box.center())
        painter.drawPixmap(place, image, QRectF(image.rect()))
        if note:
            band = QRectF(box.left(), box.bottom() - 30, box.width(), 30)
            painter.fillRect(band, QColor(0, 0, 0, 170))
            painter.setPen(INK)
            painter.drawText(band, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, note)
        return
    inner = box.adjusted(4, 3, -4, -3)
    head_px, body_px = face_px(box)
    font = QFont(painter.font())
    font.setPixelSize(head_px)
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(INK)
    head = QRectF(inner.left(), inner.top(), inner.width(), font.pixelSize() * 2.4)
    top = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
    painter.drawText(head, top, card.name)
    font.setBold(False)
    font.setPixelSize(body_px)
    painter.setFont(font)
    body = QRectF(inner.left(), head.bottom(), inner.width(), inner.bottom() - head.bottom())
    text = "\n".join([*card_lines(card), note]).strip()
    if box.height() > 110 and card.text:
        text += "\n" + card.text
    painter.drawText(body, top, text)


class Piece(QGraphicsItem):
    """A card, a counter or a place on the table; ``token`` says what it is, ``paint_with`` draws it."""

    def __init__(self, token: Token, box: QRectF, scene: RsScene, draggable: bool = False) -> None:
        super().__init__()
        self.token = token
        self.box = box
        self.table = scene
        self.draggable = draggable
        self.home = QPointF(0, 0)
        if draggable:
            self.setCursor(Qt.CursorShape.OpenHandCursor)

    def boundingRect(self) -> QRectF:
        return self.box.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        self.table.paint_piece(painter, self)


class RsScene(QGraphicsScene):
    """The table for one state; ``show_state`` lays it out again after every change."""

    dropped = Signal(object, object)  # the dragged Token, the Token it was dropped on (None: nowhere)

    def __init__(self) -> None:
        super().__init__(0, 0, WIDTH, HEIGHT)
        self.setBackgroundBrush(FELT)
        self.state: RsState | None = None
        self.pieces: list[Piece] = []
        self.lit: set[str] = set()
        self.dragging: Piece | None = None
        self.grab = QPointF()
        self.images: dict[str, QPixmap] = {}  # the pack's images by name (cards without one are drawn)

    # --- layout ---

    def show_state(self, state: RsState, lit: set[str] | None = None) -> None:
        self.state = state
        self.lit = lit or set()
        self.dragging = None
        for piece in self.pieces:
            self.removeItem(piece)
        self.pieces = []
        self._top(state)
        self._middle(state)
        self._party(state)
        self._side(state)
        self.update()

    def _add(self, token: Token, box: QRectF, draggable: bool = False) -> Piece:
        piece = Piece(token, box, self, draggable)
        piece.setZValue(2 if draggable else 1)
        self.addItem(piece)
        self.pieces.append(piece)
        return piece

    def _top(self, state: RsState) -> None:
        for i in range(len(REALM_DECKS)):
            self._add(Token("realm", hero=str(i + 1)), QRectF(12 + i * 58, 12, 52, 40))
        self._add(Token("realm", hero="god"), QRectF(12 + 5 * 58, 12, 70, 40))
        for i, _card in enumerate(state.row):
            self._add(Token("row", hero=str(i)), QRectF(12 + i * 62, 64, 56, 78))
        if state.current:
            self._add(Token("target", state.current), QRectF(392, 12, 150, 190))
        if state.realm:
            self._add(Token("realm-card", state.realm), QRectF(552, 12, 110, 150))

    def _middle(self, state: RsState) -> None:
        shown = [("offer", c) for c in state.offered] + [("ware", c) for c in state.wares]
        shown += [("loose", c) for c in state.loose]
        shown = shown[:12]
        pitch = min(SLOT_W + 8, (OFFER_END - 12 + 4) / max(1, len(shown)))  # a long offer narrows to stay in its row
        for i, (role, card) in enumerate(shown):
            box = QRectF(12 + i * pitch, OFFER_Y, pitch - 4, SLOT_H + 18)
            self._add(Token(role, card), box, draggable=role != "offer")
        self._add(Token("die"), QRectF(562, 168, 90, 90))

    def _party(self, state: RsState) -> None:
        for i, hero in enumerate(state.party[:4]):
            x = 12 + i * CELL_W
            box = QRectF(x, PARTY_Y, HERO_W, HERO_H)
            self._add(Token("hero", hero.card, hero.card), box, draggable=not hero.dead)
            size = max(state.card(hero.card).inventory_size, len(hero.items))
            columns = max(3, -(-size // 2))  # two rows at most, so a big Inventory stays on the table
            width = min(SLOT_W, (CELL_W - 12 - 8 * (columns - 1)) / columns)
            top = box.bottom() + 20  # room for the weight meter's figures
            for s in range(size):
                slot = QRectF(x + (s % columns) * (width + 8), top + (s // columns) * (SLOT_H + 6), width, SLOT_H)
                if s < len(hero.items):
                    self._add(Token("held", hero.items[s], hero.card), slot, draggable=True)
                else:
                    self._add(Token("slot", hero=hero.card), slot)
            self._add(Token("weight", hero=hero.card), QRectF(x + HERO_W + 10, PARTY_Y, 14, HERO_H))

    def _side(self, state: RsState) -> None:
        half = (SIDE_W - 12) / 2
        self._add(Token("rerolls"), QRectF(SIDE_X, 12, half, 56), draggable=state.rerolls > 0)
        self._add(Token("rests"), QRectF(SIDE_X + half + 12, 12, half, 56))
        pitch = min(30.0, (DECKS_END - DECKS_Y) / max(1, len(state.piles)))
        for i, pile in enumerate(state.piles):
            self._add(Token("deck", pile.deck), QRectF(SIDE_X, DECKS_Y + i * pitch, SIDE_W, pitch - 4))

    # --- painting ---

    def paint_piece(self, painter: QPainter, piece: Piece) -> None:
        state = self.state
        if state is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        token, box = piece.token, piece.box
        role = token.role
        font = QFont(painter.font())
        font.setPixelSize(TEXT_PX)
        painter.setFont(font)
        lit = token.card in self.lit or token.hero in self.lit
        if role in ("held", "loose", "ware", "offer", "realm-card"):
            note = self._note(state, token)
            self.face(painter, box, state.card(token.card), note, lit)
        elif role == "target":
            card = state.card(token.card)
            note = f"Health now {state.target_health}" if card.kind in ("target", "god") else ""
            if card.kind in ("target", "god"):
                note += f"\nDefense now {die_defense(state)}"
            self.face(painter, box, card, note, lit)
        elif role == "hero":
            self._paint_hero(painter, box, state, state.hero(token.hero), lit)
        elif role == "weight":
            hero = state.hero(token.hero)
            self._paint_meter(painter, box, inventory_weight(state, hero), state.card(hero.card).max_weight)
        else:
            self._paint_place(painter, box, state, token)

    def face(self, painter: QPainter, box: QRectF, card: Card, note: str, lit: bool) -> None:
        paint_face(painter, box, card, note, lit, self.images.get(card.image) if card.image else None)

    def _note(self, state: RsState, token: Token) -> str:
        card = state.card(token.card)
        if card.kind != "item" or token.role != "held":
            return ""
        mark = state.mark(token.card)
        bits = [f"{mark.counters} ctr"] if card.counters or card.active or card.item_type == "consumable" else []
        bits += [f"{mark.armor} armor"] if card.armor else []
        bits += ["sideways"] if mark.spent else []
        return " · ".join(bits)

    def use_images(self, images: tuple[tuple[str, bytes], ...]) -> None:
        """Take a pack's images (name, bytes); one that does not decode is left out and its card drawn."""
        self.images = {}
        for name, data in images:
            pixmap = QPixmap()
            if pixmap.loadFromData(data):
                self.images[name] = pixmap
        self.update()

    def _paint_hero(self, painter: QPainter, box: QRectF, state: RsState, hero: Hero, lit: bool) -> None:
        card = state.card(hero.card)
        note = f"{health_words(hero.health, max_health(state, hero))} · Armor {hero.armor}"
        if hero.dead:
            note = "dead"
        elif hero.acted:
            note += "\nhas acted"
        self.face(painter, box, card, note, lit)
        for i, status in enumerate((*hero.statuses, *hero.sins)):
            token_box = QRectF(box.left() + 4 + i * 22, box.bottom() - 24, 20, 20)
            painter.setBrush(QColor("#5d4a1f" if status in hero.statuses else "#5c1f3d"))
            painter.setPen(QPen(GOLD, 1))
            painter.drawEllipse(token_box)
            painter.setPen(INK)
            painter.drawText(token_box, Qt.AlignmentFlag.AlignCenter, state.card(status).name[:1])
        painter.setPen(DIM)
        painter.drawText(
            QRectF(box.left(), box.top() - 16, box.width() + 40, 16), Qt.AlignmentFlag.AlignLeft, hero.seat
        )

    def _paint_meter(self, painter: QPainter, box: QRectF, weight: int, most: int) -> None:
        painter.setPen(QPen(INK, 1))
        painter.setBrush(QColor("#2a3a33"))
        painter.drawRect(box)
        share = min(1.0, weight / most) if most else 0.0
        painter.setBrush(QColor("#b3261e" if weight > most else "#8fbf8f"))
        painter.drawRect(QRectF(box.left(), box.bottom() - box.height() * share, box.width(), box.height() * share))
        painter.setPen(INK)
        painter.drawText(
            QRectF(box.left() - 10, box.bottom() + 2, 40, 16), Qt.AlignmentFlag.AlignLeft, f"{weight}/{most}"
        )

    def _paint_place(self, painter: QPainter, box: QRectF, state: RsState, token: Token) -> None:
        role = token.role
        painter.setBrush(QColor("#2a3a33"))
        painter.setPen(QPen(DIM, 1, Qt.PenStyle.DashLine if role == "slot" else Qt.PenStyle.SolidLine))
        if role == "realm":
            here = str(state.realm_number) == token.hero or (token.hero == "god" and bool(state.god))
            painter.setBrush(QColor("#4b3d6b" if here else "#2a3a33"))
            painter.setPen(QPen(GOLD if here else DIM, 2 if here else 1))
        painter.drawRoundedRect(box, 5, 5)
        painter.setPen(INK)
        text = self._place_text(state, token)
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        if role == "die":
            font = QFont(painter.font())
            font.setPixelSize(30 if state.roll else 13)
            font.setBold(True)
            painter.setFont(font)
        painter.drawText(box.adjusted(3, 2, -3, -2), flags, text)

    def _place_text(self, state: RsState, token: Token) -> str:
        role = token.role
        if role == "realm":
            return "Traitor God" if token.hero == "god" else f"Realm {token.hero}"
        if role == "row":
            return "face down"
        if role == "slot":
            return "empty slot"
        if role == "die":
            return str(state.roll.face) if state.roll else "d20"
        if role == "rerolls":
            return f"Reroll pool\n{state.rerolls} counters"
        if role == "rests":
            return f"Rests\n{len(state.rests)} face down"
        if role == "deck":
            pile = state.pile(token.card)
            return f"{token.card}: {len(pile.draw)} · discard {len(pile.discard)}"
        return ""

    # --- dragging ---

    def piece_at(self, point: QPointF, ignore: Piece | None = None) -> Piece | None:
        for item in self.items(point):
            if isinstance(item, Piece) and item is not ignore:
                return item
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        piece = self.piece_at(event.scenePos())
        if piece is not None and piece.draggable and event.button() == Qt.MouseButton.LeftButton:
            self.dragging = piece
            self.grab = event.scenePos()
            piece.setZValue(10)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.dragging is not None:
            self.dragging.setPos(event.scenePos() - self.grab)
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        piece = self.dragging
        if piece is None:
            super().mouseReleaseEvent(event)
            return
        self.dragging = None
        piece.setPos(piece.home)
        piece.setZValue(2)
        under = self.piece_at(event.scenePos(), ignore=piece)
        self.dropped.emit(piece.token, under.token if under is not None else None)
        event.accept()


def drop_action(state: RsState, dragged: Token, onto: Token | None) -> a.RsAction | str | None:
    """The action a drag means, a reason it means none (in words), or None for a drag that asks nothing."""
    if onto is None or onto == dragged:
        return None
    hero = onto.hero if onto.role in ("hero", "held", "slot", "weight") else ""
    if dragged.role == "rerolls":
        return a.Reroll() if onto.role == "die" else "A Reroll Counter goes onto the die."
    if dragged.role == "hero":
        return a.Attack(dragged.hero, "") if onto.role == "target" else None
    if dragged.role == "held":
        if onto.role == "target":
            return a.Attack(dragged.hero, dragged.card)
        if hero and hero != dragged.hero:
            return a.Give(dragged.card, hero)
        return None if hero else "Drop an item on a Character to trade it, or on the Target to attack."
    if dragged.role == "loose":
        return a.Take(dragged.card, hero) if hero else "Drop it on the Character who takes it."
    if dragged.role == "ware":
        return a.Buy(dragged.card, hero, "") if hero else "Drop a Trader's card on the Character who buys it."
    return None
