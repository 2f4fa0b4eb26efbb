"""Moon's Grave tables for the desktop tests: a shown table at a known size, play driven to a moment, real drags."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_game import DEFAULT_FOES, MgGame, choose_party, fight_setup, start_game
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.rules.moons_grave.mg_stand_in import stand_in_choice
from rt0table.rules.moons_grave.mg_state import MgState

LEFT = Qt.MouseButton.LeftButton


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
    qtbot.addWidget(game.screen)
    game.screen.resize(*size)
    game.screen.show()
    qtbot.waitExposed(game.screen)
    return game


def play_until(game: MgGame, wanted: Callable[[MgState], bool], limit: int = 400) -> MgState:
    """The people's choices made by the stand-in's policy, through the session, until ``wanted`` holds."""
    session = game.session
    for _ in range(limit):
        if wanted(session.state):
            return session.state  # type: ignore[no-any-return]
        assert not session.ruleset.is_over(session.state), "the fight ended first"
        action = stand_in_choice(session.state)
        assert action is not None and session.submit(action)
    raise AssertionError("never reached")


def drag(qtbot: QtBot, game: MgGame, item: QGraphicsItem, target: QGraphicsItem) -> None:
    """A real drag on the viewport, from ``item``'s centre to ``target``'s."""
    view = game.screen.view
    viewport = view.viewport()
    start = item.sceneBoundingRect().center()
    end = target.sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(start + QPointF(0, 30)))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(end))
    qtbot.mouseRelease(viewport, LEFT, pos=view.mapFromScene(end))
