"""Duplicate, recovery and Import for every game on the seam (Moon's Grave, The Restless, Loner): one path over the
ruleset registry, each game checked by replaying its own log; crafted files named, nothing written."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.load_screen import LoadScreen
from rt0table.desktop.saves import HashMismatchError, SaveError, SaveStore
from rt0table.desktop.saves.seam_save import SeamFile, SeamTable, create_seam_game, load_seam_game
from rt0table.desktop.seam_session import SeamSession
from rt0table.rules.rulesets import RULESETS, ruleset

SEAM_GAMES = sorted(key for key in RULESETS if key != "rt0")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SaveStore]:
    with SaveStore(tmp_path / "saves", app_version="test") as opened:
        yield opened


def started(store: SaveStore, key: str, seed: int = 3) -> tuple[str, SeamSession]:
    rules = ruleset(key)
    setup = rules.sample_setup(seed)
    game_id = store.new_id()
    table = SeamTable("solo", "stand-in", ("Ada",))
    save = create_seam_game(store.path_of(game_id), rules, setup, seed, table, store.app_version)
    return game_id, SeamSession(rules, rules.new_state(setup, seed)[0], save)


def reopened(store: SaveStore, game_id: str) -> SeamSession:
    path = store.path_of(game_id)
    loaded = load_seam_game(path)
    save = SeamFile(path, loaded.ruleset)
    return SeamSession(loaded.ruleset, loaded.state, save, list(loaded.steps), oracle=loaded.oracle)


def play(session: SeamSession, steps: int, seed: int) -> None:
    """Legal actions picked at random (by ``seed``), each through the funnel and so into the save."""
    pick = random.Random(seed)
    for _ in range(steps):
        if session.ruleset.is_over(session.state):
            return
        assert session.submit(pick.choice(list(session.ruleset.legal_actions(session.state))))


def closed(session: SeamSession) -> None:
    assert isinstance(session.recorder, SeamFile)
    session.recorder.close()


def digest(session: SeamSession) -> str:
    return session.ruleset.state_hash(session.state)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("key", SEAM_GAMES)
def test_a_duplicate_plays_on_apart_from_its_original(store: SaveStore, key: str) -> None:
    game_id, session = started(store, key)
    play(session, 5, 1)
    closed(session)
    copy = store.duplicate(game_id)
    original, twin = reopened(store, game_id), reopened(store, copy)
    assert digest(twin) == digest(original) and [s.action for s in twin.steps] == [s.action for s in original.steps]
    play(original, 3, 2)
    play(twin, 5, 3)
    closed(original)
    closed(twin)
    assert digest(reopened(store, game_id)) == digest(original) and reopened(store, game_id).ply == original.ply
    assert digest(reopened(store, copy)) == digest(twin) and reopened(store, copy).ply == twin.ply
    listed = {s.game_id: s for s in store.list_games()}
    assert listed[copy].ruleset == key and listed[copy].problem is None and listed[copy].ply == twin.ply


@pytest.mark.parametrize("key", SEAM_GAMES)
def test_an_exported_game_imports_and_resumes(store: SaveStore, tmp_path: Path, key: str) -> None:
    game_id, session = started(store, key)
    play(session, 4, 5)
    closed(session)
    exported = store.export_game(game_id, tmp_path / "sent.rt0save")
    picked = exported.read_bytes()
    imported = store.import_game(exported)
    assert exported.read_bytes() == picked  # the picked file is only read
    again = reopened(store, imported)
    assert digest(again) == digest(session) and again.ply == session.ply
    play(again, 3, 6)
    closed(again)
    assert digest(reopened(store, imported)) == digest(again)


@pytest.mark.parametrize("key", SEAM_GAMES)
def test_a_damaged_game_is_named_left_alone_and_its_last_good_state_plays_on(store: SaveStore, key: str) -> None:
    game_id, session = started(store, key)
    play(session, 6, 7)
    closed(session)
    path = store.path_of(game_id)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE log SET state_hash = 'tampered' WHERE seq = 4")
    db.close()
    before = files(store.folder)
    with pytest.raises(HashMismatchError) as raised:
        load_seam_game(path)
    assert str(path) in str(raised.value) and "log entry 4" in str(raised.value)
    recovered = raised.value.recovered
    assert recovered is not None and recovered.recovered_from == 3 and recovered.ply == 3
    assert files(store.folder) == before  # the damaged file, and nothing beside it, as it was
    copy = store.duplicate(game_id, upto=recovered.recovered_from)
    kept = reopened(store, copy)
    assert kept.ply == 3 and digest(kept) == kept.ruleset.state_hash(session.steps[3].before)
    play(kept, 3, 8)
    closed(kept)
    assert digest(reopened(store, copy)) == digest(kept)
    assert next(s for s in store.list_games() if s.game_id == copy).ply == kept.ply


def test_the_load_screen_offers_a_damaged_seam_games_last_good_state(qtbot: QtBot, store: SaveStore) -> None:
    game_id, session = started(store, "moons-grave")
    play(session, 4, 9)
    closed(session)
    with sqlite3.connect(store.path_of(game_id)) as db:
        db.execute('UPDATE log SET action = \'{"kind": "nonsense"}\' WHERE seq = 3')
    db.close()
    screen = LoadScreen(store)
    qtbot.addWidget(screen)
    with pytest.raises(SaveError) as raised:
        load_seam_game(store.path_of(game_id))
    screen.show_error(game_id, raised.value)
    assert "log entry 3" in screen.message.text() and screen.recover_button.isVisibleTo(screen)
    assert screen.recover_button.text() == "Load the last good state (2 actions)"
    with qtbot.waitSignal(screen.load_requested) as asked:
        screen.recover_button.click()
    assert reopened(store, asked.args[0]).ply == 2


def _setup_of(path: Path) -> dict[str, object]:
    with sqlite3.connect(path) as db:
        text = db.execute("SELECT setup FROM fight WHERE number = 1").fetchone()[0]
    db.close()
    data: dict[str, object] = json.loads(text)
    return data


def _write_setup(path: Path, data: dict[str, object]) -> None:
    with sqlite3.connect(path) as db:
        db.execute("UPDATE fight SET setup = ? WHERE number = 1", [json.dumps(data)])
    db.close()


def _spoil_setup(path: Path, field: str, value: object) -> None:
    """Set (or, for None, remove) one field of the saved set-up; a Moon's Grave pack field is one of its files."""
    data = _setup_of(path)
    setup = data["setup"]
    assert isinstance(setup, dict)
    if field == "pack" and value is not None:
        pack = json.loads(setup["pack"])
        pack["classes.json"]["classes"][0]["benefit_perk"] = value
        setup["pack"] = json.dumps(pack)
    elif field == "cards" and value is not None:
        setup["cards"][0]["health"] = value
    else:
        del setup[field]
    _write_setup(path, data)


def _bad_opening(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("UPDATE snapshot SET state_hash = 'tampered' WHERE seq = 0")
    db.close()


def _unknown_game(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("UPDATE game SET ruleset = 'chess'")
    db.close()


CRAFTS = {
    "bad pack copy": (
        "moons-grave",
        lambda path: _spoil_setup(path, "pack", 7),
        r"fight 1, field setup: classes\.json: classes 'assassin': field 'benefit_perk'",
    ),
    "missing pack copy": (
        "moons-grave",
        lambda path: _spoil_setup(path, "pack", None),
        r"fight 1, field setup: setup\.pack: is missing",
    ),
    "bad card copy": (
        "restless",
        lambda path: _spoil_setup(path, "cards", 0),
        r"fight 1, field setup: setup\.cards \(characters\): card '[a-z-]+': field 'health'",
    ),
    "missing card copy": (
        "restless",
        lambda path: _spoil_setup(path, "cards", None),
        r"fight 1, field setup: setup\.cards: is missing",
    ),
    "bad opening hash": ("moons-grave", _bad_opening, r"snapshot 0 \(the opening state\)"),
    "unknown game": ("restless", _unknown_game, r"ruleset 'chess'"),
}


@pytest.mark.parametrize("craft", sorted(CRAFTS))
def test_a_crafted_seam_save_is_named_and_nothing_is_written(store: SaveStore, tmp_path: Path, craft: str) -> None:
    key, spoil, named = CRAFTS[craft]
    game_id, session = started(store, key)
    play(session, 2, 10)
    closed(session)
    path = store.path_of(game_id)
    spoil(path)
    outside = tmp_path / "crafted.rt0save"
    outside.write_bytes(path.read_bytes())
    before, picked = files(store.folder), outside.read_bytes()
    for attempt in (lambda: load_seam_game(path), lambda: store.duplicate(game_id)):
        with pytest.raises(SaveError, match=named) as raised:
            attempt()
        assert str(path) in str(raised.value)
    with pytest.raises(SaveError, match=named) as raised:
        store.import_game(outside)
    assert str(outside) in str(raised.value)
    assert files(store.folder) == before and outside.read_bytes() == picked
