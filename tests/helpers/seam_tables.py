"""What both seam games' test tables share (Moon's Grave in mg_tables, The Restless in rs_tables): a table shown at
a known size, play driven to a moment by a stand-in through the session, a real drag on the viewport, and a choice
picked from the list by keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from rt0table.desktop.seam_table.table_game import TableGame

LEFT = Qt.MouseButton.LeftButton
LIFT = QPointF(0, 30)  # the first move of a drag: past any start-drag distance


def shown(qtbot: QtBot, game: TableGame[Any], size: tuple[int, int]) -> None:
    """``game``'s table shown (and exposed) at ``size``."""
    qtbot.addWidget(game.screen)
    game.screen.resize(*size)
    game.screen.show()
    qtbot.waitExposed(game.screen)


def play_until(game: TableGame[Any], wanted: Callable[[Any], bool], choose: Callable[[Any], Any], limit: int) -> Any:
    """``choose``'s actions (a stand-in's), submitted through the session, until ``wanted`` holds of the state."""
    session = game.session
    for _ in range(limit):
        if wanted(session.state):
            return session.state
        assert not session.ruleset.is_over(session.state), "the game ended first"
        action = choose(session.state)
        assert action is not None and session.submit(action)
    raise AssertionError("never reached")


def drag(qtbot: QtBot, game: TableGame[Any], item: QGraphicsItem, target: QGraphicsItem) -> None:
    """A real drag on the table's viewport, from ``item``'s centre to ``target``'s."""
    view = game.screen.view  # type: ignore[attr-defined]  # each game's screen has its view
    viewport = view.viewport()
    start = item.sceneBoundingRect().center()
    end = target.sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(start + LIFT))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(end))
    qtbot.mouseRelease(viewport, LEFT, pos=view.mapFromScene(end))


def choose_row_by_keys(qtbot: QtBot, game: TableGame[Any], wanted: object) -> None:
    """Walk the table's list of choices with Home and the arrow keys to ``wanted`` and press Enter."""
    listing = game.screen.choices
    listing.setFocus()
    qtbot.keyClick(listing, Qt.Key.Key_Home)
    for _ in range(listing.count()):
        if listing.currentItem().data(Qt.ItemDataRole.UserRole) == wanted:
            qtbot.keyClick(listing, Qt.Key.Key_Return)
            return
        qtbot.keyClick(listing, Qt.Key.Key_Down)
    raise AssertionError(f"{wanted} is not in the list")
