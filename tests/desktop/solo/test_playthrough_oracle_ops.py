"""RT:0's playthrough takes the oracle's ops as story ops: a toggle is a step undo takes back, a question stands, and
the same seed gives the same answers."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.solo.dock import SoloDock, on_journal, solo_panel
from rt0table.rules.loner.journal import QuestionEntry
from rt0table.rules.loner.oracle_ops import AskOracle, SetConflict
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.story import ops
from tests.helpers.sample_party import MIRA
from tests.helpers.widgets import LEFT, tick_box


def wired(qtbot: QtBot, seed: int = 3) -> tuple[Playthrough, SoloDock]:
    playthrough = Playthrough(Mode.SOLO, cp.Campaign(members=(cp.Member("mira", MIRA),)), seed=seed)
    dock = solo_panel(playthrough.solo)
    qtbot.addWidget(dock)
    dock.show()
    on_journal(dock, playthrough)
    return playthrough, dock


def test_the_conflict_toggle_is_a_story_op_undo_takes_back_and_a_question_stands(qtbot: QtBot) -> None:
    playthrough, dock = wired(qtbot)
    panel = dock.panel
    qtbot.keyClicks(panel.question, "Is the archive unguarded?")
    qtbot.mouseClick(panel.roll_button, LEFT)
    tick_box(qtbot, panel.conflict_box)
    played = [s.action for s in playthrough.funnel.steps]
    assert played[-2:] == [
        ops.ConsultOracle(AskOracle("Is the archive unguarded?")),
        ops.ConsultOracle(SetConflict(True)),
    ]
    assert playthrough.solo is not None and playthrough.solo.oracle.in_conflict
    playthrough.undo()
    assert playthrough.solo is not None and not playthrough.solo.oracle.in_conflict
    assert not panel.conflict_box.isChecked()
    assert playthrough.undo_refusal() is not None  # the question threw dice: it stands


def test_the_same_seed_asks_to_the_same_answers(qtbot: QtBot) -> None:
    answers = []
    for _ in range(2):
        playthrough, _dock = wired(qtbot, seed=11)
        playthrough.submit_oracle(AskOracle("Is the road watched?"))
        assert playthrough.solo is not None
        answers.append([e.roll for e in playthrough.solo.journal.entries if isinstance(e, QuestionEntry)])
    assert answers[0] == answers[1] and answers[0]
