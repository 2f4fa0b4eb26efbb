"""Lessons of The Restless: short guided moments read from ``assets/restless/lessons/*.json`` (data, checked at
load), played on the real table. The party is brought to the moment by the stand-in's choices (``start_at``); the
player then plays it through, and the lesson ends when its goal happens (a round of combat over, a Rest ended).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QWidget

from rt0table.assets.bundled import bundled_names, bundled_text
from rt0table.desktop.demo.lesson_fields import LessonError, chosen_field
from rt0table.desktop.restless.restless_game import RsGame, game_setup, start_game
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.desktop.seam_table.lesson_frame import LessonFrame
from rt0table.desktop.seam_table.table_lesson import TableLesson, read_table_lesson
from rt0table.rules.restless.restless_seam import PHASES
from rt0table.rules.restless.rs_actions import PlayRest
from rt0table.rules.restless.rs_play import legal_actions
from rt0table.rules.restless.rs_stand_in import choose
from rt0table.rules.restless.rs_state import RsState

FOLDER = ("restless", "lessons")
MOST_STEPS = 400  # the stand-in reaches any start well within this; a lesson that never gets there is an error


def _fight_begins(state: RsState) -> bool:
    return state.phase == "combat" and not any(h.acted for h in state.party)


def _rest_ready(state: RsState) -> bool:
    return any(isinstance(x, PlayRest) for x in legal_actions(state))


STARTS: dict[str, Callable[[RsState], bool]] = {"combat": _fight_begins, "rest": _rest_ready}
GOALS = ("round", "rest")


@dataclass(frozen=True)
class RsLesson(TableLesson):
    start_at: str  # the moment the stand-in brings the party to (a key of STARTS)


def _start_at(data: dict[str, Any], name: str) -> str:
    return chosen_field(data, name, "start_at", STARTS, "start")


def read_lesson(name: str, text: str) -> RsLesson:
    """One lesson from its JSON text; LessonError naming the file and the field when it does not fit."""
    return read_table_lesson(RsLesson, name, text, GOALS, PHASES, {"start_at": _start_at})


def bundled_lessons() -> list[RsLesson]:
    return [read_lesson(name, bundled_text(*FOLDER, name)) for name in bundled_names(*FOLDER, suffix=".json")]


def reached(lesson: RsLesson, first: RsState, now: RsState) -> bool:
    """Whether the lesson's goal has happened between its first state and ``now``."""
    if now.phase == "over":
        return True
    if lesson.goal == "round":
        fighting = now.phase in ("combat", "god", "roll", "armor")
        return now.round != first.round or not fighting
    return now.phase not in ("rest",) and now.rest_bonus != first.rest_bonus


class RsLessonScreen(LessonFrame):
    """The lesson's banner over the real table; ``completed`` once its goal happens, ``closed`` to leave."""

    def __init__(self, lesson: RsLesson, parent: QWidget | None = None) -> None:
        game: RsGame = start_game(None, game_setup(1), lesson.seed, SeamTable("solo", "none", ("player-1",)))
        session = game.session
        for _ in range(MOST_STEPS):  # the stand-in brings the party to the lesson's moment
            if STARTS[lesson.start_at](session.state):
                break
            session.submit(choose(session.state))
        else:
            raise LessonError(f"{lesson.name}: start_at: the party never reached '{lesson.start_at}'")
        self.first: RsState = session.state
        self.rs_lesson = lesson
        super().__init__("rs", lesson, game, parent)

    def goal_reached(self, events: list[Any]) -> bool:
        return reached(self.rs_lesson, self.first, self.game.session.state)
