"""The save store: every action kept in SQLite, resume anywhere, nothing lost. Qt-free.

Start with ``SaveStore`` (docs/save-format.md describes the files it writes).
"""

from .errors import (
    DamagedSaveError,
    HashMismatchError,
    NewerSaveError,
    NotASaveError,
    SaveError,
    SaveFolderLockedError,
    UnknownGameError,
)
from .loaded import GameSummary, LoadedGame, LogEntry, LogTail, StandInAnswer
from .location import ENV_VAR, resolve_save_dir
from .schema import SAVE_FORMAT
from .store import Recorder, SaveStore

__all__ = [
    "ENV_VAR",
    "SAVE_FORMAT",
    "DamagedSaveError",
    "GameSummary",
    "HashMismatchError",
    "LoadedGame",
    "LogEntry",
    "LogTail",
    "NewerSaveError",
    "NotASaveError",
    "Recorder",
    "SaveError",
    "SaveFolderLockedError",
    "SaveStore",
    "StandInAnswer",
    "UnknownGameError",
    "resolve_save_dir",
]
