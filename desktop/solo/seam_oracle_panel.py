"""The Loner oracle at a game on the seam played solo (Moon's Grave, The Restless): each move through the session.

The panel's ops go into the game's one funnel (``SeamSession.play_oracle``), so they are saved with the game,
come back on resume and are taken back by the table's undo; the panel shows whatever the session's oracle is.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QScrollArea

from rt0table.desktop.seam_session import TableSession
from rt0table.desktop.solo.oracle_panel import OraclePanel, bundled_tables
from rt0table.rules.loner.oracle_ops import OracleOp
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.seam import IllegalAction

HINT_WIDTH = 300  # the width the oracle asks of a side panel: the table keeps the room, the oracle scrolls


class OracleHolder(QScrollArea):
    """The oracle's scroll area; Enter pressed in one of its fields ends here (a line edit passes it on after
    acting on it), never reaching the table, where Enter plays the selected choice."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(min(hint.width(), HINT_WIDTH), hint.height())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            return
        super().keyPressEvent(event)


def seam_oracle(session: TableSession) -> tuple[OraclePanel, QScrollArea]:
    """The oracle on the session's state, and a scroll area holding it (it is taller than a small window's panel)."""
    panel = OraclePanel(bundled_tables(), state=session.oracle, compact=True)

    def keep(op: OracleOp) -> OracleState | str:
        try:
            return session.play_oracle(op).after
        except IllegalAction as error:
            return str(error)

    panel.keeper = keep

    def followed(_events: list[Any]) -> None:
        if panel.state != (session.oracle or OracleState()):  # an undo took a move back
            panel.reload(session.oracle or OracleState())

    session.changed.connect(followed)
    scroll = OracleHolder()
    scroll.setWidgetResizable(True)
    scroll.setWidget(panel)
    return panel, scroll
