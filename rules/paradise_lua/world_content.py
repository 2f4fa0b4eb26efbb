"""Paradise Lua's world as data: one strict loader for the three files in assets/paradise_lua/.

``load_world(files)`` takes each file's bytes by name (cards.json, world.json, campaign.json) and returns a
``World``; any mistake raises ``WorldContentError`` naming the file, the entry and the field. The format is in
docs/paradise-lua-format.md; the world IDs (LOC-, MAP-, FAC-, NPC-, TAROT- …) are those of the world inventory.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ..rt0.cards import CARDS, CardId, by_name
from ..seam import RulesError

FILES = ("cards.json", "world.json", "campaign.json")
SOURCES = ("book", "house")
SUITS = ("Swords", "Cups", "Pentacles", "Wands", "Major")
SHAPES = ("box", "cylinder", "circle", "diamond", "flag", "rounded")
DIRECTIONS = ("TD", "LR")


class WorldContentError(RulesError):
    """A world file that cannot be used; the message names the file, the entry and the field."""


@dataclass(frozen=True, slots=True)
class SuitMeaning:
    id: str
    suit: str
    question: str  # the stock question the suit answers (love, money, power, adventure)
    keywords: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardMeaning:
    id: str
    card: CardId
    title: str
    keywords: tuple[str, ...]
    tag: str | None
    theme: str
    source: str

    @property
    def name(self) -> str:
        return CARDS[self.card].name


@dataclass(frozen=True, slots=True)
class Division:
    id: str
    name: str
    ring: int
    act: str
    suit: str
    suit_source: str
    description: str
    source: str


@dataclass(frozen=True, slots=True)
class FactionTie:
    faction: str
    source: str


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    name: str
    division: str
    within: str | None
    aka: str | None
    cards: tuple[CardId, ...]
    description: str
    factions: tuple[FactionTie, ...]
    source: str


@dataclass(frozen=True, slots=True)
class MapNode:
    key: str
    label: str
    shape: str
    location: str


@dataclass(frozen=True, slots=True)
class Nesting:
    """A graph drawn inside another graph's node; ``door`` is the node that leads back out to it."""

    graph: str
    node: str
    door: str


@dataclass(frozen=True, slots=True)
class LocationGraph:
    id: str
    name: str
    direction: str
    division: str
    nodes: tuple[MapNode, ...]
    edges: tuple[tuple[str, str], ...]  # as the book writes them: (from, to)
    inside: Nesting | None
    source: str

    def node(self, key: str) -> MapNode:
        for node in self.nodes:
            if node.key == key:
                return node
        raise KeyError(f"{self.id} has no node {key!r}")


@dataclass(frozen=True, slots=True)
class Gate:
    graph: str
    node: str
    shut: str  # why the way is shut, in a player's words
    opens_in_act: int | None  # the act from which it stands open by itself; None: only the GM opens it
    source: str


@dataclass(frozen=True, slots=True)
class EventIdea:
    """A scene idea keyed to a card drawn at a location (the book's "78 ideas" lists)."""

    id: str
    location: str
    card: CardId
    place: str | None  # the room or corner it happens in, when it has one
    idea: str
    people: tuple[str, ...]
    source: str


@dataclass(frozen=True, slots=True)
class QuestStep:
    id: str
    text: str
    place: str | None


@dataclass(frozen=True, slots=True)
class Quest:
    id: str
    number: str
    name: str
    steps: tuple[QuestStep, ...]
    source: str


@dataclass(frozen=True, slots=True)
class Act:
    id: str
    number: int
    name: str
    division: str
    summary: str
    goals: tuple[str, ...]
    factions: tuple[str, ...]
    quests: tuple[Quest, ...]


@dataclass(frozen=True, slots=True)
class DisciplineStep:
    level: int
    name: str
    effect: str
    fight: str | None  # the bestiary id of the fight this step brings, if any


@dataclass(frozen=True, slots=True)
class Discipline:
    curfew_hour: int
    first_lesson_hour: int
    steps: tuple[DisciplineStep, ...]


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name: str
    suit: str | None
    horror: str | None
    patron_card: CardId | None
    patron_npc: str | None
    problem: str | None
    adversaries: tuple[str, ...]  # the bestiary ids of its rank and file
    boss: str | None  # the bestiary id of its True Horror, fought as a boss
    wants: str
    description: str
    source: str


@dataclass(frozen=True, slots=True)
class Problem:
    id: str
    name: str
    faction: str
    effect: str
    source: str


@dataclass(frozen=True, slots=True)
class Npc:
    id: str
    name: str
    card: CardId | None
    factions: tuple[str, ...]
    locations: tuple[str, ...]
    description: str
    role: str | None
    source: str


@dataclass(frozen=True, slots=True)
class Eddies:
    id: str
    name: str
    card: CardId
    description: str
    names: tuple[str, ...]
    jobs: tuple[tuple[str, str], ...]  # (skill, job)
    source: str


@dataclass(frozen=True, slots=True)
class Horror:
    key: str
    ref: str | None  # the world inventory's HOR- ID when the Horror has one of its own
    name: str
    card: CardId | None
    suit: str
    faction: str | None
    linkable: bool  # one of the 23 the Hanged Man links to citizens (HOR-HANGED-MAN)


@dataclass(frozen=True, slots=True)
class World:
    suits: tuple[SuitMeaning, ...]
    cards: tuple[CardMeaning, ...]  # in the deck's order (card id 0..77)
    divisions: tuple[Division, ...]
    locations: tuple[Location, ...]
    graphs: tuple[LocationGraph, ...]
    gates: tuple[Gate, ...]
    events: tuple[EventIdea, ...]
    acts: tuple[Act, ...]
    discipline: Discipline
    factions: tuple[Faction, ...]
    problems: tuple[Problem, ...]
    npcs: tuple[Npc, ...]
    eddies: Eddies
    horrors: tuple[Horror, ...]

    def location(self, location_id: str) -> Location:
        return _find(self.locations, location_id, "location")

    def graph(self, graph_id: str) -> LocationGraph:
        return _find(self.graphs, graph_id, "graph")

    def faction(self, faction_id: str) -> Faction:
        return _find(self.factions, faction_id, "faction")

    def npc(self, npc_id: str) -> Npc:
        return _find(self.npcs, npc_id, "person")

    def division(self, division_id: str) -> Division:
        return _find(self.divisions, division_id, "division")

    def act(self, number: int) -> Act:
        for act in self.acts:
            if act.number == number:
                return act
        raise KeyError(f"no act {number}")

    def meaning(self, card: CardId) -> CardMeaning:
        return self.cards[card]

    def ideas_at(self, location_id: str, cards: tuple[CardId, ...]) -> tuple[EventIdea, ...]:
        """The event ideas for ``cards`` at a location or any location containing it, in the cards' order."""
        around = [location_id]
        while (within := self.location(around[-1]).within) is not None:
            around.append(within)
        return tuple(e for card in cards for e in self.events if e.card == card and e.location in around)

    def horror(self, key: str) -> Horror:
        for horror in self.horrors:
            if horror.key == key:
                return horror
        raise KeyError(f"no True Horror {key!r}")


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_T = TypeVar("_T", bound=_HasId)


def _find(entries: tuple[_T, ...], wanted: str, what: str) -> _T:
    for entry in entries:
        if entry.id == wanted:
            return entry
    raise KeyError(f"no {what} {wanted!r}")


# --- reading one entry -------------------------------------------------------------------------------------


class _Entry:
    """One JSON object being read: every complaint names the file, the entry and the field."""

    def __init__(self, filename: str, label: str, raw: Any, allowed: tuple[str, ...], required: tuple[str, ...]):
        self.filename, self.label = filename, label
        if not isinstance(raw, dict):
            raise WorldContentError(f"{filename}: {label}: must be an object, not {_kind(raw)}")
        self.raw: dict[str, Any] = raw
        key = raw.get("id", raw.get("key"))
        if isinstance(key, str) and key:
            self.label = f"{label} ({key})"
        unknown = sorted(set(raw) - set(allowed))
        if unknown:
            raise self.fail(unknown[0], f"is not a known field (known: {', '.join(allowed)})")
        for field in required:
            if field not in raw:
                raise self.fail(field, "is missing")

    def fail(self, field: str, problem: str) -> WorldContentError:
        return WorldContentError(f"{self.filename}: {self.label}: field '{field}': {problem}")

    def text(self, field: str) -> str:
        value = self.raw.get(field)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, f"must be a non-empty text, not {_kind(value)}")
        return value

    def maybe_text(self, field: str) -> str | None:
        return None if self.raw.get(field) is None else self.text(field)

    def whole(self, field: str, low: int, high: int) -> int:
        value = self.raw.get(field)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(field, f"must be a whole number from {low} to {high}, not {_kind(value)}")
        return value

    def maybe_whole(self, field: str, low: int, high: int) -> int | None:
        return None if self.raw.get(field) is None else self.whole(field, low, high)

    def flag(self, field: str) -> bool:
        value = self.raw.get(field)
        if not isinstance(value, bool):
            raise self.fail(field, f"must be true or false, not {_kind(value)}")
        return value

    def choice(self, field: str, choices: tuple[str, ...]) -> str:
        value = self.raw.get(field)
        if value not in choices:
            raise self.fail(field, f"must be one of {', '.join(choices)}, not {_kind(value)}")
        return str(value)

    def maybe_choice(self, field: str, choices: tuple[str, ...]) -> str | None:
        return None if self.raw.get(field) is None else self.choice(field, choices)

    def source(self) -> str:
        return self.choice("source", SOURCES) if "source" in self.raw else "book"

    def items(self, field: str, empty_ok: bool = True) -> list[Any]:
        value = self.raw.get(field)
        if not isinstance(value, list) or (not empty_ok and not value):
            raise self.fail(field, f"must be a {'' if empty_ok else 'non-empty '}list, not {_kind(value)}")
        return value

    def texts(self, field: str, empty_ok: bool = True) -> tuple[str, ...]:
        values = self.items(field, empty_ok)
        for index, value in enumerate(values):
            if not isinstance(value, str) or not value.strip():
                raise self.fail(f"{field}[{index}]", f"must be a non-empty text, not {_kind(value)}")
        if len(set(values)) != len(values):
            raise self.fail(field, "lists the same entry twice")
        return tuple(values)

    def card(self, field: str) -> CardId:
        name = self.text(field)
        return _card(name, lambda problem: self.fail(field, problem))

    def maybe_card(self, field: str) -> CardId | None:
        return None if self.raw.get(field) is None else self.card(field)

    def cards(self, field: str) -> tuple[CardId, ...]:
        names = self.texts(field)
        return tuple(
            _card(name, lambda problem, i=i: self.fail(f"{field}[{i}]", problem)) for i, name in enumerate(names)
        )

    def sub(self, field: str, allowed: tuple[str, ...], required: tuple[str, ...]) -> _Entry:
        return _Entry(self.filename, f"{self.label}: {field}", self.raw.get(field), allowed, required)


def _card(name: str, fail: Any) -> CardId:
    try:
        return by_name(name)
    except KeyError:
        raise fail(f"{name!r} is not a tarot card") from None


def _kind(value: Any) -> str:
    if value is None:
        return "missing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return repr(value[:40])
    return "a list" if isinstance(value, list) else "an object"


def _entries(filename: str, data: dict[str, Any], field: str, label: str) -> list[Any]:
    value = data.get(field)
    if not isinstance(value, list):
        raise WorldContentError(f'{filename}: the top level must hold a list "{field}", not {_kind(value)}')
    return [(f"{label} #{index + 1}", raw) for index, raw in enumerate(value)]


def _document(filename: str, blob: bytes | str) -> dict[str, Any]:
    try:
        text = blob.decode("utf-8") if isinstance(blob, bytes) else blob
    except UnicodeDecodeError as error:
        raise WorldContentError(f"{filename}: not UTF-8 text (byte {error.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise WorldContentError(f"{filename}: not valid JSON at line {error.lineno}, column {error.colno}") from None
    except RecursionError:
        raise WorldContentError(f"{filename}: nested too deeply to read") from None
    if not isinstance(data, dict):
        raise WorldContentError(f"{filename}: the top level must be an object, not {_kind(data)}")
    return data


def _unique(filename: str, entries: list[Any], what: str) -> None:
    seen: set[str] = set()
    for entry in entries:
        key = str(getattr(entry, "id", None) or getattr(entry, "key", ""))
        if key in seen:
            raise WorldContentError(f"{filename}: {what} {key}: the id is used by an earlier entry")
        seen.add(key)


# --- the three files ---------------------------------------------------------------------------------------


def _read_cards(data: dict[str, Any]) -> tuple[tuple[SuitMeaning, ...], tuple[CardMeaning, ...]]:
    name = "cards.json"
    suits = []
    for label, raw in _entries(name, data, "suits", "suit"):
        e = _Entry(name, label, raw, ("id", "suit", "question", "keywords"), ("id", "suit", "question", "keywords"))
        suit = e.choice("suit", SUITS[:4])
        suits.append(SuitMeaning(e.text("id"), suit, e.text("question"), e.texts("keywords", empty_ok=False)))
    if sorted(s.suit for s in suits) != sorted(SUITS[:4]):
        raise WorldContentError(f"{name}: suits: must give each of the four suits once")
    fields: tuple[str, ...] = (
        "id",
        "card",
        "title",
        "keywords",
        "theme",
        "tag",
        "source",
        "title_source",
        "tag_source",
    )
    by_card: dict[CardId, CardMeaning] = {}
    for label, raw in _entries(name, data, "cards", "card"):
        e = _Entry(name, label, raw, fields, ("id", "card", "title", "keywords"))
        meaning = CardMeaning(
            e.text("id"),
            e.card("card"),
            e.text("title"),
            e.texts("keywords", empty_ok=False),
            e.maybe_text("tag"),
            e.maybe_text("theme") or "",
            e.source(),
        )
        for field in ("title_source", "tag_source"):
            if field in raw:
                e.choice(field, SOURCES)
        if meaning.card in by_card:
            raise e.fail("card", f"{meaning.name} has an earlier entry")
        by_card[meaning.card] = meaning
    missing = [CARDS[card].name for card in range(len(CARDS)) if card not in by_card]
    if missing:
        raise WorldContentError(f"{name}: cards: no meaning for {', '.join(missing[:5])}")
    cards = tuple(by_card[card] for card in range(len(CARDS)))
    _unique(name, list(cards), "card")
    return tuple(suits), cards


def _read_world(
    data: dict[str, Any],
) -> tuple[
    tuple[Division, ...], tuple[Location, ...], tuple[LocationGraph, ...], tuple[Gate, ...], tuple[EventIdea, ...]
]:
    name = "world.json"
    divisions = []
    for label, raw in _entries(name, data, "divisions", "division"):
        fields: tuple[str, ...] = ("id", "name", "ring", "act", "suit", "suit_source", "description", "source")
        e = _Entry(name, label, raw, fields, fields[:-1])
        divisions.append(
            Division(
                e.text("id"),
                e.text("name"),
                e.whole("ring", 1, 4),
                e.text("act"),
                e.choice("suit", SUITS),
                e.choice("suit_source", SOURCES),
                e.text("description"),
                e.source(),
            )
        )
    _unique(name, divisions, "division")
    locations = []
    for label, raw in _entries(name, data, "locations", "location"):
        fields = (
            "id",
            "name",
            "division",
            "within",
            "aka",
            "cards",
            "description",
            "factions",
            "source",
        )
        e = _Entry(name, label, raw, fields, ("id", "name", "division", "cards", "description", "factions"))
        ties = []
        for index, tie in enumerate(e.items("factions")):
            t = _Entry(name, f"{e.label}: factions[{index}]", tie, ("faction", "source"), ("faction", "source"))
            ties.append(FactionTie(t.text("faction"), t.choice("source", SOURCES)))
        locations.append(
            Location(
                e.text("id"),
                e.text("name"),
                e.text("division"),
                e.maybe_text("within"),
                e.maybe_text("aka"),
                e.cards("cards"),
                e.text("description"),
                tuple(ties),
                e.source(),
            )
        )
    _unique(name, locations, "location")
    graphs = [_read_graph(name, label, raw) for label, raw in _entries(name, data, "graphs", "graph")]
    _unique(name, graphs, "graph")
    gates = []
    for label, raw in _entries(name, data, "gates", "gate"):
        fields = ("graph", "node", "shut", "opens_in_act", "source")
        e = _Entry(name, label, raw, fields, fields[:-1])
        gates.append(
            Gate(e.text("graph"), e.text("node"), e.text("shut"), e.maybe_whole("opens_in_act", 1, 4), e.source())
        )
    events = []
    for label, raw in _entries(name, data, "events", "event"):
        fields = ("id", "location", "card", "place", "idea", "people", "source")
        e = _Entry(name, label, raw, fields, ("id", "location", "card", "idea", "people"))
        events.append(
            EventIdea(
                e.text("id"),
                e.text("location"),
                e.card("card"),
                e.maybe_text("place"),
                e.text("idea"),
                e.texts("people"),
                e.source(),
            )
        )
    _unique(name, events, "event")
    return tuple(divisions), tuple(locations), tuple(graphs), tuple(gates), tuple(events)


def _read_graph(name: str, label: str, raw: Any) -> LocationGraph:
    fields: tuple[str, ...] = ("id", "name", "direction", "division", "inside", "nodes", "edges", "source")
    e = _Entry(name, label, raw, fields, ("id", "name", "direction", "division", "nodes", "edges"))
    nodes = []
    for index, node_raw in enumerate(e.items("nodes", empty_ok=False)):
        n = _Entry(
            name,
            f"{e.label}: nodes[{index}]",
            node_raw,
            ("key", "label", "shape", "location"),
            ("key", "label", "shape", "location"),
        )
        nodes.append(MapNode(n.text("key"), n.text("label"), n.choice("shape", SHAPES), n.text("location")))
    keys = [node.key for node in nodes]
    if len(set(keys)) != len(keys):
        raise e.fail("nodes", "two nodes share a key")
    edges: list[tuple[str, str]] = []
    for index, edge in enumerate(e.items("edges")):
        ok = isinstance(edge, list) and len(edge) == 2 and all(isinstance(k, str) and k in keys for k in edge)
        if not ok or edge[0] == edge[1]:
            raise e.fail(f"edges[{index}]", "must be a pair of two different node keys of this graph")
        pair = (edge[0], edge[1])
        if pair in edges or pair[::-1] in edges:
            raise e.fail(f"edges[{index}]", f"joins {pair[0]} and {pair[1]} a second time")
        edges.append(pair)
    inside = None
    if e.raw.get("inside") is not None:
        n = e.sub("inside", ("graph", "node", "door"), ("graph", "node", "door"))
        inside = Nesting(n.text("graph"), n.text("node"), n.text("door"))
        if inside.door not in keys:
            raise n.fail("door", f"{inside.door!r} is not a node of this graph")
    return LocationGraph(
        e.text("id"),
        e.text("name"),
        e.choice("direction", DIRECTIONS),
        e.text("division"),
        tuple(nodes),
        tuple(edges),
        inside,
        e.source(),
    )


def _read_acts(name: str, data: dict[str, Any]) -> tuple[Act, ...]:
    acts = []
    for label, raw in _entries(name, data, "acts", "act"):
        fields: tuple[str, ...] = ("id", "number", "name", "division", "summary", "goals", "factions", "quests")
        e = _Entry(name, label, raw, fields, fields)
        quests = []
        for index, quest_raw in enumerate(e.items("quests")):
            q = _Entry(
                name,
                f"{e.label}: quests[{index}]",
                quest_raw,
                ("id", "number", "name", "steps", "source"),
                ("id", "number", "name", "steps"),
            )
            steps = []
            for step_index, step_raw in enumerate(q.items("steps", empty_ok=False)):
                s = _Entry(name, f"{q.label}: steps[{step_index}]", step_raw, ("id", "text", "place"), ("id", "text"))
                steps.append(QuestStep(s.text("id"), s.text("text"), s.maybe_text("place")))
            quests.append(Quest(q.text("id"), q.text("number"), q.text("name"), tuple(steps), q.source()))
        acts.append(
            Act(
                e.text("id"),
                e.whole("number", 1, 4),
                e.text("name"),
                e.text("division"),
                e.text("summary"),
                e.texts("goals", empty_ok=False),
                e.texts("factions"),
                tuple(quests),
            )
        )
    if [act.number for act in acts] != [1, 2, 3, 4]:
        raise WorldContentError(f"{name}: acts: must be acts 1 to 4, in order")
    step_ids = [step.id for act in acts for quest in act.quests for step in quest.steps]
    for step_id in step_ids:
        if step_ids.count(step_id) > 1:
            raise WorldContentError(f"{name}: quest step {step_id}: the id is used twice")
    return tuple(acts)


def _read_discipline(name: str, data: dict[str, Any]) -> Discipline:
    fields: tuple[str, ...] = ("id", "curfew_hour", "first_lesson_hour", "steps", "source")
    e = _Entry(name, "discipline", data.get("discipline"), fields, ("curfew_hour", "first_lesson_hour", "steps"))
    steps = []
    for index, raw in enumerate(e.items("steps", empty_ok=False)):
        s = _Entry(
            name, f"discipline: steps[{index}]", raw, ("level", "name", "effect", "fight"), ("level", "name", "effect")
        )
        steps.append(DisciplineStep(s.whole("level", 1, 99), s.text("name"), s.text("effect"), s.maybe_text("fight")))
    if [step.level for step in steps] != list(range(1, len(steps) + 1)):
        raise e.fail("steps", "levels must run 1, 2, 3 … in order")
    return Discipline(e.whole("curfew_hour", 0, 23), e.whole("first_lesson_hour", 0, 23), tuple(steps))


def _read_campaign(
    data: dict[str, Any],
) -> tuple[
    tuple[Act, ...], Discipline, tuple[Faction, ...], tuple[Problem, ...], tuple[Npc, ...], Eddies, tuple[Horror, ...]
]:
    name = "campaign.json"
    acts = _read_acts(name, data)
    discipline = _read_discipline(name, data)
    factions = []
    for label, raw in _entries(name, data, "factions", "faction"):
        fields: tuple[str, ...] = (
            "id",
            "name",
            "suit",
            "horror",
            "patron_card",
            "patron_npc",
            "problem",
            "adversaries",
            "boss",
            "wants",
            "description",
            "source",
        )
        e = _Entry(name, label, raw, fields, ("id", "name", "adversaries", "wants", "description"))
        factions.append(
            Faction(
                e.text("id"),
                e.text("name"),
                e.maybe_choice("suit", SUITS[:4]),
                e.maybe_text("horror"),
                e.maybe_card("patron_card"),
                e.maybe_text("patron_npc"),
                e.maybe_text("problem"),
                e.texts("adversaries"),
                e.maybe_text("boss"),
                e.text("wants"),
                e.text("description"),
                e.source(),
            )
        )
    _unique(name, factions, "faction")
    problems = []
    for label, raw in _entries(name, data, "problems", "problem"):
        fields = ("id", "name", "faction", "effect", "source")
        e = _Entry(name, label, raw, fields, fields[:-1])
        problems.append(Problem(e.text("id"), e.text("name"), e.text("faction"), e.text("effect"), e.source()))
    npcs = []
    for label, raw in _entries(name, data, "npcs", "person"):
        fields = ("id", "name", "card", "factions", "locations", "description", "role", "source")
        e = _Entry(name, label, raw, fields, ("id", "name", "card", "factions", "locations", "description"))
        npcs.append(
            Npc(
                e.text("id"),
                e.text("name"),
                e.maybe_card("card"),
                e.texts("factions"),
                e.texts("locations"),
                e.text("description"),
                e.maybe_text("role"),
                e.source(),
            )
        )
    _unique(name, npcs, "person")
    fields = ("id", "name", "card", "description", "names", "jobs", "source")
    e = _Entry(name, "eddies", data.get("eddies"), fields, fields[:-1])
    jobs_raw = e.raw.get("jobs")
    if not isinstance(jobs_raw, dict) or not all(isinstance(v, str) and v for v in jobs_raw.values()):
        raise e.fail("jobs", "must be an object of skill: job texts")
    eddies = Eddies(
        e.text("id"),
        e.text("name"),
        e.card("card"),
        e.text("description"),
        e.texts("names", empty_ok=False),
        tuple(jobs_raw.items()),
        e.source(),
    )
    horrors = []
    for label, raw in _entries(name, data, "horrors", "Horror"):
        fields = ("key", "ref", "name", "card", "suit", "faction", "linkable")
        e = _Entry(name, label, raw, fields, fields)
        horrors.append(
            Horror(
                e.text("key"),
                e.maybe_text("ref"),
                e.text("name"),
                e.maybe_card("card"),
                e.choice("suit", SUITS),
                e.maybe_text("faction"),
                e.flag("linkable"),
            )
        )
    _unique(name, horrors, "Horror")
    return acts, discipline, tuple(factions), tuple(problems), tuple(npcs), eddies, tuple(horrors)


# --- the references between files --------------------------------------------------------------------------


def _check_references(world: World, adversary_ids: frozenset[str] | None) -> None:
    def known(filename: str, what: str, value: str | None, pool: set[str], field: str) -> None:
        if value is not None and value not in pool:
            raise WorldContentError(f"{filename}: {what}: field '{field}': {value!r} is not a known id")

    locations = {loc.id for loc in world.locations}
    divisions = {div.id for div in world.divisions}
    factions = {fac.id for fac in world.factions}
    npcs = {npc.id for npc in world.npcs}
    problems = {problem.id for problem in world.problems}
    acts = {act.id for act in world.acts}
    graphs = {graph.id: graph for graph in world.graphs}
    for div in world.divisions:
        known("world.json", f"division {div.id}", div.act, acts, "act")
    for loc in world.locations:
        known("world.json", f"location {loc.id}", loc.division, divisions, "division")
        known("world.json", f"location {loc.id}", loc.within, locations, "within")
        for tie in loc.factions:
            known("world.json", f"location {loc.id}", tie.faction, factions, "factions")
    for graph in world.graphs:
        known("world.json", f"graph {graph.id}", graph.division, divisions, "division")
        for node in graph.nodes:
            known("world.json", f"graph {graph.id}: node {node.key}", node.location, locations, "location")
        if graph.inside is not None:
            known("world.json", f"graph {graph.id}: inside", graph.inside.graph, set(graphs), "graph")
            parent_keys = {node.key for node in graphs[graph.inside.graph].nodes}
            known("world.json", f"graph {graph.id}: inside", graph.inside.node, parent_keys, "node")
    for gate in world.gates:
        known("world.json", f"gate {gate.graph}/{gate.node}", gate.graph, set(graphs), "graph")
        known(
            "world.json", f"gate {gate.graph}/{gate.node}", gate.node, {n.key for n in graphs[gate.graph].nodes}, "node"
        )
    for event in world.events:
        known("world.json", f"event {event.id}", event.location, locations, "location")
        known("world.json", f"event {event.id}", event.place, locations, "place")
        for person in event.people:
            known("world.json", f"event {event.id}", person, npcs, "people")
    for act in world.acts:
        known("campaign.json", f"act {act.id}", act.division, divisions, "division")
        for faction in act.factions:
            known("campaign.json", f"act {act.id}", faction, factions, "factions")
        for quest in act.quests:
            for step in quest.steps:
                known("campaign.json", f"quest step {step.id}", step.place, locations, "place")
    for fac in world.factions:
        known("campaign.json", f"faction {fac.id}", fac.patron_npc, npcs, "patron_npc")
        known("campaign.json", f"faction {fac.id}", fac.problem, problems, "problem")
        if adversary_ids is not None:
            for adversary in (*fac.adversaries, *([fac.boss] if fac.boss else [])):
                known("campaign.json", f"faction {fac.id}", adversary, set(adversary_ids), "adversaries")
    for problem in world.problems:
        known("campaign.json", f"problem {problem.id}", problem.faction, factions, "faction")
    for npc in world.npcs:
        for faction in npc.factions:
            known("campaign.json", f"person {npc.id}", faction, factions, "factions")
        for place in npc.locations:
            known("campaign.json", f"person {npc.id}", place, locations, "locations")
    for horror in world.horrors:
        known("campaign.json", f"Horror {horror.key}", horror.faction, factions, "faction")
    for rung in world.discipline.steps:
        if adversary_ids is not None:
            known("campaign.json", f"discipline level {rung.level}", rung.fight, set(adversary_ids), "fight")


def load_world(files: Mapping[str, bytes | str], adversary_ids: frozenset[str] | None = None) -> World:
    """Read and check the three world files (by name); ``adversary_ids`` checks the factions' bestiary links."""
    for filename in FILES:
        if filename not in files:
            raise WorldContentError(f"{filename}: missing from the world files")
    suits, cards = _read_cards(_document("cards.json", files["cards.json"]))
    divisions, locations, graphs, gates, events = _read_world(_document("world.json", files["world.json"]))
    acts, discipline, factions, problems, npcs, eddies, horrors = _read_campaign(
        _document("campaign.json", files["campaign.json"])
    )
    world = World(
        suits,
        cards,
        divisions,
        locations,
        graphs,
        gates,
        events,
        acts,
        discipline,
        factions,
        problems,
        npcs,
        eddies,
        horrors,
    )
    _check_references(world, adversary_ids)
    return world


_SHIPPED: list[World] = []


def shipped_world() -> World:
    """The world shipped with the app, read once, its factions checked against the shipped bestiaries."""
    if not _SHIPPED:
        from ..rt0.content.adversaries import bundled_bestiary

        ids = frozenset(bundled_bestiary("book.json")) | frozenset(bundled_bestiary("house.json"))
        _SHIPPED.append(load_world(bundled_files(), ids))
    return _SHIPPED[0]


def bundled_files() -> dict[str, bytes]:
    """The world files shipped in assets/paradise_lua/, by name."""
    from ...assets.bundled import bundled_bytes

    return {name: bundled_bytes("paradise_lua", name) for name in FILES}
