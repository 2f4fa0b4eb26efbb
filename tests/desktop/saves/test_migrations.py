"""A save written in the first schema opens after every later migration, and loads as the same game."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from sqlite_utils import Database

from rt0table.desktop.saves import SAVE_FORMAT, SaveStore
from rt0table.desktop.saves.schema import MIGRATION_NAMES, check_file, migrations
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.fight.serialize import state_hash

from .old_formats import old_format_copy
from .play import play_random

FIRST_SCHEMA_TABLES = ("game", "log", "snapshot")


def test_a_new_save_is_in_the_newest_format(store: SaveStore, setup: CombatSetup) -> None:
    path = store.path_of(store.new_game(setup))
    assert check_file(path).save_format == SAVE_FORMAT == len(MIGRATION_NAMES)
    conn = sqlite3.connect(path)
    assert [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations ORDER BY id")] == list(MIGRATION_NAMES)
    assert conn.execute("SELECT save_format FROM game").fetchone()[0] == SAVE_FORMAT
    conn.close()


def test_a_first_schema_save_survives_every_later_migration(
    store: SaveStore, save_dir: Path, tmp_path: Path, setup: CombatSetup
) -> None:
    game_id = store.new_game(setup)
    game = store.load(game_id).game
    play_random(game, store.recorder(game_id), random.Random(8), 60)
    current = store.path_of(game_id)
    store.close()

    old = tmp_path / "first-schema.rt0save"
    old_format_copy(current, old, 1)
    assert check_file(old).save_format == 1
    rows = {t: sqlite3.connect(old).execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in FIRST_SCHEMA_TABLES}

    stepped = tmp_path / "stepped.rt0save"
    stepped.write_bytes(old.read_bytes())
    for version in range(2, SAVE_FORMAT + 1):  # one migration at a time, checking the file after each
        db = Database(stepped, execute_plugins=False)
        stop = MIGRATION_NAMES[version] if version < SAVE_FORMAT else None
        migrations.apply(db, stop_before=stop)
        db.close()
        assert check_file(stepped, thorough=True).save_format == version
        conn = sqlite3.connect(stepped)
        assert {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in FIRST_SCHEMA_TABLES} == rows
        assert conn.execute("SELECT save_format FROM game").fetchone()[0] == version
        conn.close()

    (save_dir / "old-game.rt0save").write_bytes(old.read_bytes())
    with SaveStore(app_version="test") as again:
        copy = again.duplicate("old-game")  # the copy is migrated; the original is not touched yet
        assert check_file(save_dir / "old-game.rt0save").save_format == 1
        assert not list(save_dir.glob("*.bak"))
        assert state_hash(again.load(copy).game.state) == state_hash(game.state)
        loaded = again.load("old-game")  # migrates on open, keeping the file as it was beside it
        assert state_hash(loaded.game.state) == state_hash(game.state)
        assert loaded.actions == game.actions
        assert loaded.campaign is None
        again.save_campaign("old-game", {"version": 1, "day": 2})  # the table migration 2 added
        assert again.load("old-game").campaign == {"version": 1, "day": 2}
    backup = save_dir / "old-game.rt0save.format-1.bak"  # a consistent SQLite copy, not a byte copy
    assert check_file(backup, thorough=True).save_format == 1
    conn = sqlite3.connect(backup)
    assert {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in FIRST_SCHEMA_TABLES} == rows
    conn.close()
    assert check_file(save_dir / "old-game.rt0save").save_format == SAVE_FORMAT
