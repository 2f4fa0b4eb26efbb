"""The Moon's Grave table as a scene: the round strip, party sheets, NPC cards, action tokens, the incoming damage,
the rolled dice and the perk rail. It draws a state and reports drags and clicks; it never changes the game.

Logical size WIDTH x HEIGHT, fitted into the view; ``drop`` and ``click`` are set by the screen. The scene is about
as wide as it is tall because the view beside the side panel is (from 1024x640 to 1920x1080 its width over its height
runs from about 1.1 to 1.5): a wider scene would be fitted by its width and drawn small. So the party sheets take the
left column, and the NPC cards, two abreast, head the right one above the tokens, the dice and the perk rail.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from rt0table.rules.moons_grave.mg_pack import Perk
from rt0table.rules.moons_grave.mg_state import Fighter, MgState, Track
from rt0table.rules.moons_grave.surge_dice import SURGE_D6

WIDTH, HEIGHT = 820.0, 760.0
SIDE = 320.0  # the width of the party sheets
MIDDLE = SIDE + 20  # where the NPC cards, the tokens, the dice and the perk rail begin
RIGHT_W = WIDTH - 10 - MIDDLE  # the right column's width
NPC_W = (RIGHT_W - 8) / 2  # two NPC cards abreast
NPC_H = 100.0  # an NPC card's height, unless many rows of them must share the column
TRACK_W = (SIDE - 16 - 4) / 2  # two soak tracks abreast on a sheet
TRACK_H = 40.0  # a soak track's height, unless a crowded table's sheets are short
PERK_W, PERK_H = 152.0, 60.0  # a perk card on the rail: three lines (title, cost, the dice dropped on it)
INK = QColor("#f4ecd8")
FAINT = QColor("#9c9787")
LIT = QColor("#f2b134")
PAD = 8.0  # a plate's text stands this far in from its left and right edges
PARTY_FILL = QColor("#23344a")
FOE_FILL = QColor("#4a2330")
TABLE = QColor("#1b1f24")
DEAD = QColor("#3a3a3a")
PHASES = (
    ("plan", "Plan"),
    ("vie", "Vie"),
    ("withdraw", "Withdraw"),
    ("bid", "Bid"),
    ("vie_roll", "Initiative roll"),
    ("turn", "Turn"),
    ("roll", "Roll"),
    ("perks", "Perks"),
    ("soak", "Soak"),
    ("aftermath", "Aftermath"),
    ("over", "Over"),
)
DRAGGED_ACTIONS = ("Attack", "Slaughter", "Bandage", "Protect", "Swap")
CLICKED_ACTIONS = ("Rally", "Finish")


def text_width(text: str, bold: bool = True) -> float:
    """The width a chip needs for ``text`` in the plates' font, padding included."""
    font = QFont()
    font.setPixelSize(13)
    font.setBold(bold)
    return QFontMetricsF(font).horizontalAdvance(text) + 18


class Plate(QGraphicsItem):
    """A rounded box with lines of text; ``lit`` marks a legal target or a payable perk, ``dim`` the rest."""

    def __init__(self, fill: QColor, lines: list[str], rect: QRectF) -> None:
        super().__init__()
        self.fill = fill
        self.lines = lines
        self.rect = rect
        self.lit = False
        self.dim = False
        self.bold_first = True
        self.centred = False  # one big centred label (a die)
        self.font_px = 13
        self.pad_top = 6.0  # from the plate's top edge to its first line

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-3, -3, 3, 3)

    def text_layout(self) -> list[tuple[str, QFont, QRectF]]:
        """Each line with the font and the box ``paint`` draws it in (the fit tests measure these)."""
        font = QFont()
        if self.centred:
            font.setPixelSize(int(self.rect.height() * 0.5))
            font.setBold(True)
            return [(" ".join(self.lines), font, self.rect)]
        line_height = self.font_px + 4.0
        top = self.rect.top() + self.pad_top
        laid = []
        for i, line in enumerate(self.lines):
            font = QFont()
            font.setPixelSize(self.font_px)
            font.setBold(i == 0 and self.bold_first)
            box = QRectF(self.rect.left() + PAD, top + i * line_height, self.rect.width() - 2 * PAD, line_height)
            laid.append((line, font, box))
        return laid

    def fits(self) -> bool:
        """Whether every line, in the font it is drawn in, fits the box it is drawn in, inside the plate."""
        for line, font, box in self.text_layout():
            metrics = QFontMetricsF(font)
            if box.bottom() > self.rect.bottom() - 2 or metrics.horizontalAdvance(line) > box.width():
                return False
        return True

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setOpacity(0.45 if self.dim else 1.0)
        painter.setPen(QPen(LIT if self.lit else FAINT, 3 if self.lit else 1))
        painter.setBrush(self.fill)
        painter.drawRoundedRect(self.rect, 8, 8)
        align = Qt.AlignmentFlag.AlignCenter if self.centred else Qt.AlignmentFlag.AlignLeft
        for i, (line, font, box) in enumerate(self.text_layout()):
            if box.bottom() > self.rect.bottom() - 2 and not self.centred:
                break
            painter.setFont(font)
            painter.setPen(INK if i == 0 else FAINT.lighter(130))
            painter.drawText(box, align | Qt.AlignmentFlag.AlignVCenter, line)


class FighterCard(Plate):
    """A party sheet or an NPC card: a drop target for action tokens."""

    def __init__(self, fighter_id: str, fill: QColor, lines: list[str], rect: QRectF) -> None:
        super().__init__(fill, lines, rect)
        self.fighter_id = fighter_id


class TrackItem(Plate):
    """One soak track on a party sheet: a drop target for incoming damage. Its words take the first form that fits
    its box: name over capacity, both on one line (smaller if need be), or the capacity alone after the name (a
    crowded table's boxes are short); the tooltip always has all of it."""

    def __init__(self, fighter_id: str, track: Track, rect: QRectF) -> None:
        super().__init__(QColor("#39424e") if not track.exhausted else DEAD, [], rect)
        self.fighter_id = fighter_id
        self.track_id = track.id
        self.track = track
        self.bold_first = False
        self.font_px = 11
        self.setToolTip(f"{track.name}: soaks {track.capacity}" + (", used up" if track.exhausted else ""))
        mark = "☒" if track.exhausted else "☐"
        name, soaks = f"{mark} {track.name}", f"soaks {track.capacity}"
        forms = [(11, [name, soaks]), (11, [f"{name} · {soaks}"]), (10, [f"{name} · {soaks}"])]
        forms += [(px, [f"{name} · {track.capacity}"]) for px in (11, 10)]
        for self.font_px, self.lines in forms:
            self.pad_top = 6.0 if len(self.lines) > 1 else (rect.height() - self.font_px - 4) / 2  # one: centred
            if self.fits():
                return


class PerkCard(Plate):
    """A perk on the rail: dice dropped on it fill it; it fires once they pay its cost. Its title keeps its cost
    beside it when both fit, else the cost goes under it; a long title is set smaller rather than cut."""

    def __init__(self, fighter_id: str, perk: Perk, rect: QRectF) -> None:
        mark = "★" if perk.on == "own_roll" else "☠"
        super().__init__(QColor("#2f3b2c"), [], rect)
        self.fighter_id = fighter_id
        self.perk_id = perk.id
        self.cost = perk.cost
        self.filled: list[int] = []  # die indices dropped on it so far
        self.setToolTip(f"{perk.title} [{perk.cost}{mark}]: {perk.text}")
        forms = [(13, [f"{perk.title} [{perk.cost}{mark}]", perk.category])]
        forms += [(px, [perk.title, f"[{perk.cost}{mark}] {perk.category}"]) for px in (13, 12, 11, 10)]
        for self.font_px, self.lines in forms:
            if self.fits():
                return

    def show_filled(self, dice: list[int]) -> None:
        """Dice dropped on the card so far, shown on a line of their own."""
        self.filled = list(dice)
        self.lines = [*self.lines[:2], f"filled with dice {', '.join(str(d + 1) for d in dice)}"]


class WeaponChip(Plate):
    """One weapon of the fighter whose turn it is: a drop target for the Swap token."""

    def __init__(self, fighter_id: str, weapon: str, rect: QRectF, active: bool) -> None:
        super().__init__(QColor("#4a3f2a") if active else QColor("#39424e"), [weapon or "bare hands"], rect)
        self.fighter_id = fighter_id
        self.weapon = weapon
        self.bold_first = active


class Token(Plate):
    """Something picked up and dropped: an action, a die, the incoming damage."""

    def __init__(self, kind: str, value: str, lines: list[str], rect: QRectF, fill: QColor) -> None:
        super().__init__(fill, lines, rect)
        self.kind = kind  # "action", "die", "damage"
        self.value = value
        self.home = QPointF(0, 0)
        self.setZValue(5)


def npc_card(state: MgState, fighter: Fighter, rect: QRectF) -> FighterCard:
    """An NPC's card as the table shows it in ``state``: its damage boxes, its side's pool and its weapon."""
    weapon = state.active_weapon(fighter)
    boxes = max(1, fighter.talent("Durability")) if state.house.npc_damage == "durability_boxes" else 1
    lines = [
        f"{fighter.name}" + ("" if fighter.alive else " – dead"),
        f"damage {fighter.damage}/{boxes} · pool {state.pool(fighter.side)}",
        f"{weapon.name or 'bare hands'}: {weapon.attack} {fighter.talent(weapon.attack)}"
        f" / {weapon.defence} {fighter.talent(weapon.defence)}",
    ]
    return FighterCard(fighter.id, FOE_FILL if fighter.alive else DEAD, lines, rect)


@dataclass
class Drag:
    token: Token
    press: QPointF
    moved: bool = False


class MgScene(QGraphicsScene):
    """Draws a state (``show_state``); reports ``drop(token, target)`` and ``click(item)`` to the screen."""

    def __init__(self) -> None:
        super().__init__(0, 0, WIDTH, HEIGHT)
        self.setBackgroundBrush(TABLE)
        self.cards: dict[str, FighterCard] = {}
        self.tracks: dict[tuple[str, str], TrackItem] = {}
        self.tokens: dict[str, Token] = {}  # "action:Attack", "die:0", "damage"
        self.perks: dict[str, PerkCard] = {}
        self.weapons: dict[str, WeaponChip] = {}  # the turn fighter's weapons by name ("" bare hands), for Swap
        self.strip: list[Plate] = []
        self.banner: Plate | None = None
        self.flashes: list[Plate] = []  # blows shown for a beat (``flash``)
        self.kept: list[QGraphicsItem] = []  # items that stay whatever the state (the curtain)
        self.drop: Callable[[Token, QGraphicsItem], None] = lambda token, target: None
        self.click: Callable[[QGraphicsItem], None] = lambda item: None
        self.targets_for: Callable[[Token], list[QGraphicsItem]] = lambda token: []
        self.dragging: Drag | None = None
        self.lit_perks: set[str] = set()
        self.lit_actions: set[str] = set()
        self.top = 86.0  # where the sheets and cards begin: under the round strip, however many rows it wraps to
        self.mid = 86.0  # where the tokens, the dice and the rail begin: under the NPC cards

    # --- drawing a state -------------------------------------------------------------------------------------

    def show_state(self, state: MgState, chooser: str, lit_perks: set[str], lit_actions: set[str]) -> None:
        """Everything drawn again from ``state``; ``chooser`` is whose perks are on the rail."""
        for item in list(self.items()):
            if item.parentItem() is None and item not in self.kept and item not in self.flashes:
                self.removeItem(item)
        self.cards.clear()
        self.tracks.clear()
        self.tokens.clear()
        self.perks.clear()
        self.weapons.clear()
        self.strip.clear()
        self.dragging = None
        self.lit_perks, self.lit_actions = lit_perks, lit_actions
        self._round_strip(state)
        self._sheets(state)
        self._npc_cards(state)
        self._tokens(state)
        self._weapons(state)
        rail = self._rail_top(state, chooser)
        self._dice(state, rail - 50)
        self._rail(state, chooser, rail)
        self._over(state)

    def _add(self, item: Plate) -> Plate:
        self.addItem(item)
        return item

    def _round_strip(self, state: MgState) -> None:
        head = Plate(QColor("#2b2f36"), [f"Round {state.round}"], QRectF(10, 8, 110, 34))
        self.strip.append(head)
        self._add(head)
        x, y = 128.0, 8.0
        for key, label in PHASES:
            x, y = self._wrap(x, y, text_width(label), 40)
            chip = Plate(QColor("#2b2f36"), [label], QRectF(x, y, text_width(label), 34))
            chip.lit = state.phase == key
            chip.dim = state.phase != key
            chip.bold_first = state.phase == key
            self.strip.append(chip)
            self._add(chip)
            x += 6 + text_width(label)
        ladder = sorted(state.living(), key=lambda f: (-f.talent("Initiative"), f.id))
        x, y = 10.0, y + 40
        for fighter in ladder:
            planned = f", plans {fighter.planned}" if fighter.planned >= 0 else ""
            text = f"{fighter.name}: Ini {fighter.talent('Initiative')}{planned}, FR {fighter.fumble_risk}"
            x, y = self._wrap(x, y, text_width(text), 32)
            chip = Plate(PARTY_FILL if not fighter.npc else FOE_FILL, [text], QRectF(x, y, text_width(text), 26))
            chip.lit = fighter.id == state.turn
            chip.bold_first = fighter.id == state.turn
            self.strip.append(chip)
            self._add(chip)
            x += 6 + text_width(text)
        self.top = y + 38

    @staticmethod
    def _wrap(x: float, y: float, width: float, pitch: float) -> tuple[float, float]:
        """Where a chip ``width`` wide goes: at ``x`` if it fits in the row, else at the start of the next row."""
        return (10.0, y + pitch) if x > 10 and x + width > WIDTH - 10 else (x, y)

    def _sheets(self, state: MgState) -> None:
        party = [f for f in state.fighters if not f.npc]
        height = min(200.0, (HEIGHT - self.top - 4) / max(1, len(party)) - 8)
        for i, fighter in enumerate(party):
            rect = QRectF(10, self.top + i * (height + 8), SIDE, height)
            weapon = state.active_weapon(fighter)
            talents = ", ".join(
                f"{t[:3]} {fighter.talent(t)}" for t in (weapon.attack, weapon.defence, "Initiative", "Tactics")
            )
            guarding = f" · protecting {state.fighter(fighter.protecting).name}" if fighter.protecting else ""
            lines = [  # three lines whatever happens: the soak tracks below keep their room
                f"{fighter.name} ({fighter.seat})" + ("" if fighter.alive else " – dead") + guarding,
                f"{weapon.name or 'bare hands'} · followers {fighter.followers}/{fighter.beckon}",
                talents,
            ]
            card = FighterCard(fighter.id, PARTY_FILL if fighter.alive else DEAD, lines, rect)
            self.cards[fighter.id] = card
            self._add(card)
            self._track_row(fighter.id, fighter.tracks, rect, len(lines))

    def _track_row(self, fighter_id: str, tracks: tuple[Track, ...], rect: QRectF, lines: int) -> None:
        """The soak tracks under the sheet's ``lines``, two abreast: a third of a sheet is too narrow for a name."""
        rows = max(1, -(-len(tracks) // 2))
        top = rect.top() + 6 + 17 * lines
        height = min(TRACK_H, (rect.bottom() - top - 4) / rows - 3)
        for i, track in enumerate(tracks):
            box = QRectF(rect.left() + PAD + (i % 2) * (TRACK_W + 4), top + (i // 2) * (height + 3), TRACK_W, height)
            item = TrackItem(fighter_id, track, box)
            item.setZValue(1)
            self.tracks[(fighter_id, track.id)] = item
            self._add(item)

    def _npc_cards(self, state: MgState) -> None:
        foes = [f for f in state.fighters if f.npc]
        rows = max(1, -(-len(foes) // 2))
        height = min(NPC_H, 240 / rows - 8)
        for i, fighter in enumerate(foes):
            rect = QRectF(MIDDLE + (i % 2) * (NPC_W + 8), self.top + (i // 2) * (height + 8), NPC_W, height)
            card = npc_card(state, fighter, rect)
            self.cards[fighter.id] = card
            self._add(card)
        self.mid = self.top + rows * (height + 8) + 4

    def _tokens(self, state: MgState) -> None:
        if state.phase == "turn":
            names = (*DRAGGED_ACTIONS, *CLICKED_ACTIONS)
            width = max(text_width(name) for name in names)  # one size for all, wide enough for the longest word
            for i, name in enumerate(names):
                rect = QRectF(0, 0, width, 34)
                token = Token("action", name, [name], rect, QColor("#3c3553"))
                token.dim = name not in self.lit_actions
                token.home = QPointF(MIDDLE + 4 + (i % 4) * (width + 6), self.mid + (i // 4) * 42)
                token.setPos(token.home)
                self.tokens[f"action:{name}"] = token
                self._add(token)
        if state.phase == "soak" and state.damage_queue:
            fighter_id, amount = state.damage_queue[0]
            text = f"{amount} damage → {state.fighter(fighter_id).name}"
            token = Token("damage", fighter_id, [text, "drag onto a soak track"], QRectF(0, 0, 300, 44),
                          QColor("#6b2424"))  # fmt: skip
            token.home = QPointF(MIDDLE + 10, self.mid + 90)
            token.setPos(token.home)
            self.tokens["damage"] = token
            self._add(token)

    def _weapons(self, state: MgState) -> None:
        """The rack Swap is dragged onto: every weapon the fighter whose turn it is holds, the active one marked."""
        if state.phase != "turn" or not state.turn:
            return
        fighter = state.fighter(state.turn)
        caption = Plate(TABLE, ["rack:"], QRectF(MIDDLE + 4, self.mid + 92, text_width("rack:", False), 30))
        caption.bold_first = False
        caption.dim = True  # a label, not a place to drop
        self._add(caption)
        x = MIDDLE + 10 + text_width("rack:", False)
        for weapon in fighter.weapons:
            label = weapon.name or "bare hands"
            chip = WeaponChip(
                fighter.id, weapon.name, QRectF(x, self.mid + 92, text_width(label), 30), weapon.name == fighter.active
            )
            self.weapons[weapon.name] = chip
            self._add(chip)
            x += 6 + text_width(label)

    def _rail_top(self, state: MgState, chooser: str) -> float:
        """Where the perk rail begins: under the dice, or raised so a long rail on a crowded table stays on it."""
        if state.phase != "perks" or not chooser:
            return HEIGHT
        rows = -(-len(state.fighter(chooser).perks) // 3)
        return min(self.mid + 242, HEIGHT - 8 - 32 - rows * (PERK_H + 6))

    def _dice(self, state: MgState, lowest: float) -> None:
        """The rolled dice under the tokens and the rack, or as low as ``lowest`` allows (the rail is below)."""
        roll = state.roll
        if roll is None or not roll.faces:
            return
        top = min(self.mid + 146, lowest - 46 * ((len(roll.faces) - 1) // 9))
        for i, number in enumerate(roll.faces):
            face = SURGE_D6.face(number)
            fill = QColor("#5a4a1e" if face.surge else "#3b4d44")
            token = Token("die", str(i), [face.label], QRectF(0, 0, 40, 40), fill)
            token.centred = True
            spent = [who for who, die in roll.used if die == i]
            token.dim = state.phase != "perks" or not (face.boosts or face.drags)
            if spent:
                token.lines = [face.label, "✓"]
            token.home = QPointF(MIDDLE + 4 + (i % 9) * 46, top + (i // 9) * 46)
            token.setPos(token.home)
            self.tokens[f"die:{i}"] = token
            self._add(token)

    def _rail(self, state: MgState, chooser: str, top: float) -> None:
        if state.phase != "perks" or not chooser:
            return
        fighter = state.fighter(chooser)
        head = Plate(QColor("#2b2f36"), [f"Perk rail: {fighter.name}"], QRectF(MIDDLE, top, RIGHT_W, 26))
        self._add(head)
        for i, perk in enumerate(fighter.perks):
            rect = QRectF(MIDDLE + (i % 3) * (PERK_W + 6), top + 32 + (i // 3) * (PERK_H + 6), PERK_W, PERK_H)
            card = PerkCard(fighter.id, perk, rect)
            card.lit = perk.id in self.lit_perks
            card.dim = not card.lit
            self.perks[perk.id] = card
            self._add(card)

    def _over(self, state: MgState) -> None:
        if state.phase != "over":
            self.banner = None
            return
        self.banner = Plate(QColor("#403015"), [f"The fight is over: the {state.winner} side stands."],
                            QRectF(MIDDLE, HEIGHT - 50, RIGHT_W, 40))  # fmt: skip
        self.banner.lit = True
        self._add(self.banner)

    def flash(self, fighter_id: str, text: str, ms: int) -> Plate | None:
        """A blow shown on the card it lands on for one beat (``ms``), then gone; it outlasts the table drawn again
        by the stand-in's answers within the beat."""
        card = self.cards.get(fighter_id)
        if card is None:
            return None
        rect = card.rect
        badge = Plate(QColor("#8c1d18"), [text], QRectF(rect.right() - 64, rect.top() + 6, 56, 40))
        badge.centred = True
        badge.setZValue(20)
        self.addItem(badge)
        self.flashes.append(badge)
        QTimer.singleShot(ms, lambda: self._unflash(badge))
        return badge

    def _unflash(self, badge: Plate) -> None:
        if badge in self.flashes:
            self.flashes.remove(badge)
        if badge.scene() is self:
            self.removeItem(badge)

    # --- drags and clicks ----------------------------------------------------------------------------------------

    def token_at(self, point: QPointF) -> Token | None:
        return next((i for i in self.items(point) if isinstance(i, Token)), None)

    def target_at(self, point: QPointF, token: Token) -> QGraphicsItem | None:
        """The drop target under ``point`` (a soak track before its sheet, a perk card), never the token itself."""
        for item in self.items(point):
            if item is token:
                continue
            if isinstance(item, TrackItem | PerkCard | FighterCard | WeaponChip):
                return item
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        token = self.token_at(event.scenePos())
        if event.button() == Qt.MouseButton.LeftButton and token is not None and not token.dim:
            self.dragging = Drag(token, event.scenePos())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        drag = self.dragging
        if drag is None:
            super().mouseMoveEvent(event)
            return
        if not drag.moved and (event.scenePos() - drag.press).manhattanLength() < QApplication.startDragDistance():
            return
        if not drag.moved:
            drag.moved = True
            drag.token.setZValue(30)
            wanted = self.targets_for(drag.token)
            for target in wanted:
                if isinstance(target, Plate):
                    target.lit = True
                    target.update()
        drag.token.setPos(drag.token.home + event.scenePos() - drag.press)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        drag, self.dragging = self.dragging, None
        if drag is None:
            item = next((i for i in self.items(event.scenePos()) if isinstance(i, Plate)), None)
            if item is not None and event.button() == Qt.MouseButton.LeftButton:
                self.click(item)
            super().mouseReleaseEvent(event)
            return
        drag.token.setPos(drag.token.home)
        drag.token.setZValue(5)
        if not drag.moved:
            self.click(drag.token)
            return
        target = self.target_at(event.scenePos(), drag.token)
        if target is not None:
            self.drop(drag.token, target)
