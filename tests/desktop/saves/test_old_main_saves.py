"""Saves written by main at 499fba8 (before the one funnel) open on today's main and play on to the hashes that code
computed: each opened as Load opens it, its hash checked, the manifest's steps played through today's funnel, the
hash after them checked, and the fixture itself left as it was (tests/helpers/old_saves_play.py makes the calls)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.saves.schema import SAVE_FORMAT
from tests.helpers import old_saves_play

HERE = Path(__file__).parent / "written_at_499fba8"
MANIFEST: dict[str, Any] = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
SAVES = {entry["file"]: entry for entry in MANIFEST["saves"]}


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def in_folder(tmp_path: Path, entry: dict[str, Any]) -> Path:
    """A save folder holding a copy of the fixture under its game id (the repository's file is never opened)."""
    folder = tmp_path / "saves"
    folder.mkdir()
    shutil.copyfile(HERE / entry["file"], folder / f"{entry['game_id']}.rt0save")
    return folder


def test_the_manifest_names_every_fixture_and_each_is_one_closed_file() -> None:
    assert MANIFEST["written_by"] == "499fba8"
    assert sorted(p.name for p in HERE.iterdir()) == sorted([*SAVES, "manifest.json"])  # no -wal, no -shm
    assert {e["ruleset"] for e in SAVES.values()} == {"rt0", "moons-grave", "restless", "loner"}


def check(folder: Path, entry: dict[str, Any]) -> None:
    """Open the save in ``folder`` as Load does, check the loaded hash, play the steps on, check the hash after them
    and again once reopened; AssertionError naming the fixture and the stage that differs."""
    name = entry["file"]
    window = old_saves_play.opened(folder, entry["game_id"])
    try:
        assert old_saves_play.current_hash(window, entry["ruleset"]) == entry["loaded_hash"], f"{name}: loaded"
        for step in entry["steps"]:
            old_saves_play.play(window, entry["ruleset"], step)
        assert old_saves_play.current_hash(window, entry["ruleset"]) == entry["played_on_hash"], f"{name}: played on"
    finally:
        old_saves_play.closed(window)
    again = old_saves_play.opened(folder, entry["game_id"])  # what was played on is in the save
    try:
        assert old_saves_play.current_hash(again, entry["ruleset"]) == entry["played_on_hash"], f"{name}: reopened"
    finally:
        old_saves_play.closed(again)


@pytest.mark.parametrize("name", sorted(SAVES))
def test_an_old_save_opens_and_plays_on_to_the_hashes_its_code_computed(
    qtbot: QtBot, tmp_path: Path, name: str
) -> None:
    entry, fixture = SAVES[name], HERE / name
    before = sha(fixture)
    with sqlite3.connect(f"file:{fixture}?immutable=1", uri=True) as db:
        header = db.execute("SELECT save_format, ruleset FROM game").fetchone()
    db.close()
    assert header == (entry["save_format"], entry["ruleset"])
    assert entry["save_format"] <= SAVE_FORMAT
    check(in_folder(tmp_path, entry), entry)
    assert sha(fixture) == before, f"{name}: the repository's fixture changed"
    assert sorted(p.name for p in HERE.iterdir()) == sorted([*SAVES, "manifest.json"]), "nothing left beside them"


def test_the_check_fails_on_a_tampered_copy(qtbot: QtBot, tmp_path: Path) -> None:
    """The probe: a copy whose last fight action was changed (another card) is refused, so the check fails."""
    entry = SAVES["rt0-solo-mid-fight.rt0save"]
    folder = in_folder(tmp_path, entry)
    with sqlite3.connect(folder / f"{entry['game_id']}.rt0save") as db:
        seq, text = db.execute("SELECT seq, action FROM log WHERE kind = 'action' ORDER BY seq DESC").fetchone()
        played = json.loads(text)
        db.execute("UPDATE log SET action = ? WHERE seq = ?", [json.dumps({**played, "card": played["card"] + 1}), seq])
    db.close()
    with pytest.raises(AssertionError, match="did not open"):
        check(folder, entry)


def test_the_check_fails_when_the_play_on_differs(qtbot: QtBot, tmp_path: Path) -> None:
    """The probe's other half: an untouched save played one step further than its manifest says misses its hash."""
    entry = SAVES["loner-mid-game.rt0save"]
    longer = {**entry, "steps": [*entry["steps"], {"do": "first-legal"}]}
    with pytest.raises(AssertionError, match=re.escape("loner-mid-game.rt0save: played on")):
        check(in_folder(tmp_path, entry), longer)
