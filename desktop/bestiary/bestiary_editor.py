"""The bestiary editor: the GM makes and edits their own adversaries, each checked by the one bestiary loader as it
is typed (errors name the file, the entry and the field), with a preview of what each intent card would make it do.

Each suit's intent is typed as the file writes it (docs/adversary-format.md): a list of steps such as
``[{"do": "move", "amount": 1}, {"do": "damage", "amount": 8}]``, ``{"steps": [...], "union": [...]}`` or
``"redraw_face_down"``. "Keep" writes the GM's file (``user_bestiary.py``); the shipped bestiaries never change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.lettering import PROBLEM_STYLE
from rt0table.rules.rt0.content.adversaries import INTENT_KEYS, BestiaryError, kind_from_dict
from rt0table.rules.rt0.content.bestiary_preview import intent_previews

from .user_bestiary import checked, read_entries, write_entries

TARGETING = ("default", "strategic", "dimwitted")
BLANK: dict[str, Any] = {
    "id": "new_adversary",
    "name": "New adversary",
    "hp": 10,
    "source": "house",
    "intents": {
        "Swords": [{"do": "move", "amount": 1}, {"do": "damage", "amount": 4}],
        "Wands": [{"do": "damage", "amount": 2, "ranged": True}],
        "Cups": [{"do": "shield", "amount": 2}],
        "Pentacles": [{"do": "heal", "amount": 2}],
        "Major": "redraw_face_down",
    },
}


class BestiaryEditor(QWidget):
    """The GM's adversaries in a list, the one picked in a form, its intents previewed; ``done`` to leave."""

    done = Signal()

    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bestiary-editor")
        self.path = path
        self.entries: list[dict[str, Any]] = []
        self.current: int | None = None
        self.status = QLabel()
        self.status.setObjectName("bestiary-status")
        self.status.setWordWrap(True)
        try:
            self.entries = read_entries(path)
        except BestiaryError as error:  # shown, and the file left alone until the GM keeps a good one
            self.say(f"{error}. Nothing in it is used until it is fixed here.", problem=True)
        self.list = QListWidget()
        self.list.setObjectName("bestiary-mine")
        self.list.currentRowChanged.connect(self.pick)
        self.new_button = QPushButton("New adversary")
        self.new_button.clicked.connect(self.add)
        self.delete_button = QPushButton("Delete")
        self.delete_button.clicked.connect(self.delete)
        self.keep_button = QPushButton("Keep")
        self.keep_button.setObjectName("bestiary-keep")
        self.keep_button.clicked.connect(self.keep)
        self.done_button = QPushButton("Done")
        self.done_button.clicked.connect(self.done.emit)
        left = QVBoxLayout()
        left.addWidget(QLabel(f"Your adversaries ({path.name}):"))
        left.addWidget(self.list, 1)
        row = QHBoxLayout()
        row.addWidget(self.new_button)
        row.addWidget(self.delete_button)
        left.addLayout(row)
        left.addWidget(self.done_button)
        right = QVBoxLayout()
        right.addLayout(self._form())
        right.addWidget(self.status)
        right.addWidget(QLabel("What each intent card would make it do (one fighter with 20 HP in the next zone):"))
        self.preview = QLabel()
        self.preview.setObjectName("bestiary-preview")
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignTop)
        right.addWidget(self.preview, 1)
        right.addWidget(self.keep_button)
        outer = QHBoxLayout(self)
        outer.addLayout(left, 1)
        outer.addLayout(right, 3)
        self._fill_list()
        if self.entries:
            self.list.setCurrentRow(0)
        self._enable()

    def _form(self) -> QFormLayout:
        form = QFormLayout()
        self.id_edit = QLineEdit()
        self.name_edit = QLineEdit()
        self.hp = QSpinBox()
        self.hp.setRange(1, 999)
        self.flying = QCheckBox("Flying (only Ranged damage hurts it fully)")
        self.targeting = QComboBox()
        self.targeting.addItems(TARGETING)
        self.hidden = QCheckBox("Intents drawn face down")
        self.notes = QLineEdit()
        self.intents = {suit: QLineEdit() for suit in INTENT_KEYS}
        form.addRow("Id", self.id_edit)
        form.addRow("Name", self.name_edit)
        form.addRow("HP", self.hp)
        form.addRow("", self.flying)
        form.addRow("Targeting", self.targeting)
        form.addRow("", self.hidden)
        form.addRow("Notes", self.notes)
        for suit, edit in self.intents.items():
            edit.setObjectName(f"bestiary-intent-{suit}")
            form.addRow(suit, edit)
        for line in (self.id_edit, self.name_edit, self.notes, *self.intents.values()):
            line.textChanged.connect(self.check)
        self.hp.valueChanged.connect(self.check)
        self.flying.toggled.connect(self.check)
        self.hidden.toggled.connect(self.check)
        self.targeting.currentIndexChanged.connect(self.check)
        return form

    # --- the list ---

    def _fill_list(self) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for raw in self.entries:
            self.list.addItem(f"{raw.get('name', '?')} ({raw.get('id', '?')})")
        self.list.blockSignals(False)

    def _enable(self) -> None:
        on = self.current is not None
        for widget in (self.id_edit, self.name_edit, self.hp, self.flying, self.targeting, self.hidden, self.notes):
            widget.setEnabled(on)
        for edit in self.intents.values():
            edit.setEnabled(on)
        self.keep_button.setEnabled(on)
        self.delete_button.setEnabled(on)

    def pick(self, row: int) -> None:
        self.current = row if 0 <= row < len(self.entries) else None
        if self.current is not None:
            self.show_entry(self.entries[self.current])
        self._enable()

    def show_entry(self, raw: dict[str, Any]) -> None:
        self.id_edit.setText(str(raw.get("id", "")))
        self.name_edit.setText(str(raw.get("name", "")))
        hp = raw.get("hp")
        self.hp.setValue(hp if isinstance(hp, int) and not isinstance(hp, bool) else 1)
        self.flying.setChecked(raw.get("flying") is True)
        self.targeting.setCurrentText(str(raw.get("targeting", "default")))
        self.hidden.setChecked(raw.get("hidden_intents") is True)
        self.notes.setText(str(raw.get("notes", "")))
        intents = raw.get("intents") if isinstance(raw.get("intents"), dict) else {}
        assert isinstance(intents, dict)
        for suit, edit in self.intents.items():
            edit.setText(json.dumps(intents.get(suit, []), ensure_ascii=False))
        self.check()

    def add(self) -> None:
        taken = {str(raw.get("id")) for raw in self.entries}
        fresh = dict(BLANK)
        number = 1
        while fresh["id"] in taken:
            number += 1
            fresh["id"] = f"new_adversary_{number}"
        self.entries.append(fresh)
        self._fill_list()
        self.list.setCurrentRow(len(self.entries) - 1)

    def delete(self) -> None:
        if self.current is None:
            return
        kept = self.entries[: self.current] + self.entries[self.current + 1 :]
        if self._write(kept):
            self.entries = kept
            self._fill_list()
            self.current = None
            self.list.setCurrentRow(min(len(kept) - 1, 0) if kept else -1)
            self._enable()

    # --- the form ---

    def form_entry(self) -> dict[str, Any]:
        """The entry as the form says; raises BestiaryError naming the field when an intent is not JSON."""
        index = (self.current or 0) + 1
        raw: dict[str, Any] = {"id": self.id_edit.text().strip(), "name": self.name_edit.text().strip()}
        raw |= {"hp": self.hp.value(), "source": "house"}
        if self.flying.isChecked():
            raw["flying"] = True
        if self.targeting.currentText() != "default":
            raw["targeting"] = self.targeting.currentText()
        if self.hidden.isChecked():
            raw["hidden_intents"] = True
        if self.notes.text().strip():
            raw["notes"] = self.notes.text().strip()
        intents: dict[str, Any] = {}
        for suit, edit in self.intents.items():
            try:
                intents[suit] = json.loads(edit.text())
            except json.JSONDecodeError as error:
                where = f"{self.path.name}: adversary #{index} ({raw['id']}): field 'intents.{suit}'"
                raise BestiaryError(f"{where}: not JSON ({error.msg} at column {error.colno})") from None
        raw["intents"] = intents
        return raw

    def check(self) -> bool:
        """Check the form through the loader; show the error, or the preview of every intent card."""
        if self.current is None:
            return False
        try:
            raw = self.form_entry()
            kind = kind_from_dict(raw, self.path.name, self.current)
            others = [e for i, e in enumerate(self.entries) if i != self.current]
            checked([*others[: self.current], raw, *others[self.current :]], self.path.name)
        except BestiaryError as error:
            self.say(str(error), problem=True)
            self.preview.clear()
            return False
        rows = []
        for seen in intent_previews(kind):
            said = f"<b>{seen.suit}</b>: {seen.plan}" + (f" → {seen.outcome}" if seen.outcome else "")
            if seen.union:
                said += f"<br>&nbsp;&nbsp;once another {kind.name} has done it this round: {seen.union}"
            rows.append(said)
        self.preview.setText("<br>".join(rows))
        self.say("")
        return True

    def keep(self) -> bool:
        """Write the entry into the GM's file (the whole file checked first; nothing written when it fails)."""
        if self.current is None or not self.check():
            return False
        entries = list(self.entries)
        entries[self.current] = self.form_entry()
        if not self._write(entries):
            return False
        self.entries = entries
        row = self.current
        self._fill_list()
        self.list.setCurrentRow(row)
        self.say(f"Kept in {self.path}.")
        return True

    def _write(self, entries: list[dict[str, Any]]) -> bool:
        try:
            write_entries(self.path, entries)
        except (BestiaryError, OSError) as error:
            self.say(f"Not kept: {error}", problem=True)
            return False
        return True

    def say(self, text: str, problem: bool = False) -> None:
        self.status.setStyleSheet(PROBLEM_STYLE if problem else "")
        self.status.setText(text)
