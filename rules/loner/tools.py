"""The optional modules and the two procedures, played on the oracle's state and written in its journal.

Leverage, Challenge Tracks, the Status Track, Dead Ends and Meanwhile each take an ``OracleState`` and
return the next one with what happened logged, as ``session.ask`` does for questions. Nothing here keeps
a journal id (a game undo renumbers entries): what a step needs to know about the past it reads from the
journal's entries as they stand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from .journal import (
    DeadEndEntry,
    Entry,
    LeverageEntry,
    LeverageMove,
    MeanwhileEntry,
    QuestionEntry,
    StatusEntry,
    StatusMove,
    TrackEntry,
    TrackMove,
    TwistEntry,
)
from .leverage import Leverage, LeverageError, bank, expire, spend_as_advantage, spend_to_soften
from .oracle import Answer, Edge, OracleThrow, edge_from_tags
from .oracle_state import Asked, OracleState, OracleStateError, ask
from .scenes import ALLY_ACTS, NEW_WAY_FORWARD, DeadEnd, Meanwhile, SceneError, TagUpdate, hit_dead_end, play_meanwhile
from .status import StatusError, fill, recover
from .tables import LonerTables
from .terms import Arena
from .tracks import ChallengeTrack, TrackError, TrackMark, mirror, open_track

# --- Leverage --------------------------------------------------------------------------------------------


def last_question(state: OracleState) -> QuestionEntry | None:
    """The most recent question put to the oracle."""
    for entry in reversed(state.journal.entries):
        if isinstance(entry, QuestionEntry):
            return entry
    return None


def _since_last_question(state: OracleState) -> list[Entry]:
    """The entries after the most recent question (all of them when no question was asked)."""
    entries = list(state.journal.entries)
    for i in range(len(entries) - 1, -1, -1):
        if isinstance(entries[i], QuestionEntry):
            return entries[i + 1 :]
    return entries


def bankable(state: OracleState) -> QuestionEntry | None:
    """The last question, if its Yes, and… can still be banked: no Twist, bank or track mark has used it."""
    question = last_question(state)
    if question is None or question.roll.answer is not Answer.YES_AND:
        return None
    used = (TwistEntry, LeverageEntry, TrackEntry)
    if any(isinstance(e, used) for e in _since_last_question(state)):
        return None
    return question


def softenable(state: OracleState) -> QuestionEntry | None:
    """The last question, if it answered No or No, and…, Leverage is held and nothing has softened it yet."""
    question = last_question(state)
    if not state.leverage.held or question is None or question.roll.answer not in (Answer.NO, Answer.NO_AND):
        return None
    if any(isinstance(e, LeverageEntry) for e in _since_last_question(state)):
        return None
    return question


def effective_answer(state: OracleState) -> Answer | None:
    """The last question's answer as it stands: No, but… once Leverage softened it."""
    question = last_question(state)
    if question is None:
        return None
    softened = any(
        isinstance(e, LeverageEntry) and e.move is LeverageMove.SOFTENED for e in _since_last_question(state)
    )
    return Answer.NO_BUT if softened else question.roll.answer


def _log_leverage(state: OracleState, move: LeverageMove, description: str, detail: str = "") -> OracleState:
    journal, _ = state.journal.add(LeverageEntry(move, description, detail))
    return replace(state, journal=journal)


def bank_leverage(state: OracleState, description: str, replace_held: bool = False) -> OracleState:
    """Bank the last question's Yes, and… as Leverage (replacing a held one only when asked)."""
    question = bankable(state)
    if question is None:
        raise LeverageError("only the latest question's Yes, and… can be banked, and only once")
    old = state.leverage
    leverage = bank(old, question.roll.answer, description, replace_held)
    move = LeverageMove.REPLACED if old.held else LeverageMove.BANKED
    detail = f"from “{question.question}”" + (f"; it replaces {old.description}" if old.held else "")
    return _log_leverage(replace(state, leverage=leverage), move, leverage.description, detail)


def soften_with_leverage(state: OracleState) -> OracleState:
    """Spend the held Leverage to turn the last question's No or No, and… into No, but…."""
    question = softenable(state)
    if question is None:
        raise LeverageError("Leverage softens the latest question's No or No, and…, once, while one is held")
    held = state.leverage
    leverage, answer = spend_to_soften(held, question.roll.answer)
    detail = f"“{question.question}”: {question.roll.answer.label} becomes {answer.label}"
    return _log_leverage(replace(state, leverage=leverage), LeverageMove.SOFTENED, held.description, detail)


def drop_leverage(state: OracleState, why: str = "") -> OracleState:
    """The fiction moved on: the held Leverage no longer applies."""
    if not state.leverage.held:
        raise LeverageError("no Leverage is held")
    held = state.leverage.description
    return _log_leverage(replace(state, leverage=expire(state.leverage)), LeverageMove.DROPPED, held, why.strip())


def leveraged_edge(tags_for: Iterable[str], tags_against: Iterable[str]) -> Edge:
    """The edge a roll is thrown at when the held Leverage is spent on it as Advantage."""
    _, edge = spend_as_advantage(Leverage("held"), edge_from_tags(tags_for, tags_against).edge)
    return edge


# --- Challenge Tracks -------------------------------------------------------------------------------------


def find_track(state: OracleState, name: str) -> ChallengeTrack:
    """The open track with this name (case-insensitive)."""
    for track in state.tracks:
        if track.name.casefold() == name.strip().casefold():
            return track
    raise TrackError(f"no open Challenge Track is called '{name.strip()}'")


def _with_track(state: OracleState, old: ChallengeTrack, new: ChallengeTrack | None) -> tuple[ChallengeTrack, ...]:
    if new is None:
        return tuple(t for t in state.tracks if t is not old)
    return tuple(new if t is old else t for t in state.tracks)


def start_track(state: OracleState, name: str, boxes: int = 4, threat: bool = False) -> OracleState:
    """Open a Challenge Track (a threat runs the other way) and log it."""
    track = open_track(name, boxes, threat)
    if any(t.name.casefold() == track.name.casefold() for t in state.tracks):
        raise TrackError(f"a Challenge Track called '{track.name}' is already open")
    journal, _ = state.journal.add(TrackEntry(TrackMove.OPENED, track.name, track.boxes, 0, 0, threat))
    return replace(state, tracks=(*state.tracks, track), journal=journal)


def mark_track(
    state: OracleState,
    name: str,
    answer: Answer,
    bank_as: str = "",
    spend_leverage: bool = False,
) -> tuple[OracleState, TrackMark]:
    """Mirror the answer that closed a scene on one track; ``bank_as`` marks one box and banks the rest as
    Leverage under that name, ``spend_leverage`` spends the held Leverage to save a box. One track a scene."""
    track = find_track(state, name)
    if state.scene is not None and state.marked_scene == state.scene.number:
        raise TrackError(f"scene {state.scene.number} has already moved a track: a scene mirrors one pursuit")
    if spend_leverage and not state.leverage.held:
        raise LeverageError("no Leverage is held")
    leverage = state.leverage
    if bank_as.strip():
        if bankable(state) is None or answer is not Answer.YES_AND:
            raise LeverageError("only the latest question's Yes, and… can be banked, and only once")
        leverage = bank(leverage, answer, bank_as, replace_held=True)
    updated, mark = mirror(track, answer, bank_leverage=bool(bank_as.strip()), spend_leverage=spend_leverage)
    journal, _ = state.journal.add(
        TrackEntry(
            TrackMove.MARKED, track.name, track.boxes, mark.before, mark.after, track.threat, answer, mark.reason
        )
    )
    marked = state.scene.number if state.scene is not None else state.marked_scene
    new_state = replace(state, tracks=_with_track(state, track, updated), journal=journal, marked_scene=marked)
    if bank_as.strip():
        move = LeverageMove.REPLACED if state.leverage.held else LeverageMove.BANKED
        new_state = _log_leverage(
            replace(new_state, leverage=leverage), move, leverage.description, f"the other box of '{track.name}'"
        )
    elif spend_leverage:
        new_state = _log_leverage(
            replace(new_state, leverage=Leverage()),
            LeverageMove.SOFTENED,
            state.leverage.description,
            f"no box of '{track.name}' lost",
        )
    return new_state, mark


def close_track(state: OracleState, name: str, how: str = "") -> OracleState:
    """Retire a track: it filled and the arc closed, or the goal collapsed."""
    track = find_track(state, name)
    ending = how.strip()
    if not ending and track.full:
        ending = "the threat came true" if track.threat else "the arc closed"
    if not ending:
        raise TrackError(f"'{track.name}' is not full: say how the pursuit ended to close it")
    journal, _ = state.journal.add(
        TrackEntry(TrackMove.CLOSED, track.name, track.boxes, track.filled, track.filled, track.threat, reason=ending)
    )
    return replace(state, tracks=_with_track(state, track, None), journal=journal)


# --- the Status Track -------------------------------------------------------------------------------------


def take_status(state: OracleState, tables: LonerTables, arena: Arena, tag: str = "") -> OracleState:
    """A defeat that leaves a lasting mark fills the next box; its tag becomes the active one."""
    status = fill(state.status, tables, arena, tag)
    box = status.boxes[-1]
    reason = "overcome: the story says what that means" if status.overcome else ""
    journal, _ = state.journal.add(StatusEntry(StatusMove.FILLED, box.tag, len(status.boxes), arena, reason))
    return replace(state, status=status, journal=journal)


def recover_status(state: OracleState, how: str) -> OracleState:
    """The fiction supports recovery: the newest box clears and the tag before it is active again."""
    if not how.strip():
        raise StatusError("recovery needs a reason in the story: rest, treatment, a scene about it")
    if not state.status.boxes:
        raise StatusError("the Status Track is already clear")
    gone = state.status.boxes[-1]
    status = recover(state.status)
    journal, _ = state.journal.add(
        StatusEntry(StatusMove.RECOVERED, gone.tag, len(status.boxes), gone.arena, how.strip())
    )
    return replace(state, status=status, journal=journal)


# --- Dead Ends and Meanwhile ------------------------------------------------------------------------------


def dead_end(state: OracleState, thread: str, throw: OracleThrow | None) -> tuple[OracleState, DeadEnd, Asked | None]:
    """A thread went dead. The first time, the reframe question is asked (at Neutral, like any question:
    doubles tick the Twist Counter); a second time on the same thread nothing is asked and ``throw`` is
    not used."""
    if not thread.strip():
        raise SceneError("name the thread that hit the dead end")
    asked = None
    if state.dead_ends.needs_roll(thread):
        if throw is None:
            raise SceneError(f"the first dead end on '{thread.strip()}' asks the oracle: {NEW_WAY_FORWARD}")
        state, asked = ask(state, f"{NEW_WAY_FORWARD} ({thread.strip()})", (), (), throw)
        roll = asked.roll
    else:
        roll = None
    log, found = hit_dead_end(state.dead_ends, thread, roll)
    journal, _ = state.journal.add(DeadEndEntry(found.thread, found.count, found.result))
    return replace(state, dead_ends=log, journal=journal), found, asked


def opposition_tag(state: OracleState, holder: str) -> str:
    """The tag this holder of power had after its last Meanwhile move, or ''."""
    return dict(state.opposition).get(holder.strip(), "")


def meanwhile(
    state: OracleState, holder: str, new_tag: str, throw: OracleThrow
) -> tuple[OracleState, Meanwhile, Asked]:
    """Both Meanwhile steps: the opposition's new tag, then the ally question (at Neutral; doubles count)."""
    if not holder.strip():
        raise SceneError("name who holds power over the situation")
    if state.scene is not None and state.scene.is_open:
        raise SceneError(f"close scene {state.scene.number} first: a Meanwhile happens while the Protagonist is away")
    if state.twist_due:
        raise OracleStateError("a Twist is due: roll it on the Twist table before the next question")
    update = TagUpdate(holder.strip(), opposition_tag(state, holder), new_tag.strip())
    if not update.after:
        raise SceneError("give the opposition its new tag: what is it doing now?")
    state, asked = ask(state, ALLY_ACTS, (), (), throw)
    played = play_meanwhile(update, asked.roll)
    journal, _ = state.journal.add(MeanwhileEntry(update.holder, update.before, update.after, played.ally_acts))
    opposition = (*tuple((h, t) for h, t in state.opposition if h != update.holder), (update.holder, update.after))
    return replace(state, opposition=opposition, journal=journal), played, asked
