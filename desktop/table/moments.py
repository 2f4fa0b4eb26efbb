"""Big moments seen on the table, not only in the log: a banner across the bins (a Catastrophe, a new round) and
numbers that float up from a figure (a blow's damage, the Shield that soaked it). Each lasts about two replay
beats at the player's speed; with animations off it stands still for that time, then goes."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QPointF, QPropertyAnimation, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from rt0table.desktop.table.paint import HP, INK, LEGAL, SHIELD, ui_font
from rt0table.rules.rt0.fight.events import CatastropheStruck, DamageDealt, Event, RoundStarted
from rt0table.rules.rt0.fight.state import CombatState

MIN_MS = 900  # even with instant replays a moment stays this long: long enough to read a number
MAX_MS = 2600
CATASTROPHE = QColor("#ff6b4a")


@dataclass(frozen=True)
class Moment:
    text: str
    color: QColor
    where: str  # a figure's id to float from, or "" for a banner across the table


def moments_of(state: CombatState, event: Event) -> list[Moment]:
    """The moments an event makes, in words; most events make none."""
    match event:
        case CatastropheStruck(fighter, _shield):
            return [Moment(f"Catastrophe! The Tower strikes {state.name_of(fighter)}", CATASTROPHE, "")]
        case RoundStarted(number):
            return [Moment(f"Round {number}", LEGAL, "")]
        case DamageDealt(_source, target, amount, blocked, _hp_after):
            found = [Moment(f"−{amount - blocked}", HP, target)] if amount > blocked else []
            if blocked:
                found.append(Moment(f"Shield soaks {blocked}", SHIELD, target))
            return found
    return []


def moment_ms(step_ms: int) -> int:
    """How long a moment shows: two beats of the chosen replay speed, within bounds."""
    return max(MIN_MS, min(MAX_MS, 2 * step_ms))


class MomentItem(QGraphicsObject):
    """One banner or floating number; it removes itself from the scene when its time is up."""

    def __init__(self, moment: Moment, unit: float) -> None:
        super().__init__()
        self.moment = moment
        self.banner = not moment.where
        self.px = unit * (2.2 if self.banner else 1.6)
        width = QFontMetricsF(ui_font(self.px, True)).horizontalAdvance(moment.text) + self.px * 1.4
        self.box = QRectF(-width / 2, -self.px * 0.9, width, self.px * 1.8)
        self.setZValue(50)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # never in the way of a click or a drag
        self.animation = QPropertyAnimation(self, b"pos", self)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.finish)

    def boundingRect(self) -> QRectF:
        return self.box.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        color = self.moment.color
        painter.setPen(QPen(color, max(1.5, self.px * 0.08)))
        painter.setBrush(QColor(12, 20, 18, 235))
        painter.drawRoundedRect(self.box, self.px * 0.4, self.px * 0.4)
        painter.setFont(ui_font(self.px, True))
        painter.setPen(QPen(color if not self.banner else INK))
        painter.drawText(self.box, int(Qt.AlignmentFlag.AlignCenter), self.moment.text)

    def start(self, at: QPointF, duration_ms: int, animate: bool, rise: float) -> None:
        self.setPos(at)
        self.timer.start(duration_ms)
        if animate and not self.banner:
            self.animation.setDuration(duration_ms)
            self.animation.setStartValue(at)
            self.animation.setEndValue(at - QPointF(0, rise))
            self.animation.setEasingCurve(QEasingCurve.Type.OutCubic)
            self.animation.start()

    def finish(self) -> None:
        self.animation.stop()
        scene = self.scene()
        if scene is not None:
            scene.removeItem(self)
