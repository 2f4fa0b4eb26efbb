"""Restless tables for the desktop tests: a shown table at a known size, play driven to a moment, real drags (the
shape both seam games share is in seam_tables)."""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot

from rt0table.desktop.restless.restless_game import RsGame, game_setup, start_game
from rt0table.desktop.restless.restless_scene import Piece
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.rules.restless.rs_actions import RsAction
from rt0table.rules.restless.rs_practice import SEATS
from rt0table.rules.restless.rs_stand_in import choose
from rt0table.rules.restless.rs_state import RsState
from tests.helpers import seam_tables
from tests.helpers.seam_tables import drag, shown

__all__ = ["choose_by_keys", "drag", "piece", "play_until", "rs_table"]


def rs_table(
    qtbot: QtBot, seed: int = 5, players: int = 1, store: SaveStore | None = None, size: tuple[int, int] = (1280, 800)
) -> RsGame:
    table = SeamTable("solo" if players == 1 else "hot-seat", "none", SEATS[:players])
    game = start_game(store, game_setup(players), seed, table)
    shown(qtbot, game, size)
    return game


def play_until(game: RsGame, wanted: Callable[[RsState], bool], limit: int = 600) -> RsState:
    """The party's choices made by the stand-in, through the session, until ``wanted`` holds."""
    state: RsState = seam_tables.play_until(game, wanted, choose, limit)
    return state


def piece(game: RsGame, role: str, card: str = "", hero: str = "") -> Piece:
    """The piece on the table for ``role`` (and the card or Character named)."""
    for item in game.screen.scene.pieces:
        token = item.token
        if token.role == role and (not card or token.card == card) and (not hero or token.hero == hero):
            return item
    raise AssertionError(f"no {role} piece {card or hero}")


def choose_by_keys(qtbot: QtBot, game: RsGame, action: RsAction) -> None:
    """Walk the list of choices with the arrow keys to ``action`` and press Enter."""
    seam_tables.choose_row_by_keys(qtbot, game, action)
