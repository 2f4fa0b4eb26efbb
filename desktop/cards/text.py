"""Card text placed by the ink, not by the font box, so big corner ranks sit exactly on the margins."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen

from rt0table.desktop.cards.fonts import card_font

# Jura's digits and capitals are about 0.7 of the font's pixel size; sizes are asked for by cap height
# because that is what the eye reads as "how big is the number".
CAP_RATIO = 0.7


def draw_tight(
    painter: QPainter,
    text: str,
    cap_height: float,
    colour: QColor,
    anchor: QPointF,
    max_width: float | None = None,
    align_right: bool = False,
    heavy: bool = False,
) -> QRectF:
    """Draw ``text`` with its inked top-left (or top-right) at ``anchor``; return the inked rectangle.

    The text shrinks to ``max_width`` if given. The returned rectangle lets callers stack marks under it.
    ``heavy`` outlines the letters in their own colour: Jura Bold is light for a rank read at 60 px.
    """
    font = card_font(cap_height / CAP_RATIO)
    metrics = QFontMetricsF(font)
    ink = metrics.tightBoundingRect(text)
    if max_width and ink.width() > max_width:
        font = card_font(cap_height / CAP_RATIO * max_width / ink.width())
        metrics = QFontMetricsF(font)
        ink = metrics.tightBoundingRect(text)
    x = anchor.x() - ink.right() if align_right else anchor.x() - ink.left()
    baseline = anchor.y() - ink.top()
    if heavy:
        path = QPainterPath()
        path.addText(QPointF(x, baseline), font, text)
        painter.save()
        painter.setPen(
            QPen(
                colour,
                cap_height * 0.06,
                Qt.PenStyle.SolidLine,
                Qt.PenCapStyle.RoundCap,
                Qt.PenJoinStyle.RoundJoin,
            )
        )
        painter.setBrush(colour)
        painter.drawPath(path)
        painter.restore()
    else:
        painter.setFont(font)
        painter.setPen(colour)
        painter.drawText(QPointF(x, baseline), text)
    return QRectF(x + ink.left(), anchor.y(), ink.width(), ink.height())


def draw_fitted(
    painter: QPainter, text: str, box: QRectF, pixel_size: float, colour: QColor, min_px: float = 6.0
) -> bool:
    """Draw ``text`` centred in ``box``, shrinking it to fit; skip it (return False) below ``min_px``."""
    size = min(pixel_size, box.height() * 0.9)
    font = card_font(size)
    width = QFontMetricsF(font).horizontalAdvance(text)
    if width > box.width():
        size *= box.width() / width
        font = card_font(size)
    if size < min_px:
        return False
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    return True
