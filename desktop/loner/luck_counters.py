"""Luck drawn as counters: a row of six rings per side, filled for the Luck left."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from rt0table.rules.loner.protagonist import STARTING_LUCK

FULL = QColor("#2e7d32")
FOE = QColor("#b3261e")


class LuckCounters(QWidget):
    """One row per side: its name, then STARTING_LUCK rings, the first ``luck`` of them filled."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("loner-luck")
        self.rows: list[tuple[str, int, bool]] = []  # (name, luck, is the Protagonist)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def show_luck(self, rows: list[tuple[str, int, bool]]) -> None:
        self.rows = rows
        self.setAccessibleDescription("; ".join(f"{name}: {luck} Luck" for name, luck, _ in rows))
        self.setMinimumHeight(self._line() * max(len(rows), 1))
        self.updateGeometry()
        self.update()

    def _line(self) -> int:
        return round(self.fontMetrics().height() * 1.8)

    def sizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance("M") * 30, self._line() * max(len(self.rows), 1))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        line = self._line()
        label_width = self.width() // 3
        ring = line * 0.7
        for row, (name, luck, hero) in enumerate(self.rows):
            top = row * line
            painter.setPen(self.palette().text().color())
            painter.drawText(
                QRectF(0, top, label_width - 8, line),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                f"{name}  {luck}",
            )
            colour = FULL if hero else FOE
            for i in range(STARTING_LUCK):
                x = label_width + i * line * 0.9
                spot = QRectF(x, top + (line - ring) / 2, ring, ring)
                painter.setPen(QPen(colour, 2))
                painter.setBrush(colour if i < luck else Qt.GlobalColor.transparent)
                painter.drawEllipse(spot)
        painter.end()
