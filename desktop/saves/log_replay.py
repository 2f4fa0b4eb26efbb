"""The one replay of a saved log: its entries played from a start state, each recorded hash checked.

Loading a playthrough's fight (``replay``), loading a seam game (``seam_save``), telling a fight's log again on
resume (``flow/resume``) and the replay viewer's timeline all walk their log through ``replay_log``, which keeps
the steps in force as a stack and stops at the first entry that does not replay, saying where and why, with the
game as it stood before it (what a damaged save offers as its last good state). No other desktop code applies a
saved action (``tests/foundation/test_one_replay.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.seam import RulesError

from .funnel_step import Step
from .loaded import StandInAnswer
from .seam_oracle import OracleMove, oracle_digest, replay_move

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
A_in = TypeVar("A_in", contravariant=True)

NOT_RECORDED = "replaying it does not give the state the save recorded"
NOTHING_TO_UNDO = "an undo with nothing to take back"
TOO_DEEP = "it holds data nested too deeply to read"


class Replaying(Protocol[S, A_in, E]):
    """What a replay asks of a game's rules: the seam's ``apply`` and ``state_hash``."""

    def apply(self, state: S, action: A_in) -> tuple[S, list[E]]: ...

    def state_hash(self, state: S) -> str: ...


@dataclass(slots=True)  # not frozen, as a Step is not: a long replay builds one an action, and nothing changes it
class Act(Generic[A]):
    """A saved action (``stand_in``: the GM stand-in chose it, ``note`` its answer when it said why)."""

    action: A
    seq: int = 0
    digest: str | None = None  # the state hash recorded after it; None: not checked
    stand_in: bool = False
    note: StandInAnswer | None = None


@dataclass(frozen=True, slots=True)
class Undo:
    """A saved undo of the last step in force."""

    seq: int = 0
    digest: str | None = None


@dataclass(frozen=True, slots=True)
class OracleRow:
    """A saved move of the solo oracle beside the game: the row's record, read onto the oracle as it then stands."""

    record: Any
    seq: int = 0
    digest: str | None = None  # the oracle document's hash after it


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A saved entry that could not be read: the replay stops there."""

    seq: int
    problem: str


Entry = Act[A] | Undo | OracleRow | Unreadable


class Stack(Protocol[S, A, E]):
    """Where a replay keeps the steps in force (a list of them, or a fight's own undo history)."""

    def __len__(self) -> int: ...

    def push(self, step: Step[S, A, E], after: S) -> None:
        """Keep ``step``, which led to ``after``."""
        ...

    def top(self) -> Step[S, A, E] | None:
        """The step an undo would take back; None when there is none."""
        ...

    def pop(self) -> None: ...


@dataclass
class KeptSteps(Generic[S, A, E]):
    """Every step in force, in full."""

    steps: list[Step[S, A, E]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.steps)

    def push(self, step: Step[S, A, E], after: S) -> None:
        self.steps.append(step)

    def top(self) -> Step[S, A, E] | None:
        return self.steps[-1] if self.steps else None

    def pop(self) -> None:
        self.steps.pop()


@dataclass
class Counted(Generic[S, A, E]):
    """Only how many steps are in force: for a log of actions in force alone, whose steps nobody takes back."""

    count: int = 0

    def __len__(self) -> int:
        return self.count

    def push(self, step: Step[S, A, E], after: S) -> None:
        self.count += 1

    def top(self) -> Step[S, A, E] | None:
        return None

    def pop(self) -> None:
        self.count -= 1


@dataclass(frozen=True)
class Stop:
    """Where a replay stopped: the entry (its place in the stream, its log seq) and why."""

    index: int
    seq: int
    problem: str


@dataclass
class Replayed(Generic[S, A, E]):
    """Where a log leaves the game: its state, the oracle beside it, the last entry that replayed and, when the
    replay stopped early, where and why (``state`` is then the game as it stood before that entry)."""

    state: S
    oracle: OracleState | None
    good_seq: int
    done: int  # entries replayed
    stop: Stop | None = None


# Told each entry that replayed: the entry, its step (pushed, or taken back by an undo) and the state after it.
Told = Callable[[Entry[A], Step[S, A, E], S], None]


def replay_log(
    rules: Replaying[S, A, E],
    start: S,
    entries: Iterable[Entry[A]],
    stack: Stack[S, A, E],
    *,
    oracle: OracleState | None = None,
    start_seq: int = 0,
    refused: tuple[type[Exception], ...] = (RulesError,),
    told: Told[A, S, E] | None = None,
) -> Replayed[S, A, E]:
    """Play ``entries`` from ``start`` onto ``stack``, checking every recorded hash; stop at the first that does not
    replay (``refused`` are the errors that mean so: others propagate), leaving the game as it stood before it."""
    state, good_seq, done = start, start_seq, 0
    for entry in entries:
        try:
            if isinstance(entry, Act):  # the commonest entry, played here: a long fight has tens of thousands
                after, events = rules.apply(state, entry.action)
                step: Step[S, A, E] | None = Step(state, entry.action, tuple(events), entry.stand_in, entry.note)
                problem = None if entry.digest is None else _checked(entry.digest, rules.state_hash(after))
                oracle_after = oracle
            else:
                problem, step, after, oracle_after = _other(rules, state, oracle, entry, stack)
        except RecursionError:
            if RecursionError not in refused:
                raise
            problem, step = TOO_DEEP, None
        except refused as error:
            problem, step = str(error), None
        if problem is not None or step is None:
            return Replayed(state, oracle, good_seq, done, Stop(done, entry.seq, problem or NOT_RECORDED))
        if isinstance(entry, Undo):
            stack.pop()
        else:
            stack.push(step, after)
        state, oracle, good_seq, done = after, oracle_after, entry.seq, done + 1
        if told is not None:
            told(entry, step, after)
    return Replayed(state, oracle, good_seq, done)


def _other(
    rules: Replaying[S, A, E],
    state: S,
    oracle: OracleState | None,
    entry: Undo | OracleRow | Unreadable,
    stack: Stack[S, A, E],
) -> tuple[str | None, Step[S, A, E] | None, S, OracleState | None]:
    """An entry other than an action played onto ``state``: a problem (or None), its step, the state and the oracle
    after it."""
    if isinstance(entry, Undo):
        top = stack.top()
        if top is None:
            return NOTHING_TO_UNDO, None, state, oracle
        undone = top.action.before if isinstance(top.action, OracleMove) else oracle
        digest = None if entry.digest is None else rules.state_hash(top.before)
        return _checked(entry.digest, digest), top, top.before, undone
    if isinstance(entry, OracleRow):
        try:
            move = replay_move(oracle or OracleState(), entry.record, f"log entry {entry.seq}")
        except ValueError as error:
            return str(error), None, state, oracle
        return _checked(entry.digest, oracle_digest(move.after)), Step(state, move, ()), state, move.after
    return entry.problem, None, state, oracle


def _checked(recorded: str | None, digest: str | None) -> str | None:
    return None if recorded is None or digest == recorded else NOT_RECORDED
