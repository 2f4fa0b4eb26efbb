"""A new Moon's Grave game: how it is played (solo, or hot-seat for 1-4 players), who runs the NPCs (the GM
stand-in or a person), the content pack, the party (the quick-start duelists, characters made in the creation
wizard, or both) and which of the pack's NPCs stand against them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.moons_grave.creation_wizard import create_character
from rt0table.desktop.moons_grave.mg_game import DEFAULT_FOES, choose_party, roster
from rt0table.desktop.packs.pack_games import edit_packs, packs_for
from rt0table.rules.moons_grave.mg_character import Character
from rt0table.rules.moons_grave.mg_pack import MgContent, read_mg_pack
from rt0table.rules.packs.content_pack import PackError

GAME = "moons-grave"
MODES = (("solo", "Solo: you play the party; the GM stand-in plays the NPCs"), ("hot-seat", "Hot-seat: 1-4 players"))
GMS = (("stand-in", "the GM stand-in"), ("person", "a person at the table"))
MOST_SEATS = 4

Creator = Callable[[QWidget | None, MgContent], Character | None]


class MgNewGame(QWidget):
    """``start`` carries (mode, gm, party, foes, content); ``back`` returns to the title."""

    start = Signal(str, str, list, list, object)
    back = Signal()

    def __init__(self, parent: QWidget | None = None, creator: Creator = create_character) -> None:
        super().__init__(parent)
        self.setObjectName("mg-new-game")
        self.creator = creator  # the creation wizard (tests may put a stand-in for its modal dialog)
        self.party: list[Character] = []
        self.quick = True  # the party is still the quick-start one, sized by the players box
        self.content: MgContent | None = None
        self.lines: list[str] = []
        title = QLabel("Moon's Grave: a new fight")
        font = title.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        title.setFont(font)
        self.mode = self._combo("mg-new-mode", MODES)
        self.players = QSpinBox()
        self.players.setObjectName("mg-new-players")
        self.players.setRange(1, MOST_SEATS)
        self.gm = self._combo("mg-new-gm", GMS)
        self.pack = QComboBox()
        self.pack.setObjectName("mg-new-pack")
        self.party_list = QListWidget()
        self.party_list.setObjectName("mg-new-party")
        self.party_list.setMaximumHeight(self.fontMetrics().lineSpacing() * 6)
        self.foes = QListWidget()
        self.foes.setObjectName("mg-new-foes")
        self.foes.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.problem = QLabel()
        self.problem.setObjectName("mg-new-problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b3261e;")
        form = QFormLayout()
        form.addRow("How you play", self.mode)
        form.addRow("Players", self.players)
        form.addRow("The NPCs are run by", self.gm)
        form.addRow("Content pack", self._row(self.pack, ("mg-new-edit-packs", "Edit packs…", self.edit_packs)))
        party_buttons = (
            ("mg-new-create", "Create a character…", self.create_member),
            ("mg-new-remove", "Remove", self.remove),
            ("mg-new-quick", "Quick-start party", self.quick_start),
        )
        form.addRow("Party", self._column(self.party_list, party_buttons))
        form.addRow("Foes", self.foes)
        row = QHBoxLayout()
        row.addWidget(self._button("mg-new-back", "Back to the title", self.back.emit))
        row.addStretch(1)
        row.addWidget(self._button("mg-new-start", "Start the fight", self.confirm))
        layout = QVBoxLayout(self)
        layout.addWidget(title, alignment=Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(form, 1)
        layout.addWidget(self.problem)
        layout.addLayout(row)
        self.mode.currentIndexChanged.connect(self._mode_changed)
        self.players.valueChanged.connect(self._players_changed)
        self.pack.currentIndexChanged.connect(self._pack_changed)
        self._load_packs()
        self._mode_changed()

    # --- building ---

    def _combo(self, name: str, items: tuple[tuple[str, str], ...]) -> QComboBox:
        combo = QComboBox()
        combo.setObjectName(name)
        for key, label in items:
            combo.addItem(label, key)
        return combo

    def _button(self, name: str, text: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(lambda _=False: slot())
        return button

    def _row(self, widget: QWidget, *buttons: tuple[str, str, Callable[[], object]]) -> QWidget:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(widget, 1)
        for name, text, slot in buttons:
            row.addWidget(self._button(name, text, slot))
        return holder

    def _column(self, widget: QWidget, buttons: tuple[tuple[str, str, Callable[[], object]], ...]) -> QWidget:
        holder = QWidget()
        holder.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)  # the foes take the height
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(widget, 1, Qt.AlignmentFlag.AlignTop)
        column = QVBoxLayout()
        for name, text, slot in buttons:
            column.addWidget(self._button(name, text, slot))
        column.addStretch(1)
        row.addLayout(column)
        return holder

    # --- the pack ---

    def _load_packs(self, keep: str | None = None) -> None:
        """List the house pack and the user's packs; a broken one is listed, greyed, with its problem."""
        self.pack.blockSignals(True)
        self.pack.clear()
        for listing in packs_for(GAME):
            self.pack.addItem(listing.label, listing)
            if listing.pack is None:  # listed, with its problem, but not to be picked
                model = self.pack.model()
                if isinstance(model, QStandardItemModel):
                    item = model.item(self.pack.count() - 1)
                    if item is not None:
                        item.setEnabled(False)
                self.pack.setItemData(self.pack.count() - 1, listing.problem, Qt.ItemDataRole.ToolTipRole)
        labels = [self.pack.itemText(i) for i in range(self.pack.count())]
        self.pack.setCurrentIndex(labels.index(keep) if keep in labels else 0)
        self.pack.blockSignals(False)
        self._pack_changed()

    def _pack_changed(self) -> None:
        listing = self.pack.currentData()
        self.problem.clear()
        try:
            self.content = read_mg_pack(listing.pack) if listing is not None and listing.pack is not None else None
        except PackError as error:
            self.content = None
            self.problem.setText(f"This pack cannot be used: {error}")
        self.lines = roster(self.content) if self.content is not None else []
        self.foes.clear()
        for line in self.lines:
            self.foes.addItem(line.replace("\n", " · "))
            self.foes.item(self.foes.count() - 1).setSelected(line in DEFAULT_FOES)
        if self.foes.count() and not self.foes.selectedItems():
            self.foes.item(0).setSelected(True)

    def edit_packs(self) -> None:  # pragma: no cover - a modal window of its own, tested in tests/desktop/packs
        keep = self.pack.currentText()
        edit_packs(self, GAME)
        self._load_packs(keep)

    # --- the party ---

    def _players_changed(self) -> None:
        if self.quick:
            self.quick_start()

    def quick_start(self) -> None:
        """The quick-start duelists, one per player."""
        self.quick = True
        self._set_party(choose_party(self, self.players.value() if self.mode.currentData() == "hot-seat" else 1))

    def create_member(self) -> Character | None:
        """A character made in the creation wizard over the chosen pack joins the party."""
        if self.content is None:
            self.problem.setText("Pick a pack that can be used first.")
            return None
        made = self.creator(self, self.content)
        if made is None:
            return None
        party = [] if self.quick else list(self.party)
        self.quick = False
        self._set_party([*party, made])
        return made

    def remove(self) -> None:
        row = self.party_list.currentRow()
        if 0 <= row < len(self.party):
            self.quick = False
            self._set_party([c for i, c in enumerate(self.party) if i != row])

    def _set_party(self, party: list[Character]) -> None:
        self.party = party
        self.party_list.clear()
        for character in party:
            self.party_list.addItem(f"{character.name}, {character.character_class}")
        self.problem.clear()

    # --- the rest ---

    def _mode_changed(self) -> None:
        solo = self.mode.currentData() == "solo"
        self.players.setEnabled(not solo)
        self.gm.setEnabled(not solo)
        if solo:
            self.gm.setCurrentIndex(0)
        if self.quick:
            self.quick_start()

    def chosen_foes(self) -> list[str]:
        return [self.lines[i.row()] for i in self.foes.selectedIndexes()]

    def confirm(self) -> None:
        why = self.refusal()
        if why:
            self.problem.setText(why)
            return
        self.start.emit(
            self.mode.currentData(), self.gm.currentData(), list(self.party), self.chosen_foes(), self.content
        )

    def refusal(self) -> str:
        """Why the fight cannot start yet, in words; empty when it can."""
        if self.content is None:
            return "Pick a pack that can be used."
        if not self.party:
            return "The party is empty: take the quick-start party or create a character."
        if self.mode.currentData() == "hot-seat" and len(self.party) > MOST_SEATS:
            return f"Hot-seat seats at most {MOST_SEATS} characters, one per player."
        if not self.chosen_foes():
            return "Choose at least one foe."
        return ""
