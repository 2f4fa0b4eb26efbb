"""A game of Loner is saved as it is played (every step and undo) and comes back exactly from the title's Continue
and from the load screen, whose Game column names it; a save whose steps do not replay is named, never opened."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.load_screen import COLUMNS, LoadScreen, fight_words
from rt0table.desktop.loner.creation_screen import ProtagonistScreen
from rt0table.desktop.loner.story_screen import StoryScreen
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.saves import GameSummary
from rt0table.desktop.saves.seam_save import load_seam_game
from tests.helpers.flow_steps import current

CTRL = Qt.KeyboardModifier.ControlModifier
HERO = ("Ines Varga", "Disgraced Courier", "Knows Every Back Road", "Fast Talker", "Owes Everyone", "Motorbike", "Maps")


@pytest.fixture
def window(qtbot: QtBot, own_save_folder: Path) -> Iterator[MainWindow]:
    main = MainWindow(own_save_folder)
    main.resize(1024, 640)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    main.activateWindow()
    yield main
    main.close()


def key(
    qtbot: QtBot, widget: QWidget, pressed: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    qtbot.keyClick(widget, pressed, modifier)
    QApplication.processEvents()


def new_story_by_keys(qtbot: QtBot, window: MainWindow) -> StoryScreen:
    window.title_screen.buttons["new"].setFocus()
    key(qtbot, window.title_screen.buttons["new"], Qt.Key.Key_Space)
    mode = current(window)
    mode.game_buttons["loner"].setFocus()  # type: ignore[attr-defined]
    key(qtbot, mode.game_buttons["loner"], Qt.Key.Key_Space)  # type: ignore[attr-defined]
    creation = current(window)
    assert isinstance(creation, ProtagonistScreen)
    for field, text in zip(("name", "concept", "skill1", "skill2", "frailty", "gear1", "gear2"), HERO, strict=True):
        qtbot.keyClicks(creation.fields[field], text)
    key(qtbot, creation.fields["gear2"], Qt.Key.Key_Return)
    story = current(window)
    assert isinstance(story, StoryScreen)
    return story


def test_a_game_played_by_keys_comes_back_exactly_from_continue(qtbot: QtBot, window: MainWindow) -> None:
    story = new_story_by_keys(qtbot, window)
    for edit, text in ((story.where, "a flooded underpass"), (story.who, "Ines"), (story.goal, "hand it over")):
        qtbot.keyClicks(edit, text)
    key(qtbot, story.goal, Qt.Key.Key_Return)  # the scene opens
    qtbot.keyClicks(story.question, "Is the client late?")
    key(qtbot, story.question, Qt.Key.Key_Return)  # the oracle rolls: that step stands
    qtbot.keyClicks(story.npc_name, "Warden Hale")
    qtbot.keyClicks(story.npc_concept, "Customs Officer")
    key(qtbot, story.npc_concept, Qt.Key.Key_Return)  # a sheet for someone who keeps coming back
    qtbot.keyClicks(story.npc_name, "The Marrow Gang")
    qtbot.keyClicks(story.npc_concept, "Smugglers")
    key(qtbot, story.npc_concept, Qt.Key.Key_Return)
    key(qtbot, story, Qt.Key.Key_Z, CTRL)  # the gang is taken back; Hale can still be
    assert [c.name for c in story.state.npcs] == ["Warden Hale"] and story.session.undo_refusal() is None
    played = (story.state, story.lines(), story.session.steps)
    assert story.save is not None
    path = story.save.path

    leave = story.findChild(QWidget, "loner-leave")
    leave.setFocus()  # type: ignore[union-attr]
    key(qtbot, leave, Qt.Key.Key_Space)  # type: ignore[arg-type]
    assert current(window) is window.title_screen
    window.title_screen.buttons["continue"].setFocus()
    key(qtbot, window.title_screen.buttons["continue"], Qt.Key.Key_Space)
    resumed = current(window)
    assert isinstance(resumed, StoryScreen) and resumed is not story
    # the state, the journal line by line, and the steps in force (what undo can take back)
    assert (resumed.state, resumed.lines(), resumed.session.steps) == played
    assert [resumed.journal.item(i).text() for i in range(resumed.journal.count())] == [line.text for line in played[1]]
    key(qtbot, resumed, Qt.Key.Key_Z, CTRL)  # undo reaches as far as it did before leaving
    assert resumed.state.npcs == () and resumed.session.undo_refusal() is not None

    assert resumed.save is not None
    resumed.save.close()
    assert load_seam_game(path).state == resumed.state  # the undo after resuming is saved too
    screen = window.open_load_screen()
    assert screen.table.item(0, COLUMNS.index("Game")).text() == "Loner"
    assert screen.table.item(0, COLUMNS.index("Party")).text() == "Ines Varga"


def test_a_loner_save_that_does_not_replay_is_named_on_the_load_screen(qtbot: QtBot, window: MainWindow) -> None:
    story = new_story_by_keys(qtbot, window)
    for edit, text in ((story.where, "the docks"), (story.who, "Ines"), (story.goal, "get out")):
        qtbot.keyClicks(edit, text)
    key(qtbot, story.goal, Qt.Key.Key_Return)
    assert story.save is not None
    path = story.save.path
    story.leave()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE log SET state_hash = 'tampered' WHERE seq = 1")
    db.close()
    before = path.read_bytes()
    assert not window.continue_newest()
    screen = current(window)
    assert isinstance(screen, LoadScreen)
    assert str(path) in screen.message.text() and "log entry 1" in screen.message.text()
    assert screen.recover_button.text() == "Load the last good state (0 actions)"
    assert path.read_bytes() == before
    screen.recover_button.click()
    assert isinstance(current(window), StoryScreen) and current(window).state.phase == "open"  # type: ignore[attr-defined]


def test_the_load_screen_shows_a_seam_game_by_its_round_not_as_a_fight() -> None:
    summary = GameSummary("g", Path("g.rt0save"), ("Ines Varga",), round=0, fight=1, ruleset="loner")
    assert fight_words(summary) == ""
    assert fight_words(replace(summary, ruleset="moons-grave", round=2)) == "round 2"
    assert fight_words(replace(summary, ruleset="rt0", round=2)) == "fight 1, round 2"
