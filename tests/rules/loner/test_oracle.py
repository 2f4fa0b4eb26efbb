"""Every throw of the dice reads as the book's resolution matrix says."""

from __future__ import annotations

import random
from itertools import product

import pytest

from rt0table.rules.loner.dice import DiceError, EnteredDice, check_die
from rt0table.rules.loner.oracle import (
    Answer,
    Edge,
    OracleThrow,
    TagError,
    edge_from_tags,
    read_answer,
    read_oracle,
    roll_oracle,
    throw_oracle,
)
from tests.helpers.loner_rolls import book

FACES = range(1, 7)


@pytest.mark.rule("LONER-ORACLE")
@pytest.mark.parametrize(("chance", "risk"), list(product(FACES, FACES)))
def test_every_neutral_throw_matches_the_book(chance: int, risk: int) -> None:
    roll = read_oracle(OracleThrow((chance,), (risk,)))
    assert roll.answer is book(chance, risk)
    assert roll.doubles is (chance == risk)
    assert (roll.chance, roll.risk) == (chance, risk)
    assert roll.edge is Edge.NEUTRAL


@pytest.mark.rule("LONER-ADV")
@pytest.mark.parametrize(("c1", "c2", "risk"), list(product(FACES, FACES, FACES)))
def test_every_advantage_throw_keeps_the_higher_chance_die(c1: int, c2: int, risk: int) -> None:
    roll = read_oracle(OracleThrow((c1, c2), (risk,)))
    assert roll.answer is book(max(c1, c2), risk)
    assert roll.doubles is (max(c1, c2) == risk)
    assert roll.edge is Edge.ADVANTAGE


@pytest.mark.rule("LONER-ADV")
@pytest.mark.parametrize(("chance", "r1", "r2"), list(product(FACES, FACES, FACES)))
def test_every_disadvantage_throw_keeps_the_higher_risk_die(chance: int, r1: int, r2: int) -> None:
    roll = read_oracle(OracleThrow((chance,), (r1, r2)))
    assert roll.answer is book(chance, max(r1, r2))
    assert roll.doubles is (chance == max(r1, r2))
    assert roll.edge is Edge.DISADVANTAGE


def test_the_discarded_die_never_makes_doubles() -> None:
    roll = read_oracle(OracleThrow((3, 5), (3,)))
    assert not roll.doubles
    assert roll.answer is Answer.YES
    assert "keeps Chance 5" in roll.reason


def test_book_examples() -> None:
    assert read_oracle(OracleThrow((5,), (4,))).answer is Answer.YES_AND  # forcing the hatch
    assert read_oracle(OracleThrow((5,), (3,))).answer is Answer.YES  # the same with a 3
    assert read_oracle(OracleThrow((5,), (3, 4))).answer is Answer.YES_AND  # hacking the datapad
    assert read_oracle(OracleThrow((2,), (3, 2))).answer is Answer.NO_BUT  # the thug's kick
    doubles = read_oracle(OracleThrow((4,), (4,)))
    assert doubles.answer is Answer.YES_BUT and doubles.doubles


def test_reasons_explain_the_reading() -> None:
    assert "doubles" in read_oracle(OracleThrow((2,), (2,))).reason
    assert "both 4 or higher" in read_oracle(OracleThrow((6,), (4,))).reason
    assert "both 3 or lower" in read_oracle(OracleThrow((1,), (3,))).reason
    assert "no modifier" in read_oracle(OracleThrow((2,), (5,))).reason


def test_answer_order_is_best_first() -> None:
    assert [a.is_yes for a in Answer] == [True, True, True, False, False, False]
    assert read_answer(6, 1) is Answer.YES


@pytest.mark.rule("LONER-TAGS")
@pytest.mark.parametrize(
    ("pro", "con", "edge"),
    [
        ((), (), Edge.NEUTRAL),
        (("Smooth Talker",), (), Edge.ADVANTAGE),
        (("Smooth Talker", "Veteran"), (), Edge.ADVANTAGE),
        ((), ("High-Security Vault",), Edge.DISADVANTAGE),
        (("Nimble",), ("Martial Artist",), Edge.NEUTRAL),
        (("Nimble",), ("Martial Artist", "Hand-to-Hand Combat"), Edge.DISADVANTAGE),
        (("Nimble", "Knife"), ("Martial Artist",), Edge.ADVANTAGE),
    ],
)
def test_edge_from_tags_nets_the_tags(pro: tuple[str, ...], con: tuple[str, ...], edge: Edge) -> None:
    reading = edge_from_tags(pro, con)
    assert reading.edge is edge
    assert reading.reason


def test_repeated_or_blank_tags_count_once() -> None:
    reading = edge_from_tags(["Nimble", "nimble ", "  ", "Knife"], ["Guarded", "Alert"])
    assert reading.tags_for == ("Nimble", "Knife")
    assert reading.edge is Edge.NEUTRAL


def test_a_tag_cannot_be_on_both_sides() -> None:
    with pytest.raises(TagError, match="nimble"):
        edge_from_tags(["Nimble"], ["NIMBLE"])


@pytest.mark.rule("LONER-TAGS")
def test_extra_dice_are_capped() -> None:
    assert (Edge.ADVANTAGE.chance_dice, Edge.ADVANTAGE.risk_dice) == (2, 1)
    assert (Edge.DISADVANTAGE.chance_dice, Edge.DISADVANTAGE.risk_dice) == (1, 2)
    with pytest.raises(DiceError):
        OracleThrow((1, 2, 3), (4,))
    with pytest.raises(DiceError):
        OracleThrow((1, 2), (3, 4))
    with pytest.raises(DiceError):
        OracleThrow((), (3,))
    with pytest.raises(DiceError):
        OracleThrow((7,), (3,))


@pytest.mark.parametrize("edge", list(Edge))
def test_seeded_rolls_repeat(edge: Edge) -> None:
    first = [roll_oracle(random.Random(7), edge) for _ in range(3)]
    again = [roll_oracle(random.Random(7), edge) for _ in range(3)]
    assert first == again
    throw = throw_oracle(random.Random(1), edge)
    assert throw.edge is edge


def test_entered_dice_stand_in_for_rolled_ones() -> None:
    source = EnteredDice([5, 2, 4])
    roll = roll_oracle(source, Edge.ADVANTAGE)
    assert roll.throw == OracleThrow((5, 2), (4,))
    assert roll.answer is Answer.YES_AND
    assert source.remaining == 0
    with pytest.raises(DiceError, match="only 3"):
        source.randint(1, 6)


@pytest.mark.parametrize("bad", [0, 7, -1, True, 2.5, "3"])
def test_entered_dice_must_be_faces(bad: object) -> None:
    with pytest.raises(DiceError):
        EnteredDice([bad])  # type: ignore[list-item]
    with pytest.raises(DiceError):
        check_die(bad)  # type: ignore[arg-type]
