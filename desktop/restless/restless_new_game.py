"""A new game of The Restless: how many players share the screen (1-4; one may run several Characters) and the pack
(the practice pack, or one of the player's own in the packs folder, a broken one listed with its problem)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from rt0table.desktop.packs.pack_library import packs_folder
from rt0table.rules.packs.content_pack import PackError
from rt0table.rules.restless.rs_pack import RsPack, read_pack_zip
from rt0table.rules.restless.rs_pack_folder import read_rs_folder
from rt0table.rules.restless.rs_practice import practice_pack

GAME = "restless"


@dataclass(frozen=True)
class RsPackChoice:
    """A pack a new game may use: ``pack`` None (with ``problem``) when it cannot be read."""

    label: str
    pack: RsPack | None
    problem: str = ""


def pack_choices(folder: Path | None = None) -> list[RsPackChoice]:
    """The practice pack first, then each folder or zip in the player's Restless packs folder, by name."""
    choices = [RsPackChoice(f"{practice_pack().name} (shipped with the app)", practice_pack())]
    where = folder or packs_folder() / GAME
    if not where.is_dir():
        return choices
    for path in sorted(where.iterdir()):
        if path.name.startswith(".") or not (path.is_dir() or path.suffix == ".zip"):
            continue
        try:
            pack = read_rs_folder(path) if path.is_dir() else read_pack_zip(path.read_bytes(), path.name)
        except (PackError, OSError) as error:
            choices.append(RsPackChoice(f"{path.name} (cannot be used: {error})", None, str(error)))
            continue
        choices.append(RsPackChoice(f"{pack.name} (your packs: {path.name})", pack))
    return choices


class RsNewGame(QWidget):
    """``start`` carries (players, pack); ``back`` returns to the title."""

    start = Signal(int, object)
    back = Signal()

    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rs-new-game")
        title = QLabel("The Restless: a new game")
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        title.setFont(font)
        self.players = QSpinBox()
        self.players.setObjectName("rs-new-players")
        self.players.setRange(1, 4)
        self.players.setMaximumWidth(self.fontMetrics().horizontalAdvance("0000") * 3)
        self.pack = QComboBox()
        self.pack.setObjectName("rs-new-pack")
        self.folder = folder
        self.choices: list[RsPackChoice] = []
        self.fill_packs()
        edit = QPushButton("Edit packs…")
        edit.setObjectName("rs-new-edit-packs")
        edit.clicked.connect(self.edit_packs)
        note = QLabel(
            "Hot-seat at one screen: the party is always four Characters, dealt to the players in turn, so one "
            "player runs them all in solo. Make your own pack with Edit packs… (or put one in the packs folder, under "
            "'restless')."
        )
        note.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setObjectName("rs-new-problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b3261e;")
        form = QFormLayout()
        form.addRow("Players", self.players)
        pack_row = QHBoxLayout()
        pack_row.addWidget(self.pack, 1)
        pack_row.addWidget(edit)
        form.addRow("Card pack", pack_row)
        begin = QPushButton("Begin")
        begin.setObjectName("rs-new-begin")
        begin.setDefault(True)
        begin.clicked.connect(self.begin)
        back = QPushButton("Back to the title")
        back.setObjectName("rs-new-back")
        back.clicked.connect(self.back.emit)
        buttons = QHBoxLayout()
        buttons.addWidget(back)
        buttons.addStretch(1)
        buttons.addWidget(begin)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(title)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.problem)
        layout.addLayout(buttons)
        layout.addStretch(1)

    def fill_packs(self) -> None:
        self.choices = pack_choices(self.folder)
        self.pack.clear()
        for choice in self.choices:
            self.pack.addItem(choice.label)

    def edit_packs(self) -> None:
        """The shared pack editor on The Restless's packs; what it saved is offered when it closes."""
        from rt0table.desktop.packs.pack_games import edit_packs

        edit_packs(self, GAME)
        self.fill_packs()

    def begin(self) -> None:
        choice = self.choices[self.pack.currentIndex()]
        if choice.pack is None:
            self.problem.setText(f"That pack cannot be used: {choice.problem}")
            return
        self.start.emit(self.players.value(), choice.pack)
