"""What a player can do with the Loner oracle, as typed ops, and the one pure function that applies them.

The panel beside a table emits these ops and rolls nothing: ``apply_oracle`` throws every die from the seeded
generator it is handed (``rules.dice.dice_rng``), and the state it returns keeps the generator's next state
(``OracleState.rng``), so a saved op replays to the very same answer. Dice a player rolled by hand and typed in
travel in the op instead (``dice``, ``twist_dice``) and then the generator is not drawn from.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..dice.dice_rng import below, seeded
from ..game_json import decode, encode
from ..seam import RulesError
from .dice import FACES, DiceError, EnteredDice, check_die
from .inspiration import roll_inspiration
from .journal import Entry
from .oracle import Answer, Edge, OracleThrow, edge_from_tags, throw_oracle
from .oracle_state import OracleState, annotate, ask, begin_scene, end_scene, inspire, resolve_twist, set_conflict
from .scenes import CloseReason, SceneFrame, roll_transition
from .tables import LonerTables
from .terms import Arena, SceneKind
from .tools import (
    bank_leverage,
    close_track,
    dead_end,
    drop_leverage,
    leveraged_edge,
    mark_track,
    meanwhile,
    recover_status,
    soften_with_leverage,
    start_track,
    take_status,
)


class SeededDice:
    """A die roller over one generator state, used only inside ``apply_oracle`` and read back as ``state``."""

    def __init__(self, state: int) -> None:
        self.state = state
        self.thrown = 0

    def randint(self, a: int, b: int) -> int:
        self.state, value = below(self.state, b - a + 1)
        self.thrown += 1
        return a + value


@dataclass(frozen=True, slots=True)
class AskOracle:
    """A yes/no question with the tags on each side; a Twist that comes due is rolled with it."""

    question: str
    tags_for: tuple[str, ...] = ()
    tags_against: tuple[str, ...] = ()
    spend_leverage: bool = False
    dice: tuple[int, ...] = ()  # typed-in Chance dice then Risk dice, as many as the edge calls for; () rolls
    twist_dice: tuple[int, ...] = ()  # typed-in Subject and Action dice, for a Twist this question brings


@dataclass(frozen=True, slots=True)
class RollInspiration:
    """A verb, an adjective and a noun from the inspiration grids."""

    dice: tuple[int, ...] = ()  # typed-in row and column dice, word by word; () rolls


@dataclass(frozen=True, slots=True)
class NoteOracle:
    """A note the player typed, about an entry of the journal or none."""

    text: str
    about: int | None = None


@dataclass(frozen=True, slots=True)
class SetConflict:
    """Enter or leave a Harm & Luck conflict (doubles do not tick the Twist Counter in one)."""

    on: bool


@dataclass(frozen=True, slots=True)
class SetTags:
    """The tag shelves on each side as the player left them: each tag with whether it is picked."""

    tags_for: tuple[tuple[str, bool], ...]
    tags_against: tuple[tuple[str, bool], ...]


@dataclass(frozen=True, slots=True)
class FrameScene:
    """Open the next scene, framed: where, who and the Protagonist's goal."""

    kind: SceneKind
    where: str
    who: str
    goal: str


@dataclass(frozen=True, slots=True)
class CloseScene:
    """Close the open scene and roll the transition die for the next one's kind."""

    reason: CloseReason
    outcome: str
    die: int | None = None  # a typed-in transition die; None rolls


@dataclass(frozen=True, slots=True)
class BankLeverage:
    """Bank the latest Yes, and… as Leverage (replacing any held)."""

    description: str


@dataclass(frozen=True, slots=True)
class SoftenWithLeverage:
    """Spend the held Leverage: the latest No becomes No, but…."""


@dataclass(frozen=True, slots=True)
class DropLeverage:
    """Let the held Leverage go: the story moved on."""

    why: str = ""


@dataclass(frozen=True, slots=True)
class OpenTrack:
    """Open a Challenge Track for a pursuit (or a threat closing in)."""

    name: str
    boxes: int = 4
    threat: bool = False


@dataclass(frozen=True, slots=True)
class MarkTrack:
    """Mirror a scene's closing answer on a track."""

    name: str
    answer: Answer
    bank_as: str = ""
    spend_leverage: bool = False


@dataclass(frozen=True, slots=True)
class CloseTrack:
    """Close a track, saying how the pursuit ended when it is not full."""

    name: str
    how: str = ""


@dataclass(frozen=True, slots=True)
class FillStatus:
    """Fill the next Status box after a lasting defeat."""

    arena: Arena
    tag: str = ""


@dataclass(frozen=True, slots=True)
class RecoverStatus:
    """Clear the newest Status box."""

    how: str


@dataclass(frozen=True, slots=True)
class HitDeadEnd:
    """A lead went cold; the first time on a thread the oracle is asked for a new way forward."""

    thread: str
    dice: tuple[int, ...] = ()  # a typed-in Chance and Risk die; () rolls
    twist_dice: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayMeanwhile:
    """The world's turn: the opposition's tag moves, and the oracle says whether an ally or wildcard acts."""

    holder: str
    new_tag: str
    dice: tuple[int, ...] = ()
    twist_dice: tuple[int, ...] = ()


OracleOp = (
    AskOracle
    | RollInspiration
    | NoteOracle
    | SetConflict
    | SetTags
    | FrameScene
    | CloseScene
    | BankLeverage
    | SoftenWithLeverage
    | DropLeverage
    | OpenTrack
    | MarkTrack
    | CloseTrack
    | FillStatus
    | RecoverStatus
    | HitDeadEnd
    | PlayMeanwhile
)
OP_KINDS: dict[str, type[OracleOp]] = {
    kind.__name__: kind
    for kind in (
        AskOracle,
        RollInspiration,
        NoteOracle,
        SetConflict,
        SetTags,
        FrameScene,
        CloseScene,
        BankLeverage,
        SoftenWithLeverage,
        DropLeverage,
        OpenTrack,
        MarkTrack,
        CloseTrack,
        FillStatus,
        RecoverStatus,
        HitDeadEnd,
        PlayMeanwhile,
    )
}


@dataclass(frozen=True, slots=True)
class OracleOutcome:
    """What an op did: the oracle's next state, the journal entries it added, and whether dice were thrown."""

    state: OracleState
    entries: tuple[Entry, ...]
    rolled: bool


def oracle_rng(state: OracleState, seed: int) -> int:
    """The generator an op on ``state`` draws from: the state's own, or ``seed``'s for an oracle that never
    rolled."""
    return state.rng if state.rng is not None else seeded(seed)


class _Dice:
    """The dice one op throws: typed in when the op carries them, else drawn from the generator."""

    def __init__(self, rng: int) -> None:
        self.seeded = SeededDice(rng)
        self.entered = 0

    def throw(self, edge: Edge, typed: tuple[int, ...]) -> OracleThrow:
        if not typed:
            return throw_oracle(self.seeded, edge)
        wanted = edge.chance_dice + edge.risk_dice
        if len(typed) != wanted:
            raise DiceError(
                f"{edge.value} rolls {edge.chance_dice} Chance and {edge.risk_dice} Risk dice; "
                f"{len(typed)} dice were typed in"
            )
        self.entered += wanted
        return OracleThrow(
            tuple(map(check_die, typed[: edge.chance_dice])), tuple(map(check_die, typed[edge.chance_dice :]))
        )

    def pair(self, typed: tuple[int, ...]) -> tuple[int, int]:
        if not typed:
            return self.seeded.randint(1, FACES), self.seeded.randint(1, FACES)
        if len(typed) != 2:
            raise DiceError(f"a Twist rolls a Subject and an Action die; {len(typed)} were typed in")
        self.entered += 2
        return check_die(typed[0]), check_die(typed[1])

    @property
    def rolled(self) -> bool:
        return self.seeded.thrown + self.entered > 0


def _twist(state: OracleState, tables: LonerTables, dice: _Dice, typed: tuple[int, ...]) -> OracleState:
    """Roll the Twist a question brought, if it brought one."""
    if not state.twist_due:
        return state
    subject, action = dice.pair(typed)
    return resolve_twist(state, tables, subject, action)[0]


def _ask(state: OracleState, op: AskOracle, tables: LonerTables, dice: _Dice) -> OracleState:
    spend = op.spend_leverage and state.leverage.held
    edge = leveraged_edge(op.tags_for, op.tags_against) if spend else edge_from_tags(op.tags_for, op.tags_against).edge
    if not op.question.strip():
        raise ValueError("type the question first: the oracle answers yes/no questions")
    throw = dice.throw(edge, op.dice)
    state, _ = ask(state, op.question, op.tags_for, op.tags_against, throw, spend)
    return _twist(state, tables, dice, op.twist_dice)


def _step(state: OracleState, op: OracleOp, tables: LonerTables, dice: _Dice) -> OracleState:
    """The state after ``op``; a ValueError in the rules' words when it cannot be taken."""
    if isinstance(op, AskOracle):
        return _ask(state, op, tables, dice)
    if isinstance(op, RollInspiration):
        source = EnteredDice(op.dice) if op.dice else dice.seeded
        dice.entered += len(op.dice)
        return inspire(state, roll_inspiration(tables, source))
    if isinstance(op, NoteOracle):
        return annotate(state, op.text, op.about)[0]
    if isinstance(op, SetConflict):
        return set_conflict(state, op.on)
    if isinstance(op, SetTags):
        return replace(state, tags_for=op.tags_for, tags_against=op.tags_against)
    if isinstance(op, FrameScene):
        return begin_scene(state, op.kind, SceneFrame(op.where, op.who, op.goal))
    if isinstance(op, CloseScene):
        source = EnteredDice((op.die,)) if op.die is not None else dice.seeded
        dice.entered += op.die is not None
        return end_scene(state, op.reason, op.outcome, roll_transition(tables, source))[0]
    if isinstance(op, BankLeverage):
        return bank_leverage(state, op.description, replace_held=True)
    if isinstance(op, SoftenWithLeverage):
        return soften_with_leverage(state)
    if isinstance(op, DropLeverage):
        return drop_leverage(state, op.why)
    if isinstance(op, OpenTrack):
        return start_track(state, op.name, op.boxes, op.threat)
    if isinstance(op, MarkTrack):
        return mark_track(state, op.name, op.answer, op.bank_as, op.spend_leverage)[0]
    if isinstance(op, CloseTrack):
        return close_track(state, op.name, op.how)
    if isinstance(op, FillStatus):
        return take_status(state, tables, op.arena, op.tag)
    if isinstance(op, RecoverStatus):
        return recover_status(state, op.how)
    if isinstance(op, HitDeadEnd):
        throw = dice.throw(Edge.NEUTRAL, op.dice) if state.dead_ends.needs_roll(op.thread) else None
        state, _, question = dead_end(state, op.thread, throw)
        return _twist(state, tables, dice, op.twist_dice) if question is not None else state
    state, _, _ = meanwhile(state, op.holder, op.new_tag, dice.throw(Edge.NEUTRAL, op.dice))
    return _twist(state, tables, dice, op.twist_dice)


def apply_oracle(state: OracleState, op: OracleOp, rng: int, tables: LonerTables) -> OracleOutcome:
    """``op`` taken on ``state``, every die it needs drawn from ``rng`` (or typed in with it); the next state keeps
    the generator's new state once it has drawn. Raises ValueError, in the rules' words, changing nothing."""
    dice = _Dice(rng)
    after = _step(state, op, tables, dice)
    if dice.seeded.thrown:
        after = replace(after, rng=dice.seeded.state)
    return OracleOutcome(after, after.journal.entries[len(state.journal.entries) :], dice.rolled)


def write_oracle_op(op: OracleOp) -> dict[str, Any]:
    """An op as JSON data: its kind's name, then its fields."""
    return {"op": type(op).__name__, **encode(op)}


def read_oracle_op(data: Any, where: str) -> OracleOp:
    """The op ``write_oracle_op`` wrote; ValueError naming ``where`` and the field that does not fit."""
    if not isinstance(data, dict) or data.get("op") not in OP_KINDS:
        raise ValueError(f"{where}.op: must name one of the oracle's ops ({', '.join(OP_KINDS)})")
    fields = {key: value for key, value in data.items() if key != "op"}
    try:
        return decode(OP_KINDS[data["op"]], fields, where)
    except RulesError as error:
        raise ValueError(str(error)) from None
