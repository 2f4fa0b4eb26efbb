"""The save folder's index: each save's load-screen summary beside the size and times of the file it was read from.

Listing 500 saves by opening each SQLite file costs more than the load screen may (docs/benchmarks.md, "Saves at
scale"): SQLite's own open and close of 500 files is most of it. So the store keeps one small JSON file in the folder
(``INDEX_NAME``) and listing stats each save instead: a save whose size, modification and change times are the ones
the index holds is shown from the index; any other (changed, added, a ``-wal`` beside it, missing from the index) is
opened as before. The index is a cache of what is shown, never more: loading, copying and every check read the file.

Only the store writes it, under the folder's lock, when it has finished writing a save (created, copied, imported,
deleted, or closed after play) and when it closes; listing reads it and writes nothing. It is replaced whole
(a fresh file renamed over it), so a reader sees the old index or the new one. An index that cannot be read, is
damaged, crafted or from another version is ignored as a whole; an entry that is not exactly what this module writes
is ignored alone: either way the save is opened, and the load screen shows what the file says.

A save changed within the file system's timestamp tick after the index was written could keep its old times; as
Git does for its index ("racy clean"), an entry whose file is not older than the index itself is not trusted.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .loaded import GameSummary
from .setup_codec import RULESETS

INDEX_NAME = ".summaries.json"
INDEX_FORMAT = 1
MAX_BYTES = 8 * 2**20  # far above 10,000 saves' summaries; a bigger file is no index of ours
_PART = f"{INDEX_NAME}.{{}}.part"  # our temporary file while writing, swept when a killed window left one

Stamp = tuple[int, int, int]  # size, mtime_ns, ctime_ns


def stamp_of(stat: os.stat_result) -> Stamp:
    """What says a file is unchanged: its size and its modification and change (creation, on Windows) times."""
    return (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)


@dataclass(frozen=True)
class Entry:
    """One save's summary as the index holds it, and the file's stamp when it was read."""

    stamp: Stamp
    players: tuple[str, ...]
    day: int | None
    round: int
    ply: int
    created_at: str
    last_played: str
    fight: int
    mode: str | None
    ruleset: str

    def summary(self, game_id: str, path: Path) -> GameSummary:
        return GameSummary(
            game_id,
            path,
            self.players,
            self.day,
            self.round,
            self.ply,
            self.created_at,
            self.last_played,
            fight=self.fight,
            mode=self.mode,
            ruleset=self.ruleset,
        )


def entry_of(summary: GameSummary, stamp: Stamp) -> Entry:
    return Entry(
        stamp,
        summary.players,
        summary.day,
        summary.round,
        summary.ply,
        summary.created_at,
        summary.last_played,
        summary.fight,
        summary.mode,
        summary.ruleset,
    )


@dataclass(frozen=True)
class FolderIndex:
    """The index as read: entries by file name, and the index file's own modification time (0: there was none)."""

    entries: Mapping[str, Entry]
    written_ns: int = 0

    def fresh(self, name: str, stat: os.stat_result) -> Entry | None:
        """The entry for this file, when the file is exactly as it was read and older than the index."""
        entry = self.entries.get(name)
        if entry is None or entry.stamp != stamp_of(stat) or stat.st_mtime_ns >= self.written_ns:
            return None
        return entry


EMPTY = FolderIndex({})


def read(folder: Path) -> FolderIndex:
    """The folder's index; ``EMPTY`` when there is none or it cannot be trusted as a whole. Never raises."""
    try:
        with open(folder / INDEX_NAME, "rb") as file:
            written = os.fstat(file.fileno())
            if written.st_size > MAX_BYTES:
                return EMPTY
            data = json.loads(file.read())
    except (OSError, ValueError, RecursionError):
        return EMPTY
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT or not isinstance(data.get("saves"), dict):
        return EMPTY
    entries = {}
    for name, fields in data["saves"].items():
        entry = _entry(fields)
        if entry is not None:
            entries[name] = entry
    return FolderIndex(entries, written.st_mtime_ns)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _entry(fields: object) -> Entry | None:
    """An entry exactly as ``write`` writes one, or None: one odd field and the save is opened instead."""
    if not isinstance(fields, dict) or set(fields) != _KEYS:
        return None
    stamp, players, day, mode = fields["stamp"], fields["players"], fields["day"], fields["mode"]
    if not (isinstance(stamp, list) and len(stamp) == 3 and all(_is_int(n) for n in stamp)):
        return None
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        return None
    if not (day is None or _is_int(day)) or not (mode is None or isinstance(mode, str)):
        return None
    if not all(_is_int(fields[key]) for key in ("round", "ply", "fight")):
        return None
    if not all(isinstance(fields[key], str) for key in ("created_at", "last_played")):
        return None
    if fields["ruleset"] not in RULESETS:
        return None
    return Entry(
        (stamp[0], stamp[1], stamp[2]),
        tuple(players),
        day,
        fields["round"],
        fields["ply"],
        fields["created_at"],
        fields["last_played"],
        fields["fight"],
        mode,
        fields["ruleset"],
    )


def _fields(entry: Entry) -> dict[str, Any]:
    return {
        "stamp": list(entry.stamp),
        "players": list(entry.players),
        "day": entry.day,
        "round": entry.round,
        "ply": entry.ply,
        "created_at": entry.created_at,
        "last_played": entry.last_played,
        "fight": entry.fight,
        "mode": entry.mode,
        "ruleset": entry.ruleset,
    }


_KEYS = frozenset(_fields(Entry((0, 0, 0), (), None, 0, 0, "", "", 0, None, "rt0")))


def write(folder: Path, entries: Mapping[str, Entry]) -> None:
    """Replace the index with these entries: a fresh file renamed over the old one. Only the store calls this, with
    the folder's lock held. An index that cannot be written is no loss (listing opens the saves), so this never
    raises for the disk's sake, and leaves no temporary file behind."""
    data = {"format": INDEX_FORMAT, "saves": {name: _fields(entries[name]) for name in sorted(entries)}}
    part = folder / _PART.format(secrets.token_hex(4))
    try:
        with open(part, "x", encoding="utf-8") as file:
            json.dump(data, file, separators=(",", ":"))
        os.replace(part, folder / INDEX_NAME)
    except OSError:
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)


def is_leftover(name: str) -> bool:
    """Whether a file in the folder is an unfinished index write of ours (a window killed mid-write)."""
    prefix, suffix = f"{INDEX_NAME}.", ".part"
    middle = name[len(prefix) : -len(suffix)] if name.startswith(prefix) and name.endswith(suffix) else ""
    return len(middle) == 8 and all(c in "0123456789abcdef" for c in middle)
