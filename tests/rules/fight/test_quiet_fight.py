"""A quiet fight (``CombatState.quiet``, the balance lab's) is how a fight is played, not part of it: never saved,
hashed, compared or cloned, and a save cannot ask for it."""

from __future__ import annotations

import json

from rt0table.rules.rt0.cli.simulation import BRICK_PLAYER, brick
from rt0table.rules.rt0.fight.engine import apply_unchecked
from rt0table.rules.rt0.fight.events import TALLIED, CardPlaced
from rt0table.rules.rt0.fight.rt0_setup import FightSetup
from rt0table.rules.rt0.fight.serialize import state_from_dict, state_hash, state_json, state_to_dict
from rt0table.rules.rt0.fight.state import CombatState

PRACTICE = FightSetup(3, (BRICK_PLAYER,), (), {}, practice=True)


def played(quiet: bool) -> tuple[CombatState, list[type]]:
    state, _ = PRACTICE.start(11)
    state.quiet = quiet
    kinds: list[type] = []
    for _ in range(30):
        kinds += [type(e) for e in apply_unchecked(state, brick(state))]
    return state, kinds


def test_a_quiet_fight_plays_the_same_and_says_only_what_the_lab_counts() -> None:
    quiet, heard = played(True)
    told, kept = played(False)
    assert CardPlaced in kept and set(heard) <= TALLIED
    assert heard == [k for k in kept if k in TALLIED]
    assert quiet == told  # equality ignores it
    assert state_json(quiet) == state_json(told) and state_hash(quiet) == state_hash(told)
    assert "quiet" not in state_to_dict(quiet)


def test_a_clone_and_a_saved_state_are_never_quiet() -> None:
    quiet, _ = played(True)
    assert not quiet.clone().quiet
    crafted = {**state_to_dict(quiet), "quiet": True}
    assert not state_from_dict(json.loads(json.dumps(crafted))).quiet
