"""Skill checks in a fight: Mara against the Training Robot, and a check under Penalty up to the GM's question."""

from __future__ import annotations

from dataclasses import replace

from rt0table.rules.rt0.abilities.basic import PENALTY_PICK
from rt0table.rules.rt0.fight.actions import Choose, PlayCard
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, apply
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.traits import Arcana, Skill, Trait
from tests.helpers.fight_builders import fight, give

MARA = FighterSetup("mara", "Mara", (1, 1), frozenset({Trait.STRONG, Trait.WEAK}), Arcana.FOOL, a_plus=(Skill.GYM,))
ROBOT = [AdversarySetup("training_robot", (0, 0))]
QUEASY = replace(MARA, injuries=("Upset Stomach",))  # Penalty on every check


def option_index(state: CombatState, label: str) -> int:
    assert state.pending is not None
    return next(i for i, option in enumerate(state.pending.options) if option.label == label)


def asked(seed: int) -> CombatState | None:
    """A Movement / Skill check under Penalty, up to the GM's question (None when both cards read alike)."""
    state = fight([QUEASY], ROBOT, seed=seed)
    mara = state.fighter("mara")
    for card in give(state, mara, "2 of Cups", "3 of Cups"):
        state, _ = apply(state, PlayCard("mara", card, "move_skill"))
    state, _ = apply(state, Choose(option_index(state, "Make a skill check")))
    state, _ = apply(state, Choose(option_index(state, "ART")))
    state, _ = apply(state, Choose(option_index(state, "Medium")))
    return state if state.pending is not None and state.pending.kind == PENALTY_PICK else None


def first_asked() -> CombatState:
    return next(s for s in map(asked, range(40)) if s is not None)
