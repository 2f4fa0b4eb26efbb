"""The lesson's pointer on the table: a pulsing outline around each thing the current step is about.

It draws over the table's own glow (legal bins, targets) in a colour of its own and never takes a click:
the player presses, drags and drops through it exactly as without a lesson.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.scene import TableScene
from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.content.lesson import Highlight
from rt0table.rules.rt0.fight.zones import parse_zone

LESSON = QColor("#4fd8ff")  # apart from the table's yellow (legal), green (target) and red (refused)
PULSE_MS = 90


def target_rect(scene: TableScene, highlight: Highlight) -> QRectF | None:
    """Where the highlighted thing is in the scene now; None when it is not on the table."""
    kind, target = highlight.kind, highlight.target
    if kind == "card":
        card = by_name(target)
        item = next((i for i in scene.hand_items if i.card == card and i.isVisible()), None)
        return QRectF(item.mapRectToScene(item.boundingRect())) if item else None
    if kind == "bin":
        return scene.bins[target].sceneBoundingRect() if target in scene.bins else None
    if kind == "adversary":
        return scene.foes[target].sceneBoundingRect() if target in scene.foes else None
    if kind == "intent":
        return scene.foes[target].intent.sceneBoundingRect() if target in scene.foes else None
    if kind == "fighter":
        return scene.party[target].sceneBoundingRect() if target in scene.party else None
    if kind == "zone":
        return scene.grid.mapRectToScene(scene.grid.cell(parse_zone(target)))
    if kind == "option":
        index, prompt = int(target), scene.prompt
        if not prompt.isVisible() or index >= len(prompt.buttons):
            return None
        button = prompt.buttons[index]
        if button.isVisible():
            return button.sceneBoundingRect()
        # On another page: point at the line that says how to turn the page, not at a hidden button's spot.
        return prompt.mapRectToScene(prompt.page_strip())
    plain = {
        "end_turn": scene.end_turn,
        "undo": scene.undo_button,
        "deck": scene.deck,
        "discard": scene.discard,
        "log": scene.log,
        "grid": scene.grid,
    }
    if kind in plain:
        return plain[kind].sceneBoundingRect()
    if kind == "hand":
        return QRectF(scene.layout_now.hand)
    return None


class HighlightItem(QGraphicsObject):
    """Outlines around a set of scene rectangles, pulsing gently; transparent to the mouse."""

    def __init__(self) -> None:
        super().__init__()
        self.rects: list[QRectF] = []
        self.unit = 10.0
        self.phase = 0
        self.setZValue(55)  # over the prompt and the curtain, under a dragged card
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._pulse)

    def show_rects(self, rects: list[QRectF], unit: float) -> None:
        self.prepareGeometryChange()
        self.rects, self.unit = rects, unit
        self.setVisible(bool(rects))
        if rects and not self.timer.isActive():
            self.timer.start(PULSE_MS)
        elif not rects:
            self.timer.stop()
        self.update()

    def _pulse(self) -> None:
        self.phase = (self.phase + 1) % 20
        self.update()

    def boundingRect(self) -> QRectF:
        margin = self.unit * 0.8
        area = QRectF()
        for rect in self.rects:
            area = area.united(rect.adjusted(-margin, -margin, margin, margin))
        return area

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        u = self.unit
        swell = abs(10 - self.phase) / 10  # 1 → 0 → 1
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for rect in self.rects:
            # a soft halo, then a crisp line
            for step, alpha in ((0.55, 50), (0.35, 90)):
                glow = QColor(LESSON)
                glow.setAlpha(alpha)
                painter.setPen(QPen(glow, u * 0.3))
                grow = u * (step + 0.15 * swell)
                painter.drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), u * 0.6, u * 0.6)
            painter.setPen(QPen(LESSON, max(2.0, u * 0.22)))
            edge = u * 0.15
            painter.drawRoundedRect(rect.adjusted(-edge, -edge, edge, edge), u * 0.5, u * 0.5)
