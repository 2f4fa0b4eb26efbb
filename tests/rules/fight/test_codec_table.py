"""The codec's tables name classes by module path: a class that moves (rules/story into rules/rt0/story, issue 29)
and keeps its old name there would silently be saved another way, so every name must still be a class."""

from __future__ import annotations

import importlib
from dataclasses import is_dataclass

import pytest

from rt0table.rules.rt0.fight.serialize import ROWS, VERSIONED, encode
from rt0table.rules.rt0.story.chronicle import Line
from rt0table.rules.rt0.story.tale import FinishedFight, Note


@pytest.mark.parametrize("name", sorted({*ROWS, *VERSIONED}))
def test_every_class_the_codec_table_names_is_there(name: str) -> None:
    module, _, kind = name.rpartition(".")
    found = getattr(importlib.import_module(f"rt0table.rules.{module}"), kind, None)
    assert found is not None and is_dataclass(found), f"{name} in rules/rt0/fight/serialize.py names no class"


def test_the_storys_rows_are_saved_as_the_lists_they_always_were() -> None:
    assert encode(FinishedFight(number=2, result="won", gain=3)) == [2, "won", 3]
    assert encode(Note(id=4, day=1, text="the door")) == [4, 1, "the door"]
    assert isinstance(encode(Line(day=1, who=None, text="x")), list)
