"""Harm & Luck with one or several opponents, and the exact odds of each Luck move, proven by enumeration."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rt0table.rules.loner.harm_luck import (
    Bout,
    BoutError,
    Opponent,
    begin_bout,
    damage_odds,
    dissolve,
    step_damage_odds,
    strike,
    withdraw_from,
)
from rt0table.rules.loner.odds import all_throws
from rt0table.rules.loner.oracle import Answer, Edge, read_oracle
from rt0table.rules.loner.step_dice import StepDice, read_step

THUG = (("thug", "Alley Thug"),)
SQUAD = (("m1", "Merc One"), ("m2", "Merc Two"), ("m3", "Merc Three"))


@pytest.mark.rule("LONER-HL-DAMAGE")
@pytest.mark.parametrize(
    ("answer", "hero", "foe"),
    [
        (Answer.YES_AND, 6, 3),
        (Answer.YES, 6, 4),
        (Answer.YES_BUT, 6, 5),
        (Answer.NO_BUT, 5, 6),
        (Answer.NO, 4, 6),
        (Answer.NO_AND, 3, 6),
    ],
)
def test_each_answer_moves_luck_by_the_table(answer: Answer, hero: int, foe: int) -> None:
    bout, blow = strike(begin_bout(THUG, False), answer, "thug")
    assert (bout.protagonist_luck, bout.opponent("thug").luck) == (hero, foe)
    assert blow.target == ("thug" if answer.is_yes else "")


@pytest.mark.rule("LONER-HL-DAMAGE", "LONER-HL-END")
def test_the_books_alley_fight_and_luck_stops_at_zero() -> None:
    bout, _ = strike(begin_bout(THUG, False), Answer.YES_AND, "thug")  # 5 vs kept 4: thug 6 → 3
    bout, _ = strike(bout, Answer.NO_BUT, "thug")  # 2 vs kept 3: Zahra 6 → 5
    assert (bout.protagonist_luck, bout.opponent("thug").luck, bout.result) == (5, 3, "")
    bout, blow = strike(bout, Answer.YES_AND, "thug")
    assert (blow.before, blow.after, bout.result) == (3, 0, "won")
    with pytest.raises(BoutError, match="over"):
        strike(bout, Answer.YES, "thug")
    lost = Bout(2, (Opponent("thug", "Thug"),), False)
    lost, blow = strike(lost, Answer.NO_AND, "thug")
    assert (blow.after, lost.result) == (0, "lost")


@pytest.mark.rule("LONER-MULTI-ONE")
def test_a_squad_as_one_entity_shares_one_pool() -> None:
    bout = begin_bout(SQUAD, True)
    assert len(bout.opponents) == 1 and bout.opponents[0].members == 3 and bout.opponents[0].luck == 6
    bout, _ = strike(bout, Answer.YES_AND, "m1")
    bout, _ = strike(bout, Answer.YES_AND, "m1")
    assert bout.result == "won"


@pytest.mark.rule("LONER-MULTI-MANY")
def test_separate_opponents_each_have_luck_and_all_must_fall() -> None:
    bout = begin_bout(SQUAD, False)
    assert [o.luck for o in bout.opponents] == [6, 6, 6]
    for foe in ("m1", "m2"):
        bout, _ = strike(bout, Answer.YES_AND, foe)
        bout, _ = strike(bout, Answer.YES_AND, foe)
    assert bout.result == "" and [o.id for o in bout.standing] == ["m3"]
    with pytest.raises(BoutError, match="no Luck left"):
        strike(bout, Answer.YES, "m1")
    bout, _ = strike(bout, Answer.YES_AND, "m3")
    bout, _ = strike(bout, Answer.YES_AND, "m3")
    assert bout.result == "won"
    with pytest.raises(BoutError, match="share an id"):
        begin_bout((("a", "A"), ("a", "B")), False)


@pytest.mark.rule("LONER-HL-RESET")
def test_every_conflict_starts_everyone_at_six() -> None:
    assert begin_bout(THUG, False).protagonist_luck == 6
    assert all(o.luck == 6 for o in begin_bout(SQUAD, False).opponents)


@pytest.mark.rule("LONER-HL-WITHDRAW", "LONER-HL-END")
def test_withdrawing_costs_a_tag_and_dissolving_ends_it() -> None:
    bout = begin_bout(THUG, False)
    with pytest.raises(BoutError, match="costs"):
        withdraw_from(bout, "  ")
    out = withdraw_from(bout, "Pursued")
    assert (out.result, out.cost) == ("withdrawn", "Pursued")
    assert dissolve(bout).result == "dissolved"
    with pytest.raises(BoutError):
        dissolve(out)


def _counted(bout: Bout, target: str, answers: list[Answer]) -> dict[int, Fraction]:
    """Brute force: strike with every equally likely answer and tally the Luck each one moved."""
    tally: dict[int, int] = {}
    for answer in answers:
        _, blow = strike(bout, answer, target)
        signed = blow.amount if blow.target else -blow.amount
        tally[signed] = tally.get(signed, 0) + 1
    return {d: Fraction(n, len(answers)) for d, n in tally.items()}


@pytest.mark.rule("LONER-HL-ODDS")
@pytest.mark.parametrize("edge", list(Edge))
def test_damage_odds_match_every_throw(edge: Edge) -> None:
    bout = begin_bout(THUG, False)
    odds = damage_odds(bout, "thug", edge)
    counted = _counted(bout, "thug", [read_oracle(t).answer for t in all_throws(edge)])
    assert {d: p for d, p in odds.damage if p} == counted
    assert sum(p for _, p in odds.damage) == 1


@pytest.mark.rule("LONER-HL-ODDS", "LONER-STEP-READ")
@pytest.mark.parametrize("pair", [StepDice(8, 6), StepDice(6, 10)])
def test_step_damage_odds_match_every_face_pair(pair: StepDice) -> None:
    bout = begin_bout(THUG, False)
    faces = product(range(1, pair.chance_faces + 1), range(1, pair.risk_faces + 1))
    counted = _counted(bout, "thug", [read_step(pair, c, r).answer for c, r in faces])
    assert {d: p for d, p in step_damage_odds(bout, "thug", pair).damage if p} == counted


@pytest.mark.rule("LONER-HL-ODDS")
def test_the_chance_that_this_roll_ends_the_conflict() -> None:
    neutral = damage_odds(begin_bout(THUG, False), "thug", Edge.NEUTRAL)
    assert neutral.of(3) == Fraction(3, 36) == neutral.of(-3)  # (5,4) (6,4) (6,5) and their mirror
    assert (neutral.win_now, neutral.lose_now) == (0, 0)  # nobody falls from 6 in one roll
    close = Bout(2, (Opponent("thug", "Thug", 1),), False)
    odds = damage_odds(close, "thug", Edge.NEUTRAL)
    assert odds.win_now == sum((odds.of(d) for d in (1, 2, 3)), Fraction(0))  # any Yes finishes Luck 1
    assert odds.lose_now == odds.of(-2) + odds.of(-3)
    # brute force: every throw, struck for real
    throws = all_throws(Edge.NEUTRAL)
    won = sum(strike(close, read_oracle(t).answer, "thug")[0].result == "won" for t in throws)
    lost = sum(strike(close, read_oracle(t).answer, "thug")[0].result == "lost" for t in throws)
    assert (odds.win_now, odds.lose_now) == (Fraction(won, 36), Fraction(lost, 36))
    several = Bout(6, (Opponent("a", "A", 1), Opponent("b", "B", 6)), False)
    assert damage_odds(several, "a", Edge.NEUTRAL).win_now == 0  # B still stands
