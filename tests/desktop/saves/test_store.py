"""Saving as you play and resuming: new game, append, load, list, duplicate, export, import, undo."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from rt0table.desktop.app import parse_args
from rt0table.desktop.saves import LoadedGame, SaveError, SaveStore, UnknownGameError, resolve_save_dir
from rt0table.desktop.saves.gamefile import SNAPSHOT_EVERY
from rt0table.rules.rt0.fight.engine import Game, apply, undoable
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.rt0_seam import RT0

from .play import book_setup, play_random


def played(
    store: SaveStore, setup: CombatSetup, steps: int, seed: int = 1, undo_rate: float = 0.15
) -> tuple[str, Game]:
    game_id = store.new_game(setup)
    game = store.load(game_id).game
    play_random(game, store.recorder(game_id), random.Random(seed), steps, undo_rate)
    return game_id, game


def reopened(save_dir: Path, game_id: str) -> LoadedGame:
    with SaveStore(save_dir, app_version="test") as fresh:
        return fresh.load(game_id)


def test_a_new_game_loads_as_the_fight_it_set_up(store: SaveStore, setup: CombatSetup) -> None:
    game_id = store.new_game(setup)
    loaded = store.load(game_id)
    assert state_hash(loaded.game.state) == state_hash(setup.start()[0])
    assert loaded.setup == setup
    assert loaded.players == ["Mara", "Jo"]
    assert loaded.ply == 0 and loaded.seq == 0
    assert loaded.recovered_from is None


def test_every_recorded_action_is_there_after_reopening(store: SaveStore, save_dir: Path, setup: CombatSetup) -> None:
    game_id, game = played(store, setup, 120, undo_rate=0)
    store.close()
    loaded = reopened(save_dir, game_id)
    assert state_hash(loaded.game.state) == state_hash(game.state)
    assert loaded.actions == game.actions
    assert loaded.ply == len(game.actions) > SNAPSHOT_EVERY


def test_a_loaded_game_plays_on_and_can_still_undo(store: SaveStore, save_dir: Path, setup: CombatSetup) -> None:
    game_id, game = played(store, setup, 60, undo_rate=0)
    loaded = store.load(game_id)
    assert len(loaded.game.steps) >= 20  # replay starts at least UNDO_REACH actions back
    held = loaded.game.held  # the steps behind the last reveal are forgotten (issue 13 item 7)
    assert [s.action for s in held] == game.actions[-len(held) :]
    play_random(loaded.game, store.recorder(game_id), random.Random(9), 30)
    assert state_hash(reopened_after_close(store, save_dir, game_id).game.state) == state_hash(loaded.game.state)


def reopened_after_close(store: SaveStore, save_dir: Path, game_id: str) -> LoadedGame:
    store.close()
    return reopened(save_dir, game_id)


def test_loading_after_an_undo_gives_the_undone_state(store: SaveStore, setup: CombatSetup) -> None:
    game_id = store.new_game(setup)
    loaded = store.load(game_id)
    game, recorder = loaded.game, store.recorder(game_id)
    before = state_hash(game.state)
    action = next(a for a in game.legal_actions() if str(a).startswith("play"))
    game.push(action)
    recorder.record(action, game.state)
    assert game.can_undo()
    game.undo()
    recorder.record_undo(game.state)
    again = store.load(game_id)
    assert state_hash(again.game.state) == before
    assert again.actions == [] and again.seq == 2  # the log keeps both rows; none is in force


def test_undo_back_over_a_snapshot_replays_from_an_older_one(store: SaveStore, setup: CombatSetup) -> None:
    """The undone action may be the one a snapshot was taken after: loading must not start from that snapshot."""
    game_id = store.new_game(setup)
    game = store.load(game_id).game
    recorder, rnd = store.recorder(game_id), random.Random(4)
    while True:
        actions = game.legal_actions()
        if len(game.actions) % SNAPSHOT_EVERY == SNAPSHOT_EVERY - 1:
            quiet = [a for a in actions if undoable(apply(game.state, a)[1])]
            if quiet:
                game.push(quiet[0])  # this action gets a snapshot...
                recorder.record(quiet[0], game.state)
                game.undo()  # ...and is taken back
                recorder.record_undo(game.state)
                break
        action = rnd.choice(actions)
        game.push(action)
        recorder.record(action, game.state)
    loaded = store.load(game_id)
    assert state_hash(loaded.game.state) == state_hash(game.state)
    assert loaded.actions == game.actions
    assert loaded.ply % SNAPSHOT_EVERY == SNAPSHOT_EVERY - 1
    play_random(game, recorder, rnd, 2 * SNAPSHOT_EVERY, undo_rate=0)  # past the undone snapshot's ply again
    assert state_hash(store.load(game_id).game.state) == state_hash(game.state)


def test_an_undo_that_does_not_match_the_log_is_refused(store: SaveStore, setup: CombatSetup) -> None:
    game_id, game = played(store, setup, 10, undo_rate=0)
    with pytest.raises(SaveError, match="nothing was recorded"):
        store.recorder(game_id).record_undo(game.state)  # the state did not go back
    assert store.load(game_id).ply == 10


def test_list_games_shows_players_round_and_newest_first(store: SaveStore, setup: CombatSetup) -> None:
    first, _ = played(store, setup, 15)
    second = store.new_game(setup, players=["Ana", "Bo"])
    games = store.list_games()
    assert [g.game_id for g in games] == [second, first]
    assert games[0].players == ("Ana", "Bo") and games[0].ply == 0
    assert games[1].round >= 1 and games[1].ply == store.load(first).ply
    assert store.newest() == second


def test_campaign_document_round_trips_and_sets_the_day(store: SaveStore, setup: CombatSetup) -> None:
    game_id = store.new_game(setup, campaign={"version": 1, "day": 1})
    assert store.load(game_id).campaign == {"version": 1, "day": 1}
    doc = {"version": 1, "day": 3, "supremacy": {"players": 2, "gm": 1}, "journal": ["The bell rang."]}
    store.recorder(game_id).save_campaign(doc)
    assert store.load(game_id).campaign == doc
    assert store.list_games()[0].day == 3
    with pytest.raises(ValueError, match="version"):
        store.save_campaign(game_id, {"day": 4})


def test_delete_removes_the_game_and_nothing_else(store: SaveStore, save_dir: Path, setup: CombatSetup) -> None:
    kept, _ = played(store, setup, 5)
    gone, _ = played(store, setup, 5)
    store.delete(gone)
    assert [g.game_id for g in store.list_games()] == [kept]
    assert not list(save_dir.glob(f"{gone}*"))
    with pytest.raises(UnknownGameError):
        store.load(gone)


def test_duplicate_is_a_separate_game(store: SaveStore, setup: CombatSetup) -> None:
    original, game = played(store, setup, 40)
    copy = store.duplicate(original)
    assert copy != original
    assert state_hash(store.load(copy).game.state) == state_hash(game.state)
    play_random(store.load(copy).game, store.recorder(copy), random.Random(5), 10, undo_rate=0)
    assert store.load(original).ply == len(game.actions)


def test_duplicate_up_to_a_log_entry_keeps_that_much(store: SaveStore, setup: CombatSetup) -> None:
    original, _ = played(store, setup, 60, undo_rate=0)
    copy = store.duplicate(original, upto=30)
    loaded = store.load(copy)
    assert loaded.seq == 30 and loaded.ply == 30
    assert loaded.actions == store.load(original).actions[:30]


def test_export_then_import_gives_the_same_game(store: SaveStore, tmp_path: Path, setup: CombatSetup) -> None:
    game_id, game = played(store, setup, 50)
    exported = store.export_game(game_id, tmp_path / "mara-and-jo.rt0save")
    assert not Path(f"{exported}-wal").exists()  # one self-contained file
    imported = store.import_game(exported)
    assert imported != game_id
    loaded = store.load(imported)
    assert state_hash(loaded.game.state) == state_hash(game.state)
    assert loaded.actions == game.actions


def test_export_never_replaces_an_existing_file(store: SaveStore, tmp_path: Path, setup: CombatSetup) -> None:
    game_id = store.new_game(setup)
    precious = tmp_path / "notes.txt"
    precious.write_text("do not lose me", encoding="utf-8")
    with pytest.raises(SaveError, match="already exists"):
        store.export_game(game_id, precious)
    assert precious.read_text(encoding="utf-8") == "do not lose me"


def test_a_game_id_cannot_reach_outside_the_folder(store: SaveStore) -> None:
    with pytest.raises(UnknownGameError):
        store.load("../../etc/passwd")


def test_save_folder_comes_from_flag_then_environment_then_user_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RT0_SAVE_DIR", str(tmp_path / "env"))
    assert resolve_save_dir(str(tmp_path / "flag")) == tmp_path / "flag"
    assert resolve_save_dir(None) == tmp_path / "env"
    monkeypatch.delenv("RT0_SAVE_DIR")
    default = resolve_save_dir(None)
    assert "rt0-table" in default.parts and default.name == "saves"


def test_the_app_takes_a_save_dir_flag() -> None:
    assert parse_args(["--save-dir", "/tmp/x"]).save_dir == "/tmp/x"
    assert parse_args([]).save_dir is None


def test_the_snapshot_hash_is_the_engines_state_hash(setup: CombatSetup) -> None:
    game = Game(setup.start()[0])
    rnd = random.Random(2)
    for _ in range(40):
        _text, digest = RT0.snapshot(game.state)
        assert digest == state_hash(game.state)
        game.push(rnd.choice(game.legal_actions()))


def test_the_store_is_qt_free() -> None:
    """The Session calls it from the GUI, but the store itself must run without Qt (tests, tools, bench)."""
    probe = "import sys, rt0table.desktop.saves; print(sorted(m for m in sys.modules if m.startswith('PySide6')))"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    assert result.stdout.strip() == "[]"


def test_listing_reads_one_row_per_save_in_one_query_and_writes_nothing(
    store: SaveStore, save_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13 item 7: the header's summary row is all the listing reads of a save the folder's index does not hold
    (one connection, one statement a file); test_summary_index.py has the saves it does hold, which are not opened."""
    from rt0table.desktop.saves import store as store_module
    from rt0table.desktop.saves.summary_index import INDEX_NAME

    for seed in range(4):
        store.new_game(book_setup(seed), campaign={"version": 1, "day": seed, "mode": "solo"})
    store.close()
    (save_dir / INDEX_NAME).unlink()
    statements: list[str] = []
    connect = store_module.connect_read_only

    def traced(path: Path, wal: bool | None = None) -> sqlite3.Connection:
        conn = connect(path, wal)
        conn.set_trace_callback(statements.append)
        return conn

    monkeypatch.setattr(store_module, "connect_read_only", traced)
    before = {p.name: p.read_bytes() for p in save_dir.glob("*.rt0save")}
    with SaveStore(app_version="test") as again:
        listed = again.list_games()
        during = list(statements)
        assert {p.name: p.read_bytes() for p in save_dir.glob("*.rt0save")} == before
        assert not (save_dir / INDEX_NAME).exists()  # listing writes no index either (the store does, as it closes)
    assert len(listed) == 4 and all(s.problem is None for s in listed)
    assert sorted(s.day for s in listed) == [0, 1, 2, 3] and {s.mode for s in listed} == {"solo"}
    ours = [s for s in during if not s.startswith("--")]  # SQLite traces pragma_user_version's inside as "-- …"
    assert len(ours) == 4 and all(s.lstrip().upper().startswith("SELECT") for s in ours)


def test_the_header_summary_follows_every_change(store: SaveStore) -> None:
    game_id = store.new_game(None, players=["Ines"], campaign={"version": 1, "day": 1, "mode": "solo"})
    recorder = store.recorder(game_id)
    recorder.begin_fight(book_setup())
    game = store.load(game_id).game
    assert game is not None
    play_random(game, recorder, random.Random(2), 30)
    recorder.save_campaign({"version": 1, "day": 4, "mode": "hot-seat"})
    summary = store.list_games()[0]
    assert (summary.fight, summary.ply, summary.round) == (1, len(game.steps), game.state.round)
    assert (summary.day, summary.mode, summary.players) == (4, "hot-seat", ("Ines",))
