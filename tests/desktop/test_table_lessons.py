"""The seam games' lesson files (Moon's Grave, The Restless, Loner) read through one reader
(desktop/seam_table/table_lesson.py): the shared fields and each game's own, every bad file named by file, entry and
field."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rt0table.assets.bundled import bundled_text
from rt0table.desktop.demo.lesson_fields import LessonError
from rt0table.desktop.loner import loner_lessons
from rt0table.desktop.moons_grave import mg_lessons
from rt0table.desktop.restless import restless_lessons
from rt0table.desktop.seam_table.table_lesson import SeamLesson, TableLesson

SHARED: dict[str, Any] = {"title": "T", "summary": "S", "seed": 3, "hints": {}, "done": "D"}
LONER_FILE = json.loads(bundled_text("loner", "lessons", "01_first_session.json"))
GAMES: dict[str, tuple[Callable[[str, str], SeamLesson], dict[str, Any]]] = {
    "mg": (mg_lessons.read_lesson, {**SHARED, "goal": "perk", "foes": ["Sergeant (3)"], "hints": {"soak": "Soak."}}),
    "rs": (restless_lessons.read_lesson, {**SHARED, "goal": "rest", "start_at": "rest", "hints": {"rest": "Heal."}}),
    "lo": (loner_lessons.read_lesson, {**LONER_FILE, **SHARED, "hints": {"twist": "Twist."}}),
}
OWN_FIELD = {"mg": "foes", "rs": "start_at", "lo": "setting"}
SHARED_BAD = [
    ({"seed": "one"}, r"x\.json: seed: must be a whole number"),
    ({"seed": True}, r"x\.json: seed: must be a whole number"),
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
    ("mg", {"goal": "win"}, r"x\.json: goal: 'win' is not a goal"),
    ("rs", {"goal": "win"}, r"x\.json: goal: 'win' is not a goal"),
    ("lo", {"goal": "win"}, r"x\.json: goal: is not a field"),  # a Loner lesson ends with its last step
    ("lo", {"setting": ""}, r"x\.json: setting: must be text"),
    ("lo", {"steps": []}, r"x\.json: steps: must be a list of steps"),
    ("lo", {"cast": "Brask"}, r"x\.json: cast: must be a list of characters"),
    ("lo", {"cast": [{"name": "Brask", "concept": "c", "tags": "x"}]}, r"x\.json: cast\[0\]\.tags: must be a list"),
]


@pytest.mark.parametrize("game", GAMES)
def test_a_good_file_reads_into_the_shared_fields_and_the_games_own(game: str) -> None:
    read, good = GAMES[game]
    lesson = read("x.json", json.dumps(good))
    assert isinstance(lesson, SeamLesson)
    assert (lesson.name, lesson.title, lesson.summary, lesson.seed, lesson.done) == ("x.json", "T", "S", 3, "D")
    assert isinstance(lesson, TableLesson) == (game != "lo")
    if isinstance(lesson, TableLesson):
        assert lesson.goal == good["goal"]
    phase, words = next(iter(good["hints"].items()))
    assert lesson.hint(phase) == words and lesson.hint("nowhere") == ""
    own = OWN_FIELD[game]
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
