"""The seam games' one codec (rules/game_json.py): every shape their values take round-trips, and data that does not
fit is refused naming the field; tagged actions, the canonical text and the checked decode."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

import pytest

from rt0table.rules.game_json import (
    TaggedActions,
    canonical,
    decode,
    decode_checked,
    digest,
    encode,
    union_members,
    written_as_field,
    written_as_row,
    written_by_name,
)
from rt0table.rules.seam import RulesError


@dataclass(frozen=True, slots=True)
class Inner:
    name: str
    count: int = 0


@dataclass(frozen=True, slots=True)
class Outer:
    flag: bool
    pair: tuple[str, int]
    many: tuple[Inner, ...]
    maybe: Inner | None = None
    either: int | str = 0


@dataclass(frozen=True, slots=True)
class Go:
    kind: str  # a field named like Moon's Grave's tag: Loner's tag is "action" for this reason


@dataclass(frozen=True, slots=True)
class Stop:
    pass


Move = Go | Stop


def test_every_shape_round_trips_in_field_order() -> None:
    value = Outer(True, ("a", 2), (Inner("x"), Inner("y", 3)), Inner("z", 1))
    data = encode(value)
    assert list(data) == ["flag", "pair", "many", "maybe", "either"]
    assert data["pair"] == ["a", 2] and data["many"][1] == {"name": "y", "count": 3}
    del data["either"]  # a union of two kinds cannot be read back: none of the games has one
    assert decode(Outer, data) == value
    assert decode(Outer, {**data, "maybe": None}) == Outer(True, ("a", 2), (Inner("x"), Inner("y", 3)))
    assert decode(Inner, {"name": "d"}) == Inner("d")  # a field with a default may be left out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"flag": 1}, r"outer\.flag: must be true or false"),
        ({"pair": ["a"]}, r"outer\.pair: must hold 2 items"),
        ({"pair": ["a", True]}, r"outer\.pair\[1\]: must be a whole number"),
        ({"many": {}}, r"outer\.many: must be a list"),
        ({"many": [{"count": 1}]}, r"outer\.many\[0\]\.name: is missing"),
        ({"many": [{"name": 3}]}, r"outer\.many\[0\]\.name: must be text"),
        ({"maybe": []}, r"outer\.maybe: must be an object"),
        ({"either": 1}, r"outer\.either: cannot tell which of several kinds this is"),
        ({"extra": 1}, r"outer\.extra: is not a field"),
    ],
)
def test_data_that_does_not_fit_names_the_field(change: dict[str, object], message: str) -> None:
    data = {**encode(Outer(False, ("a", 1), ())), **change}
    with pytest.raises(RulesError, match=message):
        decode(Outer, data, "outer")


def test_the_first_missing_field_is_named_in_the_class_order() -> None:
    with pytest.raises(RulesError, match=r"^Outer\.flag: is missing"):
        decode(Outer, {})


def test_a_checked_decode_refuses_what_its_problem_finds() -> None:
    def problem(inner: Inner) -> str | None:
        return "count: cannot be below 0" if inner.count < 0 else None

    assert decode_checked(Inner, {"name": "a", "count": 2}, "inner", problem) == Inner("a", 2)
    with pytest.raises(RulesError, match=r"^inner\.count: cannot be below 0$"):
        decode_checked(Inner, {"name": "a", "count": -1}, "inner", problem)


def test_tagged_actions_name_their_type_beside_their_fields() -> None:
    actions: TaggedActions[Move] = TaggedActions("action", union_members(Move), "a test move")
    assert union_members(Move) == (Go, Stop)
    assert actions.encode(Go("north")) == {"action": "Go", "kind": "north"}
    assert actions.decode({"action": "Go", "kind": "north"}) == Go("north")
    assert actions.decode({"action": "Stop"}) == Stop()
    with pytest.raises(RulesError, match=r"^action: must be an object naming its 'action'$"):
        actions.decode({"kind": "Go"})
    with pytest.raises(RulesError, match=r"^action\.action: 'Fly' is not a test move$"):
        actions.decode({"action": "Fly"})
    with pytest.raises(RulesError, match=r"^action Go\.kind: is missing$"):
        actions.decode({"action": "Go"})


def test_the_canonical_text_is_one_way_only() -> None:
    assert canonical({"b": [1, "é"], "a": None}) == '{"a":null,"b":[1,"é"]}'
    assert digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


class Colour(Enum):
    RED = "red"
    DEEP_BLUE = "deep blue"


class Shape(Enum):
    ROUND = "round"
    FLAT = "flat"


@dataclass(frozen=True, slots=True)
class Counter:
    value: int = 0


@dataclass(frozen=True, slots=True)
class Cell:
    colour: Colour
    size: int


@dataclass(frozen=True, slots=True)
class Board:
    shape: Shape
    colour: Colour | None
    cells: tuple[Cell, ...]
    counter: Counter = field(default_factory=Counter)


written_by_name(Colour)
written_as_row(Cell)
written_as_field(Counter)


def test_the_other_ways_of_writing_a_class_round_trip() -> None:
    """Enums by value or by name, a row, a class of one field; a field with a default factory may be left out."""
    board = Board(Shape.FLAT, Colour.DEEP_BLUE, (Cell(Colour.RED, 2),), Counter(4))
    data = encode(board)
    assert data == {"shape": "flat", "colour": "DEEP_BLUE", "cells": [["RED", 2]], "counter": 4}
    assert decode(Board, data) == board
    del data["counter"]
    assert decode(Board, data) == Board(Shape.FLAT, Colour.DEEP_BLUE, (Cell(Colour.RED, 2),))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"shape": "square"}, r"board\.shape: has the unknown value 'square'"),
        ({"shape": ["round"]}, r"board\.shape: has the unknown value \['round'\]"),
        ({"colour": "deep blue"}, r"board\.colour: has the unknown value 'deep blue'"),
        ({"cells": [["RED"]]}, r"board\.cells\[0\]: must hold 2 items"),
        ({"cells": [["RED", "2"]]}, r"board\.cells\[0\]\[1\]: must be a whole number"),
        ({"counter": True}, r"board\.counter: must be a whole number"),
    ],
)
def test_the_other_ways_name_the_field_that_does_not_fit(change: dict[str, object], message: str) -> None:
    data = {**encode(Board(Shape.ROUND, None, ())), **change}
    with pytest.raises(RulesError, match=message):
        decode(Board, data, "board")


def test_a_list_of_plain_values_says_what_it_holds() -> None:
    with pytest.raises(RulesError, match=r"words: must be a list of text"):
        decode(tuple[str, ...], "a b", "words")
