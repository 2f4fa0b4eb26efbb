"""The pack editor's live preview: the card being edited, drawn by the game's own card renderer as fields change."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from rt0table.desktop.packs.pack_schema import FacePainter

CARD_SHAPE = 5 / 7  # width over height, a playing card's
QUIET = QColor("#6b6b6b")


class CardPreview(QWidget):
    """Shows one face painter, or why the entry cannot be drawn yet; repaints whenever it is given a new one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pack-preview")
        self.face: FacePainter | None = None
        self.reason = ""
        self.setMinimumSize(150, 210)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Card preview")

    def sizeHint(self) -> QSize:
        return QSize(230, 322)

    def show_face(self, face: FacePainter | str | None) -> None:
        """A painter draws the card; text says why it cannot be drawn; None clears the preview."""
        self.face = face if callable(face) else None
        self.reason = face if isinstance(face, str) else ""
        self.setAccessibleDescription(self.reason or ("card face" if self.face else ""))
        self.setToolTip(self.reason)
        self.update()

    def card_box(self) -> QRectF:
        """The largest card-shaped box that fits, centred at the top."""
        width = min(float(self.width()) - 8, (float(self.height()) - 8) * CARD_SHAPE)
        box = QRectF(0, 4, width, width / CARD_SHAPE)
        box.moveLeft((self.width() - width) / 2)
        return box

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = self.card_box()
        if self.face is not None:
            self.face(painter, box)
        elif self.reason:
            painter.setPen(QUIET)
            painter.drawRoundedRect(box, 6, 6)
            flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
            painter.drawText(box.adjusted(10, 10, -10, -10), flags, f"No preview: {self.reason}")
        painter.end()
