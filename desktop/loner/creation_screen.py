"""Making a Protagonist step by step, with a hint for each step, and choosing how the table plays."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.lettering import scaled_font
from rt0table.rules.loner.ensemble import EnsembleContent, load_ensemble
from rt0table.rules.loner.loner_state import LonerSetup
from rt0table.rules.loner.protagonist import (
    Character,
    CreationStep,
    ProtagonistDraft,
    creation_problems,
    make_protagonist,
)
from rt0table.rules.loner.tables import LonerDataError
from rt0table.rules.loner.together import TableError, Together

# Our own words for each step; the "try" and "steer clear" examples are ours too.
HINTS: dict[CreationStep, str] = {
    CreationStep.NAME: "A name that sounds like it belongs in your setting.",
    CreationStep.CONCEPT: (
        "Who they are in a few words, like a pitch: a role plus a twist. Try “Grounded Sky Pirate” or "
        "“Retired Poisoner”; steer clear of labels any hero could wear, like “Good Fighter”."
    ),
    CreationStep.SKILLS: (
        "Two things only this character does well; each one lets them try what others cannot. Prefer "
        "“Talks to Machines” or “Never Gets Lost” to one-word traits like “Smart” or “Fighting”."
    ),
    CreationStep.FRAILTY: (
        "One weakness, flaw or burden. It cuts both ways: a limp hinders a climb but can win sympathy."
    ),
    CreationStep.GEAR: "Two pieces of equipment that matter in this setting, not everyday odds and ends.",
    CreationStep.GOAL_MOTIVE: (
        "What they are after, and why it matters to them. Leave both blank to let the first scenes decide."
    ),
    CreationStep.NEMESIS: "Optional: a person, group or force in their way. It can turn up in play instead.",
    CreationStep.LUCK: "Everyone starts with 6 Luck; it only counts inside a conflict and resets after each.",
}
TITLES: dict[CreationStep, str] = {
    CreationStep.NAME: "1. Name",
    CreationStep.CONCEPT: "2. Concept",
    CreationStep.SKILLS: "3. Two Skills",
    CreationStep.FRAILTY: "4. A Frailty",
    CreationStep.GEAR: "5. Two pieces of Gear",
    CreationStep.GOAL_MOTIVE: "6. Goal and Motive",
    CreationStep.NEMESIS: "7. Nemesis",
    CreationStep.LUCK: "8. Luck",
}
TABLE_MODES = ("Just me", "Together, nobody runs the game", "Together, with a GM")


class ProtagonistScreen(QWidget):
    """``ready`` carries the LonerSetup and the Together arrangement (None when playing alone)."""

    ready = Signal(object, object)
    back = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("loner-creation")
        self.fields: dict[str, QLineEdit] = {}
        title = QLabel("Your Protagonist")
        title.setFont(scaled_font(self.font(), 1.8, bold=True))
        steps = QWidget()
        grid = QGridLayout(steps)
        row = 0
        names = {
            CreationStep.NAME: ["name"],
            CreationStep.CONCEPT: ["concept"],
            CreationStep.SKILLS: ["skill1", "skill2"],
            CreationStep.FRAILTY: ["frailty"],
            CreationStep.GEAR: ["gear1", "gear2"],
            CreationStep.GOAL_MOTIVE: ["goal", "motive"],
            CreationStep.NEMESIS: ["nemesis"],
        }
        for step in CreationStep:
            heading = QLabel(TITLES[step])
            heading.setFont(scaled_font(self.font(), 1.1, bold=True))
            hint = QLabel(HINTS[step])
            hint.setWordWrap(True)
            hint.setObjectName(f"hint-{step.name.lower()}")
            grid.addWidget(heading, row, 0, Qt.AlignmentFlag.AlignTop)
            boxes = QHBoxLayout()
            for name in names.get(step, []):
                edit = QLineEdit()
                edit.setObjectName(f"loner-{name}")
                edit.setPlaceholderText(name.rstrip("12").capitalize())
                edit.textChanged.connect(self.refresh)
                edit.returnPressed.connect(self.start)
                boxes.addWidget(edit)
                self.fields[name] = edit
            if step is CreationStep.LUCK:
                luck = QLabel("6 Luck")
                luck.setFont(scaled_font(self.font(), 1.1, bold=True))
                boxes.addWidget(luck)
            grid.addLayout(boxes, row, 1)
            grid.addWidget(hint, row + 1, 1)
            row += 2
        grid.setColumnStretch(1, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(steps)

        options = QGroupBox("The table")
        form = QFormLayout(options)
        self.build_setup = QCheckBox("Open with Build the Setup (roll Who, What, When, Where, Why, How)")
        self.build_setup.setObjectName("loner-build-setup")
        self.step_dice = QCheckBox("Step dice (d8, d10) instead of an extra die")
        self.step_dice.setObjectName("loner-step-dice")
        self.table_mode = QComboBox()
        self.table_mode.setObjectName("loner-table-mode")
        self.table_mode.addItems(TABLE_MODES)
        self.players = QLineEdit()
        self.players.setObjectName("loner-players")
        self.players.setPlaceholderText("Names, separated by commas")
        self.facilitator = QLineEdit()
        self.facilitator.setObjectName("loner-facilitator")
        self.facilitator.setPlaceholderText("Blank: the players take turns, scene by scene")
        self.gm = QLineEdit()
        self.gm.setObjectName("loner-gm")
        form.addRow(self.build_setup)
        form.addRow(self.step_dice)
        form.addRow("Who plays", self.table_mode)
        form.addRow("Players", self.players)
        form.addRow("Facilitator", self.facilitator)
        form.addRow("GM", self.gm)
        self.import_button = QPushButton("&Import Ensemble content…")
        self.import_button.setObjectName("loner-import")
        self.import_button.clicked.connect(self.ask_import)
        self.imported_line = QLabel("No imported content.")
        self.imported_line.setObjectName("loner-imported")
        self.imported_line.setWordWrap(True)
        form.addRow(self.import_button)
        form.addRow(self.imported_line)
        self.npcs: tuple[Character, ...] = ()
        for widget in (self.players, self.facilitator, self.gm):
            widget.textChanged.connect(self.refresh)
        self.table_mode.currentIndexChanged.connect(self.refresh)

        self.problem = QLabel()
        self.problem.setObjectName("loner-creation-problem")
        self.problem.setWordWrap(True)
        self.start_button = QPushButton("&Start playing")
        self.start_button.setObjectName("loner-start")
        self.start_button.clicked.connect(self.start)
        back = QPushButton("Back")
        back.setObjectName("loner-creation-back")
        back.clicked.connect(self.back.emit)
        buttons = QHBoxLayout()
        buttons.addWidget(back)
        buttons.addStretch(1)
        buttons.addWidget(self.problem, 3)
        buttons.addWidget(self.start_button)

        body = QHBoxLayout()
        body.addWidget(scroll, 3)
        body.addWidget(options, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(body, 1)
        layout.addLayout(buttons)
        self.refresh()

    def draft(self) -> ProtagonistDraft:
        text = {name: edit.text() for name, edit in self.fields.items()}
        return ProtagonistDraft(
            text["name"],
            text["concept"],
            (text["skill1"], text["skill2"]),
            text["frailty"],
            (text["gear1"], text["gear2"]),
            text["goal"],
            text["motive"],
            text["nemesis"],
        )

    def together(self) -> Together | None:
        """The arrangement the options describe; TableError says why it cannot be."""
        mode = self.table_mode.currentIndex()
        together = mode > 0
        for widget in (self.players, self.facilitator):
            widget.setEnabled(together)
        self.gm.setEnabled(mode == 2)
        self.facilitator.setEnabled(mode == 1)
        if not together:
            return None
        players = tuple(p.strip() for p in self.players.text().split(",") if p.strip())
        if mode == 1:
            return Together(players, facilitator=self.facilitator.text().strip())
        if not self.gm.text().strip():
            raise TableError("name the GM")
        return Together(players, gm=self.gm.text().strip())

    def refusal(self) -> str | None:
        problems = creation_problems(self.draft())
        if problems:
            step, why = problems[0]
            return f"{TITLES[step]}: {why}."
        try:
            self.together()
        except TableError as error:
            return f"The table: {error}."
        return None

    def refresh(self) -> None:
        why = self.refusal()
        self.problem.setText(why or "Ready.")
        self.start_button.setEnabled(why is None)

    def start(self) -> None:
        if self.refusal() is not None:
            return
        hero = make_protagonist(self.draft())
        setup = LonerSetup(hero, self.npcs, self.step_dice.isChecked(), "", self.build_setup.isChecked())
        self.ready.emit(setup, self.together())

    def ask_import(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Import Ensemble content", "", "Ensemble content (*.json)")
        if name:
            self.import_file(Path(name))

    def import_file(self, path: Path) -> EnsembleContent | None:
        """Read an Ensemble file: its NPCs join the game with Loner's adjustments; an error names file, entry, field."""
        try:
            content = load_ensemble(path.read_text(encoding="utf-8"), path.name)
        except (OSError, UnicodeDecodeError) as error:
            self.imported_line.setText(f"{path.name} could not be read: {error}")
            return None
        except LonerDataError as error:
            self.imported_line.setText(f"Not imported. {error}")
            return None
        self.npcs = content.npcs
        changes = "; ".join(content.adjustments) or "nothing needed adjusting"
        people = ", ".join(n.name for n in content.npcs) or "no characters"
        self.imported_line.setText(f"{content.title}: {people}. Adjusted for Loner: {changes}.")
        return content
