"""A new Moon's Grave game: how it is played (solo, or hot-seat for 1-4 players), who runs the NPCs (the GM
stand-in or a person) and which NPCs of the house pack stand against the quick-start party."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.moons_grave.mg_game import DEFAULT_FOES, roster

MODES = (("solo", "Solo: you play the party; the GM stand-in plays the NPCs"), ("hot-seat", "Hot-seat: 1-4 players"))
GMS = (("stand-in", "the GM stand-in"), ("person", "a person at the table"))


class MgNewGame(QWidget):
    """``start`` carries (mode, gm, players, foes); ``back`` returns to the title."""

    start = Signal(str, str, int, list)
    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mg-new-game")
        title = QLabel("Moon's Grave: a new fight")
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        title.setFont(font)
        self.mode = QComboBox()
        self.mode.setObjectName("mg-new-mode")
        for key, label in MODES:
            self.mode.addItem(label, key)
        self.players = QSpinBox()
        self.players.setObjectName("mg-new-players")
        self.players.setRange(1, 4)
        self.gm = QComboBox()
        self.gm.setObjectName("mg-new-gm")
        for key, label in GMS:
            self.gm.addItem(label, key)
        self.foes = QListWidget()
        self.foes.setObjectName("mg-new-foes")
        self.foes.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        for line in roster():
            self.foes.addItem(line.replace("\n", " · "))
            if line in DEFAULT_FOES:
                self.foes.item(self.foes.count() - 1).setSelected(True)
        self.lines = roster()
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b3261e;")
        self.mode.currentIndexChanged.connect(self._mode_changed)
        form = QFormLayout()
        form.addRow("How you play", self.mode)
        form.addRow("Players", self.players)
        form.addRow("The NPCs are run by", self.gm)
        form.addRow("Foes (house pack)", self.foes)
        go = QPushButton("Start the fight")
        go.setObjectName("mg-new-start")
        go.clicked.connect(self.confirm)
        back = QPushButton("Back to the title")
        back.setObjectName("mg-new-back")
        back.clicked.connect(self.back.emit)
        row = QHBoxLayout()
        row.addWidget(back)
        row.addStretch(1)
        row.addWidget(go)
        layout = QVBoxLayout(self)
        layout.addWidget(title, alignment=Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(QLabel("The party is the quick-start duelists (one per player)."))
        layout.addLayout(form, 1)
        layout.addWidget(self.problem)
        layout.addLayout(row)
        self._mode_changed()

    def _mode_changed(self) -> None:
        solo = self.mode.currentData() == "solo"
        self.players.setEnabled(not solo)
        self.gm.setEnabled(not solo)
        if solo:
            self.gm.setCurrentIndex(0)

    def chosen_foes(self) -> list[str]:
        return [self.lines[i.row()] for i in self.foes.selectedIndexes()]

    def confirm(self) -> None:
        foes = self.chosen_foes()
        if not foes:
            self.problem.setText("Choose at least one foe.")
            return
        self.start.emit(self.mode.currentData(), self.gm.currentData(), self.players.value(), foes)
