"""Restless tables for the desktop tests: a shown table at a known size, play driven to a moment, real drags."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from rt0table.desktop.restless.restless_game import RsGame, game_setup, start_game
from rt0table.desktop.restless.restless_scene import Piece
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.rules.restless.rs_actions import RsAction
from rt0table.rules.restless.rs_practice import SEATS
from rt0table.rules.restless.rs_stand_in import choose
from rt0table.rules.restless.rs_state import RsState

LEFT = Qt.MouseButton.LeftButton


def rs_table(
    qtbot: QtBot, seed: int = 5, players: int = 1, store: SaveStore | None = None, size: tuple[int, int] = (1280, 800)
) -> RsGame:
    table = SeamTable("solo" if players == 1 else "hot-seat", "none", SEATS[:players])
    game = start_game(store, game_setup(players), seed, table)
    qtbot.addWidget(game.screen)
    game.screen.resize(*size)
    game.screen.show()
    qtbot.waitExposed(game.screen)
    return game


def play_until(game: RsGame, wanted: Callable[[RsState], bool], limit: int = 600) -> RsState:
    """The party's choices made by the stand-in, through the session, until ``wanted`` holds."""
    session = game.session
    for _ in range(limit):
        state: RsState = session.state
        if wanted(state):
            return state
        assert state.phase != "over", "the game ended first"
        assert session.submit(choose(state))
    raise AssertionError("never reached")


def piece(game: RsGame, role: str, card: str = "", hero: str = "") -> Piece:
    """The piece on the table for ``role`` (and the card or Character named)."""
    for item in game.screen.scene.pieces:
        token = item.token
        if token.role == role and (not card or token.card == card) and (not hero or token.hero == hero):
            return item
    raise AssertionError(f"no {role} piece {card or hero}")


def drag(qtbot: QtBot, game: RsGame, item: QGraphicsItem, target: QGraphicsItem) -> None:
    """A real drag on the viewport, from ``item``'s centre to ``target``'s."""
    view = game.screen.view
    viewport = view.viewport()
    start = item.sceneBoundingRect().center()
    end = target.sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(start + QPointF(0, 12)))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(end))
    qtbot.mouseRelease(viewport, LEFT, pos=view.mapFromScene(end))


def choose_by_keys(qtbot: QtBot, game: RsGame, action: RsAction) -> None:
    """Walk the list of choices with the arrow keys to ``action`` and press Enter."""
    screen = game.screen
    listing = screen.choices
    listing.setFocus()
    qtbot.keyClick(listing, Qt.Key.Key_Home)
    for _ in range(listing.count()):
        if listing.currentItem().data(Qt.ItemDataRole.UserRole) == action:
            qtbot.keyClick(listing, Qt.Key.Key_Return)
            return
        qtbot.keyClick(listing, Qt.Key.Key_Down)
    raise AssertionError(f"{action} is not in the list")
