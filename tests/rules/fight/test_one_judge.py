"""One judge of legality: ``legal_actions`` is exactly the actions ``refusal`` allows, and it asks the same predicate.

Random play (the random-play test's fights and policies) reaches the states; in each, every action of every shape
(``rt0_seam.action_space``: every card id on every bin, unknown ones too, every option index and one past each end)
is judged by ``refusal``, and the ones it allows are the legal ones. The wiring test makes the predicate object to
one action at a time, at each of its layers, and sees that action vanish from ``legal_actions`` and only that one.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from rt0table.rules.rt0.fight import engine
from rt0table.rules.rt0.fight.actions import Action, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.engine import (
    AdversarySetup,
    FighterSetup,
    apply_in_place,
    legal_actions,
    new_combat,
    refusal,
)
from rt0table.rules.rt0.fight.serialize import is_compiled
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.rt0_seam import action_space
from rt0table.rules.rt0.traits import Arcana, Trait
from tests.helpers.random_fights import fights
from tests.helpers.random_play import BESTIARY, SOAK, Fight, choose, start

EXAMPLES = int(os.environ.get("RT0_SOAK_EXAMPLES", "1000")) if SOAK else 20
STEPS = 200 if SOAK else 60
LABORER = AdversarySetup("laborer", (0, 0))


def reached(fight: Fight, steps: int = STEPS) -> Iterator[CombatState]:
    """Every state of one random legal game, the opening's included."""
    state = start(fight)
    draw = random.Random(fight.policy.seed)
    for _ in range(steps):
        yield state
        legal = legal_actions(state)
        if not legal:
            return
        apply_in_place(state, choose(draw, fight.policy, legal))
    yield state


@settings(
    max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(fights())
@pytest.mark.rule("CARD-78", "CMB-TURN", "CMB-HONK", "CMB-CHOOSE-ABILITIES")
def test_the_legal_actions_are_exactly_those_refusal_allows(fight: Fight) -> None:
    for step, state in enumerate(reached(fight)):
        where = f"seed={fight.seed} play_seed={fight.policy.seed} step={step}"
        legal = legal_actions(state)
        assert len(set(legal)) == len(legal), f"{where}: legal_actions lists an action twice"
        reasons = {action: refusal(state, action) for action in action_space(state)}
        assert set(legal) == {a for a, why in reasons.items() if why is None}, where
        for action, why in reasons.items():
            assert why is None or why.strip(), f"{where}: {action} is refused without a reason"


# --- the wiring: legal_actions asks the predicate refusal words ------------------------------------------------


def a_turn_with_plays() -> CombatState:
    """The first state of a seeded fight with a play, an end of turn and nothing asked."""
    state, _ = new_combat(5, 3, [FighterSetup("mara", "Mara", (0, 1))], [LABORER], BESTIARY)
    while state.pending is not None:
        apply_in_place(state, Choose(0))
    assert any(isinstance(a, PlayCard) for a in legal_actions(state)) and EndTurn("mara") in legal_actions(state)
    return state


def a_question() -> CombatState:
    """A High Priestess's first question: which of her next two cards to keep on top (two options or more)."""
    priestess = FighterSetup("jo", "Jo", (1, 1), frozenset({Trait.FAST, Trait.WEAK, Trait.WISE}), Arcana.HIGH_PRIESTESS)
    state, _ = new_combat(5, 3, [priestess], [LABORER], BESTIARY)
    assert state.pending is not None and len(state.pending.options) > 1
    return state


def objecting(layer: str, target: Action, rule: int) -> Callable[..., int]:
    """The engine's own layer ``layer``, made to object to ``target`` alone (with ``rule``)."""
    real: Callable[..., int] = getattr(engine, layer)

    def judged(*args: Any) -> int:
        if layer == "objection" and args[1] == target:
            return rule
        if layer == "move_objection" and args[2] == target:
            return rule
        if layer == "bin_objection" and isinstance(target, PlayCard):
            _, fighter, ability, card = args
            if (fighter.id, ability.id, card) == (target.fighter, target.ability, target.card):
                return rule
        return real(*args)

    return judged


compiled = pytest.mark.skipif(
    is_compiled(engine),
    reason="compiled, the engine calls its own functions directly; the plain run proves the same source's wiring",
)


@compiled
@pytest.mark.parametrize(
    ("layer", "shape"),
    [("bin_objection", PlayCard), ("move_objection", EndTurn), ("objection", Choose)],
)
def test_legal_actions_drops_what_the_predicate_objects_to(
    monkeypatch: pytest.MonkeyPatch, layer: str, shape: type
) -> None:
    rule = {PlayCard: engine._NOT_IN_HAND, EndTurn: engine._MUST_HONK, Choose: engine._NO_SUCH_OPTION}[shape]
    state = a_question() if shape is Choose else a_turn_with_plays()
    before = legal_actions(state)
    for target in [a for a in before if isinstance(a, shape)]:
        with monkeypatch.context() as patch:
            patch.setattr(engine, layer, objecting(layer, target, rule))
            assert legal_actions(state) == [a for a in before if a != target], (layer, target)
            assert refusal(state, target), (layer, target)
    assert legal_actions(state) == before


@compiled
def test_legal_actions_lists_no_move_when_the_moment_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    state = a_turn_with_plays()
    monkeypatch.setattr(engine, "_turn_objection", lambda state, who: engine._NOT_THEIR_TURN)
    assert legal_actions(state) == []
    assert all(refusal(state, a) for a in action_space(state) if not isinstance(a, Choose))
