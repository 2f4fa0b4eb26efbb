"""The last-resort guard around a screen's actions: whatever an action trips on is shown in the app, never a crash.

Every save path raises only ``SaveError`` naming the player's file, and the screens handle that; this catches
what no check foresaw, so a click never ends in a traceback on stderr and a screen that does nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from rt0table.desktop.saves import SaveError


class Says(Protocol):
    def say(self, text: str, alarm: bool = False) -> None: ...


Action = TypeVar("Action", bound=Callable[..., Any])


def in_words(error: BaseException) -> str:
    """An unexpected error as one line for the player (a save's errors already are one)."""
    if isinstance(error, SaveError):
        return str(error)
    if isinstance(error, RecursionError):
        return "something in it is nested too deeply to read"
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def last_resort(action: Action) -> Action:
    """Run a screen's action; an error it did not handle is said on that screen (``say``), and it returns None."""

    takes = action.__code__.co_argcount - 1  # a button's clicked(bool) must not reach an action that takes none

    @functools.wraps(action)
    def guarded(screen: Says, *args: Any, **kwargs: Any) -> Any:
        try:
            return action(screen, *args[:takes], **kwargs)
        except Exception as error:  # the last resort: every foreseen error was handled inside the action
            screen.say(f"That did not work, and no file was changed.\n{in_words(error)}", alarm=True)
            return None

    return guarded  # type: ignore[return-value]
