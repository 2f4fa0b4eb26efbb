"""The balance lab screen: runs off the GUI thread to the end (or a cancel), plots the run's own numbers, exports
its rows, and opens any fight of it in the replay viewer with the lab's final state."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.lab.lab_plots import offsets
from rt0table.desktop.lab.lab_screen import LabScreen
from rt0table.desktop.lab.saved_parties import saved_parties
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.table.quick_fights import full_bestiary
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.lab.fight_row import play_fight
from rt0table.rules.rt0.lab.lab_result import RunResult
from rt0table.rules.rt0.lab.shards import run_lab
from tests.helpers.sample_party import MIRA, fool
from tests.helpers.widgets import LEFT

RUN_MS = 240_000  # the machine may be shared; the run itself takes a second or two


def lab_screen(qtbot: QtBot, fights: int, policy: str = "greedy", seed: int = 7) -> LabScreen:
    lab = LabScreen(full_bestiary())
    qtbot.addWidget(lab)
    lab.resize(1280, 800)
    lab.show()
    qtbot.waitExposed(lab)
    lab.fights.setValue(fights)
    lab.seed.setValue(seed)
    lab.policy.setCurrentIndex(lab.policy.findData(policy))
    return lab


def run_to_end(qtbot: QtBot, lab: LabScreen) -> None:
    qtbot.mouseClick(lab.run_button, LEFT)
    assert lab.running
    qtbot.waitUntil(lambda: not lab.running, timeout=RUN_MS)


def assert_plotted(lab: LabScreen, run: int, result: RunResult) -> None:
    """Every plot holds this run's figures: read back from the pyqtgraph items."""
    plots = lab.plots
    place = offsets(len(lab.specs))[run]
    assert plots.bar_data("win", run) == ([float(run)], [pytest.approx(result.win_rate * 100)])
    low, high = result.win_interval
    interval = plots.interval[run].opts
    assert float(interval["y"][0] + interval["top"][0]) == pytest.approx(high * 100)
    assert float(interval["y"][0] - interval["bottom"][0]) == pytest.approx(low * 100)
    histogram = result.rounds_histogram
    xs, heights = plots.bar_data("rounds", run)
    assert xs == [pytest.approx(k + place) for k in histogram]
    assert heights == [float(v) for v in histogram.values()]
    players = result.players
    for key, figure in (
        ("hp", lambda p: p.hp_lost),
        ("injuries", lambda p: p.injuries),
        ("corruption", lambda p: p.corruption),
        ("damage", lambda p: p.damage_per_round),
    ):
        xs, heights = plots.bar_data(key, run)
        assert xs == [pytest.approx(i + place) for i in range(len(players))]
        assert heights == [pytest.approx(figure(p)) for p in players]


def test_two_runs_play_to_the_end_and_the_plots_hold_their_numbers(qtbot: QtBot, tmp_path: Path) -> None:
    lab = lab_screen(qtbot, fights=14)
    qtbot.mouseClick(lab.compare, LEFT, pos=QPoint(6, lab.compare.height() // 2))  # on its box
    assert lab.compare.isChecked()
    side_b = lab.editors[1]
    side_b.foes.setCurrentRow(0)
    qtbot.mouseClick(side_b.findChild(type(lab.run_button), "lab-remove-B"), LEFT)  # B: two Laborers, not three
    assert side_b.encounter() == ["laborer", "laborer"]
    run_to_end(qtbot, lab)

    assert lab.progress.value() == lab.progress.maximum() == 28
    for run, spec in enumerate(lab.specs):
        expected = run_lab(spec, hashed=True)  # the same spec played here, in this thread
        result = lab.results[run]
        assert result is not None and result.complete
        assert result.rows == expected.rows
        assert_plotted(lab, run, result)
    assert len(lab.specs[1].setup.adversaries) == 2

    written = lab.export_csv(tmp_path / "lab.csv")
    assert [p.name for p in written] == ["lab-A.csv", "lab-B.csv"]
    for path, result in zip(written, lab.results, strict=True):
        assert result is not None
        with path.open(newline="", encoding="utf-8") as handle:
            assert list(csv.reader(handle)) == result.csv_rows()
    assert lab.export_png(tmp_path / "lab.png")
    assert (tmp_path / "lab.png").stat().st_size > 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lab-A.csv", "lab-B.csv", "lab.png"]


def test_cancel_stops_the_run_and_keeps_what_came_in(qtbot: QtBot) -> None:
    lab = lab_screen(qtbot, fights=4000)
    lab.shard_size = 4  # 1,000 shards: far more than are played before the cancel
    qtbot.mouseClick(lab.run_button, LEFT)
    qtbot.waitUntil(lambda: lab.progress.value() > 0, timeout=RUN_MS)
    qtbot.waitUntil(lambda: ("win", 0) in lab.plots.bars, timeout=RUN_MS)  # partial results are drawn
    qtbot.mouseClick(lab.cancel_button, LEFT)
    qtbot.waitUntil(lambda: not lab.running, timeout=RUN_MS)

    result = lab.results[0]
    assert result is not None and result.cancelled and not result.complete
    assert 0 < result.done < 4000
    assert [r.index for r in result.rows] == list(range(result.done))  # one process: shards in order
    for row in (result.rows[0], result.rows[-1]):
        assert row == play_fight(lab.specs[0], row.index, hashed=True)
    assert_plotted(lab, 0, result)
    assert "Cancelled" in lab.status.text()
    assert lab.run_button.isEnabled() and not lab.cancel_button.isEnabled()


def test_a_lab_fight_opens_in_the_replay_viewer_with_the_runs_final_state(qtbot: QtBot) -> None:
    lab = lab_screen(qtbot, fights=6, seed=31)
    run_to_end(qtbot, lab)
    result = lab.results[0]
    assert result is not None
    lab.tabs.setCurrentIndex(1)
    row = max(result.rows, key=lambda r: r.actions)
    lab.fight_table.selectRow(row.index)
    lab.redraw()  # a late redraw keeps the fight picked
    assert lab.fight_table.currentIndex().row() == row.index
    qtbot.mouseClick(lab.watch_button, LEFT)
    replay = lab.replay
    assert replay is not None and lab.pages.currentWidget() is replay
    assert len(replay.timeline) == row.actions
    assert replay.seed == row.seed
    qtbot.keyClick(replay, Qt.Key.Key_End)
    assert replay.ply == row.actions
    assert state_hash(replay.session.game.state) == row.state_hash != ""
    qtbot.keyClick(replay, Qt.Key.Key_Escape)
    assert lab.replay is None and lab.pages.currentIndex() == 0


def test_the_title_screen_opens_the_lab_and_back_returns(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(tmp_path / "saves")
    qtbot.addWidget(window)
    qtbot.mouseClick(window.title_screen.buttons["lab"], LEFT)
    lab = window.screens.currentWidget()
    assert isinstance(lab, LabScreen)
    assert lab.editors[0].party.currentText().startswith("Three players")
    qtbot.mouseClick(lab.findChild(type(lab.run_button), "lab-back"), LEFT)
    assert window.screens.currentWidget() is window.title_screen


def test_the_day_opens_the_lab_with_the_games_party(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(tmp_path / "saves")
    qtbot.addWidget(window)
    navigator = window.navigator
    navigator.playthrough = Playthrough(Mode.HOT_SEAT, fp.from_party([MIRA, fool()]), seed=11)
    day = navigator.between_fights()
    qtbot.mouseClick(day.day.lab_button, LEFT)
    lab = window.screens.currentWidget()
    assert isinstance(lab, LabScreen)
    assert lab.editors[0].party.currentText() == "This game's party: Mira, Pip"
    lab.fights.setValue(3)
    run_to_end(qtbot, lab)
    spec = lab.specs[0]
    assert [f.name for f in spec.setup.fighters] == ["Mira", "Pip"]
    assert lab.results[0] is not None and lab.results[0].complete
    qtbot.mouseClick(lab.findChild(type(lab.run_button), "lab-back"), LEFT)
    assert isinstance(window.screens.currentWidget(), BetweenFightsScreen)


def test_a_saved_games_party_is_offered_and_read_when_picked(qtbot: QtBot, tmp_path: Path) -> None:
    from rt0table.desktop.flow.autosave import Autosave
    from rt0table.desktop.saves import SaveStore

    with SaveStore(tmp_path / "saves", app_version="test") as store:
        playthrough = Playthrough(Mode.SOLO, fp.from_party([MIRA]), seed=5)
        Autosave.start(store, playthrough)
        choices = saved_parties(store)
        assert [c.label for c in choices] == ["Saved game: Mira (Day 1)"]
        fighters = choices[0].party(3)
    assert [f.name for f in fighters] == ["Mira"]
    assert fighters[0].arcana is MIRA.arcana
