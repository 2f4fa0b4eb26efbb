"""Moon's Grave lessons: short guided fights read from ``assets/moons_grave/lessons/*.json`` (data, checked at load),
played on the real table with the GM stand-in, each ending when its goal happens (a surge, a fumble, a perk fired).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from rt0table.assets.bundled import bundled_names, bundled_text
from rt0table.desktop.demo.lesson_fields import (
    LessonError,
    chosen_field,
    hints_field,
    lesson_object,
    seed_field,
    text_field,
)
from rt0table.desktop.moons_grave.mg_game import MgGame, choose_party, fight_setup, start_game
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.rules.moons_grave.mg_actions import MgEvent
from rt0table.rules.moons_grave.npc_notation import parse_npc
from rt0table.rules.moons_grave.surge_dice import SURGE_D6
from rt0table.rules.seam import RulesError

FOLDER = ("moons_grave", "lessons")
GOALS = ("surge", "fumble", "perk")
PHASES = ("plan", "vie", "withdraw", "bid", "vie_roll", "turn", "roll", "perks", "soak")


@dataclass(frozen=True)
class MgLesson:
    name: str  # the file's name
    title: str
    summary: str
    seed: int
    foes: tuple[str, ...]
    goal: str
    hints: tuple[tuple[str, str], ...]
    done: str

    def hint(self, phase: str) -> str:
        return dict(self.hints).get(phase, "")


def read_lesson(name: str, text: str) -> MgLesson:
    """One lesson from its JSON text; LessonError naming the file and the field when it does not fit."""
    data = lesson_object(name, text, ("title", "summary", "seed", "foes", "goal", "hints", "done"))
    seed = seed_field(data, name)
    foes = data.get("foes")
    if not isinstance(foes, list) or not foes or not all(isinstance(f, str) for f in foes):
        raise LessonError(f"{name}: foes: must be a list of NPC lines")
    for i, foe in enumerate(foes):
        try:
            parse_npc(foe)
        except (RulesError, ValueError) as error:
            raise LessonError(f"{name}: foes[{i}]: {error}") from None
    goal = chosen_field(data, name, "goal", GOALS, "goal")
    hints = hints_field(data, name, PHASES)
    title, summary, done = (text_field(data, name, f) for f in ("title", "summary", "done"))
    return MgLesson(name, title, summary, seed, tuple(foes), goal, hints, done)


def bundled_lessons() -> list[MgLesson]:
    return [read_lesson(name, bundled_text(*FOLDER, name)) for name in bundled_names(*FOLDER, suffix=".json")]


def reached(lesson: MgLesson, event: MgEvent, player_fighters: set[str]) -> bool:
    """Whether ``event`` is the lesson's goal happening to the player's side."""
    if event.fighter not in player_fighters:
        return False
    if lesson.goal == "surge":
        return event.kind == "dice_rolled" and any(SURGE_D6.face(f).surge for f in event.values)
    if lesson.goal == "fumble":
        return event.kind == "fumble"
    return event.kind == "perk"


class MgLessonScreen(QWidget):
    """The lesson's banner over the real table; ``completed`` once its goal happens, ``closed`` to leave."""

    completed = Signal()
    closed = Signal()

    def __init__(self, lesson: MgLesson, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mg-lesson")
        self.lesson = lesson
        self.done = False
        party = choose_party(self, 1)
        setup = fight_setup(party, lesson.foes, hot_seat=False)
        self.game: MgGame = start_game(None, setup, lesson.seed, SeamTable("solo", "stand-in", (party[0].name,)))
        self.players = {f.id for f in self.game.session.state.fighters if not f.npc}
        self.banner = QLabel()
        self.banner.setObjectName("mg-lesson-banner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("background: #14241f; color: #eef3ee; padding: 6px;")
        leave = QPushButton("Lessons")
        leave.setObjectName("mg-lesson-leave")
        leave.clicked.connect(self.closed.emit)
        self.game.screen.closed.connect(self.closed.emit)
        top = QHBoxLayout()
        top.addWidget(self.banner, 1)
        top.addWidget(leave)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.game.screen, 1)
        self.game.session.changed.connect(self._changed)
        self._show_hint()

    def _changed(self, events: list[Any]) -> None:
        if not self.done and any(isinstance(e, MgEvent) and reached(self.lesson, e, self.players) for e in events):
            self.done = True
            self.completed.emit()
        self._show_hint()

    def _show_hint(self) -> None:
        state = self.game.session.state
        if self.done:
            self.banner.setText(f"<b>{self.lesson.title}: done.</b> {self.lesson.done}")
            self.game.screen.hint = ""
        else:
            self.banner.setText(f"<b>{self.lesson.title}</b>: {self.lesson.summary}")
            self.game.screen.hint = self.lesson.hint(state.phase)
        self.game.screen.refresh()
