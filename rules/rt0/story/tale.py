"""The playthrough as one immutable value, and ``apply``: the one way it changes.

A ``Story`` holds everything a playthrough is: the mode and seed, the party and campaign, the Day's food and sleep
choices, the skill-check decks, the fight on the table, the oracle and its journal, the notes the player typed,
the fights finished and the Day's log. ``apply(story, op)`` returns the next value and what happened; a refusal
is an ``IllegalAction`` and leaves nothing changed. Events that reveal (a card drawn, a die rolled, an oracle
answer) say so, and the funnel's undo stops there (``story_seam.StoryRules.reveals``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from operator import attrgetter

from ...loner.loner_state import book_tables
from ...loner.oracle_ops import apply_oracle, oracle_rng
from ...paradise_lua import lua_campaign as lua
from ...paradise_lua.world_content import shipped_world
from ...seam import IllegalAction, RulesError
from ..campaign import campaign as cp
from ..campaign import fight_plan as fp
from ..campaign.campaign_events import CampaignEvent
from ..campaign.check_table import Attempt
from ..campaign.gm_asks import PowerRequest, asks_the_gm
from ..campaign.skill_check import GroupResult
from ..campaign.supremacy import FightSummary, supremacy_gain
from ..fight import engine
from ..fight.events import Event
from ..fight.state import CombatState, Phase
from ..solo.journal_bridge import SoloJournal, begin_fight, record_step, rewind
from . import ops
from .chronicle import Line, lines_for
from .day_log import event_line
from .decks import CheckDecks, draw_on, follow_party, fresh_decks


class Part(Enum):
    """What an op may change: a view redraws only for the parts it shows (as Anki's OpChanges)."""

    PARTY = "party"
    DAY = "day"
    CHECKS = "checks"
    FIGHT = "fight"
    ORACLE = "oracle"
    JOURNAL = "journal"
    MAP = "map"  # the Paradise Lua campaign: where the party is, its quests, discipline, hosts and GM notes


class Mode(Enum):
    """Who sits at the table."""

    SOLO = "solo"  # one person runs every character; the GM's choices are answered for them
    HOT_SEAT = "hot-seat"  # 1–4 players share the screen; a curtain hides each hand between turns

    @property
    def title(self) -> str:
        return "Solo" if self is Mode.SOLO else "Hot-seat co-op"


@dataclass(frozen=True, slots=True)
class FinishedFight:
    """One line of the Day's fight record."""

    number: int
    result: str
    gain: int


@dataclass(frozen=True, slots=True)
class Note:
    """A line the player typed into the journal, on the Day it was written."""

    id: int
    day: int
    text: str


@dataclass(frozen=True, slots=True)
class DayChoices:
    """Today's food and sleep, per member; anyone not named eats and sleeps well. Cleared when the Day ends."""

    meals: tuple[tuple[str, cp.Meal], ...] = ()
    sleeps: tuple[tuple[str, cp.Sleep], ...] = ()

    def meal(self, member: str) -> cp.Meal:
        return dict(self.meals).get(member, cp.Meal.EDIBLE)

    def sleep(self, member: str) -> cp.Sleep:
        return dict(self.sleeps).get(member, cp.Sleep.RESTFUL)


ORACLE_SALT = 0x4F7261636C65  # the oracle's generator is seeded from the story's seed, apart from its decks'


@dataclass(frozen=True, slots=True)
class Story:
    mode: str
    seed: int
    campaign: cp.Campaign
    checks: CheckDecks
    choices: DayChoices = field(default_factory=DayChoices)
    fight: CombatState | None = None
    solo: SoloJournal | None = None
    notes: tuple[Note, ...] = ()
    finished: tuple[FinishedFight, ...] = ()
    log: tuple[str, ...] = ()
    next_note: int = 1
    chronicle: tuple[Line, ...] = ()  # the playthrough's one journal (chronicle.py), in order
    request: PowerRequest | None = None  # a power asked of the GM, waiting for the answer (gm_asks.py)
    lua: lua.LuaState | None = None  # the Paradise Lua campaign, when the playthrough is set there
    opening: CombatState | None = None  # the fight's opening while it is on the table (the journal's summary reads it)
    ply: int = 0  # the fight's steps in force: the solo journal stamps what a step wrote with it

    def names(self) -> dict[str, str]:
        """Member id to character name, for putting events into words."""
        return {m.id: m.character.name for m in self.campaign.members}

    def note(self, note_id: int) -> Note:
        for n in self.notes:
            if n.id == note_id:
                return n
        raise IllegalAction(f"There is no note {note_id} in the journal.")


_STORY_FIELDS = [f.name for f in fields(Story)]
_story_values = attrgetter(*_STORY_FIELDS)
_FIGHT, _SOLO, _PLY = (_STORY_FIELDS.index(name) for name in ("fight", "solo", "ply"))


def _stepped(story: Story, fight: CombatState, ply: int, solo: SoloJournal | None) -> Story:
    """``replace(story, fight=fight, ply=ply, solo=solo)``, in half its time: every fight step makes one."""
    values = list(_story_values(story))
    values[_FIGHT], values[_PLY], values[_SOLO] = fight, ply, solo
    return Story(*values)


def new_story(mode: str, campaign: cp.Campaign, seed: int, world: lua.LuaState | None = None) -> Story:
    """A playthrough that has just begun: its party made, its decks shuffled from the seed, no fight yet;
    ``world``: set in Paradise Lua, the party at the start of Act 1."""
    party = ", ".join([*(m.character.name for m in campaign.members), *(e.name for e in campaign.eddies)])
    log = (f"Day {campaign.day}. The party: {party}.",)
    return Story(mode, seed, campaign, fresh_decks(campaign, seed), log=log, lua=world)


# --- what happened -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CampaignChanged:
    events: tuple[CampaignEvent, ...]
    reveals: bool = False


@dataclass(frozen=True, slots=True)
class DayChoiceMade:
    member: str
    choice: cp.Meal | cp.Sleep
    reveals: bool = False


@dataclass(frozen=True, slots=True)
class PowerAsked:
    request: PowerRequest
    reveals: bool = False


@dataclass(frozen=True, slots=True)
class PowerAnswered:
    request: PowerRequest
    granted: bool
    answer: str
    reveals: bool = False


@dataclass(frozen=True, slots=True)
class ChecksDrawn:
    """Cards drawn at the skill-check table: ``verdict`` for a group check."""

    attempts: tuple[Attempt, ...]
    verdict: GroupResult | None = None
    retried: bool = False
    reveals: bool = True


@dataclass(frozen=True, slots=True)
class CardJudged:
    """SKL-PENALTY: the GM named the worse card; ``attempt`` is the check as it now counts."""

    attempt: Attempt
    reveals: bool = False


@dataclass(frozen=True, slots=True)
class ItemKept:
    """ITM-HEADPHONES: a won FINAID check failed on purpose, its card kept face down for the next fight."""

    member: str
    card: int  # face down: the journal does not name it
    reveals: bool = False


@dataclass(frozen=True, slots=True)
class FightBegun:
    opening: CombatState
    reveals: bool = True


@dataclass(frozen=True, slots=True)
class FightStepped:
    events: tuple[Event, ...]
    reveals: bool


@dataclass(frozen=True, slots=True)
class FightConcluded:
    number: int
    state: CombatState
    summary: FightSummary
    gain: int
    events: tuple[CampaignEvent, ...]
    reveals: bool = True  # a fight's end is a boundary: nothing before it is taken back


@dataclass(frozen=True, slots=True)
class OracleAnswered:
    entries: tuple[int, ...]  # the ids of the journal entries it added
    reveals: bool


@dataclass(frozen=True, slots=True)
class LuaChanged:
    """What a Paradise Lua step did (a draw for inspiration reveals)."""

    events: tuple[lua.Event, ...]
    reveals: bool = False


@dataclass(frozen=True, slots=True)
class NoteChanged:
    note: int
    text: str | None  # None: deleted
    reveals: bool = False


StoryEvent = (
    CampaignChanged
    | DayChoiceMade
    | PowerAsked
    | PowerAnswered
    | ChecksDrawn
    | CardJudged
    | ItemKept
    | FightBegun
    | FightStepped
    | FightConcluded
    | OracleAnswered
    | NoteChanged
    | LuaChanged
)


def reveals(events: Sequence[StoryEvent]) -> bool:
    return any(e.reveals for e in events)


# --- apply ---------------------------------------------------------------------------------------------------

Applied = tuple[Story, list[StoryEvent]]


def apply(story: Story, op: ops.Op) -> Applied:
    """The story after ``op`` and what happened; raises IllegalAction (nothing changed) when the rules refuse.
    What it did goes into the playthrough's journal too."""
    try:
        after, events = _apply(story, op)
        if isinstance(op, ops.FightAction):
            return after, events  # a fight's step has no journal line of its own: "begins" and its end frame it
        lines = lines_for(story, after, events)
        return (replace(after, chronicle=(*after.chronicle, *lines)) if lines else after), events
    except IllegalAction:
        raise
    except (RulesError, ValueError, KeyError) as error:
        raise IllegalAction(str(error).strip("'\"")) from None


def _apply(story: Story, op: ops.Op) -> Applied:
    if isinstance(op, ops.ChooseMeal | ops.ChooseSleep):
        return _choose(story, op)
    if isinstance(op, ops.EndDay):
        return _end_day(story)
    if isinstance(op, ops.AskTheGM | ops.GMAnswers):
        return _gm_asked(story, op)
    if isinstance(op, ops.DrawCheck | ops.GroupCheck | ops.HelpCheck | ops.RetryCheck):
        return _check(story, op)
    if isinstance(op, ops.KeepOnHeadphones):
        return _keep_on_headphones(story)
    if isinstance(op, ops.GMKeepsCard):
        return _gm_keeps(story, op.index)
    if isinstance(op, ops.BeginFight | ops.FightAction | ops.ConcludeFight):
        return _fight(story, op)
    if isinstance(op, ops.ConsultOracle):
        return _consult(story, op)
    if isinstance(op, ops.WriteNote | ops.EditNote | ops.DeleteNote):
        return _journal(story, op)
    if isinstance(op, ops.LuaStep):
        return _lua(story, op.op)
    return _campaign(story, op)


def _member(story: Story, member: str) -> cp.Member:
    try:
        return story.campaign.member(member)
    except KeyError:
        raise IllegalAction(f"There is no party member {member!r}.") from None


def _with_campaign(story: Story, campaign: cp.Campaign, events: Sequence[CampaignEvent]) -> Story:
    """The campaign changed: its events go to the log and the skill-check decks follow the party."""
    names = story.names()
    log = (*story.log, *(event_line(e, names) for e in events))
    checks = follow_party(story.checks, campaign, story.campaign)
    return replace(story, campaign=campaign, checks=checks, log=log)


def _campaign(story: Story, op: ops.CampaignOp) -> Applied:
    if isinstance(op, ops.UsePower) and asks_the_gm(op.power):
        raise IllegalAction(f"{op.power} is asked of the GM: request it, and the GM's answer decides.")
    campaign, events = op.run(story.campaign)
    return _with_campaign(story, campaign, events), [CampaignChanged(tuple(events))]


def _choose(story: Story, op: ops.ChooseMeal | ops.ChooseSleep) -> Applied:
    m = _member(story, op.member)
    if not m.playable:
        raise IllegalAction(f"{m.character.name} can no longer be played.")
    c = story.choices
    choice: cp.Meal | cp.Sleep
    if isinstance(op, ops.ChooseMeal):
        meals = (*((k, v) for k, v in c.meals if k != op.member), (op.member, op.meal))
        choices, choice = replace(c, meals=meals), op.meal
    else:
        sleeps = (*((k, v) for k, v in c.sleeps if k != op.member), (op.member, op.sleep))
        choices, choice = replace(c, sleeps=sleeps), op.sleep
    return replace(story, choices=choices), [DayChoiceMade(op.member, choice)]


def _gm_asked(story: Story, op: ops.AskTheGM | ops.GMAnswers) -> Applied:
    """FOOL-DEUS, HP-FORESIGHT: one request open at a time; granted spends the power, declined leaves it fresh."""
    if isinstance(op, ops.AskTheGM):
        if story.request is not None:
            waiting = story.names().get(story.request.member, story.request.member)
            raise IllegalAction(f"{waiting}'s {story.request.power} still waits for the GM's answer.")
        if not asks_the_gm(op.power):
            raise IllegalAction(f"{op.power} is not asked of the GM: use it directly.")
        if not _member(story, op.member).playable:
            raise IllegalAction(f"{story.names()[op.member]} can no longer be played.")
        cp.use_power(story.campaign, op.member, op.power)  # refused here if not theirs, or used today
        asked = PowerRequest(op.member, op.power, op.wish.strip())
        return replace(story, request=asked), [PowerAsked(asked)]
    request = story.request
    if request is None:
        raise IllegalAction("Nothing has been asked of the GM.")
    answered = PowerAnswered(request, op.granted, op.answer.strip())
    if not op.granted:
        return replace(story, request=None), [answered]
    campaign = cp.use_power(story.campaign, request.member, request.power)
    return replace(story, campaign=campaign, request=None), [answered]


def _end_day(story: Story) -> Applied:
    """DAY-CLOCK: food and sleep as chosen; the next Day asks again from the start (issue 19 item 11)."""
    if story.request is not None:
        raise IllegalAction(f"The GM has not answered {story.request.power} yet: answer it before the Day ends.")
    c = story.choices
    ids = [m.id for m in story.campaign.members]
    campaign, events = cp.end_day(story.campaign, {i: c.meal(i) for i in ids}, {i: c.sleep(i) for i in ids})
    story = replace(_with_campaign(story, campaign, events), choices=DayChoices())
    return story, [CampaignChanged(tuple(events))]


def _check(story: Story, op: ops.CheckOp) -> Applied:
    table = story.checks.thaw(story.campaign)
    spent = table.checkers[op.name].spent(op.skill, op.purpose) if isinstance(op, ops.DrawCheck) else []
    attempts, verdict = draw_on(table, op)
    story = replace(story, checks=CheckDecks.of(table))
    drawn = ChecksDrawn(tuple(attempts), verdict, retried=isinstance(op, ops.RetryCheck))
    if isinstance(op, ops.RetryCheck):
        return _pay_for_retry(story, attempts[0].name, drawn)
    if spent and isinstance(op, ops.DrawCheck):
        return _spend_items(story, op.name, spent, drawn)
    return story, [drawn]


def _spend_items(story: Story, name: str, spent: list[str], drawn: ChecksDrawn) -> Applied:
    """ITM-BLANK-KEYCARD, ITM-FIRST-AID-KIT, ITM-GROUCHO-GLASSES: an Exhaust item that helped a check is used up."""
    member = next(m.id for m in story.campaign.members if m.character.name == name)
    campaign, events = story.campaign, []
    for item in spent:
        campaign, more = cp.use_item(campaign, member, item)
        events += more
    return _with_campaign(story, campaign, events), [drawn, CampaignChanged(tuple(events), reveals=True)]


def _gm_keeps(story: Story, index: int) -> Applied:
    """SKL-PENALTY between fights: the GM's judgement of the worse card replaces the one kept by the order."""
    table = story.checks.thaw(story.campaign)
    judged = table.gm_keeps(index)
    return replace(story, checks=CheckDecks.of(table)), [CardJudged(judged)]


def _keep_on_headphones(story: Story) -> Applied:
    """ITM-HEADPHONES between fights: the latest check, a won FINAID, counts as failed; its card waits face down."""
    table = story.checks.thaw(story.campaign)
    attempt, card = table.fail_for_headphones()
    member = next((m.id for m in story.campaign.members if m.character.name == attempt.name), None)
    if member is None:
        raise IllegalAction(f"{attempt.name} is an Eddy and carries no Headphones.")
    story = replace(story, checks=CheckDecks.of(table))
    campaign = cp.keep_on_headphones(story.campaign, member, card)
    return _with_campaign(story, campaign, []), [ItemKept(member, card)]


def _pay_for_retry(story: Story, name: str, drawn: ChecksDrawn) -> Applied:
    """SKL-RETRY's Corruption goes onto the character who retried (an Eddy has no sheet to mark)."""
    by_name = {m.character.name: m.id for m in story.campaign.members}
    if name not in by_name:
        return story, [drawn]
    try:
        campaign, events = cp.pay_for_retry(story.campaign, by_name[name])
    except RulesError:  # the draw stands; a character who can no longer be played takes nothing
        return story, [drawn]
    return _with_campaign(story, campaign, events), [drawn, CampaignChanged(tuple(events), reveals=True)]


def _fight(story: Story, op: ops.FightOp) -> Applied:
    if isinstance(op, ops.BeginFight):
        if story.fight is not None:
            raise IllegalAction("A fight is already on the table.")
        solo = SoloJournal() if op.journal and story.solo is None else story.solo
        if solo is not None:  # the solo journal writes itself: the fight's opening first
            solo = begin_fight(solo, op.opening)
        begun = replace(story, fight=op.opening, opening=op.opening, ply=0, solo=solo)
        return begun, [FightBegun(op.opening)]
    if story.fight is None:
        raise IllegalAction("There is no fight on the table.")
    if isinstance(op, ops.FightAction):
        state, events = engine.apply(story.fight, op.action)
        ply, solo = story.ply + 1, story.solo
        if solo is not None:  # a skill check or the fight's end goes into the journal with the step that made it
            solo = record_step(solo, story.opening or story.fight, state, events, ply)
        stepped = FightStepped(tuple(events), not engine.undoable(events))
        return _stepped(story, state, ply, solo), [stepped]
    return _conclude(story, story.fight)


def _conclude(story: Story, state: CombatState) -> Applied:
    if state.phase is not Phase.OVER:
        raise IllegalAction("There is no finished fight to conclude.")
    campaign, summary, events = fp.after_fight(story.campaign, state)
    number, gain = len(story.finished) + 1, supremacy_gain(summary)
    story = _with_campaign(story, campaign, events)
    finished = (*story.finished, FinishedFight(number, state.result or "over", gain))
    story = replace(story, fight=None, opening=None, ply=0, finished=finished)
    concluded: list[StoryEvent] = [FightConcluded(number, state, summary, gain, tuple(events))]
    if story.lua is not None and story.lua.fight is not None and state.result in lua.FIGHT_RESULTS:
        story, ended = _lua(story, lua.FightOver(state.result))  # the fight called at a place is the one played
        concluded += ended
    return story, concluded


def _lua(story: Story, op: lua.Op) -> Applied:
    """A Paradise Lua step, by that campaign's own rules (its refusal is the IllegalAction)."""
    if story.lua is None:
        raise IllegalAction("This playthrough is not set in Paradise Lua.")
    world, events = lua.apply(shipped_world(), story.lua, op)
    return replace(story, lua=world), [LuaChanged(tuple(events), any(lua.reveals(e) for e in events))]


def _consult(story: Story, op: ops.ConsultOracle) -> Applied:
    """The oracle's op on the journal's oracle, its dice from the oracle's generator (seeded from the story's seed
    the first time it rolls); an op that threw dice reveals."""
    solo = story.solo if story.solo is not None else SoloJournal()
    rng = oracle_rng(solo.oracle, story.seed ^ ORACLE_SALT)
    try:
        outcome = apply_oracle(solo.oracle, op.op, rng, book_tables())
    except ValueError as error:
        raise IllegalAction(str(error)) from None
    added = tuple(e.id for e in outcome.entries)
    return replace(story, solo=solo.with_oracle(outcome.state)), [OracleAnswered(added, reveals=outcome.rolled)]


def _journal(story: Story, op: ops.JournalOp) -> Applied:
    if isinstance(op, ops.WriteNote | ops.EditNote) and not op.text.strip():
        raise IllegalAction("A note needs some text.")
    if isinstance(op, ops.WriteNote):
        note = Note(story.next_note, story.campaign.day, op.text)
        story = replace(story, notes=(*story.notes, note), next_note=note.id + 1)
        return story, [NoteChanged(note.id, op.text)]
    story.note(op.note)  # refused when there is no such note
    if isinstance(op, ops.EditNote):
        notes = tuple(replace(n, text=op.text) if n.id == op.note else n for n in story.notes)
        return replace(story, notes=notes), [NoteChanged(op.note, op.text)]
    return replace(story, notes=tuple(n for n in story.notes if n.id != op.note)), [NoteChanged(op.note, None)]


def resumed(story: Story, fight: CombatState, opening: CombatState, ply: int) -> Story:
    """The playthrough with a fight read back from its save on the table: where it stands, its opening and its
    steps in force."""
    return replace(story, fight=fight, opening=opening, ply=ply)


def before_step(story: Story, fight: CombatState, ply: int) -> Story:
    """The playthrough as it stood before a step of the fight on its table, read back from the save: the fight
    then, and the journal without what later steps wrote."""
    solo = rewind(story.solo, ply) if story.solo is not None else None
    return replace(story, fight=fight, ply=ply, solo=solo)


def changed_parts(before: Story, after: Story) -> frozenset[Part]:
    """Which parts of the playthrough an op changed (compared by identity first: values are shared)."""
    parts: set[Part] = set()
    if before.campaign is not after.campaign and before.campaign != after.campaign:
        parts |= {Part.PARTY, Part.DAY}
    changed_day = before.choices != after.choices or before.request != after.request
    if changed_day or before.finished != after.finished or before.log != after.log:
        parts.add(Part.DAY)
    if before.checks is not after.checks and before.checks != after.checks:
        parts.add(Part.CHECKS)
    if before.fight is not after.fight:
        parts.add(Part.FIGHT)
    if before.solo is not after.solo:
        parts.add(Part.ORACLE)
    if before.notes != after.notes or before.chronicle != after.chronicle:
        parts.add(Part.JOURNAL)
    if before.lua is not after.lua:
        parts.add(Part.MAP)
    return frozenset(parts)
