"""Where abilities are found: the registry by id, and which of a fighter's abilities react to a hook.

Kept apart from ``abilities`` so the effects every ability uses can call hooks without an
import cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, get_args

if TYPE_CHECKING:
    from ..abilities.base import Ability
    from .state import CombatState, Fighter

ABILITIES: Final[dict[str, Ability]] = {}  # Final: a C static once compiled, asked for on every action

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


def _table(abilities: tuple[str, ...]) -> dict[str, tuple[Ability, ...]]:
    """Every hook's answer for these abilities, worked out once per distinct tuple of ability ids."""
    table = _TABLES.get(abilities)
    if table is None:
        known = [ABILITIES[a] for a in abilities if a in ABILITIES]
        table = {hook: tuple(a for a in known if _overrides(a, hook)) for hook in HOOKS}
        _TABLES[abilities] = table
    return table


_TABLES: Final[dict[tuple[str, ...], dict[str, tuple[Ability, ...]]]] = {}


class _Recent:
    """The tables of the last few abilities tuples asked about, found by identity.

    A fighter keeps one tuple object for a whole fight (clones share it), and a fight asks about a handful of
    fighters about 1,400 times: an identity test or two instead of hashing the tuple of ids on every question.
    """

    def __init__(self) -> None:
        self.keys: list[tuple[str, ...]] = []
        self.tables: list[dict[str, tuple[Ability, ...]]] = []

    def table(self, abilities: tuple[str, ...]) -> dict[str, tuple[Ability, ...]]:
        keys = self.keys
        for index in range(len(keys)):
            if keys[index] is abilities:
                return self.tables[index]
        table = _table(abilities)
        if len(keys) >= _RECENT_MOST:
            keys.pop()
            self.tables.pop()
        keys.insert(0, abilities)
        self.tables.insert(0, table)
        return table


_RECENT_MOST: Final = 8
_RECENT: Final = _Recent()


def hooked(abilities: tuple[str, ...], hook: Hook) -> tuple[Ability, ...]:
    """The abilities among these that react to ``hook``, in the fighter's order."""
    found = _RECENT.table(abilities).get(hook)
    if found is None:
        raise UnknownHook(f"{hook!r} is not an ability hook (rules/rt0/fight/registry.py lists them)")
    return found


def everyone_hooked(state: CombatState, hook: Hook) -> list[tuple[Fighter, Ability]]:
    """Every fighter's abilities that react to ``hook``, fighters in seat order (hooks heard by the whole table)."""
    return [(fighter, ability) for fighter in state.fighters for ability in hooked(fighter.abilities, hook)]
