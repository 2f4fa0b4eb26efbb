"""The first screen: Continue, New game, Demo, Quit."""

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
    TitleChoice("continue", "Continue", "Saved games arrive with the save store."),
    TitleChoice("new", "New game", ""),
    TitleChoice("demo", "Demo", "The guided lessons could not be loaded."),
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
