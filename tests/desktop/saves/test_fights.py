"""Format 3: one save per playthrough; its fights follow one another in the same file, the newest in play."""

from __future__ import annotations

import dataclasses
import json
import random
import sqlite3
from pathlib import Path

import pytest

from rt0table.desktop.saves import HashMismatchError, SaveError, SaveStore
from rt0table.desktop.saves.gamefile import fight_from_text, fight_text
from rt0table.desktop.saves.schema import check_file
from rt0table.rules.rt0.fight.engine import FighterSetup
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.rt0_seam import RT0
from rt0table.rules.rt0.traits import Trait

from .old_formats import old_format_copy
from .play import book_setup, play_random


def test_a_playthrough_saved_before_its_first_fight_loads_with_no_game(store: SaveStore) -> None:
    game_id = store.new_game(None, players=["Ines"], campaign={"version": 1, "day": 1})
    loaded = store.load(game_id)
    assert loaded.game is None and loaded.setup is None and loaded.fight == 0
    assert loaded.campaign == {"version": 1, "day": 1}
    summary = store.list_games()[0]
    assert (summary.players, summary.day, summary.fight, summary.round) == (("Ines",), 1, 0, 0)
    with pytest.raises(SaveError, match="no fight has begun"):
        store.append_undo(game_id, book_setup().start()[0])


def test_each_fight_starts_a_new_log_and_the_newest_is_loaded(store: SaveStore) -> None:
    game_id = store.new_game(None, campaign={"version": 1, "day": 1})
    recorder = store.recorder(game_id)
    assert recorder.begin_fight(book_setup(3)) == 1
    first = store.load(game_id).game
    assert first is not None
    play_random(first, recorder, random.Random(2), 40)
    recorder.save_campaign({"version": 1, "day": 2})
    assert recorder.begin_fight(book_setup(9)) == 2
    second = store.load(game_id)
    assert second.fight == 2 and second.ply == 0 and second.game is not None
    assert state_hash(second.game.state) == state_hash(book_setup(9).start()[0])
    play_random(second.game, recorder, random.Random(4), 30)
    again = store.load(game_id)
    assert again.game is not None and state_hash(again.game.state) == state_hash(second.game.state)
    assert again.actions == second.game.actions
    assert again.campaign == {"version": 1, "day": 2}
    summary = store.list_games()[0]
    assert summary.fight == 2 and summary.ply == len(second.game.actions)
    conn = sqlite3.connect(store.path_of(game_id))  # the first fight is still in the file
    assert conn.execute("SELECT count(*) FROM log WHERE fight = 1").fetchone()[0] > 0
    conn.close()


def test_duplicate_up_to_before_a_fight_goes_back_to_the_one_before(store: SaveStore) -> None:
    game_id = store.new_game(None, campaign={"version": 1, "day": 1})
    recorder = store.recorder(game_id)
    recorder.begin_fight(book_setup(3))
    first = store.load(game_id).game
    assert first is not None
    play_random(first, recorder, random.Random(2), 20, undo_rate=0)
    end_of_first = store.load(game_id).seq
    recorder.begin_fight(book_setup(9))
    copy = store.load(store.duplicate(game_id, upto=end_of_first))
    assert copy.fight == 1 and copy.game is not None
    assert state_hash(copy.game.state) == state_hash(first.state)


def test_a_damaged_row_in_the_second_fight_offers_that_fight_up_to_it(store: SaveStore) -> None:
    game_id = store.new_game(None)
    recorder = store.recorder(game_id)
    recorder.begin_fight(book_setup(3))
    first = store.load(game_id).game
    assert first is not None
    play_random(first, recorder, random.Random(2), 10, undo_rate=0)
    recorder.begin_fight(book_setup(9))
    second = store.load(game_id).game
    assert second is not None
    play_random(second, recorder, random.Random(5), 12, undo_rate=0)
    store.close()
    conn = sqlite3.connect(store.path_of(game_id))
    bad = conn.execute("SELECT max(seq) FROM log WHERE fight = 2").fetchone()[0] - 3
    conn.execute("UPDATE log SET state_hash = 'bad' WHERE seq = ?", [bad])
    conn.commit()
    conn.close()
    with SaveStore(app_version="test") as again:
        with pytest.raises(HashMismatchError) as caught:
            again.load(game_id)
        recovered = caught.value.recovered
        assert recovered is not None and recovered.fight == 2 and recovered.recovered_from == bad - 1
        copy = again.load(again.duplicate(game_id, upto=recovered.recovered_from))
        assert copy.fight == 2 and copy.ply == recovered.ply


def test_a_format_2_save_opens_as_fight_1(store: SaveStore, save_dir: Path, tmp_path: Path) -> None:
    setup: CombatSetup = book_setup()
    game_id = store.new_game(setup, campaign={"version": 1, "day": 3})
    game = store.load(game_id).game
    assert game is not None
    play_random(game, store.recorder(game_id), random.Random(8), 60)
    current = store.path_of(game_id)
    store.close()
    old = tmp_path / "format-2.rt0save"
    old_format_copy(current, old, 2)
    assert check_file(old).save_format == 2
    (save_dir / "older.rt0save").write_bytes(old.read_bytes())
    with SaveStore(app_version="test") as again:
        listed = {s.game_id: s for s in again.list_games()}["older"]  # read as format 2, not migrated
        assert listed.problem is None and listed.fight == 1 and listed.ply == len(game.actions)
        loaded = again.load("older")  # migrates, keeping the format-2 file beside it
        assert (save_dir / "older.rt0save.format-2.bak").exists()
        assert loaded.fight == 1 and loaded.game is not None
        assert state_hash(loaded.game.state) == state_hash(game.state)
        assert loaded.campaign == {"version": 1, "day": 3}
        assert again.begin_fight("older", book_setup(2)) == 2  # and the next fight follows on
        assert again.load("older").fight == 2


def test_a_fight_keeps_the_campaigns_day(store: SaveStore) -> None:
    """Format 4: the Day a fight was started on is in its row, so starting it again gives the same state."""
    mara = FighterSetup("mara", "Mara", (0, 0), frozenset({Trait.STRONG}), day_uses=(("Deus Ex Machina", 3),))
    setup = dataclasses.replace(book_setup(), fighters=(mara,), day=3)
    game_id = store.new_game(None, campaign={"version": 1, "day": 3})
    store.recorder(game_id).begin_fight(setup)
    loaded = store.load(game_id)
    assert loaded.setup == setup and loaded.game is not None
    assert loaded.game.state.day == 3 and loaded.game.state.fighter("mara").day_uses == {"Deus Ex Machina": 3}
    assert state_hash(loaded.setup.start()[0]) == state_hash(loaded.game.state)


def test_a_fight_row_from_before_the_day_reads_as_day_0_with_todays_names() -> None:
    data = json.loads(fight_text(RT0, book_setup()))
    del data["day"]  # format 3 had no Day column (migration 5 writes its 0; a set-up without one reads as 0)
    data["fighters"][0]["day_uses"] = [["slaughter", 2], ["deus_ex_machina", 2]]
    setup = fight_from_text(Path("old.rt0save"), RT0, json.dumps(data))
    assert setup.day == 0
    assert setup.fighters[0].day_uses == (("Slaughter", 2), ("Deus Ex Machina", 2))


def test_the_setup_codec_tolerates_optional_fields_added_or_missing() -> None:
    """Items in fights (and any later optional field) add keys to a fighter's set-up: an older reader ignores a key
    it does not know, and a set-up written before a field existed reads it as its default."""
    data = json.loads(fight_text(RT0, book_setup()))
    data["fighters"][0]["trinkets"] = [{"id": "crowbar", "uses": 1}]  # a field this version does not have
    del data["fighters"][1]["spells"]  # a field an older version did not write
    setup = fight_from_text(Path("new.rt0save"), RT0, json.dumps(data))
    assert setup == book_setup()
    data["fighters"][0]["hp"] = "lots"  # unknown keys are ignored whatever they hold
    data["fighters"][1]["zone"] = [1, "x"]  # a known field of the wrong type is refused, by name
    with pytest.raises(SaveError, match=r"setup\.fighters\[1\]\.zone\[1\]: expected a whole number"):
        fight_from_text(Path("new.rt0save"), RT0, json.dumps(data))
