"""The game saves itself: a Playthrough kept in its save, with no save button anywhere.

``Autosave`` is the Playthrough's ``keeper``: the funnel hands it the playthrough's value after every op and undo
(``keep``), and the campaign document goes into the save in one transaction when it differs from the last one
kept; each fight starts a new fight log in the same save, and the funnel writes each step and undo of the fight
through it (``record``, ``record_undo``: the fight's own rows, not the document). A write that fails never stops
play: ``failed`` says so, in words, and the store refuses more rows until the game is loaded again
(docs/save-format.md).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QObject, Signal

from rt0table.desktop.flow.playthrough import PlayStep, Playthrough, story_reach
from rt0table.desktop.flow.playthrough_doc import party_names, playthrough_doc
from rt0table.desktop.saves import SaveError, SaveStore
from rt0table.desktop.saves.doc_delta import delta, doc_hash
from rt0table.desktop.saves.schema import TABLE_OP, UNDO_OP
from rt0table.desktop.saves.seam_oracle import OracleMove
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.story_doc import story_doc
from rt0table.rules.rt0.story.tale import Story


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
        self.rows = store.recorder(game_id)
        self.playthrough = playthrough
        self.problem = ""  # the last failure, empty while every save went through
        self._kept: dict[str, Any] = kept if kept is not None else {}  # the document as the save has it now
        self._whole = len(json.dumps(self._kept))  # the size of the last whole document written
        self._since = 0  # bytes of changes written since then
        playthrough.funnel.recorder = self

    @classmethod
    def start(cls, store: SaveStore, playthrough: Playthrough, parent: QObject | None = None) -> Autosave:
        """A new save for a playthrough that has just begun (its party made, no fight yet)."""
        doc = playthrough_doc(playthrough)
        game_id = store.new_game(None, players=party_names(playthrough), campaign=doc)
        return cls(store, game_id, playthrough, doc, parent)

    def keep(self, story: Story, op: ops.Op | None = None, reach: int = 0, undone: bool = False) -> None:
        """The funnel's one write per op (``op`` None: an undo, ``undone``, or the fight's journal following the
        table): the change to the document as one ``story`` row, and the whole document once the changes written
        since the last whole one add up to its size, so the file grows with play, never with its square. ``reach``:
        the steps undo can take back after this change, kept in the row so that undo survives reopening the save."""
        doc = story_doc(story)
        change = delta(self._kept, doc)
        if change is None:
            return  # nothing the document holds changed: the fight's log rows are enough
        op_name = type(op).__name__ if op is not None else UNDO_OP if undone else TABLE_OP
        record = {"op": op_name, "day": doc["day"], "delta": change, "reach": reach}  # "day": for the save list
        size = len(json.dumps(change))
        whole = doc if self._since + size >= self._whole else None
        if self._guard(lambda: self.rows.record_story(record, doc_hash(doc), whole)):
            self._kept = doc
            self._since = 0 if whole is not None else self._since + size
            if whole is not None:
                self._whole = len(json.dumps(whole))

    # --- the funnel's recorder: each step of the playthrough in one transaction ---

    def record(self, step: PlayStep, state: Story) -> None:
        """A step that happened: a fight's as its row (and the journal's change with it), any other op as the
        change to the document; a fight begun opens its rows first, in the same transaction."""
        action, funnel = step.action, self.playthrough.funnel
        if isinstance(action, ops.FightAction) and state.solo is step.before.solo and state.fight is not None:
            fight, played = state.fight, action.action  # the commonest step: its row alone, one transaction
            self._guard(lambda: self.rows.record(played, fight, step.note))
            return
        with self.one_write():
            if isinstance(action, ops.BeginFight) and action.setup is not None:
                setup = action.setup
                self._guard(lambda: self.rows.begin_fight(setup))
            if not isinstance(action, ops.FightAction):
                op = action if not isinstance(action, ops.Earlier | OracleMove) else None
                self.keep(state, op, 0 if funnel.revealed(step) else story_reach(funnel) + 1)
                return
            if state.fight is not None:
                fight, played = state.fight, action.action
                self._guard(lambda: self.rows.record(played, fight, step.note))
            if state.solo is not step.before.solo:  # the journal wrote itself: its change goes with the row
                self.keep(state, None, 0 if funnel.revealed(step) else story_reach(funnel))

    def record_undo(self, step: PlayStep) -> None:
        """A step taken back, before it is: a fight's as its undo row (and the journal going back with it), any
        other op as the document it leaves."""
        funnel = self.playthrough.funnel
        with self.one_write():
            if not isinstance(step.action, ops.FightAction):
                self.keep(step.before, None, story_reach(funnel) - 1, undone=True)
                return
            if step.before.fight is not None:
                fight = step.before.fight
                self._guard(lambda: self.rows.record_undo(fight))
            if step.before.solo is not funnel.state.solo:
                self.keep(step.before, None, story_reach(funnel))

    def record_oracle(self, move: OracleMove, state: Story) -> None:
        raise SaveError(self.store.path_of(self.game_id), "a playthrough's oracle is kept as its own op")

    @contextlib.contextmanager
    def one_write(self) -> Iterator[None]:
        """The writes of one step as one transaction: when any of them fails, none of them is kept."""
        try:
            with self.store.one_write(self.game_id):
                yield
        except SaveError as error:
            self._failed(error)

    def _guard(self, write: Callable[[], object]) -> bool:
        try:
            write()
        except SaveError as error:
            self._failed(error)
            return False
        return True

    def _failed(self, error: SaveError) -> None:
        self.problem = str(error)
        self.failed.emit(self.problem)
