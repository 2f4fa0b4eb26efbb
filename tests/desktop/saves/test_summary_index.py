"""The save folder's index (issue 13 item 7): listing reads one small file and a stat per save, opens only the saves
the index does not hold as they are now, writes nothing, and never lets a stale, damaged or crafted index show more
than a summary."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from rt0table.desktop.saves import GameSummary, SaveError, SaveStore, summary_index
from rt0table.desktop.saves import store as store_module
from rt0table.desktop.saves.summary_index import INDEX_NAME
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup

from .play import play_random


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the saves listing opens (read from the file rather than from the index)."""
    names: list[str] = []
    real = store_module._read_summary

    def counting(game_id: str, path: Path, wal: bool) -> GameSummary:
        names.append(path.name)
        return real(game_id, path, wal)

    monkeypatch.setattr(store_module, "_read_summary", counting)
    return names


def folder_state(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def listed_the_long_way(folder: Path) -> list[GameSummary]:
    """What the listing says with no index at all (a copy of the folder without it)."""
    copy = folder.parent / "long-way"
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns(INDEX_NAME, ".lock"))
    try:
        with SaveStore(copy, app_version="test") as other:
            return [_moved(s, folder) for s in other.list_games()]
    finally:
        shutil.rmtree(copy)


def _moved(summary: GameSummary, folder: Path) -> GameSummary:
    return GameSummary(**{**summary.__dict__, "path": folder.resolve() / summary.path.name})


def settle(folder: Path) -> None:
    """Age the saves a second, so none shares the index's timestamp tick (an entry that does is not trusted)."""
    for path in folder.glob("*.rt0save"):
        stat = path.stat()
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns - 1_000_000_000))


def three_saves(save_dir: Path, setup: CombatSetup) -> list[str]:
    """Three saves, one of them played, in a folder whose store has closed (so the index was written)."""
    with SaveStore(save_dir, app_version="test") as store:
        ids = [store.new_game(setup, players=[name]) for name in ("Ines", "Oto", "Pim")]
        game = store.load(ids[1]).game
        assert game is not None
        play_random(game, store.recorder(ids[1]), random.Random(3), 12, undo_rate=0)
    settle(save_dir)
    with SaveStore(save_dir, app_version="test"):
        pass  # a window opened and closed: the index now holds the aged files
    return ids


def test_listing_reads_the_index_opens_no_save_and_says_what_the_files_say(
    save_dir: Path, setup: CombatSetup, opened: list[str]
) -> None:
    three_saves(save_dir, setup)
    assert (save_dir / INDEX_NAME).is_file()
    long_way = listed_the_long_way(save_dir)
    opened.clear()
    with SaveStore(save_dir, app_version="test") as store:
        before = folder_state(save_dir)
        assert store.list_games() == long_way
        assert opened == []
        assert folder_state(save_dir) == before  # listing wrote nothing, not even the index
    assert [s.players for s in long_way].count(("Oto",)) == 1 and max(s.ply for s in long_way) == 12


def test_a_save_changed_behind_the_index_is_opened_and_shown_as_it_is(
    save_dir: Path, setup: CombatSetup, opened: list[str]
) -> None:
    ids = three_saves(save_dir, setup)
    path = save_dir / f"{ids[0]}.rt0save"
    conn = sqlite3.connect(path)
    conn.execute("UPDATE game SET players = '[\"Renamed\"]'")
    conn.commit()
    conn.close()  # an outside change (another program, a crash after the index was written)
    opened.clear()
    with SaveStore(save_dir, app_version="test") as store:
        before = folder_state(save_dir)
        listed = {s.game_id: s for s in store.list_games()}
        assert opened == [path.name]
        assert listed[ids[0]].players == ("Renamed",)
        assert folder_state(save_dir) == before


def test_deleted_and_added_saves(save_dir: Path, setup: CombatSetup, tmp_path: Path, opened: list[str]) -> None:
    ids = three_saves(save_dir, setup)
    (save_dir / f"{ids[2]}.rt0save").unlink()  # gone behind the store's back
    added = tmp_path / "elsewhere"
    with SaveStore(added, app_version="test") as other:
        new_id = other.new_game(setup, players=["Quill"])
    shutil.copy2(added / f"{new_id}.rt0save", save_dir / f"{new_id}.rt0save")  # dropped into the folder
    opened.clear()
    with SaveStore(save_dir, app_version="test") as store:
        listed = {s.game_id: s for s in store.list_games()}
        assert set(listed) == {ids[0], ids[1], new_id}
        assert opened == [f"{new_id}.rt0save"] and listed[new_id].players == ("Quill",)
    index = json.loads((save_dir / INDEX_NAME).read_text())  # the closing window brought the index up to date
    assert set(index["saves"]) == {f"{ids[0]}.rt0save", f"{ids[1]}.rt0save", f"{new_id}.rt0save"}


DAMAGED_INDEXES = {
    "empty": "",
    "cut": "{",
    "list": "[]",
    "newer": '{"format": 2, "saves": {}}',
    "saves-not-a-map": '{"format": 1, "saves": []}',
    "nested": "[" * 100_000,
    "odd-entry": '{"format": 1, "saves": {"x.rt0save": {"stamp": [1, 2, 3]}}}',
    "binary": "\x00\xff binary",
}


def test_a_damaged_index_is_ignored(save_dir: Path, setup: CombatSetup, opened: list[str]) -> None:
    ids = three_saves(save_dir, setup)
    long_way = listed_the_long_way(save_dir)
    for case, text in DAMAGED_INDEXES.items():
        (save_dir / INDEX_NAME).write_text(text, encoding="utf-8")
        opened.clear()
        with SaveStore(save_dir, app_version="test") as store:
            before = folder_state(save_dir)
            assert store.list_games() == long_way, case
            assert sorted(opened) == sorted(f"{i}.rt0save" for i in ids), case
            assert folder_state(save_dir) == before, case
        assert summary_index.read(save_dir).entries.keys() == {f"{i}.rt0save" for i in ids}  # written anew


def _crafted(save_dir: Path, name: str, **fields: object) -> None:
    index_path = save_dir / INDEX_NAME
    index = json.loads(index_path.read_text())
    index["saves"][name].update(fields)
    written = index_path.stat().st_mtime_ns
    index_path.write_text(json.dumps(index))
    os.utime(index_path, ns=(written, written))


def test_a_crafted_entry_shows_at_most_a_summary(save_dir: Path, setup: CombatSetup, opened: list[str]) -> None:
    ids = three_saves(save_dir, setup)
    name = f"{ids[0]}.rt0save"
    _crafted(save_dir, name, players=["Mallory"], ply=999)
    with SaveStore(save_dir, app_version="test") as store:
        assert {s.game_id: s for s in store.list_games()}[ids[0]].players == ("Mallory",)  # the summary shown
        loaded = store.load(ids[0])
        assert loaded.players == ["Ines"] and loaded.ply == 0  # everything else is the file's


ODD_ENTRIES: dict[str, dict[str, object]] = {
    "ruleset": {"ruleset": "chess"},
    "players-text": {"players": "Mallory"},
    "players-numbers": {"players": [1]},
    "day-bool": {"day": True},
    "ply-text": {"ply": "12"},
    "stamp-short": {"stamp": [1, 2]},
    "time-null": {"last_played": None},
    "extra": {"extra": 1},
}


def test_an_odd_entry_is_ignored_alone(save_dir: Path, setup: CombatSetup, opened: list[str]) -> None:
    ids = three_saves(save_dir, setup)
    long_way = listed_the_long_way(save_dir)
    good = (save_dir / INDEX_NAME).read_bytes()
    for case, fields in ODD_ENTRIES.items():
        (save_dir / INDEX_NAME).write_bytes(good)
        _crafted(save_dir, f"{ids[0]}.rt0save", **fields)
        opened.clear()
        with SaveStore(save_dir, app_version="test") as store:
            assert store.list_games() == long_way, case
            assert opened == [f"{ids[0]}.rt0save"], case


def test_a_crafted_entry_cannot_hide_a_damaged_file(save_dir: Path, setup: CombatSetup) -> None:
    ids = three_saves(save_dir, setup)
    path = save_dir / f"{ids[0]}.rt0save"
    path.write_bytes(b"not a save at all")
    stat = path.stat()
    _crafted(save_dir, path.name, stamp=[stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns])
    index_path = save_dir / INDEX_NAME
    os.utime(index_path, ns=(stat.st_mtime_ns + 1, stat.st_mtime_ns + 1))  # as if written after the damage
    with SaveStore(save_dir, app_version="test") as store:
        assert {s.game_id: s for s in store.list_games()}[ids[0]].problem is None  # the crafted summary
        with pytest.raises(SaveError, match="not an RT:0 Table save"):
            store.load(ids[0])
        assert "not an RT:0 Table save" in ({s.game_id: s for s in store.list_games()}[ids[0]].problem or "")
    assert path.name not in json.loads(index_path.read_text())["saves"]  # the closing window dropped the lie


def test_an_entry_as_new_as_the_index_is_not_trusted(save_dir: Path, setup: CombatSetup, opened: list[str]) -> None:
    """A save written in the index's own timestamp tick may have changed after it was read ("racy clean")."""
    ids = three_saves(save_dir, setup)
    newest = max((save_dir / f"{i}.rt0save").stat().st_mtime_ns for i in ids)
    os.utime(save_dir / INDEX_NAME, ns=(newest, newest))
    opened.clear()
    with SaveStore(save_dir, app_version="test") as store:
        store.list_games()
        assert opened == [f"{i}.rt0save" for i in ids if (save_dir / f"{i}.rt0save").stat().st_mtime_ns >= newest]
        assert opened


def test_two_windows_one_after_the_other(save_dir: Path, setup: CombatSetup, opened: list[str]) -> None:
    """The index one window leaves is what the next one lists from, and each keeps it true to the files."""
    ids = three_saves(save_dir, setup)
    with SaveStore(save_dir, app_version="test") as second:
        game = second.load(ids[2]).game
        assert game is not None
        play_random(game, second.recorder(ids[2]), random.Random(5), 7, undo_rate=0)
        opened.clear()
        assert {s.game_id: s for s in second.list_games()}[ids[2]].ply == 7  # open here: read from the file
        assert opened == [f"{ids[2]}.rt0save"]
        second.delete(ids[0])
    settle(save_dir)
    with SaveStore(save_dir, app_version="test"):
        pass
    long_way = listed_the_long_way(save_dir)
    opened.clear()
    with SaveStore(save_dir, app_version="test") as third:
        assert third.list_games() == long_way
        assert opened == [] and {s.game_id for s in long_way} == {ids[1], ids[2]}
        assert {s.game_id: s for s in long_way}[ids[2]].ply == 7


def test_a_half_written_index_left_by_a_killed_window_is_swept(save_dir: Path, setup: CombatSetup) -> None:
    three_saves(save_dir, setup)
    leftover = save_dir / f"{INDEX_NAME}.0a1b2c3d.part"
    leftover.write_text("{")
    players_own = save_dir / f"{INDEX_NAME}.mine.part"
    players_own.write_text("kept")
    with SaveStore(save_dir, app_version="test"):
        assert not leftover.exists() and players_own.exists()
