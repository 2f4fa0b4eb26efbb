"""The hand-written constructors of the commonest events, actions and options build exactly what the dataclass's would.

They exist for speed (mypyc compiles a written ``__init__``; the one ``dataclass`` generates runs interpreted and
costs about four times as much): each must take the fields in their order, by position or by name, with the
fields' defaults, and leave the value frozen, equal and hashable as before. The mutable records a fight is made of
(``CombatState``, ``Fighter``, ``Adversary``, ``Pile``) write theirs too: a field with a ``default_factory`` takes
``None`` for "left out" and gets a fresh empty list or dict, never one shared between records.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from typing import Any

import pytest

from rt0table.rules.rt0.abilities import (
    base,
    basic,
    belongings,
    eddy,
    fool,
    injury_effects,
    magician,
    priestess,
    spells,
)
from rt0table.rules.rt0.content.adversaries import AdversaryKind, bundled_bestiary
from rt0table.rules.rt0.fight import actions, deck, effects, events, intents, state, zones
from rt0table.rules.rt0.fight.serialize import field_types
from rt0table.rules.rt0.lab import fight_row

HOT = {
    "CardPlaced",
    "DamageDealt",
    "ShieldGained",
    "DecisionMade",
    "PlayCard",
    "EndTurn",
    "Choose",
    "Option",
    "StrikeTarget",
    "PendingDecision",
    "FaceTarget",
    "CardsTarget",
    "Peeked",
    "Progress",
    "FightRow",
    "CombatState",
    "Fighter",
    "Adversary",
    "Pile",
}
"""A few of the written ones: the test below must find at least these."""


MODULES = (events, actions, state, effects, intents, deck)
MODULES += (base, basic, belongings, eddy, fool, injury_effects, magician, priestess, spells, fight_row)
"""Where the rules keep their values: events, actions, options and their targets, decisions' contexts, fight records."""


def _written(kind: type) -> bool:
    """Whether the class's own ``__init__`` is one we wrote (compiled: native, no code object; plain: our file)."""
    init = vars(kind).get("__init__")
    if init is None:
        return False
    code = getattr(init, "__code__", None)
    return code is None or code.co_filename != "<string>"


WRITTEN = [
    kind
    for module in MODULES
    for kind in vars(module).values()
    if isinstance(kind, type)
    and kind.__module__ == module.__name__
    and dataclasses.is_dataclass(kind)
    and _written(kind)
]


def _sample(kind: type, index: int, field: dataclasses.Field[Any]) -> object:
    """A value of the field's type, distinct for each field so a constructor that swaps two is caught.

    The types come from ``field_types``: compiled, the dataclass's own annotations are erased (and a compiled
    constructor refuses a value of the wrong type).
    """
    return _of_type(field_types(kind)[field.name], index)


def _of_type(hint: Any, index: int) -> object:
    if hint is bool:
        return index % 2 == 0
    if hint is str:
        return f"value {index}"
    if hint is state.Target:  # an option's value (compiled, its constructor refuses anything else)
        return state.NumberTarget(index + 7)
    if hint is state.Context:  # a decision's context: its one field-less value stands for any
        return state.NO_CONTEXT
    if hint is zones.Room:
        return zones.Room((1, 3, 5)[index % 3])
    if hint is AdversaryKind:
        return bundled_bestiary("book.json")["laborer"]
    if hint in (state.Fighter, state.Adversary, deck.Pile, state.PendingDecision, state.Checkpoint):
        return _build(hint, index)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = list(hint)
        return members[index % len(members)]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is list:
        return [_of_type(args[0], index), _of_type(args[0], index + 1)]
    if origin is dict:
        return {_of_type(args[0], index): _of_type(args[1], index)}
    if origin is frozenset:
        return frozenset({_of_type(args[0], index)})
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (_of_type(args[0], index), _of_type(args[0], index + 3))
        return tuple(_of_type(arg, index + place) for place, arg in enumerate(args))
    if origin in (typing.Union, types.UnionType):
        return _of_type(next(arg for arg in args if arg is not type(None)), index)
    return index + 7  # CardId, int, Any


def _build(kind: type, index: int) -> object:
    """A record of the kind with every field given (fighters for a state, a decision for a list of them)."""
    fields = dataclasses.fields(kind)
    return kind(*[_sample(kind, index + i, f) for i, f in enumerate(fields)])


def _frozen(kind: type) -> bool:
    return bool(kind.__dataclass_params__.frozen)  # type: ignore[attr-defined]


def test_the_commonest_values_have_written_constructors() -> None:
    assert {kind.__name__ for kind in WRITTEN} >= HOT


def test_every_event_has_a_written_constructor() -> None:
    every = [kind for kind in vars(events).values() if isinstance(kind, type) and issubclass(kind, events.Event)]
    assert len(every) > 60
    assert [kind.__name__ for kind in every if kind is not events.Event and not _written(kind)] == []


@pytest.mark.parametrize("kind", WRITTEN, ids=lambda k: k.__name__)
def test_a_written_constructor_builds_the_fields_in_order(kind: type) -> None:
    fields = dataclasses.fields(kind)
    values = [_sample(kind, i, f) for i, f in enumerate(fields)]
    by_position = kind(*values)
    by_name = kind(**{f.name: v for f, v in zip(fields, values, strict=True)})
    assert [getattr(by_position, f.name) for f in fields] == values
    assert by_position == by_name
    if not _frozen(kind):  # a fight's mutable records: changed in place, never hashed
        return
    assert hash(by_position) == hash(by_name)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(by_position, fields[0].name, values[0])


@pytest.mark.parametrize("kind", WRITTEN, ids=lambda k: k.__name__)
def test_a_left_out_field_takes_its_default(kind: type) -> None:
    fields = dataclasses.fields(kind)
    required = [f for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    value = kind(*[_sample(kind, i, f) for i, f in enumerate(required)])
    other = kind(*[_sample(kind, i, f) for i, f in enumerate(required)])
    for field in fields[len(required) :]:
        if field.default_factory is dataclasses.MISSING:
            assert getattr(value, field.name) == field.default
        else:  # a fresh empty list or dict for each record, as the factory gave
            made = field.default_factory()
            assert getattr(value, field.name) == made and type(getattr(value, field.name)) is type(made)
            assert getattr(value, field.name) is not getattr(other, field.name)
