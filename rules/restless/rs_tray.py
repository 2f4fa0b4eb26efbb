"""What the d20 tray shows before a Character attacks or dodges: the exact chance, with and without Rerolls, and
what a miss costs, for this Character, this item and this Target as the state stands."""

from __future__ import annotations

from fractions import Fraction

from .rs_effects import clamp, die_defense, roll_modifier, target_attack
from .rs_odds import Forecast, hit_chance, with_rerolls
from .rs_play import god_attack
from .rs_state import RsState


def attack_forecast(state: RsState, hero_id: str, item: str = "") -> Forecast:
    """Before ``Attack(hero_id, item)``: a Ranged roll's miss costs nothing; a Combat roll's costs the Target's
    Attack (a Traitor God's by the failed roll: the worst is shown, the expected damage counts every face)."""
    kind = state.card(item).roll_kind() if item else "combat"
    return _forecast(state, hero_id, kind, unarmed=not item)


def dodge_forecast(state: RsState, hero_id: str) -> Forecast:
    """A fleeing Character's Dodge: a failure costs 1."""
    return _forecast(state, hero_id, "dodge", unarmed=False)


def _forecast(state: RsState, hero_id: str, kind: str, unarmed: bool) -> Forecast:
    hero = state.hero(hero_id)
    modifier = roll_modifier(state, hero, kind, unarmed=unarmed)
    defense = die_defense(state)
    chance = hit_chance(defense, modifier)
    failing = [clamp(face + modifier) for face in range(1, 21) if clamp(face + modifier) < defense]
    if kind == "ranged":
        costs = [0 for _ in failing]
    elif kind == "dodge":
        costs = [1 for _ in failing]
    elif state.current and state.current == state.god:
        costs = [god_attack(state, total)[0] for total in failing]
    else:
        costs = [target_attack(state) for _ in failing]
    chances = tuple(with_rerolls(chance, r) for r in range(state.rerolls + 1))
    return Forecast(kind, defense, modifier, chance, chances, max(costs, default=0), Fraction(sum(costs), 20))
