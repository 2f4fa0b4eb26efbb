"""The game menu Esc opens on every screen (and the menu button at the window's foot): back to the title, Load,
Demo, Settings, Help, Quit. Its Settings and Help pages are here too."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.table.settings import REPLAY_SPEEDS
from rt0table.desktop.table.settings_file import UI_SCALES, Kept

MENU_TITLE = "Game menu"


@dataclass(frozen=True)
class MenuEntry:
    key: str
    label: str
    tip: str


def menu_entries(in_game: bool) -> list[MenuEntry]:
    """The menu's entries; ``in_game``: a game is being saved, so leaving says it is kept."""
    leave = "Save and return to the title" if in_game else "Return to the title"
    leave_tip = "Every step is saved as it is played; Continue on the title picks it up again." if in_game else ""
    return [
        MenuEntry("title", leave, leave_tip),
        MenuEntry("load", "Load a game", "Pick a saved game to carry on."),
        MenuEntry("demo", "Demo lessons", "Guided fights that teach the table."),
        MenuEntry("settings", "Settings", "Text size, how fast the adversaries' turns play, animations."),
        MenuEntry("help", "Help", "What the screens are for and every key at the table."),
        MenuEntry("quit", "Quit", "Close the app; the game in progress is already saved."),
        MenuEntry("back", "Back (Esc)", "Close this menu and carry on."),
    ]


class GameMenu(QDialog):
    """One button per entry; ``chosen`` names the entry, and the menu closes. Esc closes it with no choice."""

    chosen = Signal(str)

    def __init__(self, in_game: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("game-menu")
        self.setWindowTitle(MENU_TITLE)
        self.setAccessibleName(MENU_TITLE)
        self.buttons: dict[str, QPushButton] = {}
        layout = QVBoxLayout(self)
        heading = QLabel(MENU_TITLE)
        heading.setObjectName("game-menu-heading")
        heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(heading)
        for entry in menu_entries(in_game):
            button = QPushButton(entry.label)
            button.setObjectName(f"menu-{entry.key}")
            button.setToolTip(entry.tip)
            button.setAccessibleDescription(entry.tip)
            button.setMinimumWidth(280)
            button.clicked.connect(lambda _=False, key=entry.key: self._choose(key))
            layout.addWidget(button)
            self.buttons[entry.key] = button
        self.buttons["back"].setFocus()

    def disable(self, key: str, why: str) -> None:
        self.buttons[key].setEnabled(False)
        self.buttons[key].setToolTip(why)

    def _choose(self, key: str) -> None:
        self.accept()
        if key != "back":
            self.chosen.emit(key)


def scale_label(scale: float) -> str:
    return f"{round(scale * 100)}%"


class SettingsPage(QDialog):
    """The three settings, each a plain control; OK keeps them (``kept`` then holds them), Esc or Cancel does not."""

    def __init__(self, current: Kept, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settings-page")
        self.setWindowTitle("Settings")
        self.kept = current
        form = QFormLayout()
        self.scale = QComboBox()
        self.scale.setObjectName("settings-ui-scale")
        for scale in UI_SCALES:
            self.scale.addItem(scale_label(scale), scale)
        self.scale.setCurrentIndex(min(range(len(UI_SCALES)), key=lambda i: abs(UI_SCALES[i] - current.ui_scale)))
        self.scale.setAccessibleName("Text and table size")
        form.addRow("Text and table size", self.scale)
        self.speed = QComboBox()
        self.speed.setObjectName("settings-replay-speed")
        for name in REPLAY_SPEEDS:
            self.speed.addItem(name.capitalize(), name)
        self.speed.setCurrentIndex(list(REPLAY_SPEEDS).index(current.replay_speed))
        self.speed.setAccessibleName("Adversaries' turn speed")
        form.addRow("Adversaries' turn speed", self.speed)
        self.animations = QCheckBox("Cards glide, big moments pop up")
        self.animations.setObjectName("settings-animations")
        self.animations.setChecked(current.animations)
        form.addRow("Animations", self.animations)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.setObjectName("settings-buttons")
        buttons.accepted.connect(self._keep)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def _keep(self) -> None:
        self.kept = Kept(
            ui_scale=float(self.scale.currentData()),
            replay_speed=str(self.speed.currentData()),
            animations=self.animations.isChecked(),
            oracle_open=self.kept.oracle_open,  # not on this page: the drawer's own handle sets it
        )
        self.accept()


HELP_TEXT = """\
RT:0 Table plays RT:0 fights and the days between them on one screen.

The title: Continue goes back to the game played last; New game makes a party; Load picks any saved game;
Demo teaches the table in short guided fights. A game saves itself after every step: there is no save button.

The table: your hand is at the foot. Each bin in the middle is one of your abilities; its rule is written on it
while it is empty. Drag a card onto a bin to play it (or press the card's number, then the bin's letter, then
Enter). Cards some bin takes have a green edge; point at a bin and the cards it takes light up, a gold star on
those that would make it fire; bins that take the picked card light up. The adversaries' intents are at the top,
each saying what it will do after the blows before it; each portrait says the HP the adversaries' turn will leave
(with the exact odds when an intent lies face down). When a move is offered, its zones light up on the grid:
drag your figure there or click one.

Esc closes whatever is open (the large card, a menu, the key list) and opens this menu when nothing is. The menu
button at the bottom right of the window opens it too.
"""


def help_text() -> str:
    """The help page: the screens in a few lines, then every key at the table."""
    from rt0table.desktop.table.keys import key_lines
    from rt0table.desktop.table.offers import NONE

    keys = "\n".join(f"• {line}" for line in key_lines(NONE))
    return f"{HELP_TEXT}\nKeys at the table:\n{keys}\n"


class HelpPage(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("help-page")
        self.setWindowTitle("Help")
        self.text = QPlainTextEdit(help_text())
        self.text.setObjectName("help-text")
        self.text.setReadOnly(True)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(close)
        self.resize(720, 520)
