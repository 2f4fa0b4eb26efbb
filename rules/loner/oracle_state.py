"""The oracle's running state: Twist Counter, pending Twist, Leverage, current scene and journal."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ..game_json import written_as_field, written_as_row
from .dice import DiceError
from .inspiration import Inspiration
from .journal import (
    InspirationEntry,
    Journal,
    LeverageEntry,
    LeverageMove,
    NoteEntry,
    QuestionEntry,
    SceneEntry,
    TwistEntry,
)
from .leverage import Leverage, expire, spend_as_advantage
from .oracle import EdgeReading, OracleRoll, OracleThrow, edge_from_tags, read_oracle
from .scenes import CloseReason, DeadEndLog, Scene, SceneError, SceneFrame, Transition, close_scene, open_scene
from .status import StatusBox, StatusTrack
from .tables import LonerTables
from .terms import SceneKind
from .tracks import ChallengeTrack
from .twist import Twist, TwistCounter, TwistTick, read_twist, tick


class OracleStateError(ValueError):
    """A step the oracle cannot take in its current state."""


# The oracle's parts as saves have always written them: a counter, Leverage, the Status Track and the dead ends as
# their one field's value; a Challenge Track and a Status box as the list of their fields. (A reader is made once,
# from the readers of its parts: the parts are told first.)
for _row in (ChallengeTrack, StatusBox):
    written_as_row(_row)
for _one_field in (TwistCounter, Leverage, StatusTrack, DeadEndLog):
    written_as_field(_one_field)


@dataclass(frozen=True, slots=True)
class OracleState:
    """Everything the oracle remembers between questions; replaced, never changed in place."""

    counter: TwistCounter = field(default_factory=TwistCounter)
    twist_due: bool = False
    in_conflict: bool = False
    leverage: Leverage = field(default_factory=Leverage)
    scene: Scene | None = None
    scenes_played: int = 0
    journal: Journal = field(default_factory=Journal)
    tracks: tuple[ChallengeTrack, ...] = ()  # the open Challenge Tracks, oldest first
    marked_scene: int = 0  # the scene that last mirrored a track (a scene moves one track at most)
    status: StatusTrack = field(default_factory=StatusTrack)
    dead_ends: DeadEndLog = field(default_factory=DeadEndLog)
    opposition: tuple[tuple[str, str], ...] = ()  # (holder of power, tag after its last Meanwhile move)
    # The tags on the asking side, each (name, picked): the player's shelf, kept between questions, scenes and fights
    tags_for: tuple[tuple[str, bool], ...] = ()
    tags_against: tuple[tuple[str, bool], ...] = ()
    # The oracle's dice: the seeded generator's state (rules.dice.dice_rng), None until the oracle first rolls
    rng: int | None = None


@dataclass(frozen=True, slots=True)
class Asked:
    """The result of one question: how the edge was set, the roll, and the counter's move."""

    entry: QuestionEntry
    edge: EdgeReading
    roll: OracleRoll
    tick: TwistTick


def ask(
    state: OracleState,
    question: str,
    tags_for: Iterable[str],
    tags_against: Iterable[str],
    throw: OracleThrow,
    spend_leverage: bool = False,
) -> tuple[OracleState, Asked]:
    """Ask a yes/no question with dice thrown for the edge the tags give; log it and tick the counter.

    ``spend_leverage`` spends the held Leverage as Advantage on this roll: one more tag on the player's side,
    within the cap (refused when the tags already give Advantage)."""
    if not question.strip():
        raise OracleStateError("type the question first: the oracle answers yes/no questions")
    if state.twist_due:
        raise OracleStateError("a Twist is due: roll it on the Twist table before the next question")
    edge = edge_from_tags(tags_for, tags_against)
    leverage, dice_edge = state.leverage, edge.edge
    if spend_leverage:
        leverage, dice_edge = spend_as_advantage(state.leverage, edge.edge)
    if throw.edge is not dice_edge:
        raise DiceError(
            f"{dice_edge.value} rolls {dice_edge.chance_dice} Chance and {dice_edge.risk_dice} Risk dice; "
            f"{len(throw.chance)} Chance and {len(throw.risk)} Risk were given"
        )
    roll = read_oracle(throw)
    step = tick(state.counter, roll, state.in_conflict)
    spent = state.leverage.description if spend_leverage else ""
    journal, entry = state.journal.add(
        QuestionEntry(question.strip(), roll, edge.tags_for, edge.tags_against, step.reached, leverage=spent)
    )
    new_state = replace(state, counter=step.after, twist_due=step.twist_due, journal=journal, leverage=leverage)
    return new_state, Asked(entry, edge, roll, step)


def resolve_twist(
    state: OracleState, tables: LonerTables, subject_die: int, action_die: int
) -> tuple[OracleState, Twist]:
    """Roll the due Twist on the table; it also ends any held Leverage."""
    if not state.twist_due:
        raise OracleStateError("no Twist is due: the counter has not reached 3")
    twist = read_twist(tables, subject_die, action_die)
    journal, _ = state.journal.add(TwistEntry(twist))
    if state.leverage.held:
        journal, _ = journal.add(LeverageEntry(LeverageMove.TWIST, state.leverage.description))
    return replace(state, twist_due=False, leverage=expire(state.leverage), journal=journal), twist


def inspire(state: OracleState, inspiration: Inspiration) -> OracleState:
    """Log an inspiration prompt."""
    entry = InspirationEntry(
        tuple(d.word for d in inspiration.draws), tuple((d.row, d.column) for d in inspiration.draws)
    )
    journal, _ = state.journal.add(entry)
    return replace(state, journal=journal)


def annotate(state: OracleState, text: str, about: int | None = None) -> tuple[OracleState, NoteEntry]:
    """Add the player's note to the journal."""
    journal, note = state.journal.annotate(text, about)
    return replace(state, journal=journal), note


def begin_scene(state: OracleState, kind: SceneKind, frame: SceneFrame) -> OracleState:
    """Open the next scene once it is framed; the previous one must be closed."""
    if state.scene is not None and state.scene.is_open:
        raise SceneError(f"close scene {state.scene.number} before opening another")
    scene = open_scene(state.scenes_played + 1, kind, frame)
    journal, _ = state.journal.add(SceneEntry(scene.number, kind, frame.where, frame.who, frame.goal))
    return replace(state, scene=scene, scenes_played=scene.number, journal=journal)


def end_scene(
    state: OracleState, reason: CloseReason, outcome: str, transition: Transition
) -> tuple[OracleState, SceneKind]:
    """Close the open scene, log the outcome and the transition die, and return the next scene's kind."""
    if state.scene is None or not state.scene.is_open:
        raise SceneError("no scene is open")
    closed = close_scene(state.scene, reason, outcome)
    journal, _ = state.journal.add(
        SceneEntry(closed.number, closed.kind, closed=reason, outcome=closed.outcome, transition_die=transition.die)
    )
    return replace(state, scene=closed, journal=journal), transition.kind


def set_conflict(state: OracleState, in_conflict: bool) -> OracleState:
    """Enter or leave a Harm & Luck conflict, during which doubles do not tick the counter."""
    return replace(state, in_conflict=in_conflict)


def set_leverage(state: OracleState, leverage: Leverage) -> OracleState:
    """Store the Leverage after a bank or a spend."""
    return replace(state, leverage=leverage)
