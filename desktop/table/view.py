"""The view that shows the table scene at the window's size, and the screen the main window stacks."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QHideEvent, QKeyEvent, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QVBoxLayout, QWidget

from rt0table.desktop.cards.zoom import CardZoomView, ZoomTrigger
from rt0table.desktop.table.controller import TableController
from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.read_aloud import attach, follow_focus
from rt0table.desktop.table.scene import TableScene
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.spoken_parts import FightReader


class TableView(QGraphicsView):
    """No scrolling and no scaling: the scene is laid out again for every size, so text stays crisp."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.table = scene
        self.controller: TableController | None = None
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        self.table.relayout(size.width(), size.height())

    def event(self, event: QEvent) -> bool:
        # Tab belongs to the table (cycling options and bins), never to widget focus, also when the table has no
        # use for it: focus moved on would carry the table's keys into the oracle beside it in solo play.
        is_tab = isinstance(event, QKeyEvent) and event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
        if event.type() == QEvent.Type.KeyPress and is_tab:
            assert isinstance(event, QKeyEvent)
            if self.controller is not None:
                self.controller.key(event)
                follow_focus(self)
            event.accept()
            return True
        return super().event(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        follow_focus(self)  # a click picks a card or a bin as its key would

    def leaveEvent(self, event: QEvent) -> None:
        if self.controller is not None:
            self.controller.pointer_left()
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.controller is not None and self.controller.key(event):
            follow_focus(self)  # keys move the table's focus: a screen reader follows it
            event.accept()
            return
        super().keyPressEvent(event)


class TableScreen(QWidget):
    """A fight on the table: the view, its scene and the controller wired to a Session."""

    closed = Signal()

    def __init__(self, session: Session, settings: TableSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.settings = settings or TableSettings()
        self.scene = TableScene(self.settings)
        self.view = TableView(self.scene, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        zoom = ZoomTrigger(CardZoomView(self.view, popup=True), self.settings.zoom_hover_ms,
                           self.settings.zoom_hold_ms, self)  # fmt: skip
        self.controller = TableController(session, self.scene, self.settings, zoom)
        self.view.controller = self.controller
        attach(self.view, FightReader(self.scene, self.controller))
        self.controller.closed.connect(self.closed.emit)
        self.setFocusProxy(self.view)

    def hideEvent(self, event: QHideEvent) -> None:
        self.controller.zoom.cancel()  # a floating card never outlives the table it came from
        super().hideEvent(event)
