"""Moon's Grave saves: in the app's save folder beside RT:0's, resumed exactly, the pack kept, damage named; and the
title's new-game flow and the load screen picking the game."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.load_screen import COLUMNS, LoadScreen
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.moons_grave.mg_game import resume_game
from rt0table.desktop.moons_grave.mg_new_game import MgNewGame
from rt0table.desktop.moons_grave.mg_table_screen import MgTableScreen
from rt0table.desktop.saves import DamagedSaveError, SaveStore
from rt0table.desktop.saves.seam_save import load_seam_game
from rt0table.rules.moons_grave.mg_actions import TurnAction
from rt0table.rules.moons_grave.mg_quick_start import house_content
from rt0table.rules.moons_grave.moons_grave_seam import RULES
from tests.helpers.flow_steps import current
from tests.helpers.mg_tables import mg_table, play_until
from tests.helpers.widgets import click


@pytest.fixture
def store(own_save_folder: Path) -> Iterator[SaveStore]:
    with SaveStore(own_save_folder) as opened:
        yield opened


def test_a_saved_fight_resumes_exactly_with_its_undo_history(qtbot: QtBot, store: SaveStore) -> None:
    game = mg_table(qtbot, store=store)
    play_until(game, lambda s: s.round == 2 and s.phase == "turn" and not s.fighter(s.turn).npc)
    attacks = [a for a in game.screen.my_actions() if isinstance(a, TurnAction) and a.action == "Attack"]
    assert game.session.submit(attacks[0]) and game.session.submit(attacks[0]) is False  # now a roll waits
    assert game.session.undo()  # the attack is taken back: nothing was revealed yet
    assert game.session.submit(attacks[-1])
    digest, ply = RULES.state_hash(game.session.state), game.session.ply
    assert game.save is not None
    game.save.close()
    again = resume_game(store, game.game_id)
    assert RULES.state_hash(again.session.state) == digest and again.session.ply == ply
    assert again.session.undo_refusal() == game.session.undo_refusal()
    assert [s.action for s in again.session.steps] == [s.action for s in game.session.steps]
    summary = next(s for s in store.list_games() if s.game_id == game.game_id)
    assert (summary.ruleset, summary.ply, summary.mode, summary.round) == ("moons-grave", ply, "solo", 2)


def test_the_save_keeps_the_pack_it_started_with(qtbot: QtBot, store: SaveStore) -> None:
    game = mg_table(qtbot, store=store)
    assert game.save is not None
    setup = json.loads(game.save.db.execute("SELECT setup FROM fight").fetchone()[0])
    assert setup["setup"]["pack"] == house_content().pack.canonical()
    assert load_seam_game(game.save.path).setup.pack == house_content().pack.canonical()


def test_a_log_row_that_does_not_replay_is_named(qtbot: QtBot, store: SaveStore) -> None:
    game = mg_table(qtbot, store=store)
    play_until(game, lambda s: s.phase == "vie")
    assert game.save is not None
    path = game.save.path
    game.save.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE log SET state_hash = 'bad' WHERE seq = 2")
    with pytest.raises(DamagedSaveError, match="log entry 2"):
        load_seam_game(path)


@pytest.fixture
def window(qtbot: QtBot, own_save_folder: Path) -> Iterator[MainWindow]:
    opened = MainWindow(own_save_folder)
    opened.resize(1280, 800)
    qtbot.addWidget(opened)
    opened.show()
    qtbot.waitExposed(opened)
    yield opened
    opened.close()


def test_new_game_offers_moons_grave_and_load_shows_and_resumes_it(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window.title_screen.buttons["new"])
    click(qtbot, current(window).findChild(type(window.title_screen.buttons["new"]), "mode-game-moons-grave"))
    picker = current(window)
    assert isinstance(picker, MgNewGame)
    click(qtbot, picker.findChild(type(window.title_screen.buttons["new"]), "mg-new-start"))
    table = current(window)
    assert isinstance(table, MgTableScreen)
    game = window.mg_game  # type: ignore[attr-defined]
    table.plan(1)
    digest = RULES.state_hash(game.session.state)
    click(qtbot, table.leave_button)
    assert current(window) is window.title_screen
    click(qtbot, window.title_screen.buttons["load"])
    screen = current(window)
    assert isinstance(screen, LoadScreen)
    game_column = COLUMNS.index("Game")
    assert [screen.table.item(r, game_column).text() for r in range(screen.table.rowCount())] == ["Moon's Grave"]
    click(qtbot, screen.buttons["load"])
    resumed = current(window)
    assert isinstance(resumed, MgTableScreen) and resumed is not table
    assert RULES.state_hash(resumed.session.state) == digest
