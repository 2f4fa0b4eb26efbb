"""Which lessons the player has finished, kept beside the settings in the user's config folder (one file, written
only when a lesson is finished); a file that cannot be read counts as none finished, and is left as it is."""

from __future__ import annotations

import json
from pathlib import Path

from rt0table.desktop.table.settings_file import settings_path

FILE_NAME = "lessons-done.json"


def lessons_done_path() -> Path:
    return settings_path().with_name(FILE_NAME)


def read_done(path: Path) -> set[str]:
    """The finished lessons' file stems; none when the file is missing or damaged."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return set()
    if not isinstance(data, list):
        return set()
    return {stem for stem in data if isinstance(stem, str)}


def write_done(done: set[str], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    spare = path.with_suffix(".tmp")
    try:
        spare.write_text(json.dumps(sorted(done)) + "\n", encoding="utf-8")
        spare.replace(path)
    except OSError:
        return  # progress marks are a convenience: a read-only config folder never stops a lesson
    finally:
        spare.unlink(missing_ok=True)
