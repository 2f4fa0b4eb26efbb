"""A seam game's lesson on the real table: its banner (title and summary, then what was learnt) over the table, the
table's prompt carrying the lesson's hint for the phase, and ``completed`` once its goal happens."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from rt0table.desktop.seam_table.table_game import TableGame
from rt0table.desktop.seam_table.table_lesson import TableLesson


class LessonFrame(QWidget):
    """The banner over ``game``'s table; the game's screen says, in ``goal_reached``, when the goal has happened."""

    completed = Signal()
    closed = Signal()

    def __init__(self, prefix: str, lesson: TableLesson, game: TableGame[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{prefix}-lesson")
        self.lesson = lesson
        self.game = game
        self.done = False
        self.banner = QLabel()
        self.banner.setObjectName(f"{prefix}-lesson-banner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("background: #14241f; color: #eef3ee; padding: 6px;")
        leave = QPushButton("Lessons")
        leave.setObjectName(f"{prefix}-lesson-leave")
        leave.clicked.connect(self.closed.emit)
        game.screen.closed.connect(self.closed.emit)
        top = QHBoxLayout()
        top.addWidget(self.banner, 1)
        top.addWidget(leave)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(game.screen, 1)
        game.session.changed.connect(self._changed)
        self.show_hint()

    def goal_reached(self, events: list[Any]) -> bool:
        """Whether the step that sent ``events`` reached the lesson's goal."""
        raise NotImplementedError

    def _changed(self, events: list[Any]) -> None:
        if not self.done and self.goal_reached(events):
            self.done = True
            self.completed.emit()
        self.show_hint()

    def show_hint(self) -> None:
        if self.done:
            self.banner.setText(f"<b>{self.lesson.title}: done.</b> {self.lesson.done}")
            self.game.screen.hint = ""
        else:
            self.banner.setText(f"<b>{self.lesson.title}</b>: {self.lesson.summary}")
            self.game.screen.hint = self.lesson.hint(self.game.session.state.phase)
        self.game.screen.refresh()
