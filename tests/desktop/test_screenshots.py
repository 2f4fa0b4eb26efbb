"""Screenshots of the table at 1024x640, 1280x800 (with the oracle beside it), 1920x1080 and at device scale 2,
under the app's theme, into tests/screenshots/ (git-ignored) to be looked at. Each also checks what a glance
needs: every hand card shows its corner (value and suit) clear of the next card and inside the view, and no
text is drawn below the readable minimum."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from rt0table.desktop.solo.dock import attach_solo
from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.quick_fights import quick_fight
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen
from tests.desktop.conftest import SCREENSHOTS

CORNER = 0.2  # the share of a card's width its value and suit take at the top left

SHOTS = [("table-1024x640", (1024, 640), ""), ("table-1280x800-oracle", (1280, 800), "open"),
         ("table-1920x1080", (1920, 1080), ""), ("table-1024x640-oracle", (1024, 640), "open"),
         ("table-1024x640-oracle-folded", (1024, 640), "folded")]  # fmt: skip


def table(qtbot: QtBot, size: tuple[int, int], oracle: str) -> TableScreen:
    """``oracle``: "" for none, "open" beside the table, "folded" into its drawer."""
    session = Session(quick_fight(1))
    screen = TableScreen(session, TableSettings(hot_seat=False, replay_step_ms=0))
    qtbot.addWidget(screen)
    screen.resize(*size)
    screen.show()
    qtbot.waitExposed(screen)
    if oracle:
        attach_solo(screen, session)
    if oracle == "folded":
        screen.oracle_drawer.set_open(False)  # type: ignore[attr-defined]
    QApplication.processEvents()
    screen.controller.pick_up(screen.scene.hand_items[1])  # a card in hand: the bins that take it glow
    return screen


def corners_readable(screen: TableScreen) -> None:
    hand = screen.scene.hand_items
    view = screen.view.viewport().rect()
    for item, following in zip(hand, [*hand[1:], None], strict=True):
        rect = item.sceneBoundingRect()
        corner = screen.view.mapFromScene(item.pos())
        assert view.contains(corner + QPoint(2, 2)), "a hand card's corner is off the view"
        if following is not None:
            assert following.pos().x() - item.pos().x() >= item.width * CORNER, "the next card hides the value"
        assert rect.width() > 40


@pytest.mark.parametrize(("name", "size", "oracle"), SHOTS)
@pytest.mark.usefixtures("themed")
def test_a_shot_at_each_size(qtbot: QtBot, name: str, size: tuple[int, int], oracle: str) -> None:
    screen = table(qtbot, size, oracle)
    corners_readable(screen)
    SCREENSHOTS.mkdir(exist_ok=True)
    assert screen.grab().save(str(SCREENSHOTS / f"{name}.png"))


@pytest.mark.usefixtures("themed")
def test_a_shot_at_device_scale_two(qtbot: QtBot) -> None:
    """QT_SCALE_FACTOR=2 as the renderer sees it: 1280x800 logical pixels drawn on a 2560x1600 pixmap."""
    screen = table(qtbot, (1280, 800), "open")
    corners_readable(screen)
    pixmap = QPixmap(2560, 1600)
    pixmap.setDevicePixelRatio(2.0)
    pixmap.fill(Qt.GlobalColor.black)
    painter = QPainter(pixmap)
    screen.render(painter, QPoint(0, 0))
    painter.end()
    SCREENSHOTS.mkdir(exist_ok=True)
    assert pixmap.save(str(SCREENSHOTS / "table-1280x800-scale2.png"))
