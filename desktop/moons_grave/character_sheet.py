"""A Moon's Grave character sheet: stats, the ten talents read from them, followers, gear, perks, soak, Experience."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.lettering import PROBLEM_STYLE, scaled_font, wrapped_label
from rt0table.desktop.moons_grave.mg_sheet_words import TOKEN, sheet_lines
from rt0table.desktop.moons_grave.sheet_pdf import export_sheet_pdf
from rt0table.rules.moons_grave.mg_character import Character
from rt0table.rules.moons_grave.mg_pack import MgContent

HINT_STYLE = "color: #5f5f66;"  # notes beside the numbers: quieter than them, still easy to read


class CharacterSheet(QWidget):
    """One character's sheet, read-only, with a button that prints it as a PDF."""

    def __init__(self, content: MgContent, character: Character, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mg-character-sheet")
        self.content = content
        self.character = character
        self.lines = sheet_lines(content, character)
        self._build()

    def _build(self) -> None:
        lines = self.lines
        title = QLabel(lines.title)
        title.setObjectName("sheet-name")
        title.setFont(scaled_font(self.font(), 1.6, bold=True))
        self.print_button = QPushButton("&Print to PDF…")
        self.print_button.setObjectName("sheet-print")
        self.print_button.clicked.connect(self._print)
        head = QHBoxLayout()
        head.addWidget(title, 1)
        head.addWidget(self.print_button)
        about = wrapped_label("sheet-about")
        about.setText(
            f"<b>Employer</b> {lines.employer}<br><b>Class</b> {lines.character_class}<br><b>Flaw</b> {lines.flaw}"
        )
        self.note = wrapped_label("sheet-note", HINT_STYLE)

        numbers = QHBoxLayout()
        numbers.addWidget(self._table("Stats", lines.stats, "stat"), 2)
        numbers.addWidget(self._table("Talents", lines.talents, "talent"), 3)
        side = QVBoxLayout()
        followers = wrapped_label("sheet-followers")
        tokens = TOKEN * lines.followers
        followers.setText(f"<b>Follower tokens</b> {tokens} {lines.followers}: the start of every job (= Beckon)")
        xp = wrapped_label("sheet-experience")
        xp.setText(f"<b>Experience</b> {lines.experience} · <b>Spent</b> {lines.spent}")
        gear = wrapped_label("sheet-gear")
        gear.setText("<b>Gear</b><br>" + "<br>".join([*lines.weapons, lines.armour]))
        soak = wrapped_label("sheet-soak")
        soak.setText(
            "<b>Soak tracks</b><br>"
            + "<br>".join(f"{name} {'□' * boxes} <i>{what}</i>" for name, boxes, what in lines.soak)
        )
        for label in (followers, xp, gear, soak):
            side.addWidget(label)
        side.addStretch(1)
        numbers.addLayout(side, 4)

        perks = QGroupBox("Perks")
        perk_layout = QVBoxLayout(perks)
        for heading, text in lines.perks:
            label = wrapped_label()
            label.setText(f"<b>{heading}</b> {text}")
            perk_layout.addWidget(label)

        page = QWidget()
        body = QVBoxLayout(page)
        body.addLayout(head)
        body.addWidget(about)
        body.addLayout(numbers)
        body.addWidget(perks)
        body.addWidget(self.note)
        body.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    def _table(self, title: str, rows: tuple[tuple[str, int, str], ...], name: str) -> QGroupBox:
        box = QGroupBox(title)
        grid = QGridLayout(box)
        for row, (what, level, note) in enumerate(rows):
            grid.addWidget(QLabel(what), row, 0)
            value = QLabel(f"<b>{level}</b>")
            value.setObjectName(f"sheet-{name}-{what}")
            grid.addWidget(value, row, 1)
            hint = QLabel(note)
            hint.setStyleSheet(HINT_STYLE)
            grid.addWidget(hint, row, 2)
        grid.setColumnStretch(2, 1)
        return box

    def print_to(self, path: Path) -> Path | None:
        try:
            written = export_sheet_pdf(self.content, self.character, path)
        except OSError as error:
            self.note.setStyleSheet(PROBLEM_STYLE)
            self.note.setText(f"✗ {path.name}: not written ({error.strerror or error})")
            return None
        self.note.setStyleSheet(HINT_STYLE)
        self.note.setText(f"Printed to {written}.")
        return written

    def _print(self) -> None:
        suggested = f"{self.character.name or 'character'}.pdf"
        chosen, _ = QFileDialog.getSaveFileName(self, "Print the sheet", suggested, "PDF (*.pdf)")
        if chosen:
            self.print_to(Path(chosen))
