"""A whole playthrough on the one funnel: every change, in a fight or between fights, is a step of its ``Funnel``.

The story is the state and its ops the actions (``rules/rt0/story/story_seam.py``): ``submit(op)`` applies the op,
hands it to the keeper (the save) in one transaction, keeps it for undo and emits ``changed`` once, with the typed
``OpChanges`` that say which parts changed, so each view redraws only what it shows. ``undo`` takes back the last
step since the last reveal (a card drawn, a die rolled, an oracle answer). Views never keep a copy of the campaign:
they read ``story`` (or ``campaign``) when ``changed`` fires.

The fight on the table is no second route: its Session (``desktop/table/fight_session.py``) hands every action to
``fight_step`` (the ``FightAction`` op, through the same funnel) and every undo to ``take_back``. Only the save's
write differs: a fight step is kept as the fight's own row, not as a new document, so a step costs the same in a
long playthrough as in a short one. The stand-in's answers are marked on their steps, so one undo takes them back
with the player's step. The solo journal writes itself inside the same ops (a fight's opening, its skill checks and
its end), so a solo step is one transaction and its undo takes the journal back with it. Beginning and concluding
a fight are ops like any other; both reveal, so no undo reaches across a fight's start or end."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal

from rt0table.desktop.saves.funnel_step import Step
from rt0table.desktop.saves.loaded import StandInAnswer
from rt0table.desktop.saves.seam_oracle import OracleMove
from rt0table.desktop.seam_session import Funnel
from rt0table.desktop.table.fight_session import Session
from rt0table.rules.loner.oracle_ops import OracleOp
from rt0table.rules.loner.oracle_state import OracleState
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
from rt0table.rules.rt0.solo.journal_bridge import SoloJournal
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.decks import fresh_decks
from rt0table.rules.rt0.story.story_seam import STORY, StorySetup
from rt0table.rules.rt0.story.tale import (
    FightConcluded,
    FightStepped,
    FinishedFight,
    Mode,
    Part,
    Story,
    StoryEvent,
    before_step,
    changed_parts,
    resumed,
)
from rt0table.rules.seam import IllegalAction

__all__ = ["FightReport", "FinishedFight", "Mode", "OpChanges", "PlayStep", "Playthrough"]

PlayStep = Step[Story, ops.Played, StoryEvent]


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


@dataclass
class _Checks:
    """The skill-check table as the current decks leave it, thawed once per value for reading (odds, checkers)."""

    story: Story | None = None
    table: CheckTable | None = field(default=None)


@dataclass(frozen=True)
class OwnRow:
    """A step of the playthrough's own (an oracle op, say) its save holds mid-fight: where it stands in the log,
    its op's name, and the playthrough before it as its document says (with no fight)."""

    seq: int
    op: str
    before: Story


@dataclass(frozen=True)
class AroundFight:
    """Where a fight's save puts the playthrough's own steps among the fight's: their rows, the log position of
    each action in force, and the newest row of an own step that revealed something."""

    own: tuple[OwnRow, ...] = ()
    fight_seqs: tuple[int, ...] = ()
    stood: int = 0


class Playthrough(QObject):
    """The mode, the playthrough's value, the fight on the table, and the one funnel every change goes through."""

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
        begun = story if story is not None else STORY.new_state(StorySetup(mode.value, campaign, lua), seed)[0]
        # its recorder is the save's (``Autosave``), once the playthrough is kept in one
        self.funnel: Funnel[Story, ops.Played, StoryEvent] = Funnel(STORY, begun, forgets=True, tells=False)
        self.session: Session | None = None
        self.plan: fp.FightPlan | None = None
        self.reports: list[FightReport] = []  # the fights concluded in this sitting, for their summary screens
        self._checks = _Checks()

    # --- reading ---

    @property
    def story(self) -> Story:
        return self.funnel.state

    @story.setter
    def story(self, story: Story) -> None:
        self.funnel.state = story

    @property
    def undo_reach(self) -> int:
        """The steps undo can still take back, one at a time (a fight's among them)."""
        return self.funnel.undoable()

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
        """Apply the op through the funnel (kept, one undo step, one signal); raises IllegalAction (nothing
        changed)."""
        before = self.story
        step = self.funnel.play(op)
        self.changed.emit(OpChanges(changed_parts(before, self.story), step.events, op))
        return list(step.events)

    def undo_refusal(self) -> str | None:
        if self._fight_on_top():
            assert self.session is not None
            reason = self.session.game.undo_refusal()  # the fight's own words for what it showed
            if reason is not None:
                return reason
        return self.funnel.undo_refusal()

    def undo(self) -> ops.Op | None:
        """Take back the last step since the last reveal (a fight's with the stand-in's answers on top of it);
        raises IllegalAction when there is none. Returns the op (None for one made before the save was reopened:
        the save keeps its name, not its value). In a fight the table's Session takes it back, so the table is told."""
        steps = self.funnel.steps
        taken = steps[-1].action if steps else None
        if self.session is not None:
            if not self.session.undo():
                raise IllegalAction(self.undo_refusal() or "The fight's last step stands.")
        else:
            why = self.funnel.undo_refusal()
            if why is not None:
                raise IllegalAction(why)
            self.take_back()
        return taken if taken is not None and not isinstance(taken, ops.Earlier | OracleMove) else None

    def take_back(self) -> None:
        """The funnel's one undo: the last step, with the stand-in's answers on top of it, each kept as undone;
        the fight's history follows its steps back. One ``changed``."""
        before, chain = self.story, self.funnel.chain()
        fights = sum(1 for step in chain if isinstance(step.action, ops.FightAction))
        self.funnel.take_back(len(chain))
        if self.session is not None:
            for _ in range(fights):
                self.session.game.undo()
        self.changed.emit(OpChanges(changed_parts(before, self.story), (), None, undone=True))

    def _fight_on_top(self) -> bool:
        steps = self.funnel.steps
        return self.session is not None and bool(steps) and isinstance(steps[-1].action, ops.FightAction)

    # --- fights ---

    def begin_fight(self, plan: fp.FightPlan, bestiary: dict[str, AdversaryKind], journal: bool = False) -> Session:
        """Start the planned fight (ValueError when it cannot start) and keep its Session; ``journal``: the solo
        oracle sits beside it, so its journal writes the fight's story.

        Kept in a save, the fight is kept from its opening on: the funnel's recorder opens its rows with this op.
        """
        reason = fp.plan_refusal(self.campaign, plan)
        if reason is not None:
            raise ValueError(reason)
        fighters = tuple(fp.fighter_setups(self.campaign, plan))
        day = self.campaign.clock.day  # once-per-Day uses in the fight are stamped with it (daily.py)
        setup = CombatSetup(plan.seed, plan.room_size, fighters, tuple(plan.adversaries), bestiary, day=day)
        state, events = setup.start()
        self.plan = plan
        self.submit(ops.BeginFight(state, setup, journal))
        return self._seat(Game(state, events))

    def resume_fight(self, game: Game, answered: Iterable[int] = (), played_before: int = 0,
                     opening: CombatState | None = None, around: AroundFight = AroundFight()) -> Session:  # fmt: skip
        """Put a fight loaded from a save back on the table where it stopped (``answered``, ``played_before`` and
        ``opening`` as ``Session`` takes them, so it goes on as it did before the save). Undo reaches back as far
        as it did: the fight's steps since its last reveal with the playthrough's own among them (``around``),
        and nothing before the fight's start."""
        answered = frozenset(answered)
        start = opening or (game.steps[0].before if game.steps else game.state)
        ply = played_before + len(game.steps)
        story = resumed(self.story, game.state, start, ply)
        self.funnel.reset(story, fight_steps(story, game, answered, played_before, around))
        return self._seat(game, answered, played_before, opening)

    def _seat(self, game: Game, answered: Iterable[int] = (), played_before: int = 0,
              opening: CombatState | None = None) -> Session:  # fmt: skip
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
        op, funnel = ops.FightAction(action), self.funnel
        before = funnel.state
        step = funnel.play(op, stand_in=answer is not None, note=answer)
        after, stepped = funnel.state, step.events[0]  # a fight's step is told as the one FightStepped
        assert isinstance(stepped, FightStepped) and after.fight is not None
        fight_events = list(stepped.events)
        session.game.took(action, after.fight, fight_events)  # the fight's history, for replays and the stand-in
        self.changed.emit(OpChanges(changed_parts(before, after), step.events, op))
        return fight_events

    def submit_oracle(self, op: OracleOp) -> OracleState | str:
        """One op of the oracle through the funnel, in a fight as between fights: the oracle's state it leaves, or
        why the rules refused it (nothing changed)."""
        try:
            self.submit(ops.ConsultOracle(op))
        except IllegalAction as error:
            return str(error)
        assert self.solo is not None  # the op wrote the journal
        return self.solo.oracle

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
        self.session = None
        self.changed.emit(OpChanges(frozenset({Part.FIGHT})))
        return report


def story_reach(funnel: Funnel[Story, ops.Played, StoryEvent]) -> int:
    """The undo steps the save's story rows count: all the funnel can reach but the fight's own (its rows keep
    those)."""
    reach = funnel.steps[len(funnel.steps) - funnel.undoable() :]
    return sum(1 for step in reach if not isinstance(step.action, ops.FightAction))


def fight_steps(
    story: Story, game: Game, answered: frozenset[int], played_before: int, around: AroundFight = AroundFight()
) -> list[PlayStep]:
    """The funnel's steps of a fight read back from its save: its steps since the last one that revealed something
    and the playthrough's own steps among them (each the value before it, ``story`` holding the fight as ``game``
    leaves it), and nothing before the fight."""
    kept: list[PlayStep] = []
    own, now = list(around.own), story
    first = played_before + game.forgotten + 1  # the ply of the first step ``game`` holds in full

    def own_after(seq: int) -> None:
        nonlocal now
        while own and own[-1].seq > seq:
            row = own.pop()
            now = resumed(row.before, now.fight or game.state, now.opening or game.state, now.ply)
            kept.append(Step(now, ops.Earlier(row.op), ()))

    for index in range(len(game.held) - 1, -1, -1):
        step, ply = game.held[index], first + index
        seq = around.fight_seqs[ply - 1] if ply <= len(around.fight_seqs) else 0
        own_after(seq)
        if not undoable(step.events) or seq < around.stood:
            break
        stepped = FightStepped(tuple(step.events), False)
        now = before_step(now, step.before, ply - 1)
        kept.append(Step(now, ops.FightAction(step.action), (stepped,), ply in answered))
    else:
        if first == 1:  # the fight's own start: what the playthrough did before its first action goes back too
            own_after(around.stood)
    return list(reversed(kept))
