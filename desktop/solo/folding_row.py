"""A row of controls that stacks them one under another when the drawer is too narrow to hold them side by side, so
the oracle's drawer can be narrow without clipping a button or scrolling sideways."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QLayout, QWidget

SIDE_BY_SIDE = QBoxLayout.Direction.LeftToRight
STACKED = QBoxLayout.Direction.TopToBottom


class FoldingRow(QWidget):
    """``widgets`` side by side while each can have its preferred width, else stacked; ``stretch`` by widget."""

    def __init__(self, *widgets: QWidget, stretch: tuple[int, ...] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QBoxLayout(SIDE_BY_SIDE, self)
        self.box.setContentsMargins(0, 0, 0, 0)
        # The row reports the stacked width as its minimum (below), so the layout must not pin it to the wide one.
        self.box.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.widgets = widgets
        for index, widget in enumerate(widgets):
            self.box.addWidget(widget, stretch[index] if index < len(stretch) else 0)

    def wide_width(self) -> int:
        """The width the row needs to hold its shown widgets side by side, each at its preferred width."""
        shown = [w for w in self.widgets if not w.isHidden()]
        widths = [max(w.sizeHint().width(), w.minimumSizeHint().width()) for w in shown]
        return sum(widths) + self.box.spacing() * max(len(shown) - 1, 0)

    @property
    def stacked(self) -> bool:
        return self.box.direction() == STACKED

    def minimumSizeHint(self) -> QSize:
        shown = [w for w in self.widgets if not w.isHidden()]
        narrowest = max((w.minimumSizeHint().width() for w in shown), default=0)
        return QSize(narrowest, self.box.minimumSize().height())

    def sizeHint(self) -> QSize:
        return QSize(self.wide_width(), self.box.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fold(event.size().width())

    def fold(self, width: int) -> None:
        direction = SIDE_BY_SIDE if width >= self.wide_width() else STACKED
        if direction != self.box.direction():
            self.box.setDirection(direction)
            self.updateGeometry()  # the height changed: the column around the row makes room
