"""One RT:0 Table window per save folder.

An OS lock (``flock`` on POSIX, ``msvcrt.locking`` on Windows) on ``<folder>/.lock`` rather than a
create-exclusive file: the OS drops the lock when the holder dies, even by SIGKILL or power loss, so
a stale lock cannot exist and needs no detection. The holder writes its PID into the file only so
the second window can say who holds it.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from .errors import SaveFolderLockedError

LOCK_NAME = ".lock"
_PID_OFFSET = 16  # Windows locks byte 0; the PID lives past it so a second window can still read it


class FolderLock:
    """Held from ``acquire()`` until ``release()`` or process exit."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> None:
        if self._fd is not None:
            return
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError:
            pid = _read_pid(fd)
            os.close(fd)
            raise SaveFolderLockedError(self.path.parent, pid) from None
        os.lseek(fd, 0, os.SEEK_SET)
        os.ftruncate(fd, 0)
        os.write(fd, b" " * _PID_OFFSET + f"{os.getpid()}\n".encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        with contextlib.suppress(OSError):
            _unlock(fd)
        os.close(fd)


def _read_pid(fd: int) -> int | None:
    try:
        os.lseek(fd, _PID_OFFSET, os.SEEK_SET)
        text = os.read(fd, 32).decode(errors="replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
