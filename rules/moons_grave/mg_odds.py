"""The exact odds a table shows before a roll and during the Plan (MG-ODDS, MG-ODDS-PERKS), dice alone.

Perks can still move a total after the dice land; these figures are the dice's own chances.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..dice.dice_odds import chance_at_least, chance_icons_at_least
from .combat_round import roll_for
from .mg_actions import TurnAction
from .mg_state import MgState
from .surge_dice import SURGE_D6


@dataclass(frozen=True, slots=True)
class RollOdds:
    dice: int
    difficulty: int
    success: Fraction
    boosts: tuple[Fraction, ...]  # P(at least 1, 2, 3 … ★)
    drags: tuple[Fraction, ...]  # P(at least 1, 2, 3 … ☠)


def roll_odds(dice: int, difficulty: int, icons_up_to: int = 3) -> RollOdds:
    steps = range(1, icons_up_to + 1)
    return RollOdds(
        dice,
        difficulty,
        chance_at_least(SURGE_D6, dice, difficulty),
        tuple(chance_icons_at_least(SURGE_D6, dice, "boosts", k) for k in steps),
        tuple(chance_icons_at_least(SURGE_D6, dice, "drags", k) for k in steps),
    )


def action_odds(state: MgState, action: TurnAction) -> RollOdds | None:
    """The odds of the roll ``action`` would ask for now, or None when it asks for none."""
    if action.action == "Finish" or (not state.has(action.target) and action.action in ("Attack", "Slaughter")):
        return None
    roll = roll_for(state, action)
    if roll is None or roll.difficulty <= 0:
        return None
    return roll_odds(roll.dice, roll.difficulty)


def _clash(state: MgState, action: TurnAction) -> Fraction | None:
    """NPC against NPC is settled without dice: certain either way."""
    fighter = state.fighter(action.fighter)
    if action.action != "Attack" or not fighter.npc or not state.has(action.target):
        return None
    target = state.fighter(action.target)
    if not target.npc:
        return None
    weapon = state.active_weapon(fighter)
    return Fraction(int(fighter.talent(weapon.attack) >= target.talent(weapon.defence)))


def turn_odds(state: MgState, fighter_id: str, actions: Sequence[TurnAction]) -> Fraction:
    """P(every one of these planned actions succeeds, none fumbling), with the Fumble Risk of planning them all.

    The rolls are independent, so it is the product of each roll's chance; rolls at difficulty 0 are not rolled,
    and a Finish ends the plan there.
    """
    planner = state.with_fighter(replace(state.fighter(fighter_id), planned=len(actions)))
    chance = Fraction(1)
    for action in actions:
        if action.action == "Finish":
            break
        certain = _clash(planner, action)
        if certain is not None:
            chance *= certain
            continue
        roll = roll_for(planner, action)
        if roll is not None:
            chance *= chance_at_least(SURGE_D6, roll.dice, roll.difficulty)
    return chance
