"""From the new-game flow into a game of Loner: the Protagonist first, then the story."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QWidget

from rt0table.desktop.loner.creation_screen import ProtagonistScreen
from rt0table.desktop.loner.story_screen import StoryScreen
from rt0table.rules.loner.loner_state import LonerSetup
from rt0table.rules.loner.together import Together


class ScreenHost(Protocol):
    def show_screen(self, screen: QWidget) -> None: ...

    def show_title(self) -> None: ...


def start_loner(host: ScreenHost, seed: int | None = None) -> ProtagonistScreen:
    """Show the Protagonist's creation; once ready, the story screen; either returns to the title."""
    creation = ProtagonistScreen()
    creation.back.connect(host.show_title)

    def ready(setup: LonerSetup, together: Together | None) -> None:
        story = StoryScreen(setup, together, seed)
        story.closed.connect(host.show_title)
        host.show_screen(story)
        story.where.setFocus()

    creation.ready.connect(ready)
    host.show_screen(creation)
    creation.fields["name"].setFocus()
    return creation
