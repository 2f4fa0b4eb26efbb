"""The Supremacy Worksheet (CMB-SUPREMACY): what a finished fight adds to the tally."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..fight.daily import spent_on
from ..fight.modifiers import CANS_DRUNK, HEADPHONES
from ..fight.state import START_HP, CombatState, FighterKind
from .spell_skills import healed_into


@dataclass(frozen=True, slots=True)
class FighterOutcome:
    """How one player character came out of a fight."""

    member: str
    injuries_taken: tuple[str, ...] = ()
    corruption: int = 0
    hp: int = START_HP
    full_hp: int = START_HP
    died: bool = False
    injuries_after: tuple[str, ...] = ()
    day_uses: tuple[str, ...] = ()  # once-per-Day uses stamped with the fight's Day (daily.spent_on), for the clock
    items: tuple[str, ...] | None = None  # the items still carried (Exhaust ones used up are gone); None: not read
    headphones: tuple[int, ...] = ()  # cards kept face down on the Headphones for the next fight (ITM-HEADPHONES)
    morning_starts: int = 0  # Morning Starts drunk in the fight (ITM-MORNING-START), for the Day's count


@dataclass(frozen=True, slots=True)
class FightSummary:
    outcomes: tuple[FighterOutcome, ...]


def supremacy_gain(summary: FightSummary) -> int:
    """Nothing if anyone was injured (or died) or took 2+ Corruption; else 1, and 2 if everyone ends at full HP."""
    outcomes = summary.outcomes
    if any(o.injuries_taken or o.died for o in outcomes):
        return 0
    if any(o.corruption >= 2 for o in outcomes):
        return 0
    return 2 if all(o.hp >= o.full_hp for o in outcomes) else 1


def gain_reason(summary: FightSummary, names: Mapping[str, str] | None = None) -> str:
    """Why the worksheet gets what ``supremacy_gain`` gives, in words, naming (by ``names``) who stopped it."""

    def who(member: str) -> str:
        return (names or {}).get(member, member)

    hurt = [who(o.member) for o in summary.outcomes if o.injuries_taken or o.died]
    if hurt:
        return f"Nothing added: {', '.join(hurt)} took an injury."
    corrupted = [who(o.member) for o in summary.outcomes if o.corruption >= 2]
    if corrupted:
        return f"Nothing added: {', '.join(corrupted)} took 2 or more Corruption."
    if all(o.hp >= o.full_hp for o in summary.outcomes):
        return "Two tallies: nobody was injured or badly corrupted, and everyone ended at full HP."
    return "One tally: nobody was injured or took 2 or more Corruption, but not everyone ended at full HP."


def _new(before: Iterable[str], after: Iterable[str]) -> tuple[str, ...]:
    """Names in ``after`` beyond those in ``before``, counting repeats."""
    extra = Counter(after) - Counter(before)
    return tuple(extra.elements())


def summarise(state: CombatState, injuries_before: Mapping[str, Sequence[str]]) -> FightSummary:
    """Read a finished fight: every player character's new injuries, Corruption, HP and death (Eddies left out)."""
    outcomes = []
    for f in state.fighters:
        if f.kind is not FighterKind.PLAYER:
            continue
        taken = _new((*injuries_before.get(f.id, ()), *healed_into(f)), f.injuries)  # a Heal's Minor is not new
        uses = spent_on(f.day_uses, state.day)  # the Day's uses, brought in or spent here, for the Day clock
        outcomes.append(
            FighterOutcome(
                f.id,
                taken,
                f.corruption_gained,
                f.hp,
                START_HP,
                f.dead,
                tuple(f.injuries),
                uses,
                tuple(f.items),
                tuple(f.stowed.get(HEADPHONES, ())),
                f.marks.get(CANS_DRUNK, 0),
            )
        )
    return FightSummary(tuple(outcomes))
