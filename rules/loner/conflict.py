"""Harm & Luck: oracle answers move Luck between the Protagonist and an opponent until one side runs out."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .oracle import Answer, OracleRoll

STARTING_LUCK = 6

# Positive: the opponent loses that much Luck; negative: the Protagonist does.
LUCK_DAMAGE: dict[Answer, int] = {
    Answer.YES_AND: 3,
    Answer.YES: 2,
    Answer.YES_BUT: 1,
    Answer.NO_BUT: -1,
    Answer.NO: -2,
    Answer.NO_AND: -3,
}


class ConflictError(ValueError):
    """A conflict step that cannot happen now."""


class ConflictState(Enum):
    """Where a Harm & Luck conflict stands."""

    ONGOING = "ongoing"
    WON = "won"
    LOST = "lost"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True, slots=True)
class Conflict:
    """Both sides' Luck for one conflict; every conflict starts both at 6."""

    protagonist: str
    opponent: str
    protagonist_luck: int = STARTING_LUCK
    opponent_luck: int = STARTING_LUCK
    state: ConflictState = ConflictState.ONGOING
    exchanges: int = 0
    withdrawal_cost: str = ""


@dataclass(frozen=True, slots=True)
class Exchange:
    """One oracle roll in a conflict: who lost how much Luck, and why."""

    roll: OracleRoll
    target: str
    damage: int
    luck_before: int
    luck_after: int
    reason: str


def start_conflict(protagonist: str, opponent: str) -> Conflict:
    """Open a conflict with both sides at full Luck."""
    if not protagonist.strip() or not opponent.strip():
        raise ConflictError("a conflict needs both a Protagonist and an opponent")
    return Conflict(protagonist.strip(), opponent.strip())


def exchange(conflict: Conflict, roll: OracleRoll) -> tuple[Conflict, Exchange]:
    """Apply one roll asked from the Protagonist's side; Luck stops at 0 and 0 ends the conflict."""
    if conflict.state is not ConflictState.ONGOING:
        raise ConflictError(f"the conflict with {conflict.opponent} is over ({conflict.state.value})")
    amount = LUCK_DAMAGE[roll.answer]
    hits_opponent = amount > 0
    target = conflict.opponent if hits_opponent else conflict.protagonist
    before = conflict.opponent_luck if hits_opponent else conflict.protagonist_luck
    after = max(0, before - abs(amount))
    if hits_opponent:
        updated = replace(conflict, opponent_luck=after, exchanges=conflict.exchanges + 1)
        if after == 0:
            updated = replace(updated, state=ConflictState.WON)
    else:
        updated = replace(conflict, protagonist_luck=after, exchanges=conflict.exchanges + 1)
        if after == 0:
            updated = replace(updated, state=ConflictState.LOST)
    reason = f"{roll.answer.label}: {target} loses {abs(amount)} Luck ({before} → {after})"
    if roll.doubles:
        reason += "; doubles do not tick the Twist Counter in a conflict"
    return updated, Exchange(roll, target, abs(amount), before, after, reason)


def withdraw(conflict: Conflict, cost: str) -> Conflict:
    """Break off an ongoing conflict; withdrawing always costs something in the fiction."""
    if conflict.state is not ConflictState.ONGOING:
        raise ConflictError(f"the conflict with {conflict.opponent} is already over")
    if not cost.strip():
        raise ConflictError("breaking off has a price: say what it is")
    return replace(conflict, state=ConflictState.WITHDRAWN, withdrawal_cost=cost.strip())
