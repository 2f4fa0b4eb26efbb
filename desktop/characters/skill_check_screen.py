"""Skill checks between fights: who, which skill, how hard; the exact odds first, then the draw and a retry.

The screen drives a pure ``CheckTable`` (piles, rng state, the Day's ledger); it never draws by itself.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.characters.common import CardView
from rt0table.desktop.lettering import PROBLEM_STYLE, scaled_font
from rt0table.rules.rt0.campaign import items as itm
from rt0table.rules.rt0.campaign.check_table import Attempt, Checker, CheckTable, edge_with_help
from rt0table.rules.rt0.campaign.skill_check import (
    CheckResult,
    Difficulty,
    Edge,
    GroupResult,
    NotEnoughCards,
    Odds,
    Outcome,
    SkillCheck,
    group_chance,
)
from rt0table.rules.rt0.campaign.skill_check import retry as retry_check
from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.fight.modifiers import HEADPHONES
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.decks import draw_on
from rt0table.rules.rt0.traits import Skill

ODDS_SCALE = 1000
MODES = (
    ("single", "One player"),
    ("any", "Group: one success is enough"),
    ("all", "Group: everyone has to get through"),
    ("help", "With helpers"),
)
PURPOSES = (  # what the task is for, when an item is made for it (ITM-*)
    ("", "Nothing an item is made for"),
    (itm.FOOD, "Making food or water safe"),
    (itm.DOOR, "Opening a door"),
    (itm.TREAT, "Treating an injury"),
    (itm.PERFORMANCE, "A performance or a disguise"),
)
OUTCOME_STYLE = {
    Outcome.CRITICAL_SUCCESS: "color: #1b6e3a;",
    Outcome.SUCCESS: "color: #1b6e3a;",
    Outcome.FAILURE: "color: #b3261e;",
    Outcome.CRITICAL_FAILURE: "color: #b3261e;",
}


def percent(p: Fraction) -> str:
    return f"{float(p):.1%}  ({p.numerator}/{p.denominator})"


class CheckDesk(Protocol):
    """Where the screen's draws go: the playthrough's funnel between fights, or a table of the screen's own."""

    @property
    def table(self) -> CheckTable: ...

    def draw(self, op: ops.CheckOp) -> tuple[list[Attempt], GroupResult | None]: ...

    def next_day(self) -> None: ...

    def keep_on_headphones(self) -> Attempt: ...

    def gm_keeps(self, index: int) -> Attempt: ...


class LooseDesk:
    """A table with no playthrough behind it (the screen on its own): the ops are carried out on it directly."""

    def __init__(self, table: CheckTable) -> None:
        self.table = table

    def draw(self, op: ops.CheckOp) -> tuple[list[Attempt], GroupResult | None]:
        return draw_on(self.table, op)

    def next_day(self) -> None:
        self.table.next_day()

    def gm_keeps(self, index: int) -> Attempt:
        return self.table.gm_keeps(index)

    def keep_on_headphones(self) -> Attempt:
        raise ValueError("Banking a card on the Headphones needs the party: make the check from the Day.")


class SkillCheckScreen(QWidget):
    """Make skill checks for a party; ``checked`` fires after every draw with the attempts made."""

    checked = Signal(object)  # list[Attempt]

    def __init__(self, desk: CheckDesk | CheckTable, gm_judges: bool = True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.gm_judges = gm_judges  # SKL-PENALTY: a GM names the worse card; in solo the lower outcome counts
        self.setObjectName("skill-check-screen")
        self.desk: CheckDesk = LooseDesk(desk) if isinstance(desk, CheckTable) else desk
        self.last: list[Attempt] = []
        self.helpers_done: list[Attempt] = []
        self.last_was_group = False
        self._build()
        self.refresh()

    @property
    def table(self) -> CheckTable:
        """The decks as they stand, for reading (checkers, odds, refusals); draws go through the desk."""
        return self.desk.table

    # --- building ---

    def _build(self) -> None:
        title = QLabel("Skill check")
        title.setFont(scaled_font(self.font(), 1.6, bold=True))

        setup = QGroupBox("The check")
        form = QFormLayout(setup)
        self.subject = QLineEdit()
        self.subject.setObjectName("check-subject")
        self.subject.setPlaceholderText("What are they trying to do? (each task is tried once a Day)")
        self.who = QComboBox()
        self.who.setObjectName("check-who")
        self.who.addItems(list(self.table.checkers))
        self.skill = QComboBox()
        self.skill.setObjectName("check-skill")
        for skill in Skill:
            self.skill.addItem(skill.value, skill)
        self.difficulty = QComboBox()
        self.difficulty.setObjectName("check-difficulty")
        for difficulty in Difficulty:
            self.difficulty.addItem(difficulty.title, difficulty)
        self.difficulty.setCurrentIndex(Difficulty.MEDIUM.value)
        edge_row = QHBoxLayout()
        self.edge_group = QButtonGroup(self)
        self.edge_buttons: dict[Edge, QRadioButton] = {}
        for edge, label in ((Edge.NONE, "Neither"), (Edge.BONUS, "Bonus"), (Edge.PENALTY, "Penalty")):
            button = QRadioButton(label)
            button.setObjectName(f"edge-{edge.name.lower()}")
            self.edge_group.addButton(button)
            self.edge_buttons[edge] = button
            edge_row.addWidget(button)
        edge_row.addStretch(1)
        self.edge_buttons[Edge.NONE].setChecked(True)
        self.sight = QCheckBox("This task needs sight")
        self.sight.setObjectName("check-sight")
        self.sight.setToolTip("Blinded gives a Penalty on any check where seeing matters: reading, aiming, spotting.")
        self.sight_label = QLabel("Sight")
        self.purpose = QComboBox()
        self.purpose.setObjectName("check-purpose")
        self.purpose.setToolTip("Some items help with one kind of task: name it, and they act at this check.")
        for purpose, label in PURPOSES:
            self.purpose.addItem(label, purpose)
        mode_row = QVBoxLayout()
        self.mode_group = QButtonGroup(self)
        self.mode_buttons: dict[str, QRadioButton] = {}
        for key, label in MODES:
            button = QRadioButton(label)
            button.setObjectName(f"mode-{key}")
            self.mode_group.addButton(button)
            self.mode_buttons[key] = button
            mode_row.addWidget(button)
        self.mode_buttons["single"].setChecked(True)
        self.others = QListWidget()
        self.others.setObjectName("check-others")
        self.others.setMaximumHeight(self.fontMetrics().height() * 7)  # room below for the odds of each drawer
        for name in self.table.checkers:
            item = QListWidgetItem(name, self.others)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
        self.others_label = QLabel()
        form.addRow("Task", self.subject)
        form.addRow("Who draws", self.who)
        form.addRow("Skill", self.skill)
        form.addRow("Difficulty called", self.difficulty)
        form.addRow("Bonus or Penalty", edge_row)
        form.addRow("What for", self.purpose)
        form.addRow(self.sight_label, self.sight)
        form.addRow("How", mode_row)
        form.addRow(self.others_label, self.others)
        self.day_label = QLabel()
        self.next_day_button = QPushButton("Next Day")
        self.next_day_button.clicked.connect(self.next_day)
        day_row = QHBoxLayout()
        day_row.addWidget(self.day_label, 1)
        day_row.addWidget(self.next_day_button)
        form.addRow("Day", day_row)

        odds_box = QGroupBox("Before the draw")
        odds_layout = QVBoxLayout(odds_box)
        self.faced = QLabel()
        self.faced.setObjectName("check-faced")
        self.faced.setFont(scaled_font(self.font(), 1.2, bold=True))
        self.faced.setWordWrap(True)
        self.faced_reason = QLabel()
        self.faced_reason.setWordWrap(True)
        self.injury_note = QLabel()
        self.injury_note.setObjectName("check-injury-note")
        self.injury_note.setWordWrap(True)
        self.item_note = QLabel()
        self.item_note.setObjectName("check-item-note")
        self.item_note.setWordWrap(True)
        odds_layout.addWidget(self.faced)
        odds_layout.addWidget(self.faced_reason)
        odds_layout.addWidget(self.injury_note)
        odds_layout.addWidget(self.item_note)
        grid = QGridLayout()
        self.odds_bars: dict[Outcome, QProgressBar] = {}
        for row, outcome in enumerate(Outcome):
            bar = QProgressBar()
            bar.setRange(0, ODDS_SCALE)
            bar.setObjectName(f"odds-{outcome.name.lower()}")
            grid.addWidget(QLabel(outcome.value), row, 0)
            grid.addWidget(bar, row, 1)
            self.odds_bars[outcome] = bar
        grid.setColumnStretch(1, 1)
        odds_layout.addLayout(grid)
        self.odds_label = QLabel()
        self.odds_label.setObjectName("check-odds")
        self.odds_label.setWordWrap(True)
        self.odds_label.setFont(scaled_font(self.font(), 1.1, bold=True))
        self.odds_label.setMinimumHeight(self.odds_label.fontMetrics().lineSpacing() * 5)  # a group's line and three
        odds_layout.addWidget(self.odds_label)
        self.refusal_label = QLabel()
        self.refusal_label.setObjectName("check-refusal")
        self.refusal_label.setWordWrap(True)
        self.refusal_label.setStyleSheet(PROBLEM_STYLE)
        # three lines of room, from the font: a wrapped refusal is never clipped, and the one a draw brings ("already
        # attempted") does not push the Draw and Retry buttons down under the pointer
        self.refusal_label.setMinimumHeight(self.fontMetrics().lineSpacing() * 3 + self.fontMetrics().descent())
        odds_layout.addWidget(self.refusal_label)
        self.draw_button = QPushButton("Draw")
        self.draw_button.setObjectName("check-draw")
        self.draw_button.setDefault(True)
        self.draw_button.clicked.connect(self.draw)
        odds_layout.addWidget(self.draw_button)

        result_box = QGroupBox("The draw")
        result_layout = QVBoxLayout(result_box)
        self.cards_row = QHBoxLayout()
        self.cards_holder = QWidget()
        self.cards_holder.setLayout(self.cards_row)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.cards_holder)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no tab stop that shows nothing: the cards are to look at
        self.outcome = QLabel("No card drawn yet")
        self.outcome.setObjectName("check-outcome")
        self.outcome.setFont(scaled_font(self.font(), 2.0, bold=True))
        self.outcome.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reason = QLabel()
        self.reason.setObjectName("check-reason")
        self.reason.setWordWrap(True)
        self.reason.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.retry_button = QPushButton("Retry for 1 Corruption, one step easier")
        self.retry_button.setObjectName("check-retry")
        self.retry_button.clicked.connect(self.retry)
        self.hold = QCheckBox("The GM keeps the difficulty as it is")
        self.hold.setObjectName("check-hold")
        self.hold.toggled.connect(self._render_retry)
        self.retry_note = QLabel()
        self.retry_note.setObjectName("check-retry-note")
        self.retry_note.setWordWrap(True)
        self.corruption_note = QLabel()
        self.corruption_note.setObjectName("check-corruption")
        self.corruption_note.setWordWrap(True)
        self.judge_label = QLabel()
        self.judge_label.setObjectName("check-judge")
        self.judge_label.setWordWrap(True)
        self.judge_row = QHBoxLayout()
        self.judge_buttons: list[QPushButton] = []
        self.headphones_button = QPushButton("Fail it instead, and bank its card on the Headphones")
        self.headphones_button.setObjectName("check-headphones")
        self.headphones_button.setToolTip("The card joins the first hand of the next fight; up to 3 wait there.")
        self.headphones_button.clicked.connect(self.keep_on_headphones)
        retry_row = QHBoxLayout()
        retry_row.addWidget(self.retry_button)
        retry_row.addWidget(self.hold)
        retry_row.addStretch(1)
        result_layout.addWidget(scroll, 1)
        result_layout.addWidget(self.outcome)
        result_layout.addWidget(self.reason)
        result_layout.addWidget(self.judge_label)
        result_layout.addLayout(self.judge_row)
        result_layout.addLayout(retry_row)
        result_layout.addWidget(self.headphones_button, alignment=Qt.AlignmentFlag.AlignLeft)
        result_layout.addWidget(self.retry_note)
        result_layout.addWidget(self.corruption_note)

        left = QVBoxLayout()
        left.addWidget(setup)
        left.addWidget(odds_box)
        left.addStretch(1)
        body = QHBoxLayout()
        body.addLayout(left, 2)
        body.addWidget(result_box, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(body, 1)

        for combo in (self.who, self.skill, self.difficulty, self.purpose):
            combo.currentIndexChanged.connect(self._controls_changed)
        self.edge_group.buttonToggled.connect(lambda *_: self._controls_changed())
        self.sight.toggled.connect(lambda *_: self._controls_changed())
        self.mode_group.buttonToggled.connect(lambda *_: self._controls_changed())
        self.others.itemChanged.connect(lambda *_: self._controls_changed())
        self.subject.textChanged.connect(lambda *_: self._render_before())

    # --- reading the controls ---

    def mode(self) -> str:
        return next(key for key, button in self.mode_buttons.items() if button.isChecked())

    def edge(self) -> Edge:
        own = next(edge for edge, button in self.edge_buttons.items() if button.isChecked())
        if self.mode() == "help" and self.helpers_done:
            helps = [Edge.BONUS if a.result.succeeded else Edge.PENALTY for a in self.helpers_done]
            return edge_with_help(own, helps)
        return own

    def task(self) -> str:
        return self.subject.text().strip() or "the task"

    def picked_others(self) -> list[str]:
        names = []
        for i in range(self.others.count()):
            item = self.others.item(i)
            if item.checkState() is Qt.CheckState.Checked:
                names.append(item.text())
        return names

    def participants(self) -> list[str]:
        """Who draws for the result: the one player, or the group in list order."""
        who = self.who.currentText()
        if self.mode() in ("any", "all"):
            picked = self.picked_others()
            return [who, *(n for n in picked if n != who)]
        return [who]

    def drawers(self) -> list[str]:
        """Who draws next: the helpers while they have not yet drawn, else the participants."""
        if self.mode() == "help" and not self.helpers_done:
            return [n for n in self.picked_others() if n != self.who.currentText()]
        return self.participants()

    def sight_asked(self) -> bool:
        """Whether the sight question matters now: someone who draws next is Blinded (INJ-MINOR)."""
        names = {*self.drawers(), self.who.currentText()}
        return any(self.table.checkers[n].sight_matters for n in names if n in self.table.checkers)

    def needs_sight(self) -> bool:
        return self.sight_asked() and self.sight.isChecked()

    def task_purpose(self) -> str:
        """What a single check is for, when an item is made for it; group checks and helpers name nothing."""
        return str(self.purpose.currentData()) if self.mode() == "single" else ""

    def current_check(self, name: str | None = None) -> SkillCheck:
        skill: Skill = self.skill.currentData()
        base: Difficulty = self.difficulty.currentData()
        who = name or self.who.currentText()
        return self.table.check_for(who, skill, base, self.edge(), self.needs_sight(), self.task_purpose())

    # --- actions ---

    def _controls_changed(self) -> None:
        if self.mode() != "help":
            self.helpers_done = []
        self.refresh()

    def draw(self) -> None:
        skill: Skill = self.skill.currentData()
        base: Difficulty = self.difficulty.currentData()
        mode = self.mode()
        try:
            if mode == "help" and not self.helpers_done:
                helpers = [n for n in self.picked_others() if n != self.who.currentText()]
                if not helpers:
                    raise ValueError("Tick at least one helper.")
                sight = self.needs_sight()
                self.helpers_done = self.desk.draw(ops.HelpCheck(tuple(helpers), skill, base, sight))[0]
                self.last = list(self.helpers_done)
                self._render_result("Helpers drew: now the main check, with their Bonus or Penalty.")
                self.refresh()
                self.checked.emit(self.last)
                return
            if mode in ("any", "all"):
                attempts, verdict = self.desk.draw(
                    ops.GroupCheck(
                        tuple(self.participants()),
                        skill,
                        self.task(),
                        base,
                        self.edge(),
                        everyone=mode == "all",
                        sight=self.needs_sight(),
                    )
                )
                assert verdict is not None
                self.last = attempts
                self.last_was_group = True
                self._render_result(verdict.reason[:1].upper() + verdict.reason[1:] + ".", verdict.succeeded)
            else:
                who = self.who.currentText()
                op = ops.DrawCheck(who, skill, self.task(), base, self.edge(), self.needs_sight(), self.task_purpose())
                (attempt,) = self.desk.draw(op)[0]
                self.last = [*self.helpers_done, attempt]
                self.last_was_group = False
                self.helpers_done = []
                self._render_result()
        except (ValueError, NotEnoughCards) as error:
            self.refusal_label.setText(str(error))
            return
        self.refresh()
        self.checked.emit(self.last)

    def retry(self) -> None:
        if not self.last:
            return
        try:
            why = self.table.retry_refusal(self.last[-1])
            if why is not None:
                raise ValueError(why)
            (attempt,) = self.desk.draw(ops.RetryCheck(self.hold.isChecked()))[0]
        except (ValueError, NotEnoughCards) as error:
            self.retry_note.setText(str(error))
            return
        self.last = [attempt]
        self._render_result()
        self.refresh()
        self.checked.emit(self.last)

    def gm_keeps(self, index: int) -> None:
        """SKL-PENALTY: the GM names the worse of the two cards; that one counts."""
        try:
            attempt = self.desk.gm_keeps(index)
        except ValueError as error:
            self.retry_note.setText(str(error))
            return
        self.last = [*self.last[:-1], attempt]
        self._render_result()
        self.refresh()
        self.checked.emit(self.last)

    def keep_on_headphones(self) -> None:
        """ITM-HEADPHONES: the won FINAID check just drawn counts as failed; its card waits for the next fight."""
        try:
            attempt = self.desk.keep_on_headphones()
        except ValueError as error:
            self.retry_note.setText(str(error))
            return
        self.last = [attempt]
        self._render_result()
        self.refresh()
        self.checked.emit(self.last)

    def next_day(self) -> None:
        self.desk.next_day()
        self.refresh()

    # --- rendering ---

    def refresh(self) -> None:
        group = self.mode() in ("any", "all", "help")
        self.others.setVisible(group)
        self.others_label.setVisible(group)
        self.others_label.setText("Helpers" if self.mode() == "help" else "Also drawing")
        who = self.who.currentText()
        for i in range(self.others.count()):  # whoever draws already is not offered again
            item = self.others.item(i)
            item.setHidden(item.text() == who)
        self.day_label.setText(f"Day {self.table.day}")
        asked = self.sight_asked()
        self.sight.setVisible(asked)
        self.sight_label.setVisible(asked)
        self._render_before()
        self._render_retry()

    def _enable_draw(self, on: bool) -> None:
        """A Draw button about to be greyed hands its focus to the task field by hand (name a new task): Qt's own
        hand-on goes to the next widget in the chain and scrolls the page sideways to show it."""
        if not on and self.draw_button.hasFocus():
            self.subject.setFocus()
        self.draw_button.setEnabled(on)

    def _render_before(self) -> None:
        self.refusal_label.clear()
        skill: Skill = self.skill.currentData()
        base: Difficulty = self.difficulty.currentData()
        who = self.who.currentText()
        checker = self.table.checkers[who]
        purpose = self.task_purpose()
        self.faced.setText(f"{who} faces {checker.difficulty(skill, base, purpose).title}")
        eased = checker.difficulty(skill, base, purpose) != checker.difficulty(skill, base)
        items = " The items below make it easier." if eased else ""
        self.faced_reason.setText(checker.why_difficulty(skill, base) + items)
        self._render_items(checker, skill, purpose)
        problems: list[str] = []
        mode = self.mode()
        helping = mode == "help" and not self.helpers_done
        drawers = self.drawers()
        self._render_injuries(drawers, skill)
        for name in drawers:
            why = self.table.checkers[name].refusal(skill)
            if why:
                problems.append(why)
        if helping:
            self.draw_button.setText("Helpers draw")
        else:
            self.draw_button.setText("Draw" if mode == "single" or mode == "help" else "Everyone draws")
        if problems:
            self.refusal_label.setText("\n".join(problems))
            self._enable_draw(False)
            self._show_odds(None, "")
            return
        ledger = None if helping else self.table.refusal(self.task())
        if ledger:
            self.refusal_label.setText(ledger[:1].upper() + ledger[1:] + ". Name a new task, or move to the next Day.")
        self._enable_draw(not ledger)
        try:
            lines = []
            main: Odds | None = None
            main_check: SkillCheck | None = None
            for name in drawers:
                check = self.table.check_for(name, skill, base, self.edge(), self.needs_sight(), self.task_purpose())
                odds = self.table.odds(name, check)
                main, main_check = main or odds, main_check or check
                with_edge = f" with {check.edge.value}" if check.edge is not Edge.NONE else ""
                lines.append(f"{name}: {float(odds.success):.1%} to succeed at {check.difficulty.title}{with_edge}")
            if mode in ("any", "all") and len(drawers) > 1:  # the group's chance first: it decides the task
                lines.insert(0, self._group_line(drawers, skill, base, everyone=mode == "all"))
        except NotEnoughCards as error:
            self.refusal_label.setText(str(error))
            self._enable_draw(False)
            return
        if len(drawers) == 1 and main is not None and main_check is not None:
            edge = main_check.edge  # the player's own Bonus or Penalty with their injuries' (they cancel)
            with_edge = f" with {edge.value}" if edge is not Edge.NONE else ""
            text = f"Chance of success{with_edge}: {percent(main.success)}"
            self._show_odds(main, text)
        else:
            self._show_odds(main, "\n".join(lines))

    def _render_items(self, checker: Checker, skill: Skill, purpose: str) -> None:
        """Which carried items act at this check, and which of them the draw uses up."""
        helping = [
            *itm.check_steps(checker.items, skill, purpose),
            *itm.check_bonus_items(checker.items, skill, purpose),
        ]
        helping = list(dict.fromkeys(helping)) if purpose else []
        spent = set(checker.spent(skill, purpose))
        said = [f"{name}{' (used up by the draw)' if name in spent else ''}" for name in helping]
        self.item_note.setText(f"Helping: {', '.join(said)}." if said else "")
        self.item_note.setVisible(bool(said))

    def _group_line(self, drawers: list[str], skill: Skill, base: Difficulty, everyone: bool) -> str:
        """SKL-GROUP-ANY / SKL-GROUP-ALL: the group's own exact chance, counted over every drawer's pile."""
        sight, edge, table = self.needs_sight(), self.edge(), self.table
        entries = [(table.piles[table.checkers[n].pile], table.check_for(n, skill, base, edge, sight)) for n in drawers]
        rule = "everyone must get through" if everyone else "one success is enough"
        return f"The group: {percent(group_chance(entries, everyone))} to succeed ({rule})"

    def _render_injuries(self, drawers: list[str], skill: Skill) -> None:
        """One line per drawer whose injuries give this check a Penalty, saying which injury and, for Blinded,
        that the task needs sight; a Blinded drawer on a task that does not need sight is told so too."""
        sight = self.needs_sight()
        lines = []
        for name in drawers:
            checker = self.table.checkers.get(name)
            if checker is None or checker.refusal(skill):
                continue
            terms = checker.injury_terms(skill, sight)
            if terms.why:
                because = " (the task needs sight)" if sight and checker.sight_matters else ""
                lines.append(f"{name}: {terms.why}{because}.")
            elif checker.sight_matters:
                lines.append(f"{name} is Blinded: no Penalty, as this task does not need sight.")
        self.injury_note.setText("\n".join(lines))
        self.injury_note.setVisible(bool(lines))

    def _show_odds(self, odds: Odds | None, text: str) -> None:
        for outcome, bar in self.odds_bars.items():
            p = odds[outcome] if odds is not None else Fraction(0)
            bar.setValue(round(float(p) * ODDS_SCALE))
            bar.setFormat(percent(p) if odds is not None else "–")
        self.odds_label.setText(text)

    def _render_result(self, verdict: str = "", succeeded: bool | None = None) -> None:
        while self.cards_row.count():
            item = self.cards_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for attempt in self.last:
            column = QVBoxLayout()
            holder = QWidget()
            holder.setLayout(column)
            who = QLabel(f"<b>{attempt.name}</b>" + (" (helping)" if attempt.subject == "helping" else ""))
            who.setAlignment(Qt.AlignmentFlag.AlignCenter)
            column.addWidget(who)
            cards = QHBoxLayout()
            for index, card in enumerate(attempt.result.cards):
                cards.addWidget(CardView(card, note=_card_note(attempt.result, index)))
            column.addLayout(cards)
            line = QLabel(attempt.result.outcome.value)
            line.setAlignment(Qt.AlignmentFlag.AlignCenter)
            line.setStyleSheet(OUTCOME_STYLE[attempt.result.outcome])
            column.addWidget(line)
            column.addStretch(1)
            self.cards_row.addWidget(holder)
        self.cards_row.addStretch(1)
        if verdict and succeeded is None:
            self.outcome.setText("…")
            self.outcome.setStyleSheet("")
            self.reason.setText(verdict)
            return
        if verdict:
            self.outcome.setText("The group succeeds" if succeeded else "The group fails")
            self.outcome.setStyleSheet(OUTCOME_STYLE[Outcome.SUCCESS if succeeded else Outcome.FAILURE])
            self.reason.setText(verdict)
            return
        result = self.last[-1].result
        self.outcome.setText(result.outcome.value)
        self.outcome.setStyleSheet(OUTCOME_STYLE[result.outcome])
        extra = " Blind luck, not skill: narrate it as happenstance." if result.kept.happenstance else ""
        self.reason.setText(result.reason + "." + extra if not result.reason.endswith(".") else result.reason + extra)

    def _render_retry(self) -> None:
        taken = ", ".join(f"{name} {n}" for name, n in self.table.corruption_taken.items())
        self.corruption_note.setText(f"Corruption taken for retries: {taken}" if taken else "")
        last = self.last[-1] if self.last else None
        self.headphones_button.setVisible(self._may_bank(last))
        self._render_judging(last)
        if last is None or last.subject == "helping" or self.last_was_group:
            self.retry_button.setEnabled(False)
            self.retry_note.setText("")
            return
        why = self.table.retry_refusal(last)
        self.retry_button.setEnabled(why is None)
        if why is not None:
            self.retry_note.setText(why[:1].upper() + why[1:] + ("" if why.endswith(".") else "."))
            return
        again = retry_check(last.result, self.hold.isChecked())  # keeps what the first had (Groggy's Knights)
        odds = self.table.odds(last.name, again)
        self.retry_note.setText(
            f"{last.name} may try again at {again.difficulty.title} for 1 Corruption: "
            f"{percent(odds.success)} to succeed."
        )

    def _render_judging(self, last: Attempt | None) -> None:
        """SKL-PENALTY: after a single check under Penalty whose cards read differently, the GM may name the other
        card the worse; the button of the card that counts now is checked."""
        for button in self.judge_buttons:
            self.judge_row.removeWidget(button)
            button.deleteLater()
        self.judge_buttons = []
        judgeable = (
            self.gm_judges
            and last is not None
            and not self.last_was_group
            and last.subject != "helping"
            and self.table.penalty_pick_refusal() is None
            and self.table.history[-1] is last
        )
        self.judge_label.setVisible(judgeable)
        if not judgeable or last is None:
            return
        self.judge_label.setText("Penalty: the GM says which card is the worse, the one that counts.")
        for i, reading in enumerate(last.result.readings):
            button = QPushButton(f"{CARDS[reading.card].name}: {reading.outcome.value}")
            button.setObjectName(f"check-judge-{i}")
            button.setCheckable(True)
            button.setChecked(reading is last.result.kept)
            button.clicked.connect(lambda _=False, index=i: self.gm_keeps(index))
            self.judge_row.addWidget(button)
            self.judge_buttons.append(button)

    def _may_bank(self, last: Attempt | None) -> bool:
        """ITM-HEADPHONES: the latest single check is a won FINAID by someone carrying Headphones."""
        if last is None or self.last_was_group or last.subject == "helping" or not self.table.history:
            return False
        checker = self.table.checkers.get(last.name)
        won = last.skill is Skill.FINAID and last.result.succeeded and self.table.history[-1] is last
        return won and checker is not None and HEADPHONES in checker.items


def _card_note(result: CheckResult, index: int) -> str:
    """'kept' / 'not kept' under Bonus or Penalty, 'after the Wheel' for a second card."""
    starting = result.check.edge.draws
    if index >= starting:
        return "after the Wheel"
    if starting == 1:
        return ""
    return "counts" if result.readings[index] is result.kept else "set aside"
