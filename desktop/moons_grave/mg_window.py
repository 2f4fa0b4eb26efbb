"""Moon's Grave in the main window: its new-game screen, starting the fight, and opening a saved one."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from rt0table.desktop.moons_grave.mg_game import MgGame, fight_setup, resume_game, start_game
from rt0table.desktop.moons_grave.mg_new_game import MgNewGame
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.desktop.seam_table.table_game import put_on_window
from rt0table.rules.moons_grave.mg_character import Character
from rt0table.rules.moons_grave.mg_pack import MgContent
from rt0table.rules.seam import RulesError

if TYPE_CHECKING:
    from rt0table.desktop.main_window import MainWindow


def new_game_screen(window: MainWindow) -> QWidget:
    screen = MgNewGame()
    screen.back.connect(window.show_title)
    screen.start.connect(lambda mode, gm, party, foes, content: begin(window, screen, mode, gm, party, foes, content))
    window.show_screen(screen)
    return screen


def begin(
    window: MainWindow,
    screen: MgNewGame,
    mode: str,
    gm: str,
    party: list[Character],
    foes: list[str],
    content: MgContent,
) -> MgGame | None:
    """The fight the new-game screen chose; a party the pack cannot seat is refused there, in words."""
    try:
        setup = fight_setup(party, foes, hot_seat=mode == "hot-seat", content=content)
        table = SeamTable(mode, gm, tuple(c.name for c in party))
        game = start_game(window.store, setup, secrets.randbits(31), table)
    except (RulesError, ValueError) as error:
        screen.problem.setText(f"This fight cannot start: {error}")
        return None
    return show(window, game)


def show(window: MainWindow, game: MgGame) -> MgGame:
    put_on_window(window, game)
    window.mg_game = game  # type: ignore[attr-defined]  # the fight on the table, for tests and the window
    return game


def open_moons_grave(window: MainWindow, game_id: str) -> bool:
    """Carry on a saved fight of Moon's Grave (every hash checked; a SaveError goes to the caller to show)."""
    assert window.store is not None
    show(window, resume_game(window.store, game_id))
    return True
