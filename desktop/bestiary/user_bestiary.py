"""The GM's own bestiary: one JSON file in the user's data folder (beside the saves), in the shipped format
(docs/adversary-format.md), read through the one bestiary loader and never mixed into the shipped files.

Writing is atomic: the text goes to a temporary file in the same folder, which then replaces the file; if anything
fails the temporary file is removed, so no stray file is left and the old file stays as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from rt0table.desktop.saves.location import resolve_save_dir
from rt0table.desktop.table.quick_fights import full_bestiary
from rt0table.rules.rt0.content.adversaries import AdversaryKind, BestiaryError, kind_from_dict, load_bestiary

FILE_NAME = "my-adversaries.json"
ABOUT = "Your own adversaries, made in RT:0 Table's bestiary editor (format: docs/adversary-format.md)."


def bestiary_path(save_dir: Path | None = None) -> Path:
    """Where the GM's bestiary lives: in the save folder (the --save-dir flag, RT0_SAVE_DIR, or the data folder)."""
    return (save_dir if save_dir is not None else resolve_save_dir()) / FILE_NAME


def read_entries(path: Path) -> list[dict[str, Any]]:
    """The file's entries as written (none when there is no file yet); raises BestiaryError naming what is wrong."""
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BestiaryError(f"{path.name}: cannot be read ({error})") from None
    load_bestiary(text, path.name)  # every entry checked by the one loader
    entries: list[dict[str, Any]] = json.loads(text)["adversaries"]
    return entries


def checked(entries: list[dict[str, Any]], filename: str = FILE_NAME) -> dict[str, AdversaryKind]:
    """The entries as adversaries, each through the loader; an id the shipped bestiary uses is refused."""
    shipped = full_bestiary()
    kinds: dict[str, AdversaryKind] = {}
    for index, raw in enumerate(entries):
        kind = kind_from_dict(raw, filename, index)
        where = f"{filename}: adversary #{index + 1} ({kind.id}): field 'id'"
        if kind.id in shipped:
            raise BestiaryError(f"{where}: is a shipped adversary's id; choose another")
        if kind.id in kinds:
            raise BestiaryError(f"{where}: is used by an earlier entry")
        kinds[kind.id] = kind
    return kinds


def write_entries(path: Path, entries: list[dict[str, Any]]) -> None:
    """Check every entry, then replace the file in one step."""
    checked(entries, path.name)
    text = json.dumps({"about": ABOUT, "adversaries": entries}, indent=2, ensure_ascii=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def fight_bestiary(save_dir: Path | None = None) -> tuple[dict[str, AdversaryKind], frozenset[str], str]:
    """The shipped adversaries and the GM's own, the GM's ids, and why the GM's file was left out ("" when it
    was not): a damaged file never stops a fight."""
    shipped = full_bestiary()
    try:
        mine = checked(read_entries(bestiary_path(save_dir)))
    except BestiaryError as error:
        return shipped, frozenset(), str(error)
    return {**shipped, **mine}, frozenset(mine), ""
