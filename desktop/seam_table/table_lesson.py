"""A seam game's lesson as data: the fields every table lesson file has (title, summary, seed, goal, hints by phase,
the words when it is done), read and checked here once; each game adds the fields that bring the table to its
moment (Moon's Grave's foes, The Restless's starting point) by subclassing ``TableLesson``."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from rt0table.desktop.demo.lesson_fields import chosen_field, hints_field, lesson_object, seed_field, text_field

SHARED = ("title", "summary", "seed", "goal", "hints", "done")

OwnField = Callable[[dict[str, Any], str], Any]  # reads one of a game's own fields from the file's object (and name)


@dataclass(frozen=True)
class TableLesson:
    name: str  # the file's name
    title: str
    summary: str
    seed: int
    goal: str
    hints: tuple[tuple[str, str], ...]
    done: str

    def hint(self, phase: str) -> str:
        return dict(self.hints).get(phase, "")


Kind = TypeVar("Kind", bound=TableLesson)


def read_table_lesson(
    kind: type[Kind],
    name: str,
    text: str,
    goals: Collection[str],
    phases: Collection[str],
    own: Mapping[str, OwnField],
) -> Kind:
    """One lesson of ``kind`` from its JSON text: the shared fields, then the game's ``own``, each read by its
    function; LessonError naming the file and the field when one does not fit."""
    data = lesson_object(name, text, (*SHARED, *own))
    seed = seed_field(data, name)
    goal = chosen_field(data, name, "goal", goals, "goal")
    hints = hints_field(data, name, phases)
    title, summary, done = (text_field(data, name, f) for f in ("title", "summary", "done"))
    extra = {field: read(data, name) for field, read in own.items()}
    return kind(name=name, title=title, summary=summary, seed=seed, goal=goal, hints=hints, done=done, **extra)
