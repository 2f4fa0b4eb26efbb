"""A long fight's log is told again from a snapshot (issue 13: resume a 50,000-action fight in under a second).

The table shows only its newest lines, so a fight longer than ``replay.TOLD_BACK`` log rows is told from the newest
snapshot at least that far back that no later undo reaches behind: the lines after it must be word for word the
last lines of telling the whole fight, undos, "(Undone.)" lines and the GM stand-in's answers included.
"""

from __future__ import annotations

import random

import pytest

from rt0table.desktop.flow.resume import answered_plies, fight_log, untold_line
from rt0table.desktop.saves import SaveStore, StandInAnswer, replay
from rt0table.rules.rt0.content.adversaries import load_bestiary
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup

DUMMY = """{"adversaries": [{"id": "dummy", "name": "Practice Dummy", "hp": 40, "intents": {
  "Swords": [{"do": "shield", "amount": 1}], "Wands": [{"do": "heal", "amount": 1}],
  "Cups": [{"do": "shield", "amount": 2}], "Pentacles": [{"do": "heal", "amount": 2}],
  "Major": "redraw_face_down"}}]}"""


def practice_setup(seed: int) -> CombatSetup:
    """A fight that never ends: two fighters against a dummy that only shields and heals."""
    return CombatSetup(
        seed=seed,
        room_size=3,
        fighters=(FighterSetup("mara", "Mara", (0, 0)), FighterSetup("jo", "Jo", (1, 1))),
        adversaries=(AdversarySetup("dummy", (2, 2)),),
        bestiary=load_bestiary(DUMMY, "test dummy"),
        practice=True,
    )


def play(store: SaveStore, rows: int, seed: int) -> str:
    """Record ``rows`` log rows of random play: undos where the rules allow one, some steps marked as the stand-in's."""
    game_id = store.new_game(practice_setup(seed))
    game, recorder, rnd = Game(practice_setup(seed).start()[0]), store.recorder(game_id), random.Random(seed)
    for _ in range(rows):
        if game.can_undo() and rnd.random() < 0.3:
            game.undo()
            recorder.record_undo(game.state)
            continue
        action = rnd.choice(game.legal_actions())
        game.push(action)
        answer = StandInAnswer("test", "a choice", "the test's") if rnd.random() < 0.2 else None
        recorder.record(action, game.state, answer)
    return game_id


def test_a_long_fight_is_told_from_a_snapshot_ending_as_the_whole_telling(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = play(store, 600, 11)
    whole = store.load(game_id)
    assert whole.tail is None and whole.setup is not None  # 600 rows: told whole by default
    _opening, every_line = fight_log(whole.setup, whole.history)
    undos = sum(entry.action is None for entry in whole.history)
    assert undos > 50 and every_line.count("(Undone.)") > 20  # the fight has undos to get right
    starts = set()
    for told_back in range(20, 500, 15):  # the first snapshot is 81 rows in
        monkeypatch.setattr(replay, "TOLD_BACK", told_back)
        loaded = store.load(game_id)
        tail = loaded.tail
        assert tail is not None and loaded.setup is not None
        assert len(loaded.history) - tail.start >= told_back
        starts.add(tail.start)
        _opening, lines = fight_log(loaded.setup, loaded.history, tail)
        assert lines[0] == untold_line(tail.start)
        assert lines[1:] == every_line[len(every_line) - len(lines) + 1 :]
        assert answered_plies(loaded.history) == answered_plies(whole.history)
    assert len(starts) > 10  # many different snapshots were told from


def test_a_tail_is_never_a_snapshot_a_later_undo_reaches_behind(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = play(store, 600, 11)
    monkeypatch.setattr(replay, "TOLD_BACK", 20)
    loaded = store.load(game_id)
    assert loaded.tail is not None
    plies = []  # actions in force after each entry
    for entry in loaded.history:
        plies.append(plies[-1] - 1 if entry.action is None and plies else (plies[-1] if plies else 0) + 1)
    start = loaded.tail.start
    assert min(plies[start:]) >= plies[start - 1]


def test_a_short_fight_is_told_whole(store: SaveStore) -> None:
    game_id = play(store, 200, 5)
    loaded = store.load(game_id)
    assert loaded.tail is None and loaded.setup is not None
    _opening, lines = fight_log(loaded.setup, loaded.history, loaded.tail)
    assert not any(line.startswith("(The first") for line in lines)
