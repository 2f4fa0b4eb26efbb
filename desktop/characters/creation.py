"""Character creation on one page, in Report Card order: Arcana, ability and weakness, A+ and F, spells, name.

The page holds a pure ``Draft``; every click replaces it and re-renders. Options the rules forbid are greyed
out with the reason beside them, and whatever is still wrong is written under the field it concerns, live.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.characters.common import ArrowSelects
from rt0table.desktop.lettering import HINT_STYLE, problem_label, scaled_font, show_problems
from rt0table.rules.rt0.campaign.character import Character, spell_closed_reason
from rt0table.rules.rt0.campaign.descriptions import ARCANA_INFO, SKILL_SUMMARY, SPELL_SUMMARY, TRAIT_SUMMARY
from rt0table.rules.rt0.campaign.party import Draft, ability_refusal, weakness_refusal
from rt0table.rules.rt0.traits import ABILITIES, ARCANA_ABILITY, SKILL_ABILITIES, WEAKNESSES, Arcana, Skill, Spell

FIELD_TITLES = {
    "arcana": "1 · Arcana",
    "ability": "2 · Ability and weakness",
    "a_plus": "3 · Skills: one A+, one F",
    "spells": "4 · Spells",
    "name": "5 · Who are they?",
}
NOTE_LINES = 2  # the longest reason beside an ability pair wraps once at most, with the window 1024 wide


class CharacterCreation(QWidget):
    """Fill in a Report Card; ``finished`` carries the validated Character."""

    finished = Signal(object)  # Character
    cancelled = Signal()
    changed = Signal()

    def __init__(
        self, party: Sequence[Character] = (), draft: Draft | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("character-creation")
        self.party = tuple(party)
        self.draft = draft if draft is not None else Draft()
        self._rendering = False
        self._build()
        self.refresh()

    # --- building ---

    def _build(self) -> None:
        self.problem_labels: dict[str, QLabel] = {}
        page = QWidget()
        grid = QGridLayout(page)
        # One section a row, each the page's width: side by side, a reason appearing in one squeezed the other.
        for row, box in enumerate(
            (self._arcana_box(), self._traits_box(), self._skills_box(), self._spells_box(), self._name_box())
        ):
            grid.addWidget(box, row, 0)
        grid.setRowStretch(5, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(page)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no tab stop that shows nothing: focus goes to the choices
        # The scroll bar keeps its place: coming and going as the page grows, it moved every column sideways.
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.scroll_area = scroll
        for group in (self.arcana_group, self.ability_group, self.weakness_group, self.a_plus_group,
                      self.failed_group):  # fmt: skip
            ArrowSelects(group)

        self.summary = QLabel()
        self.summary.setObjectName("creation-summary")
        self.summary.setWordWrap(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancelled)
        self.finish_button = QPushButton("Finish")
        self.finish_button.setObjectName("creation-finish")
        self.finish_button.setDefault(True)
        self.finish_button.clicked.connect(self.finish)
        footer = QHBoxLayout()
        footer.addWidget(self.summary, 1)
        footer.addWidget(self.cancel_button)
        footer.addWidget(self.finish_button)

        layout = QVBoxLayout(self)
        title = QLabel("New Report Card")
        title.setFont(scaled_font(self.font(), 1.6, bold=True))
        layout.addWidget(title)
        layout.addWidget(scroll, 1)
        layout.addLayout(footer)

    def _section(self, key: str) -> tuple[QGroupBox, QVBoxLayout]:
        box = QGroupBox(FIELD_TITLES[key])
        box.setObjectName(f"section-{key}")
        layout = QVBoxLayout(box)
        return box, layout

    def _problem(self, key: str) -> QLabel:
        label = problem_label(key)
        self.problem_labels[key] = label
        return label

    def _arcana_box(self) -> QGroupBox:
        box, layout = self._section("arcana")
        row = QHBoxLayout()
        self.arcana_group = QButtonGroup(self)
        self.arcana_buttons: dict[Arcana, QRadioButton] = {}
        for arcana in Arcana:
            info = ARCANA_INFO[arcana]
            column = QVBoxLayout()
            button = QRadioButton(arcana.title)
            button.setObjectName(f"arcana-{arcana.name.lower()}")
            button.setFont(scaled_font(self.font(), 1.2, bold=True))
            self.arcana_group.addButton(button)
            self.arcana_buttons[arcana] = button
            button.toggled.connect(lambda on, a=arcana: self._set(arcana=a) if on else None)
            text = "\n".join(
                [info.tagline, *(f"• {c}" for c in info.changes), f"• Skill: {info.skill} — {info.skill_summary}"]
            )
            blurb = QLabel(text)
            blurb.setWordWrap(True)
            column.addWidget(button)
            column.addWidget(blurb)
            column.addStretch(1)
            row.addLayout(column, 1)
        layout.addLayout(row)
        layout.addWidget(self._problem("arcana"))
        return box

    def _traits_box(self) -> QGroupBox:
        box, layout = self._section("ability")
        hint = QLabel("Pick one ability and one weakness. Each row is a pair of opposites; nobody is both.")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        grid = QGridLayout()
        grid.addWidget(QLabel("<b>Ability</b>"), 0, 0)
        grid.addWidget(QLabel("<b>Weakness</b>"), 0, 1)
        self.ability_group = QButtonGroup(self)
        self.weakness_group = QButtonGroup(self)
        self.ability_buttons: dict[object, QRadioButton] = {}
        self.weakness_buttons: dict[object, QRadioButton] = {}
        self.trait_notes: dict[object, QLabel] = {}
        for row, (ability, weakness) in enumerate(zip(ABILITIES, WEAKNESSES, strict=True), start=1):
            a = QRadioButton(ability.value)
            a.setObjectName(f"ability-{ability.value.lower()}")
            a.setToolTip(TRAIT_SUMMARY[ability])
            a.toggled.connect(lambda on, t=ability: self._set(ability=t) if on else None)
            w = QRadioButton(weakness.value)
            w.setObjectName(f"weakness-{weakness.value.lower()}")
            w.setToolTip(TRAIT_SUMMARY[weakness])
            w.toggled.connect(lambda on, t=weakness: self._set(weakness=t) if on else None)
            self.ability_group.addButton(a)
            self.weakness_group.addButton(w)
            self.ability_buttons[ability] = a
            self.weakness_buttons[weakness] = w
            note = _side_note()
            note.setMinimumHeight(note.fontMetrics().lineSpacing() * NOTE_LINES)  # a reason wraps in place
            self.trait_notes[ability] = note
            grid.addWidget(a, row, 0)
            grid.addWidget(w, row, 1)
            grid.addWidget(note, row, 2)
        grid.setColumnStretch(2, 1)
        layout.addLayout(grid)
        layout.addWidget(self._problem("ability"))
        layout.addWidget(self._problem("weakness"))
        layout.addStretch(1)
        return box

    def _skills_box(self) -> QGroupBox:
        box, layout = self._section("a_plus")
        hint = QLabel(
            "The A+ makes checks in that skill a step easier and needs one of its two abilities. "
            "The F makes its checks Unlikely."
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        grid = QGridLayout()
        grid.addWidget(QLabel("<b>Skill</b>"), 0, 0)
        grid.addWidget(QLabel("<b>A+</b>"), 0, 1)
        grid.addWidget(QLabel("<b>F</b>"), 0, 2)
        self.a_plus_group = QButtonGroup(self)
        self.failed_group = QButtonGroup(self)
        self.a_plus_buttons: dict[Skill, QRadioButton] = {}
        self.failed_buttons: dict[Skill, QRadioButton] = {}
        self.skill_notes: dict[Skill, QLabel] = {}
        for row, skill in enumerate(Skill, start=1):
            first, second = SKILL_ABILITIES[skill]
            name = QLabel(f"<b>{skill.value}</b> {SKILL_SUMMARY[skill]} <i>({first.value} / {second.value})</i>")
            name.setWordWrap(True)
            plus = QRadioButton()
            plus.setObjectName(f"a_plus-{skill.value.lower()}")
            plus.setAccessibleName(f"A+ in {skill.value}")
            plus.toggled.connect(lambda on, s=skill: self._set(a_plus=s) if on else None)
            fail = QRadioButton()
            fail.setObjectName(f"failed-{skill.value.lower()}")
            fail.setAccessibleName(f"F in {skill.value}")
            fail.toggled.connect(lambda on, s=skill: self._set(failed=s) if on else None)
            self.a_plus_group.addButton(plus)
            self.failed_group.addButton(fail)
            self.a_plus_buttons[skill] = plus
            self.failed_buttons[skill] = fail
            note = _side_note()
            self.skill_notes[skill] = note
            grid.addWidget(name, row, 0)
            grid.addWidget(plus, row, 1)
            grid.addWidget(fail, row, 2)
            grid.addWidget(note, row, 3)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(3, 2)
        layout.addLayout(grid)
        layout.addWidget(self._problem("a_plus"))
        layout.addWidget(self._problem("failed"))
        layout.addStretch(1)
        return box

    def _spells_box(self) -> QGroupBox:
        box, layout = self._section("spells")
        self.slots_label = QLabel()
        self.slots_label.setObjectName("spell-slots")
        self.slots_label.setWordWrap(True)
        self.slots_label.setMinimumHeight(self.fontMetrics().lineSpacing() * NOTE_LINES)  # its words change in place
        layout.addWidget(self.slots_label)
        grid = QGridLayout()
        self.spell_boxes: dict[Spell, QCheckBox] = {}
        self.spell_notes: dict[Spell, QLabel] = {}
        for index, spell in enumerate(Spell):
            combat, between = SPELL_SUMMARY[spell]
            check = QCheckBox(spell.value)
            check.setObjectName(f"spell-{spell.value.lower()}")
            check.setToolTip(f"In a fight — {combat}\nBetween fights — {between}")
            check.toggled.connect(lambda on, s=spell: self._toggle_spell(s, on))
            note = QLabel(combat)
            note.setWordWrap(True)
            self.spell_boxes[spell] = check
            self.spell_notes[spell] = note
            row, column = divmod(index, 2)
            grid.addWidget(check, row, column * 2)
            grid.addWidget(note, row, column * 2 + 1)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        layout.addLayout(grid)
        layout.addWidget(self._problem("spells"))
        return box

    def _name_box(self) -> QGroupBox:
        box, layout = self._section("name")
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("name")
        self.name_edit.setPlaceholderText("What do the others call them?")
        self.name_edit.textChanged.connect(lambda text: self._set(name=text))
        self.exceptional_edit = QLineEdit()
        self.exceptional_edit.setObjectName("exceptional")
        self.exceptional_edit.setPlaceholderText("Optional: what about them got them picked for ACCELER8?")
        self.exceptional_edit.textChanged.connect(lambda text: self._set(exceptional=text))
        self.outfit_edit = QLineEdit()
        self.outfit_edit.setObjectName("outfit")
        self.outfit_edit.setPlaceholderText("Optional: what are they wearing?")
        self.outfit_edit.textChanged.connect(lambda text: self._set(outfit=text))
        form.addRow("Name", self.name_edit)
        form.addRow("Why were they chosen?", self.exceptional_edit)
        form.addRow("Outfit", self.outfit_edit)
        layout.addLayout(form)
        layout.addWidget(self._problem("name"))
        return box

    # --- changing the draft ---

    def _set(self, **changes: object) -> None:
        if self._rendering:
            return
        self.draft = replace(self.draft, **changes)  # type: ignore[arg-type]
        self.refresh()
        self.changed.emit()

    def _toggle_spell(self, spell: Spell, on: bool) -> None:
        if self._rendering:
            return
        spells = [s for s in self.draft.spells if s is not spell]
        if on:
            spells.append(spell)
        self._set(spells=tuple(s for s in Spell if s in spells))

    def show_field(self, key: str) -> None:
        """Scroll so that a field's section and its problems are in view."""
        label = self.problem_labels[key]
        self.scroll_area.ensureWidgetVisible(label)

    def character(self) -> Character | None:
        """The finished character when nothing is missing or wrong."""
        if self.draft.problems(self.party):
            return None
        return self.draft.character()

    def finish(self) -> None:
        character = self.character()
        if character is not None:
            self.finished.emit(character)

    # --- rendering ---

    def refresh(self) -> None:
        self._rendering = True
        try:
            self._render_options()
            self._render_problems()
        finally:
            self._rendering = False

    def _render_options(self) -> None:
        d = self.draft
        for arcana, button in self.arcana_buttons.items():
            button.setChecked(d.arcana is arcana)
        free = ARCANA_ABILITY[d.arcana] if d.arcana is not None else None
        for ability, weakness in zip(ABILITIES, WEAKNESSES, strict=True):
            a_button, w_button = self.ability_buttons[ability], self.weakness_buttons[weakness]
            a_why = ability_refusal(d.arcana, ability)
            w_why = weakness_refusal(d.arcana, d.ability, weakness)
            _offer(a_button, a_why, TRAIT_SUMMARY[ability], d.ability is ability)
            _offer(w_button, w_why, TRAIT_SUMMARY[weakness], d.weakness is weakness)
            note = self.trait_notes[ability]
            if ability is free:
                note.setText(f"free from {d.arcana.title if d.arcana else ''}")
            else:
                note.setText(a_why or w_why or "")
        held = {d.ability, free} - {None}
        for skill in Skill:
            first, second = SKILL_ABILITIES[skill]
            plus_why = None
            if d.ability is not None and not held & {first, second}:
                plus_why = f"needs {first.value} or {second.value}"
            fail_why = "already the A+" if d.a_plus is skill else None
            _offer(self.a_plus_buttons[skill], plus_why, f"A+ in {skill.value}", d.a_plus is skill)
            _offer(self.failed_buttons[skill], fail_why, f"F in {skill.value}", d.failed is skill)
            self.skill_notes[skill].setText(plus_why or "")
        slots = d.slots()
        full = len(d.spells) >= slots
        provisional = d.provisional()
        for spell, box in self.spell_boxes.items():
            combat, between = SPELL_SUMMARY[spell]
            closed = spell_closed_reason(provisional, spell, self.party)
            if closed is None and full and spell not in d.spells:
                closed = "Every spell slot is filled; untick a spell to swap it."
            chosen = spell in d.spells
            _offer(box, closed, f"In a fight — {combat}\nBetween fights — {between}", chosen)
            note = self.spell_notes[spell]
            taken = closed is not None and "already knows" in closed
            note.setText(f"{closed}" if taken else combat)
            note.setStyleSheet(HINT_STYLE if closed and not chosen else "")
        if d.arcana is None:
            self.slots_label.setText("Choose an Arcana to see how many spells to pick.")
        elif slots == 0:
            self.slots_label.setText("Dull characters never learn spells: nothing to choose here.")
        else:
            plural = "spell" if slots == 1 else "spells"
            self.slots_label.setText(
                f"{d.arcana.title} starts with {slots} {plural}: {len(d.spells)} chosen. "
                "A spell someone else in the party knows is closed."
            )
        for edit, text in (
            (self.name_edit, d.name),
            (self.exceptional_edit, d.exceptional),
            (self.outfit_edit, d.outfit),
        ):
            if edit.text() != text:
                edit.setText(text)

    def _render_problems(self) -> None:
        found = self.draft.problems(self.party)
        by_field: dict[str, tuple[list[str], list[str]]] = {key: ([], []) for key in self.problem_labels}
        for p in found:
            key = p.field if p.field in by_field else "name"
            (by_field[key][1] if p.missing else by_field[key][0]).append(p.message)
        for key, label in self.problem_labels.items():
            broken, missing = by_field[key]
            show_problems(label, broken, missing, "✓" if key not in ("weakness", "failed") else "")
        broken_count = sum(1 for p in found if not p.missing)
        missing_count = len(found) - broken_count
        if not found:
            self.summary.setText("Ready: every box is filled and every rule is kept.")
        else:
            parts = []
            if broken_count:
                parts.append(f"{broken_count} rule{'s' if broken_count > 1 else ''} broken (in red, at the field)")
            if missing_count:
                parts.append(f"{missing_count} choice{'s' if missing_count > 1 else ''} to make")
            self.summary.setText("; ".join(parts) + ".")
        self.finish_button.setEnabled(not found)
        self.finish_button.setToolTip("" if not found else found[0].message)


def _side_note() -> QLabel:
    """A hint beside an option: it wraps in the width its column is given and never asks for more, so a
    reason coming or going never moves the options beside it."""
    note = QLabel()
    note.setStyleSheet(HINT_STYLE)
    note.setWordWrap(True)
    note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    return note


def _offer(button: QAbstractButton, refusal: str | None, help_text: str, chosen: bool) -> None:
    """Enable an option, or grey it out with the reason as its tooltip; a chosen option stays visible."""
    button.setEnabled(refusal is None)
    button.setToolTip(help_text if refusal is None else f"Not available: {refusal}")
    if button.isChecked() != chosen:
        group = button.group()
        if group is not None and not chosen:
            group.setExclusive(False)
            button.setChecked(False)
            group.setExclusive(True)
        else:
            button.setChecked(chosen)
