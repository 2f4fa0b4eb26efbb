"""Where abilities are found: the registry by id, and which of a fighter's abilities react to a hook.

Kept apart from ``abilities`` so the effects every ability uses can call hooks without an
import cycle.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..abilities.base import Ability
    from .state import CombatState, Fighter

ABILITIES: dict[str, Ability] = {}


def _overrides(ability: Ability, hook: str) -> bool:
    """Whether the ability's own class (not the base Ability) defines this hook."""
    for klass in type(ability).__mro__:
        if hook in klass.__dict__:
            return klass.__name__ != "Ability"
    return False


@functools.cache
def hooked(abilities: tuple[str, ...], hook: str) -> tuple[Ability, ...]:
    """The abilities among these that react to ``hook``, in the fighter's order."""
    return tuple(ABILITIES[a] for a in abilities if a in ABILITIES and _overrides(ABILITIES[a], hook))


def everyone_hooked(state: CombatState, hook: str) -> list[tuple[Fighter, Ability]]:
    """Every fighter's abilities that react to ``hook``, fighters in seat order (hooks heard by the whole table)."""
    return [(fighter, ability) for fighter in state.fighters for ability in hooked(fighter.abilities, hook)]
