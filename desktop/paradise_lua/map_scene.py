"""The map itself: the book's location graph laid out in layers, its places in the book's shapes, the party's figure.

The figure is dragged with the mouse (the scene reports where it was dropped); the view turns the arrow keys into
"next exit" and Enter into "go there".
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QPainter, QPainterPath, QPen, QPolygonF, QResizeEvent
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from rt0table.rules.paradise_lua.lua_campaign import Move
from rt0table.rules.paradise_lua.world_content import LocationGraph, MapNode
from rt0table.rules.paradise_lua.world_map import Spot, exits

from .lua_table import LuaTable
from .map_layout import layered_layout

PLACE_W, PLACE_H = 150.0, 46.0
TOKEN_R = 13.0
INK = QColor("#2b2b33")
PAPER = QColor("#f4efe4")
VISITED = QColor("#e2d8bf")
HERE = QColor("#f2c14e")
EXIT = QColor("#7fb7a4")
SHUT = QColor("#c98f8f")
LINE = QColor("#8a8577")
TOKEN = QColor("#c0392b")


def _shape_path(shape: str, rect: QRectF) -> QPainterPath:
    """The book's mermaid node shapes, drawn in ``rect``."""
    path = QPainterPath()
    if shape == "circle":
        path.addEllipse(rect)
    elif shape == "diamond":
        c = rect.center()
        poly = [QPointF(c.x(), rect.top() - 8), QPointF(rect.right() + 10, c.y()), QPointF(c.x(), rect.bottom() + 8)]
        poly.append(QPointF(rect.left() - 10, c.y()))
        path.addPolygon(QPolygonF([*poly, poly[0]]))
    elif shape == "flag":
        poly = [rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()]
        poly.append(QPointF(rect.left() + 14, rect.center().y()))
        path.addPolygon(QPolygonF([*poly, poly[0]]))
    elif shape == "cylinder":
        path.addRoundedRect(rect, 22, 12)
    elif shape == "rounded":
        path.addRoundedRect(rect, 16, 16)
    else:
        path.addRect(rect)
    return path


class PlaceItem(QGraphicsItem):
    """One place on the map, in the book's shape, with its name; tinted for here, visited, exit or shut."""

    def __init__(self, graph: LocationGraph, node: MapNode, nested: bool) -> None:
        super().__init__()
        self.spot = Spot(graph.id, node.key)
        self.node = node
        self.nested = nested  # the place has a map of its own
        self.fill = PAPER
        self.ring: QColor | None = None
        self.setToolTip(node.label + ("\n(has a map of its own: enter it from its exits)" if nested else ""))

    def boundingRect(self) -> QRectF:
        return QRectF(-PLACE_W / 2 - 14, -PLACE_H / 2 - 12, PLACE_W + 28, PLACE_H + 24)

    def body(self) -> QRectF:
        return QRectF(-PLACE_W / 2, -PLACE_H / 2, PLACE_W, PLACE_H)

    def shape(self) -> QPainterPath:
        return _shape_path(self.node.shape, self.body())

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = _shape_path(self.node.shape, self.body())
        painter.setBrush(QBrush(self.fill))
        painter.setPen(QPen(self.ring or INK, 3.5 if self.ring else 1.4))
        painter.drawPath(path)
        painter.setPen(INK)
        font = QFont(painter.font())
        font.setPointSizeF(8.5)
        painter.setFont(font)
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        painter.drawText(self.body().adjusted(8, 2, -8, -2), int(flags), self.node.label)
        if self.nested:
            painter.setPen(QPen(INK, 1))
            painter.drawText(
                self.body().adjusted(0, 0, -6, 0), int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom), "▸"
            )


class PartyToken(QGraphicsItem):
    """The party's figure."""

    def boundingRect(self) -> QRectF:
        return QRectF(-TOKEN_R - 2, -TOKEN_R - 2, 2 * TOKEN_R + 4, 2 * TOKEN_R + 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(TOKEN)
        painter.setPen(QPen(QColor("white"), 2.5))
        painter.drawEllipse(QPointF(0, 0), TOKEN_R, TOKEN_R)
        painter.setPen(QColor("white"))
        font = QFont(painter.font())
        font.setBold(True)
        font.setPointSizeF(8)
        painter.setFont(font)
        painter.drawText(self.boundingRect(), int(Qt.AlignmentFlag.AlignCenter), "P")


class MapScene(QGraphicsScene):
    """One location graph laid out in layers; the party's figure is dragged from place to place."""

    dropped = Signal(object)  # the Spot the figure was dropped on, or None for empty floor

    def __init__(self, table: LuaTable, graph: LocationGraph) -> None:
        super().__init__()
        self.table, self.graph = table, graph
        layout = layered_layout(graph)
        nested = {g.inside.node for g in table.world.graphs if g.inside is not None and g.inside.graph == graph.id}
        for (start, end), points in layout.routes.items():
            self.addItem(self._edge(points, (start, end)))
        self.places: dict[str, PlaceItem] = {}
        for node in graph.nodes:
            item = PlaceItem(graph, node, node.key in nested)
            item.setPos(*layout.places[node.key])
            item.setZValue(1)
            self.addItem(item)
            self.places[node.key] = item
        self.token = PartyToken()
        self.token.setZValue(3)
        self.addItem(self.token)
        self.dragging = False
        self.grab = QPointF()
        self.setSceneRect(self.itemsBoundingRect().adjusted(-30, -30, 30, 30))

    def _edge(self, points: list[tuple[float, float]], edge: tuple[str, str]) -> QGraphicsPathItem:
        path = QPainterPath(QPointF(*points[0]))
        for x, y in points[1:]:
            path.lineTo(x, y)
        # a small arrowhead halfway along the last leg keeps the book's direction visible (read both ways)
        (x0, y0), (x1, y1) = points[-2], points[-1]
        mx, my, angle = (x0 + x1) / 2, (y0 + y1) / 2, math.atan2(y1 - y0, x1 - x0)
        for side in (2.6, -2.6):
            path.moveTo(mx, my)
            path.lineTo(mx - 9 * math.cos(angle + side / 6), my - 9 * math.sin(angle + side / 6))
        item = QGraphicsPathItem(path)
        item.setPen(QPen(LINE, 1.6))
        item.setData(0, edge)
        return item

    def refresh(self, highlighted: Spot | None) -> None:
        state = self.table.state
        reachable = set(exits(self.table.world, state.at))
        for item in self.places.values():
            spot = item.spot
            item.fill = HERE if spot == state.at else VISITED if spot in state.visited else PAPER
            item.ring = None
            if spot in reachable:
                item.ring = EXIT if self._open(spot) else SHUT
            if spot == highlighted:
                item.ring = QColor("#1f6feb")
            item.update()
        if state.at.graph == self.graph.id:
            self.token.setVisible(True)
            self.token.setPos(self.home())
        else:
            self.token.setVisible(False)

    def _open(self, spot: Spot) -> bool:
        return self.table.refusal_of(Move(spot)) is None

    def home(self) -> QPointF:
        """Where the figure rests: the top-right corner of the party's place."""
        place = self.places[self.table.state.at.node]
        return place.pos() + QPointF(PLACE_W / 2 - 6, -PLACE_H / 2 + 2)

    def place_at(self, point: QPointF) -> Spot | None:
        for item in self.items(point):
            if isinstance(item, PlaceItem) and item.shape().contains(item.mapFromScene(point)):
                return item.spot
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.token.isVisible() and self.token.sceneBoundingRect().contains(event.scenePos()):
            self.dragging = True
            self.grab = event.scenePos() - self.token.pos()
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.dragging:
            self.token.setPos(event.scenePos() - self.grab)
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self.dragging:
            self.dragging = False
            event.accept()
            self.dropped.emit(self.place_at(event.scenePos()))
            return
        super().mouseReleaseEvent(event)


class MapView(QGraphicsView):
    """The map, scaled to fit; the arrow keys pick an exit and Enter moves the party there."""

    step = Signal(int)  # +1 / -1: the next or previous exit
    go = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setBackgroundBrush(QColor("#dcd6c8"))
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def fit(self) -> None:
        if self.scene() is not None:
            self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
            self.step.emit(1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Up):
            self.step.emit(-1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.go.emit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()
