"""The Restless in the main window: its new-game screen, starting a game, and opening a saved one."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from rt0table.desktop.restless.restless_game import RsGame, game_setup, resume_game, start_game
from rt0table.desktop.restless.restless_new_game import RsNewGame
from rt0table.desktop.saves import SaveError
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.desktop.seam_table.table_game import put_on_window
from rt0table.rules.restless.rs_pack import RsPack
from rt0table.rules.restless.rs_practice import SEATS
from rt0table.rules.seam import RulesError

if TYPE_CHECKING:
    from rt0table.desktop.main_window import MainWindow


def new_game_screen(window: MainWindow) -> RsNewGame:
    screen = RsNewGame()
    screen.back.connect(window.show_title)
    screen.start.connect(lambda players, pack: begin(window, screen, players, pack))
    window.show_screen(screen)
    return screen


def begin(window: MainWindow, screen: RsNewGame, players: int, pack: RsPack) -> RsGame | None:
    """The game the new-game screen chose; a pack the rules refuse is named there, in words."""
    try:
        setup = game_setup(players, pack)
        table = SeamTable("solo" if players == 1 else "hot-seat", "none", SEATS[:players])
        game = start_game(window.store, setup, secrets.randbits(31), table, pack.images)
    except (RulesError, SaveError, ValueError) as error:
        screen.problem.setText(f"This game cannot start: {error}")
        return None
    return show(window, game)


def show(window: MainWindow, game: RsGame) -> RsGame:
    put_on_window(window, game)
    window.rs_game = game  # type: ignore[attr-defined]  # the game on the table, for tests and the window
    return game


def open_restless(window: MainWindow, game_id: str) -> bool:
    """Carry on a saved game of The Restless (every hash checked; a SaveError goes to the caller to show)."""
    assert window.store is not None
    show(window, resume_game(window.store, game_id))
    return True
