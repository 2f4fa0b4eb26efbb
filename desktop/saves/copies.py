"""Copying save files without ever replacing one: publishing a finished file, backups, removal, and the check
that a copy (a duplicate, a recovery, an import) loads as Load would load it, whatever game it holds."""

from __future__ import annotations

import os
import secrets
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import SaveError
from .schema import connect_read_only

if TYPE_CHECKING:
    from .loaded import LoadedGame


def publish(part: Path, path: Path) -> None:
    """Move a finished file into place without ever replacing an existing one."""
    try:
        os.link(part, path)  # fails if path exists: no overwrite, even in a race
    except FileExistsError:
        raise SaveError(path, "a save with this name already exists; it was left as it is") from None
    except OSError:  # a file system without hard links (FAT, some network shares)
        if path.exists():
            raise SaveError(path, "a save with this name already exists; it was left as it is") from None
        os.replace(part, path)
        return
    part.unlink()


def companions(path: Path) -> list[Path]:
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


def remove(path: Path) -> None:
    for file in companions(path):
        file.unlink(missing_ok=True)


def fresh_part(target: Path, suffix: str = ".part") -> Path:
    """A temporary name beside ``target`` that no file has, nor its -wal/-shm: only what we create there is ever
    removed (the player's own ``TARGET.part`` is not ours to delete)."""
    while True:
        part = target.with_name(f"{target.name}.{secrets.token_hex(4)}{suffix}")
        if not any(file.exists() for file in companions(part)):
            return part


def backup(source: Path, target: Path) -> None:
    """Copy a save with SQLite's backup API (consistent even with a WAL beside it) into one plain file.

    Raises ``SaveError`` naming ``target`` when it cannot be written (an existing file, a folder without
    write permission, a full disk); nothing is left behind.
    """
    if target.exists():
        raise SaveError(target, "a file with this name already exists; it was left as it is")
    part = fresh_part(target)
    try:
        src = connect_read_only(source)
        try:
            dst = sqlite3.connect(part)
            try:
                src.backup(dst)
                dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no -wal beside it
            finally:
                dst.close()
        finally:
            src.close()
        publish(part, target)
    except sqlite3.Error as error:
        raise SaveError(target, f"the file cannot be written: {error}") from None
    except OSError as error:
        raise SaveError(target, f"the file cannot be written: {error.strerror or error}") from None
    finally:
        remove(part)  # gone already when published; never left behind when not


def check_loads(game_id: str, path: Path, resume: Callable[[LoadedGame], object] | None = None) -> None:
    """Load the copy at ``path`` as Load would, or raise. RT:0's playthroughs replay through ``replay`` (then
    ``resume``, the rest of what Load does); every other game in the ruleset registry (``rules/rulesets.py``)
    replays through ``seam_save``, which its table resumes from. A recovered seam copy (its log cut short) gets the
    header's summary of what it now holds, so the list shows it as it is."""
    from . import seam_save
    from .playthrough_rules import keeps_playthroughs

    key = seam_save.saved_ruleset(path)
    if not key or keeps_playthroughs(key):  # "": unreadable; the playthrough reader names what is wrong
        from . import replay
        from .gamefile import GameFile

        copy = GameFile(game_id, path)
        try:
            loaded = replay.load(copy)
            if resume is not None:
                resume(loaded)
        finally:
            copy.close()
        return
    game = seam_save.load_seam_game(path)
    seam_save.write_summary(path, game)
