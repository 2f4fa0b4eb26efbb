"""The table fits any window: regions never overlap or leave the window; screenshots at two sizes."""

from __future__ import annotations

from itertools import combinations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.layout import table_layout
from tests.desktop.conftest import MakeTable, shoot

SIZES = [(1280, 800), (1024, 640), (1920, 1080), (800, 600), (2560, 1440)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scale", [0.8, 1.0, 1.25])
@pytest.mark.parametrize("empty_discard", [False, True], ids=["discard", "no-discard"])
def test_regions_stay_inside_the_window_and_apart(size: tuple[int, int], scale: float, empty_discard: bool) -> None:
    lay = table_layout(*size, scale, empty_discard)
    window = QRectF(0, 0, *size)
    regions = {
        name: getattr(lay, name)
        for name in ("party", "adversaries", "status", "bins", "deck", "hand", "discard", "grid", "log", "buttons")
    }
    for name, rect in regions.items():
        assert window.contains(rect), f"{name} leaves the window"
        assert rect.width() > 0 and rect.height() > 0, name
    for (a, ra), (b, rb) in combinations(regions.items(), 2):
        assert not ra.intersected(rb).isValid() or ra.intersected(rb).isEmpty(), f"{a} overlaps {b}"
    assert lay.card_height <= lay.hand.height()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_screenshot_of_a_table_mid_turn(qtbot: QtBot, make_table: MakeTable, size: tuple[int, int]) -> None:
    screen = make_table(size=size)
    # Put something on the bins so the screenshot shows cards, progress and a refusal.
    screen.controller.pick_up(screen.scene.hand_items[1])
    screen.controller.play("unarmed_strike")
    screen.controller.pick_up(screen.scene.hand_items[0])
    screen.controller.play("defend")
    screen.controller.pick_up(screen.scene.hand_items[2])
    screen.controller.aim("defend")
    width, height = size
    assert screen.scene.sceneRect() == QRectF(0, 0, width, height)
    for item in screen.scene.items():
        if item.isVisible() and item.parentItem() is None:
            assert screen.scene.sceneRect().adjusted(-1, -1, 1, 1).contains(item.sceneBoundingRect()), item
    shoot(screen, f"table-{width}x{height}")


def test_an_empty_discard_keeps_a_narrow_slot_and_the_hand_takes_the_width(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(size=(1024, 640))
    scene = screen.scene
    assert not scene.discard.cards, "a fight begins with an empty discard"
    card_w = scene.layout_now.card_width
    narrow = scene.discard.sceneBoundingRect()
    assert narrow.width() < card_w / 2
    hand_before = scene.layout_now.hand
    assert hand_before.right() > narrow.left() - card_w / 2  # the hand runs up to the slot
    qtbot.keyClick(screen.view, Qt.Key.Key_1)  # Honk takes any card and discards it at once
    qtbot.keyClick(screen.view, Qt.Key.Key_H)
    qtbot.keyClick(screen.view, Qt.Key.Key_Return)
    viewed = screen.session.state.fighter("mara")
    assert screen.session.state.piles[viewed.pile].discard, "Honk's card went to the discard"
    QApplication.processEvents()
    full = scene.discard.sceneBoundingRect()
    assert full.width() >= card_w and full.right() == pytest.approx(narrow.right(), abs=1)
    assert hand_before.width() - scene.layout_now.hand.width() == pytest.approx(full.width() - narrow.width(), abs=1)
    assert scene.discard.top is not None or scene.discard.arriving  # the slot shows the card once it lands
