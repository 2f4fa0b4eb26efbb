"""A fight as a timeline of plies: its state after any number of actions, and the log lines each one wrote.

States are kept at checkpoints (every ``EVERY`` plies) and the rest are played forward from the nearest one, so a
50,000-action fight is held in a few hundred states; each ply's log lines are told once, when the timeline is built.
"""

from __future__ import annotations

from collections.abc import Sequence

from rt0table.desktop.saves.funnel_step import Step
from rt0table.desktop.saves.log_replay import Act, Counted, Entry, KeptSteps, Replaying, Stack, Told, replay_log
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import apply_in_place
from rt0table.rules.rt0.fight.events import Event
from rt0table.rules.rt0.fight.narration import narrate_all
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.rt0_seam import RT0

EVERY = 64


class FightTimeline:
    """The opening state, the actions in force, a checkpoint every ``EVERY`` plies and each ply's log lines."""

    def __init__(self, opening: CombatState, actions: Sequence[Action], opening_lines: Sequence[str] = ()) -> None:
        self.opening = opening.clone()
        self.actions = list(actions)
        self.lines: list[tuple[str, ...]] = [tuple(opening_lines)]  # lines[k]: written by ply k (0: the deal)
        self.checkpoints: dict[int, CombatState] = {0: opening.clone()}

        lines, checkpoints = self.lines, self.checkpoints

        def told(_entry: Entry[Action], step: Step[CombatState, Action, Event], after: CombatState) -> None:
            lines.append(tuple(narrate_all(after, step.events)))
            if len(lines) % EVERY == 1:  # ply len(lines) - 1 is a checkpoint's
                checkpoints[len(lines) - 1] = after.clone()

        self.final = _played(FORWARD, opening.clone(), self.actions, Counted(), told)

    def __len__(self) -> int:
        """The number of plies (actions in force)."""
        return len(self.actions)

    def state_at(self, ply: int) -> CombatState:
        """The state after ``ply`` actions, a copy of its own."""
        ply = max(0, min(ply, len(self.actions)))
        if ply == len(self.actions):
            return self.final.clone()
        base = ply - ply % EVERY
        return _played(FORWARD, self.checkpoints[base].clone(), self.actions[base:ply], Counted())

    def step(self, ply: int) -> tuple[CombatState, CombatState, list[Event]]:
        """Ply ``ply`` played (from 1): the state before, the state after and its events, for animating it."""
        before, kept = self.state_at(ply - 1), KeptSteps[CombatState, Action, Event]()
        after = _played(RT0, before, self.actions[ply - 1 : ply], kept)
        return before, after, list(kept.steps[0].events)

    def lines_upto(self, ply: int) -> list[str]:
        """Every log line from the deal through ``ply``."""
        return [line for lines in self.lines[: ply + 1] for line in lines]


class Forward:
    """RT:0's rules played forward on the very state they are given: a timeline keeps no state before a step but its
    checkpoints, copied as they pass, so a 50,000-action fight is not copied at every ply."""

    def apply(self, state: CombatState, action: Action) -> tuple[CombatState, list[Event]]:
        return state, apply_in_place(state, action)

    def state_hash(self, state: CombatState) -> str:
        return RT0.state_hash(state)


FORWARD = Forward()


def _played(
    rules: Replaying[CombatState, Action, Event],
    start: CombatState,
    actions: Sequence[Action],
    stack: Stack[CombatState, Action, Event],
    told: Told[Action, CombatState, Event] | None = None,
) -> CombatState:
    """The state after ``actions`` from ``start``; an action the rules refuse raises."""
    result = replay_log(rules, start, map(Act, actions), stack, refused=(), told=told)
    return result.state
