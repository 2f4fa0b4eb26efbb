"""Session: the one funnel; refusals leave the state alone; undo where the rules allow; the recorder."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.quick_fights import quick_fight
from rt0table.rules.rt0.fight.actions import Action, EndTurn, PlayCard
from rt0table.rules.rt0.fight.engine import legal_actions
from rt0table.rules.rt0.fight.events import CardPlaced
from rt0table.rules.rt0.fight.state import CombatState


class Tape:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def record(self, action: Action, state: CombatState) -> None:
        self.calls.append(f"record {action}")

    def record_undo(self, state: CombatState) -> None:
        self.calls.append("undo")


def a_legal_play(state: CombatState) -> PlayCard:
    return next(a for a in legal_actions(state) if isinstance(a, PlayCard))


def test_submit_pushes_and_signals_the_events(qtbot: QtBot) -> None:
    tape = Tape()
    session = Session(quick_fight(1), tape)
    play = a_legal_play(session.state)
    with qtbot.waitSignal(session.state_did_change) as signal:
        assert session.submit(play)
    assert any(isinstance(e, CardPlaced) for e in signal.args[0])
    assert play.card in session.state.fighter(play.fighter).bins[play.ability]
    assert tape.calls == [f"record {play}"]


def test_a_refusal_gives_the_reason_and_leaves_the_state_alone(qtbot: QtBot) -> None:
    session = Session(quick_fight(1))
    before = session.state
    with qtbot.waitSignal(session.refused) as signal:
        assert not session.submit(EndTurn("jun"))
    assert signal.args[0] == "It is Mara's turn, not Jun's."
    assert session.state is before


def test_undo_takes_back_a_play_and_is_refused_with_a_reason_when_not_allowed(qtbot: QtBot) -> None:
    tape = Tape()
    session = Session(quick_fight(1), tape)
    with qtbot.waitSignal(session.refused) as signal:
        assert not session.undo()
    assert signal.args[0] == "Nothing to undo yet."
    hand = list(session.state.active_fighter.hand)  # type: ignore[union-attr]
    session.submit(a_legal_play(session.state))
    assert session.undo()
    assert session.state.active_fighter.hand == hand  # type: ignore[union-attr]
    assert tape.calls[-1] == "undo"
