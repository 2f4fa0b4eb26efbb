"""A fight in a playthrough goes through the playthrough's one funnel: one call, one undo stack, one signal."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.playthrough import Mode, OpChanges, Playthrough
from rt0table.desktop.flow.resume import restore
from rt0table.desktop.saves import SaveError, SaveStore
from rt0table.desktop.table.fight_session import Session
from rt0table.rules.loner.oracle_ops import AskOracle, OpenTrack, SetConflict
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.fight.actions import PlayCard
from rt0table.rules.rt0.fight.engine import Game, apply, legal_actions, undoable
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.fight.state import CombatState, Phase
from rt0table.rules.rt0.solo.gm_stand_in import GmChoice
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.story_doc import story_doc
from rt0table.rules.rt0.story.tale import FightStepped, Part
from tests.helpers.fight_builders import bestiary
from tests.helpers.played_fights import robot_campaign
from tests.helpers.sample_party import fool


def on_the_table(folder: Path | None = None) -> tuple[Playthrough, Session, list[OpChanges]]:
    """A playthrough (kept in a save in ``folder``) with the robot fight begun, and every ``changed`` from then on."""
    playthrough = Playthrough(Mode.SOLO, fp.from_party([fool("Pip")]), seed=2)
    if folder is not None:
        Autosave.start(SaveStore(folder, app_version="test"), playthrough)
    session = playthrough.begin_fight(robot_campaign(playthrough.campaign), bestiary())
    changes: list[OpChanges] = []
    playthrough.changed.connect(changes.append)
    return playthrough, session, changes


def an_undoable_play(session: Session, pick: random.Random) -> None:
    """Play random legal actions until one that can be taken back has been played."""
    for _ in range(200):
        session.submit(pick.choice(legal_actions(session.state)))
        if session.undo_refusal() is None:
            return
    raise AssertionError("no undoable step came up")


def test_a_fight_step_and_its_undo_are_one_op_each_through_the_playthrough(qtbot: QtBot) -> None:
    playthrough, session, changes = on_the_table()
    assert playthrough.undo_refusal() is not None, "the fight's start is a reveal: undo does not reach across it"
    play = next(a for a in legal_actions(session.state) if isinstance(a, PlayCard))
    told: list[list[object]] = []
    session.state_did_change.connect(told.append)
    assert session.submit(play)
    assert len(changes) == 1 and changes[0].touches(Part.FIGHT) and changes[0].op == ops.FightAction(play)
    stepped = changes[0].events[0]
    assert isinstance(stepped, FightStepped) and list(stepped.events) == told[0]
    assert playthrough.story.fight is session.state and session.game.steps[-1].action == play
    before = session.game.steps[-1].before
    if not undoable(stepped.events):
        assert playthrough.undo_refusal() is not None and not session.undo()
        return
    assert playthrough.undo_reach == 1
    assert session.undo()
    assert len(changes) == 2 and changes[1].undone and changes[1].touches(Part.FIGHT)
    assert playthrough.story.fight is before is session.state and playthrough.undo_reach == 0


def test_the_fights_events_come_through_the_funnel_in_order_and_the_journal_frames_the_fight(qtbot: QtBot) -> None:
    playthrough, session, changes = on_the_table()
    opening, pick = session.state, random.Random(4)
    while session.state.phase is not Phase.OVER:
        session.submit(pick.choice(legal_actions(session.state)))
    steps = [c for c in changes if isinstance(c.op, ops.FightAction)]
    assert len(steps) == len(changes) == session.ply  # one emission a step, none besides
    again = Game(opening)  # the same actions on the engine alone tell the same events, in the same order
    expected = [again.push(c.op.action) for c in steps if isinstance(c.op, ops.FightAction)]
    assert [list(c.events[0].events) for c in steps if isinstance(c.events[0], FightStepped)] == expected
    playthrough.end_fight()
    lines = [line.text for line in playthrough.story.chronicle]
    begins = next(i for i, t in enumerate(lines) if t.startswith("Fight 1 begins"))
    ends = next(i for i, t in enumerate(lines) if t.startswith("Fight 1: "))
    assert begins < ends and playthrough.story.fight is None and playthrough.session is None


class FirstOption:
    """Answers every decision with its first option (the GM stand-in's place), so one undo is a chain."""

    def respond(self, state: CombatState) -> GmChoice | None:
        pending = state.pending
        return None if pending is None else GmChoice(pending.kind, 0, pending.options[0].label, "the first one")


def test_one_undo_takes_back_the_stand_ins_answers_with_the_step_in_one_emission(qtbot: QtBot) -> None:
    playthrough, session, changes = on_the_table()
    session.set_responder(FirstOption())
    pick = random.Random(9)
    for _ in range(300):
        ply = session.ply
        session.submit(pick.choice(legal_actions(session.state)))
        if session.ply - ply >= 2 and session.undo_refusal() is None:
            break
    else:
        raise AssertionError("no undoable step with an answer came up")
    chain, before = session.ply - ply, session.game.steps[ply - session.played_before].before
    assert session.ply in session.answered
    del changes[:]
    assert playthrough.undo_refusal() is None
    assert isinstance(playthrough.undo(), ops.FightAction)  # the same undo as the table's Ctrl+Z
    assert len(changes) == 1 and changes[0].undone and changes[0].touches(Part.FIGHT)
    assert session.ply == ply and session.state is before is playthrough.story.fight
    assert not {p for p in session.answered if p > ply}, f"the {chain - 1} answers went with the step"


def test_the_fights_rows_are_the_ones_the_session_route_wrote(qtbot: QtBot, tmp_path: Path) -> None:
    """The same actions and undos, through the playthrough's funnel and through a fight's own (a lesson's or a quick
    fight's), leave the same fight rows in the save, so either reads the other's."""
    rows = []
    for route in ("funnel", "session"):
        folder = tmp_path / route
        playthrough, session, _changes = on_the_table(folder)
        if route == "session":
            keeper = playthrough.funnel.recorder
            assert isinstance(keeper, Autosave)
            session = Session(session.game, keeper.rows)  # a fight on its own: its funnel writes the rows
        session.set_responder(FirstOption())  # the stand-in's answers are kept in their rows too
        pick = random.Random(6)
        for _ in range(2):
            an_undoable_play(session, pick)
            assert session.undo()
        for _ in range(12):
            if session.state.phase is Phase.OVER:
                break
            session.submit(pick.choice(legal_actions(session.state)))
        (path,) = folder.glob("*.rt0save")
        with sqlite3.connect(path) as db:
            query = "SELECT kind, action, ply, round, state_hash, fight FROM log WHERE kind != 'story'"
            rows.append(db.execute(query + " ORDER BY seq").fetchall())
    assert len(rows[0]) > 12 and rows[0] == rows[1]


def test_a_write_to_the_fights_rows_outside_the_funnel_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    playthrough, session, _changes = on_the_table(tmp_path)
    keeper = playthrough.funnel.recorder
    assert isinstance(keeper, Autosave)
    action = next(a for a in legal_actions(session.state) if isinstance(a, PlayCard))
    with pytest.raises(SaveError, match="did not come through the playthrough's funnel"):
        keeper.rows.record(action, session.state)  # the fight's rows, written around the funnel: refused
    with pytest.raises(SaveError, match="funnel"):
        keeper.store.recorder(keeper.game_id).record_undo(session.state)
    keeper.problem = ""
    assert session.submit(action) and keeper.problem == ""
    with sqlite3.connect(keeper.store.path_of(keeper.game_id)) as db:
        assert db.execute("SELECT count(*) FROM log WHERE kind = 'action'").fetchone() == (1,)


def test_a_long_fight_keeps_only_what_can_still_be_undone(qtbot: QtBot) -> None:
    playthrough, session, _changes = on_the_table()
    pick, deepest = random.Random(2), 0
    while session.state.phase is not Phase.OVER and session.ply < 400:
        session.submit(pick.choice(legal_actions(session.state)))
        deepest = max(deepest, len(playthrough.funnel.steps))
        assert playthrough.undo_reach <= len(session.game.held)
        assert len(playthrough.funnel.steps) <= len(session.game.held) + 1  # the last reveal's step, and after it
    assert session.ply > 50 and deepest < 20


def test_a_fight_resumed_from_its_save_undoes_as_far_as_before_and_not_across_its_start(
    qtbot: QtBot, tmp_path: Path
) -> None:
    playthrough, session, _changes = on_the_table(tmp_path)
    pick = random.Random(3)
    an_undoable_play(session, pick)
    keeper = playthrough.funnel.recorder
    assert isinstance(keeper, Autosave)
    depth, state, ply = playthrough.undo_reach, session.state, session.ply
    keeper.store.close()
    with SaveStore(tmp_path, app_version="test") as store:
        resumed = restore(store.load(keeper.game_id))
        again, fight = resumed.playthrough, resumed.fight
        assert fight is not None
        Autosave(store, keeper.game_id, again)
        back = again.resume_fight(fight, resumed.answered, resumed.played_before)
        assert state_hash(back.state) == state_hash(state) and back.ply == ply
        assert again.undo_reach == depth and again.story.fight is back.state
        changes: list[OpChanges] = []
        again.changed.connect(changes.append)
        for _ in range(depth):
            assert back.undo()
        assert len(changes) == depth and all(c.undone and c.touches(Part.FIGHT) for c in changes)
        assert back.undo_refusal() is not None and again.undo_refusal() is not None
        assert again.story.fight is back.state


def quiet_play(session: Session) -> None:
    """Play the first legal action that reveals nothing, so undo can still reach everything before it."""
    for action in legal_actions(session.state):
        if undoable(apply(session.state, action)[1]):
            assert session.submit(action)
            return
    raise AssertionError("every action reveals something here")


def test_the_oracle_steps_among_a_fights_go_back_after_reopening_as_they_did_before(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Oracle ops that rolled nothing, made between a fight's steps, are in the one undo after the save is reopened,
    in their place among the fight's steps; one that rolled stops undo there, the fight's steps behind it too."""
    playthrough, session, _changes = on_the_table(tmp_path)
    an_undoable_play(session, random.Random(3))
    assert playthrough.submit_oracle(AskOracle("Does the robot hesitate?")) != ""  # it rolled: undo stops here
    quiet_play(session)
    assert isinstance(playthrough.submit_oracle(SetConflict(True)), OracleState)
    quiet_play(session)
    quiet_play(session)
    assert isinstance(playthrough.submit_oracle(OpenTrack("Hold the line")), OracleState)
    quiet_play(session)
    depth = playthrough.undo_reach
    chain = playthrough.funnel.steps[-depth:]
    assert depth == 6 and [type(s.action).__name__ for s in chain].count("ConsultOracle") == 2
    expected = [(story_doc(s.before), state_hash(s.before.fight)) for s in reversed(chain)]  # type: ignore[arg-type]
    keeper = playthrough.funnel.recorder
    assert isinstance(keeper, Autosave)
    keeper.store.close()
    with SaveStore(tmp_path, app_version="test") as store:
        resumed = restore(store.load(keeper.game_id))
        again, fight = resumed.playthrough, resumed.fight
        assert fight is not None
        Autosave(store, keeper.game_id, again)
        back = again.resume_fight(fight, resumed.answered, resumed.played_before, resumed.opening, resumed.around)
        assert again.undo_reach == depth
        for doc, fight_hash in expected:
            assert back.undo()
            assert story_doc(again.story) == doc and state_hash(again.story.fight) == fight_hash  # type: ignore[arg-type]
            assert again.story.fight is back.state
        assert back.undo_refusal() is not None, "the question asked stands, and the fight's steps before it"
        assert again.solo is not None and not again.solo.oracle.in_conflict and not again.solo.oracle.tracks
        reopened = restore(store.load(keeper.game_id))  # the undos were saved too
        assert reopened.playthrough.solo == again.solo
