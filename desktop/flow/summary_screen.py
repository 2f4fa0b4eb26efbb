"""After a fight: the result, who was hurt, the Supremacy Worksheet, Eddies who roll up next, what changed."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.flow.playthrough import FightReport
from rt0table.desktop.lettering import HINT_STYLE, scaled_font, wrapped_label
from rt0table.rules.rt0.story.day_log import event_line, tallies

HEADLINES = {
    "victory": "Victory",
    "defeat": "Defeat",
    "escaped": "Escaped",
}


def tally_marks(n: int) -> str:
    """Tallies drawn in fives: "||||/ ||"."""
    groups = ["||||/"] * (n // 5) + (["|" * (n % 5)] if n % 5 else [])
    return " ".join(groups) or "none yet"


class SummaryScreen(QWidget):
    """Read-only; ``done`` returns to the days between fights."""

    done = Signal()

    watch = Signal()  # the player asks to watch the fight again

    def __init__(self, report: FightReport, watchable: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fight-summary")
        self.report = report
        title = QLabel(f"Fight {report.number}: {HEADLINES.get(report.result, report.result.capitalize())}")
        title.setObjectName("summary-title")
        title.setFont(scaled_font(self.font(), 1.8, bold=True))

        people = QGroupBox("The party")
        grid = QGridLayout(people)
        self.cells: list[list[QLabel]] = []
        headings = ["Character", "HP at the end", "Injuries taken", "Corruption taken"]
        for col, heading in enumerate(headings):
            label = QLabel(heading)
            label.setFont(scaled_font(self.font(), 1.0, bold=True))
            grid.addWidget(label, 0, col)
        for row, o in enumerate(report.summary.outcomes, start=1):
            texts = [
                report.names.get(o.member, o.member) + (" (died)" if o.died else ""),
                f"{o.hp} / {o.full_hp}",
                ", ".join(o.injuries_taken) or "none",
                str(o.corruption),
            ]
            cells = [wrapped_label(f"summary-{o.member}-{col}") for col in range(len(texts))]
            for col, (cell, text) in enumerate(zip(cells, texts, strict=True)):
                cell.setText(text)
                grid.addWidget(cell, row, col)
            self.cells.append(cells)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(2, 2)

        foes = QGroupBox("The adversaries")
        self.foes_label = wrapped_label("summary-foes")
        rounds = f"{report.rounds} round{'s' if report.rounds != 1 else ''}. "
        self.foes_label.setText(rounds + " · ".join(report.foes))
        QVBoxLayout(foes).addWidget(self.foes_label)

        sheet = QGroupBox("Supremacy Worksheet")
        sheet_layout = QVBoxLayout(sheet)
        self.gain_label = wrapped_label("summary-gain")
        self.gain_label.setFont(scaled_font(self.font(), 1.2, bold=True))
        gain = f"This fight adds {tallies(report.gain)}." if report.gain else "This fight adds nothing."
        self.gain_label.setText(gain)
        self.reason_label = wrapped_label("summary-reason")
        self.reason_label.setText(report.reason)
        self.tally_label = wrapped_label("summary-tally")
        self.tally_label.setText(f"Tally so far: {report.supremacy}   {tally_marks(report.supremacy)}")
        rule = wrapped_label(style=HINT_STYLE)
        rule.setText(
            "Any injury or 2+ Corruption for one player stops the tally; otherwise one, and a second when everyone "
            "ends at full HP. Supremacy makes later fights harder."
        )
        for w in (self.gain_label, self.reason_label, self.tally_label, rule):
            sheet_layout.addWidget(w)

        self.eddies_label = wrapped_label("summary-eddies")
        lines = [f"{e.old} was destroyed; {e.new} rolls up in the next scene." for e in report.replacements]
        self.eddies_label.setText("\n".join(lines))
        self.eddies_label.setVisible(bool(lines))

        changes = QGroupBox("What changed on the sheets")
        self.changes_label = wrapped_label("summary-changes")
        text = "\n".join(event_line(e, report.names) for e in report.events)
        self.changes_label.setText(text or "Nothing: everyone walks away as they came in.")
        owed = any(o.corruption for o in report.summary.outcomes)
        note = wrapped_label(style=HINT_STYLE)
        note.setText("Corruption taken is marked on the character sheets, between fights." if owed else "")
        changes_layout = QVBoxLayout(changes)
        changes_layout.addWidget(self.changes_label)
        changes_layout.addWidget(note)

        self.done_button = QPushButton("Continue")
        self.done_button.setObjectName("summary-done")
        self.done_button.clicked.connect(self.done.emit)
        self.watch_button = QPushButton("Watch the fight again")
        self.watch_button.setObjectName("summary-watch")
        self.watch_button.setToolTip("Step or scrub through the fight, forward and back.")
        self.watch_button.setVisible(watchable)
        self.watch_button.clicked.connect(self.watch.emit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.watch_button)
        buttons.addStretch(1)
        buttons.addWidget(self.done_button)

        columns = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(people)
        left.addWidget(foes)
        left.addWidget(self.eddies_label)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(sheet)
        right.addWidget(changes)
        right.addStretch(1)
        columns.addLayout(left, 3)
        columns.addLayout(right, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(columns, 1)
        layout.addLayout(buttons)
