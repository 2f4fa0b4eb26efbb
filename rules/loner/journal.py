"""The play journal: questions, twists, scenes, checks, fights and notes, as JSON-ready data."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any, TypeVar

from ..game_json import decode, encode, written_as, written_by_name
from ..seam import RulesError
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


# --- as JSON: the type-driven codec (``game_json``), in the shape saves have always had ---------------------------


@dataclass(frozen=True, slots=True)
class _RollAsWritten:
    """A roll as a save keeps it: the dice, and the answer they read (checked on the way back)."""

    chance: tuple[int, ...]
    risk: tuple[int, ...]
    answer: str


def _write_roll(roll: OracleRoll) -> dict[str, Any]:
    return encode(_RollAsWritten(roll.throw.chance, roll.throw.risk, roll.answer.name))  # type: ignore[no-any-return]


def _read_roll(data: Any, where: str) -> OracleRoll:
    written = decode(_RollAsWritten, data, where)
    try:
        roll = read_oracle(OracleThrow(written.chance, written.risk))
    except ValueError as error:
        raise RulesError(f"{where}: holds dice the oracle cannot read: {error}") from None
    if written.answer != roll.answer.name:
        raise RulesError(f"{where}.answer: says {written.answer} but the dice read {roll.answer.name}")
    return roll


written_as(OracleRoll, _write_roll, _read_roll)
written_by_name(Answer)
written_by_name(DeadEndResult)

KIND_OF = {tag: kind for kind, tag in KINDS.items()}
# An entry is written as its kind's tag, its id, then its fields in order: a field named "kind" under another name
# (the tag has it), a Twist's fields beside the entry's own.
RENAMED = {"kind": "scene_kind"}
FLAT = {"twist": tuple(f.name for f in fields(Twist))}


def write_entry(entry: Entry) -> dict[str, Any]:
    """One entry as JSON data tagged with its kind."""
    own: dict[str, Any] = encode(entry)
    out: dict[str, Any] = {"kind": KINDS[type(entry)], "id": own.pop("id")}
    for name, value in own.items():
        if name in FLAT:
            out |= value
        else:
            out[RENAMED.get(name, name)] = value
    return out


def read_entry(data: Any, index: int) -> Entry:
    """One entry read back; ``index`` (from 1) names it in errors."""
    where = f"entry {index}"
    if not isinstance(data, dict):
        raise JournalError(f"{where}: must be an object")
    tag = data.get("kind")
    if not isinstance(tag, str):
        raise JournalError(f"{where}: field 'kind' must be text, found {tag!r}")
    kind = KIND_OF.get(tag)
    if kind is None:
        raise JournalError(f"{where}: field 'kind' has the unknown value '{tag}'")
    own: dict[str, Any] = {}  # what else the entry holds is let be, as it always was
    for name in (f.name for f in fields(kind)):
        if name in FLAT:
            own[name] = {key: data[key] for key in FLAT[name] if key in data}
        elif RENAMED.get(name, name) in data:
            own[name] = data[RENAMED.get(name, name)]
    try:
        entry: Entry = decode(kind, own, where)
    except RulesError as error:
        raise _named(error) from None
    return entry


def _named(error: RulesError) -> JournalError:
    """The codec's ``entry 4.twist.subject_die: problem`` as the journal words it: ``entry 4: field 'subject_die'
    problem``, a list's item counted from 1."""
    where, _, problem = str(error).partition(": ")
    entry, *path = where.split(".")
    path = [RENAMED.get(part, part) for part in path if part not in FLAT]
    if not path:
        return JournalError(f"{entry}: {problem}")
    *inside, field = path
    field, bracket, item = field.partition("[")
    if bracket:
        problem += f" (item {int(item.split(']')[0]) + 1})"
    return JournalError(", ".join([entry, *inside]) + f": field '{field}' {problem}")


def check_format(data: Any, what: str, newest: int) -> None:
    """A JournalError unless ``data`` is a JSON object with a format number this app reads (``what``: the kind)."""
    if not isinstance(data, dict) or not isinstance(data.get("format"), int):
        raise JournalError(f"not a {what} (no format number)")
    if data["format"] > newest:
        raise JournalError(
            f"this {what} was written by a newer version (format {data['format']}; this app reads up to {newest})"
        )


def write_journal(journal: Journal) -> dict[str, Any]:
    """The journal as JSON data with a format version."""
    return {"format": JOURNAL_FORMAT, "entries": [write_entry(e) for e in journal.entries]}


def read_journal(data: Any) -> Journal:
    """The journal ``write_journal`` wrote; a JournalError naming the entry and field when it is not one."""
    check_format(data, "journal", JOURNAL_FORMAT)
    raw = data.get("entries")
    if not isinstance(raw, list):
        raise JournalError("journal: field 'entries' must be a list")
    entries = tuple(read_entry(item, i + 1) for i, item in enumerate(raw))
    for i, entry in enumerate(entries, start=1):
        if entry.id != i:
            raise JournalError(f"entry {i}: field 'id' is {entry.id}, expected {i}")
    return Journal(entries)


written_as(Journal, write_journal, lambda data, where: read_journal(data))
