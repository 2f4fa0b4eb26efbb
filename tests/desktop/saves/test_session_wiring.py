"""The Session (desktop/table/fight_session.py) records through the store's Recorder: play, undo, reload, same game.

The one save test that imports Qt, because the Session is a QObject; the store itself needs none.
"""

from __future__ import annotations

import random

from rt0table.desktop.saves import SaveStore
from rt0table.desktop.table.fight_session import Session
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.fight.serialize import state_hash


def test_a_session_wired_to_a_recorder_saves_every_step(store: SaveStore, setup: CombatSetup) -> None:
    game_id = store.new_game(setup)
    session = Session(store.load(game_id).game, store.recorder(game_id))
    rnd = random.Random(11)
    for _ in range(80):
        if session.undo_refusal() is None and rnd.random() < 0.2:
            assert session.undo()
        elif actions := session.game.legal_actions():
            assert session.submit(rnd.choice(actions))
    loaded = store.load(game_id)
    assert state_hash(loaded.game.state) == state_hash(session.state)
    assert loaded.actions == session.game.actions
