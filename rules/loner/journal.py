"""The play journal: questions, twists, scenes, checks, fights and notes, as JSON-ready data."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, TypeVar

from .oracle import Answer, OracleRoll, OracleThrow, read_oracle
from .scenes import CloseReason, DeadEndResult
from .terms import Arena, SceneKind
from .twist import Twist

JOURNAL_FORMAT = 2  # 2: Leverage, track, status, dead-end and Meanwhile entries; format 1 still reads


class JournalError(ValueError):
    """A journal dictionary that cannot be read back; names the entry and the field."""


@dataclass(frozen=True, slots=True)
class QuestionEntry:
    """A question put to the oracle, the tags that set its edge, the roll and the counter after it."""

    question: str
    roll: OracleRoll
    tags_for: tuple[str, ...] = ()
    tags_against: tuple[str, ...] = ()
    twist_counter: int = 0
    id: int = 0
    leverage: str = ""  # the Leverage spent as Advantage on this roll, if any


@dataclass(frozen=True, slots=True)
class TwistEntry:
    """A Twist that came due and the beat it rolled."""

    twist: Twist
    id: int = 0


@dataclass(frozen=True, slots=True)
class SceneEntry:
    """A scene opened (with its frame) or closed (with its reason, outcome and transition die)."""

    number: int
    kind: SceneKind
    where: str = ""
    who: str = ""
    goal: str = ""
    closed: CloseReason | None = None
    outcome: str = ""
    transition_die: int | None = None
    id: int = 0


@dataclass(frozen=True, slots=True)
class InspirationEntry:
    """An inspiration prompt and the row and column dice behind each word."""

    words: tuple[str, ...]
    dice: tuple[tuple[int, int], ...]
    id: int = 0


@dataclass(frozen=True, slots=True)
class SkillCheckEntry:
    """A skill check from the game the oracle serves, summarised for the story."""

    actor: str
    skill: str
    difficulty: str
    cards: tuple[str, ...]
    result: str
    id: int = 0


@dataclass(frozen=True, slots=True)
class FightEntry:
    """A fight, summarised: who took part, how many rounds, how it ended."""

    title: str
    sides: tuple[str, ...]
    rounds: int
    outcome: str
    summary: str = ""
    id: int = 0


@dataclass(frozen=True, slots=True)
class NoteEntry:
    """A player's own note, on its own or about one earlier entry."""

    text: str
    about: int | None = None
    id: int = 0


class LeverageMove(Enum):
    """What happened to the held Leverage."""

    BANKED = "banked"
    REPLACED = "replaced"
    SOFTENED = "softened"
    DROPPED = "dropped"
    TWIST = "ended by a Twist"


@dataclass(frozen=True, slots=True)
class LeverageEntry:
    """Leverage banked, replaced, spent to soften a No, dropped, or ended by a Twist (spent as Advantage:
    the question's own entry says so)."""

    move: LeverageMove
    description: str
    detail: str = ""
    id: int = 0


class TrackMove(Enum):
    """What happened to a Challenge Track."""

    OPENED = "opened"
    MARKED = "marked"
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class TrackEntry:
    """A Challenge Track opened, mirrored for a scene's closing answer, or closed."""

    move: TrackMove
    name: str
    boxes: int
    before: int
    after: int
    threat: bool = False
    answer: Answer | None = None
    reason: str = ""
    id: int = 0


class StatusMove(Enum):
    """A Status Track box filled or cleared."""

    FILLED = "filled"
    RECOVERED = "recovered"


@dataclass(frozen=True, slots=True)
class StatusEntry:
    """A Status Track box filled (arena and tag) or cleared (the tag that went); ``filled`` counts after it."""

    move: StatusMove
    tag: str
    filled: int
    arena: Arena | None = None
    reason: str = ""
    id: int = 0


@dataclass(frozen=True, slots=True)
class DeadEndEntry:
    """A thread that went dead: how many times it has, and what the reframe gave."""

    thread: str
    count: int
    result: DeadEndResult
    id: int = 0


@dataclass(frozen=True, slots=True)
class MeanwhileEntry:
    """A Meanwhile: the opposition's tag before and after its move, and whether an ally or wildcard acts."""

    holder: str
    before: str
    after: str
    ally_acts: bool
    id: int = 0


Entry = (
    QuestionEntry
    | TwistEntry
    | SceneEntry
    | InspirationEntry
    | SkillCheckEntry
    | FightEntry
    | NoteEntry
    | LeverageEntry
    | TrackEntry
    | StatusEntry
    | DeadEndEntry
    | MeanwhileEntry
)
E = TypeVar(
    "E",
    QuestionEntry,
    TwistEntry,
    SceneEntry,
    InspirationEntry,
    SkillCheckEntry,
    FightEntry,
    NoteEntry,
    LeverageEntry,
    TrackEntry,
    StatusEntry,
    DeadEndEntry,
    MeanwhileEntry,
)

KINDS: dict[type[Any], str] = {
    QuestionEntry: "question",
    TwistEntry: "twist",
    SceneEntry: "scene",
    InspirationEntry: "inspiration",
    SkillCheckEntry: "skill_check",
    FightEntry: "fight",
    NoteEntry: "note",
    LeverageEntry: "leverage",
    TrackEntry: "track",
    StatusEntry: "status",
    DeadEndEntry: "dead_end",
    MeanwhileEntry: "meanwhile",
}


@dataclass(frozen=True, slots=True)
class Journal:
    """Entries in the order they happened, numbered from 1."""

    entries: tuple[Entry, ...] = ()

    def add(self, entry: E) -> tuple[Journal, E]:
        """Append an entry, giving it the next id."""
        numbered = replace(entry, id=len(self.entries) + 1)
        return Journal((*self.entries, numbered)), numbered

    def annotate(self, text: str, about: int | None = None) -> tuple[Journal, NoteEntry]:
        """Add a player's note, optionally about an existing entry."""
        if not text.strip():
            raise JournalError("a note needs some text")
        if about is not None and not 1 <= about <= len(self.entries):
            raise JournalError(f"there is no entry {about} to annotate")
        return self.add(NoteEntry(text.strip(), about))

    def get(self, entry_id: int) -> Entry:
        """The entry with this id."""
        if not 1 <= entry_id <= len(self.entries):
            raise JournalError(f"there is no entry {entry_id}")
        return self.entries[entry_id - 1]

    def without(self, entry_ids: Iterable[int]) -> Journal:
        """The journal with these entries, and the notes about them, taken out; the rest renumbered in order."""
        gone = set(entry_ids)
        gone |= {e.id for e in self.entries if isinstance(e, NoteEntry) and e.about in gone}
        if not gone:
            return self
        kept = [e for e in self.entries if e.id not in gone]
        new_id = {e.id: i for i, e in enumerate(kept, start=1)}
        renumbered: list[Entry] = []
        for i, entry in enumerate(kept, start=1):
            if isinstance(entry, NoteEntry) and entry.about is not None:
                renumbered.append(replace(entry, id=i, about=new_id[entry.about]))
            else:
                renumbered.append(replace(entry, id=i))
        return Journal(tuple(renumbered))

    def notes_about(self, entry_id: int) -> tuple[NoteEntry, ...]:
        """The notes attached to one entry."""
        return tuple(e for e in self.entries if isinstance(e, NoteEntry) and e.about == entry_id)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary with a format version."""
        return {"format": JOURNAL_FORMAT, "entries": [entry_to_dict(e) for e in self.entries]}

    @classmethod
    def from_dict(cls, data: Any) -> Journal:
        """Read back a dictionary made by ``to_dict``; raise JournalError on anything malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("format"), int):
            raise JournalError("not a journal (no format number)")
        if data["format"] > JOURNAL_FORMAT:
            raise JournalError(
                f"this journal was written by a newer version (format {data['format']}; this app reads "
                f"up to {JOURNAL_FORMAT})"
            )
        raw = data.get("entries")
        if not isinstance(raw, list):
            raise JournalError("journal: field 'entries' must be a list")
        entries = tuple(entry_from_dict(item, i + 1) for i, item in enumerate(raw))
        for i, entry in enumerate(entries, start=1):
            if entry.id != i:
                raise JournalError(f"entry {i}: field 'id' is {entry.id}, expected {i}")
        return cls(entries)


def roll_to_dict(roll: OracleRoll) -> dict[str, Any]:
    """The dice of a roll plus its answer, for checking on the way back."""
    return {"chance": list(roll.throw.chance), "risk": list(roll.throw.risk), "answer": roll.answer.name}


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """One entry as a dictionary tagged with its kind."""
    out: dict[str, Any] = {"kind": KINDS[type(entry)], "id": entry.id}
    if isinstance(entry, QuestionEntry):
        out |= {
            "question": entry.question,
            "roll": roll_to_dict(entry.roll),
            "tags_for": list(entry.tags_for),
            "tags_against": list(entry.tags_against),
            "twist_counter": entry.twist_counter,
            "leverage": entry.leverage,
        }
    elif isinstance(entry, TwistEntry):
        t = entry.twist
        out |= {
            "subject_die": t.subject_die,
            "action_die": t.action_die,
            "subject": t.subject,
            "action": t.action,
        }
    elif isinstance(entry, SceneEntry):
        out |= {
            "number": entry.number,
            "scene_kind": entry.kind.value,
            "where": entry.where,
            "who": entry.who,
            "goal": entry.goal,
            "closed": entry.closed.value if entry.closed else None,
            "outcome": entry.outcome,
            "transition_die": entry.transition_die,
        }
    elif isinstance(entry, InspirationEntry):
        out |= {"words": list(entry.words), "dice": [list(pair) for pair in entry.dice]}
    elif isinstance(entry, SkillCheckEntry):
        out |= {
            "actor": entry.actor,
            "skill": entry.skill,
            "difficulty": entry.difficulty,
            "cards": list(entry.cards),
            "result": entry.result,
        }
    elif isinstance(entry, FightEntry):
        out |= {
            "title": entry.title,
            "sides": list(entry.sides),
            "rounds": entry.rounds,
            "outcome": entry.outcome,
            "summary": entry.summary,
        }
    elif isinstance(entry, NoteEntry):
        out |= {"text": entry.text, "about": entry.about}
    else:
        out |= _tool_to_dict(entry)
    return out


def _tool_to_dict(entry: LeverageEntry | TrackEntry | StatusEntry | DeadEndEntry | MeanwhileEntry) -> dict[str, Any]:
    """The fields of the optional modules' and procedures' entries."""
    if isinstance(entry, LeverageEntry):
        return {"move": entry.move.value, "description": entry.description, "detail": entry.detail}
    if isinstance(entry, TrackEntry):
        return {
            "move": entry.move.value,
            "name": entry.name,
            "boxes": entry.boxes,
            "before": entry.before,
            "after": entry.after,
            "threat": entry.threat,
            "answer": entry.answer.name if entry.answer else None,
            "reason": entry.reason,
        }
    if isinstance(entry, StatusEntry):
        return {
            "move": entry.move.value,
            "tag": entry.tag,
            "filled": entry.filled,
            "arena": entry.arena.value if entry.arena else None,
            "reason": entry.reason,
        }
    if isinstance(entry, DeadEndEntry):
        return {"thread": entry.thread, "count": entry.count, "result": entry.result.name}
    return {"holder": entry.holder, "before": entry.before, "after": entry.after, "ally_acts": entry.ally_acts}


class _Fields:
    """Typed access to one entry dictionary, with errors naming the entry and field."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        self.data = data
        self.where = where

    def fail(self, field: str, problem: str) -> JournalError:
        return JournalError(f"{self.where}: field '{field}' {problem}")

    def raw(self, field: str) -> Any:
        if field not in self.data:
            raise self.fail(field, "is missing")
        return self.data[field]

    def text(self, field: str) -> str:
        value = self.raw(field)
        if not isinstance(value, str):
            raise self.fail(field, f"must be text, found {value!r}")
        return value

    def integer(self, field: str) -> int:
        value = self.raw(field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(field, f"must be a whole number, found {value!r}")
        return value

    def flag(self, field: str) -> bool:
        value = self.raw(field)
        if not isinstance(value, bool):
            raise self.fail(field, f"must be true or false, found {value!r}")
        return value

    def optional_int(self, field: str) -> int | None:
        return None if self.data.get(field) is None else self.integer(field)

    def texts(self, field: str) -> tuple[str, ...]:
        value = self.raw(field)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, "must be a list of text")
        return tuple(value)

    def ints(self, field: str, value: Any = None) -> tuple[int, ...]:
        value = self.raw(field) if value is None else value
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise self.fail(field, "must be a list of whole numbers")
        return tuple(value)


def _roll(fields: _Fields) -> OracleRoll:
    raw = fields.raw("roll")
    if not isinstance(raw, dict):
        raise fields.fail("roll", "must be an object")
    inner = _Fields(raw, fields.where + ", roll")
    try:
        roll = read_oracle(OracleThrow(inner.ints("chance"), inner.ints("risk")))
    except ValueError as error:
        raise fields.fail("roll", f"holds dice the oracle cannot read: {error}") from None
    if inner.text("answer") != roll.answer.name:
        raise inner.fail("answer", f"says {inner.text('answer')} but the dice read {roll.answer.name}")
    return roll


EnumKind = type[SceneKind] | type[CloseReason] | type[LeverageMove] | type[TrackMove] | type[StatusMove] | type[Arena]


def _enum(fields: _Fields, field: str, kind: EnumKind) -> Any:
    value = fields.text(field)
    try:
        return kind(value)
    except ValueError:
        raise fields.fail(field, f"has the unknown value '{value}'") from None


def _named(fields: _Fields, field: str, kind: type[Answer] | type[DeadEndResult]) -> Any:
    """An enum stored by its member name."""
    value = fields.text(field)
    if value not in kind.__members__:
        raise fields.fail(field, f"has the unknown value '{value}'")
    return kind[value]


def entry_from_dict(data: Any, index: int) -> Entry:
    """Read one entry dictionary back; ``index`` (from 1) names it in errors."""
    if not isinstance(data, dict):
        raise JournalError(f"entry {index}: must be an object")
    f = _Fields(data, f"entry {index}")
    kind = f.text("kind")
    entry_id = f.integer("id")
    if kind == "question":
        return QuestionEntry(
            f.text("question"),
            _roll(f),
            f.texts("tags_for"),
            f.texts("tags_against"),
            f.integer("twist_counter"),
            entry_id,
            f.text("leverage") if "leverage" in data else "",  # saves before Leverage had a panel lack it
        )
    if kind == "twist":
        twist = Twist(f.integer("subject_die"), f.integer("action_die"), f.text("subject"), f.text("action"))
        return TwistEntry(twist, entry_id)
    if kind == "scene":
        closed = None if data.get("closed") is None else _enum(f, "closed", CloseReason)
        return SceneEntry(
            f.integer("number"),
            _enum(f, "scene_kind", SceneKind),
            f.text("where"),
            f.text("who"),
            f.text("goal"),
            closed,
            f.text("outcome"),
            f.optional_int("transition_die"),
            entry_id,
        )
    if kind == "inspiration":
        pairs = f.raw("dice")
        if not isinstance(pairs, list):
            raise f.fail("dice", "must be a list of [row, column] pairs")
        dice = tuple(f.ints("dice", pair) for pair in pairs)
        if any(len(pair) != 2 for pair in dice):
            raise f.fail("dice", "must hold [row, column] pairs")
        return InspirationEntry(f.texts("words"), tuple((p[0], p[1]) for p in dice), entry_id)
    if kind == "skill_check":
        return SkillCheckEntry(
            f.text("actor"),
            f.text("skill"),
            f.text("difficulty"),
            f.texts("cards"),
            f.text("result"),
            entry_id,
        )
    if kind == "fight":
        return FightEntry(
            f.text("title"),
            f.texts("sides"),
            f.integer("rounds"),
            f.text("outcome"),
            f.text("summary"),
            entry_id,
        )
    if kind == "note":
        return NoteEntry(f.text("text"), f.optional_int("about"), entry_id)
    return _tool_from_dict(f, kind, entry_id)


def _tool_from_dict(f: _Fields, kind: str, entry_id: int) -> Entry:
    """Read back the optional modules' and procedures' entries."""
    if kind == "leverage":
        return LeverageEntry(_enum(f, "move", LeverageMove), f.text("description"), f.text("detail"), entry_id)
    if kind == "track":
        answer = None if f.data.get("answer") is None else _named(f, "answer", Answer)
        return TrackEntry(
            _enum(f, "move", TrackMove),
            f.text("name"),
            f.integer("boxes"),
            f.integer("before"),
            f.integer("after"),
            f.flag("threat"),
            answer,
            f.text("reason"),
            entry_id,
        )
    if kind == "status":
        arena = None if f.data.get("arena") is None else _enum(f, "arena", Arena)
        return StatusEntry(
            _enum(f, "move", StatusMove), f.text("tag"), f.integer("filled"), arena, f.text("reason"), entry_id
        )
    if kind == "dead_end":
        return DeadEndEntry(f.text("thread"), f.integer("count"), _named(f, "result", DeadEndResult), entry_id)
    if kind == "meanwhile":
        return MeanwhileEntry(f.text("holder"), f.text("before"), f.text("after"), f.flag("ally_acts"), entry_id)
    raise f.fail("kind", f"has the unknown value '{kind}'")
