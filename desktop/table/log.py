"""The combat log: every narrated event, newest at the bottom, as many lines as fit."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.box import BoxItem
from rt0table.desktop.table.paint import INK, LEGAL, MUTED, draw_text, panel, ui_font

UNDONE = "(Undone.)"  # the line an undo adds; a resumed game's log is told again with it (flow/resume.py)


class CombatLogItem(BoxItem):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.text_scale = 1.0  # presenter mode reads the log from across a room
        self.cache_between_changes()

    def add(self, lines: list[str]) -> None:
        # The engine announces a decision raised inside another's answer twice; show it once.
        fresh = [line for i, line in enumerate(lines) if line != (lines[i - 1] if i else self.last)]
        if fresh:
            self.lines.extend(fresh)
            self.update()

    def restore(self, lines: list[str]) -> None:
        """The whole log told again (a game loaded from its save), in place of what is there."""
        self.lines = []
        self.add(lines)
        self.update()

    @property
    def last(self) -> str:
        return self.lines[-1] if self.lines else ""

    def line_spots(self) -> list[tuple[int, QRectF]]:
        """The lines that fit, newest last, each with where it is drawn (item terms): the newest always in view."""
        u, r = self.unit, self.size
        metrics = QFontMetricsF(ui_font(u * 0.82 * self.text_scale))
        width = r.width() - u
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
        bottom = r.height() - u * 0.4
        top = u * 1.8
        spots: list[tuple[int, QRectF]] = []
        for index in range(len(self.lines) - 1, -1, -1):  # newest first, from the bottom up
            height = metrics.boundingRect(QRectF(0, 0, width, 10_000), flags, self.lines[index]).height()
            if bottom - height < top:
                break
            bottom -= height + u * 0.15
            spots.append((index, QRectF(u * 0.5, bottom, width, height + 2)))
        return spots[::-1]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        u, r = self.unit, self.size
        panel(painter, r, u * 0.4)
        draw_text(painter, QRectF(u * 0.5, u * 0.2, r.width() - u, u * 1.5), "Log", u * 0.95, MUTED, True)
        text_px = u * 0.82 * self.text_scale
        for index, spot in self.line_spots():
            line = self.lines[index]
            color = LEGAL if line.startswith("—") else INK if index >= len(self.lines) - 6 else MUTED
            draw_text(
                painter,
                spot,
                line,
                text_px,
                color,
                False,
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                wrap=True,
            )
