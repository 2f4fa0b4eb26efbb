"""Leverage, Challenge Tracks, the Status Track, Dead Ends and Meanwhile on the oracle's state and journal."""

from __future__ import annotations

import pytest

from rt0table.rules.loner.dice import DiceError
from rt0table.rules.loner.journal import (
    DeadEndEntry,
    JournalError,
    LeverageEntry,
    LeverageMove,
    MeanwhileEntry,
    QuestionEntry,
    StatusEntry,
    TrackEntry,
    TrackMove,
    read_journal,
    write_journal,
)
from rt0table.rules.loner.leverage import Leverage, LeverageError
from rt0table.rules.loner.markdown import to_markdown
from rt0table.rules.loner.oracle import Answer, Edge, OracleThrow
from rt0table.rules.loner.oracle_state import OracleState, ask, begin_scene, resolve_twist, set_leverage
from rt0table.rules.loner.scenes import NEW_WAY_FORWARD, DeadEndResult, SceneError, SceneFrame
from rt0table.rules.loner.status import StatusError
from rt0table.rules.loner.tables import LonerTables
from rt0table.rules.loner.terms import Arena, SceneKind
from rt0table.rules.loner.tools import (
    bank_leverage,
    bankable,
    close_track,
    dead_end,
    drop_leverage,
    effective_answer,
    leveraged_edge,
    mark_track,
    meanwhile,
    opposition_tag,
    recover_status,
    soften_with_leverage,
    start_track,
    take_status,
)
from rt0table.rules.loner.tracks import TrackError
from rt0table.rules.rt0.solo.journal_bridge import SoloJournal, read_solo, write_solo

THROWS = {
    Answer.YES_AND: OracleThrow((6,), (4,)),
    Answer.YES: OracleThrow((5,), (2,)),
    Answer.YES_BUT: OracleThrow((3,), (1,)),
    Answer.NO_BUT: OracleThrow((1,), (3,)),
    Answer.NO: OracleThrow((2,), (5,)),
    Answer.NO_AND: OracleThrow((4,), (6,)),
}
DOUBLE = OracleThrow((2,), (2,))


def asked(answer: Answer, state: OracleState | None = None) -> OracleState:
    state, _ = ask(state or OracleState(), "Does the contact come through?", [], [], THROWS[answer])
    return state


def test_a_yes_and_banks_once_and_a_second_one_replaces_only_when_asked() -> None:
    state = asked(Answer.YES_AND)
    state = bank_leverage(state, "full server credentials")
    assert state.leverage.description == "full server credentials"
    entry = state.journal.entries[-1]
    assert isinstance(entry, LeverageEntry) and entry.move is LeverageMove.BANKED
    with pytest.raises(LeverageError, match="only once"):
        bank_leverage(state, "again")
    state = asked(Answer.YES_AND, state)
    with pytest.raises(LeverageError, match="already held"):
        bank_leverage(state, "a second favour")
    state = bank_leverage(state, "a second favour", replace_held=True)
    last = state.journal.entries[-1]
    assert isinstance(last, LeverageEntry) and last.move is LeverageMove.REPLACED
    assert "full server credentials" in last.detail and state.leverage.description == "a second favour"
    with pytest.raises(LeverageError):
        bank_leverage(asked(Answer.YES), "nothing to bank")


def test_leverage_softens_the_latest_no_once() -> None:
    state = bank_leverage(asked(Answer.YES_AND), "credentials")
    with pytest.raises(LeverageError, match="softens"):
        soften_with_leverage(asked(Answer.YES, state))
    state = asked(Answer.NO_AND, state)
    assert effective_answer(state) is Answer.NO_AND
    state = soften_with_leverage(state)
    assert not state.leverage.held and effective_answer(state) is Answer.NO_BUT
    entry = state.journal.entries[-1]
    assert isinstance(entry, LeverageEntry) and entry.move is LeverageMove.SOFTENED
    assert "No, and… becomes No, but…" in entry.detail


def test_leverage_spent_as_advantage_rolls_the_extra_die_and_says_so() -> None:
    state = bank_leverage(asked(Answer.YES_AND), "credentials")
    assert leveraged_edge([], ["Guarded"]) is Edge.NEUTRAL and leveraged_edge([], []) is Edge.ADVANTAGE
    with pytest.raises(DiceError, match="Advantage rolls 2 Chance"):
        ask(state, "Do I slip past?", [], [], OracleThrow((4,), (2,)), spend_leverage=True)
    with pytest.raises(LeverageError, match="already has Advantage"):
        ask(state, "Do I slip past?", ["Nimble"], [], OracleThrow((4, 1), (2,)), spend_leverage=True)
    state, result = ask(state, "Do I slip past?", [], [], OracleThrow((4, 1), (2,)), spend_leverage=True)
    assert not state.leverage.held and result.entry.leverage == "credentials"
    assert result.roll.edge is Edge.ADVANTAGE
    assert "Leverage spent for Advantage: credentials" in to_markdown(state.journal)


def test_dropping_and_a_twist_end_leverage_in_the_journal(tables: LonerTables) -> None:
    state = bank_leverage(asked(Answer.YES_AND), "credentials")
    dropped = drop_leverage(state, "we left the building")
    assert not dropped.leverage.held
    with pytest.raises(LeverageError, match="no Leverage"):
        drop_leverage(dropped)
    for _ in range(3):
        state, _ = ask(state, "Q?", [], [], DOUBLE)
    state, _ = resolve_twist(state, tables, 1, 5)
    entry = state.journal.entries[-1]
    assert isinstance(entry, LeverageEntry) and entry.move is LeverageMove.TWIST and not state.leverage.held


def test_a_twist_before_banking_uses_up_the_yes_and(tables: LonerTables) -> None:
    state = OracleState()
    for _ in range(2):
        state, _ = ask(state, "Q?", [], [], DOUBLE)
    state = asked(Answer.YES_AND, state)
    assert bankable(state) is not None
    state = set_leverage(state, Leverage())
    state, _ = ask(state, "Q?", [], [], DOUBLE)
    state, _ = resolve_twist(state, tables, 2, 2)
    assert bankable(state) is None


def test_tracks_open_mirror_one_scene_each_and_close() -> None:
    state = start_track(OracleState(), "Expose Leton")
    state = start_track(state, "Escape the city", boxes=6, threat=True)
    with pytest.raises(TrackError, match="already open"):
        start_track(state, "expose leton")
    state = begin_scene(state, SceneKind.DRAMATIC, SceneFrame("archive", "guards", "get in"))
    state, mark = mark_track(state, "Expose Leton", Answer.YES_AND)
    assert (mark.before, mark.after) == (0, 2) and state.tracks[0].filled == 2
    with pytest.raises(TrackError, match="already moved a track"):
        mark_track(state, "Escape the city", Answer.YES)
    with pytest.raises(TrackError, match="is not full"):
        close_track(state, "Expose Leton")
    state = close_track(state, "Escape the city", "we stayed")
    assert [t.name for t in state.tracks] == ["Expose Leton"]
    moves = [e.move for e in state.journal.entries if isinstance(e, TrackEntry)]
    assert moves == [TrackMove.OPENED, TrackMove.OPENED, TrackMove.MARKED, TrackMove.CLOSED]


def test_a_track_yes_and_banks_one_box_and_leverage_saves_one() -> None:
    state = asked(Answer.YES_AND, start_track(OracleState(), "Expose Leton"))
    state, mark = mark_track(state, "Expose Leton", Answer.YES_AND, bank_as="an index of the files")
    assert mark.after == 1 and state.leverage.description == "an index of the files"
    assert isinstance(state.journal.entries[-1], LeverageEntry)
    state, mark = mark_track(state, "Expose Leton", Answer.NO, spend_leverage=True)
    assert mark.after == 1 and not state.leverage.held
    with pytest.raises(LeverageError, match="no Leverage"):
        mark_track(state, "Expose Leton", Answer.NO, spend_leverage=True)
    state, _ = mark_track(state, "Expose Leton", Answer.YES_AND)
    state, _ = mark_track(state, "Expose Leton", Answer.YES)
    assert state.tracks[0].full
    state = close_track(state, "Expose Leton")
    closing = state.journal.entries[-1]
    assert isinstance(closing, TrackEntry) and closing.reason == "the arc closed" and not state.tracks


def test_the_status_track_fills_escalates_and_recovers(tables: LonerTables) -> None:
    state = take_status(OracleState(), tables, Arena.PHYSICAL)
    state = take_status(state, tables, Arena.SOCIAL)
    assert state.status.active_tag == "On the Back Foot"
    state = take_status(state, tables, Arena.PSYCHOLOGICAL, "Sleepless")
    assert state.status.overcome and "overcome" in state.journal.entries[-1].reason  # type: ignore[union-attr]
    with pytest.raises(StatusError, match="overcome"):
        take_status(state, tables, Arena.PHYSICAL)
    with pytest.raises(StatusError, match="reason"):
        recover_status(state, " ")
    state = recover_status(state, "a week at Melina's")
    assert state.status.active_tag == "On the Back Foot"
    entry = state.journal.entries[-1]
    assert isinstance(entry, StatusEntry) and entry.tag == "Sleepless" and entry.filled == 2


def test_a_dead_end_asks_once_per_thread(tables: LonerTables) -> None:
    with pytest.raises(SceneError, match="asks the oracle"):
        dead_end(OracleState(), "the courier", None)
    state, found, question = dead_end(OracleState(), "the courier", THROWS[Answer.NO_BUT])
    assert found.result is DeadEndResult.WHY_IT_CLOSED and question is not None
    assert isinstance(state.journal.entries[-2], QuestionEntry)
    assert state.journal.entries[-2].question.startswith(NEW_WAY_FORWARD)
    questions = len(state.journal.entries)
    state, found, question = dead_end(state, "The Courier", THROWS[Answer.YES])
    assert found.result is DeadEndResult.REFRAME_ENTIRELY and found.count == 2 and question is None
    assert len(state.journal.entries) == questions + 1, "the same question is not asked again"
    entry = state.journal.entries[-1]
    assert isinstance(entry, DeadEndEntry) and entry.count == 2


def test_dead_end_doubles_tick_the_twist_counter() -> None:
    state, _, _ = dead_end(OracleState(), "the locker", DOUBLE)
    assert state.counter.value == 1


def test_meanwhile_moves_the_opposition_and_asks_about_allies() -> None:
    state, played, _ = meanwhile(OracleState(), "Tobias Wethern", "Searching for her", THROWS[Answer.NO])
    assert not played.ally_acts and opposition_tag(state, "Tobias Wethern") == "Searching for her"
    state, played, _ = meanwhile(state, "Tobias Wethern", "Hired someone to find her", THROWS[Answer.YES_BUT])
    assert played.ally_acts and played.opposition.before == "Searching for her"
    entry = state.journal.entries[-1]
    assert isinstance(entry, MeanwhileEntry) and entry.after == "Hired someone to find her" and entry.ally_acts
    with pytest.raises(SceneError, match="new tag"):
        meanwhile(state, "Tobias Wethern", " ", THROWS[Answer.YES])
    opened = begin_scene(state, SceneKind.QUIET, SceneFrame("flat", "Melina", "rest"))
    with pytest.raises(SceneError, match="close scene"):
        meanwhile(opened, "Tobias Wethern", "Closing in", THROWS[Answer.YES])


def test_every_tool_entry_and_state_survives_the_save(tables: LonerTables) -> None:
    state = bank_leverage(asked(Answer.YES_AND), "credentials")
    state = start_track(state, "Expose Leton", boxes=6, threat=True)
    state, _ = mark_track(state, "Expose Leton", Answer.YES)
    state = take_status(state, tables, Arena.SOCIAL, "Gossiped about")
    state, _, _ = dead_end(state, "the courier", THROWS[Answer.YES])
    state, _, _ = meanwhile(state, "Leton security", "On the trail", THROWS[Answer.NO])
    state = soften_with_leverage(state)
    solo = SoloJournal(state)
    assert read_solo(write_solo(solo)) == solo
    assert read_journal(write_journal(state.journal)) == state.journal
    text = to_markdown(state.journal)
    for line in (
        "**Leverage banked:** credentials",
        "**Threat track:** Expose Leton 0 → ☑☐☐☐☐☐ 1/6",
        "**Status Track:** *Gossiped about*, social",
        "**Dead end:** the courier: a new element",
        "**Meanwhile:** Leton security: *On the trail*; allies and wildcards hold",
    ):
        assert line in text


def test_a_save_from_before_the_tools_reads_with_them_empty() -> None:
    data = write_solo(SoloJournal(asked(Answer.YES)))
    data["format"] = data["oracle"]["journal"]["format"] = 1  # what the app wrote before the tools
    for key in ("tracks", "marked_scene", "status", "dead_ends", "opposition"):
        del data["oracle"][key]
    del data["oracle"]["journal"]["entries"][0]["leverage"]
    old = read_solo(data)
    assert old.oracle.tracks == () and not old.oracle.status.boxes and old.oracle.opposition == ()
    assert old.oracle.dead_ends.counts == () and old.oracle.marked_scene == 0
    entry = old.journal.entries[0]
    assert isinstance(entry, QuestionEntry) and entry.leverage == ""


def test_a_journal_from_a_newer_version_is_refused_by_name() -> None:
    data = write_solo(SoloJournal(asked(Answer.YES)))
    assert data["format"] == 2 and data["oracle"]["journal"]["format"] == 2
    newer = {**data, "format": 3}
    with pytest.raises(JournalError, match=r"newer version \(format 3; this app reads up to 2\)"):
        read_solo(newer)
    with pytest.raises(JournalError, match="no format number"):
        read_solo({"fight": 0})
