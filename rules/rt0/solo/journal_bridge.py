"""The journal writes itself: engine events become Loner journal entries, keyed to the game step.

A ``SoloJournal`` is the oracle's running state (its journal included) plus, for every entry the game
wrote, the fight and the step that wrote it. Undoing steps calls ``rewind``, which takes out exactly the
entries of the undone steps (and the notes about them); the oracle's own questions, twists, scenes and
the player's notes are never undone by the game. ``write_solo``/``read_solo`` let a save keep it all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...game_json import encode, written_as_row
from ...loner.journal import Entry, FightEntry, Journal, JournalError, SkillCheckEntry, check_format
from ...loner.oracle_codec import read_oracle_state, write_oracle
from ...loner.oracle_state import OracleState
from ..campaign.supremacy import summarise
from ..cards import CARDS
from ..fight.events import CombatEnded, Event, SkillCheckMade, StandInChose
from ..fight.state import CombatState, FighterKind

SOLO_FORMAT = 2  # 2: the oracle keeps tracks, status, dead ends and Meanwhile tags; format 1 still reads
OUTCOMES = {"victory": "Victory", "defeat": "Defeat", "escaped": "Escaped"}


@dataclass(frozen=True, slots=True)
class Written:
    """Where a game-written entry came from: its id, the fight (from 1) and the step (0 is the opening)."""

    entry: int
    fight: int
    step: int


@dataclass(frozen=True, slots=True)
class SoloJournal:
    """The oracle's state with its journal, and which entries the game wrote at which step."""

    oracle: OracleState = field(default_factory=OracleState)
    written: tuple[Written, ...] = ()
    fight: int = 0  # fights begun so far; the number of the current or last one

    @property
    def journal(self) -> Journal:
        return self.oracle.journal

    def with_oracle(self, oracle: OracleState) -> SoloJournal:
        """Take the oracle's new state (a question, a twist, a scene, a note) from the panel."""
        if len(oracle.journal.entries) < len(self.journal.entries):
            raise JournalError("the oracle's journal lost entries; take them out with rewind instead")
        return replace(self, oracle=oracle)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- writing -------------------------------------------------------------------------------------------


def _write(solo: SoloJournal, entry: FightEntry | SkillCheckEntry, step: int) -> SoloJournal:
    journal = Journal((*solo.journal.entries, replace(entry, id=len(solo.journal.entries) + 1)))
    oracle = replace(solo.oracle, journal=journal)
    return replace(solo, oracle=oracle, written=(*solo.written, Written(len(journal.entries), solo.fight, step)))


def _names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def fight_title(state: CombatState) -> str:
    size = state.room.size
    return f"{size}x{size} room"


def sides(state: CombatState) -> tuple[str, str]:
    """The players' side and the adversaries', each as one phrase."""
    return _names([f.name for f in state.fighters]), _names([a.name for a in state.adversaries])


def begin_fight(solo: SoloJournal, state: CombatState) -> SoloJournal:
    """A new fight starts: note the room and who faces whom, at step 0 of the next fight number."""
    solo = replace(solo, fight=solo.fight + 1)
    party, foes = sides(state)
    entry = FightEntry(fight_title(state), (party, foes), 0, "begins")
    return _write(solo, entry, 0)


def record_step(
    solo: SoloJournal, start: CombatState, after: CombatState, events: Iterable[Event], step: int
) -> SoloJournal:
    """Write what one game step did that belongs in the story: skill checks and the end of the fight.

    ``start`` is the fight's opening state (for the injuries taken since), ``after`` the state after the
    step, ``step`` the number of steps played once it is taken.
    """
    for event in events:
        if isinstance(event, SkillCheckMade):
            cards = tuple(CARDS[c].name for c in event.cards)
            entry = SkillCheckEntry(
                after.name_of(event.fighter), event.skill, event.difficulty, cards, event.outcome.replace("_", " ")
            )
            solo = _write(solo, entry, step)
        elif isinstance(event, CombatEnded):
            solo = _write(solo, fight_summary(start, after, event.result), step)
    return solo


def stand_in_reason(events: Iterable[Event]) -> str | None:
    """Why the GM stand-in made its last choice among ``events`` (a step it answered), or None when it made none."""
    said = [event.reason for event in events if isinstance(event, StandInChose)]
    return said[-1] if said else None


def fight_summary(start: CombatState, end: CombatState, result: str) -> FightEntry:
    """The fight as the story remembers it: result, rounds, injuries, Corruption and what became of the foes."""
    before = {f.id: tuple(f.injuries) for f in start.fighters}
    outcome = summarise(end, before)
    parts = []
    for o in outcome.outcomes:
        name = end.name_of(o.member)
        if o.died:
            parts.append(f"{name} died")
        elif o.injuries_taken:
            parts.append(f"{name} took {_names(list(o.injuries_taken))}")
    hurt = "; ".join(parts) + "." if parts else "No one was injured."
    corrupt = [
        f"{f.name} {f.corruption_gained}" for f in end.fighters if f.kind is FighterKind.PLAYER and f.corruption_gained
    ]
    corruption = f" Corruption taken: {', '.join(corrupt)}." if corrupt else " No Corruption taken."
    fates = [f"{a.name} {a.fate}" for a in end.adversaries if a.fate]
    foes = f" {_names(fates)}." if fates else ""
    party, enemies = sides(end)
    label = OUTCOMES.get(result, result.capitalize())
    return FightEntry(fight_title(end), (party, enemies), end.round, label, hurt + corruption + foes)


# --- undoing ---------------------------------------------------------------------------------------------


def rewind(solo: SoloJournal, steps_left: int) -> SoloJournal:
    """Take out what the current fight's undone steps wrote: every entry of a step after ``steps_left``."""
    gone = [w.entry for w in solo.written if w.fight == solo.fight and w.step > steps_left]
    if not gone:
        return solo
    journal = solo.journal.without(gone)
    gone_set = set(gone)
    # entries keep their order; a written entry's new id is its position among the kept entries
    kept_ids = [e.id for e in solo.journal.entries if e.id not in gone_set and not _note_on(e, gone_set)]
    new_id = {old: i for i, old in enumerate(kept_ids, start=1)}
    written = tuple(replace(w, entry=new_id[w.entry]) for w in solo.written if w.entry in new_id)
    return replace(solo, oracle=replace(solo.oracle, journal=journal), written=written)


def _note_on(entry: Entry, ids: set[int]) -> bool:
    about = getattr(entry, "about", None)
    return about is not None and about in ids


# --- as JSON: the type-driven codec (``game_json``), in the shape saves have always had -----------------------


def write_solo(solo: SoloJournal) -> dict[str, Any]:
    """The solo journal as JSON data for the campaign save."""
    return {
        "format": SOLO_FORMAT,
        "fight": solo.fight,
        "written": encode(solo.written),
        "oracle": write_oracle(solo.oracle),
    }


def read_solo(data: Any) -> SoloJournal:
    """The solo journal ``write_solo`` wrote; a JournalError naming the field when it is not one."""
    check_format(data, "solo journal", SOLO_FORMAT)
    fight = data.get("fight")
    written_raw = data.get("written")
    if isinstance(fight, bool) or not isinstance(fight, int) or fight < 0:
        raise JournalError("solo journal: field 'fight' must be a whole number from 0")
    if not isinstance(written_raw, list):
        raise JournalError("solo journal: field 'written' must be a list")
    oracle = read_oracle_state(data.get("oracle"))
    written = []
    for i, item in enumerate(written_raw, start=1):
        if not (isinstance(item, list) and len(item) == 3 and all(_is_int(v) for v in item)):
            raise JournalError(f"solo journal: written item {i} must be [entry, fight, step]")
        entry, of_fight, step = item
        if not 1 <= entry <= len(oracle.journal.entries):
            raise JournalError(f"solo journal: written item {i} names entry {entry}, which does not exist")
        written.append(Written(entry, of_fight, step))
    return SoloJournal(oracle, tuple(written), fight)


written_as_row(Written)
