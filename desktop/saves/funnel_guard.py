"""The save is written only through the funnel: a check the test suite switches on.

The funnels (``Playthrough.submit``/``undo``, which a fight's steps reach through ``fight_step``/``fight_undo``; a
fight standing alone in its ``Session``; a seam game's ``SeamSession``) open
``through_funnel()`` around its one write; with ``enforce(True)`` (the desktop tests do, see tests/desktop/conftest.py)
any write to a save outside it is refused with a ``SaveError``, so a new route around the funnel fails a test at once.
The app itself does not enforce it: a refusal there would only lose a player's move.
"""

from __future__ import annotations

from pathlib import Path

from .errors import SaveError

_open = 0  # funnel writes under way (one thread: the GUI's)
_enforced = False


class _Gate:
    """Open while the funnel writes: a plain context manager, as it wraps every step of every game."""

    def __enter__(self) -> None:
        global _open
        _open += 1

    def __exit__(self, *_exc: object) -> None:
        global _open
        _open -= 1


_GATE = _Gate()


def through_funnel() -> _Gate:
    return _GATE


def enforce(on: bool) -> None:
    global _enforced
    _enforced = on


def check(path: Path, what: str) -> None:
    """Refuse a write that does not come through the funnel, when enforced."""
    if _enforced and _open == 0:
        raise SaveError(path, f"{what} did not come through the playthrough's funnel, so nothing was written")
