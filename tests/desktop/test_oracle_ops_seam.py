"""The oracle's ops beside a game on the seam: each toggle a saved step read back on reopening, undone by the table's
undo; a question stands; a save replays to the same oracle; rows written before the ops still read."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_game import resume_game
from rt0table.desktop.saves import HashMismatchError, SaveStore
from rt0table.desktop.saves.seam_oracle import OracleMove
from rt0table.desktop.saves.seam_save import load_seam_game
from rt0table.desktop.solo.oracle_panel import OraclePanel
from rt0table.rules.loner.oracle_ops import AskOracle, SetConflict
from tests.helpers.mg_tables import mg_table
from tests.helpers.own_dice import ask_with
from tests.helpers.widgets import LEFT, click, tick_box


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SaveStore]:
    with SaveStore(tmp_path / "saves", app_version="test") as opened:
        yield opened


def test_a_toggle_is_saved_read_back_and_undone_and_a_question_stands(qtbot: QtBot, store: SaveStore) -> None:
    game = mg_table(qtbot, store=store)
    panel = game.screen.oracle
    assert isinstance(panel, OraclePanel)
    qtbot.keyClicks(panel.question, "Is the road watched?")
    qtbot.mouseClick(panel.roll_button, LEFT)
    tick_box(qtbot, panel.conflict_box)
    moves = [s.action for s in game.session.steps if isinstance(s.action, OracleMove)]
    assert [type(m.op) for m in moves] == [AskOracle, SetConflict] and [m.rolled for m in moves] == [True, False]
    assert game.session.oracle is not None and game.session.oracle.in_conflict and game.session.oracle.rng is not None
    game.save.close()

    again = resume_game(store, game.game_id)
    qtbot.addWidget(again.screen)
    shown = again.screen.oracle
    assert isinstance(shown, OraclePanel)
    assert shown.state.in_conflict and shown.conflict_box.isChecked()  # the toggle came back with the save
    assert again.session.undo()  # the toggle goes
    assert not shown.conflict_box.isChecked() and again.session.oracle is not None
    assert not again.session.oracle.in_conflict
    assert not again.session.undo()  # the question was rolled: it stands
    again.save.close()
    replayed = load_seam_game(store.path_of(game.game_id)).oracle
    assert replayed == shown.state and replayed is not None and not replayed.in_conflict


def test_the_saved_op_replays_to_the_same_answer(qtbot: QtBot, store: SaveStore) -> None:
    game = mg_table(qtbot, store=store)
    assert game.session.submit_oracle(AskOracle("Is the door barred?"))
    asked = game.session.oracle
    game.save.close()
    path = store.path_of(game.game_id)
    conn = sqlite3.connect(path)
    try:
        (text,) = conn.execute("SELECT action FROM log WHERE kind = 'oracle'").fetchone()
    finally:
        conn.close()
    row = json.loads(text)
    assert row["op"]["op"] == "AskOracle" and isinstance(row["rng"], int)
    assert load_seam_game(path).oracle == asked


def test_a_refused_op_changes_nothing_and_says_why(qtbot: QtBot, store: SaveStore) -> None:
    game = mg_table(qtbot, store=store)
    said: list[str] = []
    game.session.refused.connect(said.append)
    steps = len(game.session.steps)
    assert not game.session.submit_oracle(AskOracle(" "))
    assert len(game.session.steps) == steps and "type the question" in said[-1]
    game.save.close()


def logged_ops(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT action FROM log WHERE kind = 'oracle' ORDER BY seq").fetchall()
    finally:
        conn.close()
    return [json.loads(text)["op"]["op"] for (text,) in rows]


def test_every_tool_box_sends_its_op_through_the_games_funnel(qtbot: QtBot, store: SaveStore) -> None:
    """Scenes, Leverage, tracks, Status, a dead end and a Meanwhile, by real clicks: each a saved op row that
    replays to the oracle the table shows, and the rolled ones stand against undo."""
    game = mg_table(qtbot, store=store)
    panel = game.screen.oracle
    assert isinstance(panel, OraclePanel)
    ask_with(qtbot, panel, "Is the gate open?", 6, 4)  # Yes, and…
    qtbot.keyClicks(panel.leverage_box.description, "the gate key")
    click(qtbot, panel.leverage_box.bank_button)
    click(qtbot, panel.leverage_box.drop_button)
    panel.tabs.setCurrentIndex(2)
    qtbot.keyClicks(panel.scene_where, "The chapel")
    qtbot.keyClicks(panel.scene_who, "The warden")
    qtbot.keyClicks(panel.scene_goal, "Find the ledger")
    click(qtbot, panel.open_scene_button)
    qtbot.keyClicks(panel.scene_outcome, "The ledger is gone")
    click(qtbot, panel.close_scene_button)
    qtbot.keyClicks(panel.dead_end_box.thread_field, "the ledger")
    click(qtbot, panel.dead_end_box.button)
    qtbot.keyClicks(panel.meanwhile_box.holder.lineEdit(), "The warden")
    qtbot.keyClicks(panel.meanwhile_box.new_tag, "Burning papers")
    click(qtbot, panel.meanwhile_box.button)
    panel.tabs.setCurrentIndex(3)
    qtbot.keyClicks(panel.tracks_box.name, "Recover the ledger")
    click(qtbot, panel.tracks_box.open_button)
    qtbot.keyClicks(panel.tracks_box.ending, "Burnt")
    click(qtbot, panel.tracks_box.close_button)
    click(qtbot, panel.status_box.fill_button)
    qtbot.keyClicks(panel.status_box.recovery, "A night's rest")
    click(qtbot, panel.status_box.recover_button)
    assert panel.error_label.text() == ""
    oracle = game.session.oracle
    assert oracle is not None and panel.state == oracle
    assert not oracle.tracks and not oracle.status.boxes and not oracle.leverage.held  # each opened, then closed
    path = store.path_of(game.game_id)
    ops = [op for op in logged_ops(path) if op != "SetTags"]  # the Status tag shelved on both sides
    assert ops == [
        "AskOracle",
        "BankLeverage",
        "DropLeverage",
        "FrameScene",
        "CloseScene",
        "HitDeadEnd",
        "PlayMeanwhile",
        "OpenTrack",
        "CloseTrack",
        "FillStatus",
        "RecoverStatus",
    ]
    assert load_seam_game(path).oracle == oracle
    assert game.session.undo()  # the recovery goes back, then the box (neither rolled)…
    assert game.session.oracle is not None and len(game.session.oracle.status.boxes) == 1
    while game.session.undo():
        pass
    left = game.session.oracle
    assert left is not None and left.opposition == (("The warden", "Burning papers"),), "the Meanwhile rolled"
    assert panel.state == left and not left.tracks and not left.status.boxes
    game.save.close()


def test_oracle_rows_saved_as_snapshots_before_the_ops_read_back_play_on_and_undo(qtbot: QtBot, tmp_path: Path) -> None:
    """A save main wrote at 499fba8, when the panel sent its state whole: its oracle rows (a question, a note, a
    track, a Status box, a tag shelved) replay to the hashes they recorded, and today's ops go on from there."""
    fixtures = Path(__file__).parent / "saves" / "written_at_499fba8"
    manifest = json.loads((fixtures / "manifest.json").read_text(encoding="utf-8"))
    entry = next(e for e in manifest["saves"] if e["file"] == "moons-grave-oracle-snapshots.rt0save")
    folder = tmp_path / "saves"
    folder.mkdir()
    shutil.copyfile(fixtures / entry["file"], folder / f"{entry['game_id']}.rt0save")
    with SaveStore(folder, app_version="test") as store:
        game = resume_game(store, entry["game_id"])
        qtbot.addWidget(game.screen)
        oracle, panel = game.session.oracle, game.screen.oracle
        assert oracle is not None and isinstance(panel, OraclePanel) and panel.state == oracle
        assert [type(e).__name__ for e in oracle.journal.entries] == [
            "QuestionEntry",
            "NoteEntry",
            "TrackEntry",
            "StatusEntry",
        ]
        assert [t.name for t in oracle.tracks] == ["Find the ledger"] and oracle.status.active_tag == "Hurt"
        assert not oracle.in_conflict, "that version saved the conflict toggle only by luck: this one it lost"
        panel.tabs.setCurrentIndex(3)
        qtbot.keyClicks(panel.tracks_box.name, "Leave town")
        click(qtbot, panel.tracks_box.open_button)
        assert [t.name for t in game.session.oracle.tracks] == ["Find the ledger", "Leave town"]  # type: ignore[union-attr]
        assert game.session.undo() and game.session.oracle == oracle and panel.state == oracle
        assert game.session.undo(), "the old row that only shelved a tag adds no entry: it goes back too"
        shelved = game.session.oracle
        assert shelved is not None and shelved.tags_against != oracle.tags_against and panel.state == shelved
        assert game.session.undo_refusal() is not None, "a snapshot that added more than a note counts as rolled"
        game.save.close()
        assert load_seam_game(store.path_of(entry["game_id"])).oracle == shelved


@pytest.mark.parametrize(
    ("damage", "named"),
    [
        (lambda row: {**row, "rng": -1}, ".rng: must be the oracle's generator state"),
        (lambda row: {**row, "op": {**row["op"], "op": "RollEverything"}}, ".op.op: must name one of the oracle's ops"),
        (lambda row: {**row, "op": {**row["op"], "tags_for": 5}}, ".op.tags_for"),
    ],
)
def test_a_damaged_oracle_row_is_named_by_its_entry_and_field_and_the_game_before_it_is_offered(
    qtbot: QtBot, store: SaveStore, damage: Any, named: str
) -> None:
    game = mg_table(qtbot, store=store)
    assert game.session.submit(next(iter(game.session.ruleset.legal_actions(game.session.state))))
    before = game.session.state
    assert game.session.submit_oracle(AskOracle("Is the door barred?"))
    game.save.close()
    path = store.path_of(game.game_id)
    with sqlite3.connect(path) as db:
        seq, text = db.execute("SELECT seq, action FROM log WHERE kind = 'oracle'").fetchone()
        db.execute("UPDATE log SET action = ? WHERE seq = ?", [json.dumps(damage(json.loads(text))), seq])
    db.close()
    untouched = path.read_bytes()
    with pytest.raises(HashMismatchError) as raised:
        load_seam_game(path)
    message = str(raised.value)
    assert path.name in message and f"log entry {seq}" in message and named in message
    recovered = raised.value.recovered
    assert recovered is not None and recovered.oracle is None and recovered.state == before
    assert path.read_bytes() == untouched, "reading it changed nothing"
