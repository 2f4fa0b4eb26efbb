"""A seam game's lesson as data: the fields every lesson file of Moon's Grave, The Restless and Loner has (title,
summary, seed, hints by phase, the words when it is done), read and checked here once; each game adds its own fields
(a table game's goal, Moon's Grave's foes, The Restless's starting point, Loner's setting, cast and steps) by
subclassing ``SeamLesson`` and passing a small reader for each."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from rt0table.desktop.demo.lesson_fields import chosen_field, hints_field, lesson_object, seed_field, text_field

SHARED = ("title", "summary", "seed", "hints", "done")

OwnField = Callable[[dict[str, Any], str], Any]  # reads one of a game's own fields from the file's object (and name)


@dataclass(frozen=True)
class SeamLesson:
    name: str  # the file's name
    title: str
    summary: str
    seed: int
    hints: tuple[tuple[str, str], ...]
    done: str

    def hint(self, phase: str) -> str:
        return dict(self.hints).get(phase, "")


@dataclass(frozen=True)
class TableLesson(SeamLesson):
    """A lesson played on a seam table, which ends when its goal happens."""

    goal: str


Kind = TypeVar("Kind", bound=SeamLesson)
TableKind = TypeVar("TableKind", bound=TableLesson)


def read_seam_lesson(
    kind: type[Kind], name: str, text: str, phases: Collection[str], own: Mapping[str, OwnField]
) -> Kind:
    """One lesson of ``kind`` from its JSON text: the shared fields, then the game's ``own``, each read by its
    function in order; LessonError naming the file and the field when one does not fit."""
    data = lesson_object(name, text, (*SHARED, *own))
    seed = seed_field(data, name)
    hints = hints_field(data, name, phases)
    title, summary, done = (text_field(data, name, f) for f in ("title", "summary", "done"))
    extra = {field: read(data, name) for field, read in own.items()}
    return kind(name=name, title=title, summary=summary, seed=seed, hints=hints, done=done, **extra)


def read_table_lesson(
    kind: type[TableKind],
    name: str,
    text: str,
    goals: Collection[str],
    phases: Collection[str],
    own: Mapping[str, OwnField],
) -> TableKind:
    """A table game's lesson: the shared fields, its goal (one of ``goals``), then the game's ``own``."""

    def goal(data: dict[str, Any], name: str) -> str:
        return chosen_field(data, name, "goal", goals, "goal")

    return read_seam_lesson(kind, name, text, phases, {"goal": goal, **own})
