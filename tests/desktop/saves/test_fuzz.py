"""Fuzzing the save's readers (issue 17): any JSON into the decoders, random byte flips into a save file.

The promise under test: whatever the input, a decoder raises only its documented error (``RulesError``; a
``SaveError`` from the store), and the store never lets anything else out, never changes the file, and adds no
file beside it. ``make test`` runs a small fixed budget; ``RT0_SOAK=1`` a larger one (``RT0_SOAK_EXAMPLES``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rt0table.desktop.saves import SaveError, SaveStore
from rt0table.desktop.saves.gamefile import fight_from_text, fight_text, read_row
from rt0table.desktop.saves.summary_index import INDEX_NAME
from rt0table.rules.rt0.fight.actions import action_from_dict
from rt0table.rules.rt0.fight.serialize import state_from_dict
from rt0table.rules.rt0.rt0_seam import RT0
from rt0table.rules.seam import RulesError

from .play import book_setup, play_random

SOAK = os.environ.get("RT0_SOAK", "") not in ("", "0")
EXAMPLES = int(os.environ.get("RT0_SOAK_EXAMPLES", "1000")) if SOAK else 60
FLIPS = int(os.environ.get("RT0_SOAK_EXAMPLES", "300")) if SOAK else 12
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def mutated(value: Any, rnd: random.Random, replacement: Any) -> Any:
    """``value`` with one node somewhere inside it replaced: a good document with one field gone wrong."""
    if isinstance(value, dict) and value and rnd.random() < 0.85:
        key = rnd.choice(sorted(value))
        return {**value, key: mutated(value[key], rnd, replacement)}
    if isinstance(value, list) and value and rnd.random() < 0.85:
        index = rnd.randrange(len(value))
        return [*value[:index], mutated(value[index], rnd, replacement), *value[index + 1 :]]
    return replacement


GOOD_STATE = json.loads(RT0.snapshot(book_setup().start()[0])[0])
GOOD_SETUP = json.loads(fight_text(RT0, book_setup()))


@FUZZ
@given(data=json_values)
def test_any_json_is_an_action_or_a_rules_error(data: Any) -> None:
    with contextlib.suppress(RulesError):
        action_from_dict(data)
    action, _answer = read_row(RT0, json.dumps(data))  # the store's reader: never raises
    assert action is None or isinstance(action, object)


@FUZZ
@given(seed=st.integers(0, 2**32), replacement=json_values)
def test_a_state_with_any_one_field_changed_is_read_or_refused_by_name(seed: int, replacement: Any) -> None:
    data = mutated(GOOD_STATE, random.Random(seed), replacement)
    try:
        state_from_dict(data)
    except RulesError as error:
        assert str(error)


@FUZZ
@given(seed=st.integers(0, 2**32), replacement=json_values)
def test_a_setup_with_any_one_field_changed_is_read_or_refused_naming_the_file(seed: int, replacement: Any) -> None:
    data = mutated(GOOD_SETUP, random.Random(seed), replacement)
    try:
        setup = fight_from_text(Path("fuzzed.rt0save"), RT0, json.dumps(data))
    except SaveError as error:
        assert str(error).startswith("fuzzed.rt0save:")
        return
    with contextlib.suppress(ValueError):  # a set-up that decodes but does not fit the rules (outside the room …)
        setup.start()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A save with a fight played 60 actions in, closed (checkpointed): the file the flips start from."""
    folder = tmp_path_factory.mktemp("fuzz-source")
    with SaveStore(folder, app_version="test") as store:
        game_id = store.new_game(book_setup(), campaign={"version": 1, "day": 2, "mode": "solo"})
        loaded = store.load(game_id)
        assert loaded.game is not None
        play_random(loaded.game, store.recorder(game_id), random.Random(3), 60)
        path = store.path_of(game_id)
    yield path


def test_random_byte_flips_in_a_save_meet_only_save_errors(played: Path, tmp_path: Path) -> None:
    rnd = random.Random(17 if not SOAK else None)
    original = played.read_bytes()
    for trial in range(FLIPS):
        folder = tmp_path / f"flip-{trial}"
        folder.mkdir()
        path = folder / played.name
        data = bytearray(original)
        for _ in range(rnd.randint(1, 8)):
            data[rnd.randrange(len(data))] = rnd.randrange(256)
        path.write_bytes(bytes(data))
        before = hashlib.sha256(path.read_bytes()).hexdigest()
        with SaveStore(folder, app_version="test") as store:
            listed = store.list_games()
            assert [s.path for s in listed] == [path]
            game_id = listed[0].game_id
            for attempt in (store.load, store.duplicate):
                try:
                    attempt(game_id)
                except SaveError as error:
                    assert str(error).startswith(f"{path}:"), error
            store._forget(game_id)  # as closing the window would: no connection left on it
            assert hashlib.sha256(path.read_bytes()).hexdigest() == before or _loaded_cleanly(store, game_id)
        leftovers = {p.name for p in folder.iterdir()} - {path.name, ".lock", INDEX_NAME}
        assert not {n for n in leftovers if not _is_copy(n)}, leftovers
        shutil.rmtree(folder)


def _loaded_cleanly(store: SaveStore, game_id: str) -> bool:
    """A flip SQLite does not notice (in free space, say) loads; writing to it then is allowed to change it."""
    return game_id not in store._refused


def _is_copy(name: str) -> bool:
    """A duplicate that worked is a new save of its own, not a leftover."""
    return name.endswith(".rt0save")
