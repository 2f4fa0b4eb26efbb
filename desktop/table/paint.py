"""Small painting helpers shared by the table's items: fonts, colours, text that fits its box."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen

FELT = QColor("#1d3b33")
PANEL = QColor(18, 28, 26, 215)
PANEL_EDGE = QColor("#4f7a6c")
INK = QColor("#eef3ee")
MUTED = QColor("#a9bdb5")
LEGAL = QColor("#f5c542")
TARGET = QColor("#7cf08a")
REFUSED = QColor("#ff6b6b")
PLAYER = QColor("#5aa9e6")
FOE = QColor("#e05d5d")
HP = QColor("#e86a6a")
SHIELD = QColor("#6ec3f0")


MIN_TEXT_PX = 9  # the smallest text the table draws: below it, a line is left out or cut, never shrunk


def ui_font(pixel_size: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(MIN_TEXT_PX, round(pixel_size)))
    font.setBold(bold)
    return font


def draw_text(
    painter: QPainter,
    rect: QRectF,
    text: str,
    pixel_size: float,
    color: QColor = INK,
    bold: bool = False,
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    wrap: bool = False,
) -> None:
    """Draw text inside rect; a line that does not fit is elided with … rather than clipped mid-glyph."""
    font = ui_font(pixel_size, bold)
    painter.setFont(font)
    painter.setPen(QPen(color))
    if wrap:
        painter.drawText(rect, int(align | Qt.TextFlag.TextWordWrap), _fit_lines(font, rect, text))
        return
    shown = QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
    painter.drawText(rect, int(align), shown)


def _fit_lines(font: QFont, rect: QRectF, text: str) -> str:
    """Wrapped text cut to the lines that fit the box, the last one ending in … when cut."""
    metrics = QFontMetricsF(font)
    flags = int(Qt.TextFlag.TextWordWrap)
    if metrics.boundingRect(rect, flags, text).height() <= rect.height() + 1:
        return text
    words = text.split()
    while words and metrics.boundingRect(rect, flags, " ".join(words) + "…").height() > rect.height() + 1:
        words.pop()
    return " ".join(words) + "…"


def panel(painter: QPainter, rect: QRectF, radius: float, edge: QColor = PANEL_EDGE, width: float = 1.0) -> None:
    painter.setPen(QPen(edge, width))
    painter.setBrush(PANEL)
    painter.drawRoundedRect(rect, radius, radius)
