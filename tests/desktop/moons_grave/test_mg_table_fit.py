"""Moon's Grave's table fills the view beside the side panel at 1024x640 and 1280x800: the scene's shape follows
the view's, not the window's."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from tests.helpers.mg_tables import mg_table

FILLED = 0.85  # the share of the view the fitted table covers (a 1000x680 scene covered 76% at 1024x640)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_table_fills_the_view(qtbot: QtBot, size: tuple[int, int]) -> None:
    game = mg_table(qtbot, size=size)
    view = game.screen.view
    port = view.viewport().rect()
    fitted = view.mapFromScene(view.sceneRect()).boundingRect().intersected(port)
    assert fitted.width() * fitted.height() >= FILLED * port.width() * port.height()
    scene = game.screen.scene
    placed = [item.sceneBoundingRect() for item in scene.items()]
    assert all(view.sceneRect().contains(box.adjusted(3, 3, -3, -3)) for box in placed)  # nothing off the table
