"""Copying save files without ever replacing one: publishing a finished file, backups, removal."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from .errors import SaveError
from .schema import connect_read_only


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


def backup(source: Path, target: Path) -> None:
    """Copy a save with SQLite's backup API (consistent even with a WAL beside it) into one plain file."""
    if target.exists():
        raise SaveError(target, "a file with this name already exists; it was left as it is")
    src = connect_read_only(source)
    part = target.with_name(target.name + ".part")
    for leftover in companions(part):
        leftover.unlink(missing_ok=True)
    dst = sqlite3.connect(part)
    try:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no -wal beside it
    finally:
        dst.close()
        src.close()
    try:
        publish(part, target)
    finally:
        remove(part)  # gone already when published; never left behind when not
