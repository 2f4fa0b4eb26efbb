"""A state restored from its JSON plays on exactly as the original (dict order never steers the rules)."""

from __future__ import annotations

import json
import random

import pytest

from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, apply_in_place, legal_actions, new_combat
from rt0table.rules.rt0.fight.serialize import state_from_dict, state_hash, state_json
from rt0table.rules.rt0.traits import Arcana, Trait
from tests.helpers.fight_builders import bestiary

PARTY = [
    FighterSetup("mara", "Mara", (0, 1), frozenset({Trait.STRONG, Trait.SLOW}), Arcana.FOOL),
    FighterSetup("jo", "Jo", (1, 1), frozenset({Trait.FAST, Trait.WEAK}), Arcana.MAGICIAN),
]


@pytest.mark.rule("DECK-RESHUFFLE", "CMB-TURN")
@pytest.mark.parametrize("seed", range(6))
def test_a_reloaded_state_plays_on_identically(seed: int) -> None:
    state, _ = new_combat(seed, 3, PARTY, [AdversarySetup("laborer", (1, 0))], bestiary())
    chooser = random.Random(seed)
    for _ in range(40):  # play into the fight so bins fill in varied orders
        if state.result:
            return
        apply_in_place(state, chooser.choice(legal_actions(state)))
    twin = state_from_dict(json.loads(state_json(state)))
    assert state_hash(twin) == state_hash(state)
    for _ in range(300):
        if state.result:
            break
        action = chooser.choice(legal_actions(state))
        assert action in legal_actions(twin)
        apply_in_place(state, action)
        apply_in_place(twin, action)
        assert state_hash(twin) == state_hash(state)


@pytest.mark.rule("CMB-END")
def test_a_practice_fight_ends_when_nobody_can_act() -> None:
    lone = [FighterSetup("mara", "Mara", (0, 0), frozenset({Trait.WEAK, Trait.SLOW}), Arcana.FOOL)]
    state, _ = new_combat(0, 1, lone, [AdversarySetup("laborer", (0, 0))], bestiary(), practice=True)
    chooser = random.Random(0)
    for _ in range(5_000):
        if state.result:
            break
        actions = legal_actions(state)
        ends = [a for a in actions if type(a).__name__ == "EndTurn"]
        apply_in_place(state, ends[0] if ends else chooser.choice(actions))
    assert state.result == "defeat", "a practice fight must not run forever once every fighter is down"


def test_undo_keeps_only_what_can_still_be_undone() -> None:
    """Issue 13 item 7: the steps behind a reveal let go of their states; the count and the opening stay."""
    from rt0table.rules.rt0.fight.engine import Game, undoable

    state, _events = new_combat(5, 3, PARTY, [AdversarySetup("laborer", (1, 0))], bestiary(), practice=True)
    opening = state
    game, rnd = Game(state), random.Random(5)
    for _ in range(400):
        actions = game.legal_actions()
        if not actions:
            break
        game.push(rnd.choice(actions))
    held = game.held
    assert len(game.steps) > 100 and game.steps[0].before is opening and game.forgotten > 0
    assert held and not undoable(held[0].events)  # the last reveal, and every step after it
    assert all(undoable(step.events) for step in held[1:])
    distinct = {id(step.before) for step in game.steps}
    assert len(distinct) <= len(held) + 1  # one shared hollow entry for everything forgotten
    while game.can_undo():
        game.undo()
    assert len(game.steps) == game.forgotten + 1  # undo stops at the reveal, as it always did
