"""RT:0's entry on the desktop's game shelf (desktop/game_shelf.py): its new game is the mode screen, its saves are
playthroughs, and its lessons are the demo screen's own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rt0table.desktop.shelf_game import ShelfGame

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from rt0table.desktop.main_window import MainWindow


def new_game(window: MainWindow) -> QWidget:
    return window.start_new_game()


def open_save(window: MainWindow, game_id: str) -> bool:
    return window.open_playthrough(game_id)


RT0 = ShelfGame(
    key="rt0",
    title="RT:0",
    teaches="fights at the card table",
    new_game=new_game,
    open_save=open_save,
    lessons=None,
)
