"""What the desktop needs of one game, as plain data: each game's own folder defines its entry, and
``desktop/game_shelf.py`` lists them by the ruleset's key.

An entry is cheap to import: its callables import the game's screens when they are called, so listing saves (which
reads the titles) loads no rules engine and no game's screens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from rt0table.desktop.main_window import MainWindow
    from rt0table.desktop.packs.pack_schema import PackGame
    from rt0table.desktop.seam_table.table_lesson import SeamLesson


@dataclass(frozen=True)
class GameLessons:
    """A game's own lessons, listed in the demo's picker under the game's heading."""

    # Its buttons are named "<prefix>-lesson-<file stem>" and a finished one is kept in the lessons-done file as
    # "<prefix>-<file stem>": a shipped prefix never changes, or the player's ticks are lost.
    prefix: str
    bundled: Callable[[], Sequence[SeamLesson]]  # read when the picker opens
    screen: Callable[[SeamLesson], QWidget]  # one lesson's screen: it has ``closed`` and ``completed`` signals


@dataclass(frozen=True)
class ShelfGame:
    """One game on the desktop, keyed as its ruleset is (rules/rulesets.py)."""

    key: str
    title: str  # as the load screen and the lesson picker name it
    teaches: str  # what its lessons teach, in the picker's heading after the title
    new_game: Callable[[MainWindow], QWidget]  # shows the first screen of a new game of it, and returns it
    open_save: Callable[[MainWindow, str], bool]  # carries on a saved game (a SaveError is the window's to show)
    lessons: GameLessons | None  # None: the demo screen's own lessons are this game's (RT:0's)
    pick: str = ""  # its button on the new-game mode screen; "" for the game that screen itself starts (RT:0)
    pack_kind: Callable[[], PackGame] | None = None  # its content packs as the pack editor sees them; None: none
