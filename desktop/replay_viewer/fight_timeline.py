"""A fight as a timeline of plies: its state after any number of actions, and the log lines each one wrote.

States are kept at checkpoints (every ``EVERY`` plies) and the rest are played forward from the nearest one, so a
50,000-action fight is held in a few hundred states; each ply's log lines are told once, when the timeline is built.
"""

from __future__ import annotations

from collections.abc import Sequence

from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import apply_in_place
from rt0table.rules.rt0.fight.events import Event
from rt0table.rules.rt0.fight.narration import narrate_all
from rt0table.rules.rt0.fight.state import CombatState

EVERY = 64


class FightTimeline:
    """The opening state, the actions in force, a checkpoint every ``EVERY`` plies and each ply's log lines."""

    def __init__(self, opening: CombatState, actions: Sequence[Action], opening_lines: Sequence[str] = ()) -> None:
        self.opening = opening.clone()
        self.actions = list(actions)
        self.lines: list[tuple[str, ...]] = [tuple(opening_lines)]  # lines[k]: written by ply k (0: the deal)
        self.checkpoints: dict[int, CombatState] = {0: opening.clone()}
        state = opening.clone()
        for ply, action in enumerate(self.actions, start=1):
            self.lines.append(tuple(narrate_all(state, apply_in_place(state, action))))
            if ply % EVERY == 0:
                self.checkpoints[ply] = state.clone()
        self.final = state

    def __len__(self) -> int:
        """The number of plies (actions in force)."""
        return len(self.actions)

    def state_at(self, ply: int) -> CombatState:
        """The state after ``ply`` actions, a copy of its own."""
        ply = max(0, min(ply, len(self.actions)))
        if ply == len(self.actions):
            return self.final.clone()
        base = ply - ply % EVERY
        state = self.checkpoints[base].clone()
        for action in self.actions[base:ply]:
            apply_in_place(state, action)
        return state

    def step(self, ply: int) -> tuple[CombatState, CombatState, list[Event]]:
        """Ply ``ply`` played (from 1): the state before, the state after and its events, for animating it."""
        before = self.state_at(ply - 1)
        after = before.clone()
        events = apply_in_place(after, self.actions[ply - 1])
        return before, after, events

    def lines_upto(self, ply: int) -> list[str]:
        """Every log line from the deal through ``ply``."""
        return [line for lines in self.lines[: ply + 1] for line in lines]
