"""A solo fight's step and what it wrote in the journal reach the save in one transaction, or not at all."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.saves import SaveError, SaveStore
from rt0table.desktop.table.fight_session import Session
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import legal_actions
from rt0table.rules.rt0.fight.state import Phase
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.story_seam import STORY
from tests.helpers.fight_builders import bestiary
from tests.helpers.played_fights import robot_campaign
from tests.helpers.sample_party import fool


def solo_fight(folder: Path) -> tuple[Playthrough, Autosave, Session]:
    playthrough = Playthrough(Mode.SOLO, fp.from_party([fool("Pip")]), seed=2)
    keeper = Autosave.start(SaveStore(folder, app_version="test"), playthrough)
    session = playthrough.begin_fight(robot_campaign(playthrough.campaign), bestiary(), journal=True)
    return playthrough, keeper, session


def to_the_last_step(playthrough: Playthrough, session: Session) -> Action:
    """Random legal actions until the next one ends the fight (its summary goes into the journal); that action."""
    pick = random.Random(4)
    for _ in range(2000):
        action = pick.choice(legal_actions(session.state))
        story, _ = STORY.apply(playthrough.story, ops.FightAction(action))  # pure: asking changes nothing
        if story.fight is not None and story.fight.phase is Phase.OVER:
            return action
        assert session.submit(action)
    raise AssertionError("the fight did not come to its last step")


def statements(keeper: Autosave) -> list[str]:
    seen: list[str] = []
    keeper.store._game(keeper.game_id).db.conn.set_trace_callback(seen.append)
    return seen


def test_the_step_that_writes_the_journal_is_one_transaction(qtbot: QtBot, tmp_path: Path) -> None:
    playthrough, keeper, session = solo_fight(tmp_path)
    assert playthrough.solo is not None and len(playthrough.solo.journal.entries) == 1, "the fight's opening"
    last = to_the_last_step(playthrough, session)
    rows_before = keeper.store._game(keeper.game_id).seq
    seen = statements(keeper)
    assert session.submit(last)
    assert playthrough.story.fight is not None and playthrough.story.fight.phase is Phase.OVER
    assert len(playthrough.solo.journal.entries) == 2, "the fight's summary"
    begun = [s for s in seen if s.strip().upper().startswith("BEGIN")]
    committed = [s for s in seen if s.strip().upper().startswith("COMMIT")]
    assert len(begun) == 1 and len(committed) == 1, seen
    with sqlite3.connect(keeper.store.path_of(keeper.game_id)) as db:
        kinds = db.execute("SELECT kind FROM log WHERE seq > ? ORDER BY seq", [rows_before]).fetchall()
    assert [k for (k,) in kinds] == ["action", "story"], "the fight's row and the journal's change, together"
    assert keeper.problem == ""


def test_when_the_journals_write_fails_the_fights_row_goes_with_it(qtbot: QtBot, tmp_path: Path) -> None:
    playthrough, keeper, session = solo_fight(tmp_path)
    last = to_the_last_step(playthrough, session)
    game = keeper.store._game(keeper.game_id)
    rows_before = game.seq

    def full(*_args: object) -> None:
        game.failed = True
        raise SaveError(game.path, "this change could not be saved (disk full)")

    keeper.rows.record_story = full  # type: ignore[method-assign]
    assert session.submit(last)
    assert "disk full" in keeper.problem
    with sqlite3.connect(keeper.store.path_of(keeper.game_id)) as db:
        assert db.execute("SELECT count(*) FROM log WHERE seq > ?", [rows_before]).fetchone() == (0,)
