"""An ability bin: its name and key letter, the cards on it, its progress, its reaction to a pick, and a
small button for each thing the ability lets the fighter do at will (its activations).

Bins shrink when a fighter holds many; everything inside is sized from the bin itself (``k``), never from
fixed pixels, so a bin 80 pixels wide still shows its letter, its name on two lines and its cards.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QStaticText
from PySide6.QtWidgets import QGraphicsSceneHoverEvent, QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.bin_layout import BIN_KEYS as BIN_KEYS
from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.card_item import draw_card
from rt0table.desktop.table.layout import CARD_ASPECT
from rt0table.desktop.table.paint import (
    INK,
    LEGAL,
    MUTED,
    PANEL_EDGE,
    REFUSED,
    TARGET,
    draw_text,
    panel,
    ui_font,
)
from rt0table.rules.rt0.abilities import ABILITIES, EDDY_ABILITIES
from rt0table.rules.rt0.cards import CardId

FED = QColor("#9a8cc8")  # the outline of a bin only other abilities put cards on
SELECTED = QColor("#8fd3ff")


class Glow(Enum):
    NORMAL = "normal"  # nothing picked
    LEGAL = "legal"  # the picked card may go here
    TARGET = "target"  # the picked card would go here on release or Enter
    DIM = "dim"  # the picked card may not go here


CHIP_MARK = "▸ "
CHIP_MAX_LINES = 3
NBSP = "\u00a0"


def chip_font_lines(text: str, font: QFont, width: float) -> int:
    """How many lines ``text`` wraps to at ``width``."""
    if width <= 1:
        return CHIP_MAX_LINES + 1
    metrics = QFontMetricsF(font)
    height = metrics.boundingRect(QRectF(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), text).height()
    return max(1, round(height / metrics.lineSpacing()))


def split_cost(text: str) -> tuple[str, str]:
    """An activation's words and its closing cost (" (1 Corruption)", held on one line), or no cost."""
    cut = text.rfind(" (")
    if cut <= 0 or not text.endswith(")"):
        return text, ""
    return text[:cut], " " + text[cut + 1 :].replace(" ", NBSP)


def fit_chip_text(text: str, font: QFont, width: float, lines: int) -> str:
    """``text`` as it fits ``lines`` wrapped lines: whole if it can, else cut short in its words with … and its
    closing cost kept ("Switch on You're Driving… (1 Corruption)"), so what it costs is never what is lost."""
    body, tail = split_cost(text)
    if chip_font_lines(body + tail, font, width) <= lines:
        return body + tail
    words = body.split(" ")
    while len(words) > 1:
        words.pop()
        shown = " ".join(words).rstrip(",;:—-") + "…" + tail
        if chip_font_lines(shown, font, width) <= lines:
            return shown
    word = words[0]
    for end in range(len(word) - 1, 0, -1):
        shown = word[:end] + "…" + tail
        if chip_font_lines(shown, font, width) <= lines:
            return shown
    return "…" + tail


class ChipItem(BoxItem):
    """A small button on a bin or a badge: one activation, on as many lines as the bin can spare, cut short in
    its words (its cost kept) when even those are too few; the whole text on hover and in the A menu."""

    hovered = Signal(str)

    def __init__(self, text: str) -> None:
        super().__init__(clickable=True)
        self.text = text
        self.shown = text  # what fits the chip: ``text`` itself, or cut short by ``fit_chip_text``
        self.text_px = 8.0  # set by the bin that places it
        self.lines = 2  # set by the bin that places it
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(f"{text} (click; or the bin's letter, then A)")
        self.setZValue(2)

    @property
    def pad(self) -> float:
        return self.text_px * 0.4

    def text_rect(self) -> QRectF:
        pad = self.pad
        return self.size.adjusted(pad, pad * 0.3, -pad, -pad * 0.3)

    def place(self, rect: QRectF, unit: float) -> None:
        super().place(rect, unit)
        font = ui_font(self.text_px, True)
        self.shown = fit_chip_text(CHIP_MARK + self.text, font, self.text_rect().width(), self.lines)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hovered.emit(self.text)
        super().hoverEnterEvent(event)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.size
        painter.setPen(QPen(LEGAL, max(1.0, r.height() * 0.07)))
        painter.setBrush(QColor("#4a3d12"))
        pad = self.pad
        painter.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), pad * 1.5, pad * 1.5)
        draw_text(
            painter,
            self.text_rect(),
            self.shown,
            self.text_px,
            INK,
            True,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            wrap=True,
        )


class AbilityBinItem(BoxItem):
    activated = Signal(int)  # the index of the activation whose chip was pressed
    hinted = Signal(str)  # a line for the status bar (a chip's whole text)
    pointed = Signal(bool)  # the pointer came onto the bin (True) or left it (False)

    def __init__(self, ability_id: str, letter: str) -> None:
        super().__init__(clickable=True)
        rule = ABILITIES[ability_id]
        self.ability_id = ability_id
        self.letter = letter
        self.name = rule.name
        self.fed = not rule.playable  # cards arrive only through other abilities (Unlikely Helmet)
        self.eddy_row = ability_id in EDDY_ABILITIES  # a sheet row: one card fires it
        self.rule_shown = not self.fed  # an empty bin says its rule (a fed bin says what feeds it instead)
        self._rule_fit: tuple[tuple[float, float], str, float] | None = None  # (area size, text, px), cached
        self._rule_static = QStaticText()  # the fitted rule laid out once: a paint only blits its glyphs
        self.feeders = ""  # the abilities that feed it, named under the empty bin
        self.cards: list[CardId] = []
        self.face_down: set[CardId] = set()
        self.arriving: set[CardId] = set()  # cards still flying here: drawn when they land
        self.progress = ""
        self.glow = Glow.NORMAL
        self.selected = False  # picked by its letter with no card in hand: A opens its actions
        self.refusal = ""
        self.chips: list[ChipItem] = []
        self.setAcceptHoverEvents(True)
        self._tip()
        self._refusal_timer = QTimer(self)
        self._refusal_timer.setSingleShot(True)
        self._refusal_timer.timeout.connect(self.clear_refusal)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.pointed.emit(True)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.pointed.emit(False)
        super().hoverLeaveEvent(event)

    def _tip(self) -> None:
        key = f" ({self.letter})" if self.letter else ""
        fed = f"\n{self.fed_line}." if self.fed else ""
        self.setToolTip(f"{self.name}{key}: {ABILITIES[self.ability_id].summary}{fed}")

    @property
    def fed_line(self) -> str:
        return f"No cards from the hand: fed by {self.feeders}" if self.feeders else "No cards from the hand"

    def set_feeders(self, names: str) -> None:
        if names != self.feeders:
            self.feeders = names
            self._tip()
            self.update()

    def show_cards(self, cards: list[CardId], progress: str, face_down: set[CardId] | None = None) -> None:
        held = bool(self.cards)
        self.cards, self.progress = list(cards), progress
        self.face_down = set(face_down or ())
        self.arriving &= set(self.cards)
        if held != bool(self.cards) and self.chips:  # the chips give way to a strip for the cards, or take it
            self._place_chips()
        self.update()

    def show_activations(self, labels: list[str]) -> None:
        """One chip per activation the engine offers now; none when it offers none."""
        if [chip.text for chip in self.chips] == labels:
            return
        for chip in self.chips:
            chip.setParentItem(None)  # type: ignore[arg-type]  # Qt takes no parent; PySide's stub leaves None out
            if chip.scene() is not None:
                chip.scene().removeItem(chip)
        self.chips = []
        for index, label in enumerate(labels):
            chip = ChipItem(label)
            chip.setParentItem(self)
            chip.clicked.connect(lambda index=index: self.activated.emit(index))
            chip.hovered.connect(self.hinted.emit)
            self.chips.append(chip)
        self._place_chips()
        self.update()

    def set_glow(self, glow: Glow) -> None:
        if glow is not self.glow:
            self.glow = glow
            self.update()

    def set_selected(self, selected: bool) -> None:
        if selected != self.selected:
            self.selected = selected
            self.update()

    def show_refusal(self, reason: str, duration_ms: int) -> None:
        """The engine's words on the bin itself, where the player was looking when it was refused."""
        self.refusal = reason
        self._refusal_timer.start(max(1, duration_ms))
        self.update()

    def clear_refusal(self) -> None:
        self.refusal = ""
        self.update()

    # --- geometry ----------------------------------------------------------------------------------

    def place(self, rect: QRectF, unit: float) -> None:
        super().place(rect, unit)
        self._place_chips()

    @property
    def k(self) -> float:
        """The bin's own unit: the table's, shrunk for a small bin (never below 70 %)."""
        r = self.size
        return max(self.unit * 0.7, min(self.unit, r.width() / 8.5, r.height() / 8.5))

    @property
    def narrow(self) -> bool:
        """Too narrow for the name on one line beside the letter: the name wraps under a smaller letter."""
        k = self.k
        wide = QFontMetricsF(ui_font(k * 0.95, True)).horizontalAdvance(self.name)
        return wide > self.size.width() - k * 2.9

    @property
    def chip_lines(self) -> int:
        """Lines for each chip: as many as its longest text wraps to, up to three; a third only when the bin can
        spare it above its progress line and still keep a strip for its cards (none needed while it holds none)."""
        if not self.chips:
            return 1
        k = self.k
        font = ui_font(k * 0.78, True)
        width = self.size.width() - k * 0.6 - k * 0.78 * 0.8  # the chip's text rect (``ChipItem.text_rect``)
        wanted = max(chip_font_lines("".join(split_cost(CHIP_MARK + chip.text)), font, width) for chip in self.chips)
        strip = k * 2.5 if self.cards else k * 0.3
        room = self._progress_rect().top() - self._title_bottom() - k * 0.5 - strip
        per_chip = room / len(self.chips) - k * 0.2
        spare = int((per_chip - k * 0.55) // (k * 1.05))
        return max(min(wanted, 2), min(wanted, CHIP_MAX_LINES, spare))  # two lines at least, as ever

    def chip_rect(self, index: int, lines: int) -> QRectF:
        """Where chip ``index`` stands when every chip has ``lines`` lines (``chip_lines``, worked out once)."""
        k, r = self.k, self.size
        height = k * (0.55 + 1.05 * lines)  # its lines, and a little padding
        bottom = r.height() - k * 1.45 - (len(self.chips) - 1 - index) * (height + k * 0.2)
        return QRectF(k * 0.3, bottom - height, r.width() - k * 0.6, height)

    def _place_chips(self) -> None:
        lines = self.chip_lines
        for index, chip in enumerate(self.chips):
            chip.text_px, chip.lines = self.k * 0.78, lines
            chip.place(self.chip_rect(index, lines), self.unit)

    # --- painting ------------------------------------------------------------------------------------

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        k, r = self.k, self.size
        edge, width = (FED, 1.5) if self.fed else (PANEL_EDGE, 1.0)
        if self.selected:
            edge, width = SELECTED, max(2.0, k * 0.25)
        if self.glow is Glow.LEGAL:
            edge, width = LEGAL, max(2.0, k * 0.22)
        elif self.glow is Glow.TARGET:
            edge, width = TARGET, max(3.0, k * 0.32)
        if self.refusal:
            edge, width = REFUSED, max(2.0, k * 0.22)
        panel(painter, r.adjusted(1, 1, -1, -1), k * 0.5, edge, width)
        if self.fed and self.glow is Glow.NORMAL and not self.refusal and not self.selected:
            painter.setPen(QPen(FED, 1.2, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(r.adjusted(k * 0.25, k * 0.25, -k * 0.25, -k * 0.25), k * 0.4, k * 0.4)
        self._paint_title(painter)
        draw_text(painter, self._progress_rect(), self.progress, k * 0.82, MUTED)
        self._paint_cards(painter, self.cards_area())
        if self.glow is Glow.DIM:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 130))
            painter.drawRoundedRect(r, k * 0.5, k * 0.5)
        # The refusal goes over the dimming: it is what the player must read.
        if self.refusal:
            box = QRectF(k * 0.2, r.height() * 0.22, r.width() - k * 0.4, r.height() * 0.7)
            painter.setPen(QPen(REFUSED, 1.5))
            painter.setBrush(QColor(40, 8, 8, 240))
            painter.drawRoundedRect(box, k * 0.4, k * 0.4)
            draw_text(
                painter,
                box.adjusted(k * 0.25, k * 0.15, -k * 0.25, -k * 0.15),
                self.refusal,
                k * 0.8,
                INK,
                False,
                Qt.AlignmentFlag.AlignCenter,
                wrap=True,
            )

    def _progress_rect(self) -> QRectF:
        k, r = self.k, self.size
        return QRectF(k * 0.35, r.height() - k * 1.4, r.width() - k * 0.7, k * 1.2)

    def _title_bottom(self) -> float:
        """Where the title ends: under the letter badge, or under the name's two lines when the bin is narrow."""
        k = self.k
        if not self.narrow:
            return k * 0.35 + k * 1.7
        return k * 0.35 - k * 0.1 + k * 2.4

    def cards_area(self) -> QRectF:
        """The strip between the title and the chips (or the progress line) where the cards lie, in item terms."""
        k, r = self.k, self.size
        title_bottom = self._title_bottom()
        top = self.chip_rect(0, self.chips[0].lines).top() if self.chips else self._progress_rect().top()
        cards_bottom = top - k * 0.25  # chips keep the lines ``_place_chips`` gave them: no text layout per paint
        return QRectF(k * 0.35, title_bottom + k * 0.25, r.width() - k * 0.7, cards_bottom - title_bottom - k * 0.25)

    def card_slots(self) -> list[QRectF]:
        """Where each card on the bin is drawn (item terms), in the bin's order; later ones overlap earlier ones."""
        area = self.cards_area()
        if area.height() <= 4 or area.width() <= 4 or not self.cards:
            return []
        height = area.height()
        width = height * CARD_ASPECT
        if width > area.width():
            width, height = area.width(), area.width() / CARD_ASPECT
        count = len(self.cards)
        step = width * 0.55 if count < 2 else min(width * 0.55, (area.width() - width) / (count - 1))
        return [QRectF(area.x() + i * step, area.y(), width, height) for i in range(count)]

    def card_spot(self, card: CardId) -> QRectF | None:
        """Where ``card`` lies on this bin, in scene terms; None when it is not here."""
        slots = self.card_slots()
        if card not in self.cards or not slots:
            return None
        return self.mapRectToScene(slots[self.cards.index(card)])

    def face_up_card_at(self, scene_pos: QPointF) -> CardId | None:
        """The face-up card under the pointer (the topmost of an overlapping fan); a face-down one is nobody's."""
        local = self.mapFromScene(scene_pos)
        for card, slot in reversed(list(zip(self.cards, self.card_slots(), strict=False))):
            if slot.contains(local):
                return None if card in self.face_down or card in self.arriving else card
        return None

    def land(self, card: CardId) -> None:
        """A card that was flying here has arrived: draw it."""
        if card in self.arriving:
            self.arriving.discard(card)
            self.update()

    def _paint_title(self, painter: QPainter) -> float:
        """The letter badge and the name; returns where the title ends."""
        k, r = self.k, self.size
        narrow = self.narrow
        side = k * (1.35 if narrow else 1.7)
        badge = QRectF(k * 0.35, k * 0.35, side, side)
        if self.letter:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(LEGAL if self.glow in (Glow.LEGAL, Glow.TARGET) else QColor("#34564c"))
            painter.drawRoundedRect(badge, k * 0.3, k * 0.3)
            draw_text(painter, badge, self.letter, side * 0.65, QColor("#10201b"), True, Qt.AlignmentFlag.AlignCenter)
        left = badge.right() + k * 0.35 if self.letter else k * 0.35
        if not narrow:
            title = QRectF(left, badge.top(), r.width() - left - k * 0.35, badge.height())
            draw_text(painter, title, self.name, k * 0.95, INK, True)
            return badge.bottom()
        # Two lines beside and under the small letter, a little smaller, cut with … only past the second line.
        title = QRectF(left, badge.top() - k * 0.1, r.width() - left - k * 0.3, k * 2.4)
        draw_text(
            painter,
            title,
            self.name,
            k * 0.85,
            INK,
            True,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
            wrap=True,
        )
        return title.bottom()

    def _paint_cards(self, painter: QPainter, area: QRectF) -> None:
        k = self.k
        if area.height() <= 4 or area.width() <= 4:
            return
        if not self.cards:
            if self.rule_shown:
                static, px = self.rule_text(area)
                painter.setFont(ui_font(px))
                painter.setPen(QPen(MUTED))
                painter.drawStaticText(area.topLeft(), static)
            if self.fed:
                draw_text(painter, area, self.fed_line, k * 0.72, FED, False, Qt.AlignmentFlag.AlignCenter, wrap=True)
            return
        for card, slot in zip(self.cards, self.card_slots(), strict=False):
            if card not in self.arriving:
                draw_card(painter, slot, None if card in self.face_down else card)

    def rule_fit(self, area: QRectF) -> tuple[str, float]:
        """The rule as the empty bin shows it: whole where it fits at a readable size, else its first sentences
        (never cut mid-sentence; the tooltip has it all). Worked out once per bin size, not per paint."""
        key = (round(area.width(), 1), round(area.height(), 1))
        if self._rule_fit is None or self._rule_fit[0] != key:
            text, px = fit_rule(ABILITIES[self.ability_id].summary, area, self.k * 0.8)
            self._rule_fit = (key, text, px)
            self._rule_static = QStaticText(text)
            self._rule_static.setTextWidth(area.width())
            self._rule_static.prepare(font=ui_font(px))
        return self._rule_fit[1], self._rule_fit[2]

    def rule_text(self, area: QRectF) -> tuple[QStaticText, float]:
        _, px = self.rule_fit(area)
        return self._rule_static, px


RULE_MIN_PX = 9.0  # the smallest rule text the table draws: below it a sentence is left out, not shrunk


def sentences(text: str) -> list[str]:
    """``text`` cut after each full stop or colon that ends a clause: the places a rule may be shortened."""
    parts: list[str] = []
    start = 0
    for index, char in enumerate(text):
        if char in ".:" and (index + 1 == len(text) or text[index + 1] == " "):
            parts.append(text[start : index + 1].strip())
            start = index + 1
    rest = text[start:].strip()
    return [*parts, rest] if rest else parts


def fits(text: str, area: QRectF, px: float) -> bool:
    metrics = QFontMetricsF(ui_font(px))
    return metrics.boundingRect(area, int(Qt.TextFlag.TextWordWrap), text).height() <= area.height() + 1


def fit_rule(rule: str, area: QRectF, px: float) -> tuple[str, float]:
    """The longest run of whole sentences of ``rule`` that fits ``area``, at ``px`` or smaller down to the
    readable minimum; an empty string when not even the first fits."""
    parts = sentences(rule)
    sizes = [size for size in (px, px * 0.9, px * 0.8) if size >= RULE_MIN_PX] or [RULE_MIN_PX]
    for count in range(len(parts), 0, -1):
        shown = " ".join(parts[:count]).rstrip(":") + ("" if count == len(parts) else " (more on hover)")
        for size in sizes:
            if fits(shown, area, size):
                return shown, size
    return "", sizes[-1]


class GroupHeaderItem(BoxItem):
    """The name of a group of bins ("Base", "Arcana", "Spells", "Eddy sheet") over its columns."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u, r = self.unit, self.size
        width = r.width()
        text = QRectF(u * 0.2, 0, width - u * 0.2, r.height() - u * 0.3)
        draw_text(painter, text, self.name.upper(), u * 0.78, MUTED, True)
        painter.setPen(QPen(PANEL_EDGE, 1))
        advance = QFontMetricsF(ui_font(u * 0.78, True)).horizontalAdvance(self.name.upper())
        y = text.center().y()
        if advance + u * 0.8 < width:
            painter.drawLine(int(u * 0.2 + advance + u * 0.5), int(y), int(width - u * 0.2), int(y))
