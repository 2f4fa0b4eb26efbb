"""Moon's Grave tables for the desktop tests: a shown table at a known size, play driven to a moment, real drags
(the shape both seam games share is in seam_tables)."""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_game import DEFAULT_FOES, MgGame, choose_party, fight_setup, start_game
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.rules.moons_grave.mg_stand_in import stand_in_choice
from rt0table.rules.moons_grave.mg_state import MgState
from tests.helpers import seam_tables
from tests.helpers.seam_tables import LEFT, drag, shown

__all__ = ["LEFT", "choose_by_keys", "drag", "mg_table", "play_until"]


def mg_table(
    qtbot: QtBot,
    seed: int = 7,
    mode: str = "solo",
    gm: str = "stand-in",
    players: int = 2,
    foes: tuple[str, ...] = DEFAULT_FOES,
    store: SaveStore | None = None,
    size: tuple[int, int] = (1280, 800),
) -> MgGame:
    party = choose_party(None, players)
    setup = fight_setup(party, foes, hot_seat=mode == "hot-seat")
    game = start_game(store, setup, seed, SeamTable(mode, gm, tuple(c.name for c in party)))
    shown(qtbot, game, size)
    return game


def play_until(game: MgGame, wanted: Callable[[MgState], bool], limit: int = 400) -> MgState:
    """The people's choices made by the stand-in's policy, through the session, until ``wanted`` holds."""
    state: MgState = seam_tables.play_until(game, wanted, stand_in_choice, limit)
    return state


def choose_by_keys(qtbot: QtBot, game: MgGame) -> None:
    """Pick the stand-in policy's choice in the list of choices with the arrow keys, and press Enter."""
    screen = game.screen
    state = game.session.state
    seats = {screen.lifted_for} if screen.lifted_for else screen.humans
    wanted = next(stand_in_choice(state, seat) for seat in sorted(seats) if stand_in_choice(state, seat) is not None)
    seam_tables.choose_row_by_keys(qtbot, game, wanted)
