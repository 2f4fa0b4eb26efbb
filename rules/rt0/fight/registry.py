"""Where abilities are found: the registry by id, and which of a fighter's abilities react to a hook.

Kept apart from ``abilities`` so the effects every ability uses can call hooks without an
import cycle.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Literal, Protocol, get_args

if TYPE_CHECKING:
    from ..abilities.base import Ability
    from .state import CombatState, Fighter

ABILITIES: dict[str, Ability] = {}

Hook = Literal[
    "on_draw", "at_turn_start", "at_turn_end", "before_damage", "after_damage",
    "damage_bonus", "shield_bonus", "extra_suits", "permits",
    "catches", "on_fire", "on_discard", "damage_kind", "reach_all", "shares_shield", "foresees_intents",
    "damage_multiplier", "shield_multiplier", "shield_generated", "adversary_damaged", "intent_drawn",
    "on_cast", "intercepts_draw", "forbids", "strike_misses", "zone_only", "receives_shield", "skill_refusal",
]  # fmt: skip
"""The Ability methods the engine calls on the abilities that override them; mypy checks every name passed."""

HOOKS: tuple[Hook, ...] = get_args(Hook)


class UnknownHook(ValueError):
    """A hook name no Ability method answers to: a typo would otherwise find no ability at all."""


def _overrides(ability: Ability, hook: Hook) -> bool:
    """Whether the ability's own class (not the base Ability) defines this hook."""
    for klass in type(ability).__mro__:
        if hook in klass.__dict__:
            return klass.__name__ != "Ability"
    return False


def _hooked(abilities: tuple[str, ...], hook: Hook) -> tuple[Ability, ...]:
    if hook not in HOOKS:  # checked once per cached answer
        raise UnknownHook(f"{hook!r} is not an ability hook (rules/rt0/fight/registry.py lists them)")
    return tuple(ABILITIES[a] for a in abilities if a in ABILITIES and _overrides(ABILITIES[a], hook))


class Hooked(Protocol):
    """``hooked``'s signature, which ``functools.cache`` would otherwise hide from mypy (a typo would pass)."""

    def __call__(self, abilities: tuple[str, ...], hook: Hook, /) -> tuple[Ability, ...]: ...


hooked: Hooked = functools.cache(_hooked)
"""The abilities among these that react to ``hook``, in the fighter's order (cached: a fighter's abilities
and the hooks are few)."""


def everyone_hooked(state: CombatState, hook: Hook) -> list[tuple[Fighter, Ability]]:
    """Every fighter's abilities that react to ``hook``, fighters in seat order (hooks heard by the whole table)."""
    return [(fighter, ability) for fighter in state.fighters for ability in hooked(fighter.abilities, hook)]
