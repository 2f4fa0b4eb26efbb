"""A folder holding crafted saves (issue 17 item 1): the window opens, the good save loads, the bad ones are named."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.load_screen import LoadScreen
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.saves import SaveStore
from tests.helpers.crafted_saves import nested_action, nested_doc, nested_players, playthrough_save, tamper
from tests.helpers.flow_steps import current, shoot
from tests.helpers.widgets import click


@pytest.fixture
def folder(own_save_folder: Path) -> Path:
    return own_save_folder


@pytest.fixture
def crafted(folder: Path) -> dict[str, Path]:
    """A good save (Ines, played first) and, newer, saves nested too deep in their document and in their players."""
    with SaveStore(folder, app_version="test") as store:
        good = playthrough_save(store, "Ines")
        paths = {"good": store.path_of(good)}
        for name, damage in (("doc", nested_doc), ("players", nested_players)):
            paths[name] = store.path_of(playthrough_save(store, "Mira"))
            damage(paths[name])
    return paths


@pytest.fixture
def window(qtbot: QtBot, folder: Path, crafted: dict[str, Path]) -> Iterator[MainWindow]:
    """The window opened on the folder of crafted saves, as the app starts."""
    opened = MainWindow(folder)
    opened.resize(1280, 800)
    qtbot.addWidget(opened)
    opened.show()
    qtbot.waitExposed(opened)
    yield opened
    opened.close()


def sums(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.glob("*.rt0save")}


def test_the_title_and_load_screens_list_a_nested_save_and_load_the_good_one(
    qtbot: QtBot, window: MainWindow, folder: Path, crafted: dict[str, Path]
) -> None:
    before = sums(folder)
    title = window.title_screen
    assert title.buttons["continue"].isEnabled() and title.buttons["load"].isEnabled()
    click(qtbot, title.buttons["load"])
    screen = current(window)
    assert isinstance(screen, LoadScreen)
    rows = {screen.table.item(r, 0).toolTip(): screen.table.item(r, 4).text() for r in range(screen.table.rowCount())}
    assert rows[str(crafted["good"])] == ""
    assert "nested too deeply" in rows[str(crafted["players"])]  # in the header row the listing reads
    assert rows[str(crafted["doc"])] == ""  # deeper in the file: the listing reads one header row per save

    bad = next(s.game_id for s in screen.summaries if s.path == crafted["doc"])
    screen.select(bad)
    click(qtbot, screen.buttons["load"])
    assert current(window) is screen and str(crafted["doc"]) in screen.message.text()
    assert "nested too deeply" in screen.message.text()
    rows = {screen.table.item(r, 0).toolTip(): screen.table.item(r, 4).text() for r in range(screen.table.rowCount())}
    assert "nested too deeply" in rows[str(crafted["doc"])]  # once a load has found it, the list says so
    shoot(window, "saves-load-crafted")

    good = next(s.game_id for s in screen.summaries if s.path == crafted["good"])
    screen.select(good)
    click(qtbot, screen.buttons["load"])
    between = current(window)
    assert isinstance(between, BetweenFightsScreen)
    assert between.playthrough.campaign.members[0].character.name == "Ines"
    after = sums(folder)
    assert after[crafted["doc"].name] == before[crafted["doc"].name]
    assert after[crafted["players"].name] == before[crafted["players"].name]


def test_continue_goes_past_a_save_listed_with_a_problem_and_names_one_that_fails(
    qtbot: QtBot, window: MainWindow, crafted: dict[str, Path]
) -> None:
    """The newest (players nested) is listed with its problem and skipped; the next (its document nested) lists
    well, fails to load, and the load screen says which file; the good one then loads from there."""
    click(qtbot, window.title_screen.buttons["continue"])
    screen = current(window)
    assert isinstance(screen, LoadScreen)
    assert str(crafted["doc"]) in screen.message.text() and "nested too deeply" in screen.message.text()
    good = next(s.game_id for s in screen.summaries if s.path == crafted["good"])
    screen.select(good)
    click(qtbot, screen.buttons["load"])
    between = current(window)
    assert isinstance(between, BetweenFightsScreen)
    assert between.playthrough.campaign.members[0].character.name == "Ines"


def test_continue_on_a_newest_save_that_fails_to_load_says_which_file(qtbot: QtBot, folder: Path) -> None:
    with SaveStore(folder, app_version="test") as store:
        playthrough_save(store, "Ines")
        newest = store.path_of(playthrough_save(store, "Mira", fight=True))
    nested_action(newest)  # the listing reads it well; only the replay finds the damage
    before = hashlib.sha256(newest.read_bytes()).hexdigest()
    window = MainWindow(folder)
    qtbot.addWidget(window)
    window.show()
    click(qtbot, window.title_screen.buttons["continue"])
    screen = current(window)
    assert isinstance(screen, LoadScreen)
    assert str(newest) in screen.message.text() and "nested too deeply" in screen.message.text()
    assert hashlib.sha256(newest.read_bytes()).hexdigest() == before
    window.close()


def test_the_load_screen_refuses_a_crafted_import_by_the_players_file_name(
    qtbot: QtBot, window: MainWindow, folder: Path, tmp_path: Path
) -> None:
    click(qtbot, window.title_screen.buttons["load"])
    screen = current(window)
    assert isinstance(screen, LoadScreen)
    good = next(s for s in screen.summaries if s.problem is None)
    outside = tmp_path / "outside"
    outside.mkdir()
    picked = outside / "Mira backup.rt0save"
    window.store.export_game(good.game_id, picked)  # type: ignore[union-attr]
    tamper(picked, "CREATE TRIGGER rename AFTER INSERT ON log BEGIN UPDATE game SET players = '[]'; END")
    before, kept, rows = (
        hashlib.sha256(picked.read_bytes()).hexdigest(),
        sorted(folder.iterdir()),
        len(screen.summaries),
    )
    assert screen.import_from(picked) is None
    message = screen.message.text()
    assert str(picked) in message and "trigger 'rename'" in message and ".import" not in message
    assert hashlib.sha256(picked.read_bytes()).hexdigest() == before and sorted(outside.iterdir()) == [picked]
    assert sorted(folder.iterdir()) == kept and len(screen.summaries) == rows


def test_the_title_screen_on_a_folder_of_every_crafted_case_and_every_screen_still_works(
    qtbot: QtBot, folder: Path, tmp_path: Path
) -> None:
    """Issue 17's done-criteria: each crafted case of the store's suite in one folder, with a good save; the window
    opens, the load screen lists them all, each refuses to load with its file named, Duplicate, Export, Delete
    and Import work or say why, the good one loads, and New game still starts. No file changes unasked."""
    from tests.helpers.crafted_saves import CASES

    with SaveStore(folder, app_version="test") as store:
        good = store.path_of(playthrough_save(store, "Ines"))
        bad = {case: store.path_of(playthrough_save(store, "Mira", fight=True)) for case in CASES}
    for case, path in bad.items():
        CASES[case][0](path)
    before = sums(folder)
    window = MainWindow(folder)
    window.resize(1280, 800)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.title_screen.buttons["load"].isEnabled()
    click(qtbot, window.title_screen.buttons["load"])
    screen = current(window)
    assert isinstance(screen, LoadScreen) and screen.table.rowCount() == len(CASES) + 1
    for case, path in bad.items():
        game_id = next(s.game_id for s in screen.summaries if s.path == path)
        screen.select(game_id)
        click(qtbot, screen.buttons["load"])
        assert current(window) is screen, case
        assert str(path) in screen.message.text() and CASES[case][1] in screen.message.text(), case
    shoot(window, "saves-load-every-crafted-case")
    first = next(iter(bad.values()))
    screen.select(next(s.game_id for s in screen.summaries if s.path == first))
    click(qtbot, screen.buttons["duplicate"])
    assert str(first) in screen.message.text() or "Copied" in screen.message.text()
    outside = tmp_path / "outside"
    outside.mkdir()
    assert screen.export_to(outside / "exported.rt0save")
    assert screen.import_from(first) is None and str(first) in screen.message.text()
    assert sums(folder) == {**before, **{k: v for k, v in sums(folder).items() if k not in before}}
    screen.select(next(s.game_id for s in screen.summaries if s.path == good))
    click(qtbot, screen.buttons["load"])
    between = current(window)
    assert isinstance(between, BetweenFightsScreen)
    assert between.playthrough.campaign.members[0].character.name == "Ines"
    window.show_title()
    click(qtbot, window.title_screen.buttons["new"])
    assert current(window) is not window.title_screen  # New game goes on to the party screen
    window.close()
