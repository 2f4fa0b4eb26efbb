"""The large card and its description, and the hover / press-and-hold trigger."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from pytestqt.qtbot import QtBot

from rt0table.desktop.cards import CardZoomView, ZoomTrigger, describe_card
from rt0table.rules.rt0.cards import ALL_IDS, by_name
from tests.desktop.cards.conftest import distinct_colours

TOWER = by_name("The Tower")
KNIGHT_OF_CUPS = by_name("Knight of Cups")


def test_descriptions_say_name_suit_and_value() -> None:
    assert describe_card(TOWER) == "The Tower: Major Arcana XVI, value 16."
    assert describe_card(by_name("The Fool")) == "The Fool: Major Arcana 0, value 0."
    assert describe_card(KNIGHT_OF_CUPS) == "Knight of Cups: Cups court card, value 12."
    assert describe_card(by_name("Ace of Swords")) == "Ace of Swords: Swords, value 1."
    assert describe_card(by_name("7 of Pentacles")) == "7 of Pentacles: Pentacles, value 7."
    assert len({describe_card(card_id) for card_id in ALL_IDS}) == len(ALL_IDS)


def test_the_zoom_view_shows_a_large_card_and_describes_it(qtbot: QtBot, screenshots: Path) -> None:
    view = CardZoomView()
    qtbot.addWidget(view)
    view.set_card(TOWER)
    view.resize(420, 720)
    view.show()
    frame = view.grab().toImage()
    frame.save(str(screenshots / "card_zoom.png"))
    assert distinct_colours(frame) > 50
    assert view.accessibleName() == "The Tower"
    assert view.accessibleDescription() == view.toolTip() == describe_card(TOWER)
    assert view.card_rect().width() == pytest.approx(420)


def test_the_zoom_view_is_large_by_default_and_empty_without_a_card(qtbot: QtBot) -> None:
    view = CardZoomView()
    qtbot.addWidget(view)
    hint = view.sizeHint()
    assert hint.height() >= 240
    assert hint.width() == round(hint.height() * 70 / 120)
    view.set_card(None)
    assert view.accessibleName() == "No card" and view.description() == ""


def zoom_trigger(qtbot: QtBot) -> tuple[ZoomTrigger, CardZoomView]:
    view = CardZoomView(popup=True)
    qtbot.addWidget(view)
    return ZoomTrigger(view, hover_ms=30, hold_ms=20), view


def test_resting_on_a_card_zooms_it_and_leaving_closes_it(qtbot: QtBot) -> None:
    trigger, view = zoom_trigger(qtbot)
    with qtbot.waitSignal(trigger.zoomed, timeout=2000) as shown:
        trigger.hover(TOWER, QPoint(200, 200))
    assert shown.args == [TOWER]
    assert view.isVisible() and view.card_id == TOWER
    with qtbot.waitSignal(trigger.unzoomed, timeout=1000):
        trigger.leave()
    assert not view.isVisible()


def test_passing_over_a_card_quickly_does_not_zoom(qtbot: QtBot) -> None:
    trigger, view = zoom_trigger(qtbot)
    trigger.hover(TOWER, QPoint(200, 200))
    trigger.leave()
    qtbot.wait(80)
    assert not view.isVisible()


def test_moving_to_another_card_restarts_the_wait_for_that_card(qtbot: QtBot) -> None:
    trigger, view = zoom_trigger(qtbot)
    trigger.hover(TOWER, QPoint(200, 200))
    with qtbot.waitSignal(trigger.zoomed, timeout=2000) as shown:
        trigger.hover(KNIGHT_OF_CUPS, QPoint(260, 200))
    assert shown.args == [KNIGHT_OF_CUPS] and view.card_id == KNIGHT_OF_CUPS


def test_press_and_hold_zooms_and_release_closes(qtbot: QtBot) -> None:
    trigger, view = zoom_trigger(qtbot)
    with qtbot.waitSignal(trigger.zoomed, timeout=2000):
        trigger.press(KNIGHT_OF_CUPS, QPoint(100, 100))
    assert view.isVisible()
    trigger.release()
    assert not view.isVisible()


def test_a_drag_cancels_a_pending_hold(qtbot: QtBot) -> None:
    trigger, view = zoom_trigger(qtbot)
    trigger.press(KNIGHT_OF_CUPS, QPoint(100, 100))
    trigger.cancel()
    qtbot.wait(60)
    assert not view.isVisible()


def test_the_keyboard_path_zooms_at_once(qtbot: QtBot) -> None:
    trigger, view = zoom_trigger(qtbot)
    trigger.show_now(TOWER, QPoint(50, 50))
    assert view.isVisible() and view.card_id == TOWER


def test_the_popup_stays_on_the_screen(qtbot: QtBot) -> None:
    trigger, view = zoom_trigger(qtbot)
    screen = view.screen().availableGeometry()
    trigger.show_now(TOWER, QPoint(screen.right() - 5, screen.bottom() - 5))
    assert screen.contains(view.geometry())
    assert view.geometry().right() < screen.right() - 5  # it opened to the left of the pointer
