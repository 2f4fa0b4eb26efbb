"""The table's handle on a fight: every action and every undo goes through ``submit`` and ``undo``.

Views never change the state: they call ``submit`` or ``undo`` and redraw when ``state_did_change``
fires with the events. A refusal leaves the state as it was and says why through ``refused``.

A Session has no route of its own: it hands each step and each undo to a funnel (``FightFunnel``). A fight that
belongs to a playthrough goes to the playthrough's (``Playthrough.fight_step``/``fight_undo``: the ``FightAction``
op through the playthrough's one ``Funnel``, the fight's row in the save, the playthrough's one ``changed``); a
fight on its own (a lesson, a demo, a quick fight) to a ``LoneFight``, the same ``Funnel`` over RT:0's fight rules
with the Session's recorder. ``state_did_change`` then tells the table. A lone fight's rules are the Session's
``rules``: RT:0's fight, or a lesson's (``content/lesson_rules.py``: the fight with the step's script on top), which
the lesson swaps as it goes; ``refusal`` is theirs, and the funnel applies them.

A ``Responder`` (solo play's GM stand-in) may answer decisions that nobody at the table makes: after
every submit, while it has an answer, the answer is submitted like any other step (recorded, undoable,
signalled), with a ``StandInChose`` event in front for the log. Undo then takes back the answers together
with the step that called for them, so one undo is one move of the player's. The recorder keeps which
steps were answers, so a fight loaded from its save undoes the same way (``answered``, ``played_before``).
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from rt0table.desktop.saves.fight_rows import FightRows
from rt0table.desktop.saves.funnel_step import Play, Step
from rt0table.desktop.saves.loaded import StandInAnswer
from rt0table.desktop.seam_session import Funnel
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import Game, undoable
from rt0table.rules.rt0.fight.events import Event, StandInChose
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.rt0_seam import RT0
from rt0table.rules.seam import IllegalAction

MAX_ANSWERS = 64  # a responder that never stops answering is a bug; stop rather than hang


class Recorder(Protocol):
    """What the save store offers: called after every step that really happened."""

    def record(self, action: Action, state: CombatState, answer: StandInAnswer | None = None) -> None: ...

    def record_undo(self, state: CombatState) -> None: ...


class FightFunnel(Protocol):
    """The funnel a fight's steps go through (its playthrough's, or a ``LoneFight``'s): one call each."""

    def fight_step(self, action: Action, answer: StandInAnswer | None = None) -> list[Event]:
        """Apply, keep, push and signal one step; its events. Raises IllegalAction (nothing changed)."""
        ...

    def undo_refusal(self) -> str | None: ...

    def take_back(self) -> None:
        """The funnel's one undo (the last step with the stand-in's answers on top), the fight following it."""
        ...


class Answer(Protocol):
    """A responder's answer: the action to submit, and the decision's kind, choice and reason for the log."""

    @property
    def action(self) -> Action: ...

    @property
    def kind(self) -> str: ...

    @property
    def label(self) -> str: ...

    @property
    def reason(self) -> str: ...


class Responder(Protocol):
    """Answers decisions on someone's behalf (the GM in solo play); None when it has nothing to say."""

    def respond(self, state: CombatState) -> Answer | None: ...


class FightRules(Play[CombatState, Action, Event], Protocol):
    """What a fight on the table plays by: the funnel's part of the seam, and the legal actions its one predicate
    allows (RT:0's fight rules, or a lesson's)."""

    def legal_actions(self, state: CombatState) -> Sequence[Action]: ...


class LoneFight:
    """The funnel of a fight that belongs to no playthrough (a lesson, a demo, a quick fight): a ``Funnel`` over
    the Session's rules (RT:0's fight, or a lesson's), whose recorder is the Session's (the fight's save, when it has
    one)."""

    def __init__(self, session: Session, recorder: Recorder | None) -> None:
        self.session = session
        self.recorder = recorder
        rows: FightRows[CombatState, Action, Event] | None = FightRows(recorder) if recorder is not None else None
        self.funnel: Funnel[CombatState, Action, Event] = Funnel(
            session.rules, session.game.state, rows, forgets=True, tells=False
        )
        self.funnel.steps = held_steps(session.game, session.answered, session.played_before)

    def fight_step(self, action: Action, answer: StandInAnswer | None = None) -> list[Event]:
        game = self._follow()
        step = self.funnel.play(action, stand_in=answer is not None, note=answer)
        events = list(step.events)
        game.took(action, self.funnel.state, events)
        return events

    def undo_refusal(self) -> str | None:
        return self._follow().undo_refusal() or self.funnel.undo_refusal()

    def take_back(self) -> None:
        game, count = self._follow(), len(self.funnel.chain())
        self.funnel.take_back(count)
        for _ in range(count):
            game.undo()

    def _follow(self) -> Game:
        """The fight's history and rules as the Session holds them; a history put there by hand (a tool, a test)
        is taken up, and so are the rules a lesson moved on to."""
        game = self.session.game
        self.funnel.ruleset = self.session.rules
        if self.funnel.state is not game.state:
            self.funnel.reset(game.state, held_steps(game, self.session.answered, self.session.played_before))
        return game


def held_steps(game: Game, answered: Container[int], played_before: int) -> list[Step[CombatState, Action, Event]]:
    """The funnel's steps of a fight that has a history already (read back from its save, or replayed): those
    since its last reveal, each marked as the stand-in's when its ply is in ``answered``."""
    kept: list[Step[CombatState, Action, Event]] = []
    first = played_before + game.forgotten + 1  # the ply of the first step ``game`` holds in full
    for index in range(len(game.held) - 1, -1, -1):
        step = game.held[index]
        if not undoable(step.events):
            break
        kept.append(Step(step.before, step.action, tuple(step.events), first + index in answered))
    return list(reversed(kept))


class Session(QObject):
    """A fight in play: submit actions, undo where the rules allow, one signal for every change."""

    state_did_change = Signal(list)  # the events of the step; an empty list after an undo
    refused = Signal(str, object)  # the reason in words, and the action refused (None for an undo)

    def __init__(self, game: Game, recorder: Recorder | None = None, parent: QObject | None = None,
                 answered: Iterable[int] = (), played_before: int = 0,
                 opening: CombatState | None = None, funnel: FightFunnel | None = None,
                 rules: FightRules = RT0) -> None:  # fmt: skip
        """A fight loaded from its save passes ``played_before``, the actions in force before ``game``'s first
        step (its replay began at a snapshot), ``answered``, the plies the responder took, and ``opening``, the
        fight's state before its first action (``game`` may not reach back that far). ``funnel``: the playthrough
        the fight belongs to (it records the steps then); without one the fight is a ``LoneFight`` whose steps
        ``recorder`` keeps; ``rules``: what a fight of its own plays by (a lesson's, or RT:0's fight)."""
        super().__init__(parent)
        self.game = game
        self.rules = rules  # a playthrough's fight plays by RT:0's, through the playthrough's funnel
        self.answered: set[int] = set(answered)  # plies (actions in force, from 1) the responder took
        self.played_before = played_before
        self.funnel: FightFunnel = funnel or LoneFight(self, recorder)
        self.before: CombatState = game.state  # the state before the last change, for replaying its events
        self.responder: Responder | None = None
        self.opening: CombatState = opening or (game.steps[0].before if game.steps else game.state)
        self._responding = False

    @property
    def state(self) -> CombatState:
        return self.game.state

    @property
    def ply(self) -> int:
        """Actions in force in the fight since its opening, including those played before it was loaded."""
        return self.played_before + len(self.game.steps)

    def refusal(self, action: Action) -> str | None:
        """Why ``submit`` would refuse ``action`` now, by the rules in force, or None."""
        return self.rules.refusal(self.game.state, action)

    def submit(self, action: Action) -> bool:
        """Push the action; on a refusal emit ``refused`` and leave everything as it was."""
        if not self._step(action, []):
            return False
        self.respond()
        return True

    def _step(self, action: Action, preface: list[Event], answer: StandInAnswer | None = None) -> bool:
        before = self.game.state
        try:
            events = self.funnel.fight_step(action, answer)
        except IllegalAction as error:
            self.refused.emit(str(error), action)
            return False
        self.before = before
        self.state_did_change.emit([*preface, *events])
        return True

    def set_responder(self, responder: Responder | None) -> None:
        """Install (or remove) the responder, and let it answer anything already waiting for it."""
        self.responder = responder
        self.respond()

    def respond(self) -> None:
        """Let the responder answer, step after step, while it has answers."""
        if self.responder is None or self._responding:
            return
        self._responding = True
        try:
            for _ in range(MAX_ANSWERS):
                answer = self.responder.respond(self.game.state)
                if answer is None:
                    return
                preface: list[Event] = [StandInChose(answer.kind, answer.label, answer.reason)]
                kept = StandInAnswer(answer.kind, answer.label, answer.reason)
                if not self._step(answer.action, preface, kept):
                    return
                self.answered.add(self.ply)
        finally:
            self._responding = False

    def undo_refusal(self) -> str | None:
        return self.funnel.undo_refusal()

    def undo(self) -> bool:
        reason = self.undo_refusal()
        if reason is not None:
            self.refused.emit(reason, None)
            return False
        before = self.game.state
        self.funnel.take_back()
        self.before = before
        self.answered = {ply for ply in self.answered if ply <= self.ply}
        self.state_did_change.emit([])
        return True
