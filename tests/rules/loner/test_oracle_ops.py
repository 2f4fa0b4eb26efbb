"""The oracle's ops: the dice come from the generator handed in (or typed in with the op), never from elsewhere."""

from __future__ import annotations

import pytest

from rt0table.rules.loner.journal import NoteEntry, QuestionEntry, TwistEntry
from rt0table.rules.loner.loner_state import book_tables
from rt0table.rules.loner.oracle_codec import read_oracle_state, write_oracle
from rt0table.rules.loner.oracle_ops import (
    AskOracle,
    NoteOracle,
    OracleOp,
    RollInspiration,
    SetConflict,
    apply_oracle,
    oracle_rng,
    read_oracle_op,
    write_oracle_op,
)
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.loner.twist import TwistCounter

PLAY: tuple[OracleOp, ...] = (
    AskOracle("Is the road watched?", ("Careful",), ()),
    RollInspiration(),
    NoteOracle("Keep to the ditches", 1),
    SetConflict(True),
    AskOracle("Do I slip past?"),
)


def play(seed: int) -> OracleState:
    state = OracleState()
    for op in PLAY:
        state = apply_oracle(state, op, oracle_rng(state, seed), book_tables()).state
    return state


def test_the_same_seed_gives_the_same_answers_and_another_seed_others() -> None:
    assert play(7) == play(7)
    answers = {
        tuple(e.roll.throw for e in play(seed).journal.entries if isinstance(e, QuestionEntry)) for seed in range(8)
    }
    assert len(answers) > 1


def test_the_generator_lives_in_the_state_and_in_its_document() -> None:
    state = play(7)
    assert state.rng is not None
    assert read_oracle_state(write_oracle(state)) == state
    assert "rng" not in write_oracle(OracleState())  # an oracle that never rolled writes what saves always held


def test_typed_in_dice_are_used_and_the_generator_is_not_drawn() -> None:
    state = OracleState(counter=TwistCounter(2), rng=99)
    outcome = apply_oracle(state, AskOracle("Is it locked?", dice=(4, 4), twist_dice=(1, 5)), 12345, book_tables())
    question, twist = outcome.entries
    assert isinstance(question, QuestionEntry) and question.roll.throw.chance == (4,) and question.roll.doubles
    assert isinstance(twist, TwistEntry) and (twist.twist.subject_die, twist.twist.action_die) == (1, 5)
    assert outcome.rolled and outcome.state.rng == 99 and not outcome.state.twist_due


def test_a_toggle_and_a_note_throw_no_dice() -> None:
    toggled = apply_oracle(OracleState(), SetConflict(True), 5, book_tables())
    assert toggled.state.in_conflict and not toggled.rolled and toggled.entries == () and toggled.state.rng is None
    noted = apply_oracle(toggled.state, NoteOracle("Quiet now"), 5, book_tables())
    assert not noted.rolled and isinstance(noted.entries[0], NoteEntry)


def test_a_refused_op_says_why_in_the_rules_words() -> None:
    with pytest.raises(ValueError, match="type the question first"):
        apply_oracle(OracleState(), AskOracle("  "), 1, book_tables())
    with pytest.raises(ValueError, match="1 Chance and 1 Risk"):
        apply_oracle(OracleState(), AskOracle("Is it?", dice=(3,)), 1, book_tables())


@pytest.mark.parametrize("op", PLAY)
def test_every_op_reads_back_as_written(op: OracleOp) -> None:
    assert read_oracle_op(write_oracle_op(op), "row") == op


def test_a_damaged_op_names_its_field() -> None:
    with pytest.raises(ValueError, match=r"row\.op: must name one"):
        read_oracle_op({"op": "Shout"}, "row")
    with pytest.raises(ValueError, match=r"row\.on: must be true or false"):
        read_oracle_op({"op": "SetConflict", "on": 1}, "row")
