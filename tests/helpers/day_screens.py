"""The between-fights screen in tests: shown at a size, a tab opened by its title, a combo set, a scarred party."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import fight_plan as fp
from tests.helpers.sample_party import MIRA
from tests.helpers.widgets import LEFT

SIZES = ((1280, 800), (1024, 640))


def show(qtbot: QtBot, widget: QWidget, size: tuple[int, int] = SIZES[0]) -> None:
    widget.resize(*size)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)


def open_tab(qtbot: QtBot, screen: BetweenFightsScreen, title: str) -> None:
    """Click the between-fights tab with this title."""
    bar = screen.tabs.tabBar()
    index = next(i for i in range(screen.tabs.count()) if screen.tabs.tabText(i) == title)
    qtbot.mouseClick(bar, LEFT, pos=bar.tabRect(index).center())
    assert screen.tabs.currentIndex() == index


def pick(combo: QComboBox, data: object) -> None:
    index = combo.findData(data)
    assert index >= 0, data
    combo.setCurrentIndex(index)


def scarred(*names: str) -> BetweenFightsScreen:
    campaign = fp.from_party([MIRA])
    for name in names:
        campaign, _ = cp.take_injury(campaign, "mira", name, "a test")
    return BetweenFightsScreen(Playthrough(Mode.HOT_SEAT, campaign, seed=11))
