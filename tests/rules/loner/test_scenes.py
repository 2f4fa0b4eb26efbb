"""Scene framing, closing, transitions, Meanwhile, Dead Ends and the 5W+H setup."""

from __future__ import annotations

import random

import pytest

from rt0table.rules.loner.oracle import Answer
from rt0table.rules.loner.premise import read_setup, roll_setup
from rt0table.rules.loner.scenes import (
    CloseReason,
    DeadEndLog,
    DeadEndResult,
    SceneError,
    SceneFrame,
    TagUpdate,
    close_scene,
    hit_dead_end,
    open_scene,
    play_meanwhile,
    ran_its_course,
    read_transition,
    roll_transition,
)
from rt0table.rules.loner.tables import LonerTables
from rt0table.rules.loner.terms import SceneKind, SetupColumn
from tests.helpers.loner_rolls import ROLLS

FRAME = SceneFrame("transit hub", "two enforcers", "lose the tail")


def test_rolls_fixture_covers_every_answer() -> None:
    assert all(roll.answer is answer for answer, roll in ROLLS.items())


@pytest.mark.parametrize(
    ("die", "kind"),
    [(1, SceneKind.DRAMATIC), (2, SceneKind.DRAMATIC), (3, SceneKind.DRAMATIC), (4, SceneKind.QUIET),
     (5, SceneKind.QUIET), (6, SceneKind.MEANWHILE)],
)  # fmt: skip
def test_every_transition_face(tables: LonerTables, die: int, kind: SceneKind) -> None:
    transition = read_transition(tables, die)
    assert transition.kind is kind
    assert str(die) in transition.reason


def test_rolled_transition_is_seeded(tables: LonerTables) -> None:
    assert roll_transition(tables, random.Random(11)) == roll_transition(tables, random.Random(11))


def test_a_scene_opens_only_when_framed() -> None:
    with pytest.raises(SceneError, match="goal"):
        SceneFrame("alley", "a thug", " ")
    scene = open_scene(1, SceneKind.DRAMATIC, FRAME)
    assert scene.is_open
    closed = close_scene(scene, CloseReason.BLOCKED, " the dockworker bolts ")
    assert (closed.closed, closed.outcome, closed.is_open) == (
        CloseReason.BLOCKED,
        "the dockworker bolts",
        False,
    )
    with pytest.raises(SceneError, match="already closed"):
        close_scene(closed, CloseReason.RESOLVED, "")
    with pytest.raises(SceneError):
        open_scene(0, SceneKind.QUIET, FRAME)


@pytest.mark.parametrize("answer", list(Answer))
def test_any_yes_means_the_scene_ran_its_course(answer: Answer) -> None:
    assert ran_its_course(ROLLS[answer]) is answer.is_yes


@pytest.mark.parametrize("answer", list(Answer))
def test_meanwhile_ally_acts_on_any_yes(answer: Answer) -> None:
    update = TagUpdate("Tobias Wethern", "Searching for the Protagonist", "Hired Someone to Find Her")
    meanwhile = play_meanwhile(update, ROLLS[answer])
    assert meanwhile.ally_acts is answer.is_yes
    assert meanwhile.opposition.after == "Hired Someone to Find Her"
    with pytest.raises(SceneError):
        play_meanwhile(TagUpdate("Tobias", "Planning", ""), ROLLS[answer])


@pytest.mark.parametrize(
    ("answer", "result"),
    [
        (Answer.YES_AND, DeadEndResult.NEW_ELEMENT),
        (Answer.YES, DeadEndResult.NEW_ELEMENT),
        (Answer.YES_BUT, DeadEndResult.NEW_ELEMENT),
        (Answer.NO_BUT, DeadEndResult.WHY_IT_CLOSED),
        (Answer.NO, DeadEndResult.HOLDS),
        (Answer.NO_AND, DeadEndResult.HOLDS),
    ],
)
def test_first_dead_end_reads_the_reframe_question(answer: Answer, result: DeadEndResult) -> None:
    log, dead_end = hit_dead_end(DeadEndLog(), "the courier", ROLLS[answer])
    assert dead_end.result is result
    assert log.count("The Courier") == 1


def test_second_dead_end_on_a_thread_skips_the_question() -> None:
    log, _ = hit_dead_end(DeadEndLog(), "the courier", ROLLS[Answer.NO])
    assert not log.needs_roll("the courier")
    with pytest.raises(SceneError, match="before"):
        hit_dead_end(log, "the courier", ROLLS[Answer.YES])
    log, second = hit_dead_end(log, "The courier", None)
    assert (second.count, second.result, second.roll) == (2, DeadEndResult.REFRAME_ENTIRELY, None)
    assert log.needs_roll("another lead")
    with pytest.raises(SceneError, match="asks the oracle"):
        hit_dead_end(log, "another lead", None)


def test_setup_reads_one_die_per_column(tables: LonerTables) -> None:
    setup = read_setup(tables, (4, 3, 4, 5, 1, 3))  # the book's example
    assert setup.entry(SetupColumn.WHO) == "Mentor"
    assert setup.entry(SetupColumn.WHAT) == "Exploitation"
    assert setup.entry(SetupColumn.WHEN) == "Before it closes"
    assert setup.entry(SetupColumn.WHERE) == "McGuffin"
    assert setup.entry(SetupColumn.WHY) == "Aid"
    assert setup.entry(SetupColumn.HOW) == "Rumor or message"
    assert setup.summary.startswith("Who? Mentor / What? Exploitation")
    with pytest.raises(ValueError, match="6 dice"):
        read_setup(tables, (1, 2, 3))
    rolled = roll_setup(tables, random.Random(5))
    assert [d.column for d in rolled.draws] == list(SetupColumn)
