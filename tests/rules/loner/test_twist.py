"""The Twist Counter climbs on doubles, sets off a Twist at 3 and resets; the table reads both dice."""

from __future__ import annotations

import random
from itertools import product

import pytest

from rt0table.rules.loner.dice import DiceError
from rt0table.rules.loner.oracle import OracleThrow, read_oracle
from rt0table.rules.loner.tables import LonerTables
from rt0table.rules.loner.twist import TwistCounter, read_twist, roll_twist, tick

DOUBLES = read_oracle(OracleThrow((3,), (3,)))
PLAIN = read_oracle(OracleThrow((5,), (2,)))

SUBJECTS = (
    "A third party",
    "The Protagonist",
    "An encounter",
    "A physical event",
    "An emotional event",
    "An object",
)
ACTIONS = (
    "Appears",
    "Alters the location",
    "Helps the Protagonist",
    "Hinders the Protagonist",
    "Changes the goal",
    "Ends the scene",
)


@pytest.mark.rule("LONER-TWIST")
def test_doubles_climb_and_the_third_sets_off_a_twist() -> None:
    counter = TwistCounter()
    first = tick(counter, DOUBLES)
    assert (first.before, first.reached, first.after.value, first.twist_due) == (0, 1, 1, False)
    second = tick(first.after, DOUBLES)
    assert (second.reached, second.after.value, second.twist_due) == (2, 2, False)
    third = tick(second.after, DOUBLES)
    assert (third.reached, third.after.value, third.twist_due) == (3, 0, True)
    assert "Twist" in third.reason


def test_no_doubles_no_change() -> None:
    step = tick(TwistCounter(2), PLAIN)
    assert step.after == TwistCounter(2)
    assert not step.twist_due


def test_doubles_in_harm_and_luck_do_not_count() -> None:
    step = tick(TwistCounter(2), DOUBLES, in_conflict=True)
    assert step.after == TwistCounter(2)
    assert not step.twist_due
    assert "Harm & Luck" in step.reason


@pytest.mark.parametrize("value", [-1, 3, 4])
def test_counter_holds_zero_to_two(value: int) -> None:
    with pytest.raises(ValueError):
        TwistCounter(value)


@pytest.mark.rule("LONER-TWIST")
@pytest.mark.parametrize(("subject", "action"), list(product(range(1, 7), range(1, 7))))
def test_every_twist_roll(tables: LonerTables, subject: int, action: int) -> None:
    twist = read_twist(tables, subject, action)
    assert (twist.subject, twist.action) == (SUBJECTS[subject - 1], ACTIONS[action - 1])
    assert twist.beat.startswith(SUBJECTS[subject - 1])


def test_book_example_twist(tables: LonerTables) -> None:
    twist = read_twist(tables, 1, 5)
    assert (twist.subject, twist.action) == ("A third party", "Changes the goal")


def test_rolled_twist_is_seeded(tables: LonerTables) -> None:
    assert roll_twist(tables, random.Random(3)) == roll_twist(tables, random.Random(3))
    with pytest.raises(DiceError):
        read_twist(tables, 0, 3)
