"""Undo across a playthrough is the one funnel's: ops come back in order, none behind a reveal, memory stays flat."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.playthrough import PlayStep
from rt0table.desktop.seam_session import Funnel
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.skill_check import Difficulty
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.story_seam import STORY
from rt0table.rules.rt0.story.tale import Story, StoryEvent, new_story
from rt0table.rules.rt0.traits import Skill
from rt0table.rules.seam import IllegalAction
from tests.helpers.sample_party import fool, magician, party


def funnel(story: Story) -> Funnel[Story, ops.Played, StoryEvent]:
    return Funnel(STORY, story, forgets=True)


def test_undo_takes_back_choices_in_order_and_stops_at_a_draw(qtbot: QtBot) -> None:
    start = new_story("solo", party(fool("Pip"), magician("Mo")), 4)
    played = funnel(start)
    for op in (ops.ChooseMeal("a", cp.Meal.NONE), ops.EndDay(), ops.WriteNote("the vault is shut")):
        played.play(op)
    assert played.undoable() == 3
    assert played.undo() and played.state.notes == ()
    assert played.undo() and played.state.campaign.day == 1 and played.state.choices.meal("a") is cp.Meal.NONE
    assert played.undo() and played.state == start
    assert played.undo_refusal() == "Nothing to undo yet." and not played.undo()
    played.play(ops.ChooseSleep("b", cp.Sleep.NONE))
    played.play(ops.DrawCheck("Mo", Skill.SCI, "pick the lock", Difficulty.EASY))
    assert played.undoable() == 0 and "showed something new" in (played.undo_refusal() or "")
    assert len(played.steps) == 1, "the draw's step alone is kept: nothing before it comes back"


def test_a_refused_op_changes_nothing(qtbot: QtBot) -> None:
    start = new_story("solo", party(fool("Pip")), 4)
    played = funnel(start)
    with pytest.raises(IllegalAction):
        played.play(ops.DeleteNote(9))
    assert played.state is start and played.steps == []


def test_a_step_read_back_from_a_save_is_undone_but_never_applied_again(qtbot: QtBot) -> None:
    start = new_story("solo", party(fool("Pip")), 4)
    later = STORY.apply(start, ops.WriteNote("kept"))[0]
    earlier: PlayStep = PlayStep(start, ops.Earlier("WriteNote"), ())
    played = funnel(later)
    played.reset(later, [earlier])
    assert played.undo() and played.state is start
    with pytest.raises(IllegalAction, match="before the game was reopened"):
        played.play(ops.Earlier("WriteNote"))


def test_memory_stays_flat_however_long_the_play(qtbot: QtBot) -> None:
    """Steps since the last reveal only: 1,000 ops with a check every fifth keep at most five (the check's own)."""
    played = funnel(new_story("solo", party(fool("Pip"), magician("Mo")), 9))
    deepest = 0
    for i in range(1000):
        op: ops.Op = (
            ops.DrawCheck("Pip", Skill.GYM, f"task {i}", Difficulty.EASY) if i % 5 == 4 else ops.WriteNote(f"note {i}")
        )
        try:
            played.play(op)
        except IllegalAction:  # a pile ran dry: the check is refused, nothing changes
            continue
        deepest = max(deepest, len(played.steps))
    assert deepest == 5 and played.undoable() <= 4
