"""The Moon's Grave new game: the content pack picked (the house one or the player's own), the party made of
quick-start duelists and characters from the creation wizard, and the fight seated as chosen."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.moons_grave.mg_new_game import MgNewGame
from rt0table.desktop.moons_grave.mg_pack_kinds import MOONS_GRAVE
from rt0table.desktop.moons_grave.mg_table_screen import MgTableScreen
from rt0table.desktop.packs.pack_library import install
from rt0table.rules.moons_grave.mg_character import Character
from rt0table.rules.moons_grave.mg_pack import MgContent
from rt0table.rules.moons_grave.mg_quick_start import NAMES, house_content, premade
from rt0table.rules.packs.content_pack import ContentPack
from tests.helpers.flow_steps import current
from tests.helpers.widgets import click

MADE = premade(NAMES[-1])  # made through the creation steps, as the wizard makes one


@pytest.fixture(autouse=True)
def own_packs_folder(own_save_folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = own_save_folder.parent / f"{own_save_folder.name}-packs"
    monkeypatch.setenv("RT0_PACK_DIR", str(folder))
    return folder


@pytest.fixture
def window(qtbot: QtBot, own_save_folder: Path) -> MainWindow:
    opened = MainWindow(own_save_folder)
    qtbot.addWidget(opened)
    opened.resize(1280, 800)
    opened.show()
    qtbot.waitExposed(opened)
    return opened


def new_game(qtbot: QtBot, window: MainWindow, made: list[Character]) -> MgNewGame:
    click(qtbot, window.title_screen.buttons["new"])
    click(qtbot, current(window).findChild(QPushButton, "mode-game-moons-grave"))
    screen = current(window)
    assert isinstance(screen, MgNewGame)
    screen.creator = lambda _parent, _content: made.pop(0) if made else None
    return screen


def button(screen: MgNewGame, name: str) -> QPushButton:
    found = screen.findChild(QPushButton, name)
    assert isinstance(found, QPushButton)
    return found


def test_a_created_character_replaces_the_quick_start_party_and_is_seated(qtbot: QtBot, window: MainWindow) -> None:
    screen = new_game(qtbot, window, [MADE])
    assert [c.name for c in screen.party] == [NAMES[0]]  # the quick-start duelist at first
    click(qtbot, button(screen, "mg-new-create"))
    assert screen.party == [MADE] and screen.party_list.item(0).text().startswith(MADE.name)
    screen.mode.setCurrentIndex(1)  # hot-seat: the made party stays
    screen.players.setValue(2)
    assert screen.party == [MADE]
    click(qtbot, button(screen, "mg-new-start"))
    table = current(window)
    assert isinstance(table, MgTableScreen)
    names = {f.name for f in window.mg_game.session.state.fighters if not f.npc}  # type: ignore[attr-defined]
    assert MADE.name in names


def test_remove_and_quick_start_and_an_empty_party_is_refused_in_words(qtbot: QtBot, window: MainWindow) -> None:
    screen = new_game(qtbot, window, [])
    screen.party_list.setCurrentRow(0)
    click(qtbot, button(screen, "mg-new-remove"))
    assert screen.party == []
    click(qtbot, button(screen, "mg-new-start"))
    assert "The party is empty" in screen.problem.text() and current(window) is screen
    click(qtbot, button(screen, "mg-new-create"))  # the wizard cancelled: nothing joins
    assert screen.party == []
    screen.mode.setCurrentIndex(1)
    screen.players.setValue(3)
    click(qtbot, button(screen, "mg-new-quick"))
    assert [c.name for c in screen.party] == list(NAMES[:3])


def test_the_players_own_pack_gives_the_foes_and_travels_with_the_save(qtbot: QtBot, window: MainWindow) -> None:
    files = copy.deepcopy(dict(house_content().pack.files))
    files["pack.json"]["name"] = "Our table"
    files["npcs.json"]["npcs"][1]["line"] = "Warden (3)"
    install(MOONS_GRAVE, ContentPack(files))
    screen = new_game(qtbot, window, [])
    labels = [screen.pack.itemText(i) for i in range(screen.pack.count())]
    assert labels[0].startswith("Moon's Grave house table") and any(label.startswith("Our table") for label in labels)
    screen.pack.setCurrentIndex(next(i for i, label in enumerate(labels) if label.startswith("Our table")))
    assert "Warden (3)" in screen.lines and "Sergeant (3)" not in screen.lines
    for i in range(screen.foes.count()):
        screen.foes.item(i).setSelected(screen.lines[i] == "Warden (3)")
    click(qtbot, button(screen, "mg-new-start"))
    game = window.mg_game  # type: ignore[attr-defined]
    assert {f.name for f in game.session.state.fighters if f.npc} == {"Warden"}
    assert isinstance(screen.content, MgContent) and screen.content.pack.name == "Our table"


def test_the_real_wizard_opens_from_the_new_game_and_a_cancel_adds_nobody(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window.title_screen.buttons["new"])
    click(qtbot, current(window).findChild(QPushButton, "mode-game-moons-grave"))
    screen = current(window)
    assert isinstance(screen, MgNewGame)
    seen: list[str] = []

    def cancel() -> None:
        wizard = QApplication.activeModalWidget()
        seen.append(type(wizard).__name__)
        if wizard is not None:
            wizard.close()

    QTimer.singleShot(0, cancel)
    click(qtbot, button(screen, "mg-new-create"))
    assert seen == ["CreationWizard"] and [c.name for c in screen.party] == [NAMES[0]]
