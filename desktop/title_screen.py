"""The first screen: Learn to fight first, a quick start, Continue, New game, Load game, Paradise Lua, the Balance
lab, Quit, and a line when the saves are unavailable."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


@dataclass(frozen=True)
class TitleChoice:
    key: str
    label: str
    unavailable: str  # why it is disabled; empty when it works


CHOICES = (
    TitleChoice("demo", "Learn to fight", "The guided lessons could not be loaded."),
    TitleChoice("quick", "Quick start: a ready-made party", ""),
    TitleChoice("continue", "Continue", "There is no saved game to go back to yet."),
    TitleChoice("new", "New game", ""),
    TitleChoice("load", "Load game", "There is no saved game to go back to yet."),
    TitleChoice("paradise", "Paradise Lua", ""),
    TitleChoice("lab", "Balance lab", ""),
    TitleChoice("quit", "Quit", ""),
)


class TitleScreen(QWidget):
    """Big title and one button per choice; emits the choice's key."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.buttons: dict[str, QPushButton] = {}
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        title = QLabel("RT:0 Table")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 3)
        font.setBold(True)
        title.setFont(font)
        layout.addWidget(title)
        subtitle = QLabel("Remaining Teenagers: Zero, at one table")
        subtitle.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(subtitle)
        layout.addStretch(1)
        self.notice = QLabel()  # why the saves cannot be used in this window, when they cannot
        self.notice.setObjectName("title-notice")
        self.notice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("color: #b3261e; font-weight: bold;")
        self.notice.hide()
        layout.addWidget(self.notice)
        for choice in CHOICES:
            button = QPushButton(choice.label)
            button.setObjectName(f"title-{choice.key}")
            button.setMinimumWidth(240)
            if choice.unavailable:
                button.setEnabled(False)
                button.setToolTip(choice.unavailable)
            button.clicked.connect(lambda _=False, key=choice.key: self.chosen.emit(key))
            layout.addWidget(button, alignment=Qt.AlignmentFlag.AlignHCenter)
            self.buttons[choice.key] = button
        layout.addStretch(2)

    def enable(self, key: str) -> None:
        self.buttons[key].setEnabled(True)
        self.buttons[key].setToolTip("")

    def disable(self, key: str, why: str) -> None:
        self.buttons[key].setEnabled(False)
        self.buttons[key].setToolTip(why)

    def say(self, text: str) -> None:
        """A line above the buttons (empty hides it): why the saves cannot be used, for one."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))
