"""The frame both seam games' tables share: the scene's view beside a side panel holding the prompt, the refusal, the
dice tray, the game's own controls, the choices open now (the keyboard path), the buttons, and the log (with the
Loner oracle in a tab beside it in solo).

A game's screen builds its scene, its tray and its own controls, then ``arrange``s them; every change still goes
through its ``SeamSession``, whose refusals show in the panel in the rules' own words.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.desktop.seam_session import TableSession
from rt0table.desktop.table.read_aloud import SaidLine
from rt0table.desktop.table.settings import TableSettings

REFUSAL_STYLE = "color: #b3261e; font-weight: bold;"


def _label(name: str) -> QLabel:
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    return label


class SeamTableScreen(QWidget):
    """One seam game at the table; ``closed`` when the player leaves it. ``prefix`` names the widgets (mg-, rs-)."""

    closed = Signal()

    def __init__(self, session: TableSession, table: SeamTable, prefix: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{prefix}-table")
        self.session = session
        self.table = table
        self.hint = ""  # a lesson's line for this moment
        self.settings = TableSettings()  # the window's own object once shown there, so Settings applies at once
        self.prompt = _label(f"{prefix}-prompt")
        self.refusal = SaidLine()  # a refusal is also said aloud
        self.refusal.setObjectName(f"{prefix}-refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(REFUSAL_STYLE)
        self.choices = QListWidget()
        self.choices.setObjectName(f"{prefix}-choices")
        self.undo_button = QPushButton("Undo (Ctrl+Z)")
        self.undo_button.setObjectName(f"{prefix}-undo")
        self.undo_button.clicked.connect(self.undo)
        self.leave_button = QPushButton("Leave the table")
        self.leave_button.setObjectName(f"{prefix}-leave")
        self.leave_button.clicked.connect(self.closed.emit)
        self.log = QListWidget()
        self.log.setObjectName(f"{prefix}-log")
        self.tabs = QTabWidget()
        self.tabs.addTab(self.log, "Log")
        self.oracle: QWidget | None = None
        if table.mode == "solo":  # the Loner oracle answers the fiction
            self._add_oracle()
        session.refused.connect(self.refusal.setText)

    def _add_oracle(self) -> None:
        """The Loner oracle in a tab beside the log; its moves go through the session (saved, resumed, undone)."""
        from rt0table.desktop.solo.seam_oracle_panel import seam_oracle

        self.oracle, holder = seam_oracle(self.session)
        self.tabs.addTab(holder, "Oracle")

    def arrange(
        self,
        view: QGraphicsView,
        tray: QWidget,
        above: Sequence[QWidget] = (),
        below: Sequence[QWidget] = (),
        buttons: Sequence[QPushButton] = (),
        choices_label: str = "",
        panel_width: int = 300,
        scrolls: bool = False,
    ) -> None:
        """Lay the view and the panel side by side: prompt, refusal, tray, ``above``, the choices, ``below``, the
        game's ``buttons`` then Undo and Leave, and the log; the table takes what the panel does not need. A panel
        that ``scrolls`` (a tall one) scrolls in a small window rather than squeezing."""
        panel = QWidget()
        column = QVBoxLayout(panel)
        column.setContentsMargins(4, 4, 4, 4)
        for widget in (self.prompt, self.refusal, tray, *above):
            column.addWidget(widget)
        if choices_label:
            column.addWidget(QLabel(choices_label))
        column.addWidget(self.choices, 3)
        for widget in below:
            column.addWidget(widget)
        row = QHBoxLayout()
        for button in (*buttons, self.undo_button, self.leave_button):
            row.addWidget(button)
        column.addLayout(row)
        column.addWidget(self.tabs, 2)
        side: QWidget = panel
        if scrolls:
            scroll = QScrollArea()
            scroll.setWidget(panel)
            scroll.setWidgetResizable(True)
            scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            side = scroll
        bar = scroll.verticalScrollBar().sizeHint().width() if scrolls else 0
        side.setMinimumWidth(panel_width + bar)  # the panel's own width beside the scroll bar, not under it
        splitter = QSplitter()
        splitter.addWidget(view)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 0)
        splitter.setSizes([4 * panel_width, panel_width])
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        for watched in (self, view, self.choices, tray, panel):
            watched.installEventFilter(self)  # the table's keys before a list's own type-to-search

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and self.key(event):
            return True
        return super().eventFilter(watched, event)

    def refresh(self) -> None:
        """Draw the state again: the scene, the prompt, the choices, the tray."""
        raise NotImplementedError

    def key(self, event: QKeyEvent) -> bool:
        """The game's keys: True when ``event`` was one of them (and was done)."""
        return False

    def undo(self) -> bool:
        """Take back the last step where the rules allow it."""
        return self.session.undo()
