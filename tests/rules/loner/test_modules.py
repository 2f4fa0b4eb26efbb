"""The optional modules: Harm & Luck, Challenge Tracks, Leverage, the Status Track; and inspiration."""

from __future__ import annotations

import random

import pytest

from rt0table.rules.loner.conflict import (
    LUCK_DAMAGE,
    ConflictError,
    ConflictState,
    exchange,
    start_conflict,
    withdraw,
)
from rt0table.rules.loner.dice import EnteredDice
from rt0table.rules.loner.inspiration import read_grid, roll_inspiration
from rt0table.rules.loner.leverage import (
    Leverage,
    LeverageError,
    bank,
    expire,
    spend_as_advantage,
    spend_to_soften,
)
from rt0table.rules.loner.oracle import Answer, Edge, OracleThrow, read_oracle
from rt0table.rules.loner.status import StatusError, StatusTrack, fill, recover
from rt0table.rules.loner.tables import LonerTables
from rt0table.rules.loner.terms import Arena
from rt0table.rules.loner.tracks import TrackError, mirror, open_track
from tests.helpers.loner_rolls import ROLLS


@pytest.mark.parametrize(
    ("answer", "opponent", "protagonist"),
    [(Answer.YES_AND, 3, 6), (Answer.YES, 4, 6), (Answer.YES_BUT, 5, 6), (Answer.NO_BUT, 6, 5),
     (Answer.NO, 6, 4), (Answer.NO_AND, 6, 3)],
)  # fmt: skip
def test_each_answer_moves_luck(answer: Answer, opponent: int, protagonist: int) -> None:
    conflict, step = exchange(start_conflict("Zahra", "Thug"), ROLLS[answer])
    assert (conflict.opponent_luck, conflict.protagonist_luck) == (opponent, protagonist)
    assert step.damage == abs(LUCK_DAMAGE[answer])
    assert step.target == ("Thug" if answer.is_yes else "Zahra")


def test_book_alley_fight() -> None:
    conflict = start_conflict("Zahra", "Thug")
    conflict, hit = exchange(conflict, read_oracle(OracleThrow((5,), (4, 2))))
    assert (hit.luck_before, hit.luck_after, hit.target) == (6, 3, "Thug")
    conflict, kick = exchange(conflict, read_oracle(OracleThrow((2,), (3, 2))))
    assert (kick.luck_before, kick.luck_after, kick.target) == (6, 5, "Zahra")
    assert conflict.state is ConflictState.ONGOING and conflict.exchanges == 2


def test_luck_stops_at_zero_and_ends_the_conflict() -> None:
    conflict = start_conflict("Zahra", "Bounty hunter")
    for _ in range(2):
        conflict, _ = exchange(conflict, ROLLS[Answer.NO_AND])
    assert (conflict.protagonist_luck, conflict.state) == (0, ConflictState.LOST)
    with pytest.raises(ConflictError, match="over"):
        exchange(conflict, ROLLS[Answer.YES])
    won = start_conflict("Zahra", "Drone")
    for answer in (Answer.YES_AND, Answer.YES, Answer.YES_AND):
        won, step = exchange(won, ROLLS[answer])
    assert (won.opponent_luck, won.state, step.luck_after) == (0, ConflictState.WON, 0)


def test_doubles_in_a_conflict_deal_one_and_say_why() -> None:
    _, step = exchange(start_conflict("Zahra", "Thug"), read_oracle(OracleThrow((4,), (4,))))
    assert step.damage == 1 and "Twist Counter" in step.reason


def test_withdrawing_costs_something() -> None:
    conflict = start_conflict("Zahra", "Thug")
    with pytest.raises(ConflictError, match="has a price"):
        withdraw(conflict, " ")
    gone = withdraw(conflict, "the thug now knows her face")
    assert gone.state is ConflictState.WITHDRAWN
    with pytest.raises(ConflictError):
        withdraw(gone, "again")
    with pytest.raises(ConflictError):
        start_conflict("Zahra", "")


@pytest.mark.parametrize(
    ("answer", "after"),
    [(Answer.YES_AND, 4), (Answer.YES, 3), (Answer.YES_BUT, 3), (Answer.NO_BUT, 2), (Answer.NO, 1),
     (Answer.NO_AND, 1)],
)  # fmt: skip
def test_track_mirrors_each_answer(answer: Answer, after: int) -> None:
    track, _ = mirror(open_track("Expose Leton"), Answer.YES_AND)
    track, mark = mirror(track, answer)
    assert (mark.before, mark.after, track.filled) == (2, after, after)


def test_book_track_example() -> None:
    track = open_track("Expose the Leton Corporation")
    for answer, filled in [(Answer.YES_AND, 2), (Answer.NO_AND, 1), (Answer.YES_BUT, 2), (Answer.YES_AND, 4)]:
        track, mark = mirror(track, answer)
        assert track.filled == filled
    assert track.full and "arc can close" in mark.reason
    with pytest.raises(TrackError, match="full"):
        mirror(track, Answer.YES)


def test_track_edges_and_options() -> None:
    track = open_track("Escape the city", boxes=6)
    track, mark = mirror(track, Answer.NO)
    assert track.filled == 0 and "already empty" in mark.reason
    threat = open_track("The Order closes in", threat=True)
    threat, _ = mirror(threat, Answer.YES_AND)
    threat, mark = mirror(threat, Answer.YES_AND)
    assert threat.full and "threat" in mark.reason
    with pytest.raises(TrackError):
        open_track("Too long", boxes=5)
    with pytest.raises(TrackError):
        open_track(" ")


def test_track_and_leverage_count_the_bonus_once() -> None:
    track, mark = mirror(open_track("Expose"), Answer.YES_AND, bank_leverage=True)
    assert track.filled == 1 and mark.leverage_banked
    with pytest.raises(TrackError):
        mirror(track, Answer.YES, bank_leverage=True)
    track, saved = mirror(track, Answer.NO_AND, spend_leverage=True)
    assert track.filled == 1 and saved.leverage_spent
    with pytest.raises(TrackError):
        mirror(track, Answer.YES, spend_leverage=True)


def test_leverage_banks_only_yes_and_and_holds_one() -> None:
    held = bank(Leverage(), Answer.YES_AND, "full server access credentials")
    assert held.held
    with pytest.raises(LeverageError, match="only a Yes, and"):
        bank(Leverage(), Answer.YES, "credentials")
    with pytest.raises(LeverageError, match="already held"):
        bank(held, Answer.YES_AND, "a second favour")
    replaced = bank(held, Answer.YES_AND, "a second favour", replace_held=True)
    assert replaced.description == "a second favour"
    with pytest.raises(LeverageError, match="name"):
        bank(Leverage(), Answer.YES_AND, "")
    assert not expire(held).held


@pytest.mark.parametrize(("edge", "after"), [(Edge.NEUTRAL, Edge.ADVANTAGE), (Edge.DISADVANTAGE, Edge.NEUTRAL)])
def test_leverage_spent_as_advantage(edge: Edge, after: Edge) -> None:
    left, new_edge = spend_as_advantage(Leverage("credentials"), edge)
    assert new_edge is after and not left.held


def test_leverage_cannot_stack_advantage_or_soften_a_yes() -> None:
    with pytest.raises(LeverageError, match="already has Advantage"):
        spend_as_advantage(Leverage("credentials"), Edge.ADVANTAGE)
    with pytest.raises(LeverageError, match="no Leverage"):
        spend_as_advantage(Leverage(), Edge.NEUTRAL)
    for answer in (Answer.NO, Answer.NO_AND):
        left, softened = spend_to_soften(Leverage("credentials"), answer)
        assert softened is Answer.NO_BUT and not left.held
    with pytest.raises(LeverageError):
        spend_to_soften(Leverage("credentials"), Answer.NO_BUT)
    with pytest.raises(LeverageError):
        spend_to_soften(Leverage(), Answer.NO)


def test_status_track_escalates_and_recovers(tables: LonerTables) -> None:
    track = fill(StatusTrack(), tables, Arena.PHYSICAL)
    assert track.active_tag == "Hurt"
    track = fill(track, tables, Arena.PHYSICAL)
    assert track.active_tag == "Injured"
    track = recover(track)
    assert track.active_tag == "Hurt"
    track = fill(track, tables, Arena.SOCIAL)  # crossing arenas takes the new arena's column
    assert track.active_tag == "On the Back Foot"
    track = fill(track, tables, Arena.PSYCHOLOGICAL, tag="Haunted")
    assert track.active_tag == "Haunted" and track.overcome
    with pytest.raises(StatusError, match="overcome"):
        fill(track, tables, Arena.PHYSICAL)
    assert recover(recover(recover(track))).active_tag is None
    with pytest.raises(StatusError, match="clear"):
        recover(StatusTrack())


def test_inspiration_reads_row_then_column(tables: LonerTables) -> None:
    assert read_grid("verbs", tables.verbs, 2, 4).word == "multiply"
    inspiration = roll_inspiration(tables, EnteredDice([2, 4, 6, 6, 3, 2]))
    assert inspiration.prompt == "multiply charming motion"
    plain = roll_inspiration(tables, EnteredDice([2, 4, 3, 2]), adjective=False)
    assert plain.prompt == "multiply motion" and plain.adjective is None
    assert len(roll_inspiration(tables, random.Random(2)).draws) == 3
