"""Setting a fight up: the room, the adversaries, where everyone starts, the seed; then the Arcana Abilities."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.flow.ability_picker import AbilityPicker
from rt0table.desktop.flow.zone_grid import Figure, ZoneGrid
from rt0table.desktop.lettering import HINT_STYLE, PROBLEM_STYLE, scaled_font, wrapped_label
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.content.adversaries import AdversaryKind
from rt0table.rules.rt0.fight.engine import CHOSEN_ARCANA_ABILITIES, AdversarySetup
from rt0table.rules.rt0.fight.modifiers import EVA_SUIT
from rt0table.rules.rt0.fight.zones import ROOM_SIZES, Zone

SOURCES = (
    ("book", "From the book"),
    ("house", "House content: the book sketches these, the numbers are this app's own"),
)
KIND_ROLE = Qt.ItemDataRole.UserRole


def _title(text: str, font_source: QWidget) -> QLabel:
    label = QLabel(text)
    label.setFont(scaled_font(font_source.font(), 1.6, bold=True))
    return label


class FightSetupScreen(QWidget):
    """Two steps: the room and who is in it, then each player's Arcana Abilities. ``started`` carries the plan."""

    started = Signal(object)  # FightPlan
    back = Signal()
    edit_bestiary = Signal()  # the GM's own adversaries, in the bestiary editor

    def __init__(
        self,
        campaign: cp.Campaign,
        bestiary: dict[str, AdversaryKind],
        seed: int | None = None,
        parent: QWidget | None = None,
        mine: frozenset[str] = frozenset(),
    ) -> None:
        """``mine``: the ids in ``bestiary`` that are the GM's own (their user bestiary), listed apart."""
        super().__init__(parent)
        self.setObjectName("fight-setup")
        self.campaign = campaign
        self.bestiary = bestiary
        self.mine = mine
        self.confirming = False  # Start pressed once with Arcana Abilities unchosen: the next press goes ahead
        self.room_size = 3
        self.foes: list[str] = []  # adversary kinds, in order
        self.zones: dict[str, Zone] = fp.default_zones(campaign, self.room_size)
        self.pages = QStackedWidget()
        self.pages.addWidget(self._room_page(seed if seed is not None else random.randrange(1, 1_000_000)))
        self.pages.addWidget(self._abilities_page())
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        self._refresh()

    # --- page 1: the room ---

    def _room_page(self, seed: int) -> QWidget:
        page = QWidget()
        room_box = QGroupBox("Room")
        room_row = QHBoxLayout(room_box)
        self.room_group = QButtonGroup(self)
        self.room_buttons: dict[int, QRadioButton] = {}
        for size in ROOM_SIZES:
            button = QRadioButton(f"{size}x{size}")
            button.setObjectName(f"room-{size}")
            button.setChecked(size == self.room_size)
            button.toggled.connect(lambda on, s=size: self.set_room(s) if on else None)
            self.room_group.addButton(button)
            self.room_buttons[size] = button
            room_row.addWidget(button)
        room_row.addStretch(1)

        foe_box = QGroupBox("Adversaries")
        foe_layout = QVBoxLayout(foe_box)
        self.bestiary_list = QListWidget()
        self.bestiary_list.setObjectName("bestiary")
        self.bestiary_list.setWordWrap(True)
        for source, heading in (*SOURCES, ("mine", "Your own adversaries (your bestiary file)")):
            mine = self.mine
            kinds = [k for k in self.bestiary.values() if (k.id in mine) == (source == "mine")
                     and (source == "mine" or k.source == source)]  # fmt: skip
            if source == "mine" and not kinds:
                continue
            header = QListWidgetItem(heading, self.bestiary_list)
            header.setFlags(Qt.ItemFlag.NoItemFlags)
            header.setFont(scaled_font(self.font(), 1.0, bold=True))
            for kind in sorted(kinds, key=lambda k: k.name):
                tag = {"book": "book", "mine": "yours"}.get(source, "house")
                item = QListWidgetItem(f"{kind.name} — {kind.hp} HP ({tag})", self.bestiary_list)
                item.setData(KIND_ROLE, kind.id)
                item.setToolTip(kind.notes or f"{kind.name}: {kind.hp} HP, numbers from the book.")
        self.bestiary_list.itemDoubleClicked.connect(lambda _item: self.add_selected())
        self.add_button = QPushButton("Add to the fight")
        self.add_button.setObjectName("bestiary-add")
        self.add_button.clicked.connect(self.add_selected)
        self.foe_list = QListWidget()
        self.foe_list.setObjectName("fight-foes")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("fight-foe-remove")
        self.remove_button.clicked.connect(self.remove_selected)
        foe_layout.addWidget(self.bestiary_list, 3)
        self.edit_bestiary_button = QPushButton("Your adversaries…")
        self.edit_bestiary_button.setObjectName("bestiary-edit")
        self.edit_bestiary_button.setToolTip("Make and edit your own adversaries; they are listed here for fights")
        self.edit_bestiary_button.clicked.connect(self.edit_bestiary.emit)
        add_row = QHBoxLayout()
        add_row.addWidget(self.add_button, 1)
        add_row.addWidget(self.edit_bestiary_button)
        foe_layout.addLayout(add_row)
        foe_layout.addWidget(QLabel("In this fight:"))
        foe_layout.addWidget(self.foe_list, 1)
        foe_layout.addWidget(self.remove_button)

        place_box = QGroupBox("Where everyone starts")
        place_layout = QVBoxLayout(place_box)
        self.grid = ZoneGrid()
        self.grid.moved.connect(self._grid_moved)
        place_layout.addWidget(self.grid)

        seed_row = QHBoxLayout()
        self.seed = QSpinBox()
        self.seed.setObjectName("fight-seed")
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(seed)
        self.seed.setToolTip("The same seed, set-up and plays give the same fight.")
        reseed = QPushButton("New seed")
        reseed.clicked.connect(lambda: self.seed.setValue(random.randrange(1, 1_000_000)))
        seed_row.addWidget(QLabel("Shuffle seed"))
        seed_row.addWidget(self.seed)
        seed_row.addWidget(reseed)
        seed_row.addStretch(1)

        self.room_status = wrapped_label("fight-setup-status")
        back = QPushButton("Back")
        back.setObjectName("fight-setup-back")
        back.clicked.connect(self.back.emit)
        self.next_button = QPushButton("Next: Arcana Abilities")
        self.next_button.setObjectName("fight-setup-next")
        self.next_button.clicked.connect(lambda: self.pages.setCurrentIndex(1))
        buttons = QHBoxLayout()
        buttons.addWidget(back)
        buttons.addWidget(self.room_status, 1)
        buttons.addWidget(self.next_button)

        left = QVBoxLayout()
        left.addWidget(room_box)
        left.addWidget(foe_box, 1)
        right = QVBoxLayout()
        right.addWidget(place_box, 1)
        right.addLayout(seed_row)
        columns = QHBoxLayout()
        columns.addLayout(left, 2)
        columns.addLayout(right, 3)
        layout = QVBoxLayout(page)
        layout.addWidget(_title("Set up the fight", self))
        layout.addLayout(columns, 1)
        layout.addLayout(buttons)
        return page

    def set_room(self, size: int) -> None:
        """Change the room; everyone goes back to their default zone in it."""
        self.room_size = size
        self.zones = fp.default_zones(self.campaign, size)
        for i in range(len(self.foes)):
            self.zones[f"foe:{i}"] = fp.adversary_zone(size, i)
        self.room_buttons[size].setChecked(True)
        self._refresh()

    def add_foe(self, kind: str) -> None:
        self.foes.append(kind)
        self.zones[f"foe:{len(self.foes) - 1}"] = fp.adversary_zone(self.room_size, len(self.foes) - 1)
        self._refresh()

    def add_selected(self) -> None:
        item = self.bestiary_list.currentItem()
        kind = item.data(KIND_ROLE) if item is not None else None
        if isinstance(kind, str):
            self.add_foe(kind)

    def remove_selected(self) -> None:
        row = self.foe_list.currentRow()
        if row < 0:
            return
        kept = [(k, self.zones[f"foe:{i}"]) for i, k in enumerate(self.foes) if i != row]
        for i in range(len(self.foes)):
            self.zones.pop(f"foe:{i}", None)
        self.foes = [k for k, _ in kept]
        for i, (_, zone) in enumerate(kept):
            self.zones[f"foe:{i}"] = zone
        self._refresh()

    def _grid_moved(self) -> None:
        self.zones.update(self.grid.zones)
        self._refresh(grid=False)

    def figures(self) -> list[Figure]:
        people = [Figure(m.id, m.character.name, False) for m in fp.fighting_members(self.campaign)]
        people += [Figure(fid, eddy.name, False) for fid, eddy in fp.eddy_ids(self.campaign).items()]
        return people + [Figure(f"foe:{i}", self._foe_name(i), True) for i in range(len(self.foes))]

    def _foe_name(self, index: int) -> str:
        kind = self.bestiary[self.foes[index]]
        same = [i for i, k in enumerate(self.foes) if k == kind.id]
        return f"{kind.name} {same.index(index) + 1}" if len(same) > 1 else kind.name

    # --- page 2: Arcana Abilities ---

    def _abilities_page(self) -> QWidget:
        page = QWidget()
        intro = wrapped_label("abilities-intro")
        intro.setText(
            f"Now that you can see who you are up against, each player picks {CHOSEN_ARCANA_ABILITIES} of their "
            "Arcana Abilities to bring. An ability whose Corruption Upgrade is full comes along anyway, for free. "
            "Once the fight is on, any other Arcana Ability can still join, for 1 Corruption each."
        )
        self.pickers: dict[str, AbilityPicker] = {}
        holder = QWidget()
        column = QVBoxLayout(holder)
        for m in fp.fighting_members(self.campaign):
            picker = AbilityPicker(self.campaign, m.id)
            picker.changed.connect(self._refresh)
            column.addWidget(picker)
            self.pickers[m.id] = picker
        column.addWidget(self._suits_box())
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(holder)
        self.start_status = wrapped_label("fight-start-status")
        back = QPushButton("Back to the room")
        back.setObjectName("abilities-back")
        back.clicked.connect(lambda: self.pages.setCurrentIndex(0))
        self.start_button = QPushButton("Start the fight")
        self.start_button.setObjectName("fight-start")
        self.start_button.clicked.connect(self.start)
        buttons = QHBoxLayout()
        buttons.addWidget(back)
        buttons.addWidget(self.start_status, 1)
        buttons.addWidget(self.start_button)
        layout = QVBoxLayout(page)
        layout.addWidget(_title("Arcana Abilities to bring", self))
        layout.addWidget(intro)
        layout.addWidget(scroll, 1)
        layout.addLayout(buttons)
        return page

    def _suits_box(self) -> QGroupBox:
        """ITM-EVA-SUIT: whoever carries the suit may have put it on before the fight (in the fight it costs the
        round and a GYM check); hidden when nobody carries one."""
        box = QGroupBox("EVA Suit")
        box.setObjectName("fight-suits")
        layout = QVBoxLayout(box)
        hint = wrapped_label(style=HINT_STYLE)
        hint.setText(
            "Worn from the start: 3 Shield every turn and no harm from gas or liquid, but a Penalty on every check "
            "except FINAID. Putting it on during the fight takes that fighter's whole round and a Medium GYM check."
        )
        layout.addWidget(hint)
        self.suit_boxes: dict[str, QCheckBox] = {}
        for m in fp.fighting_members(self.campaign):
            if EVA_SUIT in m.items:
                tick = QCheckBox(f"{m.character.name} starts the fight wearing the EVA Suit")
                tick.setObjectName(f"fight-suit-{m.id}")
                layout.addWidget(tick)
                self.suit_boxes[m.id] = tick
        box.setVisible(bool(self.suit_boxes))
        return box

    # --- the plan ---

    def plan(self) -> fp.FightPlan:
        foes = tuple(AdversarySetup(kind, self.zones[f"foe:{i}"]) for i, kind in enumerate(self.foes))
        fighters = {k: z for k, z in self.zones.items() if not k.startswith("foe:")}
        abilities = {member_id: picker.chosen() for member_id, picker in self.pickers.items()}
        suited = tuple(m for m, tick in getattr(self, "suit_boxes", {}).items() if tick.isChecked())
        return fp.FightPlan(self.seed.value(), self.room_size, foes, fighters, abilities, suited)

    def start(self) -> None:
        plan = self.plan()
        reason = fp.plan_refusal(self.campaign, plan)
        if reason is not None:
            self.start_status.setStyleSheet(PROBLEM_STYLE)
            self.start_status.setText(reason)
            return
        question = self.unchosen_question()
        if question and not self.confirming:  # ask once; a second press (or Enter) goes ahead
            self.confirming = True
            self.start_status.setStyleSheet(PROBLEM_STYLE)
            self.start_status.setText(question)
            self.start_button.setText("Start anyway")
            self.start_button.setFocus()
            return
        self.started.emit(plan)

    def unchosen_question(self) -> str:
        """Who still has Arcana Abilities to choose, as a question; empty when every choice is made."""
        short = [(self.campaign.member(m).character.name, p) for m, p in self.pickers.items() if p.short()]
        if not short:
            return ""
        names = ", ".join(f"{name} (chosen {len(p.chosen())} of {CHOSEN_ARCANA_ABILITIES})" for name, p in short)
        return f"Not every Arcana Ability is chosen: {names}. Start anyway, or tick them first?"

    def _refresh(self, grid: bool = True) -> None:
        self.foe_list.clear()
        for i in range(len(self.foes)):
            QListWidgetItem(self._foe_name(i), self.foe_list)
        if grid:
            self.grid.set_room(self.room_size, self.figures(), self.zones)
        reason = fp.plan_refusal(self.campaign, self.plan()) if hasattr(self, "pickers") else None
        self.confirming = False  # any change asks again
        if hasattr(self, "start_button"):
            self.start_button.setText("Start the fight")
        for label, button in ((self.room_status, self.next_button), (self.start_status, self.start_button)):
            label.setStyleSheet(HINT_STYLE)
            label.setText(reason or "")
            button.setEnabled(reason is None)
            button.setToolTip(reason or "")
