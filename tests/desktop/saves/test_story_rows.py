"""Between fights the save keeps each change as a small row and the whole record only now and then (format 6)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.playthrough_doc import playthrough_doc
from rt0table.desktop.flow.resume import restore
from rt0table.desktop.saves import DamagedSaveError, SaveStore
from rt0table.desktop.saves.doc_delta import delta, patch
from rt0table.desktop.saves.schema import MIGRATION_NAMES, SAVE_FORMAT, STORY, check_file
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.story import ops
from tests.helpers.sample_party import fool, magician

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(JSON, JSON)
def test_a_delta_patches_back_to_the_new_document_in_its_own_key_order(old: Any, new: Any) -> None:
    change = delta(old, new)
    again = old if change is None else patch(old, json.loads(json.dumps(change)))
    assert again == new and json.dumps(again) == json.dumps(new)


def test_keys_a_player_typed_are_never_read_as_markers() -> None:
    old = {"taken": {"$set": 1}}
    new = {"taken": {"$set": 2, "$keep": 3}}
    assert patch(old, delta(old, new)) == new


def keeper(tmp_path: Path) -> tuple[SaveStore, Playthrough, Autosave]:
    store = SaveStore(tmp_path / "saves", app_version="test")
    playthrough = Playthrough(Mode.SOLO, fp.from_party([fool("Pip"), magician("Mo")]), seed=5)
    return store, playthrough, Autosave.start(store, playthrough)


def stored_bytes(path: Path) -> int:
    """What the save holds for the playthrough between fights: its change rows and its whole documents."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT coalesce(sum(length(action)), 0) FROM log WHERE kind = ?", [STORY]).fetchone()
        docs = conn.execute("SELECT coalesce(sum(length(doc)), 0) FROM campaign").fetchone()
        return int(rows[0]) + int(docs[0])
    finally:
        conn.close()


def play_days(playthrough: Playthrough, days: int, start: int = 0) -> None:
    """A Day of play: a note, a meal, a power, and the Day ends (the log and the notes grow every Day)."""
    for day in range(start, start + days):
        playthrough.submit(ops.WriteNote(f"Day {day}: the vault door is still shut"))
        playthrough.submit(ops.ChooseMeal("pip", cp.Meal.INEDIBLE if day % 2 else cp.Meal.EDIBLE))
        playthrough.submit(ops.EndDay())


def test_bytes_per_op_stay_bounded_as_play_grows(tmp_path: Path) -> None:
    store, playthrough, autosave = keeper(tmp_path)
    path = store.path_of(autosave.game_id)
    sizes = []
    for block in range(4):
        play_days(playthrough, 60, block * 60)
        sizes.append(stored_bytes(path))
    growth = [b - a for a, b in zip([0, *sizes], sizes, strict=False)]
    # Writing the whole record every time, the fourth block would cost about seven times the first
    # (the record grows every Day); with change rows each block costs about the same.
    assert growth[3] < 2 * growth[1], growth
    per_op = growth[3] / (60 * 3)
    assert per_op < 1_500, per_op
    store.close()


def test_the_save_gives_back_exactly_the_playthrough_it_kept(tmp_path: Path) -> None:
    store, playthrough, autosave = keeper(tmp_path)
    play_days(playthrough, 30)
    playthrough.submit(ops.WriteNote("Dockworker <Ines>"))
    playthrough.undo()
    playthrough.submit(ops.ChooseSleep("mo", cp.Sleep.NONE))
    game_id = autosave.game_id
    store.close()
    with SaveStore(tmp_path / "saves", app_version="test") as again:
        back = restore(again.load(game_id)).playthrough
    assert back.story == playthrough.story
    assert playthrough_doc(back) == playthrough_doc(playthrough)
    conn = sqlite3.connect(again.path_of(game_id))
    try:
        wholes = conn.execute("SELECT count(*) FROM campaign").fetchone()[0]
        rows = conn.execute("SELECT count(*) FROM log WHERE kind = ?", [STORY]).fetchone()[0]
    finally:
        conn.close()
    assert rows == 30 * 3 + 3 and 1 < wholes < rows // 4  # the whole record only now and then


def test_a_changed_row_is_refused_on_load_naming_the_entry(tmp_path: Path) -> None:
    store, playthrough, autosave = keeper(tmp_path)
    play_days(playthrough, 2)
    playthrough.submit(ops.WriteNote("the vault, again"))
    path = store.path_of(autosave.game_id)
    store.close()
    conn = sqlite3.connect(path)
    seq, text = conn.execute(
        "SELECT seq, action FROM log WHERE kind = ? AND action LIKE '%vault%'"
        " AND seq > (SELECT max(seq) FROM campaign) ORDER BY seq DESC",
        [STORY],
    ).fetchone()
    conn.execute("UPDATE log SET action = ? WHERE seq = ?", [text.replace("vault", "VAULT"), seq])
    conn.commit()
    conn.close()
    with SaveStore(tmp_path / "saves", app_version="test") as again, pytest.raises(DamagedSaveError) as refused:
        again.load(autosave.game_id)
    assert f"log entry {seq}" in str(refused.value)


def as_format_5(path: Path) -> None:
    """Format 6 added no table: a save without its step and its rows is a format-5 save."""
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = ?", [MIGRATION_NAMES[5]])
    conn.execute("PRAGMA user_version = 5")
    conn.execute("UPDATE game SET save_format = 5")
    conn.commit()
    conn.close()


def test_a_format_5_save_opens_migrates_and_plays_on(tmp_path: Path) -> None:
    store, playthrough, autosave = keeper(tmp_path)
    playthrough.submit(ops.ChooseMeal("pip", cp.Meal.NONE))
    doc = playthrough_doc(playthrough)
    store.save_campaign(autosave.game_id, doc)  # as format 5 kept it: the whole record
    path = store.path_of(autosave.game_id)
    store.close()
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM log WHERE kind = ?", [STORY])
    conn.execute("UPDATE campaign SET seq = 0")  # as format 5 wrote it: at the log position of its day (no rows)
    conn.commit()
    conn.close()
    as_format_5(path)
    assert check_file(path).save_format == 5
    with SaveStore(tmp_path / "saves", app_version="test") as again:
        loaded = again.load(autosave.game_id)
        assert check_file(path).save_format == SAVE_FORMAT == 6
        back = restore(loaded).playthrough
        assert back.story.choices.meal("pip") is cp.Meal.NONE
        Autosave(again, autosave.game_id, back, loaded.campaign)
        back.submit(ops.EndDay())
        owed = back.campaign.member("pip").corruption.owed
    with SaveStore(tmp_path / "saves", app_version="test") as third:
        final = restore(third.load(autosave.game_id)).playthrough
    assert owed == 3 and final.campaign == back.campaign and final.story.choices.meal("pip") is cp.Meal.EDIBLE


def test_the_save_list_shows_the_day_the_newest_change_left(tmp_path: Path) -> None:
    store, playthrough, _keeper = keeper(tmp_path)
    play_days(playthrough, 3)
    playthrough.submit(ops.WriteNote("still Day 4"))
    [summary] = store.list_games()
    assert summary.day == 4 == playthrough.campaign.day
    store.close()
