"""Direct handling on the zone grid: whenever a move is offered, its zones are lit; dragging your figure onto one,
or clicking one, moves there. Real presses, drags and releases on the viewport; the engine's zone is checked."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.fight.state import ZoneTarget
from tests.desktop.conftest import MakeTable
from tests.helpers.table_games import offer_a_move

K = Qt.Key
LEFT = Qt.MouseButton.LeftButton


def zone_point(screen: TableScreen, zone: tuple[int, int]) -> QPointF:
    grid = screen.scene.grid
    return grid.mapRectToScene(grid.cell(zone)).center() + QPointF(0, grid.cell(zone).height() * 0.3)


def offered(screen: TableScreen) -> set[tuple[int, int]]:
    pending = screen.session.state.pending
    assert pending is not None
    return {o.value.zone for o in pending.options if isinstance(o.value, ZoneTarget)}


def test_the_offered_zones_are_lit_and_dragging_the_figure_there_moves(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    offer_a_move(qtbot, screen)
    grid = screen.scene.grid
    assert grid.offered == offered(screen) == {(0, 1), (1, 2)}
    view, viewport = screen.view, screen.view.viewport()
    token = grid.mapRectToScene(grid.token_rects()["mara"]).center()
    qtbot.mousePress(viewport, LEFT, pos=view.mapFromScene(token))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(token + QPointF(0, -20)))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(zone_point(screen, (0, 1))))
    assert grid.carried is not None and grid.marked == {(0, 1)}
    qtbot.mouseRelease(viewport, LEFT, pos=view.mapFromScene(zone_point(screen, (0, 1))))
    state = screen.session.state
    assert state.fighter("mara").zone == (0, 1) and grid.carried is None


def test_a_drop_off_the_lit_zones_changes_nothing_and_a_click_on_one_moves(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    offer_a_move(qtbot, screen)
    grid = screen.scene.grid
    view, viewport = screen.view, screen.view.viewport()
    token = grid.mapRectToScene(grid.token_rects()["mara"]).center()
    qtbot.mousePress(viewport, LEFT, pos=view.mapFromScene(token))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(zone_point(screen, (2, 0))))
    qtbot.mouseRelease(viewport, LEFT, pos=view.mapFromScene(zone_point(screen, (2, 0))))  # not offered
    state = screen.session.state
    assert state.fighter("mara").zone == (0, 2) and state.pending is not None
    assert "lit zone" in screen.scene.status.text
    qtbot.mouseClick(viewport, LEFT, pos=view.mapFromScene(zone_point(screen, (1, 2))))
    assert screen.session.state.fighter("mara").zone == (1, 2)
    assert grid.offered == set()  # nothing on offer now
