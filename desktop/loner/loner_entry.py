"""From the new-game flow into a game of Loner: the Protagonist first, then the story."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QWidget

from rt0table.desktop.loner.creation_screen import ProtagonistScreen
from rt0table.desktop.loner.loner_game import resume_story, start_story
from rt0table.desktop.loner.story_screen import StoryScreen
from rt0table.desktop.saves import SaveError
from rt0table.rules.loner.loner_state import LonerSetup
from rt0table.rules.loner.together import Together

if TYPE_CHECKING:
    from rt0table.desktop.main_window import MainWindow


class ScreenHost(Protocol):
    def show_screen(self, screen: QWidget) -> None: ...

    def show_title(self) -> None: ...


def start_loner(host: ScreenHost, seed: int | None = None) -> ProtagonistScreen:
    """Show the Protagonist's creation; once ready, the story screen; either returns to the title."""
    creation = ProtagonistScreen()
    creation.back.connect(host.show_title)

    def ready(setup: LonerSetup, together: Together | None) -> None:
        store = getattr(host, "store", None)  # the window's save folder; None when saves are off
        try:
            story = start_story(store, setup, together, seed if seed is not None else random.randrange(1, 1_000_000))
        except SaveError as error:  # the folder cannot take a new save: say so and play on unsaved
            story = start_story(None, setup, together, seed if seed is not None else random.randrange(1, 1_000_000))
            story.problem_line.setText(f"This game is not being saved: {error}")
        show_story(host, story)

    creation.ready.connect(ready)
    host.show_screen(creation)
    creation.fields["name"].setFocus()
    return creation


def show_story(host: ScreenHost, story: StoryScreen) -> StoryScreen:
    story.closed.connect(host.show_title)
    host.show_screen(story)
    story.where.setFocus()
    return story


def open_loner(window: MainWindow, game_id: str) -> bool:
    """Carry on a saved game of Loner (every hash checked; a SaveError goes to the caller to show)."""
    assert window.store is not None
    show_story(window, resume_story(window.store, game_id))
    return True
