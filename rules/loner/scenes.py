"""Scenes: framing, closing, the transition roll, Meanwhile and Dead Ends."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .dice import DiceSource, check_die, roll_d6
from .oracle import Answer, OracleRoll
from .tables import LonerTables
from .terms import SceneKind

RUN_ITS_COURSE = "Is this scene over?"
ALLY_ACTS = "Does someone on the sidelines make a move of their own?"
NEW_WAY_FORWARD = "Is there a fresh lead somewhere nearby?"


class SceneError(ValueError):
    """A scene step that does not fit the scene's state."""


@dataclass(frozen=True, slots=True)
class SceneFrame:
    """The three framing answers: where, who is present, and the Protagonist's goal."""

    where: str
    who: str
    goal: str

    def __post_init__(self) -> None:
        missing = [
            name for name, text in (("where", self.where), ("who", self.who), ("goal", self.goal)) if not text.strip()
        ]
        if missing:
            raise SceneError(f"a scene opens once where, who and goal are set; missing: {', '.join(missing)}")


class CloseReason(Enum):
    """Why a scene ended."""

    RESOLVED = "resolved"
    BLOCKED = "blocked"
    ABANDONED = "abandoned"
    RAN_ITS_COURSE = "ran its course"


@dataclass(frozen=True, slots=True)
class Scene:
    """One scene: its number, kind, frame, and how it ended once closed."""

    number: int
    kind: SceneKind
    frame: SceneFrame
    closed: CloseReason | None = None
    outcome: str = ""

    @property
    def is_open(self) -> bool:
        """True until the scene is closed."""
        return self.closed is None


def open_scene(number: int, kind: SceneKind, frame: SceneFrame) -> Scene:
    """Open a framed scene."""
    if number < 1:
        raise SceneError(f"scenes are numbered from 1, not {number}")
    return Scene(number, kind, frame)


def close_scene(scene: Scene, reason: CloseReason, outcome: str) -> Scene:
    """Close an open scene, noting why and what came of it."""
    if not scene.is_open:
        raise SceneError(f"scene {scene.number} is already closed")
    return Scene(scene.number, scene.kind, scene.frame, reason, outcome.strip())


def ran_its_course(roll: OracleRoll) -> bool:
    """Read the closing question of last resort (RUN_ITS_COURSE): any Yes ends the scene."""
    return roll.answer.is_yes


@dataclass(frozen=True, slots=True)
class Transition:
    """The Scene Transition die and the kind of scene it opens."""

    die: int
    kind: SceneKind
    reason: str


def read_transition(tables: LonerTables, die: int) -> Transition:
    """Look up the scene kind for one die."""
    check_die(die)
    band = next(b for b in tables.transitions if b.low <= die <= b.high)
    faces = f"{band.low}" if band.low == band.high else f"{band.low}-{band.high}"
    return Transition(die, band.kind, f"rolled {die}; {faces} opens a {band.kind.label}")


def roll_transition(tables: LonerTables, source: DiceSource) -> Transition:
    """Roll the Scene Transition die."""
    return read_transition(tables, roll_d6(source))


@dataclass(frozen=True, slots=True)
class TagUpdate:
    """The opposition's tag before and after its offstage move."""

    holder: str
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class Meanwhile:
    """A Meanwhile scene: the opposition's tag update, then whether an ally or wildcard acts."""

    opposition: TagUpdate
    ally_roll: OracleRoll
    ally_acts: bool


def play_meanwhile(opposition: TagUpdate, ally_roll: OracleRoll) -> Meanwhile:
    """Both Meanwhile steps: any Yes to the ally question means someone acts on their own."""
    if not opposition.after.strip():
        raise SceneError("a Meanwhile scene updates the opposition's tag; the new tag is empty")
    return Meanwhile(opposition, ally_roll, ally_roll.answer.is_yes)


class DeadEndResult(Enum):
    """What the reframe question reveals."""

    NEW_ELEMENT = "a new element points forward"
    WHY_IT_CLOSED = "still blocked, though now it is clear what blocked it"
    HOLDS = "no way through: go back to the goal and open a scene somewhere else"
    REFRAME_ENTIRELY = "this thread is stuck again: change the whole plan, no question asked"


@dataclass(frozen=True, slots=True)
class DeadEnd:
    """One dead end on a thread: the roll (absent on a repeat) and what it means."""

    thread: str
    count: int
    roll: OracleRoll | None
    result: DeadEndResult


def read_dead_end(roll: OracleRoll) -> DeadEndResult:
    """Any Yes gives a new element; No, but… explains; No or No, and… holds."""
    if roll.answer.is_yes:
        return DeadEndResult.NEW_ELEMENT
    if roll.answer is Answer.NO_BUT:
        return DeadEndResult.WHY_IT_CLOSED
    return DeadEndResult.HOLDS


@dataclass(frozen=True, slots=True)
class DeadEndLog:
    """How many dead ends each thread has hit, so a repeat is recognised."""

    counts: tuple[tuple[str, int], ...] = ()

    def count(self, thread: str) -> int:
        """Dead ends so far on one thread (case-insensitive)."""
        return dict(self.counts).get(thread.strip().casefold(), 0)

    def needs_roll(self, thread: str) -> bool:
        """True when the next dead end on this thread is its first, so the question is asked."""
        return self.count(thread) == 0


def hit_dead_end(log: DeadEndLog, thread: str, roll: OracleRoll | None) -> tuple[DeadEndLog, DeadEnd]:
    """Record a dead end: the first on a thread is read from ``roll``, later ones skip the question."""
    key = thread.strip().casefold()
    if not key:
        raise SceneError("name the thread that hit the dead end")
    count = log.count(thread) + 1
    if count == 1:
        if roll is None:
            raise SceneError(f"the first dead end on '{thread}' asks the oracle: {NEW_WAY_FORWARD}")
        result = read_dead_end(roll)
    else:
        if roll is not None:
            raise SceneError(f"'{thread}' has hit a dead end before: do not ask the same question again")
        result = DeadEndResult.REFRAME_ENTIRELY
    counts = dict(log.counts)
    counts[key] = count
    return DeadEndLog(tuple(sorted(counts.items()))), DeadEnd(thread.strip(), count, roll, result)
