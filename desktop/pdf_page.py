"""A printable page for any game's sheets: its size and margins, the ink, and text laid out down it (PDF)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

DPI = 300
INK = QColor("#1d1d1f")
SOFT = QColor("#6b6b70")
ACCENT = QColor("#7a2b8c")
FAMILY = "DejaVu Sans"


class Page:
    """A cursor down an A4 page, measuring in millimetres."""

    def __init__(self, painter: QPainter, width_mm: float, height_mm: float) -> None:
        self.p = painter
        self.w = width_mm
        self.h = height_mm
        self.y = 0.0

    @staticmethod
    def px(mm: float) -> float:
        return mm * DPI / 25.4

    def font(self, size: float, bold: bool = False, italic: bool = False) -> None:
        f = QFont(FAMILY)
        f.setPointSizeF(size)
        f.setBold(bold)
        f.setItalic(italic)
        self.p.setFont(f)

    def text(
        self,
        x: float,
        width: float,
        text: str,
        size: float = 10,
        bold: bool = False,
        italic: bool = False,
        color: QColor = INK,
        advance: bool = True,
    ) -> float:
        """Write wrapped text at the cursor; returns its height in mm."""
        self.font(size, bold, italic)
        self.p.setPen(color)
        box = QRectF(self.px(x), self.px(self.y), self.px(width), self.px(self.h))
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap)
        used = self.p.boundingRect(box, flags, text)
        self.p.drawText(box, flags, text)
        height = used.height() * 25.4 / DPI
        if advance:
            self.y += height
        return height

    def rule(self, x: float, width: float, color: QColor = SOFT) -> None:
        self.p.setPen(QPen(color, self.px(0.3)))
        self.p.drawLine(int(self.px(x)), int(self.px(self.y)), int(self.px(x + width)), int(self.px(self.y)))

    def circle(self, x: float, y: float, diameter: float, filled: bool) -> None:
        self.p.setPen(QPen(INK, self.px(0.35)))
        self.p.setBrush(INK if filled else Qt.BrushStyle.NoBrush)
        self.p.drawEllipse(QRectF(self.px(x), self.px(y), self.px(diameter), self.px(diameter)))
        self.p.setBrush(Qt.BrushStyle.NoBrush)

    def square(self, x: float, y: float, side: float, mark: str = "") -> None:
        self.p.setPen(QPen(INK, self.px(0.35)))
        rect = QRectF(self.px(x), self.px(y), self.px(side), self.px(side))
        self.p.drawRect(rect)
        if mark:
            self.font(side * 1.6, bold=True)
            self.p.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), mark)

    def heading(self, x: float, width: float, text: str) -> None:
        self.y += 3
        self.text(x, width, text.upper(), 10.5, bold=True, color=ACCENT)
        self.rule(x, width, ACCENT)
        self.y += 1.5
