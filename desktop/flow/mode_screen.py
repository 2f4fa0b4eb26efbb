"""New game, first question: one person at the table, or several sharing it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.flow.playthrough import Mode
from rt0table.desktop.game_shelf import SHELF
from rt0table.desktop.lettering import scaled_font

BLURBS = {
    Mode.SOLO: (
        "You play every character yourself. Hands stay open between turns, since there is nobody to hide them "
        "from, and the GM's choices are left to you (or to the solo helpers, when they are installed)."
    ),
    Mode.HOT_SEAT: (
        "One to four players pass the screen around. Between two people's turns a curtain covers the table, so "
        "nobody sees a hand that is not theirs. Eddies can join for anyone dropping in."
    ),
}

# Where the game is set: fights and Days alone, or the book's campaign world (issue 20); the key the navigator reads.
SETTINGS = (
    ("", "Fights and Days, no campaign map"),
    ("lua", "Paradise Lua: the book's campaign, with your own party"),
    ("lua-one-shot", "Paradise Lua one-shot: just run Act 1, with a ready-made party"),
)


class ModeScreen(QWidget):
    """Two big choices; ``chosen`` carries the Mode, ``back`` returns to the title screen."""

    chosen = Signal(object)  # Mode
    back = Signal()
    other_game = Signal(str)  # a ruleset's key: the player picked another game than RT:0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mode-screen")
        self.buttons: dict[Mode, QPushButton] = {}
        title = QLabel("How are you playing?")
        title.setFont(scaled_font(self.font(), 2.0, bold=True))
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        row = QHBoxLayout()
        row.addStretch(1)
        for mode in Mode:
            box = QGroupBox()
            column = QVBoxLayout(box)
            button = QPushButton(mode.title)
            button.setObjectName(f"mode-{mode.value}")
            button.setFont(scaled_font(self.font(), 1.4, bold=True))
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            button.clicked.connect(lambda _=False, m=mode: self.chosen.emit(m))
            blurb = QLabel(BLURBS[mode])
            blurb.setWordWrap(True)
            column.addWidget(button)
            column.addWidget(blurb)
            if mode is Mode.HOT_SEAT:
                # Playing together without a GM (Loner's "Playing Together"): the oracle and the GM stand-in
                # take the GM's part, as in a solo game.
                self.no_gm_box = QCheckBox("Nobody runs the game: use the oracle and the GM stand-in")
                self.no_gm_box.setObjectName("mode-no-gm")
                self.no_gm_box.setToolTip(
                    "Each player asks the oracle for their own character and reads the answer; the GM's choices "
                    "in a fight are made for the table, as in a solo game."
                )
                column.addWidget(self.no_gm_box)
            row.addWidget(box, 3)
            self.buttons[mode] = button
        row.addStretch(1)
        self.setting_pick = QComboBox()
        self.setting_pick.setObjectName("mode-setting")
        for key, label in SETTINGS:
            self.setting_pick.addItem(label, key)
        setting_row = QHBoxLayout()
        setting_row.addStretch(1)
        setting_row.addWidget(QLabel("Where:"))
        setting_row.addWidget(self.setting_pick)
        setting_row.addStretch(1)
        back = QPushButton("Back to the title")
        back.setObjectName("mode-back")
        back.clicked.connect(self.back.emit)
        games = QHBoxLayout()  # another game than RT:0: each has its own first screen (desktop/game_shelf.py)
        games.addStretch(1)
        games.addWidget(QLabel("Or another game:"))
        self.game_buttons: dict[str, QPushButton] = {}  # by the game's key
        for game in SHELF.values():
            if game.pick:
                button = QPushButton(game.pick)
                button.setObjectName(f"mode-game-{game.key}")
                button.clicked.connect(lambda _=False, key=game.key: self.other_game.emit(key))
                games.addWidget(button)
                self.game_buttons[game.key] = button
        games.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(title)
        layout.addSpacing(self.fontMetrics().height())
        layout.addLayout(row)
        layout.addLayout(setting_row)
        layout.addSpacing(self.fontMetrics().height())
        layout.addLayout(games)
        layout.addStretch(1)
        layout.addWidget(back, alignment=Qt.AlignmentFlag.AlignLeft)

    def setting(self) -> str:
        """The chosen setting's key: "" (no campaign map), "lua" or "lua-one-shot"."""
        return str(self.setting_pick.currentData())
