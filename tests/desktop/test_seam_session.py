"""The seam games' funnel: apply, record, keep for undo, one signal; refusals change nothing; undo stops at reveals."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_game import fight_setup, stand_in
from rt0table.desktop.saves.funnel_step import Step
from rt0table.desktop.seam_session import SeamSession
from rt0table.rules.moons_grave.mg_actions import Plan, RollDice, TurnAction
from rt0table.rules.moons_grave.mg_quick_start import premade
from rt0table.rules.moons_grave.mg_stand_in import stand_in_choice
from rt0table.rules.moons_grave.moons_grave_seam import RULES


class Kept:
    """A recorder that keeps what it is told, in order."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, Any, bool]] = []

    def record(self, step: Step[Any, Any, Any], state: Any) -> None:
        self.rows.append(("action", step.action, step.stand_in))

    def record_undo(self, step: Step[Any, Any, Any]) -> None:
        self.rows.append(("undo", RULES.state_hash(step.before), False))


def session(qtbot: QtBot, foes: tuple[str, ...] = ("Captain (5), Beckon 2",)) -> tuple[SeamSession, Kept]:
    setup = fight_setup([premade("Vex")], foes, hot_seat=False)
    state, _ = RULES.new_state(setup, 3)
    kept = Kept()
    made = SeamSession(RULES, state, kept)
    made.set_responder(stand_in)
    return made, kept


def test_a_refused_action_says_why_and_changes_nothing(qtbot: QtBot) -> None:
    funnel, kept = session(qtbot)
    before = funnel.state
    with qtbot.waitSignal(funnel.refused) as refused:
        assert not funnel.submit(TurnAction("pc1", "Attack", "npc1"))
    assert refused.args == ["No turn action is awaited."]
    assert funnel.state == before and kept.rows == [] and funnel.ply == 0


def test_the_stand_in_answers_through_the_funnel_and_one_undo_takes_them_back(qtbot: QtBot) -> None:
    funnel, kept = session(qtbot)
    opening = funnel.state
    signals: list[list[Any]] = []
    funnel.changed.connect(signals.append)
    assert funnel.submit(Plan("pc1", 1, "Sword"))
    assert [(kind, stand) for kind, _, stand in kept.rows] == [("action", False), ("action", True)]
    assert len(signals) == 2 and all(signals)  # one signal a step, each with its events
    assert funnel.undo()
    assert funnel.state == opening and funnel.ply == 0
    assert [kind for kind, _, _ in kept.rows[2:]] == ["undo", "undo"]
    assert signals[-1] == []


def test_undo_never_goes_back_over_dice_that_were_rolled(qtbot: QtBot) -> None:
    funnel, kept = session(qtbot)
    while not (funnel.state.phase == "roll" and funnel.state.roll.roller == "pc1"):
        assert funnel.submit(stand_in_choice(funnel.state, "p1"))
    assert funnel.submit(RollDice("pc1"))
    rolled, rows = funnel.state, len(kept.rows)
    why = funnel.undo_refusal()
    assert why is not None and "stands" in why
    assert not funnel.undo()
    assert funnel.state == rolled and len(kept.rows) == rows
