"""The one writer of a save's log, for every game: each row goes in through the funnel's gate, in a transaction the
caller opens, and a write that fails stops every later one until the game is loaded again (so the log never skips
a step)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from sqlite_utils import Database

from . import funnel_guard
from .errors import SaveError


class LogWriter:
    """An open save's log: its last position, and whether a write has failed since it was opened."""

    def __init__(self, path: Path, db: Database) -> None:
        self.path = path
        self.db = db
        self.failed = False  # a write failed: refuse more until the game is loaded again
        self.seq = int(db.execute("SELECT coalesce(max(seq), 0) FROM log").fetchone()[0])

    @contextlib.contextmanager
    def writing(self, what: str) -> Iterator[None]:
        """SQLite's errors (disk full, file gone read-only) as a SaveError; the transaction was rolled back."""
        funnel_guard.check(self.path, what)
        if self.failed:
            # the game in memory is ahead of the log now: a later row would not follow on from the log
            raise SaveError(self.path, f"{what} was not saved: an earlier step could not be; load the game again")
        try:
            yield
        except sqlite3.Error as error:
            self.failed = True
            problem = f"{what} could not be saved ({error}); the save still holds everything before it"
            raise SaveError(self.path, problem) from error

    def row(self, kind: str, action: str | None, ply: int, round_: int, digest: str, fight: int, stamp: str) -> int:
        """One log row at the next position (inside the caller's transaction); its position."""
        seq = self.seq + 1
        self.db.execute(
            "INSERT INTO log (seq, kind, action, ply, round, state_hash, played_at, fight)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [seq, kind, action, ply, round_, digest, stamp, fight],
        )
        return seq
