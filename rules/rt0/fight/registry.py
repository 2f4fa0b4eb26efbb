"""Where abilities are found: the registry by id, and which of a fighter's abilities react to each hook.

Kept apart from ``abilities`` so the effects every ability uses can call hooks without an
import cycle.
"""

from __future__ import annotations

from collections.abc import Callable
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
"""The Ability methods the engine calls on the abilities that override them (``Hooks`` has one field each)."""

HOOKS: tuple[Hook, ...] = get_args(Hook)


def _overrides(ability: Ability, hook: Hook) -> bool:
    """Whether the ability's own class (not the base Ability) defines this hook."""
    for klass in type(ability).__mro__:
        if hook in klass.__dict__:
            return klass.__name__ != "Ability"
    return False


class Hooks:
    """For one tuple of ability ids: each hook's abilities that override it, in the fighter's order.

    One field per hook, so a call site reads ``hooks(fighter.abilities).permits``: mypy checks the name, and once
    compiled the answer is a field of a C struct, where a table keyed by the hook's name was a string look-up.
    """

    def __init__(self, abilities: tuple[str, ...]) -> None:
        known = [ABILITIES[a] for a in abilities if a in ABILITIES]

        def overriding(hook: Hook) -> tuple[Ability, ...]:
            return tuple(a for a in known if _overrides(a, hook))

        self.on_draw: tuple[Ability, ...] = overriding("on_draw")
        self.at_turn_start: tuple[Ability, ...] = overriding("at_turn_start")
        self.at_turn_end: tuple[Ability, ...] = overriding("at_turn_end")
        self.before_damage: tuple[Ability, ...] = overriding("before_damage")
        self.after_damage: tuple[Ability, ...] = overriding("after_damage")
        self.damage_bonus: tuple[Ability, ...] = overriding("damage_bonus")
        self.shield_bonus: tuple[Ability, ...] = overriding("shield_bonus")
        self.extra_suits: tuple[Ability, ...] = overriding("extra_suits")
        self.permits: tuple[Ability, ...] = overriding("permits")
        self.catches: tuple[Ability, ...] = overriding("catches")
        self.on_fire: tuple[Ability, ...] = overriding("on_fire")
        self.on_discard: tuple[Ability, ...] = overriding("on_discard")
        self.damage_kind: tuple[Ability, ...] = overriding("damage_kind")
        self.reach_all: tuple[Ability, ...] = overriding("reach_all")
        self.shares_shield: tuple[Ability, ...] = overriding("shares_shield")
        self.foresees_intents: tuple[Ability, ...] = overriding("foresees_intents")
        self.damage_multiplier: tuple[Ability, ...] = overriding("damage_multiplier")
        self.shield_multiplier: tuple[Ability, ...] = overriding("shield_multiplier")
        self.shield_generated: tuple[Ability, ...] = overriding("shield_generated")
        self.adversary_damaged: tuple[Ability, ...] = overriding("adversary_damaged")
        self.intent_drawn: tuple[Ability, ...] = overriding("intent_drawn")
        self.on_cast: tuple[Ability, ...] = overriding("on_cast")
        self.intercepts_draw: tuple[Ability, ...] = overriding("intercepts_draw")
        self.forbids: tuple[Ability, ...] = overriding("forbids")
        self.strike_misses: tuple[Ability, ...] = overriding("strike_misses")
        self.zone_only: tuple[Ability, ...] = overriding("zone_only")
        self.receives_shield: tuple[Ability, ...] = overriding("receives_shield")
        self.skill_refusal: tuple[Ability, ...] = overriding("skill_refusal")


_KNOWN: Final[dict[tuple[str, ...], Hooks]] = {}
"""Every distinct tuple of ability ids asked about, worked out once (by value: equal tuples share one answer)."""


class _Recent:
    """The hooks of the last few abilities tuples asked about, found by identity.

    A fighter keeps one tuple object for a whole fight (clones share it), and a fight asks about a handful of
    fighters about 1,200 times: an identity test or two instead of hashing the tuple of ids on every question.
    """

    def __init__(self) -> None:
        self.keys: list[tuple[str, ...]] = []
        self.answers: list[Hooks] = []
        # the last tuple asked about with its answer, one field read before the lists: most questions come from
        # the fighter asked about last. One pair, set whole, so another thread never reads a tuple with the wrong
        # answer.
        self.last: tuple[tuple[str, ...], Hooks] = ((), Hooks(()))

    def hooks(self, abilities: tuple[str, ...]) -> Hooks:
        last = self.last
        if last[0] is abilities:
            return last[1]
        answer = self._found(abilities)
        self.last = (abilities, answer)
        return answer

    def _found(self, abilities: tuple[str, ...]) -> Hooks:
        keys = self.keys
        for index in range(len(keys)):
            if keys[index] is abilities:
                return self.answers[index]
        answer = _KNOWN.get(abilities)
        if answer is None:
            answer = _KNOWN[abilities] = Hooks(abilities)
        if len(keys) >= _RECENT_MOST:
            keys.pop()
            self.answers.pop()
        keys.insert(0, abilities)
        self.answers.insert(0, answer)
        return answer


_RECENT_MOST: Final = 8
_RECENT: Final = _Recent()


def hooks(abilities: tuple[str, ...]) -> Hooks:
    """Which of these abilities react to each hook, in the fighter's order."""
    return _RECENT.hooks(abilities)


def everyone_hooked(state: CombatState, hook: Callable[[Hooks], tuple[Ability, ...]]) -> list[tuple[Fighter, Ability]]:
    """Every fighter's abilities that react to a hook heard by the whole table, fighters in seat order.

    ``hook`` picks the field, e.g. ``lambda h: h.intent_drawn``: mypy checks the name, and nothing is looked up by it.
    """
    return [(fighter, ability) for fighter in state.fighters for ability in hook(hooks(fighter.abilities))]
