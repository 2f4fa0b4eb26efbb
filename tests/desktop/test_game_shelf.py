"""The desktop's game shelf (desktop/game_shelf.py): the same games as the rules' registry, and every one of them
reachable on the real screens: its new game from the title screen, its lessons from the demo's picker."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.demo.library import load_lessons
from rt0table.desktop.demo.screen import DemoScreen, LessonScreen
from rt0table.desktop.flow.mode_screen import ModeScreen
from rt0table.desktop.game_shelf import SHELF, TITLES
from rt0table.desktop.load_screen import LoadScreen
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.packs.pack_games import PACK_GAMES
from rt0table.desktop.saves.setup_codec import RT0
from rt0table.desktop.saves.setup_codec import RULESETS as CODEC_TITLES
from rt0table.desktop.shelf_game import ShelfGame
from rt0table.desktop.table.settings import TableSettings
from rt0table.rules.rulesets import RULESETS
from tests.helpers.flow_steps import current
from tests.helpers.widgets import click

OTHERS = [key for key in SHELF if SHELF[key].lessons is not None]


def folder_of(game: ShelfGame) -> str:
    """The package a game's entry is defined in: its own screens live there (desktop/flow for RT:0)."""
    return game.new_game.__module__.rsplit(".", 1)[0]


def test_the_shelf_holds_the_rules_registrys_games_in_its_order_with_their_titles() -> None:
    assert list(SHELF) == list(RULESETS)
    assert all(game.key == key for key, game in SHELF.items())
    assert {key: rules.title for key, rules in RULESETS.items()} == TITLES
    assert CODEC_TITLES is TITLES  # the save store lists saves with the shelf's titles, loading no rules engine


def test_each_game_is_defined_in_its_own_folder_and_only_rt0_lacks_a_mode_button() -> None:
    folders = {key: folder_of(game) for key, game in SHELF.items()}
    assert len(set(folders.values())) == len(SHELF), folders
    assert all(f.startswith("rt0table.desktop.") for f in folders.values())
    assert [key for key, game in SHELF.items() if not game.pick] == [RT0]


def test_pack_games_are_the_shelf_games_that_have_a_pack_kind_each_under_its_own_key() -> None:
    assert list(PACK_GAMES) == [key for key, game in SHELF.items() if game.pack_kind is not None]
    assert PACK_GAMES  # Moon's Grave and The Restless have packs
    assert all(kind.game == key for key, kind in PACK_GAMES.items())


@pytest.fixture
def window(qtbot: QtBot, own_save_folder: Path) -> MainWindow:
    opened = MainWindow(own_save_folder)
    qtbot.addWidget(opened)
    opened.resize(1280, 800)
    opened.show()
    qtbot.waitExposed(opened)
    return opened


@pytest.mark.parametrize("key", list(SHELF))
def test_every_games_new_game_opens_from_the_title_screen_by_clicks(qtbot: QtBot, window: MainWindow, key: str) -> None:
    game = SHELF[key]
    click(qtbot, window.title_screen.buttons["new"])
    mode = current(window)
    assert isinstance(mode, ModeScreen)
    assert list(mode.game_buttons) == [k for k in SHELF if SHELF[k].pick]
    if game.pick:
        button = mode.game_buttons[key]
        assert button.text() == game.pick and button.isVisible()
        click(qtbot, button)
    screen = current(window)
    assert type(screen).__module__.startswith(folder_of(game) + "."), type(screen)
    assert screen is not window.title_screen and (screen is mode) == (not game.pick)
    assert window.store is not None and window.store.list_games() == []  # a first screen writes no save yet


@pytest.mark.parametrize("key", list(SHELF))
def test_every_games_new_game_opens_from_the_title_screen_by_keys(qtbot: QtBot, window: MainWindow, key: str) -> None:
    new = window.title_screen.buttons["new"]
    new.setFocus()
    qtbot.keyClick(new, Qt.Key.Key_Space)
    QApplication.processEvents()
    mode = current(window)
    assert isinstance(mode, ModeScreen)
    if SHELF[key].pick:
        mode.game_buttons[key].setFocus()
        qtbot.keyClick(mode.game_buttons[key], Qt.Key.Key_Space)
        QApplication.processEvents()
    assert type(current(window)).__module__.startswith(folder_of(SHELF[key]) + ".")


def test_the_paradise_button_offers_the_other_games_too(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window.title_screen.buttons["paradise"])
    mode = current(window)
    assert isinstance(mode, ModeScreen)
    key = next(iter(mode.game_buttons))
    click(qtbot, mode.game_buttons[key])
    assert type(current(window)).__module__.startswith(folder_of(SHELF[key]) + ".")


@pytest.fixture
def demo(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> DemoScreen:
    monkeypatch.setattr("rt0table.desktop.demo.screen.lessons_done_path", lambda: tmp_path / "lessons-done.json")
    screen = DemoScreen(TableSettings(replay_step_ms=0))
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


@pytest.mark.parametrize("key", OTHERS)
def test_every_games_lessons_are_listed_and_the_first_opens_by_a_click(
    qtbot: QtBot, demo: DemoScreen, key: str
) -> None:
    lessons = SHELF[key].lessons
    assert lessons is not None
    bundled = list(lessons.bundled())
    buttons = demo.picker.game_buttons[key]
    assert bundled and [b.text() for b in buttons] == [f"{n}. {x.title}" for n, x in enumerate(bundled, 1)]
    assert demo.picker.headings[key].text() == f"{SHELF[key].title}: {SHELF[key].teaches}"
    assert demo.picker.findChild(QWidget, f"demo-section-{key}") is demo.picker.headings[key]
    click(qtbot, buttons[0])
    shown = demo.currentWidget()
    assert type(shown).__module__.startswith(folder_of(SHELF[key]) + "."), type(shown)
    assert shown.lesson == bundled[0]  # type: ignore[attr-defined]


def test_rt0s_lessons_are_the_demos_own_and_open_by_a_click(qtbot: QtBot, demo: DemoScreen) -> None:
    assert SHELF[RT0].lessons is None
    entries = load_lessons()
    assert len(demo.picker.buttons) == len(entries) > 0
    assert demo.picker.headings[RT0].text() == "RT:0: fights at the card table"
    click(qtbot, demo.picker.buttons[0])
    shown = demo.currentWidget()
    assert isinstance(shown, LessonScreen) and shown.runner.lesson == entries[0].lesson


def test_a_save_of_a_game_not_on_the_shelf_is_named_on_the_load_screen(qtbot: QtBot, window: MainWindow) -> None:
    assert window.store is not None
    game_id = window.store.new_game(None, players=["Mira"], campaign={"version": 1, "day": 2})
    path = window.store.path_of(game_id)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE game SET ruleset = 'chess' WHERE id = 1")
    conn.close()
    before = path.read_bytes()
    assert window.open_game(game_id) is False
    screen = current(window)
    assert isinstance(screen, LoadScreen)
    assert "does not know (ruleset 'chess')" in screen.message.text()
    assert path.read_bytes() == before
