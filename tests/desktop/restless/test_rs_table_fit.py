"""The Restless's table fills the view beside the side panel, and a Character's card is readable, at 1024x640 and
1280x800: the scene's shape follows the view's, not the window's."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.restless.restless_scene import face_px
from rt0table.rules.restless.rs_stand_in import choose
from tests.helpers.rs_tables import piece, rs_table

FILLED = 0.85  # the share of the view the fitted table covers (a 1280x800 scene covered 67% at 1024x640)
READABLE_PX = 9.0  # a Character's numbers and text in device pixels (they were 5.8 at 1024x640)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_table_fills_the_view_and_a_characters_text_is_readable(qtbot: QtBot, size: tuple[int, int]) -> None:
    game = rs_table(qtbot, size=size)
    assert game.session.submit(choose(game.session.state))  # four Characters kept: the party is on the table
    view = game.screen.view
    fitted = view.mapFromScene(view.sceneRect()).boundingRect().intersected(view.viewport().rect())
    port = view.viewport().rect()
    assert fitted.width() * fitted.height() >= FILLED * port.width() * port.height()
    hero = piece(game, "hero", hero=game.session.state.party[0].card)
    head_px, body_px = face_px(hero.box)
    scale = view.transform().m11()
    assert body_px * scale >= READABLE_PX and head_px > body_px
