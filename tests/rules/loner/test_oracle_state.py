"""The oracle state: asking, the Twist coming due, scenes, notes and Leverage."""

from __future__ import annotations

import pytest

from rt0table.rules.loner.dice import DiceError, EnteredDice
from rt0table.rules.loner.inspiration import roll_inspiration
from rt0table.rules.loner.journal import InspirationEntry, LeverageEntry, QuestionEntry, SceneEntry, TwistEntry
from rt0table.rules.loner.leverage import Leverage
from rt0table.rules.loner.oracle import Answer, Edge, OracleThrow
from rt0table.rules.loner.oracle_state import (
    OracleState,
    OracleStateError,
    annotate,
    ask,
    begin_scene,
    end_scene,
    inspire,
    resolve_twist,
    set_conflict,
    set_leverage,
)
from rt0table.rules.loner.scenes import CloseReason, SceneError, SceneFrame, read_transition
from rt0table.rules.loner.tables import LonerTables
from rt0table.rules.loner.terms import SceneKind

DOUBLE = OracleThrow((2,), (2,))


def test_ask_logs_the_question_with_its_edge() -> None:
    state, asked = ask(OracleState(), " Is the guard asleep? ", ["Quiet Feet"], [], OracleThrow((5, 1), (2,)))
    assert asked.edge.edge is Edge.ADVANTAGE
    assert asked.roll.answer is Answer.YES
    entry = state.journal.entries[0]
    assert isinstance(entry, QuestionEntry)
    assert (entry.question, entry.tags_for, entry.id) == ("Is the guard asleep?", ("Quiet Feet",), 1)


def test_dice_must_fit_the_edge() -> None:
    with pytest.raises(DiceError, match="Disadvantage rolls 1 Chance and 2 Risk"):
        ask(OracleState(), "Can I pick it?", [], ["High-Security Vault"], OracleThrow((4,), (3,)))
    with pytest.raises(OracleStateError, match="question"):
        ask(OracleState(), " ", [], [], OracleThrow((4,), (3,)))


def test_third_doubles_make_a_twist_due_until_it_is_rolled(tables: LonerTables) -> None:
    state = set_leverage(OracleState(), Leverage("credentials"))
    for expected in (1, 2):
        state, asked = ask(state, "Q?", [], [], DOUBLE)
        assert state.counter.value == expected and not state.twist_due
    state, asked = ask(state, "Q?", [], [], DOUBLE)
    assert state.twist_due and state.counter.value == 0 and asked.entry.twist_counter == 3
    with pytest.raises(OracleStateError, match="Twist is due"):
        ask(state, "Q?", [], [], DOUBLE)
    state, twist = resolve_twist(state, tables, 1, 5)
    assert twist.action == "Changes the goal"
    assert not state.twist_due and not state.leverage.held
    assert isinstance(state.journal.entries[-2], TwistEntry)
    assert isinstance(state.journal.entries[-1], LeverageEntry), "the Twist's end of the Leverage is logged"
    with pytest.raises(OracleStateError, match="no Twist"):
        resolve_twist(state, tables, 1, 1)


def test_conflict_doubles_leave_the_counter_alone() -> None:
    state = set_conflict(OracleState(), True)
    state, asked = ask(state, "Do I dodge?", [], [], DOUBLE)
    assert state.counter.value == 0 and asked.roll.answer is Answer.YES_BUT
    state = set_conflict(state, False)
    state, _ = ask(state, "Do I dodge?", [], [], DOUBLE)
    assert state.counter.value == 1


def test_scenes_open_close_and_log(tables: LonerTables) -> None:
    frame = SceneFrame("lower market", "a checkpoint guard", "reach the quarantine ring")
    state = begin_scene(OracleState(), SceneKind.DRAMATIC, frame)
    assert state.scene is not None and state.scene.number == 1
    with pytest.raises(SceneError, match="close scene 1"):
        begin_scene(state, SceneKind.QUIET, frame)
    state, kind = end_scene(state, CloseReason.RESOLVED, "found the contact", read_transition(tables, 6))
    assert kind is SceneKind.MEANWHILE
    closing = state.journal.entries[-1]
    assert isinstance(closing, SceneEntry) and closing.transition_die == 6
    with pytest.raises(SceneError, match="no scene"):
        end_scene(state, CloseReason.RESOLVED, "", read_transition(tables, 1))
    state = begin_scene(state, kind, frame)
    assert state.scene is not None and state.scene.number == 2


def test_notes_and_inspiration(tables: LonerTables) -> None:
    state, _ = ask(OracleState(), "Q?", [], [], OracleThrow((4,), (1,)))
    state, note = annotate(state, "the guard yawns", about=1)
    assert note.about == 1
    state = inspire(state, roll_inspiration(tables, EnteredDice([2, 4, 3, 2]), adjective=False))
    last = state.journal.entries[-1]
    assert isinstance(last, InspirationEntry) and last.words == ("multiply", "motion")
