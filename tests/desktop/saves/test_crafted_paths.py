"""Crafted saves through every save path (issue 17 items 2, 3 and 5): only SaveError, naming the player's file; the
file's bytes and format unchanged; no file left beside it. Each case goes through the calls the screens make:
the listing, Load (``load`` + ``restore``), Continue (``newest``), Import (``import_game(resume=restore)``),
Duplicate, Export and Delete, and New game.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rt0table.desktop.flow.resume import restore
from rt0table.desktop.saves import SaveError, SaveStore
from rt0table.desktop.saves import gamefile as gamefile_module
from rt0table.desktop.saves.schema import SAVE_FORMAT, check_file
from tests.helpers.crafted_saves import CASES, DEEP_ACTION, huge_room, nested_action, playthrough_save

from .old_formats import old_format_copy


@pytest.fixture(autouse=True)
def _qt(qapp: object) -> None:
    """``restore`` builds a Playthrough, a QObject."""


@pytest.fixture
def store(save_dir: Path) -> Iterator[SaveStore]:
    with SaveStore(app_version="test") as opened:
        yield opened


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def user_version(path: Path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def crafted(store: SaveStore, case: str) -> tuple[str, Path]:
    damage, _words = CASES[case]
    game_id = playthrough_save(store, fight=True)
    path = store.path_of(game_id)
    store.close()
    damage(path)
    return game_id, path


def names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_crafted_save_meets_only_save_errors_on_every_path(
    store: SaveStore, save_dir: Path, tmp_path: Path, case: str
) -> None:
    _damage, words = CASES[case]
    game_id, path = crafted(store, case)
    before, folder = sha(path), names(save_dir)
    outside = tmp_path / "outside"
    outside.mkdir()
    with SaveStore(app_version="test") as again:
        listed = {s.game_id: s for s in again.list_games()}
        assert game_id in listed  # listed, with its problem or not: never hidden, never a crash
        again.newest()
        stage = "load"
        with pytest.raises(SaveError) as loading:
            loaded = again.load(game_id)
            stage = "restore"  # the store read it; the playthrough's own checks refuse it
            restore(loaded)
        assert str(path) in str(loading.value) and words in str(loading.value)
        if stage == "load":
            assert again.newest() != game_id  # once a load found it, Continue goes past it
        with pytest.raises(SaveError) as importing:
            again.import_game(path, resume=restore)
        assert str(importing.value).startswith(f"{path}:")
        try:
            copy = again.duplicate(game_id)
        except SaveError as error:
            assert str(error).startswith(f"{path}:")
        else:  # the damage is in what only restore reads: the copy is made, and fails to load as the original does
            with pytest.raises(SaveError):
                restore(again.load(copy))
            again.delete(copy)
        again.export_game(game_id, outside / "out.rt0save")  # a copy, damage and all, as asked
        assert sha(path) == before and without_wal(names(save_dir)) == folder  # (a loaded game is open: WAL)
        again.delete(game_id)
    assert names(save_dir) == folder - {path.name}


def without_wal(found: set[str]) -> set[str]:
    return {name for name in found if not name.endswith(("-wal", "-shm"))}


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_a_good_save_of_every_older_format_opens_and_plays_on(
    store: SaveStore, save_dir: Path, tmp_path: Path, version: int
) -> None:
    game_id = playthrough_save(store, fight=version >= 3)
    if version < 3:  # formats 1 and 2 held one fight and a header set-up: a save begun with its fight
        from .play import book_setup

        game_id = store.new_game(book_setup(), campaign={"version": 1, "day": 2, "mode": "solo"})
    loaded = store.load(game_id)
    assert loaded.game is not None
    current = store.path_of(game_id)
    store.close()
    old = save_dir / "older.rt0save"
    old_format_copy(current, old, version)
    current.unlink()
    assert check_file(old).save_format == version
    with SaveStore(app_version="test") as again:
        listed = {s.game_id: s for s in again.list_games()}["older"]  # read the old way, not migrated
        assert listed.problem is None and listed.fight == 1 and user_version(old) == version
        reloaded = again.load("older")
        assert reloaded.game is not None and (save_dir / f"older.rt0save.format-{version}.bak").exists()
        assert user_version(old) == SAVE_FORMAT
        game = reloaded.game
        action = game.legal_actions()[0]
        game.push(action)
        again.recorder("older").record(action, game.state)  # and it plays on
        summary = {s.game_id: s for s in again.list_games()}["older"]
        assert summary.problem is None and summary.ply == reloaded.ply + 1 and summary.day == listed.day
        assert again.load("older").ply == reloaded.ply + 1


@pytest.mark.parametrize("damage", [nested_action, huge_room])
@pytest.mark.parametrize("version", [2, 4])
def test_a_damaged_old_save_is_never_migrated_in_place(
    store: SaveStore, save_dir: Path, version: int, damage: Callable[[Path], None]
) -> None:
    from .play import book_setup

    game_id = store.new_game(book_setup(), campaign={"version": 1, "day": 2, "mode": "solo"})
    current = store.path_of(game_id)
    store.close()
    if damage is huge_room:
        damage(current)
    old = save_dir / "older.rt0save"
    old_format_copy(current, old, version)
    current.unlink()
    if damage is nested_action:
        conn = sqlite3.connect(old)  # format 2 has no fight column in the log
        conn.execute(
            "INSERT INTO log (seq, kind, action, ply, round, state_hash, played_at) "
            "VALUES ((SELECT coalesce(max(seq), 0) + 1 FROM log), 'action', ?, 1, 1, 'x', '2026')",
            ["[" * DEEP_ACTION + "]" * DEEP_ACTION],
        )
        conn.commit()
        conn.close()
    before, folder = sha(old), names(save_dir)
    with SaveStore(app_version="test") as again:
        with pytest.raises(SaveError) as raised:
            again.load("older")
        assert str(raised.value).startswith(f"{old}:")
        assert sha(old) == before and user_version(old) == version and names(save_dir) == folder  # no .bak either


def test_read_only_checks_leave_no_wal_or_shm(store: SaveStore, save_dir: Path) -> None:
    """A save the store wrote is in WAL mode; listing it and failing to load it add nothing beside it."""
    game_id, path = crafted(store, "hand-9999-minus-1")
    header = path.read_bytes()[18:20]
    assert header == b"\x02\x02"  # WAL mode: a mode=ro connection would leave -wal and -shm beside it
    folder = names(save_dir)
    with SaveStore(app_version="test") as again:
        again.list_games()
        with pytest.raises(SaveError):
            again.load(game_id)
        again.list_games()
        with pytest.raises(SaveError):
            again.import_game(path)
        assert names(save_dir) == folder


def test_export_never_touches_the_players_own_part_files(store: SaveStore, tmp_path: Path) -> None:
    game_id = playthrough_save(store)
    target = tmp_path / "mine.rt0save"
    theirs = {
        target.with_name(target.name + suffix): f"mine {suffix}".encode()
        for suffix in (".part", ".part-wal", ".part-shm")
    }
    for file, content in theirs.items():
        file.write_bytes(content)
    store.export_game(game_id, target)
    assert all(file.read_bytes() == content for file, content in theirs.items())
    assert {n for n in names(tmp_path) if n.startswith("mine")} == {target.name, *(f.name for f in theirs)}


@pytest.mark.parametrize("where", ["missing-folder", "a-file-as-folder"])
def test_export_to_a_place_that_cannot_be_written_is_a_save_error_naming_it(
    store: SaveStore, tmp_path: Path, where: str
) -> None:
    game_id = playthrough_save(store)
    parent = tmp_path / where
    if where == "a-file-as-folder":
        parent.write_text("not a folder")
    target = parent / "out.rt0save"
    with pytest.raises(SaveError) as raised:
        store.export_game(game_id, target)
    assert str(raised.value).startswith(f"{target}:")


def test_a_new_game_that_cannot_be_written_is_a_save_error_and_leaves_no_part(
    store: SaveStore, save_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build = gamefile_module._build

    def failing(part: Path, *args: object) -> None:
        build(part, *args)  # type: ignore[arg-type]
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(gamefile_module, "_build", failing)
    folder = names(save_dir)
    for _ in range(3):  # each try has a new id: none may leave its .part
        with pytest.raises(SaveError) as raised:
            store.new_game(None, players=["Ines"], campaign={"version": 1, "day": 1})
        assert "disk I/O error" in str(raised.value) and ".part" not in str(raised.value)
    assert names(save_dir) == folder


def test_a_part_file_a_killed_window_left_is_swept_when_the_folder_opens(save_dir: Path) -> None:
    with SaveStore(app_version="test"):
        pass
    leftovers = ["20260101-000000-abcdef.rt0save.part", "20260101-000000-abcdef.rt0save.1a2b3c4d.import-wal"]
    for name in leftovers:
        (save_dir / name).write_bytes(b"x")
    (save_dir / "notes.txt").write_text("the player's own")
    with SaveStore(app_version="test"):
        assert not any((save_dir / name).exists() for name in leftovers)
        assert (save_dir / "notes.txt").exists()


def test_delete_that_fails_is_a_save_error_naming_the_file(store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    from rt0table.desktop.saves import copies

    game_id = playthrough_save(store)

    def refused(path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(copies, "remove", refused)
    with pytest.raises(SaveError) as raised:
        store.delete(game_id)
    assert str(raised.value).startswith(f"{store.path_of(game_id)}:") and "Permission denied" in str(raised.value)
