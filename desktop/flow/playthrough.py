"""The one funnel for a whole playthrough: every change, in a fight or between fights, goes through one call.

``submit(op)`` applies the op to the playthrough's value (``rules.story.tale.apply``), hands it to the keeper (the
save) in one transaction, pushes one undo step and emits ``changed`` once, with the typed ``OpChanges`` that say
which parts changed, so each view redraws only what it shows. ``undo`` takes back everything since the last reveal
(a card drawn, a die rolled, an oracle answer), one op at a time. Views never keep a copy of the campaign: they read
``story`` (or ``campaign``) when ``changed`` fires.

The fight on the table is no second route: its Session (the table's handle, ``desktop/table/fight_session.py``)
hands every action and every undo to ``fight_step`` and ``fight_undo``, which are the same call for the
``FightAction`` op (the one ``tale.apply``, the one undo stack, one ``changed`` with ``Part.FIGHT``). Only the
save's write differs: a fight step is kept as the fight's own row through its recorder (as it always was), not as a
new document, so a step costs the same in a long playthrough as in a short one. The Session keeps the stand-in's
answers and which plies they were, so one undo takes back the answers with the player's step (``fight_undo(steps)``:
one emission). Beginning and concluding a fight are ops like any other; both reveal, so no undo reaches across a
fight's start or end."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from rt0table.desktop.saves.funnel_guard import through_funnel
from rt0table.desktop.saves.loaded import StandInAnswer
from rt0table.desktop.table.fight_session import Recorder, Session
from rt0table.rules.paradise_lua.lua_campaign import LuaState
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.campaign_events import CampaignEvent, EddyReplaced
from rt0table.rules.rt0.campaign.check_table import CheckTable
from rt0table.rules.rt0.campaign.supremacy import FightSummary, gain_reason
from rt0table.rules.rt0.content.adversaries import AdversaryKind
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import Game, undoable
from rt0table.rules.rt0.fight.events import Event
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.seam import IllegalAction
from rt0table.rules.solo.journal_bridge import SoloJournal
from rt0table.rules.story import ops
from rt0table.rules.story.decks import fresh_decks
from rt0table.rules.story.tale import (
    FightConcluded,
    FightStepped,
    FinishedFight,
    Part,
    Story,
    StoryEvent,
    apply,
    changed_parts,
    new_story,
)
from rt0table.rules.story.undo_stack import UndoStack, UndoStep

__all__ = ["FightReport", "FinishedFight", "Mode", "OpChanges", "Playthrough"]


class Mode(Enum):
    """Who sits at the table."""

    SOLO = "solo"  # one person runs every character; the GM's choices are answered for them when helpers exist
    HOT_SEAT = "hot-seat"  # 1–4 players share the screen; a curtain hides each hand between turns

    @property
    def title(self) -> str:
        return "Solo" if self is Mode.SOLO else "Hot-seat co-op"


@dataclass(frozen=True)
class OpChanges:
    """What one op (or one undo) changed, for the views to redraw (as Anki's OpChanges)."""

    parts: frozenset[Part]
    events: tuple[StoryEvent, ...] = ()
    op: ops.Op | None = None  # None: an undo, or a fight put on the table or taken off it
    undone: bool = False

    def touches(self, *parts: Part) -> bool:
        return bool(self.parts & set(parts))


EVERYTHING = OpChanges(frozenset(Part))


@dataclass(frozen=True)
class FightReport:
    """What a finished fight left: read by the summary screen."""

    number: int
    result: str
    summary: FightSummary
    gain: int
    reason: str
    supremacy: int  # the tally after this fight
    events: tuple[CampaignEvent, ...]
    replacements: tuple[EddyReplaced, ...]
    names: dict[str, str]
    foes: tuple[str, ...] = ()  # each adversary and what became of it
    rounds: int = 0


class Keeper(Protocol):
    """Keeps the playthrough somewhere (the save): each op in one transaction, and each fight's steps."""

    def begin_fight(self, setup: CombatSetup) -> Recorder: ...

    def keep(self, story: Story, op: ops.Op | None = None, reach: int = 0, undone: bool = False) -> None: ...


@dataclass
class _Checks:
    """The skill-check table as the current decks leave it, thawed once per value for reading (odds, checkers)."""

    story: Story | None = None
    table: CheckTable | None = field(default=None)


class Playthrough(QObject):
    """The mode, the playthrough's value, the fight on the table, and the one undo stack (fights' steps too)."""

    changed = Signal(object)  # OpChanges

    def __init__(
        self,
        mode: Mode,
        campaign: cp.Campaign,
        seed: int = 1,
        parent: QObject | None = None,
        story: Story | None = None,
        lua: LuaState | None = None,
    ) -> None:
        """``story``: a playthrough read back from its save (``campaign`` and ``seed`` are then its own);
        ``lua``: a new playthrough set in Paradise Lua, from that campaign's start."""
        super().__init__(parent)
        self.mode = mode
        self.story: Story = story if story is not None else new_story(mode.value, campaign, seed, world=lua)
        self.undo_stack = UndoStack()
        self.session: Session | None = None
        self.recorder: Recorder | None = None  # the fight's rows in the save, while a fight is on the table
        self.plan: fp.FightPlan | None = None
        self.reports: list[FightReport] = []  # the fights concluded in this sitting, for their summary screens
        self.keeper: Keeper | None = None
        self._checks = _Checks()

    # --- reading ---

    @property
    def campaign(self) -> cp.Campaign:
        return self.story.campaign

    @property
    def seed(self) -> int:
        return self.story.seed

    @property
    def log(self) -> list[str]:
        return list(self.story.log)

    @property
    def finished(self) -> list[FinishedFight]:
        return list(self.story.finished)

    @property
    def solo(self) -> SoloJournal | None:
        return self.story.solo

    @property
    def checks(self) -> CheckTable:
        """The skill-check table as the decks stand, for reading; draws go through ``submit``."""
        table = self._checks.table
        if self._checks.story is not self.story or table is None:
            table = self.story.checks.thaw(self.story.campaign)
            self._checks = _Checks(self.story, table)
        return table

    def fresh_checks(self) -> CheckTable:
        """The decks a save that kept none starts from: shuffled from the seed and the fights played."""
        return fresh_decks(self.campaign, self.seed + len(self.story.finished)).thaw(self.campaign)

    @property
    def game(self) -> Game | None:
        return self.session.game if self.session is not None else None

    def names(self) -> dict[str, str]:
        """Member id to character name, for putting events into words."""
        return self.story.names()

    # --- the funnel ---

    def submit(self, op: ops.Op) -> list[StoryEvent]:
        """Apply the op, keep it, push its undo step and signal once; raises IllegalAction (nothing changed)."""
        before = self.story
        after, events = apply(before, op)
        stack = self.undo_stack.pushed(op, before, events)
        self._keep(after, op, story_reach(stack))
        self.story = after
        self.undo_stack = stack
        self.changed.emit(OpChanges(changed_parts(before, after), tuple(events), op))
        return events

    def undo_refusal(self) -> str | None:
        if self._fight_on_top():
            assert self.session is not None
            return self.session.undo_refusal()
        return self.undo_stack.refusal()

    def undo(self) -> ops.Op | None:
        """Take back the last op since the last reveal; raises IllegalAction when there is none. Returns the op (None
        for one made before the save was reopened: the save keeps its name, not its value). A fight's step goes
        back through its Session, which takes the stand-in's answers back with it (``fight_undo``)."""
        if self._fight_on_top():
            assert self.session is not None
            op = self.undo_stack.steps[-1].op
            if not self.session.undo():
                raise IllegalAction(self.session.undo_refusal() or "The fight's last step stands.")
            return op
        stack, step = self.undo_stack.popped()
        before = self.story
        self._keep(step.before, None, story_reach(stack), undone=True)
        self.story, self.undo_stack = step.before, stack
        self.changed.emit(OpChanges(changed_parts(before, step.before), (), None, undone=True))
        return step.op

    def _fight_on_top(self) -> bool:
        steps = self.undo_stack.steps
        return self.session is not None and bool(steps) and isinstance(steps[-1].op, ops.FightAction)

    def _keep(self, story: Story, op: ops.Op | None = None, reach: int | None = None, undone: bool = False) -> None:
        """``reach``: the undo steps there will be after this change (the stack as it is, when None); a fight's own
        steps are not counted: the save keeps those in the fight's rows, and a resumed fight reads them from there."""
        if self.keeper is not None:
            steps = story_reach(self.undo_stack) if reach is None else reach
            with through_funnel():
                self.keeper.keep(story, op, steps, undone)

    # --- fights ---

    def begin_fight(self, plan: fp.FightPlan, bestiary: dict[str, AdversaryKind]) -> Session:
        """Start the planned fight (ValueError when it cannot start) and keep its Session.

        With a ``keeper`` the fight is kept from its opening on: every step and undo goes to its recorder.
        """
        reason = fp.plan_refusal(self.campaign, plan)
        if reason is not None:
            raise ValueError(reason)
        fighters = tuple(fp.fighter_setups(self.campaign, plan))
        day = self.campaign.clock.day  # once-per-Day uses in the fight are stamped with it (daily.py)
        setup = CombatSetup(plan.seed, plan.room_size, fighters, tuple(plan.adversaries), bestiary, day=day)
        state, events = setup.start()
        with through_funnel():
            recorder = self.keeper.begin_fight(setup) if self.keeper is not None else None
        self.plan = plan
        self.submit(ops.BeginFight(state))
        return self._seat(Game(state, events), recorder)

    def resume_fight(self, game: Game, recorder: Recorder | None = None, answered: Iterable[int] = (),
                     played_before: int = 0, opening: CombatState | None = None) -> Session:  # fmt: skip
        """Put a fight loaded from a save back on the table where it stopped (``answered``, ``played_before`` and
        ``opening`` as ``Session`` takes them, so it goes on as it did before the save). Undo reaches back as far
        as it did: the fight's steps since its last reveal, and nothing before the fight's start."""
        self.story = replace(self.story, fight=game.state)
        self.undo_stack = fight_undo_stack(self.story, game)
        return self._seat(game, recorder, answered, played_before, opening)

    def _seat(self, game: Game, recorder: Recorder | None, answered: Iterable[int] = (),
              played_before: int = 0, opening: CombatState | None = None) -> Session:  # fmt: skip
        self.recorder = recorder
        self.session = Session(game, answered=answered, played_before=played_before, opening=opening, funnel=self)
        self.changed.emit(OpChanges(frozenset({Part.FIGHT})))
        return self.session

    def fight_step(self, action: Action, answer: StandInAnswer | None = None) -> list[Event]:
        """One step of the fight on the table, through the funnel: ``FightAction`` applied to the value, the step
        written as the fight's row, one undo step (none past a reveal), one ``changed``. Returns the fight's events;
        raises IllegalAction (nothing changed)."""
        session = self.session
        if session is None:
            raise IllegalAction("There is no fight on the table.")
        op, before = ops.FightAction(action), self.story
        after, events = apply(before, op)
        stepped = next(e for e in events if isinstance(e, FightStepped))
        assert after.fight is not None
        fight_events = list(stepped.events)
        session.game.took(action, after.fight, fight_events)  # the fight's history, for replays and the stand-in
        if self.recorder is not None:
            with through_funnel():
                if answer is None:
                    self.recorder.record(action, after.fight)
                else:
                    self.recorder.record(action, after.fight, answer)
        self.story, self.undo_stack = after, self.undo_stack.pushed(op, before, events)
        self.changed.emit(OpChanges(changed_parts(before, after), tuple(events), op))
        return fight_events

    def fight_undo(self, steps: int) -> None:
        """Take back the fight's last ``steps`` steps as one undo (the stand-in's answers with the player's step):
        each written as the fight's undo row, one ``changed``. Raises IllegalAction when they cannot all go back."""
        session = self.session
        if session is None:
            raise IllegalAction("There is no fight on the table.")
        taken = self.undo_stack.steps[max(0, len(self.undo_stack) - steps) :]
        if not taken or len(taken) < steps or not all(isinstance(step.op, ops.FightAction) for step in taken):
            raise IllegalAction(self.undo_stack.refusal() or "The fight's last step stands.")
        before = self.story
        for _ in range(steps):
            session.game.undo()
            if self.recorder is not None:
                with through_funnel():
                    self.recorder.record_undo(session.game.state)
        # the oracle's journal follows the table's dock (``set_solo``), which rewinds it with the steps
        back = replace(taken[0].before, solo=before.solo)
        self.story, self.undo_stack = back, UndoStack(self.undo_stack.steps[: len(self.undo_stack) - steps])
        self.changed.emit(OpChanges(changed_parts(before, back), (), None, undone=True))

    def set_solo(self, journal: SoloJournal) -> None:
        """The oracle asked, rolled or noted something: one op through the funnel. In a fight the journal also
        writes itself from the table's steps and rewinds with their undo, so there it follows the Session."""
        if journal == self.solo:
            return
        if self.session is None:
            self.submit(ops.OracleStep(journal))
            return
        self.story = replace(self.story, solo=journal)
        self._keep(self.story)
        self.changed.emit(OpChanges(frozenset({Part.ORACLE})))

    def end_fight(self) -> FightReport:
        """Read the finished fight into the campaign and clear the table; returns what the summary shows."""
        if self.session is None:
            raise ValueError("There is no finished fight to conclude.")
        names = self.names()
        events = self.submit(ops.ConcludeFight())
        done = next(e for e in events if isinstance(e, FightConcluded))
        state = done.state
        report = FightReport(
            done.number,
            state.result or "over",
            done.summary,
            done.gain,
            gain_reason(done.summary, names),
            self.campaign.supremacy,
            done.events,
            tuple(e for e in done.events if isinstance(e, EddyReplaced)),
            names,
            tuple(f"{a.name}: {a.fate or ('down' if a.hp <= 0 else 'still standing')}" for a in state.adversaries),
            state.round,
        )
        self.reports.append(report)
        self.session, self.recorder = None, None
        self.changed.emit(OpChanges(frozenset({Part.FIGHT})))
        return report


def story_reach(stack: UndoStack) -> int:
    """The undo steps the save's story rows count: all but the fight's own (its rows keep those)."""
    return sum(1 for step in stack.steps if not isinstance(step.op, ops.FightAction))


def fight_undo_stack(story: Story, game: Game) -> UndoStack:
    """The undo stack of a fight read back from its save: its steps since the last one that revealed something
    (each the value before it, ``story`` holding the fight as ``game`` leaves it), and nothing before the fight."""
    kept: list[UndoStep] = []
    for step in reversed(game.held):
        if not undoable(step.events):
            break
        kept.append(UndoStep(ops.FightAction(step.action), replace(story, fight=step.before)))
    return UndoStack(tuple(reversed(kept)))
