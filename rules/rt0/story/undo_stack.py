"""Undo for a whole playthrough: only what can still be undone is kept, so memory stays flat.

Each step is the op and the value before it (values share everything the op did not change). An op whose events
reveal (a card drawn, a die rolled, an oracle answer) clears the stack: nothing before a reveal is taken back,
and nothing before it is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...seam import IllegalAction
from . import ops
from .tale import Story, StoryEvent, reveals


@dataclass(frozen=True, slots=True)
class UndoStep:
    op: ops.Op | None  # None: an op made before the playthrough was read back from its save (which keeps its name)
    before: Story


@dataclass(frozen=True, slots=True)
class UndoStack:
    steps: tuple[UndoStep, ...] = ()

    def pushed(self, op: ops.Op, before: Story, events: Sequence[StoryEvent]) -> UndoStack:
        """After ``op`` took ``before`` on: a step more, or nothing at all when it revealed something."""
        if reveals(events):
            return UndoStack()
        return UndoStack((*self.steps, UndoStep(op, before)))

    def refusal(self) -> str | None:
        if not self.steps:
            return "Nothing to undo: the last step showed something new (a card, a die, the oracle), or none was made."
        return None

    def popped(self) -> tuple[UndoStack, UndoStep]:
        """The stack without its last step, and that step (whose ``before`` is the value to go back to)."""
        reason = self.refusal()
        if reason is not None:
            raise IllegalAction(reason)
        return UndoStack(self.steps[:-1]), self.steps[-1]

    def __len__(self) -> int:
        return len(self.steps)
