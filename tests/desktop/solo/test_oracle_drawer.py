"""The solo oracle folds into a drawer beside the table: its handle or F7 folds and opens it, the table takes the
freed width at 1024x640, the choice is kept in the settings file for the next table, and folding it with the
keyboard inside gives the keys back to the table. Open, it leaves the table about two thirds of a 1024x640 window
with every page of the oracle whole (nothing clipped, no sideways scroll)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.solo.dock import SoloDock, attach_solo, oracle_drawer, solo_panel
from rt0table.desktop.solo.drawer import OracleDrawer
from rt0table.desktop.table.settings import ORACLE_DRAWER, TableSettings
from rt0table.desktop.table.settings_file import Kept, SettingsFileError, read_kept, settings_path
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.campaign import fight_plan as fp
from tests.desktop.conftest import MakeTable
from tests.helpers import oracle_pages
from tests.helpers.day_screens import show
from tests.helpers.sample_party import MIRA

K = Qt.Key
LEFT = Qt.MouseButton.LeftButton
SMALL = (1024, 640)


def solo_at(make_table: MakeTable, settings: TableSettings | None = None) -> tuple[TableScreen, OracleDrawer]:
    screen = make_table(size=SMALL)
    if settings is not None:
        screen.settings = screen.controller.settings = settings
    attach_solo(screen, screen.session, SoloDock(seed=7))
    QApplication.processEvents()
    drawer = screen.oracle_drawer  # type: ignore[attr-defined]
    assert isinstance(drawer, OracleDrawer)
    return screen, drawer


def table_width(screen: TableScreen) -> int:
    QApplication.processEvents()
    width = screen.view.viewport().width()
    assert abs(screen.scene.sceneRect().width() - width) < 2, "the table laid itself out for another width"
    return width


def whole_pages(drawer: OracleDrawer) -> None:
    """The open drawer at its width, and every tab of its oracle whole in it."""
    dock = drawer.dock
    assert isinstance(dock, SoloDock)
    assert dock.width() >= dock.minimumSizeHint().width()
    for button in (dock.export_button, dock.gm_box):
        right = button.mapTo(drawer, button.rect().topRight()).x()
        assert right < drawer.width() and button.width() >= button.minimumSizeHint().width(), button.text()
    oracle_pages.whole_pages(dock.panel, drawer)


@pytest.mark.usefixtures("themed")
@pytest.mark.parametrize(("size", "least"), [(SMALL, 0.66), ((1280, 800), 0.66)])
def test_the_open_drawer_leaves_the_table_two_thirds_and_its_pages_whole(
    make_table: MakeTable, size: tuple[int, int], least: float
) -> None:
    """1024x640: the table was 543 px beside the open oracle (the drawer's controls held it 477 px wide), now about
    690; 1280x800: was 799, now about 865."""
    screen = make_table(size=size)
    attach_solo(screen, screen.session, SoloDock(seed=7))
    drawer = screen.oracle_drawer  # type: ignore[attr-defined]
    assert isinstance(drawer, OracleDrawer) and drawer.is_open
    table = table_width(screen)
    assert table >= least * size[0], table
    assert drawer.width() <= 0.34 * size[0], drawer.width()
    whole_pages(drawer)


def test_the_share_follows_the_window_until_the_player_drags_the_line(qtbot: QtBot, make_table: MakeTable) -> None:
    """As in a game, the table is attached before its window has its size: the drawer takes its share once it
    does (it stayed at its least width); a dragged line is the player's."""
    screen = make_table(size=(640, 480))
    attach_solo(screen, screen.session, SoloDock(seed=7))
    drawer = screen.oracle_drawer  # type: ignore[attr-defined]
    QApplication.processEvents()
    whole_pages(drawer)  # at its least width (the share of 640 is less), still nothing of the oracle cut off
    screen.resize(1280, 800)
    assert abs(table_width(screen) - 1280 * 0.68) < 12 and abs(drawer.width() - 1280 * 0.32) < 4
    screen.resize(*SMALL)
    assert abs(table_width(screen) - SMALL[0] * 0.68) < 12 and abs(drawer.width() - SMALL[0] * 0.32) < 4
    line = drawer.parentWidget().handle(1)
    middle = line.rect().center()
    QTest.mousePress(line, LEFT, pos=middle)
    QTest.mouseMove(line, middle - QPoint(60, 0))
    QTest.mouseRelease(line, LEFT, pos=middle - QPoint(60, 0))
    dragged = drawer.width()
    assert dragged > SMALL[0] * 0.32 + 40, dragged
    screen.resize(1280, 800)
    QApplication.processEvents()
    assert drawer.width() == dragged  # the table takes the new width; the drawer keeps the player's
    qtbot.keyClick(screen.view, K.Key_F7)
    qtbot.keyClick(screen.view, K.Key_F7)
    assert drawer.is_open and abs(drawer.width() - dragged) <= 2


def test_the_handle_folds_the_oracle_and_the_table_takes_the_width(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, drawer = solo_at(make_table)
    assert drawer.is_open and drawer.dock.isVisible()
    beside = table_width(screen)
    assert beside < 0.75 * SMALL[0]  # the oracle open takes about a third
    qtbot.mouseClick(drawer.handle, LEFT)
    assert not drawer.is_open and not drawer.dock.isVisible()
    folded = table_width(screen)
    assert folded >= 0.95 * SMALL[0] and folded > beside + 250, (beside, folded)
    assert drawer.width() <= drawer.handle.sizeHint().width() + 1
    assert read_kept(settings_path()).oracle_open is False
    qtbot.keyClick(screen.view, K.Key_F7)  # the key opens it again, as wide as it was
    assert drawer.is_open and abs(table_width(screen) - beside) <= 2
    assert read_kept(settings_path()).oracle_open is True


def test_the_next_table_opens_the_drawer_as_the_player_left_it(qtbot: QtBot, make_table: MakeTable) -> None:
    shared = TableSettings(replay_step_ms=0, return_ms=0)  # the window's, which every table copies
    _, drawer = solo_at(make_table, replace(shared, hot_seat=False))
    qtbot.mouseClick(drawer.handle, LEFT)
    assert ORACLE_DRAWER in shared.closed_drawers  # the copies share the set, as the fight after this one will
    _, next_drawer = solo_at(make_table, replace(shared))
    assert not next_drawer.is_open and not next_drawer.dock.isVisible()
    fresh = TableSettings()  # the next run: the settings file says so
    read_kept(settings_path()).apply(fresh)
    assert ORACLE_DRAWER in fresh.closed_drawers and Kept.of(fresh).oracle_open is False


def test_folding_with_the_keys_inside_gives_them_back_to_the_table(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, drawer = solo_at(make_table)
    dock = drawer.dock
    assert isinstance(dock, SoloDock)
    qtbot.mouseClick(dock.panel.question, LEFT)  # on purpose: the keys are the oracle's
    assert QApplication.focusWidget() is dock.panel.question
    qtbot.keyClick(dock.panel.question, K.Key_F7)
    assert not drawer.is_open and QApplication.focusWidget() is screen.view
    asked: list[None] = []
    dock.panel.state_changed.connect(lambda: asked.append(None))
    for key in (K.Key_1, K.Key_Tab, K.Key_2, K.Key_Return, K.Key_F7, K.Key_3, K.Key_Return):
        focus = QApplication.focusWidget()
        assert focus is not None
        qtbot.keyClick(focus, key)
        assert QApplication.focusWidget() is screen.view, f"{key.name} moved the keys off the table"
    assert drawer.is_open and asked == [] and dock.panel.question.text() == ""
    qtbot.mouseClick(drawer.handle, LEFT)  # the handle never takes the keys either
    assert QApplication.focusWidget() is screen.view
    qtbot.keyClick(screen.view, K.Key_F6)  # moving to the oracle on purpose opens its drawer
    assert drawer.is_open and QApplication.focusWidget() is dock.panel.tabs.tabBar()


def test_a_damaged_drawer_entry_is_named(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"oracle_open": "no"}')
    with pytest.raises(SettingsFileError, match=re.escape(f"{path}: entry 'oracle_open' must be true or false")):
        read_kept(path)


def test_between_fights_the_drawer_folds_too_and_the_tabs_take_the_width(qtbot: QtBot) -> None:
    settings = TableSettings()
    playthrough = Playthrough(Mode.SOLO, fp.from_party([MIRA]), seed=8)
    screen = BetweenFightsScreen(playthrough)
    dock = solo_panel(playthrough.solo, seed=1)
    screen.set_oracle(dock, drawer=oracle_drawer(dock, settings))
    show(qtbot, screen, SMALL)
    drawer = dock.parentWidget()
    assert isinstance(drawer, OracleDrawer) and drawer.is_open
    beside = screen.tabs.width()
    qtbot.mouseClick(drawer.handle, LEFT)
    QApplication.processEvents()
    assert not dock.isVisible() and screen.tabs.width() > beside + 250
    screen.resize(1100, 700)  # a resize keeps it folded: the share is the open drawer's
    QApplication.processEvents()
    assert not drawer.is_open and drawer.width() <= drawer.handle.sizeHint().width() + 1
    assert ORACLE_DRAWER in settings.closed_drawers and read_kept(settings_path()).oracle_open is False
    qtbot.keyClick(screen.tabs.tabBar(), K.Key_F7)
    assert drawer.is_open and dock.isVisible()
