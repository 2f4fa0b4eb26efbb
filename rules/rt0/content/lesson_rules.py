"""A lesson as a small ruleset over the bare fight: RT:0's rules with the step under way's script on top.

``LessonRules`` is one place in a lesson (the step under way and its scripted actions already done) and a
``seam.Ruleset`` over RT:0's fight: the fight's rules, except that its one legality predicate, ``refusal``, also
refuses what the step does not ask for, in the lesson's own words (the step's ``off_script``, else "This step asks
you to …"). ``legal_actions`` is built from it, and ``apply`` raises the same refusal, so a lesson's table refuses an
off-script move as it refuses any illegal one, before anything happens. A free step, the sandbox and the fight after
the script allow whatever the fight allows. Each allowed move moves the lesson on (``moved_on``): a new value, so the
rules in force are plain values the runner swaps as the lesson goes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...seam import IllegalAction
from ..fight import engine
from ..fight.actions import Action
from ..fight.events import Event
from ..fight.state import CombatState
from ..rt0_seam import RT0Rules
from .lesson import Lesson, TeachStep, Verdict, describe, judge, remaining

EXPLAIN_ONLY = "This step only explains: read it, then press Next (or Enter)."


@dataclass(frozen=True)
class LessonRules(RT0Rules):
    """RT:0's fight at one place of ``lesson``: step ``index`` (from 0; past the last once the script is over), with
    ``done`` of its scripted actions carried out."""

    lesson: Lesson
    index: int = 0
    done: tuple[Action, ...] = ()

    @property
    def step(self) -> TeachStep | None:
        steps = self.lesson.steps
        return steps[self.index] if 0 <= self.index < len(steps) else None

    def verdict(self, state: CombatState, action: Action, after: CombatState | None = None) -> Verdict:
        """What a move the fight allows means for the step under way (``after``: the state it leaves, worked out
        here when not given and a goal needs it)."""
        step = self.step
        if self.lesson.sandbox or step is None:
            return Verdict.FOLLOWED
        if step.explain_only:
            return Verdict.OFF
        if after is None:
            after = engine.apply(state, action)[0] if step.goal else state  # judge reads it for a goal alone
        return judge(step, self.done, action, after)

    def refusal(self, state: CombatState, action: Action) -> str | None:
        why = engine.refusal(state, action)
        if why is not None or self.verdict(state, action) is not Verdict.OFF:
            return why
        step = self.step
        assert step is not None  # the fight after the script refuses nothing of its own
        if step.explain_only:
            return EXPLAIN_ONLY
        return step.off_script or f"This step asks you to {describe(state, remaining(step, self.done)[0])}."

    def legal_actions(self, state: CombatState) -> Sequence[Action]:
        return [action for action in engine.legal_actions(state) if self.refusal(state, action) is None]

    def apply(self, state: CombatState, action: Action) -> tuple[CombatState, list[Event]]:
        why = self.refusal(state, action)
        if why is not None:
            raise IllegalAction(why)
        return engine.apply(state, action)

    def moved_on(self, verdict: Verdict, action: Action) -> LessonRules:
        """The place after a move these rules allowed, by what it meant for the step (its ``verdict``)."""
        if self.lesson.sandbox:  # the first move ends the sandbox's opening words
            return replace(self, index=len(self.lesson.steps), done=())
        if verdict is Verdict.PROGRESS:
            return replace(self, done=(*self.done, action))
        if verdict is Verdict.DONE:
            return replace(self, index=self.index + 1, done=())
        return self

    def read(self) -> LessonRules:
        """Past an explain-only step (its Next)."""
        return replace(self, index=self.index + 1, done=())
