"""The character sheet: HP, Corruption circles, injuries and cures, items, credits, spells; prints to PDF.

The widget holds a pure ``CharacterSheet`` and replaces it on every click; refusals are shown in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.characters.common import HINT_STYLE, PROBLEM_STYLE, scaled_font
from rt0table.rules.rt0.character import COMBAT_HP, Character, open_spells
from rt0table.rules.rt0.corruption import FRIENDSHIP, TrackKind, tracks
from rt0table.rules.rt0.descriptions import SPELL_SUMMARY
from rt0table.rules.rt0.injuries import INJURIES, injury
from rt0table.rules.rt0.sheet import (
    ITEMS,
    CharacterSheet,
    add_chit,
    add_injury,
    add_item,
    claim_skill_grades,
    claim_spell,
    end_of_day,
    heal,
    mark,
    overridden,
    remove_item,
    set_credits,
    set_hp,
)
from rt0table.rules.rt0.traits import SKILL_ABILITIES, Skill

FILLED, EMPTY = "●", "○"


class CharacterSheetView(QWidget):
    """One character's sheet; ``sheet_changed`` fires with the new ``CharacterSheet`` after every change."""

    sheet_changed = Signal(object)

    def __init__(self, sheet: CharacterSheet, party: Sequence[Character] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("character-sheet")
        self.sheet = sheet
        self.party = tuple(party)
        self._build()
        self.refresh()

    # --- building ---

    def _build(self) -> None:
        self.header = QLabel()
        self.header.setFont(scaled_font(self.font(), 1.5, bold=True))
        self.traits_label = QLabel()
        self.traits_label.setWordWrap(True)
        self.error = QLabel()
        self.error.setObjectName("sheet-error")
        self.error.setWordWrap(True)
        self.error.setStyleSheet(PROBLEM_STYLE)

        hp_box = QGroupBox("Hit points")
        hp_row = QHBoxLayout(hp_box)
        self.hp_spin = QSpinBox()
        self.hp_spin.setObjectName("sheet-hp")
        self.hp_spin.setRange(0, COMBAT_HP)
        self.hp_spin.valueChanged.connect(lambda v: self._apply(lambda s: set_hp(s, v)))
        self.hp_bar = QProgressBar()
        self.hp_bar.setRange(0, COMBAT_HP)
        hp_row.addWidget(self.hp_spin)
        hp_row.addWidget(self.hp_bar, 1)

        cor_box = QGroupBox("Corruption")
        cor = QVBoxLayout(cor_box)
        self.owed_label = QLabel()
        self.owed_label.setObjectName("sheet-owed")
        self.owed_label.setWordWrap(True)
        cor.addWidget(self.owed_label)
        grid = QGridLayout()
        self.circles: dict[str, list[QPushButton]] = {}
        self.track_notes: dict[str, QLabel] = {}
        self.circle_rows: dict[str, QHBoxLayout] = {}
        for row, box in enumerate(tracks(self.sheet.character.arcana)):
            title = QLabel(box.title)
            title.setWordWrap(True)
            circles = QHBoxLayout()
            circles.setSpacing(0)
            circles.addStretch(1)
            self.circle_rows[box.key] = circles
            self.circles[box.key] = []
            note = QLabel()
            note.setWordWrap(True)
            note.setStyleSheet(HINT_STYLE)
            self.track_notes[box.key] = note
            grid.addWidget(title, row, 0)
            grid.addLayout(circles, row, 1)
            grid.addWidget(note, row, 2)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(2, 3)
        cor.addLayout(grid)
        day_row = QHBoxLayout()
        self.end_day_button = QPushButton("End of Day: draw Friendship circles")
        self.end_day_button.setObjectName("sheet-end-day")
        self.end_day_button.clicked.connect(lambda: self._apply(end_of_day))
        day_row.addWidget(self.end_day_button)
        day_row.addStretch(1)
        cor.addLayout(day_row)
        self.reward_box = QWidget()
        reward = QGridLayout(self.reward_box)
        reward.setContentsMargins(0, 0, 0, 0)
        self.new_a_plus = QComboBox()
        self.new_a_plus.setObjectName("sheet-new-a-plus")
        self.new_failed = QComboBox()
        self.new_failed.setObjectName("sheet-new-failed")
        self.take_grades = QPushButton("Take the new A+ and F")
        self.take_grades.setObjectName("sheet-take-grades")
        self.take_grades.clicked.connect(self._take_grades)
        self.new_spell = QComboBox()
        self.new_spell.setObjectName("sheet-new-spell")
        self.learn_spell = QPushButton("Learn it")
        self.learn_spell.setObjectName("sheet-learn-spell")
        self.learn_spell.clicked.connect(self._learn_spell)
        self.grades_label = QLabel("Skill Corruption is full: a new A+ and a new F")
        self.spell_label = QLabel("Magic Corruption is full: a new spell")
        reward.addWidget(self.grades_label, 0, 0)
        reward.addWidget(self.new_a_plus, 0, 1)
        reward.addWidget(self.new_failed, 0, 2)
        reward.addWidget(self.take_grades, 0, 3)
        reward.addWidget(self.spell_label, 1, 0)
        reward.addWidget(self.new_spell, 1, 1, 1, 2)
        reward.addWidget(self.learn_spell, 1, 3)
        cor.addWidget(self.reward_box)

        inj_box = QGroupBox("Injuries")
        inj = QVBoxLayout(inj_box)
        self.injury_rows = QVBoxLayout()
        inj.addLayout(self.injury_rows)
        add_row = QHBoxLayout()
        self.injury_pick = QComboBox()
        self.injury_pick.setObjectName("sheet-injury-pick")
        for kind in INJURIES.values():
            self.injury_pick.addItem(f"{kind.name} ({kind.severity.value})", kind.name)
        self.add_injury_button = QPushButton("Add injury")
        self.add_injury_button.setObjectName("sheet-add-injury")
        self.add_injury_button.clicked.connect(
            lambda: self._apply(lambda s: add_injury(s, self.injury_pick.currentData()))
        )
        add_row.addWidget(self.injury_pick, 1)
        add_row.addWidget(self.add_injury_button)
        inj.addLayout(add_row)

        items_box = QGroupBox("Items and credits")
        items = QVBoxLayout(items_box)
        self.items_list = QListWidget()
        self.items_list.setObjectName("sheet-items")
        self.items_list.setWordWrap(True)
        self.items_list.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        item_row = QHBoxLayout()
        self.item_pick = QComboBox()
        self.item_pick.setObjectName("sheet-item-pick")
        self.item_pick.setEditable(True)
        self.item_pick.addItems(list(ITEMS))
        add_item_button = QPushButton("Add")
        add_item_button.clicked.connect(lambda: self._apply(lambda s: add_item(s, self.item_pick.currentText())))
        drop_button = QPushButton("Use up / drop")
        drop_button.clicked.connect(self._drop_item)
        item_row.addWidget(self.item_pick, 1)
        item_row.addWidget(add_item_button)
        item_row.addWidget(drop_button)
        money = QHBoxLayout()
        self.bank = QSpinBox()
        self.bank.setObjectName("sheet-credits")
        self.bank.setRange(0, 10_000_000)
        self.bank.setSuffix(" credits")
        self.bank.valueChanged.connect(lambda v: self._apply(lambda s: set_credits(s, v)))
        self.chit_spin = QSpinBox()
        self.chit_spin.setRange(0, 199)
        add_chit_button = QPushButton("Add chit")
        add_chit_button.setObjectName("sheet-add-chit")
        add_chit_button.clicked.connect(lambda: self._apply(lambda s: add_chit(s, self.chit_spin.value())))
        money.addWidget(QLabel("Bank"))
        money.addWidget(self.bank)
        money.addStretch(1)
        money.addWidget(QLabel("New chit holding"))
        money.addWidget(self.chit_spin)
        money.addWidget(add_chit_button)
        self.chits_label = QLabel()
        self.chits_label.setObjectName("sheet-chits")
        self.chits_label.setWordWrap(True)
        items.addWidget(self.items_list)
        items.addLayout(item_row)
        items.addLayout(money)
        items.addWidget(self.chits_label)

        spells_box = QGroupBox("Spells")
        spells = QVBoxLayout(spells_box)
        self.spells_label = QLabel()
        self.spells_label.setWordWrap(True)
        spells.addWidget(self.spells_label)

        self.export_button = QPushButton("Print to PDF…")
        self.export_button.setObjectName("sheet-export")
        self.export_button.clicked.connect(self._ask_export)

        left = QVBoxLayout()
        left.addWidget(hp_box)
        left.addWidget(cor_box)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(inj_box)
        right.addWidget(items_box)
        right.addWidget(spells_box)
        right.addStretch(1)
        body = QHBoxLayout()
        body.addLayout(left, 1)
        body.addLayout(right, 1)
        page = QWidget()
        page_layout = QVBoxLayout(page)
        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        top.addWidget(self.export_button)
        page_layout.addLayout(top)
        page_layout.addWidget(self.traits_label)
        page_layout.addWidget(self.error)
        page_layout.addLayout(body, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    # --- changing ---

    def _apply(self, change: Callable[[CharacterSheet], CharacterSheet]) -> bool:
        if getattr(self, "_rendering", False):
            return False
        try:
            self.sheet = change(self.sheet)
        except (ValueError, KeyError) as error:
            self.error.setText(str(error).strip("'\""))
            self.refresh(keep_error=True)
            return False
        self.error.clear()
        self.refresh()
        self.sheet_changed.emit(self.sheet)
        return True

    def mark_circle(self, key: str) -> bool:
        """Mark the next empty circle of a box (what clicking any of its empty circles does)."""
        return self._apply(lambda s: mark(s, key))

    def _circle_clicked(self, key: str, index: int) -> None:
        if index < self.sheet.corruption.filled(key):
            self.error.setText("That circle is already marked; Corruption never comes off.")
            return
        self.mark_circle(key)

    def cure(self, name: str) -> bool:
        return self._apply(lambda s: heal(s, name))

    def _take_grades(self) -> None:
        self._apply(lambda s: claim_skill_grades(s, self.new_a_plus.currentData(), self.new_failed.currentData()))

    def _learn_spell(self) -> None:
        self._apply(lambda s: claim_spell(s, self.new_spell.currentData(), self.party))

    def _drop_item(self) -> None:
        row = self.items_list.currentRow()
        if row >= 0:
            name = self.sheet.items[row]
            self._apply(lambda s: remove_item(s, name))

    def export_pdf(self, path: Path) -> Path:
        from rt0table.desktop.characters.printing import export_pdf

        return export_pdf(self.sheet, path)

    def _ask_export(self) -> None:  # pragma: no cover - a modal file dialog
        name = f"{self.sheet.character.name or 'character'}.pdf"
        chosen, _ = QFileDialog.getSaveFileName(self, "Print the Report Card and sheet", name, "PDF (*.pdf)")
        if chosen:
            self.export_pdf(Path(chosen))

    # --- rendering ---

    def refresh(self, keep_error: bool = False) -> None:
        self._rendering = True
        try:
            self._render()
        finally:
            self._rendering = False

    def _render(self) -> None:
        s = self.sheet
        c = s.character
        self.header.setText(f"{c.name} — {c.arcana.title}")
        over = overridden(s)
        over_text = f"  (injury overrides: {', '.join(t.value for t in over)})" if over else ""
        self.traits_label.setText(
            f"{c.ability.value}, {c.free_ability.value} (free) · weakness {c.weakness.value}{over_text} · "
            f"A+ {', '.join(k.value for k in c.a_plus_skills)} · F {', '.join(k.value for k in c.failed_skills)}"
        )
        if self.hp_spin.value() != s.hp:
            self.hp_spin.setValue(s.hp)
        self.hp_bar.setValue(s.hp)
        self.hp_bar.setFormat(f"{s.hp} / {COMBAT_HP}")
        self._render_corruption()
        self._render_injuries()
        self.items_list.clear()
        for item in s.items:
            self.items_list.addItem(f"{item} — {ITEMS[item]}" if item in ITEMS else item)
        self.items_list.setMaximumHeight(self.fontMetrics().height() * (2 * max(1, len(s.items)) + 1))
        if self.bank.value() != s.credits:
            self.bank.setValue(s.credits)
        chits = ", ".join(str(max(1, n)) for n in s.chits) or "none"
        self.chits_label.setText(
            f"Chits: {chits} (worth {s.chit_value}; an empty chit is still worth 1). "
            f"Total {s.credits + s.chit_value} credits."
        )
        lines = []
        for spell in c.all_spells:
            combat, between = SPELL_SUMMARY[spell]
            lines.append(f"<b>{spell.value}</b> — {combat} <i>{between}</i>")
        self.spells_label.setText("<br>".join(lines) or "No spells.")

    def _render_corruption(self) -> None:
        s = self.sheet
        cor = s.corruption
        traits = s.traits
        for box in tracks(s.character.arcana):
            row = self.circle_rows[box.key]
            wanted = cor.capacity(box.key)
            buttons = self.circles[box.key]
            while len(buttons) < wanted:
                index = len(buttons)
                button = QPushButton()
                button.setFlat(True)
                button.setObjectName(f"circle-{box.key}-{len(buttons)}")
                button.setFont(scaled_font(self.font(), 1.4))
                button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
                button.clicked.connect(lambda _=False, k=box.key, i=index: self._circle_clicked(k, i))
                row.insertWidget(index, button)
                buttons.append(button)
            filled = cor.filled(box.key)
            why = cor.refusal(box.key, traits)
            for index, button in enumerate(buttons):
                button.setText(FILLED if index < filled else EMPTY)
                button.setEnabled(index < filled or why is None)
                button.setToolTip("Marked; Corruption never comes off." if index < filled else (why or "Mark"))
            note = self.track_notes[box.key]
            closed = cor.closed_reason(box.key, traits)
            if closed:
                note.setText(closed)
            elif box.kind is TrackKind.FRIENDSHIP:
                note.setText(f"{filled} of {wanted} circles marked; more each Day.")
            elif cor.unlocked(box.key):
                note.setText(f"Unlocked: {box.unlocks}.")
            else:
                note.setText(f"Three give {box.unlocks}.")
        free = cor.free_circles(traits)
        if cor.out_of_room(traits):
            self.owed_label.setStyleSheet(PROBLEM_STYLE)
            self.owed_label.setText(
                f"{cor.owed} Corruption to mark but only {free} empty circles: this character is lost to the "
                "Corruption and can no longer be played (ask the GM what becomes of them)."
            )
        elif cor.owed:
            self.owed_label.setStyleSheet(PROBLEM_STYLE)
            self.owed_label.setText(f"{cor.owed} Corruption to mark: click an empty circle for each point.")
        else:
            self.owed_label.setStyleSheet("")
            self.owed_label.setText(f"{cor.total} marked, {free} empty circles left.")
        self.end_day_button.setEnabled(cor.closed_reason(FRIENDSHIP, traits) is None)
        self._render_rewards()

    def _render_rewards(self) -> None:
        s = self.sheet
        c = s.character
        grades = s.pending_skill_grades > 0
        spells = s.pending_spells > 0
        self.reward_box.setVisible(grades or spells)
        for widget in (self.grades_label, self.new_a_plus, self.new_failed, self.take_grades):
            widget.setVisible(grades)
        for widget in (self.spell_label, self.new_spell, self.learn_spell):
            widget.setVisible(spells)
        graded = {*c.a_plus_skills, *c.failed_skills}
        if grades:
            self.new_a_plus.clear()
            self.new_failed.clear()
            for skill in Skill:
                if skill in graded:
                    continue
                if c.abilities & set(SKILL_ABILITIES[skill]):
                    self.new_a_plus.addItem(f"A+ {skill.value}", skill)
                self.new_failed.addItem(f"F {skill.value}", skill)
        if spells:
            self.new_spell.clear()
            for spell, closed in open_spells(c, self.party):
                if closed is None and spell not in c.all_spells:
                    self.new_spell.addItem(spell.value, spell)

    def _render_injuries(self) -> None:
        while self.injury_rows.count():
            item = self.injury_rows.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.deleteLater()
        if not self.sheet.injuries:
            none = QLabel("No injuries.")
            none.setStyleSheet(HINT_STYLE)
            self.injury_rows.addWidget(none)
        for name in self.sheet.injuries:
            kind = injury(name)
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            text = QLabel(f"<b>{kind.name}</b> ({kind.severity.value}): {kind.effect}<br><i>{kind.mends}</i>")
            text.setWordWrap(True)
            button = QPushButton(f"Cure: {kind.cure_cost} Corruption")
            button.setObjectName(f"cure-{name.lower().replace(' ', '-')}")
            button.clicked.connect(lambda _=False, n=name: self.cure(n))
            line.addWidget(text, 1)
            line.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
            self.injury_rows.addWidget(row)
