"""The Restless's lessons played to their ends through the widgets; a game saved with its pack, shown on the load
screen, resumed from it, and offered by the new-game flow."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.demo.screen import DemoScreen
from rt0table.desktop.load_screen import COLUMNS, LoadScreen
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.packs.pack_library import PACK_DIR_VAR
from rt0table.desktop.restless.restless_game import resume_game
from rt0table.desktop.restless.restless_lessons import LessonError, RsLessonScreen, bundled_lessons, read_lesson
from rt0table.desktop.restless.restless_new_game import RsNewGame, pack_choices
from rt0table.desktop.restless.restless_screen import RsTableScreen
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.saves.seam_save import load_seam_game
from rt0table.desktop.table.settings import TableSettings
from rt0table.rules.restless.restless_seam import RULES
from rt0table.rules.restless.rs_actions import PlayRest
from rt0table.rules.restless.rs_pack import pack_files
from rt0table.rules.restless.rs_play import legal_actions
from rt0table.rules.restless.rs_practice import practice_pack
from rt0table.rules.restless.rs_stand_in import choose
from tests.helpers.flow_steps import current
from tests.helpers.rs_tables import choose_by_keys, play_until, rs_table
from tests.helpers.widgets import click


def test_two_lessons_ship_a_round_of_combat_and_a_rest() -> None:
    goals = {lesson.goal for lesson in bundled_lessons()}
    assert goals == {"round", "rest"}


@pytest.mark.parametrize("lesson", bundled_lessons(), ids=lambda lesson: lesson.name)
def test_each_lesson_opens_from_the_demo_and_plays_to_its_end_by_keys(qtbot: QtBot, lesson: object) -> None:
    demo = DemoScreen(TableSettings())
    qtbot.addWidget(demo)
    demo.resize(1280, 800)
    demo.show()
    name = lesson.name.removesuffix(".json")  # type: ignore[attr-defined]
    button = next(b for b in demo.picker.game_buttons["restless"] if b.objectName() == f"rs-lesson-{name}")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    screen = demo.currentWidget()
    assert isinstance(screen, RsLessonScreen)
    completed: list[bool] = []
    screen.completed.connect(lambda: completed.append(True))
    assert screen.game.screen.hint  # the lesson speaks at its first moment
    for _ in range(60):
        if completed:
            break
        state = screen.game.session.state
        rest = next((x for x in legal_actions(state) if isinstance(x, PlayRest)), None)
        learner = rest if rest is not None and lesson.goal == "rest" else choose(state)  # type: ignore[attr-defined]
        choose_by_keys(qtbot, screen.game, learner)
    assert completed == [True]
    assert "done" in screen.banner.text()


def test_a_lesson_file_with_a_bad_field_is_named() -> None:
    with pytest.raises(LessonError, match=r"x\.json: goal: 'win'"):
        read_lesson(
            "x.json",
            '{"title": "t", "summary": "s", "seed": 1, "start_at": "rest", "goal": "win", "hints": {}, "done": "d"}',
        )


def test_a_saved_game_keeps_its_pack_and_resumes_as_it_was(qtbot: QtBot, tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    game = rs_table(qtbot, store=store)
    state = play_until(game, lambda s: s.phase == "combat")
    assert game.save is not None
    game.save.close()
    loaded = load_seam_game(store.path_of(game.game_id))
    assert loaded.setup.cards == practice_pack().cards() and loaded.state == state
    again = resume_game(store, game.game_id)
    qtbot.addWidget(again.screen)
    assert again.session.state == state and again.screen.choices.count() > 0
    summary = next(s for s in store.list_games() if s.game_id == game.game_id)
    assert summary.ruleset == "restless"
    again.save.close() if again.save is not None else None


def test_the_new_game_offers_the_practice_pack_and_the_players_own(tmp_path: Path) -> None:
    own = tmp_path / "mine"
    own.mkdir()
    for name, data in pack_files(practice_pack()).items():
        (own / name).parent.mkdir(parents=True, exist_ok=True)
        (own / name).write_bytes(data)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "pack.json").write_text("{", encoding="utf-8")
    choices = pack_choices(tmp_path)
    assert choices[0].pack == practice_pack()
    assert [c.pack is not None for c in choices] == [True, False, True]
    assert "cannot be used" in choices[1].label and "pack.json" in choices[1].problem
    assert choices[2].pack is not None and choices[2].pack.cards() == practice_pack().cards()


@pytest.fixture
def window(
    qtbot: QtBot, own_save_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    monkeypatch.setenv(PACK_DIR_VAR, str(tmp_path / "packs"))  # no stray packs of the user's
    opened = MainWindow(own_save_folder)
    opened.resize(1280, 800)
    qtbot.addWidget(opened)
    opened.show()
    qtbot.waitExposed(opened)
    yield opened
    opened.close()


def test_new_game_offers_the_restless_and_load_shows_and_resumes_it(qtbot: QtBot, window: MainWindow) -> None:
    button = type(window.title_screen.buttons["new"])
    click(qtbot, window.title_screen.buttons["new"])
    click(qtbot, current(window).findChild(button, "mode-game-restless"))
    picker = current(window)
    assert isinstance(picker, RsNewGame)
    picker.players.setValue(2)
    click(qtbot, picker.findChild(button, "rs-new-begin"))
    table = current(window)
    assert isinstance(table, RsTableScreen)
    game = window.rs_game  # type: ignore[attr-defined]
    assert game.session.state.seats == ("player-1", "player-2")
    choose_by_keys(qtbot, game, choose(game.session.state))
    digest = RULES.state_hash(game.session.state)
    click(qtbot, table.leave_button)
    assert current(window) is window.title_screen
    click(qtbot, window.title_screen.buttons["load"])
    screen = current(window)
    assert isinstance(screen, LoadScreen)
    game_column = COLUMNS.index("Game")
    assert [screen.table.item(r, game_column).text() for r in range(screen.table.rowCount())] == ["The Restless"]
    click(qtbot, screen.buttons["load"])
    resumed = current(window)
    assert isinstance(resumed, RsTableScreen) and resumed is not table
    assert RULES.state_hash(resumed.session.state) == digest
