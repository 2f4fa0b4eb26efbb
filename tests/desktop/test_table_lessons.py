"""Both seam games' lesson files read through one reader (desktop/seam_table/table_lesson.py): the shared fields and
each game's own, every bad file named by file, entry and field."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rt0table.desktop.demo.lesson_fields import LessonError
from rt0table.desktop.moons_grave import mg_lessons
from rt0table.desktop.restless import restless_lessons
from rt0table.desktop.seam_table.table_lesson import TableLesson

SHARED: dict[str, Any] = {"title": "T", "summary": "S", "seed": 3, "goal": "", "hints": {}, "done": "D"}
GAMES: dict[str, tuple[Callable[[str, str], TableLesson], dict[str, Any]]] = {
    "mg": (mg_lessons.read_lesson, {**SHARED, "goal": "perk", "foes": ["Sergeant (3)"], "hints": {"soak": "Soak."}}),
    "rs": (restless_lessons.read_lesson, {**SHARED, "goal": "rest", "start_at": "rest", "hints": {"rest": "Heal."}}),
}
SHARED_BAD = [
    ({"seed": "one"}, r"x\.json: seed: must be a whole number"),
    ({"seed": True}, r"x\.json: seed: must be a whole number"),
    ({"goal": "win"}, r"x\.json: goal: 'win' is not a goal"),
    ({"hints": {"dance": "no"}}, r"x\.json: hints\.dance: is not a phase"),
    ({"hints": ["no"]}, r"x\.json: hints: must map phases to text"),
    ({"title": ""}, r"x\.json: title: must be text"),
    ({"done": 4}, r"x\.json: done: must be text"),
    ({"colour": "red"}, r"x\.json: colour: is not a field"),
]
OWN_BAD = [
    ("mg", {"foes": []}, r"x\.json: foes: must be a list of NPC lines"),
    ("mg", {"foes": ["Sergeant (3)", "???"]}, r"x\.json: foes\[1\]: "),
    ("rs", {"start_at": "dawn"}, r"x\.json: start_at: 'dawn' is not a start"),
]


@pytest.mark.parametrize("game", GAMES)
def test_a_good_file_reads_into_the_shared_fields_and_the_games_own(game: str) -> None:
    read, good = GAMES[game]
    lesson = read("x.json", json.dumps(good))
    assert isinstance(lesson, TableLesson)
    assert (lesson.name, lesson.title, lesson.summary, lesson.seed, lesson.goal, lesson.done) == (
        "x.json", "T", "S", 3, good["goal"], "D",
    )  # fmt: skip
    phase, words = next(iter(good["hints"].items()))
    assert lesson.hint(phase) == words and lesson.hint("nowhere") == ""
    own = "foes" if game == "mg" else "start_at"
    assert getattr(lesson, own) == (tuple(good[own]) if game == "mg" else good[own])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("change", "message"), SHARED_BAD)
def test_a_bad_shared_field_is_named(game: str, change: dict[str, Any], message: str) -> None:
    read, good = GAMES[game]
    with pytest.raises(LessonError, match=message):
        read("x.json", json.dumps({**good, **change}))


@pytest.mark.parametrize(("game", "change", "message"), OWN_BAD)
def test_a_bad_field_of_the_games_own_is_named(game: str, change: dict[str, Any], message: str) -> None:
    read, good = GAMES[game]
    with pytest.raises(LessonError, match=message):
        read("x.json", json.dumps({**good, **change}))


@pytest.mark.parametrize("game", GAMES)
def test_a_file_that_is_not_a_json_object_is_named(game: str) -> None:
    read, _good = GAMES[game]
    with pytest.raises(LessonError, match=r"x\.json: not JSON \(line 1\)"):
        read("x.json", "{title")
    with pytest.raises(LessonError, match=r"x\.json: must be an object"):
        read("x.json", "[]")
