"""The decision prompt, and the menus of things to do at will (activations, abilities to add), over the bins.

Never a modal dialog. Options sit in a grid sized from the labels: as many columns as the widest label
allows and as many rows as fit; a list longer than that (The Fool's 28 faces, every zone for Run Away)
goes on pages that Tab, the arrows and Page Up / Page Down move through. Number keys pick the first nine.
Labels that all start with the same words show them once above the grid ("The Fool counts as …").

A private decision seen by the wrong people shows no options at all: only who must look, until revealed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.controls import ButtonItem, CurtainItem
from rt0table.desktop.table.paint import FELT, INK, LEGAL, MUTED, REFUSED, TARGET, draw_text, ui_font
from rt0table.rules.rt0.fight.state import PendingDecision

MIN_SHARED_WORDS = 2  # a shared lead-in shorter than this stays on every label
MIN_OPTIONS_TO_SHARE = 5


@dataclass(frozen=True)
class Entry:
    """One choice in the panel: what the button says, and an optional line under it (a summary)."""

    label: str
    detail: str = ""


def shared_lead(labels: list[str]) -> str:
    """The words every label starts with, when there are enough labels and words to be worth saying once."""
    if len(labels) < MIN_OPTIONS_TO_SHARE:
        return ""
    split = [label.split() for label in labels]
    shared: list[str] = []
    for words in zip(*split, strict=False):
        if any(w != words[0] for w in words):
            break
        shared.append(words[0])
    if any(len(words) <= len(shared) for words in split):  # a label would be left empty
        shared = shared[: min(len(w) for w in split) - 1]
    return " ".join(shared) if len(shared) >= MIN_SHARED_WORDS else ""


class OptionButtonItem(ButtonItem):
    """An option: its number key, its label (two lines when narrow), and its detail under it."""

    def __init__(self, key: str, label: str, detail: str = "") -> None:
        super().__init__(label, LEGAL)
        self.key, self.detail = key, detail
        self.setToolTip(f"{label}: {detail}" if detail else label)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        u, r = self.unit, self.size
        edge = TARGET if self.focused else self.accent
        painter.setPen(QPen(edge, max(1.5, u * (0.3 if self.focused else 0.12))))
        painter.setBrush(QColor("#35594e") if self.focused else QColor("#2b4a41"))
        painter.drawRoundedRect(r.adjusted(1, 1, -1, -1), u * 0.4, u * 0.4)
        left = u * 0.45
        if self.key:
            badge = QRectF(left, (min(r.height(), u * 2.2) - u * 1.3) / 2, u * 1.3, u * 1.3)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 110))
            painter.drawRoundedRect(badge, u * 0.25, u * 0.25)
            draw_text(painter, badge, self.key, u * 0.85, LEGAL, True, Qt.AlignmentFlag.AlignCenter)
            left = badge.right() + u * 0.4
        text = QRectF(left, 0, r.width() - left - u * 0.4, r.height())
        if not self.detail:
            draw_text(
                painter,
                text,
                self.label,
                u * 0.9,
                INK,
                True,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                wrap=True,
            )
            return
        draw_text(painter, QRectF(text.x(), u * 0.3, text.width(), u * 1.4), self.label, u * 0.95, INK, True)
        draw_text(
            painter,
            QRectF(text.x(), u * 1.7, text.width(), r.height() - u * 1.9),
            self.detail,
            u * 0.78,
            MUTED,
            False,
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
            wrap=True,
        )


class PromptPanelItem(BoxItem):
    """The pending decision (or a menu) as a grid of option buttons, laid over the bins."""

    chosen = Signal(int)
    cancelled = Signal()  # the menu's Close button

    def __init__(self) -> None:
        super().__init__()
        self.prompt = ""
        self.who = ""
        self.note = ""  # a warning line: "GM's choice", "players, look away"
        self.lead = ""  # words every option starts with, said once
        self.hidden = False  # a private decision, its options kept from the table
        self.menu = False  # a menu of things to do at will, not a decision: Esc closes it
        self.buttons: list[OptionButtonItem] = []
        self.focus = 0
        self.columns = 1
        self.per_page = 1
        self.page = 0
        # The keys named to the player: moving between options, and turning the page (a lesson keeps some).
        self.focus_keys = "Tab or the arrows"
        self.page_keys = "Tab, arrows or Page Down"
        self.close_button = ButtonItem("Close (Esc)")
        self.close_button.setParentItem(self)
        self.close_button.clicked.connect(self.cancelled.emit)
        self.setZValue(20)
        self.setVisible(False)

    # --- what it shows -----------------------------------------------------------------------------

    def ask(self, decision: PendingDecision | None, who: str, hidden: bool = False, note: str = "") -> None:
        """Show the decision; ``hidden`` shows only who decides (a private decision before the reveal)."""
        if decision is None:
            self._clear()
            self.setVisible(False)
            return
        entries = [] if hidden else [Entry(option.label) for option in decision.options]
        self._fill(decision.prompt, who, entries, note, menu=False)
        self.hidden = hidden

    def open_menu(self, title: str, entries: list[Entry], note: str = "") -> None:
        self._fill(title, "", entries, note, menu=True)

    @property
    def labels(self) -> list[str]:
        """The options' full labels, lead-in included, as the engine wrote them."""
        return [f"{self.lead} {b.label}".strip() for b in self.buttons]

    def shown_buttons(self) -> list[OptionButtonItem]:
        return [b for b in self.buttons if b.isVisible()]

    def _clear(self) -> None:
        for button in self.buttons:
            button.setParentItem(None)  # type: ignore[arg-type]  # Qt takes no parent; PySide's stub leaves None out
            if button.scene() is not None:
                button.scene().removeItem(button)
        self.buttons = []
        self.hidden = self.menu = False
        self.lead = self.note = ""

    def _fill(self, prompt: str, who: str, entries: list[Entry], note: str, menu: bool) -> None:
        self._clear()
        self.prompt, self.who, self.note, self.menu = prompt, who, note, menu
        self.lead = shared_lead([e.label for e in entries])
        cut = len(self.lead.split())
        for index, entry in enumerate(entries):
            label = " ".join(entry.label.split()[cut:]) if cut else entry.label
            button = OptionButtonItem(str(index + 1) if index < 9 else "", label, entry.detail)
            button.setParentItem(self)
            button.clicked.connect(lambda index=index: self.chosen.emit(index))
            self.buttons.append(button)
        self.close_button.setVisible(menu)
        self.focus, self.page = 0, 0
        self.setVisible(True)
        self._arrange()
        self.update()

    # --- focus and pages ---------------------------------------------------------------------------

    def move_focus(self, step: int) -> int:
        if self.buttons:
            self.focus = (self.focus + step) % len(self.buttons)
            self._show_page()
        return self.focus

    def move_focus_grid(self, dx: int, dy: int) -> int:
        """Arrow keys: left and right by one, up and down by a row, staying on the list."""
        if self.buttons:
            target = self.focus + dx + dy * self.columns
            self.focus = min(len(self.buttons) - 1, max(0, target))
            self._show_page()
        return self.focus

    def turn_page(self, step: int) -> int:
        if self.buttons:
            pages = self.pages
            self.focus = min(len(self.buttons) - 1, ((self.focus // self.per_page + step) % pages) * self.per_page)
            self._show_page()
        return self.focus

    def page_strip(self) -> QRectF:
        """Where the page indicator is written (local coordinates): the line that says how to see more."""
        u, r = self.unit, self.size
        return QRectF(u * 0.6, r.height() - u * 1.55, r.width() - u * 1.2, u * 1.2)

    @property
    def pages(self) -> int:
        return max(1, math.ceil(len(self.buttons) / self.per_page))

    # --- layout --------------------------------------------------------------------------------------

    def place(self, rect: QRectF, unit: float) -> None:
        super().place(rect, unit)
        self._arrange()

    @property
    def header_height(self) -> float:
        """The heading, the prompt, and a line each for the note and the shared lead-in when there are some."""
        lines = bool(self.note) + bool(self.lead and not self.hidden)
        return self.unit * (3.0 + 1.2 * lines)

    def grid_area(self) -> QRectF:
        u, r = self.unit, self.size
        top = self.header_height
        return QRectF(u * 0.5, top, r.width() - u, r.height() - top - u * 0.4)

    def _arrange(self) -> None:
        u, r = self.unit, self.size
        close_w = QFontMetricsF(ui_font(u, True)).horizontalAdvance(self.close_button.label) + u * 1.6
        self.close_button.place(QRectF(r.width() - close_w - u * 0.5, u * 0.35, close_w, u * 1.9), u)
        if not self.buttons:
            return
        area = self.grid_area()
        gap = u * 0.35
        detailed = any(b.detail for b in self.buttons)
        metrics = QFontMetricsF(ui_font(u * 0.9, True))
        widest = max(metrics.horizontalAdvance(b.label) for b in self.buttons) + u * 3.2
        least = u * 16 if detailed else u * 7
        col_w = min(area.width(), max(widest, least))
        columns = max(1, min(len(self.buttons), int((area.width() + gap) // (col_w + gap))))
        lines = 1 if widest <= (area.width() - gap * (columns - 1)) / columns else 2
        least_h = u * (4.6 if detailed else 1.9 if lines == 1 else 2.9)
        rows_fit = max(1, int((area.height() + gap) // (least_h + gap)))
        rows = min(rows_fit, math.ceil(len(self.buttons) / columns))
        self.columns, self.per_page = columns, columns * rows
        if len(self.buttons) > self.per_page:  # a page indicator takes the last row's right end
            area.setBottom(area.bottom() - u * 1.3)
            rows_fit = max(1, int((area.height() + gap) // (least_h + gap)))
            rows = min(rows_fit, rows)
            self.per_page = columns * rows
        width = (area.width() - gap * (columns - 1)) / columns
        # Summaries may take the room a short list leaves; plain labels stay button-sized.
        height = min(u * (9.0 if detailed else 2.6 if lines == 1 else 3.2), (area.height() - gap * (rows - 1)) / rows)
        for index, button in enumerate(self.buttons):
            row, col = divmod(index % self.per_page, columns)
            button.place(QRectF(area.x() + col * (width + gap), area.y() + row * (height + gap), width, height), u)
        self._show_page()

    def _show_page(self) -> None:
        self.page = self.focus // max(1, self.per_page)
        for index, button in enumerate(self.buttons):
            button.setVisible(index // self.per_page == self.page)
            button.focused = index == self.focus
            button.update()
        self.update()

    # --- painting ------------------------------------------------------------------------------------

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u, r = self.unit, self.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Opaque: the bins under it would otherwise show through the prompt's text.
        painter.setPen(QPen(MUTED if self.menu else LEGAL, 2))
        painter.setBrush(FELT.darker(115))
        painter.drawRoundedRect(r.adjusted(1, 1, -1, -1), u * 0.5, u * 0.5)
        right = (self.close_button.pos().x() - u * 0.3) if self.menu else r.width() - u * 0.6
        heading = "Choose one" if self.menu else f"{self.who} decides"
        draw_text(painter, QRectF(u * 0.6, u * 0.25, right - u * 0.6, u * 1.2), heading, u * 0.85, MUTED, True)
        draw_text(painter, QRectF(u * 0.6, u * 1.35, right - u * 0.6, u * 1.6), self.prompt, u * 1.1, INK, True)
        y = u * 2.9
        if self.note:
            draw_text(
                painter, QRectF(u * 0.6, y - u * 0.1, r.width() - u * 1.2, u * 1.2), self.note, u * 0.85, REFUSED, True
            )
            y += u * 1.2
        if self.lead and not self.hidden:
            draw_text(
                painter,
                QRectF(u * 0.6, y - u * 0.1, r.width() - u * 1.2, u * 1.2),
                f"{self.lead} …",
                u * 0.85,
                MUTED,
                False,
            )
        if self.hidden:
            draw_text(
                painter,
                self.grid_area(),
                f"Options hidden: only {self.who} may see them. Pass the screen, "
                f"then reveal (the curtain's Reveal button, or {CurtainItem.KEY_NAME}).",
                u * 1.0,
                LEGAL,
                True,
                Qt.AlignmentFlag.AlignCenter,
                wrap=True,
            )
        if self.pages > 1:
            text = f"Page {self.page + 1} of {self.pages} — {self.page_keys} for more; 1–9 pick the first nine"
            draw_text(
                painter,
                self.page_strip(),
                text,
                u * 0.8,
                MUTED,
                False,
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            )
