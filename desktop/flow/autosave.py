"""The game saves itself: a Playthrough kept in its save, with no save button anywhere.

``Autosave`` is the Playthrough's ``keeper``: the funnel hands it the playthrough's value after every op and undo
(``keep``), and the campaign document goes into the save in one transaction when it differs from the last one
kept; each fight starts a new fight log in the same save, and the fight's Session records every action and undo
through it. A write that fails never stops play: ``failed``
says so, in words, and the store refuses more rows until the game is loaded again (docs/save-format.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from rt0table.desktop.flow.playthrough import Playthrough
from rt0table.desktop.flow.playthrough_doc import party_names, playthrough_doc, story_doc
from rt0table.desktop.saves import CombatSetup, SaveError, SaveStore, StandInAnswer
from rt0table.desktop.session import Recorder
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.story.tale import Story


class Autosave(QObject):
    """Keeps one Playthrough in one save of the store."""

    failed = Signal(str)  # what could not be saved, for the player

    def __init__(
        self,
        store: SaveStore,
        game_id: str,
        playthrough: Playthrough,
        kept: dict[str, Any] | None = None,
        parent: QObject | None = None,
    ) -> None:
        """``kept``: the document the save holds already (a loaded game's), so an unchanged one is not written."""
        super().__init__(parent)
        self.store = store
        self.game_id = game_id
        self.recorder = store.recorder(game_id)
        self.playthrough = playthrough
        self.problem = ""  # the last failure, empty while every save went through
        self._kept = json.dumps(kept, sort_keys=True) if kept is not None else ""  # the last one kept, as JSON
        playthrough.keeper = self

    @classmethod
    def start(cls, store: SaveStore, playthrough: Playthrough, parent: QObject | None = None) -> Autosave:
        """A new save for a playthrough that has just begun (its party made, no fight yet)."""
        doc = playthrough_doc(playthrough)
        game_id = store.new_game(None, players=party_names(playthrough), campaign=doc)
        return cls(store, game_id, playthrough, doc, parent)

    def keep(self, story: Story) -> None:
        """The funnel's one write per op: the playthrough as ``story`` leaves it."""
        doc = story_doc(self.playthrough.mode, story)
        text = json.dumps(doc, sort_keys=True)
        if text == self._kept:
            return  # a step in a fight that changed nothing the document holds: the log row is enough
        if self._guard(lambda: self.recorder.save_campaign(doc)):
            self._kept = text

    # --- Keeper and Recorder: the fights ---

    def begin_fight(self, setup: CombatSetup) -> Recorder:
        self._guard(lambda: self.recorder.begin_fight(setup))
        return self

    def record(self, action: Action, state: CombatState, answer: StandInAnswer | None = None) -> None:
        self._guard(lambda: self.recorder.record(action, state, answer))

    def record_undo(self, state: CombatState) -> None:
        self._guard(lambda: self.recorder.record_undo(state))

    def _guard(self, write: Callable[[], object]) -> bool:
        try:
            write()
        except SaveError as error:
            self.problem = str(error)
            self.failed.emit(self.problem)
            return False
        return True
