"""The Day between fights: its number, each member's once-per-Day powers, food, sleep and rest, Corruption owed,
the Supremacy Worksheet and the log. It renders the Playthrough's value and changes it only by submitting ops
(undoable with Ctrl+Z back to the last reveal)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.characters.sheet import MEALS, SLEEPS, ability_name
from rt0table.desktop.flow.gm_request_box import GMRequestBox
from rt0table.desktop.flow.playthrough import OpChanges, Playthrough
from rt0table.desktop.flow.summary_screen import tally_marks
from rt0table.desktop.lettering import HINT_STYLE, PROBLEM_STYLE, scaled_font, wrapped_label
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import corruption as cor
from rt0table.rules.rt0.campaign import day as clock
from rt0table.rules.rt0.campaign import injuries as inj
from rt0table.rules.rt0.campaign.gm_asks import asks_the_gm
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.chronicle import to_markdown
from rt0table.rules.rt0.story.tale import Story
from rt0table.rules.seam import IllegalAction

POWER_COLUMNS = 3


def powers(member: cp.Member) -> tuple[str, ...]:
    """Every once-per-Day power this member has now: Arcana, spells, and unlocked upgrades that are powers."""
    unlocked = set(cor.unlocked_upgrades(member.character, member.corruption))
    extra = tuple(p.name for p in clock.POWERS.values() if p.upgrade is not None and p.upgrade in unlocked)
    return (*clock.powers_of(member.character), *extra)


def rest_line(held: inj.HeldInjury) -> str:
    """One held injury and what rest does for it: "Injured Arm (Minor): 1 of 2 nights of rest, then gone."""
    entry = inj.injury(held.name)
    head = f"{held.name} ({entry.severity.value})"
    if entry.rest is None:
        return f"{head}: {inj.mending(entry)}"
    if entry.rest.dies:
        return f"{head}: sleeping with it kills. Treat it or cure it first."
    after = entry.rest.to or "gone"
    return f"{head}: {held.nights} of {entry.rest.nights} nights of rest, then {after}."


class MemberDay(QGroupBox):
    """One member's Day: injuries and rest, powers, owed Corruption, and tonight's food and sleep."""

    def __init__(self, panel: DayPanel, member_id: str) -> None:
        super().__init__()
        self.panel = panel
        self.member_id = member_id
        self.setObjectName(f"day-{member_id}")
        self.status = wrapped_label(f"day-status-{member_id}")
        self.rest = wrapped_label(f"day-rest-{member_id}")
        self.powers_title = QLabel()
        self.powers_grid = QGridLayout()
        self.owed = wrapped_label(f"day-owed-{member_id}")
        self.mark_button = QPushButton("Mark as suggested")
        self.mark_button.setObjectName(f"day-mark-{member_id}")
        self.mark_button.setToolTip("Friendship first, then the upgrade nearest to full. The sheet lets you choose.")
        self.mark_button.clicked.connect(lambda: panel.run(ops.MarkCorruption(member_id)))
        owed_row = QHBoxLayout()
        owed_row.addWidget(self.owed, 1)
        owed_row.addWidget(self.mark_button)
        self.scar_box = QWidget()  # Massive Painful Scar: the morning's choice (INJ-MINOR, DAY-CLOCK)
        self.scar_box.setObjectName(f"day-scar-box-{member_id}")
        self.scar_note = wrapped_label(f"day-scar-{member_id}")
        self.scar_picks: list[QComboBox] = []
        self.picks_row = QHBoxLayout()  # one drop-down per scar
        self.picks_row.setContentsMargins(0, 0, 0, 0)
        self.scar_button = QPushButton("Block for today")
        self.scar_button.setObjectName(f"day-scar-block-{member_id}")
        self.scar_button.setToolTip("The choice holds until the Day ends; tomorrow morning asks again.")
        self.scar_button.clicked.connect(self.block_for_today)
        scar_layout = QVBoxLayout(self.scar_box)
        scar_layout.setContentsMargins(0, 0, 0, 0)
        scar_layout.addWidget(self.scar_note)
        scar_row = QHBoxLayout()
        scar_row.addLayout(self.picks_row)
        scar_row.addWidget(self.scar_button)
        scar_row.addStretch(1)
        scar_layout.addLayout(scar_row)
        self.meal = QComboBox()
        self.meal.setObjectName(f"day-meal-{member_id}")
        for meal, text in MEALS:
            self.meal.addItem(text, meal)
        self.meal.currentIndexChanged.connect(lambda _i: panel.run(ops.ChooseMeal(member_id, self.meal.currentData())))
        self.sleep = QComboBox()
        self.sleep.setObjectName(f"day-sleep-{member_id}")
        for sleep, text in SLEEPS:
            self.sleep.addItem(text, sleep)
        self.sleep.currentIndexChanged.connect(
            lambda _i: panel.run(ops.ChooseSleep(member_id, self.sleep.currentData()))
        )
        tonight = QHBoxLayout()
        tonight.addWidget(QLabel("Today they"))
        tonight.addWidget(self.meal)
        tonight.addWidget(QLabel("and"))
        tonight.addWidget(self.sleep)
        tonight.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.rest)
        layout.addWidget(self.scar_box)
        layout.addWidget(self.powers_title)
        layout.addLayout(self.powers_grid)
        layout.addLayout(owed_row)
        layout.addLayout(tonight)

    def refresh(self, story: Story) -> None:
        campaign = story.campaign
        m = campaign.member(self.member_id)
        self.setTitle(f"{m.character.name} — {m.character.arcana.title}")
        state = "dead" if m.injuries.dead else ("lost to Corruption" if m.corruption.lost else "")
        traits = ", ".join(sorted(t.value for t in m.traits))
        self.status.setText(f"{state.capitalize()}." if state else f"Traits in force: {traits}.")
        self.status.setStyleSheet(PROBLEM_STYLE if state else "")
        lines = [rest_line(h) for h in m.injuries.held]
        self.rest.setText("\n".join(lines) if lines else "No injuries.")
        self.rest.setStyleSheet("" if lines else HINT_STYLE)
        while self.powers_grid.count():
            item = self.powers_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        used = campaign.clock.used_by(m.id)
        names = powers(m)
        spent = sum(1 for p in names if p in used)
        self.powers_title.setText(
            f"Once-per-Day powers: {len(names) - spent} of {len(names)} still fresh today. Click one to use it."
            if names
            else "No once-per-Day powers."
        )
        for i, power in enumerate(names):
            button = QPushButton(f"{power} — used" if power in used else power)
            button.setObjectName(f"power-{self.member_id}-{power}")
            button.setEnabled(power not in used and m.playable)
            button.setToolTip(
                "Already used today; fresh tomorrow."
                if power in used
                else ("Ask the GM for it." if asks_the_gm(power) else "Mark it used for today.")
            )
            button.clicked.connect(lambda _=False, p=power: self.use_power(p))
            button.setMinimumWidth(button.sizeHint().width())  # with the solo dock beside it, no name is cut
            self.powers_grid.addWidget(button, i // POWER_COLUMNS, i % POWER_COLUMNS)
        owed = m.corruption.owed
        self.owed.setText(f"{owed} Corruption to mark on the sheet." if owed else "No Corruption waiting to be marked.")
        self.owed.setStyleSheet("" if owed else HINT_STYLE)
        self.mark_button.setVisible(owed > 0)
        for w in (self.meal, self.sleep):
            w.setEnabled(m.playable)
        for pick, chosen in ((self.meal, story.choices.meal(m.id)), (self.sleep, story.choices.sleep(m.id))):
            with QSignalBlocker(pick):  # showing the value is no choice of the player's
                pick.setCurrentIndex(pick.findData(chosen))
        self._render_scars(campaign, m)

    def _render_scars(self, campaign: cp.Campaign, m: cp.Member) -> None:
        """INJ-MINOR: each scar blocks one ability a Day. Asked each morning (and before any fight while unasked);
        once chosen it is shown until the Day ends."""
        scars = m.injuries.names.count(cp.SCAR)
        self.scar_box.setVisible(scars > 0 and m.playable)
        if not scars or not m.playable:
            return
        due = cp.scar_blocks_due(m)
        if not due:
            blocked = ", ".join(ability_name(a) for a in m.scar_blocks[:scars])
            self.scar_note.setText(
                f"Massive Painful Scar: {m.character.name} cannot use {blocked} today. "
                "Tomorrow morning they choose again."
            )
            self.scar_note.setStyleSheet("")
            self._set_picks(0, ())
            return
        which = "one combat ability" if scars == 1 else f"{scars} different combat abilities, one per scar,"
        self.scar_note.setText(
            f"Massive Painful Scar: this morning {m.character.name} gives up {which} for the whole Day. "
            f"Pick {'it' if scars == 1 else 'them'} below before the first fight: no fight starts until then."
        )
        self.scar_note.setStyleSheet(PROBLEM_STYLE)
        self._set_picks(scars, cp.scar_choices(campaign, m.id))

    def _set_picks(self, count: int, choices: tuple[str, ...]) -> None:
        """One drop-down per scar offering ``choices``; kept as they are when nothing about them changed."""
        wanted = [(ability_name(a), a) for a in choices]
        current = [[(p.itemText(i), p.itemData(i)) for i in range(1, p.count())] for p in self.scar_picks]
        if len(self.scar_picks) != count or any(c != wanted for c in current):
            while self.picks_row.count():
                item = self.picks_row.takeAt(0)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    widget.setParent(None)
                    widget.deleteLater()
            self.scar_picks = []
            for i in range(count):
                pick = QComboBox()
                pick.setObjectName(f"day-scar-pick-{self.member_id}-{i}")
                pick.addItem("Blocked today…", None)
                for text, ability in wanted:
                    pick.addItem(text, ability)
                self.scar_picks.append(pick)
                self.picks_row.addWidget(pick)
        self.scar_button.setVisible(count > 0)

    def block_for_today(self) -> bool:
        picked = [p.currentData() for p in self.scar_picks]
        if any(a is None for a in picked):
            self.panel.error.setText("Pick an ability for every scar first.")
            return False
        return self.panel.run(ops.ChooseScarBlocks(self.member_id, tuple(picked)))

    def use_power(self, power: str) -> bool:
        """Spend the power; one the GM answers opens the request box instead (FOOL-DEUS, HP-FORESIGHT)."""
        if not asks_the_gm(power):
            return self.panel.run(ops.UsePower(self.member_id, power))
        if self.panel.playthrough.story.request is not None:
            self.panel.error.setText("Wait for the GM's answer to the open request first.")
            return False
        name = self.panel.playthrough.campaign.member(self.member_id).character.name
        self.panel.gm_box.begin(self.member_id, name, power)
        return True

    def choice(self) -> tuple[cp.Meal, cp.Sleep]:
        choices = self.panel.playthrough.story.choices
        return choices.meal(self.member_id), choices.sleep(self.member_id)


class _Columns(QGridLayout):
    """The Day's grid, sized by its minimum alone: the Day page's scroll area would otherwise size the tab to its
    wrapped labels' preferred height and scroll where the columns fit."""

    def hasHeightForWidth(self) -> bool:
        return False


class DayPanel(QWidget):
    """The Day tab; ``next_fight`` asks for the fight set-up, ``open_lab`` for the balance lab with this party."""

    next_fight = Signal()
    open_lab = Signal()

    def __init__(self, playthrough: Playthrough, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("day-panel")
        self.playthrough = playthrough
        self.day_label = QLabel()
        self.day_label.setObjectName("day-number")
        self.day_label.setFont(scaled_font(self.font(), 1.8, bold=True))
        self.supremacy_label = wrapped_label("day-supremacy")
        self.fights_label = wrapped_label("day-fights", style=HINT_STYLE)
        self.eddies_label = wrapped_label("day-eddies")
        self.error = wrapped_label("day-error", style=PROBLEM_STYLE)
        self.gm_box = GMRequestBox(self.run)
        self.members: dict[str, MemberDay] = {}
        holder = QWidget()
        column = QVBoxLayout(holder)
        for m in playthrough.campaign.members:
            box = MemberDay(self, m.id)
            column.addWidget(box)
            self.members[m.id] = box
        column.addWidget(self.eddies_label)
        column.addStretch(1)
        self.party = holder
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(holder)
        self.party_scroll = scroll

        self.end_day_button = QPushButton("End the Day")
        self.end_day_button.setObjectName("day-end")
        self.end_day_button.setToolTip("Settle food and sleep as chosen above; nights of rest count; powers refresh.")
        self.end_day_button.clicked.connect(self.end_day)
        self.next_button = QPushButton("Next fight")
        self.next_button.setObjectName("day-next-fight")
        self.next_button.clicked.connect(self.go_to_fight)
        self.lab_button = QPushButton("Try a fight in the balance lab…")
        self.lab_button.setObjectName("day-lab")
        self.lab_button.setToolTip("Many simulated fights of this party against an encounter; the game is not changed")
        self.lab_button.clicked.connect(self.open_lab.emit)
        rule = wrapped_label(style=HINT_STYLE)
        rule.setText(
            "Everyone eats and sleeps every Day. No food or no sleep: 3 Corruption. Inedible food: Upset Stomach. "
            "Bad sleep still counts as a night of rest but leaves you Groggy; restful sleep clears Groggy."
        )

        worksheet = QGroupBox("Supremacy Worksheet")
        sheet_layout = QVBoxLayout(worksheet)
        sheet_layout.addWidget(self.supremacy_label)
        sheet_layout.addWidget(self.fights_label)
        journal = self._journal_box()
        log_box = QGroupBox("What happened")
        self.log = QListWidget()
        self.log.setObjectName("day-log")
        self.log.setWordWrap(True)
        QVBoxLayout(log_box).addWidget(self.log)

        side = self.side = QVBoxLayout()
        side.addWidget(worksheet)
        side.addWidget(log_box, 1)
        side.addWidget(journal)
        side.addWidget(self.lab_button)
        side.addWidget(self.next_button)
        main = QVBoxLayout()
        main.addWidget(scroll, 1)
        main.addWidget(rule)
        main.addWidget(self.gm_box)
        main.addWidget(self.error)
        main.addWidget(self.end_day_button, alignment=Qt.AlignmentFlag.AlignLeft)
        grid = self.grid = _Columns(self)
        grid.addWidget(self.day_label, 0, 0, 1, 2)
        grid.addLayout(main, 1, 0)
        grid.addLayout(side, 1, 1)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        self.stacked = False
        self.refresh()

    def side_by_side_width(self) -> int:
        """The least width that shows the party's boxes whole with the worksheet, log and journal beside them."""
        party = self.party.minimumSizeHint().width() + self.party_scroll.verticalScrollBar().sizeHint().width() + 4
        margins = self.grid.contentsMargins()
        frame = margins.left() + margins.right() + self.grid.horizontalSpacing()
        return party + self.side.minimumSize().width() + frame

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fold(event.size().width())

    def fold(self, width: int) -> None:
        """Beside a narrow window (the solo oracle open) the worksheet, log and journal go under the party
        rather than squeeze a member's box until its powers are cut off; the tab then scrolls."""
        stack = width < self.side_by_side_width()
        if stack == self.stacked:
            return
        self.stacked = stack
        self.grid.removeItem(self.side)
        if stack:
            self.grid.addLayout(self.side, 2, 0)
            self.grid.setColumnStretch(1, 0)
            self.party_scroll.setMinimumHeight(self.party.sizeHint().height() + 4)
            self.log.setMinimumHeight(self.fontMetrics().height() * 6)
        else:
            self.grid.addLayout(self.side, 1, 1)
            self.grid.setColumnStretch(1, 2)
            self.party_scroll.setMinimumHeight(0)
            self.log.setMinimumHeight(0)
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        # stacked, the narrowest is the party's own width; side by side the layout's own answer stands
        return QSize(min(hint.width(), self.party.minimumSizeHint().width() + 24), hint.height())

    def _journal_box(self) -> QGroupBox:
        """The player's notes in the playthrough's journal (each an undoable op) and its Markdown export."""
        box = QGroupBox("Journal notes")
        self.note_text = QLineEdit()
        self.note_text.setObjectName("day-note-text")
        self.note_text.setPlaceholderText("A note for the journal")
        self.notes = QListWidget()
        self.notes.setObjectName("day-notes")
        self.notes.setWordWrap(True)
        self.notes.setMaximumHeight(self.fontMetrics().height() * 6)
        buttons: list[QPushButton] = []
        for name, text, slot in (
            ("day-note-add", "Add", self.add_note),
            ("day-note-edit", "Replace selected", self.edit_note),
            ("day-note-delete", "Delete selected", self.delete_note),
            ("day-journal-export", "Export journal…", self._ask_export),
        ):
            button = QPushButton(text)
            button.setObjectName(name)
            button.clicked.connect(slot)
            buttons.append(button)
        grid = QGridLayout()  # two by two: four in a row would hold the column wider than a 1024 px window allows
        for index, button in enumerate(buttons):
            grid.addWidget(button, index // 2, index % 2)
        layout = QVBoxLayout(box)
        layout.addWidget(self.notes)
        layout.addWidget(self.note_text)
        layout.addLayout(grid)
        return box

    def _selected_note(self) -> int | None:
        item = self.notes.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))

    def add_note(self) -> bool:
        if self.run(ops.WriteNote(self.note_text.text())):
            self.note_text.clear()
            return True
        return False

    def edit_note(self) -> bool:
        note = self._selected_note()
        if note is None:
            self.error.setText("Select a note to replace first.")
            return False
        return self.run(ops.EditNote(note, self.note_text.text()))

    def delete_note(self) -> bool:
        note = self._selected_note()
        if note is None:
            self.error.setText("Select a note to delete first.")
            return False
        return self.run(ops.DeleteNote(note))

    def export_journal(self, path: Path) -> Path:
        """The playthrough's journal as Markdown, written where the player asked."""
        path.write_text(to_markdown(self.playthrough.story, "Journal"), encoding="utf-8")
        return path

    def _ask_export(self) -> None:  # pragma: no cover - a modal file dialog
        chosen, _ = QFileDialog.getSaveFileName(self, "Export the journal", "journal.md", "Markdown (*.md)")
        if chosen:
            self.export_journal(Path(chosen))

    def run(self, op: ops.Op) -> bool:
        """One op through the Playthrough's funnel; a refusal is shown and changes nothing."""
        try:
            self.playthrough.submit(op)
        except IllegalAction as error:
            self.error.setText(str(error))
            return False
        self.error.clear()
        return True

    def scars_unchosen(self) -> list[str]:
        """The names of those whose scars still wait for today's choice."""
        return [m.character.name for m in self.playthrough.campaign.members if cp.scar_blocks_due(m)]

    def go_to_fight(self) -> bool:
        """To the fight set-up, unless a scar's choice for today is still to make (INJ-MINOR)."""
        waiting = self.scars_unchosen()
        if waiting:
            self.error.setText(
                f"First choose what the Massive Painful Scar blocks today for {' and '.join(waiting)} (above)."
            )
            return False
        self.error.clear()
        self.next_fight.emit()
        return True

    def end_day(self) -> bool:
        """Food and sleep as chosen above; the new Day starts with everyone fed and rested until told otherwise."""
        return self.run(ops.EndDay())

    def refresh(self, changes: OpChanges | None = None) -> None:
        p = self.playthrough
        campaign = p.campaign
        self.day_label.setText(f"Day {campaign.day}")
        self.supremacy_label.setText(f"Tally: {campaign.supremacy}   {tally_marks(campaign.supremacy)}")
        fights = [f"Fight {r.number}: {r.result}, +{r.gain}" for r in p.finished]
        self.fights_label.setText("; ".join(fights) if fights else "No fights yet.")
        eddies = ", ".join(f"{e.name} ({e.skill.value})" for e in campaign.eddies)
        self.eddies_label.setText(f"Eddies with the party: {eddies}." if eddies else "")
        self.eddies_label.setVisible(bool(eddies))
        for box in self.members.values():
            box.refresh(p.story)
        self.gm_box.refresh(p.story)
        self.log.clear()
        self.log.addItems(p.log)
        self.log.scrollToBottom()
        selected = self._selected_note()
        self.notes.clear()
        for note in p.story.notes:
            item = QListWidgetItem(f"Day {note.day}: {note.text}")
            item.setData(Qt.ItemDataRole.UserRole, note.id)
            self.notes.addItem(item)
            if note.id == selected:
                self.notes.setCurrentItem(item)
        playable = any(m.playable for m in campaign.members)
        self.next_button.setEnabled(playable)
        self.next_button.setToolTip("" if playable else "Nobody in the party can fight any more.")
