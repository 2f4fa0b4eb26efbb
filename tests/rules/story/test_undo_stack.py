"""Undo across a playthrough keeps only what can still be undone: nothing before the last reveal."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.skill_check import Difficulty
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.tale import Story, apply, new_story
from rt0table.rules.rt0.story.undo_stack import UndoStack
from rt0table.rules.rt0.traits import Skill
from rt0table.rules.seam import IllegalAction
from tests.helpers.sample_party import fool, magician, party


def play(story: Story, stack: UndoStack, op: ops.Op) -> tuple[Story, UndoStack]:
    after, events = apply(story, op)
    return after, stack.pushed(op, story, events)


def test_undo_takes_back_choices_in_order_and_stops_at_a_draw() -> None:
    s, stack = new_story("solo", party(fool("Pip"), magician("Mo")), 4), UndoStack()
    start = s
    s, stack = play(s, stack, ops.ChooseMeal("a", cp.Meal.NONE))
    s, stack = play(s, stack, ops.EndDay())
    s, stack = play(s, stack, ops.WriteNote("the vault is shut"))
    assert len(stack) == 3
    stack, step = stack.popped()
    assert step.op == ops.WriteNote("the vault is shut") and step.before.notes == ()
    stack, step = stack.popped()
    assert step.before.campaign.day == 1 and step.before.choices.meal("a") is cp.Meal.NONE
    stack, step = stack.popped()
    assert step.before == start
    assert stack.refusal() is not None
    with pytest.raises(IllegalAction):
        stack.popped()
    s, stack = play(s, stack, ops.ChooseSleep("b", cp.Sleep.NONE))
    s, stack = play(s, stack, ops.DrawCheck("Mo", Skill.SCI, "pick the lock", Difficulty.EASY))
    assert len(stack) == 0  # the draw showed cards: nothing before it comes back


def test_memory_stays_flat_however_long_the_play() -> None:
    """Steps between reveals only: 1,000 ops with a check every fifth keep at most four steps."""
    s, stack = new_story("solo", party(fool("Pip"), magician("Mo")), 9), UndoStack()
    deepest = 0
    for i in range(1000):
        if i % 5 == 4:
            op: ops.Op = ops.DrawCheck("Pip", Skill.GYM, f"task {i}", Difficulty.EASY)
        else:
            op = ops.WriteNote(f"note {i}")
        try:
            s, stack = play(s, stack, op)
        except IllegalAction:  # a pile ran dry: the check is refused, nothing changes
            continue
        deepest = max(deepest, len(stack))
    assert deepest == 4
    assert len(stack) <= 4
