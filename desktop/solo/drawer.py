"""The oracle as a drawer beside the table, as a game's sidebar: a handle on its edge (or a key) folds it away and
the table takes the width; the player's choice is kept in the settings for the next fight and the next run.

The handle never takes the keyboard (keys typed at the table stay there), and folding the drawer while the
keyboard is inside it gives the keyboard back to the table.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QPaintEvent, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QPushButton,
    QSplitter,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QWidget,
)

from rt0table.desktop.table.keys import DRAWER_KEY
from rt0table.desktop.table.settings import ORACLE_DRAWER, TableSettings
from rt0table.desktop.table.settings_file import keep_settings

WIDEST = 16777215  # QWIDGETSIZE_MAX: no limit on the open drawer's width


class DrawerHandle(QPushButton):
    """A tall narrow button on the drawer's edge with its words running down it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oracle-drawer-handle")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click here never moves the table's keys
        self.setFlat(True)

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.height() + 10, metrics.horizontalAdvance(self.text()) + 24)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.sizeHint().width(), self.fontMetrics().height() * 3)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = ""
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        painter.rotate(90)  # the words read top to bottom, as on a book's spine
        painter.drawText(0, -self.width(), self.height(), self.width(), Qt.AlignmentFlag.AlignCenter, self.text())
        painter.end()


class DrawerSplitter(QSplitter):
    """The table and the oracle's drawer side by side: the open drawer keeps ``share`` of the width (or its least
    width, if more) as the window is sized, until the player drags the line between them; from then on the drawer
    keeps the width the player gave it."""

    def __init__(self, share: float, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.share = share
        self.dragged = False
        self.splitterMoved.connect(self._dragged)

    def _dragged(self) -> None:
        self.dragged = True

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.give_share()

    def give_share(self) -> bool:
        """Size the open drawer to its share; False when the player's own width (or a folded drawer) stands."""
        drawer = self.widget(1)
        if self.dragged or not isinstance(drawer, OracleDrawer) or not drawer.is_open:
            return False
        total = sum(self.sizes())
        mine = min(max(round(self.width() * self.share), drawer.minimumSizeHint().width()), total)
        if self.sizes()[1] != mine:
            self.setSizes([total - mine, mine])
        return True


class OracleDrawer(QWidget):
    """The solo dock behind a handle; ``settings.closed_drawers`` says whether it starts folded."""

    toggled = Signal(bool)  # open

    def __init__(self, dock: QWidget, settings: TableSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("oracle-drawer")
        self.dock, self.settings = dock, settings
        self.open_width = 0  # the drawer's width when it was last open, to open it as wide again
        self.handle = DrawerHandle(self)
        self.handle.clicked.connect(self.toggle)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.handle)
        layout.addWidget(dock, 1)
        self._show(ORACLE_DRAWER not in settings.closed_drawers)

    def key_on(self, host: QWidget) -> QShortcut:
        """The drawer's key anywhere on ``host`` (the table, or the tabs between fights)."""
        key = QShortcut(QKeySequence(DRAWER_KEY), host)
        key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        key.activated.connect(self.toggle)
        return key

    @property
    def is_open(self) -> bool:
        return not self.dock.isHidden()

    def toggle(self) -> None:
        self.set_open(not self.is_open)

    def set_open(self, open_: bool) -> None:
        """Open or fold the drawer, and keep the choice in the settings."""
        if open_ == self.is_open:
            return
        self._show(open_)
        self.settings.closed_drawers.discard(ORACLE_DRAWER)
        if not open_:
            self.settings.closed_drawers.add(ORACLE_DRAWER)
        keep_settings(self.settings)
        self.toggled.emit(open_)

    def _show(self, open_: bool) -> None:
        splitter = self.parentWidget()
        splitter = splitter if isinstance(splitter, QSplitter) else None
        if not open_:
            self.open_width = self.width() if self.isVisible() else self.open_width
            focus = QApplication.focusWidget()
            table = splitter.widget(0) if splitter is not None else None
            if table is not None and focus is not None and self.dock.isAncestorOf(focus):
                table.setFocus()  # the keys go back to the table, never into a hidden oracle
        self.dock.setVisible(open_)
        self.handle.setText("Oracle ▸" if open_ else "◂ Oracle")
        verb = "Fold the oracle away" if open_ else "Open the oracle"
        self.handle.setToolTip(f"{verb} ({DRAWER_KEY})")
        self.handle.setAccessibleName(verb)
        self.setMaximumWidth(WIDEST if open_ else self.handle.sizeHint().width())
        if splitter is None:
            return
        splitter.handle(1).setEnabled(open_)  # a folded drawer has no width to drag
        if open_ and isinstance(splitter, DrawerSplitter) and splitter.give_share():
            return
        total = sum(splitter.sizes())
        mine = self.handle.sizeHint().width()
        if open_:
            mine = self.open_width if self.open_width > mine else self.sizeHint().width()
        if total > 0:
            splitter.setSizes([max(total - mine, 0), mine])
