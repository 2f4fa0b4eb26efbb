"""The Day tab at 1024x640: beside the solo oracle its columns stack so no member's box is cut off, and without
the oracle (or at 1280x800) they stay side by side with nothing to scroll."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QPushButton, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.day_panel import MemberDay
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.solo.dock import solo_panel
from rt0table.rules.rt0.campaign import fight_plan as fp
from tests.helpers.day_screens import show
from tests.helpers.sample_party import MIRA


def between(qtbot: QtBot, mode: Mode, size: tuple[int, int]) -> BetweenFightsScreen:
    playthrough = Playthrough(mode, fp.from_party([MIRA]), seed=8)
    screen = BetweenFightsScreen(playthrough)
    if mode is Mode.SOLO:
        screen.set_oracle(solo_panel(playthrough.solo, seed=1))
    show(qtbot, screen, size)
    for _ in range(3):
        QApplication.processEvents()
    return screen


def day_page(screen: BetweenFightsScreen) -> QScrollArea:
    page = screen.tabs.widget(0)
    assert isinstance(page, QScrollArea)
    return page


def in_view(page: QScrollArea, widget: QWidget) -> QRect:
    """The widget's rectangle in the page's viewport."""
    return QRect(widget.mapTo(page.viewport(), widget.rect().topLeft()), widget.size())


def test_beside_the_oracle_the_columns_stack_and_every_power_shows_whole(qtbot: QtBot) -> None:
    screen = between(qtbot, Mode.SOLO, (1024, 640))
    page = day_page(screen)
    assert screen.day.stacked
    for box in screen.day.findChildren(MemberDay):
        assert box.width() >= box.minimumSizeHint().width(), "a member's box squeezed below its least width"
        for button in box.findChildren(QPushButton):
            if button.isVisible():
                assert page.viewport().rect().contains(in_view(page, button)), button.text()
                assert button.width() >= button.sizeHint().width(), f"{button.text()!r} is cut"
    page.ensureWidgetVisible(screen.day.next_button)
    assert page.viewport().rect().contains(in_view(page, screen.day.next_button))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_without_the_oracle_the_columns_stay_side_by_side_and_nothing_scrolls(
    qtbot: QtBot, size: tuple[int, int]
) -> None:
    screen = between(qtbot, Mode.HOT_SEAT, size)
    page = day_page(screen)
    assert not screen.day.stacked
    assert page.verticalScrollBar().maximum() == 0
    for button in (screen.day.next_button, screen.day.end_day_button, screen.day.lab_button):
        assert page.viewport().rect().contains(in_view(page, button)), button.text()
