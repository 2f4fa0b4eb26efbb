"""The game menu: Esc on every screen (the table and the Day included) once nothing else is open, the menu button,
and each entry: back to the title with the game kept, Load, Demo, Settings kept in the user's config folder, Help,
Quit. Real keys and clicks; the engine state is checked after the way out and back in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.demo.screen import DemoScreen
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.game_menu import GameMenu, HelpPage, SettingsPage
from rt0table.desktop.load_screen import LoadScreen
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.table.settings import REPLAY_SPEEDS
from rt0table.desktop.table.settings_file import SettingsFileError, read_kept, settings_path
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.fight.serialize import state_hash
from tests.helpers.crafted_saves import playthrough_save
from tests.helpers.flow_steps import current
from tests.helpers.widgets import click

K = Qt.Key


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    folder = tmp_path / "saves"
    with SaveStore(folder, app_version="test") as store:
        playthrough_save(store, "Ines")
        playthrough_save(store, "Mira", fight=True)
    made = MainWindow(folder)
    qtbot.addWidget(made)
    made.resize(1280, 800)
    made.show()
    qtbot.waitExposed(made)
    return made


def menu_of(window: MainWindow) -> GameMenu:
    menu = window.game_menu
    assert menu is not None and menu.isVisible()
    return menu


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def esc(qtbot: QtBot, widget: QWidget | None = None) -> None:
    qtbot.keyClick(widget or focused(), K.Key_Escape)


def continue_to_table(qtbot: QtBot, window: MainWindow) -> TableScreen:
    click(qtbot, window.title_screen.buttons["continue"])
    table = current(window)
    assert isinstance(table, TableScreen)
    table.view.setFocus()
    return table


def test_esc_on_the_title_opens_the_menu_and_esc_closes_it(qtbot: QtBot, window: MainWindow) -> None:
    window.title_screen.buttons["new"].setFocus()
    esc(qtbot)
    menu = menu_of(window)
    assert not menu.buttons["title"].isEnabled()  # already there
    assert menu.buttons["load"].isEnabled()
    esc(qtbot, menu.focusWidget() or menu)
    assert not menu.isVisible()
    assert current(window) is window.title_screen


def test_the_menu_button_opens_it_too(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window.menu_button)
    assert menu_of(window).isVisible()


def test_esc_at_the_table_closes_the_pick_first_then_opens_the_menu(qtbot: QtBot, window: MainWindow) -> None:
    table = continue_to_table(qtbot, window)
    controller = table.controller
    qtbot.keyClick(table.view, K.Key_1)
    assert controller.pick is not None
    qtbot.keyClick(table.view, K.Key_Escape)
    assert controller.pick is None and window.game_menu is None  # the card went back; no menu yet
    qtbot.keyClick(table.view, K.Key_F1)
    assert table.scene.viewer.isVisible()
    qtbot.keyClick(table.view, K.Key_Escape)
    assert not table.scene.viewer.isVisible() and window.game_menu is None
    qtbot.keyClick(table.view, K.Key_Escape)
    assert menu_of(window).buttons["title"].text() == "Save and return to the title"


def test_save_and_return_then_continue_finds_the_fight_where_it_stopped(qtbot: QtBot, window: MainWindow) -> None:
    table = continue_to_table(qtbot, window)
    session = table.session
    active = session.state.active_fighter
    assert active is not None
    qtbot.keyClick(table.view, K.Key_E)  # end the turn: a step the save must keep
    QApplication.processEvents()
    played = state_hash(session.state)
    qtbot.keyClick(table.view, K.Key_Escape)
    if window.game_menu is None:  # the adversaries' turn was still being shown: Esc skipped it first
        qtbot.keyClick(table.view, K.Key_Escape)
    click(qtbot, menu_of(window).buttons["title"])
    assert current(window) is window.title_screen and window.autosave is None
    again = continue_to_table(qtbot, window)
    assert again is not table and state_hash(again.session.state) == played


def test_esc_on_the_day_opens_the_menu_and_load_and_demo_go_there(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window.title_screen.buttons["load"])
    load = current(window)
    assert isinstance(load, LoadScreen)
    newest_ines = next(s for s in load.summaries if "Ines" in s.players)
    window.open_game(newest_ines.game_id)
    day = current(window)
    assert isinstance(day, BetweenFightsScreen)
    day.setFocus()
    esc(qtbot)
    click(qtbot, menu_of(window).buttons["load"])
    assert isinstance(current(window), LoadScreen)
    esc(qtbot, current(window))
    click(qtbot, menu_of(window).buttons["demo"])
    assert isinstance(current(window), DemoScreen)


def test_settings_are_kept_in_the_config_folder_and_applied(
    qtbot: QtBot, window: MainWindow, config_folder: Path
) -> None:
    table = continue_to_table(qtbot, window)
    unit_before = table.scene.layout_now.unit
    qtbot.keyClick(table.view, K.Key_Escape)
    click(qtbot, menu_of(window).buttons["settings"])
    page = window.findChild(SettingsPage)
    assert page is not None and page.isVisible()
    choose(qtbot, page.scale, "150%")
    choose(qtbot, page.speed, "Slow")
    qtbot.keyClick(page.animations, K.Key_Space)
    assert not page.animations.isChecked()
    buttons = page.findChild(QDialogButtonBox, "settings-buttons")
    assert buttons is not None
    click(qtbot, buttons.button(QDialogButtonBox.StandardButton.Ok))
    path = settings_path()
    assert path.is_relative_to(config_folder)
    kept = {"ui_scale": 1.5, "replay_speed": "slow", "animations": False, "oracle_open": True}
    assert json.loads(path.read_text()) == kept
    for settings in (window.table_settings, table.settings, table.controller.settings):
        assert settings.ui_scale == 1.5 and settings.replay_step_ms == REPLAY_SPEEDS["slow"]
        assert not settings.animations and settings.flight_ms == 0
    assert table.scene.layout_now.unit > unit_before  # the table on screen was laid out again, larger
    fresh = MainWindow(window.save_dir)  # a new run reads them back
    qtbot.addWidget(fresh)
    assert fresh.table_settings.ui_scale == 1.5 and not fresh.table_settings.animations
    fresh.close()


def choose(qtbot: QtBot, combo: QComboBox, text: str) -> None:
    """Pick a combo box entry with the keyboard: focus it and step with the arrow keys."""
    combo.setFocus()
    for _ in range(combo.count()):
        if combo.currentText() == text:
            return
        qtbot.keyClick(combo, K.Key_Down)
    assert combo.currentText() == text


def test_a_damaged_settings_file_is_named_and_the_defaults_used(
    qtbot: QtBot, tmp_path: Path, config_folder: Path
) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"ui_scale": 9, "replay_speed": "slow"}')
    with pytest.raises(SettingsFileError, match="ui_scale"):
        read_kept(path)
    window = MainWindow(tmp_path / "saves")
    qtbot.addWidget(window)
    assert str(path) in window.statusBar().currentMessage() and "ui_scale" in window.statusBar().currentMessage()
    assert window.table_settings.ui_scale == 1.0
    assert path.read_text() == '{"ui_scale": 9, "replay_speed": "slow"}'  # never rewritten unasked
    window.close()


def test_help_lists_the_keys_and_quit_closes_the_window(qtbot: QtBot, window: MainWindow) -> None:
    esc(qtbot, window.title_screen)
    click(qtbot, menu_of(window).buttons["help"])
    page = window.findChild(HelpPage)
    assert page is not None and page.isVisible()
    assert "F1 or ?" in page.text.toPlainText() and "Esc" in page.text.toPlainText()
    esc(qtbot, page.focusWidget() or page)
    assert not page.isVisible()
    esc(qtbot, window.title_screen)
    click(qtbot, menu_of(window).buttons["quit"])
    assert not window.isVisible() and window.store is None
