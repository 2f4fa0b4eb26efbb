"""Content from Ensemble games, read into Loner with the book's three adjustments (LONER-ENSEMBLE-*).

The import format (JSON, ``"format": 1``): a ``title``, and any of ``settings`` (name and tags), ``tables`` (name
and entries), ``npcs`` (Loner sheets), ``tags`` (loose tag words) and ``oracle`` (the game's own dice pool and Twist
trigger). What Loner does with them: the oracle becomes one Chance and one Risk die with at most one extra die of a
side; the Twist Counter keeps its threshold of 3 and ticks on doubles only; every NPC's Luck becomes 6. Each
adjustment made is reported. Errors name the file, the entry and the field (``LonerDataError``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .protagonist import Character, character_refusal, clean
from .tables import LonerDataError
from .twist import TWIST_AT

FORMAT = 1
TOP_LEVEL = ("format", "title", "settings", "tables", "npcs", "tags", "oracle")
NPC_FIELDS = ("id", "name", "concept", "skills", "frailties", "gear", "goal", "motive", "nemesis", "tags", "living")
NPC_FIELDS_EXTRA = ("luck", "threat")
ENSEMBLE_LUCK = (3, 10)  # Ensemble's NPC Luck runs from 3 to 10 by threat
TRIGGERS = ("doubles", "yes-but")


@dataclass(frozen=True, slots=True)
class Setting:
    name: str
    tags: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ImportedTable:
    name: str
    entries: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EnsembleContent:
    """Imported content, already adjusted to Loner, with a line for every adjustment made."""

    title: str
    settings: tuple[Setting, ...]
    tables: tuple[ImportedTable, ...]
    npcs: tuple[Character, ...]
    tags: tuple[str, ...]
    adjustments: tuple[str, ...]


class _Read:
    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, entry: str, field: str, problem: str) -> LonerDataError:
        return LonerDataError(self.file, entry, field, problem)

    def obj(self, value: Any, entry: str, field: str, allowed: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(entry, field, "must be an object")
        for key in value:
            if key not in allowed:
                raise self.fail(entry, str(key), f"is not a field here (known: {', '.join(allowed)})")
        return value

    def text(self, value: Any, entry: str, field: str, blank: bool = False) -> str:
        if not isinstance(value, str) or (not blank and not clean(value)):
            raise self.fail(entry, field, "must be text" if blank else "must be non-empty text")
        return clean(value)

    def words(self, value: Any, entry: str, field: str) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise self.fail(entry, field, "must be a list of text")
        return tuple(self.text(v, entry, f"{field}[{i}]") for i, v in enumerate(value))

    def number(self, value: Any, entry: str, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(entry, field, "must be a whole number")
        return value

    def listed(self, doc: dict[str, Any], key: str) -> list[Any]:
        value = doc.get(key, [])
        if not isinstance(value, list):
            raise self.fail("(file)", key, "must be a list")
        return value


def _entry_name(read: _Read, item: Any, kind: str, index: int) -> str:
    """How an error names an entry: its name when it has one, else its kind and position."""
    if isinstance(item, dict) and isinstance(item.get("name"), str) and clean(item["name"]):
        return clean(item["name"])
    return f"{kind} {index + 1}"


def _npc(read: _Read, item: Any, index: int, notes: list[str]) -> Character:
    entry = _entry_name(read, item, "npc", index)
    doc = read.obj(item, entry, "npcs", NPC_FIELDS + NPC_FIELDS_EXTRA)
    get = doc.get
    living = get("living", True)
    if not isinstance(living, bool):
        raise read.fail(entry, "living", "must be true or false")
    character = Character(
        read.text(get("id", entry.casefold().replace(" ", "-")), entry, "id"),
        read.text(get("name"), entry, "name"),
        read.text(get("concept"), entry, "concept"),
        read.words(get("skills", []), entry, "skills"),
        read.words(get("frailties", []), entry, "frailties"),
        read.words(get("gear", []), entry, "gear"),
        read.text(get("goal", ""), entry, "goal", blank=True),
        read.text(get("motive", ""), entry, "motive", blank=True),
        read.text(get("nemesis", ""), entry, "nemesis", blank=True),
        read.words(get("tags", []), entry, "tags"),
        living=living,
    )
    if not living and (character.goal or character.motive or character.nemesis):
        raise read.fail(entry, "goal", "objects, vehicles and curses have no Goal, Motive or Nemesis")
    reason = character_refusal(character)
    if reason:
        raise read.fail(entry, "npcs", reason)
    if "luck" in doc:
        luck = read.number(doc["luck"], entry, "luck")
        low, high = ENSEMBLE_LUCK
        if not low <= luck <= high:
            raise read.fail(entry, "luck", f"Ensemble Luck runs from {low} to {high}, not {luck}")
        if luck != character.luck:
            notes.append(f"{character.name}: Luck {luck} reset to {character.luck}; the threat lives in the tags")
    return character


def _oracle(read: _Read, value: Any, notes: list[str]) -> None:
    doc = read.obj(value, "oracle", "oracle", ("chance_dice", "risk_dice", "twist_trigger", "twist_threshold"))
    for side in ("chance_dice", "risk_dice"):
        if side in doc:
            count = read.number(doc[side], "oracle", side)
            if count < 1:
                raise read.fail("oracle", side, "a pool has at least one die")
            if count > 1:
                name = "Chance" if side == "chance_dice" else "Risk"
                notes.append(f"a pool of {count} {name} dice becomes one {name} die; an edge adds one die at most")
    if "twist_trigger" in doc:
        trigger = read.text(doc["twist_trigger"], "oracle", "twist_trigger")
        if trigger not in TRIGGERS:
            raise read.fail("oracle", "twist_trigger", f"must be one of {', '.join(TRIGGERS)}, not '{trigger}'")
        if trigger != "doubles":
            notes.append("the Twist Counter ticks on doubles only, not on every Yes, but…")
    if "twist_threshold" in doc:
        threshold = read.number(doc["twist_threshold"], "oracle", "twist_threshold")
        if threshold != TWIST_AT:
            raise read.fail("oracle", "twist_threshold", f"the counter's threshold carries over as {TWIST_AT}")


def load_ensemble(text: str, file: str) -> EnsembleContent:
    """Read and adjust one import file; LonerDataError names the file, the entry and the field."""
    read = _Read(file)
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise read.fail("(file)", "(json)", f"not JSON: {error.msg} at line {error.lineno}") from None
    doc = read.obj(raw, "(file)", "(top level)", TOP_LEVEL)
    if doc.get("format") != FORMAT:
        raise read.fail("(file)", "format", f"must be {FORMAT}, not {doc.get('format')!r}")
    notes: list[str] = []
    title = read.text(doc.get("title"), "(file)", "title")
    settings = []
    for i, item in enumerate(read.listed(doc, "settings")):
        entry = _entry_name(read, item, "setting", i)
        body = read.obj(item, entry, "settings", ("name", "tags"))
        settings.append(
            Setting(read.text(body.get("name"), entry, "name"), read.words(body.get("tags", []), entry, "tags"))
        )
    tables = []
    for i, item in enumerate(read.listed(doc, "tables")):
        entry = _entry_name(read, item, "table", i)
        body = read.obj(item, entry, "tables", ("name", "entries"))
        entries = read.words(body.get("entries"), entry, "entries")
        if not entries:
            raise read.fail(entry, "entries", "a table needs at least one entry")
        tables.append(ImportedTable(read.text(body.get("name"), entry, "name"), entries))
    npcs = [_npc(read, item, i, notes) for i, item in enumerate(read.listed(doc, "npcs"))]
    ids = [n.id for n in npcs]
    for npc in npcs:
        if ids.count(npc.id) > 1:
            raise read.fail(npc.name, "id", f"two NPCs share the id '{npc.id}'")
    tags = read.words(doc.get("tags", []), "(file)", "tags")
    if "oracle" in doc:
        _oracle(read, doc["oracle"], notes)
    return EnsembleContent(title, tuple(settings), tuple(tables), tuple(npcs), tags, tuple(notes))
