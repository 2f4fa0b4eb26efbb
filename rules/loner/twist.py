"""The Twist Counter and the Twist table: doubles build tension, the third one turns the story."""

from __future__ import annotations

from dataclasses import dataclass

from .dice import DiceSource, check_die, roll_d6
from .oracle import OracleRoll
from .tables import LonerTables

TWIST_AT = 3


@dataclass(frozen=True, slots=True)
class TwistCounter:
    """The count of doubles since the last Twist, 0 to 2 between rolls."""

    value: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.value < TWIST_AT:
            raise ValueError(f"the Twist Counter holds 0 to {TWIST_AT - 1} between rolls, not {self.value}")


@dataclass(frozen=True, slots=True)
class TwistTick:
    """What one oracle roll did to the counter, and why."""

    before: int
    reached: int
    after: TwistCounter
    twist_due: bool
    reason: str


def tick(counter: TwistCounter, roll: OracleRoll, in_conflict: bool = False) -> TwistTick:
    """Add 1 on doubles (not during Harm & Luck); at 3 a Twist is due and the counter resets to 0."""
    before = counter.value
    if not roll.doubles:
        return TwistTick(before, before, counter, False, "no doubles: the counter stays")
    if in_conflict:
        return TwistTick(before, before, counter, False, "doubles during Harm & Luck do not count")
    reached = before + 1
    if reached >= TWIST_AT:
        return TwistTick(before, reached, TwistCounter(0), True, f"doubles bring the counter to {reached}: a Twist")
    return TwistTick(before, reached, TwistCounter(reached), False, f"doubles: the counter climbs to {reached}")


@dataclass(frozen=True, slots=True)
class Twist:
    """One Twist beat: a Subject and an Action, with the two dice that chose them."""

    subject_die: int
    action_die: int
    subject: str
    action: str

    @property
    def beat(self) -> str:
        """Subject and Action read together."""
        return f"{self.subject} — {self.action.lower()}"


def read_twist(tables: LonerTables, subject_die: int, action_die: int) -> Twist:
    """Look up the Subject and Action for two dice."""
    check_die(subject_die)
    check_die(action_die)
    return Twist(
        subject_die,
        action_die,
        tables.twist_subjects[subject_die - 1],
        tables.twist_actions[action_die - 1],
    )


def roll_twist(tables: LonerTables, source: DiceSource) -> Twist:
    """Roll a die for the Subject and one for the Action."""
    return read_twist(tables, roll_d6(source), roll_d6(source))
