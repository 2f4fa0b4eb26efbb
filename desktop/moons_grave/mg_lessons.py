"""Moon's Grave lessons: short guided fights read from ``assets/moons_grave/lessons/*.json`` (data, checked at load),
played on the real table with the GM stand-in, each ending when its goal happens (a surge, a fumble, a perk fired).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QWidget

from rt0table.assets.bundled import bundled_names, bundled_text
from rt0table.desktop.demo.lesson_fields import LessonError
from rt0table.desktop.moons_grave.mg_game import MgGame, choose_party, fight_setup, start_game
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.desktop.seam_table.lesson_frame import LessonFrame
from rt0table.desktop.seam_table.table_lesson import TableLesson, read_table_lesson
from rt0table.rules.moons_grave.mg_actions import MgEvent
from rt0table.rules.moons_grave.npc_notation import parse_npc
from rt0table.rules.moons_grave.surge_dice import SURGE_D6
from rt0table.rules.seam import RulesError

FOLDER = ("moons_grave", "lessons")
GOALS = ("surge", "fumble", "perk")
PHASES = ("plan", "vie", "withdraw", "bid", "vie_roll", "turn", "roll", "perks", "soak")


@dataclass(frozen=True)
class MgLesson(TableLesson):
    foes: tuple[str, ...]  # NPC lines the lesson's fight is against


def _foes(data: dict[str, Any], name: str) -> tuple[str, ...]:
    foes = data.get("foes")
    if not isinstance(foes, list) or not foes or not all(isinstance(f, str) for f in foes):
        raise LessonError(f"{name}: foes: must be a list of NPC lines")
    for i, foe in enumerate(foes):
        try:
            parse_npc(foe)
        except (RulesError, ValueError) as error:
            raise LessonError(f"{name}: foes[{i}]: {error}") from None
    return tuple(foes)


def read_lesson(name: str, text: str) -> MgLesson:
    """One lesson from its JSON text; LessonError naming the file and the field when it does not fit."""
    return read_table_lesson(MgLesson, name, text, GOALS, PHASES, {"foes": _foes})


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


class MgLessonScreen(LessonFrame):
    """The lesson's banner over the real table; ``completed`` once its goal happens, ``closed`` to leave."""

    def __init__(self, lesson: MgLesson, parent: QWidget | None = None) -> None:
        party = choose_party(None, 1)
        setup = fight_setup(party, lesson.foes, hot_seat=False)
        game: MgGame = start_game(None, setup, lesson.seed, SeamTable("solo", "stand-in", (party[0].name,)))
        self.players = {f.id for f in game.session.state.fighters if not f.npc}
        self.mg_lesson = lesson
        super().__init__("mg", lesson, game, parent)

    def goal_reached(self, events: list[Any]) -> bool:
        return any(isinstance(e, MgEvent) and reached(self.mg_lesson, e, self.players) for e in events)
