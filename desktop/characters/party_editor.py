"""The party: 1–4 characters plus any Eddies; new characters are made on the creation page beside the list."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.characters.creation import CharacterCreation
from rt0table.desktop.lettering import HINT_STYLE, PROBLEM_STYLE, scaled_font
from rt0table.rules.rt0.campaign.character import Character, Eddy
from rt0table.rules.rt0.campaign.descriptions import EDDY_JOBS
from rt0table.rules.rt0.campaign.party import Party, draft_of
from rt0table.rules.rt0.fight.serialize import encode
from rt0table.rules.rt0.traits import Skill

CARD_SHARE = 0.68  # of the width for the Report Card beside the list, until the player drags the divider


def character_line(c: Character) -> str:
    spells = ", ".join(s.value for s in c.all_spells) or "no spells"
    return (
        f"{c.name} — {c.arcana.title}\n{c.ability.value} (+{c.free_ability.value}), {c.weakness.value} · "
        f"A+ {'/'.join(s.value for s in c.a_plus_skills)}, F {'/'.join(s.value for s in c.failed_skills)} · {spells}"
    )


def eddy_line(e: Eddy) -> str:
    job = f", {e.job}" if e.job else ""
    return f"{e.name} — Eddy\nchecks {e.skill.value} only{job}"


class PartyEditor(QWidget):
    """Edit a ``Party``; ``party_changed`` fires after every change, ``ready`` when the player is done."""

    party_changed = Signal()
    ready = Signal(object)  # Party

    def __init__(self, party: Party | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("party-editor")
        self.party = party if party is not None else Party()
        self.creation: CharacterCreation | None = None
        self._build()
        self.refresh()

    def _build(self) -> None:
        title = QLabel("Your party")
        title.setFont(scaled_font(self.font(), 1.6, bold=True))
        intro = QLabel(
            "One to four characters, plus as many Eddies as you like. Eddies are cheerful station robots "
            "with one skill each: good for a drop-in player or someone between characters."
        )
        intro.setWordWrap(True)

        self.members = QListWidget()
        self.members.setObjectName("party-members")
        self.members.setWordWrap(True)
        self.members.setSpacing(4)  # each entry stands apart from the next
        self.members.setAlternatingRowColors(True)
        self.members.currentRowChanged.connect(lambda _row: self._render_buttons())

        self.new_button = QPushButton("New character")
        self.new_button.setObjectName("party-new-character")
        self.new_button.clicked.connect(self.start_character)
        self.eddy_button = QPushButton("Add an Eddy")
        self.eddy_button.setObjectName("party-add-eddy")
        self.eddy_button.clicked.connect(self.offer_eddy)
        self.edit_button = QPushButton("Edit")
        self.edit_button.setObjectName("party-edit")
        self.edit_button.clicked.connect(self.edit_selected)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("party-remove")
        self.remove_button.clicked.connect(self.remove_selected)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.eddy_button)
        buttons.addWidget(self.edit_button)
        buttons.addWidget(self.remove_button)

        self.eddy_strip = QWidget()
        self.eddy_strip.setObjectName("eddy-strip")
        strip = QVBoxLayout(self.eddy_strip)
        strip.setContentsMargins(0, 0, 0, 0)
        self.eddy_prompt = QLabel()
        self.eddy_prompt.setWordWrap(True)
        strip.addWidget(self.eddy_prompt)
        skill_row = QGridLayout()  # two rows of four: eight in one row would make the list wider than the card
        self.eddy_skill_buttons: dict[Skill, QPushButton] = {}
        for index, skill in enumerate(Skill):
            button = QPushButton(skill.value)
            button.setObjectName(f"eddy-skill-{skill.value.lower()}")
            button.setToolTip(f"The Eddy {EDDY_JOBS[skill]}.")
            button.clicked.connect(lambda _=False, s=skill: self.add_eddy(s))
            skill_row.addWidget(button, *divmod(index, 4))
            self.eddy_skill_buttons[skill] = button
        strip.addLayout(skill_row)
        self.eddy_job = QLineEdit()
        self.eddy_job.setObjectName("eddy-job")
        self.eddy_job.setPlaceholderText("Its job around the station (optional; a default comes with the skill)")
        strip.addWidget(self.eddy_job)
        keep_room = self.eddy_strip.sizePolicy()
        keep_room.setRetainSizeWhenHidden(True)  # showing the Eddy's skills never makes the list jump
        self.eddy_strip.setSizePolicy(keep_room)
        self.eddy_strip.hide()

        self.status = QLabel()
        self.status.setObjectName("party-status")
        self.status.setWordWrap(True)
        self.done_button = QPushButton("Done")
        self.done_button.setObjectName("party-done")
        self.done_button.clicked.connect(lambda: self.ready.emit(self.party))

        left = QWidget()
        column = QVBoxLayout(left)
        column.addWidget(title)
        column.addWidget(intro)
        column.addWidget(self.members, 1)
        column.addLayout(buttons)
        column.addWidget(self.eddy_strip)
        column.addWidget(self.status)
        column.addWidget(self.done_button)

        self.side = QStackedWidget()
        placeholder = QLabel("Pick “New character” to fill in a Report Card here.")
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        placeholder.setWordWrap(True)
        placeholder.setStyleSheet(HINT_STYLE)
        self.side.addWidget(placeholder)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.side)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 3)
        splitter.splitterMoved.connect(self._dragged)
        self.splitter, self._user_sized = splitter, False
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

    # --- the Report Card's share of the width ---

    def _dragged(self) -> None:
        self._user_sized = True

    def _share_width(self) -> None:
        """The Report Card gets its share whatever the list's text asks for: its columns never reflow sideways."""
        if self._user_sized:
            return
        width = max(sum(self.splitter.sizes()), 1)
        self.splitter.setSizes([round(width * (1 - CARD_SHARE)), round(width * CARD_SHARE)])

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._share_width()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._share_width()

    # --- actions ---

    def start_character(self) -> CharacterCreation:
        """Open a blank Report Card beside the list (the rest of the party's spells show as closed)."""
        self.close_creation()
        self.creation = CharacterCreation(self.party.characters)
        self.creation.finished.connect(self.add_character)
        self.creation.cancelled.connect(self.close_creation)
        self.side.addWidget(self.creation)
        self.side.setCurrentWidget(self.creation)
        self.eddy_strip.hide()
        return self.creation

    def edit_selected(self) -> CharacterCreation | None:
        """The selected character's Report Card beside the list, to change within the rules; Finish puts the
        changed character in its place (checked against the others, as a new one is)."""
        row = self.members.currentRow()
        if not 0 <= row < len(self.party.characters):
            return None
        self.close_creation()
        others = tuple(c for i, c in enumerate(self.party.characters) if i != row)
        self.creation = CharacterCreation(others, draft_of(self.party.characters[row]))
        self.creation.finished.connect(lambda character: self.replace_character(row, character))
        self.creation.cancelled.connect(self.close_creation)
        self.side.addWidget(self.creation)
        self.side.setCurrentWidget(self.creation)
        self.eddy_strip.hide()
        return self.creation

    def replace_character(self, row: int, character: Character) -> None:
        try:
            self.party = self.party.replace_character(row, character)
        except ValueError as error:
            self.status.setStyleSheet(PROBLEM_STYLE)
            self.status.setText(str(error))
            return
        self.close_creation()
        self._changed()
        self.members.setCurrentRow(row)

    def close_creation(self) -> None:
        if self.creation is not None:
            self.side.removeWidget(self.creation)
            self.creation.deleteLater()
            self.creation = None
        self.side.setCurrentIndex(0)

    def add_character(self, character: Character) -> None:
        try:
            self.party = self.party.add_character(character)
        except ValueError as error:
            self.status.setStyleSheet(PROBLEM_STYLE)
            self.status.setText(str(error))
            return
        self.close_creation()
        self._changed()

    def offer_eddy(self) -> None:
        """First click: show the skill buttons, the default one highlighted. The second click adds the Eddy."""
        name = self.party.next_eddy_name()
        default = self.party.default_eddy_skill()
        self.eddy_prompt.setText(
            f"{name} rolls up. Which skill does it have? "
            f"{default.value} is the default: nobody in the party has its A+ yet."
        )
        for skill, button in self.eddy_skill_buttons.items():
            button.setDefault(skill is default)
            button.setText(f"{skill.value} ★" if skill is default else skill.value)
        self.eddy_job.clear()
        self.eddy_strip.show()
        self.eddy_skill_buttons[default].setFocus()

    def add_eddy(self, skill: Skill) -> None:
        job = self.eddy_job.text().strip() or EDDY_JOBS[skill]
        self.party = self.party.add_eddy(skill, job)
        self.eddy_strip.hide()
        self._changed()

    def remove_selected(self) -> None:
        row = self.members.currentRow()
        if row < 0:
            return
        count = len(self.party.characters)
        self.party = self.party.remove_character(row) if row < count else self.party.remove_eddy(row - count)
        self._changed()

    def to_json(self) -> str:
        return json.dumps(encode(self.party), indent=2)

    # --- rendering ---

    def _changed(self) -> None:
        self.refresh()
        self.party_changed.emit()

    def refresh(self) -> None:
        self.members.clear()
        for c in self.party.characters:
            QListWidgetItem(character_line(c), self.members)
        for e in self.party.eddies:
            QListWidgetItem(eddy_line(e), self.members)
        why = self.party.start_refusal()
        count = len(self.party.characters)
        eddies = len(self.party.eddies)
        if why is not None:
            self.status.setStyleSheet(HINT_STYLE)
            self.status.setText(why)
        else:
            self.status.setStyleSheet("")
            self.status.setText(
                f"{count} character{'s' if count != 1 else ''} and {eddies} Edd{'ies' if eddies != 1 else 'y'}."
            )
        self.done_button.setEnabled(why is None)
        self.done_button.setToolTip(why or "")
        self._render_buttons()

    def _render_buttons(self) -> None:
        full = self.party.add_refusal()
        self.new_button.setEnabled(full is None)
        self.new_button.setToolTip(full or "Fill in a new Report Card.")
        self.remove_button.setEnabled(self.members.currentRow() >= 0)
        editable = 0 <= self.members.currentRow() < len(self.party.characters)
        self.edit_button.setEnabled(editable)
        self.edit_button.setToolTip("Change the selected character's Report Card" if editable else "Select a character")
