"""The character sheet: Corruption circles, injuries and cures, items, credits, spells, the Day; prints to PDF.

The widget shows one ``campaign.Member`` of a Playthrough's campaign and changes it only by submitting ops to the
Playthrough's funnel (so every click is saved and undoable); it keeps no copy of the campaign. Refusals are shown in
words, and what changed in the log line.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.characters.common import place_title, place_unlocks
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.lettering import HINT_STYLE, PROBLEM_STYLE, scaled_font, wrapped_label
from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import corruption as cor
from rt0table.rules.rt0.campaign import injuries as inj
from rt0table.rules.rt0.campaign import items as itm
from rt0table.rules.rt0.campaign.campaign_events import CampaignEvent
from rt0table.rules.rt0.campaign.character import COMBAT_HP, open_spells
from rt0table.rules.rt0.campaign.descriptions import SPELL_SUMMARY
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.tale import CampaignChanged
from rt0table.rules.rt0.traits import SKILL_ABILITIES, Skill
from rt0table.rules.seam import IllegalAction

FILLED, EMPTY = "●", "○"
MEALS = ((cp.Meal.EDIBLE, "ate"), (cp.Meal.INEDIBLE, "ate something inedible"), (cp.Meal.NONE, "no food"))
SLEEPS = ((cp.Sleep.RESTFUL, "slept well"), (cp.Sleep.UNRESTFUL, "slept badly"), (cp.Sleep.NONE, "no sleep"))


def ability_name(ability_id: str) -> str:
    """A combat ability's name as the table shows its bin."""
    ability = ABILITIES.get(ability_id)
    return ability.name if ability is not None else ability_id


def scar_today(member: cp.Member, index: int) -> str:
    """What the index-th Massive Painful Scar blocks today, or that the morning's choice is still to make."""
    if index < len(member.scar_blocks) and not cp.scar_blocks_due(member):
        return f"Today it blocks <b>{ability_name(member.scar_blocks[index])}</b>."
    return "Today's blocked ability is not chosen yet: choose it on the Day tab before the first fight."


def describe(event: CampaignEvent) -> str:
    """One event in a few words for the sheet's log line."""
    fields = {k: v for k, v in event.to_dict().items() if k not in ("kind", "member")}
    words = ", ".join(str(v) for v in fields.values() if v not in ("", (), None))
    kind = "".join(f" {c.lower()}" if c.isupper() else c for c in type(event).__name__).strip().capitalize()
    return f"{kind}: {words}" if words else kind


class CharacterSheetView(QWidget):
    """One member's sheet over a Playthrough (a bare ``Campaign`` gets an unsaved Playthrough of its own)."""

    def __init__(self, source: Playthrough | cp.Campaign, member_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("character-sheet")
        self.playthrough = source if isinstance(source, Playthrough) else Playthrough(Mode.SOLO, source)
        self.member_id = member_id
        self._build()
        self.refresh()
        self.playthrough.changed.connect(lambda _changes: self.refresh())

    @property
    def campaign(self) -> cp.Campaign:
        return self.playthrough.campaign

    @property
    def member(self) -> cp.Member:
        return self.campaign.member(self.member_id)

    # --- building ---

    def _build(self) -> None:
        self.header = QLabel()
        self.header.setFont(scaled_font(self.font(), 1.5, bold=True))
        self.traits_label = wrapped_label()
        self.error = wrapped_label("sheet-error", style=PROBLEM_STYLE)
        self.log = wrapped_label("sheet-log", style=HINT_STYLE)

        day_box = QGroupBox("The Day")
        day = QVBoxLayout(day_box)
        self.day_label = wrapped_label("sheet-day")
        day_row = QHBoxLayout()
        self.meal_pick = QComboBox()
        self.meal_pick.setObjectName("sheet-meal")
        for meal, text in MEALS:
            self.meal_pick.addItem(text, meal)
        self.meal_pick.currentIndexChanged.connect(
            lambda _i: self._apply(ops.ChooseMeal(self.member_id, self.meal_pick.currentData()))
        )
        self.sleep_pick = QComboBox()
        self.sleep_pick.setObjectName("sheet-sleep")
        for sleep, text in SLEEPS:
            self.sleep_pick.addItem(text, sleep)
        self.sleep_pick.currentIndexChanged.connect(
            lambda _i: self._apply(ops.ChooseSleep(self.member_id, self.sleep_pick.currentData()))
        )
        self.end_day_button = QPushButton("End the Day")
        self.end_day_button.setObjectName("sheet-end-day")
        self.end_day_button.clicked.connect(self._end_day)
        day_row.addWidget(self.meal_pick)
        day_row.addWidget(self.sleep_pick)
        day_row.addWidget(self.end_day_button)
        day_row.addStretch(1)
        day.addWidget(self.day_label)
        day.addLayout(day_row)

        cor_box = QGroupBox("Corruption")
        cor_layout = QVBoxLayout(cor_box)
        self.owed_label = wrapped_label("sheet-owed")
        cor_layout.addWidget(self.owed_label)
        take_row = QHBoxLayout()
        self.take_spin = QSpinBox()
        self.take_spin.setObjectName("sheet-take-amount")
        self.take_spin.setRange(1, 24)
        self.take_reason = QLineEdit()
        self.take_reason.setObjectName("sheet-take-reason")
        self.take_reason.setPlaceholderText("why (a fight, an ability…)")
        self.take_button = QPushButton("Take Corruption")
        self.take_button.setObjectName("sheet-take-corruption")
        self.take_button.clicked.connect(self._take_corruption)
        self.suggest_button = QPushButton("Mark where suggested")
        self.suggest_button.setObjectName("sheet-mark-suggested")
        self.suggest_button.clicked.connect(lambda: self._apply(ops.MarkCorruption(self.member_id)))
        take_row.addWidget(self.take_spin)
        take_row.addWidget(self.take_reason, 1)
        take_row.addWidget(self.take_button)
        take_row.addWidget(self.suggest_button)
        cor_layout.addLayout(take_row)
        grid = QGridLayout()
        self.circles: dict[str, list[QPushButton]] = {}
        self.track_notes: dict[str, QLabel] = {}
        self.circle_rows: dict[str, QHBoxLayout] = {}
        arcana = self.member.character.arcana
        for row, place in enumerate(cor.places(arcana)):
            title = QLabel(place_title(arcana, place))
            title.setWordWrap(True)
            circles = QHBoxLayout()
            circles.setSpacing(0)
            circles.addStretch(1)
            self.circle_rows[place] = circles
            self.circles[place] = []
            note = wrapped_label(style=HINT_STYLE)
            self.track_notes[place] = note
            grid.addWidget(title, row, 0)
            grid.addLayout(circles, row, 1)
            grid.addWidget(note, row, 2)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(2, 3)
        cor_layout.addLayout(grid)
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
        cor_layout.addWidget(self.reward_box)

        inj_box = QGroupBox("Injuries")
        inj_layout = QVBoxLayout(inj_box)
        self.injury_warning = wrapped_label("sheet-injury-warning", style=PROBLEM_STYLE)
        inj_layout.addWidget(self.injury_warning)
        self.injury_rows = QVBoxLayout()
        inj_layout.addLayout(self.injury_rows)
        add_row = QHBoxLayout()
        self.injury_pick = QComboBox()
        self.injury_pick.setObjectName("sheet-injury-pick")
        for entry in inj.INJURIES.values():
            self.injury_pick.addItem(f"{entry.name} ({entry.severity.value})", entry.name)
        self.add_injury_button = QPushButton("Add injury")
        self.add_injury_button.setObjectName("sheet-add-injury")
        self.add_injury_button.clicked.connect(lambda: self.add_injury(self.injury_pick.currentData()))
        add_row.addWidget(self.injury_pick, 1)
        add_row.addWidget(self.add_injury_button)
        inj_layout.addLayout(add_row)

        items_box = QGroupBox("Items and credits")
        items = QVBoxLayout(items_box)
        self.items_list = QListWidget()
        self.items_list.setObjectName("sheet-items")
        self.items_list.setWordWrap(True)
        self.items_list.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        item_row = QHBoxLayout()
        self.item_pick = QComboBox()
        self.item_pick.setObjectName("sheet-item-pick")
        self.item_pick.addItems(list(itm.ITEMS))
        add_item_button = QPushButton("Add")
        add_item_button.setObjectName("sheet-add-item")
        add_item_button.clicked.connect(lambda: self._apply(ops.GiveItem(self.member_id, self.item_pick.currentText())))
        use_button = QPushButton("Use")
        use_button.setObjectName("sheet-use-item")
        use_button.clicked.connect(lambda: self._on_selected_item(ops.UseItem))
        drop_button = QPushButton("Drop")
        drop_button.setObjectName("sheet-drop-item")
        drop_button.clicked.connect(lambda: self._on_selected_item(ops.DropItem))
        item_row.addWidget(self.item_pick, 1)
        item_row.addWidget(add_item_button)
        item_row.addWidget(use_button)
        item_row.addWidget(drop_button)
        money = QHBoxLayout()
        self.bank = QSpinBox()
        self.bank.setObjectName("sheet-credits")
        self.bank.setRange(0, 10_000_000)
        self.bank.setSuffix(" credits")
        self.bank.valueChanged.connect(lambda v: self._apply(ops.SetBank(self.member_id, v)))
        self.chit_spin = QSpinBox()
        self.chit_spin.setRange(0, itm.CHIT_LIMIT)
        add_chit_button = QPushButton("Add chit")
        add_chit_button.setObjectName("sheet-add-chit")
        add_chit_button.clicked.connect(lambda: self._apply(ops.AddChit(self.member_id, self.chit_spin.value())))
        money.addWidget(QLabel("Bank"))
        money.addWidget(self.bank)
        money.addStretch(1)
        money.addWidget(QLabel("New chit holding"))
        money.addWidget(self.chit_spin)
        money.addWidget(add_chit_button)
        self.chits_label = wrapped_label("sheet-chits")
        items.addWidget(self.items_list)
        items.addLayout(item_row)
        items.addLayout(money)
        items.addWidget(self.chits_label)

        spells_box = QGroupBox("Spells")
        spells = QVBoxLayout(spells_box)
        self.spells_label = wrapped_label()
        spells.addWidget(self.spells_label)

        self.export_button = QPushButton("Print to PDF…")
        self.export_button.setObjectName("sheet-export")
        self.export_button.clicked.connect(self._ask_export)

        left = QVBoxLayout()
        left.addWidget(day_box)
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
        page_layout.addWidget(self.log)
        page_layout.addLayout(body, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    # --- changing ---

    def _apply(self, op: ops.Op) -> bool:
        """Submit one op to the funnel; a refusal is shown in words and changes nothing."""
        if getattr(self, "_rendering", False):
            return False
        try:
            events = self.playthrough.submit(op)
        except IllegalAction as error:
            self.error.setText(str(error))
            self.refresh()
            return False
        self.error.clear()
        said = [e for event in events if isinstance(event, CampaignChanged) for e in event.events]
        self.log.setText(" · ".join(describe(e) for e in said))
        return True

    def mark_circle(self, place: str) -> bool:
        """Mark one owed point on the next empty circle of a place (what clicking any of its empty circles does)."""
        return self._apply(ops.MarkCorruption(self.member_id, place))

    def _circle_clicked(self, place: str, index: int) -> None:
        if index < self.member.corruption.filled(place):
            self.error.setText("That circle is already marked; Corruption never comes off.")
            return
        self.mark_circle(place)

    def take_corruption(self, amount: int, reason: str = "") -> bool:
        return self._apply(ops.TakeCorruption(self.member_id, amount, reason or "taken at the table"))

    def _take_corruption(self) -> None:
        self.take_corruption(self.take_spin.value(), self.take_reason.text().strip())

    def add_injury(self, name: str) -> bool:
        """Write an injury down; it escalates as the book says (a second Major is Critical, a second Critical kills)."""
        return self._apply(ops.TakeInjury(self.member_id, name, "written on the sheet"))

    def _end_day(self) -> None:
        """End the Day for the whole party: food and sleep as chosen (this member's on this sheet)."""
        self._apply(ops.EndDay())

    def cure(self, name: str) -> bool:
        return self._apply(ops.HealInjury(self.member_id, name))

    def _take_grades(self) -> None:
        self._apply(ops.TakeGrades(self.member_id, self.new_a_plus.currentData(), self.new_failed.currentData()))

    def _learn_spell(self) -> None:
        self._apply(ops.LearnSpell(self.member_id, self.new_spell.currentData()))

    def _on_selected_item(self, kind: type[ops.UseItem] | type[ops.DropItem]) -> None:
        row = self.items_list.currentRow()
        if row >= 0:
            self._apply(kind(self.member_id, self.member.items[row]))

    def export_pdf(self, path: Path) -> Path:
        from rt0table.desktop.characters.printing import export_pdf

        return export_pdf(self.member, path)

    def _ask_export(self) -> None:  # pragma: no cover - a modal file dialog
        name = f"{self.member.character.name or 'character'}.pdf"
        chosen, _ = QFileDialog.getSaveFileName(self, "Print the Report Card and sheet", name, "PDF (*.pdf)")
        if chosen:
            self.export_pdf(Path(chosen))

    # --- rendering ---

    def refresh(self) -> None:
        self._rendering = True
        try:
            self._render()
        finally:
            self._rendering = False

    def _render(self) -> None:
        m = self.member
        c = m.character
        state = "" if m.playable else (" — dead" if m.injuries.dead else " — lost to Corruption")
        self.header.setText(f"{c.name} — {c.arcana.title}{state}")
        lost = sorted(t.value for t in c.abilities - m.traits)
        gained = sorted(t.value for t in m.traits - c.traits)
        changes = [f"no {t}" for t in lost] + gained
        over_text = f"  (injuries now: {', '.join(changes)})" if changes else ""
        self.traits_label.setText(
            f"{c.ability.value}, {c.free_ability.value} (free) · weakness {c.weakness.value}{over_text} · "
            f"A+ {', '.join(k.value for k in c.a_plus_skills)} · F {', '.join(k.value for k in c.failed_skills)} · "
            f"{COMBAT_HP} HP at the start of every fight"
        )
        used = ", ".join(self.campaign.clock.used_by(m.id)) or "nothing yet"
        self.day_label.setText(f"Day {self.campaign.day}. Once-a-Day powers used today: {used}.")
        self._render_corruption()
        self._render_injuries()
        self.items_list.clear()
        for item in m.items:
            self.items_list.addItem(f"{item} — {itm.item(item).summary}")
        self.items_list.setMaximumHeight(self.fontMetrics().height() * (2 * max(1, len(m.items)) + 1))
        if self.bank.value() != m.wallet.bank:
            self.bank.setValue(m.wallet.bank)
        choices = self.playthrough.story.choices
        for pick, chosen in ((self.meal_pick, choices.meal(m.id)), (self.sleep_pick, choices.sleep(m.id))):
            with QSignalBlocker(pick):  # showing the value is no choice of the player's
                pick.setCurrentIndex(pick.findData(chosen))
        chits = ", ".join(str(itm.chit_value(n)) for n in m.wallet.chits) or "none"
        self.chits_label.setText(
            f"Chits: {chits} (an empty chit is still worth {itm.CHIT_MINIMUM}). Total {m.wallet.worth} credits."
        )
        lines = []
        for spell in c.all_spells:
            combat, between = SPELL_SUMMARY[spell]
            lines.append(f"<b>{spell.value}</b> — {combat} <i>{between}</i>")
        self.spells_label.setText("<br>".join(lines) or "No spells.")

    def _render_corruption(self) -> None:
        m = self.member
        c = m.character
        record = m.corruption
        traits = m.traits
        for place in cor.places(c.arcana):
            row = self.circle_rows[place]
            filled = record.filled(place)
            size = record.friendship_circles if place == cor.FRIENDSHIP else cor.CIRCLES
            wanted = max(size, filled)
            buttons = self.circles[place]
            while len(buttons) < wanted:
                index = len(buttons)
                button = QPushButton()
                button.setFlat(True)
                button.setObjectName(f"circle-{place}-{index}")
                button.setFont(scaled_font(self.font(), 1.4))
                button.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
                button.clicked.connect(lambda _=False, k=place, i=index: self._circle_clicked(k, i))
                row.insertWidget(index, button)
                buttons.append(button)
            why = cor.mark_refusal(c, record, place, traits)
            for index, button in enumerate(buttons):
                button.setText(FILLED if index < filled else EMPTY)
                button.setEnabled(index < filled or why is None)
                button.setToolTip("Marked; Corruption never comes off." if index < filled else (why or "Mark"))
            note = self.track_notes[place]
            closed = cor.closed_reason(c, place, traits)
            unlocks = place_unlocks(c.arcana, place)
            if closed:
                note.setText(closed)
            elif place == cor.FRIENDSHIP:
                note.setText(f"{filled} of {size} circles marked; more each Day.")
            elif filled >= cor.CIRCLES:
                note.setText(f"Unlocked: {unlocks}.")
            else:
                note.setText(f"Three give {unlocks}.")
        room = cor.room_left(c, record, traits)
        if record.lost:
            self.owed_label.setStyleSheet(PROBLEM_STYLE)
            self.owed_label.setText(
                "No circle was left for the Corruption taken: this character is lost to it and can no longer be "
                "played (ask the GM what becomes of them)."
            )
        elif record.owed:
            self.owed_label.setStyleSheet(PROBLEM_STYLE)
            self.owed_label.setText(
                f"{record.owed} Corruption to mark: click an empty circle for each point ({room} empty)."
            )
        else:
            self.owed_label.setStyleSheet("")
            self.owed_label.setText(f"{record.total} Corruption taken so far, {room} empty circles left.")
        self.suggest_button.setEnabled(record.owed > 0 and not record.lost)
        self._render_rewards()

    def _render_rewards(self) -> None:
        m = self.member
        c = m.character
        grades = cor.skill_reward_due(m.corruption)
        spells = cor.magic_reward_due(m.corruption)
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
            party = [o.character for o in self.campaign.members if o.id != m.id]
            for spell, closed in open_spells(c, party):
                if closed is None and spell not in c.all_spells:
                    self.new_spell.addItem(spell.value, spell)

    def _render_injuries(self) -> None:
        while self.injury_rows.count():
            item = self.injury_rows.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        held = self.member.injuries
        if held.of_severity(inj.Severity.CRITICAL):
            self.injury_warning.setText(
                f"Another Critical Injury (or a Major) kills: cure this one first "
                f"({inj.cure_cost(inj.CRITICAL)} Corruption)."
            )
        else:
            self.injury_warning.clear()
        self.injury_warning.setVisible(bool(self.injury_warning.text()))
        if not held.names:
            none = QLabel("No injuries.")
            none.setStyleSheet(HINT_STYLE)
            self.injury_rows.addWidget(none)
        scar_index = 0
        for name in held.names:
            entry = inj.injury(name)
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            today = ""
            if name == cp.SCAR:
                today = f"<br>{scar_today(self.member, scar_index)}"
                scar_index += 1
            text = QLabel(
                f"<b>{entry.name}</b> ({entry.severity.value}): {entry.summary}{today}<br><i>{inj.mending(entry)}</i>"
            )
            text.setWordWrap(True)
            button = QPushButton(f"Cure: {inj.cure_cost(name)} Corruption")
            button.setObjectName(f"cure-{name.lower().replace(' ', '-')}")
            button.clicked.connect(lambda _=False, n=name: self.cure(n))
            line.addWidget(text, 1)
            line.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
            self.injury_rows.addWidget(row)
