"""What can go wrong with a save, each naming the file so the player knows which one.

Every error leaves the file as it was: the store opens a file read-only until it knows the
file is a save this version can read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol


class Recovered(Protocol):
    """What a damaged save's last good state offers: the log entry it stops at and how many steps are in force
    (``LoadedGame`` for RT:0, ``SeamGame`` for a game on the seam)."""

    recovered_from: int | None

    @property
    def ply(self) -> int: ...


class SaveError(Exception):
    """A save that cannot be used as asked; ``str()`` is a message for the player."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")

    def naming(self, path: Path) -> SaveError:
        """The same error about another file (an imported file rather than our copy of it)."""
        self.path = path
        self.args = (f"{path}: {self.problem}",)
        return self


class UnknownGameError(SaveError):
    """No save with that game id (or file name) exists."""


class NotASaveError(SaveError):
    """The file is not an RT:0 Table save at all (another program's file, or not SQLite)."""


class DamagedSaveError(SaveError):
    """The file is an RT:0 Table save but SQLite or the save's own checks find it broken."""


class UnknownRulesetError(SaveError):
    """A save of a game (its ``ruleset`` key) that this version does not play; the file is left as it is."""

    def __init__(self, path: Path, key: object) -> None:
        self.key = key
        shown = repr(key) if isinstance(key, str) and len(key) <= 40 else "an unreadable key"
        super().__init__(path, f"this save is of a game this version of RT:0 Table does not know (ruleset {shown})")


class NewerSaveError(SaveError):
    """Written by a newer RT:0 Table; this version will not guess at it, nor change it."""

    def __init__(self, path: Path, found: int, readable: int) -> None:
        self.found = found
        self.readable = readable
        super().__init__(
            path,
            f"this save was written by a newer version of RT:0 Table (save format {found}; "
            f"this version reads up to {readable}). Update the app to open it; the file was not changed.",
        )


class HashMismatchError(DamagedSaveError):
    """Replaying the log did not give the state the log says it should.

    ``recovered`` is the game up to the last log entry whose stored hash still matched, when
    one exists; ``store.duplicate(game_id, upto=recovered.recovered_from)`` keeps it as a new
    game without touching this one.
    """

    def __init__(self, path: Path, problem: str, recovered: Recovered | None) -> None:
        self.recovered = recovered
        super().__init__(path, problem)


class SaveFolderLockedError(SaveError):
    """Another RT:0 Table window holds this save folder."""

    def __init__(self, path: Path, pid: int | None) -> None:
        self.pid = pid
        who = f"pid {pid}" if pid is not None else "pid unknown"
        super().__init__(path, f"this save folder is open in another RT:0 Table window ({who})")
