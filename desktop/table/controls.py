"""Buttons inside the scene, the decision prompt panel, the status line and the hot-seat curtain."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.paint import FELT, INK, LEGAL, MUTED, PANEL_EDGE, REFUSED, TARGET, draw_text
from rt0table.rules.rt0.state import PendingDecision


class ButtonItem(BoxItem):
    def __init__(self, label: str, accent: QColor = PANEL_EDGE) -> None:
        super().__init__(clickable=True)
        self.label = label
        self.accent = accent
        self.focused = False
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAcceptHoverEvents(True)

    def set_label(self, label: str) -> None:
        self.label = label
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        u, r = self.unit, self.size
        enabled = self.isEnabled()
        edge = TARGET if self.focused else self.accent if enabled else MUTED
        painter.setPen(QPen(edge, max(1.5, u * (0.3 if self.focused else 0.15))))
        painter.setBrush(QColor("#2b4a41") if enabled else QColor("#26302d"))
        painter.drawRoundedRect(r.adjusted(1, 1, -1, -1), u * 0.5, u * 0.5)
        draw_text(painter, r.adjusted(u * 0.4, 0, -u * 0.4, 0), self.label, u * 1.0, INK if enabled else MUTED, True,
                  Qt.AlignmentFlag.AlignCenter)


class StatusLineItem(BoxItem):
    """One line above the bins: what the picked card would do, whose turn it is, or the last refusal."""

    def __init__(self) -> None:
        super().__init__()
        self.text = ""
        self.alarm = False

    def say(self, text: str, alarm: bool = False) -> None:
        self.text, self.alarm = text, alarm
        self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        draw_text(painter, self.size, self.text, self.unit * 1.05, REFUSED if self.alarm else LEGAL, True)


class PromptPanelItem(BoxItem):
    """The pending decision as a row of option buttons, laid over the bins; never a modal dialog."""

    chosen = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self.prompt = ""
        self.who = ""
        self.buttons: list[ButtonItem] = []
        self.focus = 0
        self.setZValue(20)
        self.setVisible(False)

    def ask(self, decision: PendingDecision | None, who: str) -> None:
        for button in self.buttons:
            button.setParentItem(None)
            if button.scene() is not None:
                button.scene().removeItem(button)
        self.buttons = []
        if decision is None:
            self.setVisible(False)
            return
        self.prompt, self.who = decision.prompt, who
        for index, option in enumerate(decision.options):
            button = ButtonItem(f"{index + 1}. {option.label}" if index < 9 else option.label, LEGAL)
            button.setParentItem(self)
            button.clicked.connect(lambda index=index: self.chosen.emit(index))
            self.buttons.append(button)
        self.focus = 0
        self.setVisible(True)
        self._arrange()

    def move_focus(self, step: int) -> int:
        if self.buttons:
            self.focus = (self.focus + step) % len(self.buttons)
            self._mark()
        return self.focus

    def place(self, rect: QRectF, unit: float) -> None:
        super().place(rect, unit)
        self._arrange()

    def _arrange(self) -> None:
        u, r = self.unit, self.size
        if not self.buttons:
            return
        columns = 3 if len(self.buttons) > 4 else len(self.buttons)
        rows = (len(self.buttons) + columns - 1) // columns
        top = u * 3.2
        gap = u * 0.5
        height = min(u * 2.6, (r.height() - top - u * 0.5 - gap * (rows - 1)) / rows)
        width = (r.width() - u - gap * (columns - 1)) / columns
        for index, button in enumerate(self.buttons):
            row, col = divmod(index, columns)
            button.place(QRectF(u * 0.5 + col * (width + gap), top + row * (height + gap), width, height), u)
        self._mark()

    def _mark(self) -> None:
        for index, button in enumerate(self.buttons):
            button.focused = index == self.focus
            button.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u, r = self.unit, self.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Opaque: the bins under it would otherwise show through the prompt's text.
        painter.setPen(QPen(LEGAL, 2))
        painter.setBrush(FELT.darker(115))
        painter.drawRoundedRect(r.adjusted(1, 1, -1, -1), u * 0.5, u * 0.5)
        draw_text(painter, QRectF(u * 0.6, u * 0.3, r.width() - u * 1.2, u * 1.5), f"{self.who} decides", u * 0.9,
                  MUTED, True)
        draw_text(painter, QRectF(u * 0.6, u * 1.5, r.width() - u * 1.2, u * 1.6), self.prompt, u * 1.15, INK, True)


class CurtainItem(BoxItem):
    """Covers the hand between two people's turns so the next player's cards stay theirs."""

    def __init__(self) -> None:
        super().__init__(clickable=True)
        self.name = ""
        self.setZValue(40)
        self.setVisible(False)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def close_for(self, name: str) -> None:
        self.name = name
        self.setVisible(True)
        self.update()

    @property
    def text(self) -> str:
        return f"Pass to {self.name} — press to reveal"

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u, r = self.unit, self.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(LEGAL, 2))
        painter.setBrush(QColor("#2a1e3a"))
        painter.drawRoundedRect(r.adjusted(1, 1, -1, -1), u * 0.6, u * 0.6)
        draw_text(painter, r.adjusted(u, 0, -u, -u * 1.5), self.text, u * 1.6, INK, True,
                  Qt.AlignmentFlag.AlignCenter)
        draw_text(painter, r.adjusted(u, u * 2.5, -u, 0), "click, or press Enter or Space", u * 0.95, MUTED, False,
                  Qt.AlignmentFlag.AlignCenter)
