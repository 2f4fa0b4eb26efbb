"""Reading the bundled lesson files: each parsed and validated against the engine when the picker opens.

A file that fails validation is listed with its error (and the error is printed), never half-played.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from rt0table.assets import path as asset_path
from rt0table.rules.rt0.cli.scenario_cli import bestiary_texts, file_text
from rt0table.rules.rt0.content.adversaries import AdversaryKind, BestiaryError
from rt0table.rules.rt0.content.lesson import Lesson, parse_lesson, validate_lesson
from rt0table.rules.rt0.content.scenario import bestiary_from_texts
from rt0table.rules.seam import RulesError

LESSONS = asset_path("lessons")


@dataclass(frozen=True)
class LessonEntry:
    """One lesson file: the lesson and its bestiary, or why it cannot be used."""

    path: Path
    lesson: Lesson | None
    bestiary: dict[str, AdversaryKind]
    error: str = ""

    @property
    def title(self) -> str:
        return self.lesson.title if self.lesson else self.path.stem


def load_entry(path: Path) -> LessonEntry:
    try:
        lesson = parse_lesson(file_text(path), path.name)
        bestiary = bestiary_from_texts(bestiary_texts(lesson.scenario, path.parent))
        validate_lesson(lesson, bestiary)
    except (OSError, RulesError, BestiaryError) as error:
        return LessonEntry(path, None, {}, str(error))
    except Exception as error:  # a file no check foresaw costs its own entry, never the whole picker
        return LessonEntry(path, None, {}, f"{path.name}: could not be read ({error or type(error).__name__})")
    return LessonEntry(path, lesson, bestiary)


def load_lessons(folder: Path = LESSONS) -> list[LessonEntry]:
    """Every lesson file in the folder, in lesson-number order; broken ones carry their error."""
    entries = [load_entry(path) for path in sorted(folder.glob("*.toml"))]
    for entry in entries:
        if entry.error:
            print(f"lesson file not used: {entry.error}", file=sys.stderr)
    return sorted(entries, key=lambda e: (e.lesson.number if e.lesson else 999, e.path.name))
