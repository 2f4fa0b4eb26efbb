"""Reading a seam game's lesson file (Moon's Grave, The Restless, Loner): one field at a time, each error naming
the file and the field."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any


class LessonError(ValueError):
    """A lesson file that does not fit its format: the file's name and the field are in the message."""


def lesson_object(name: str, text: str, known: Collection[str]) -> dict[str, Any]:
    """The file's JSON object, with no field it does not know."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LessonError(f"{name}: not JSON (line {error.lineno}): {error.msg}") from None
    if not isinstance(data, dict):
        raise LessonError(f"{name}: must be an object")
    extra = sorted(set(data) - set(known))
    if extra:
        raise LessonError(f"{name}: {extra[0]}: is not a field ({', '.join(sorted(known))})")
    return data


def text_field(data: dict[str, Any], name: str, field: str) -> str:
    value = data.get(field)
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{name}: {field}: must be text")
    return value


def seed_field(data: dict[str, Any], name: str) -> int:
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise LessonError(f"{name}: seed: must be a whole number")
    return seed


def chosen_field(data: dict[str, Any], name: str, field: str, choices: Collection[str], kind: str) -> str:
    """A text field that must be one of ``choices`` (a goal, a start)."""
    value = text_field(data, name, field)
    if value not in choices:
        raise LessonError(f"{name}: {field}: '{value}' is not a {kind} ({', '.join(choices)})")
    return value


def hints_field(data: dict[str, Any], name: str, phases: Collection[str]) -> tuple[tuple[str, str], ...]:
    hints = data.get("hints")
    if not isinstance(hints, dict) or not all(isinstance(v, str) for v in hints.values()):
        raise LessonError(f"{name}: hints: must map phases to text")
    stray = [p for p in hints if p not in phases]
    if stray:
        raise LessonError(f"{name}: hints.{stray[0]}: is not a phase ({', '.join(phases)})")
    return tuple(hints.items())
