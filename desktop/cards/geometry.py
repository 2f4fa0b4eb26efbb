"""Small path builders shared by the suit glyphs and the Major emblems.

Everything is built in a unit box from -1 to 1 (y grows downwards, as on screen) and scaled by the
painter, so one path serves every card size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF, QTransform

Point = tuple[float, float]


def polygon(points: Iterable[Point]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    path.closeSubpath()
    return path


def polyline(points: Iterable[Point]) -> QPainterPath:
    """An open line through the points, for stroking."""
    pts = list(points)
    path = QPainterPath(QPointF(*pts[0]))
    for x, y in pts[1:]:
        path.lineTo(x, y)
    return path


def circle(cx: float, cy: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(cx, cy), r, r)
    return path


def ellipse(cx: float, cy: float, rx: float, ry: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(cx, cy), rx, ry)
    return path


def rect(x: float, y: float, w: float, h: float, radius: float = 0.0) -> QPainterPath:
    path = QPainterPath()
    if radius:
        path.addRoundedRect(QRectF(x, y, w, h), radius, radius)
    else:
        path.addRect(QRectF(x, y, w, h))
    return path


def star(cx: float, cy: float, points: int, outer: float, inner: float, turn: float = -90.0) -> QPainterPath:
    """A star with ``points`` tips, the first tip pointing ``turn`` degrees (default: up)."""
    corners: list[Point] = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + i * 180.0 / points)
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return polygon(corners)


def line(x1: float, y1: float, x2: float, y2: float) -> QPainterPath:
    return polyline([(x1, y1), (x2, y2)])


# Qt flattens curves for boolean operations with an absolute tolerance, which turns circles in a
# -1..1 box into visible polygons; doing the boolean work at 1000× and scaling back keeps them round.
_BOOLEAN_SCALE = 1000.0


def _up(path: QPainterPath) -> QPainterPath:
    return QTransform.fromScale(_BOOLEAN_SCALE, _BOOLEAN_SCALE).map(path)


def _down(path: QPainterPath) -> QPainterPath:
    return QTransform.fromScale(1 / _BOOLEAN_SCALE, 1 / _BOOLEAN_SCALE).map(path)


def union(*paths: QPainterPath) -> QPainterPath:
    """One outline for overlapping parts, so a fill never leaves even-odd holes where parts overlap."""
    result = QPainterPath()
    result.setFillRule(Qt.FillRule.WindingFill)
    for path in paths:
        result = result.united(_up(path))
    return _down(result)


def subtract(path: QPainterPath, cut: QPainterPath) -> QPainterPath:
    """``path`` with ``cut`` punched out of it (eyes from a skull, a visor from a helmet)."""
    return _down(_up(path).subtracted(_up(cut)))


def combine(*paths: QPainterPath) -> QPainterPath:
    """Several separate strokes in one path (no boolean work; for lines only)."""
    result = QPainterPath()
    for path in paths:
        result.addPath(path)
    return result


def transformed(
    path: QPainterPath,
    *,
    rotate: float = 0.0,
    dx: float = 0.0,
    dy: float = 0.0,
    sx: float = 1.0,
    sy: float = 1.0,
) -> QPainterPath:
    """Scale, then rotate (degrees, clockwise on screen), then move."""
    transform = QTransform()
    transform.translate(dx, dy)
    transform.rotate(rotate)
    transform.scale(sx, sy)
    return transform.map(path)


def fit_transform(box: QRectF) -> QTransform:
    """Map the unit box (-1..1 square) onto the largest centred square inside ``box``."""
    half = min(box.width(), box.height()) / 2.0
    transform = QTransform()
    transform.translate(box.center().x(), box.center().y())
    transform.scale(half, half)
    return transform


def fit_path_transform(path: QPainterPath, box: QRectF) -> QTransform:
    """Map ``path``'s own bounds onto the largest centred area of ``box`` with the same aspect.

    Glyphs are fitted by their ink, not by the unit box, so a lean Wand and a round Pentacle look
    equally big as pips.
    """
    bounds = path.boundingRect()
    scale = min(box.width() / max(bounds.width(), 1e-6), box.height() / max(bounds.height(), 1e-6))
    transform = QTransform()
    transform.translate(box.center().x(), box.center().y())
    transform.scale(scale, scale)
    transform.translate(-bounds.center().x(), -bounds.center().y())
    return transform
