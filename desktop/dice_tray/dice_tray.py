"""The dice tray: the exact odds before a roll, Roll, the physical dice typed in face by face, and the faces shown
one by one with each surge called out as it brings in one more die.

Generic over a ``rules.dice.die_faces.Die`` (Moon's Grave's surge d6 now, The Restless's d20 later). The tray never
changes a game: it emits ``roll_requested`` and ``face_typed``, and the game's table submits them to its session.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.dice_tray.tray_odds import odds_lines
from rt0table.rules.dice.die_faces import Die

REVEAL_MS = 110  # between two faces of the animation
SURGE = QColor("#f2b134")
INK = QColor("#f4ecd8")
FELT = QColor("#22302a")


class DiceStrip(QWidget):
    """The faces of the roll, revealed one at a time; a surge face glows and says it adds a die."""

    def __init__(self, die: Die, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.die = die
        self.faces: tuple[int, ...] = ()
        self.shown = 0
        self.timer = QTimer(self)
        self.timer.setInterval(REVEAL_MS)
        self.timer.timeout.connect(self._reveal_next)
        self.setMinimumHeight(44)

    def show_faces(self, faces: tuple[int, ...], animate: bool = True, interval_ms: int = REVEAL_MS) -> None:
        """Show ``faces``; those already shown stay, the new ones appear one after another, ``interval_ms`` apart
        (0: at once)."""
        grew = faces[: len(self.faces)] == self.faces
        self.shown = min(self.shown, len(faces)) if grew else 0
        self.faces = faces
        self.timer.setInterval(max(1, interval_ms))
        if animate and interval_ms > 0 and self.shown < len(faces):
            self.timer.start()
        else:
            self.shown = len(faces)
        self.update()

    def finish(self) -> None:
        """Skip the animation."""
        self.timer.stop()
        self.shown = len(self.faces)
        self.update()

    @property
    def surges(self) -> int:
        return sum(1 for f in self.faces[: self.shown] if self.die.face(f).surge)

    def _reveal_next(self) -> None:
        self.shown += 1
        if self.shown >= len(self.faces):
            self.timer.stop()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), FELT)
        side = min(self.height() - 8, 40)
        font = QFont(self.font())
        font.setPixelSize(int(side * 0.45))
        font.setBold(True)
        painter.setFont(font)
        for i, number in enumerate(self.faces[: self.shown]):
            face = self.die.face(number)
            box = QRectF(6 + i * (side + 6), (self.height() - side) / 2, side, side)
            painter.setPen(QPen(SURGE if face.surge else INK, 3 if face.surge else 1.5))
            painter.setBrush(QColor("#3b4d44") if not face.surge else QColor("#5a4a1e"))
            painter.drawRoundedRect(box, side * 0.18, side * 0.18)
            painter.setPen(INK)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, face.label or str(face.value))
        if self.surges:
            painter.setPen(SURGE)
            x = 12 + self.shown * (side + 6)
            text = f"{self.surges} surge{'s' * (self.surges != 1)}: one more die each"
            painter.drawText(QRectF(x, 0, max(0, self.width() - x), self.height()), Qt.AlignmentFlag.AlignVCenter, text)
        painter.end()


class DiceTray(QWidget):
    """Odds, the faces, Roll, and a way to type in physical dice; ``roll_requested`` / ``face_typed`` out."""

    roll_requested = Signal()
    face_typed = Signal(int)

    def __init__(self, die: Die, parent: QWidget | None = None, many: bool = True) -> None:
        """``many``: a roll of several dice typed in at once (Moon's Grave's pool); else one die at a time."""
        super().__init__(parent)
        self.setObjectName("dice-tray")
        self.die = die
        self.many = many
        self.title = QLabel(die.name)
        self.title.setObjectName("dice-tray-title")
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.odds = QLabel()
        self.odds.setObjectName("dice-tray-odds")
        self.odds.setWordWrap(True)
        self.strip = DiceStrip(die)
        self.roll_button = QPushButton("Roll (R)")
        self.roll_button.setObjectName("dice-tray-roll")
        self.roll_button.clicked.connect(self.roll_requested.emit)
        self.face_buttons: list[QPushButton] = []
        grid = QGridLayout()
        grid.setSpacing(2)
        columns = 6 if die.sides <= 12 else 10
        for number, face in enumerate(die.faces, 1):
            button = QPushButton(face.label or str(face.value))
            button.setObjectName(f"dice-tray-face-{number}")
            button.setToolTip(f"Type in a die showing face {number}")
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)  # a d20's row fits the panel
            button.clicked.connect(lambda _=False, n=number: self.face_typed.emit(n))
            grid.addWidget(button, (number - 1) // columns, (number - 1) % columns)
            self.face_buttons.append(button)
        self.entry = QLineEdit()
        self.entry.setObjectName("dice-tray-entry")
        self.entry.setPlaceholderText(
            f"Physical dice: face numbers 1-{die.sides}, then Enter" if many else f"Physical die: 1-{die.sides}, Enter"
        )
        self.entry.returnPressed.connect(self._typed)
        self.problem = QLabel()
        self.problem.setObjectName("dice-tray-problem")
        self.problem.setStyleSheet("color: #b3261e;")
        self.problem.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.roll_button)
        row.addWidget(self.entry, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.odds)
        layout.addWidget(self.strip)
        layout.addLayout(row)
        layout.addLayout(grid)
        layout.addWidget(self.problem)
        self.set_waiting(False)

    def set_roll(self, dice: int, difficulty: int, who: str = "") -> None:
        """A roll is waiting: show its exact odds and take Roll or typed faces."""
        lead = f"{who}: " if who else ""
        self.title.setText(f"{lead}{self.die.name}")
        self.odds.setText("\n".join(odds_lines(self.die, dice, difficulty)))
        self.problem.clear()
        self.set_waiting(True)

    def set_waiting(self, waiting: bool) -> None:
        self.roll_button.setEnabled(waiting)
        self.entry.setEnabled(waiting)
        for button in self.face_buttons:
            button.setEnabled(waiting)
        if not waiting:
            self.title.setText(self.die.name)
            self.odds.setText("No roll waiting.")

    def show_faces(self, faces: tuple[int, ...], animate: bool = True, interval_ms: int = REVEAL_MS) -> None:
        self.strip.show_faces(faces, animate, interval_ms)

    def say_problem(self, text: str) -> None:
        self.problem.setText(text)

    def _typed(self) -> None:
        """Each number in the box is one die, in order; anything else is named and nothing is sent."""
        words = self.entry.text().replace(",", " ").split()
        faces: list[int] = []
        for word in words:
            if not word.isdigit() or not 1 <= int(word) <= self.die.sides:
                self.say_problem(f"'{word}' is not a face of a {self.die.name} (1 to {self.die.sides}).")
                return
            faces.append(int(word))
        if len(faces) > 1 and not self.many:
            self.say_problem(f"One {self.die.name} at a time: type the face of the die just rolled.")
            return
        self.entry.clear()
        self.problem.clear()
        for face in faces:
            self.face_typed.emit(face)
