"""Moon's Grave in the main window: its new-game screen, starting the fight, and opening a saved one."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from rt0table.desktop.moons_grave.mg_game import MgGame, fight_setup, resume_game, start_game
from rt0table.desktop.moons_grave.mg_new_game import MgNewGame
from rt0table.desktop.saves import SaveError
from rt0table.desktop.saves.seam_save import SeamTable, is_seam_save, saved_ruleset
from rt0table.desktop.seam_table.table_game import put_on_window
from rt0table.rules.moons_grave.mg_character import Character
from rt0table.rules.moons_grave.mg_pack import MgContent
from rt0table.rules.seam import RulesError

if TYPE_CHECKING:
    from rt0table.desktop.main_window import MainWindow


def new_game_screen(window: MainWindow, key: str) -> QWidget:
    """The new-game screen of the game ``key`` (Moon's Grave, or The Restless)."""
    if key == "restless":
        from rt0table.desktop.restless.restless_window import new_game_screen as restless_screen

        return restless_screen(window)
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


def open_seam_game(window: MainWindow, game_id: str) -> bool | None:
    """Open a saved game on the seam: True when it is on the table, False when its problem is shown on the load
    screen, None when the save is RT:0's (the caller opens it)."""
    from rt0table.desktop.load_screen import LoadScreen

    store = window.store
    assert store is not None
    if not is_seam_save(store.path_of(game_id)):
        return None
    try:
        key = saved_ruleset(store.path_of(game_id))
        if key == "restless":
            from rt0table.desktop.restless.restless_window import open_restless

            return open_restless(window, game_id)
        if key == "loner":
            from rt0table.desktop.loner.loner_entry import open_loner

            return open_loner(window, game_id)
        game = resume_game(store, game_id)
    except SaveError as error:
        current = window.screens.currentWidget()
        screen = current if isinstance(current, LoadScreen) else window.open_load_screen()
        screen.show_error(game_id, error)
        return False
    show(window, game)
    return True
