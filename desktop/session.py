"""The one funnel between the table and the rules: every action and every undo goes through here.

Views never change the state: they call ``submit`` or ``undo`` and redraw when ``state_did_change``
fires with the events. A refusal leaves the state as it was and says why through ``refused``.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal

from rt0table.rules.rt0.actions import Action
from rt0table.rules.rt0.engine import Game, refusal
from rt0table.rules.rt0.errors import IllegalAction
from rt0table.rules.rt0.events import Event
from rt0table.rules.rt0.state import CombatState


class Recorder(Protocol):
    """What the save store offers: called after every step that really happened."""

    def record(self, action: Action, state: CombatState) -> None: ...

    def record_undo(self, state: CombatState) -> None: ...


class Session(QObject):
    """A fight in play: submit actions, undo where the rules allow, one signal for every change."""

    state_did_change = Signal(list)  # the events of the step; an empty list after an undo
    refused = Signal(str, object)  # the reason in words, and the action refused (None for an undo)

    def __init__(self, game: Game, recorder: Recorder | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.recorder = recorder
        self.before: CombatState = game.state  # the state before the last change, for replaying its events

    @property
    def state(self) -> CombatState:
        return self.game.state

    def refusal(self, action: Action) -> str | None:
        return refusal(self.game.state, action)

    def submit(self, action: Action) -> bool:
        """Push the action; on a refusal emit ``refused`` and leave everything as it was."""
        before = self.game.state
        try:
            events: list[Event] = self.game.push(action)
        except IllegalAction as error:
            self.refused.emit(str(error), action)
            return False
        self.before = before
        if self.recorder is not None:
            self.recorder.record(action, self.game.state)
        self.state_did_change.emit(events)
        return True

    def undo_refusal(self) -> str | None:
        return self.game.undo_refusal()

    def undo(self) -> bool:
        reason = self.game.undo_refusal()
        if reason is not None:
            self.refused.emit(reason, None)
            return False
        self.before = self.game.state
        self.game.undo()
        if self.recorder is not None:
            self.recorder.record_undo(self.game.state)
        self.state_did_change.emit([])
        return True
