"""Bad input gets a clear error naming the file, and the file is left exactly as it was."""

from __future__ import annotations

import hashlib
import random
import sqlite3
from pathlib import Path

import pytest

from rt0table.desktop.saves import (
    DamagedSaveError,
    HashMismatchError,
    NewerSaveError,
    NotASaveError,
    SaveError,
    SaveStore,
)
from rt0table.desktop.saves.summary_index import INDEX_NAME
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.fight.serialize import state_hash

from .play import play_random


def fingerprint(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def closed_game(store: SaveStore, setup: CombatSetup, steps: int = 60) -> tuple[str, Path]:
    """A played game whose file is settled on disk (store closed, WAL checkpointed)."""
    game_id = store.new_game(setup)
    play_random(store.load(game_id).game, store.recorder(game_id), random.Random(3), steps, undo_rate=0)
    path = store.path_of(game_id)
    store.close()
    return game_id, path


def saves(folder: Path) -> list[str]:
    """The files a player would care about (SQLite may add empty -wal/-shm companions even when only reading)."""
    return sorted(p.name for p in folder.iterdir() if not p.name.endswith(("-wal", "-shm")))


def tamper(path: Path, sql: str, *params: object) -> None:
    conn = sqlite3.connect(path)
    conn.execute(sql, params)
    conn.commit()
    conn.close()


def test_a_hash_mismatch_is_reported_with_the_last_good_state(
    store: SaveStore, save_dir: Path, setup: CombatSetup
) -> None:
    game_id, path = closed_game(store, setup)
    tamper(path, "UPDATE log SET state_hash = '0000000000000000' WHERE seq = 55")
    before = fingerprint(path)
    with SaveStore(app_version="test") as again:
        with pytest.raises(HashMismatchError) as raised:
            again.load(game_id)
        error = raised.value
        assert str(path) in str(error) and "recovered" in str(error)
        assert error.recovered is not None and error.recovered.recovered_from == 54
        assert error.recovered.ply == 54
        assert fingerprint(path) == before
        with pytest.raises(SaveError, match="did not load cleanly"):
            again.recorder(game_id).record(error.recovered.actions[-1], error.recovered.game.state)
        kept = again.duplicate(game_id, upto=error.recovered.recovered_from)
        loaded = again.load(kept)
        assert state_hash(loaded.game.state) == state_hash(error.recovered.game.state)
        assert fingerprint(path) == before  # the damaged original is still there, untouched


def test_a_changed_action_is_caught_by_the_replay(store: SaveStore, setup: CombatSetup) -> None:
    game_id, path = closed_game(store, setup)
    tamper(path, """UPDATE log SET action = '{"type":"choose","option":7}' WHERE seq = 52""")
    with SaveStore(app_version="test") as again, pytest.raises(HashMismatchError) as raised:
        again.load(game_id)
    assert raised.value.recovered is not None and raised.value.recovered.recovered_from == 51


def test_a_bad_entry_before_the_newest_snapshot_costs_undo_reach_not_the_game(
    store: SaveStore, setup: CombatSetup
) -> None:
    """Rows 26-50 are only needed to undo far back; the snapshot after them carries the game on."""
    game_id = store.new_game(setup)
    game = store.load(game_id).game
    play_random(game, store.recorder(game_id), random.Random(3), 60, undo_rate=0)
    path = store.path_of(game_id)
    store.close()
    tamper(path, "UPDATE log SET state_hash = '0000000000000000' WHERE seq = 41")
    with SaveStore(app_version="test") as again:
        loaded = again.load(game_id)
        assert state_hash(loaded.game.state) == state_hash(game.state)
        assert loaded.actions == game.actions
        assert len(loaded.game.steps) == 10 and "newer snapshot" in loaded.notes[0]


def test_recovery_starts_at_the_newest_good_snapshot(store: SaveStore, setup: CombatSetup) -> None:
    """As after a rules change: an early action that no longer replays must not cost the whole game."""
    game_id, path = closed_game(store, setup)
    tamper(path, """UPDATE log SET action = '{"type":"choose","option":7}' WHERE seq = 5""")
    tamper(path, "UPDATE log SET state_hash = '0000000000000000' WHERE seq = 57")
    with SaveStore(app_version="test") as again:
        with pytest.raises(HashMismatchError) as raised:
            again.load(game_id)
        recovered = raised.value.recovered
        assert recovered is not None and recovered.recovered_from == 56 and recovered.ply == 56
        kept = again.load(again.duplicate(game_id, upto=recovered.recovered_from))
        assert state_hash(kept.game.state) == state_hash(recovered.game.state)


@pytest.mark.parametrize("how", ["garbled page", "truncated"])
def test_a_damaged_file_is_refused_and_untouched(store: SaveStore, setup: CombatSetup, how: str) -> None:
    game_id, path = closed_game(store, setup)
    data = bytearray(path.read_bytes())
    if how == "garbled page":
        data[4096 : 4096 + 2000] = bytes(random.Random(1).randrange(256) for _ in range(2000))
    else:
        data = data[: len(data) // 2]
    path.write_bytes(bytes(data))
    before, files = fingerprint(path), saves(path.parent)
    with SaveStore(app_version="test") as again:
        with pytest.raises(DamagedSaveError) as raised:
            again.load(game_id)
        assert str(path) in str(raised.value)
        # listing skips SQLite's full check (it would read every page of every save), so only loading must notice
        assert [s.game_id for s in again.list_games()] == [game_id]
    assert fingerprint(path) == before
    assert saves(path.parent) == files


def test_a_save_from_a_newer_version_is_refused_and_untouched(store: SaveStore, setup: CombatSetup) -> None:
    game_id, path = closed_game(store, setup, steps=5)
    tamper(path, "PRAGMA user_version = 99")
    before = fingerprint(path)
    with SaveStore(app_version="test") as again:
        with pytest.raises(NewerSaveError, match="newer version") as raised:
            again.load(game_id)
        assert raised.value.found == 99 and str(path) in str(raised.value)
        with pytest.raises(SaveError):
            again.recorder(game_id).record_undo(setup.start()[0])  # no writing to it either
    with SaveStore(app_version="test") as fresh, pytest.raises(NewerSaveError):
        fresh.recorder(game_id).record_undo(setup.start()[0])  # nor when it was never loaded
    with SaveStore(app_version="test") as again:
        assert "newer version" in (again.list_games()[0].problem or "")
    assert fingerprint(path) == before


def test_a_newer_migration_name_also_means_newer(store: SaveStore, setup: CombatSetup) -> None:
    game_id, path = closed_game(store, setup, steps=5)
    tamper(
        path,
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES ('rt0-table-save', 'm099_future', '')",
    )
    with SaveStore(app_version="test") as again, pytest.raises(NewerSaveError):
        again.load(game_id)


@pytest.mark.parametrize("content", ["text", "empty", "other sqlite"])
def test_a_file_that_is_not_a_save_is_refused_and_untouched(store: SaveStore, save_dir: Path, content: str) -> None:
    path = save_dir / "stray.rt0save"
    if content == "text":
        path.write_text("my homework, not a save\n", encoding="utf-8")
    elif content == "empty":
        path.touch()
    else:
        tamper(path, "CREATE TABLE recipes (name TEXT)")
    before = fingerprint(path)
    with pytest.raises(NotASaveError, match="not an RT:0 Table save") as raised:
        store.load("stray")
    assert str(path) in str(raised.value)
    assert store.list_games()[0].problem is not None
    with pytest.raises(NotASaveError):
        store.import_game(path)
    assert fingerprint(path) == before
    assert [p.name for p in save_dir.glob("*.rt0save")] == ["stray.rt0save"]


def test_importing_a_damaged_save_adds_nothing(store: SaveStore, tmp_path: Path, setup: CombatSetup) -> None:
    game_id, path = closed_game(store, setup)
    outside = tmp_path / "from-a-friend.rt0save"
    outside.write_bytes(path.read_bytes())
    tamper(outside, "UPDATE log SET state_hash = 'ffffffffffffffff' WHERE seq = 55")
    before = fingerprint(outside)
    with SaveStore(app_version="test") as again:
        with pytest.raises(HashMismatchError) as raised:
            again.import_game(outside)
        assert str(outside) in str(raised.value)
        assert [s.game_id for s in again.list_games()] == [game_id]
    assert fingerprint(outside) == before
    assert saves(path.parent) == sorted([path.name, ".lock", INDEX_NAME])


def test_a_full_disk_loses_only_the_action_that_did_not_fit(store: SaveStore, setup: CombatSetup) -> None:
    game_id = store.new_game(setup)
    loaded = store.load(game_id)
    game, recorder = loaded.game, store.recorder(game_id)
    play_random(game, recorder, random.Random(6), 20, undo_rate=0)
    db = store._open[game_id].db  # SQLite's page limit stands in for a full disk
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")
    rnd, acked = random.Random(7), loaded.ply + 20
    with pytest.raises(SaveError, match="could not be saved") as raised:
        for _ in range(500):  # until a row needs a new page
            action = rnd.choice(game.legal_actions())
            game.push(action)
            recorder.record(action, game.state)
            acked += 1
    assert str(store.path_of(game_id)) in str(raised.value)
    db.execute("PRAGMA max_page_count = 1073741823")
    with pytest.raises(SaveError, match="load the game again"):  # the log must not skip the lost action
        recorder.record_undo(game.state)
    kept = store.load(game_id)  # everything acknowledged before the failure, hash-checked
    assert kept.ply == acked == len(game.actions) - 1


def test_an_unwritable_save_folder_is_a_save_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(SaveError, match="cannot be created"):
        SaveStore(blocker / "saves", app_version="test")


def test_an_empty_game_loads_with_its_opening_events(store: SaveStore, setup: CombatSetup) -> None:
    loaded = store.load(store.new_game(setup))
    assert [type(e).__name__ for e in loaded.game.opening] == [type(e).__name__ for e in setup.start()[1]]
