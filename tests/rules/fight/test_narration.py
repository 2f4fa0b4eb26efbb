"""The combat log's words: every event class has a line (or is deliberately silent), drawn cards stay secret."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from rt0table.rules.rt0.cards import TOWER, by_name
from rt0table.rules.rt0.fight import events as ev
from rt0table.rules.rt0.fight.narration import narrate, narrate_all
from rt0table.rules.rt0.fight.serialize import field_types
from tests.helpers.fight_builders import drill

SILENT = {ev.Event}
SAMPLE = {
    "fighter": "mara",
    "adversary": "training_robot-1",
    "who": "mara",
    "source": "mara",
    "target": "training_robot-1",
    "by": "mara",
    "actor": "mara",
    "pile": "mara",
}


def sample(cls: type[ev.Event]) -> ev.Event:
    """An event of this class with plausible values of each field's own type."""
    types = field_types(cls)
    values: dict[str, object] = {}
    for field in dataclasses.fields(cls):
        kind = types[field.name]
        if field.name in SAMPLE:
            values[field.name] = SAMPLE[field.name]
        elif field.name in ("card", "discarded"):
            values[field.name] = 16
        elif field.name == "cards":
            values[field.name] = (16, 30)
        elif kind == tuple[int, int]:  # a Zone
            values[field.name] = (0, 0)
        elif kind is int:
            values[field.name] = 3
        elif kind is bool:
            values[field.name] = False
        elif typing.get_origin(kind) is tuple:
            values[field.name] = ()
        else:
            values[field.name] = "victory" if field.name == "result" else "hand" if field.name == "origin" else "x"
    return cls(**values)


EVENT_CLASSES = [c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event) and c not in SILENT]


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_every_event_has_a_line(cls: type[ev.Event]) -> None:
    state, _ = drill()
    event = sample(cls)
    line = narrate(state, event)
    if cls in (ev.CardsDiscarded, ev.IntentSpent):
        return  # an ability's own discard is told by AbilityResolved instead; a spent intent is bookkeeping
    assert line and "{" not in line


def test_drawn_cards_are_never_named() -> None:
    state, _ = drill()
    assert narrate(state, ev.CardsDrawn("mara", (16, 30))) == "Mara draws 2 cards."


def test_damage_reads_like_the_table() -> None:
    state, _ = drill()
    line = narrate(state, ev.DamageDealt("training_robot-1", "mara", 6, 5, 19))
    assert line == "Training Attack Robot deals 6 damage to Mara, 5 blocked by Shield: 19 HP left."


def test_every_line_is_said_as_the_engine_told_it() -> None:
    """Nothing is folded away: the engine announces each decision once (test_decision_announcements.py)."""
    state, _ = drill()
    drawn = ev.CardsDrawn("mara", (16,))
    assert narrate_all(state, [drawn, ev.IntentSpent("training_robot-1"), drawn]) == ["Mara draws 1 card."] * 2


def test_the_card_a_trick_shows_is_not_named_unless_it_is_the_tower() -> None:
    state, _ = drill()
    seven = by_name("7 of Cups")
    assert "7 of Cups" not in narrate(state, ev.TrickCardShown("mara", seven))
    assert "The Tower" in narrate(state, ev.TrickCardShown("mara", TOWER))
    assert "7 of Cups" not in narrate(state, ev.TrickGuessed("mara", seven, True))
    assert "charmed" in narrate(state, ev.IntentDiscarded("training_robot-1", seven, "charmed"))
