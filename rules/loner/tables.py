"""The Loner tables as validated data, loaded from the text of a bundled JSON file."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .dice import FACES
from .terms import Arena, SceneKind, SetupColumn

FORMAT = 1
STATUS_BOXES = 3
ATTRIBUTION_FIELDS = ("title", "author", "licence", "licence_url", "changes")


class LonerDataError(ValueError):
    """Malformed table data; the message names the file, the entry and the field."""

    def __init__(self, file: str, entry: str, field: str, problem: str) -> None:
        super().__init__(f"{file}: entry '{entry}', field '{field}': {problem}")
        self.file = file
        self.entry = entry
        self.field = field
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Attribution:
    """Where the tables come from and under which licence."""

    title: str
    author: str
    licence: str
    licence_url: str
    changes: str


@dataclass(frozen=True, slots=True)
class TransitionBand:
    """A run of Scene Transition die faces and the scene kind they open."""

    low: int
    high: int
    kind: SceneKind


Grid = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class LonerTables:
    """Every random table the oracle uses, checked for shape when loaded."""

    attribution: Attribution
    verbs: Grid
    adjectives: Grid
    nouns: Grid
    twist_subjects: tuple[str, ...]
    twist_actions: tuple[str, ...]
    transitions: tuple[TransitionBand, ...]
    setup: tuple[tuple[SetupColumn, tuple[str, ...]], ...]
    status_tags: tuple[tuple[Arena, tuple[str, ...]], ...]

    def setup_column(self, column: SetupColumn) -> tuple[str, ...]:
        """The six entries of one 5W+H column."""
        return dict(self.setup)[column]

    def status_column(self, arena: Arena) -> tuple[str, ...]:
        """The three escalating Status Track tags for one arena."""
        return dict(self.status_tags)[arena]


class _Reader:
    """Pulls typed values out of parsed JSON, raising LonerDataError with a precise location."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, entry: str, field: str, problem: str) -> LonerDataError:
        return LonerDataError(self.file, entry, field, problem)

    def mapping(self, value: Any, entry: str, field: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(entry, field, f"expected an object, found {type(value).__name__}")
        return value

    def get(self, obj: dict[str, Any], key: str, entry: str, field: str) -> Any:
        if key not in obj:
            raise self.fail(entry, field, "missing")
        return obj[key]

    def text(self, value: Any, entry: str, field: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(entry, field, f"expected non-empty text, found {value!r}")
        return value.strip()

    def integer(self, value: Any, entry: str, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(entry, field, f"expected a whole number, found {value!r}")
        return value

    def words(self, value: Any, entry: str, field: str, count: int) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise self.fail(entry, field, f"expected a list of {count} entries, found {type(value).__name__}")
        if len(value) != count:
            raise self.fail(entry, field, f"expected {count} entries, found {len(value)}")
        return tuple(self.text(item, entry, f"{field}[{i}]") for i, item in enumerate(value))

    def grid(self, value: Any, entry: str) -> Grid:
        if not isinstance(value, list) or len(value) != FACES:
            found = len(value) if isinstance(value, list) else type(value).__name__
            raise self.fail(entry, "rows", f"expected {FACES} rows, found {found}")
        return tuple(self.words(row, entry, f"rows[{r}]", FACES) for r, row in enumerate(value))


def _attribution(read: _Reader, doc: dict[str, Any]) -> Attribution:
    raw = read.mapping(read.get(doc, "attribution", "attribution", "attribution"), "attribution", "attribution")
    values = [read.text(read.get(raw, name, "attribution", name), "attribution", name) for name in ATTRIBUTION_FIELDS]
    return Attribution(*values)


def _transitions(read: _Reader, value: Any) -> tuple[TransitionBand, ...]:
    entry = "scene_transition"
    if not isinstance(value, list) or not value:
        raise read.fail(entry, "bands", "expected a non-empty list of bands")
    bands: list[TransitionBand] = []
    for i, raw in enumerate(value):
        band = read.mapping(raw, entry, f"bands[{i}]")
        low = read.integer(read.get(band, "low", entry, f"bands[{i}].low"), entry, f"bands[{i}].low")
        high = read.integer(read.get(band, "high", entry, f"bands[{i}].high"), entry, f"bands[{i}].high")
        kind_name = read.text(read.get(band, "kind", entry, f"bands[{i}].kind"), entry, f"bands[{i}].kind")
        try:
            kind = SceneKind(kind_name)
        except ValueError:
            known = ", ".join(k.value for k in SceneKind)
            raise read.fail(entry, f"bands[{i}].kind", f"unknown scene kind '{kind_name}' (known: {known})") from None
        if not 1 <= low <= high <= FACES:
            raise read.fail(entry, f"bands[{i}]", f"the range {low}-{high} is not within 1-{FACES}")
        bands.append(TransitionBand(low, high, kind))
    faces = sorted(face for band in bands for face in range(band.low, band.high + 1))
    if faces != list(range(1, FACES + 1)):
        raise read.fail(entry, "bands", f"the bands must cover each face 1-{FACES} exactly once, they cover {faces}")
    return tuple(bands)


def _setup(read: _Reader, value: Any) -> tuple[tuple[SetupColumn, tuple[str, ...]], ...]:
    raw = read.mapping(value, "setup", "setup")
    return tuple(
        (column, read.words(read.get(raw, column.value, "setup", column.value), "setup", column.value, FACES))
        for column in SetupColumn
    )


def _status(read: _Reader, value: Any) -> tuple[tuple[Arena, tuple[str, ...]], ...]:
    raw = read.mapping(value, "status_track", "status_track")
    return tuple(
        (
            arena,
            read.words(
                read.get(raw, arena.value, "status_track", arena.value),
                "status_track",
                arena.value,
                STATUS_BOXES,
            ),
        )
        for arena in Arena
    )


def load_tables(text: str, file: str) -> LonerTables:
    """Parse and validate the tables from ``text``; ``file`` names the source in error messages."""
    read = _Reader(file)
    try:
        parsed = json.loads(text)
    except json.JSONDecodeError as error:
        raise read.fail("(document)", f"line {error.lineno}", f"not valid JSON: {error.msg}") from None
    except RecursionError:  # a crafted file: lists in lists past Python's limit
        raise read.fail("(document)", "(top level)", "not usable JSON: it is nested too deeply to read") from None
    doc = read.mapping(parsed, "(document)", "(top level)")
    version = read.integer(read.get(doc, "format", "(document)", "format"), "(document)", "format")
    if version != FORMAT:
        raise read.fail("(document)", "format", f"this app reads format {FORMAT}, the file is format {version}")
    inspiration = read.mapping(read.get(doc, "inspiration", "inspiration", "inspiration"), "inspiration", "inspiration")
    grids = {
        name: read.grid(read.get(inspiration, name, f"inspiration.{name}", "rows"), f"inspiration.{name}")
        for name in ("verbs", "adjectives", "nouns")
    }
    twist = read.mapping(read.get(doc, "twist", "twist", "twist"), "twist", "twist")
    return LonerTables(
        attribution=_attribution(read, doc),
        verbs=grids["verbs"],
        adjectives=grids["adjectives"],
        nouns=grids["nouns"],
        twist_subjects=read.words(read.get(twist, "subjects", "twist", "subjects"), "twist", "subjects", FACES),
        twist_actions=read.words(read.get(twist, "actions", "twist", "actions"), "twist", "actions", FACES),
        transitions=_transitions(read, read.get(doc, "scene_transition", "scene_transition", "bands")),
        setup=_setup(read, read.get(doc, "setup", "setup", "setup")),
        status_tags=_status(read, read.get(doc, "status_track", "status_track", "status_track")),
    )
