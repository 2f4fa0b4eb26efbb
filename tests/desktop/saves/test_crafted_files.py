"""Crafted save files (issue 17, items 1 and 4): each is refused or listed with its problem, by name, and left alone.

The files are built here with sqlite3 from a good save exported by the app (journal mode DELETE, so reading one
adds no -wal/-shm beside it). Every case goes through the calls the screens make: the title screen's and the load
screen's ``list_games``/``newest``, Load's ``load`` + ``restore``, and Import's ``import_game(resume=restore)``.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.playthrough_doc import party_names, playthrough_doc
from rt0table.desktop.flow.resume import restore
from rt0table.desktop.saves import SaveError, SaveStore, funnel_guard
from rt0table.rules.rt0.campaign import campaign as cp
from tests.desktop.test_characters import MIRA

from .play import book_setup

DEEP = 100_000  # far past Python's recursion limit: json.loads raises RecursionError on it
NESTED = "[" * DEEP + "]" * DEEP


@pytest.fixture(autouse=True)
def _qt(qapp: object) -> None:
    """``restore`` builds a Playthrough, a QObject."""


@pytest.fixture
def store(save_dir: Path) -> Iterator[SaveStore]:
    with SaveStore(app_version="test") as opened:
        yield opened


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def saves(folder: Path) -> set[str]:
    """The save folder's files but the -wal/-shm that SQLite keeps beside a save the store opened (issue 17 item 5)."""
    return {name for name in files(folder) if not name.endswith(("-wal", "-shm"))}


def playthrough_save(store: SaveStore, name: str = "Mira", fight: bool = False) -> str:
    """A playthrough as the app saves it: its party's document, and a fight begun when ``fight``."""
    campaign = cp.Campaign((cp.Member(name.lower(), replace(MIRA, name=name)),))
    playthrough = Playthrough(Mode.SOLO, campaign)
    doc = playthrough_doc(playthrough)
    game_id = store.new_game(None, players=party_names(playthrough), campaign=doc)
    if fight:
        with funnel_guard.through_funnel():  # crafting the file the app's funnel would have written
            store.begin_fight(game_id, book_setup())
            store.save_campaign(game_id, {**doc, "fight_on": True})
    return game_id


def exported(store: SaveStore, game_id: str, folder: Path, name: str) -> Path:
    folder.mkdir(exist_ok=True)
    return store.export_game(game_id, folder / name)


def tamper(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def set_doc(path: Path, change: Callable[[dict[str, object]], object]) -> None:
    conn = sqlite3.connect(path)
    row_id, text = conn.execute("SELECT id, doc FROM campaign ORDER BY id DESC LIMIT 1").fetchone()
    doc = json.loads(text)
    change(doc)
    conn.execute("UPDATE campaign SET doc = ?, version = ? WHERE id = ?", [json.dumps(doc), 1, row_id])
    conn.commit()
    conn.close()


def nested_doc(path: Path) -> None:
    tamper(path, f"UPDATE campaign SET doc = '{NESTED}'")


def nested_players(path: Path) -> None:
    tamper(path, f"UPDATE game SET players = '{NESTED}'")


def nested_action(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO log (seq, kind, action, ply, round, state_hash, played_at, fight) "
        "SELECT (SELECT max(seq) + 1 FROM log), 'action', ?, 1, 1, 'x', '2026-01-01T00:00:00.000+00:00', "
        "max(number) FROM fight",
        [NESTED],
    )
    conn.commit()
    conn.close()


# --- item 1: the listing, Continue and Load never fail on one file ------------------------------------------------


@pytest.mark.parametrize("damage", [nested_doc, nested_players])
def test_a_deeply_nested_save_is_listed_with_its_problem_and_the_others_still_are(
    store: SaveStore, save_dir: Path, damage: Callable[[Path], None]
) -> None:
    good = playthrough_save(store, "Ines")
    bad = playthrough_save(store, "Mira")  # the newest: Continue would pick it
    path = store.path_of(bad)
    store.close()
    damage(path)
    before, names = sha(path), files(save_dir)
    with SaveStore(app_version="test") as again:
        listed = {s.game_id: s for s in again.list_games()}
        assert listed[good].problem is None and listed[good].players == ("Ines",)
        assert "nested too deeply" in (listed[bad].problem or "")
        assert again.newest() == good  # Continue skips the broken one
        with pytest.raises(SaveError) as raised:
            restore(again.load(bad))
        assert str(path) in str(raised.value)
        restore(again.load(good))
    assert sha(path) == before and files(save_dir) == names


def test_a_save_that_lists_well_but_is_nested_inside_its_log_is_refused_on_load(
    store: SaveStore, save_dir: Path
) -> None:
    game_id = playthrough_save(store, fight=True)
    path = store.path_of(game_id)
    store.close()
    nested_action(path)
    before, names = sha(path), saves(save_dir)
    with SaveStore(app_version="test") as again:
        assert again.newest() == game_id  # the listing does not replay the log
        with pytest.raises(SaveError) as raised:
            again.load(game_id)
        assert str(path) in str(raised.value) and "nested too deeply" in str(raised.value)
        with pytest.raises(SaveError) as copied:
            again.duplicate(game_id)
        assert str(path) in str(copied.value) and ".dup" not in str(copied.value)
    assert sha(path) == before and saves(save_dir) == names


# --- item 4: import keeps only what loads, holds only our tables, names the player's file ------------------------


def doc_version_2(path: Path) -> None:
    set_doc(path, lambda doc: doc.update(version=2))


def doc_mode_bogus(path: Path) -> None:
    set_doc(path, lambda doc: doc.update(mode="bogus"))


def doc_campaign_list(path: Path) -> None:
    set_doc(path, lambda doc: doc.update(campaign=[]))


def doc_members_ints(path: Path) -> None:
    set_doc(path, lambda doc: doc["campaign"].update(members=[1, 2]))  # type: ignore[attr-defined]


def a_trigger(path: Path) -> None:
    tamper(path, "CREATE TRIGGER rename AFTER INSERT ON log BEGIN UPDATE game SET players = '[\"Owned\"]'; END")


def a_view(path: Path) -> None:
    tamper(path, "CREATE VIEW everything AS SELECT * FROM log")


def an_unknown_table(path: Path) -> None:
    tamper(path, "CREATE TABLE extra (x)")


def an_unknown_index(path: Path) -> None:
    tamper(path, "CREATE INDEX by_kind ON log (kind)")


REFUSED = {
    "doc-version-2": (doc_version_2, "format 2"),
    "doc-mode-bogus": (doc_mode_bogus, "bogus"),
    "doc-campaign-list": (doc_campaign_list, "party's record"),
    "doc-members-ints": (doc_members_ints, "party's record"),
    "doc-nested": (nested_doc, "nested too deeply"),
    "players-nested": (nested_players, "nested too deeply"),
    "action-nested": (nested_action, "nested too deeply"),
    "trigger": (a_trigger, "trigger 'rename'"),
    "view": (a_view, "view 'everything'"),
    "unknown-table": (an_unknown_table, "table 'extra'"),
    "unknown-index": (an_unknown_index, "index 'by_kind'"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_crafted_file_is_not_imported_and_is_left_alone(
    store: SaveStore, save_dir: Path, tmp_path: Path, case: str
) -> None:
    damage, words = REFUSED[case]
    game_id = playthrough_save(store, fight=(case == "action-nested"))
    source = exported(store, game_id, tmp_path / "outside", f"{case}.rt0save")
    damage(source)
    before, beside, kept = sha(source), files(source.parent), files(save_dir)
    with pytest.raises(SaveError) as raised:
        store.import_game(source, resume=restore)
    message = str(raised.value)
    assert message.startswith(f"{source}:") and words in message
    assert ".import" not in message and ".dup" not in message and ".part" not in message
    assert sha(source) == before and files(source.parent) == beside
    assert files(save_dir) == kept  # no copy, no temporary file left in the folder


def test_a_save_that_imports_also_loads(store: SaveStore, tmp_path: Path) -> None:
    game_id = playthrough_save(store, fight=True)
    source = exported(store, game_id, tmp_path / "outside", "Mira backup.rt0save")
    before = sha(source)
    imported = store.import_game(source, resume=restore)
    assert imported != game_id and sha(source) == before
    resumed = restore(store.load(imported))
    assert resumed.fight is not None and resumed.playthrough.campaign.members[0].character.name == "Mira"


# --- item 4: a save renamed by hand in the folder is reachable by every action ------------------------------------


@pytest.mark.parametrize("name", ["Mira backup", "été", "-dash"])
def test_a_save_renamed_in_the_folder_gets_a_fresh_id_and_every_action_works(
    store: SaveStore, save_dir: Path, tmp_path: Path, name: str
) -> None:
    game_id = playthrough_save(store)
    exported(store, game_id, save_dir, f"{name}.rt0save")
    store.delete(game_id)
    renamed = save_dir / f"{name}.rt0save"
    listed = store.list_games()
    assert [(s.path, s.problem) for s in listed] == [(renamed, None)]
    fresh = listed[0].game_id
    assert fresh != name and store.list_games()[0].game_id == fresh  # the same id for as long as the window is open
    assert store.newest() == fresh
    restore(store.load(fresh))
    copy = store.duplicate(fresh)
    restore(store.load(copy))
    target = store.export_game(fresh, tmp_path / "out.rt0save")
    restore(store.load(store.import_game(target, resume=restore)))
    store.delete(fresh)
    assert not renamed.exists() and fresh not in {s.game_id for s in store.list_games()}
