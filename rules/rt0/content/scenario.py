"""Scenario files: a fight set up in TOML, a list of actions, and what the state must be after each step.

Pure: ``parse_scenario`` takes the file's text, ``run_scenario`` takes the parsed scenario and a bestiary.
Reading files is the command-line runner's job (``scenario_cli``). The format is in docs/scenario-format.md.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...seam import RulesError
from ..campaign.items import ITEMS
from ..cards import CARDS, CardId, by_name
from ..fight.actions import Action, parse_action
from ..fight.engine import (
    AdversarySetup,
    FighterSetup,
    Game,
    Preparation,
    adversary_ids,
    legal_actions,
    new_combat,
    refusal,
)
from ..fight.events import Event
from ..fight.modifiers import SUITED
from ..fight.state import Adversary, CombatState, Fighter, FighterKind
from ..fight.zones import parse_zone, zone_name
from ..traits import Arcana, Spell, Trait
from .adversaries import AdversaryKind, BestiaryError, load_bestiary

DEFAULT_BESTIARY = "book.json"
NONE = "none"  # TOML has no null: how a missing value (no intent, no result, out of the room) is written
OUT = "out"  # the zone of a fighter who left the fight
MULTISETS = ("hand", "discard")  # compared without regard to order


class ScenarioError(RulesError):
    """A scenario file that cannot be used; the message names the file and the place in it."""


@dataclass(frozen=True, slots=True)
class Expectation:
    path: str  # "mara.hp", "laborer-1.intent", "pending.kind", "round"…
    value: Any


@dataclass(frozen=True, slots=True)
class ScenarioStep:
    """One numbered step: actions in text form (or "undo"), then either a refusal or expectations."""

    number: int
    actions: tuple[str, ...]
    refused: str | None = None  # the last action must be refused with a reason containing this
    expect: tuple[Expectation, ...] = ()


@dataclass(frozen=True)
class Scenario:
    filename: str
    name: str
    seed: int
    room: int
    fighters: tuple[FighterSetup, ...]
    adversaries: tuple[AdversarySetup, ...]
    prepared: Preparation
    steps: tuple[ScenarioStep, ...]
    opening: tuple[Expectation, ...] = ()  # checked once the fight is set up, before step 1
    description: str = ""
    rules: tuple[str, ...] = ()
    bestiaries: tuple[str, ...] = (DEFAULT_BESTIARY,)
    practice: bool = False


# --- parsing -----------------------------------------------------------------------------------


class _Reader:
    """Typed access to one TOML table, with errors that say where."""

    def __init__(self, filename: str, where: str, table: Any) -> None:
        self.filename, self.where = filename, where
        if not isinstance(table, dict):
            raise self.error("", "must be a table")
        self.table: dict[str, Any] = table

    def error(self, key: str, problem: str) -> ScenarioError:
        place = ".".join(p for p in (self.where, key) if p) or "(top)"
        return ScenarioError(f"{self.filename}: {place}: {problem}")

    def only(self, *keys: str) -> None:
        unknown = sorted(set(self.table) - set(keys))
        if unknown:
            raise self.error(unknown[0], f"is not a known key here; known keys: {', '.join(keys)}")

    def get(self, key: str, kind: type, default: Any = None, required: bool = False) -> Any:
        if key not in self.table:
            if required:
                raise self.error(key, "is missing")
            return default
        value = self.table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(key, f"must be {_KIND_WORDS.get(kind, kind.__name__)}, not {value!r}")
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        values = self.get(key, list, [])
        if not all(isinstance(v, str) for v in values):
            raise self.error(key, "must be a list of texts")
        return tuple(values)

    def cards(self, key: str, values: Any) -> tuple[CardId, ...]:
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise self.error(key, 'must be a list of card names, like ["7 of Wands", "The Tower"]')
        try:
            return tuple(by_name(v) for v in values)
        except KeyError as error:
            raise self.error(key, str(error.args[0])) from None

    def card(self, key: str) -> CardId:
        return self.cards(key, [self.get(key, str, required=True)])[0]

    def zone(self, key: str, room: int) -> tuple[int, int]:
        text = self.get(key, str, required=True)
        try:
            zone = parse_zone(text)
        except ValueError as error:
            raise self.error(key, str(error)) from None
        if not (0 <= zone[0] < room and 0 <= zone[1] < room):
            raise self.error(key, f"{text} is outside the {room}x{room} room")
        return zone

    def sub(self, key: str, table: Any) -> _Reader:
        return _Reader(self.filename, f"{self.where}.{key}" if self.where else key, table)


_KIND_WORDS = {int: "a whole number", str: "a text", bool: "true or false", list: "a list", dict: "a table"}
_TOP_KEYS = (
    "name", "description", "rules", "seed", "room", "practice", "bestiary",
    "fighters", "adversaries", "deck", "discard", "expect", "steps",
)  # fmt: skip
_FIGHTER_KEYS = ("id", "name", "kind", "arcana", "traits", "zone", "abilities", "spells", "injuries", "cursed", "hand")
_FIGHTER_KEYS_MORE = ("bins", "hp", "shield", "morning_start", "items", "suited", "headphones")
_ADVERSARY_KEYS = ("kind", "zone", "name", "intent", "intent_hidden", "hp", "shield")


def parse_scenario(text: str, filename: str) -> Scenario:
    """Read a scenario file's text; raises ScenarioError naming the file and the place."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{filename}: not valid TOML: {error}") from None
    except RecursionError:  # a crafted file: arrays in arrays past Python's limit
        raise ScenarioError(f"{filename}: not usable TOML: it is nested too deeply to read") from None
    return parse_scenario_data(data, filename)


def parse_scenario_data(data: dict[str, Any], filename: str) -> Scenario:
    """The same from TOML already read (lesson files carry a scenario among their own tables)."""
    top = _Reader(filename, "", data)
    top.only(*_TOP_KEYS)
    room = top.get("room", int, 3)
    if room not in (1, 3, 5):
        raise top.error("room", f"a room is 1, 3 or 5 zones wide, not {room}")
    prep = Preparation()  # frozen, but its tables fill in as the file is read
    fighters = tuple(
        _fighter(top.sub(f"fighters[{i}]", raw), room, prep) for i, raw in enumerate(top.get("fighters", list, []))
    )
    if not fighters:
        raise top.error("fighters", "a fight needs at least one fighter")
    adversary_tables = [top.sub(f"adversaries[{i}]", raw) for i, raw in enumerate(top.get("adversaries", list, []))]
    adversaries = tuple(_adversary(reader, room) for reader in adversary_tables)
    for reader, adversary_id in zip(adversary_tables, adversary_ids(adversaries), strict=True):
        _adversary_prep(reader, adversary_id, prep)
    for key, target in (("deck", prep.tops), ("discard", prep.discards)):
        piles = top.sub(key, top.get(key, dict, {}))
        for pile, cards in piles.table.items():
            target[pile] = piles.cards(pile, cards)
    bestiaries = top.get("bestiary", list, [DEFAULT_BESTIARY])
    if not bestiaries or not all(isinstance(b, str) for b in bestiaries):
        raise top.error("bestiary", 'must be a list of bestiary file names, like ["book.json"]')
    for index, name in enumerate(bestiaries):
        if not plain_file_name(name):
            raise top.error(f"bestiary[{index}]", f"{name!r} is not a file name: {BESTIARY_PLACES}")
    return Scenario(
        filename=filename,
        name=top.get("name", str, filename),
        seed=top.get("seed", int, required=True),
        room=room,
        fighters=fighters,
        adversaries=adversaries,
        prepared=prep,
        steps=tuple(_step(top.sub(f"steps[{i}]", raw), i + 1) for i, raw in enumerate(top.get("steps", list, []))),
        opening=_expectations(top, "expect"),
        description=top.get("description", str, ""),
        rules=top.strings("rules"),
        bestiaries=tuple(bestiaries),
        practice=top.get("practice", bool, False),
    )


def _fighter(reader: _Reader, room: int, prep: Preparation) -> FighterSetup:
    reader.only(*_FIGHTER_KEYS, *_FIGHTER_KEYS_MORE)
    fighter_id = reader.get("id", str, required=True)
    kind_text = reader.get("kind", str, "player")
    try:
        kind = FighterKind(kind_text)
    except ValueError:
        raise reader.error("kind", f"must be 'player' or 'eddy', not {kind_text!r}") from None
    setup = FighterSetup(
        id=fighter_id,
        name=reader.get("name", str, fighter_id.title()),
        zone=reader.zone("zone", room),
        traits=frozenset(_trait(reader, t) for t in reader.strings("traits")),
        arcana=_arcana(reader),
        kind=kind,
        abilities=reader.strings("abilities"),
        injuries=reader.strings("injuries"),
        cursed=reader.get("cursed", bool, False),
        spells=tuple(_spell(reader, s) for s in reader.strings("spells")),
        morning_start=reader.get("morning_start", bool, False),
        items=_items(reader),
        suited=reader.get("suited", bool, False),
        headphones=reader.cards("headphones", reader.table.get("headphones", [])),
    )
    if setup.suited and "EVA Suit" not in setup.items:
        raise reader.error("suited", 'needs "EVA Suit" among the items')
    if setup.headphones and ("Headphones" not in setup.items or len(setup.headphones) > 3):
        raise reader.error("headphones", 'needs "Headphones" among the items, and holds at most 3 cards')
    if "hand" in reader.table:
        prep.hands[fighter_id] = reader.cards("hand", reader.table["hand"])
    bins = reader.sub("bins", reader.get("bins", dict, {}))
    if bins.table:
        prep.bins[fighter_id] = {ability: bins.cards(ability, cards) for ability, cards in bins.table.items()}
    _numbers(reader, fighter_id, prep)
    return setup


def _items(reader: _Reader) -> tuple[str, ...]:
    """ITM-*: the book's items by name (repeats allowed)."""
    names = reader.strings("items")
    for name in names:
        if name not in ITEMS:
            raise reader.error("items", f"{name!r} is not an item; use {', '.join(ITEMS)}")
    return names


def _spell(reader: _Reader, text: str) -> Spell:
    for spell in Spell:
        if spell.value.lower() == text.strip().lower():
            return spell
    raise reader.error("spells", f"{text!r} is not a spell; use {', '.join(s.value for s in Spell)}")


def _trait(reader: _Reader, text: str) -> Trait:
    for trait in Trait:
        if trait.value.lower() == text.strip().lower():
            return trait
    raise reader.error("traits", f"{text!r} is not an ability or weakness; use {', '.join(t.value for t in Trait)}")


def _arcana(reader: _Reader) -> Arcana | None:
    text = reader.get("arcana", str, None)
    if text is None:
        return None
    for arcana in Arcana:
        if text.strip().lower() in (arcana.title.lower(), arcana.name.lower(), arcana.title.lower()[4:]):
            return arcana
    raise reader.error("arcana", f"must be The Fool, The Magician or The High Priestess, not {text!r}")


def _adversary(reader: _Reader, room: int) -> AdversarySetup:
    reader.only(*_ADVERSARY_KEYS)
    return AdversarySetup(
        reader.get("kind", str, required=True), reader.zone("zone", room), reader.get("name", str, "")
    )


def _adversary_prep(reader: _Reader, adversary_id: str, prep: Preparation) -> None:
    if "intent" in reader.table:
        prep.intents[adversary_id] = (reader.card("intent"), reader.get("intent_hidden", bool, False))
    _numbers(reader, adversary_id, prep)


def _numbers(reader: _Reader, who: str, prep: Preparation) -> None:
    if "hp" in reader.table:
        prep.hp[who] = reader.get("hp", int)
    if "shield" in reader.table:
        prep.shield[who] = reader.get("shield", int)


def _step(reader: _Reader, number: int) -> ScenarioStep:
    reader.only("do", "refused", "expect")
    do = reader.table.get("do", [])
    actions = (do,) if isinstance(do, str) else do
    if not isinstance(actions, list | tuple) or not all(isinstance(a, str) for a in actions):
        raise reader.error(
            "do", "must be an action or a list of actions, like 'play mara \"7 of Wands\" unarmed_strike'"
        )
    for text in actions:
        if text.strip() != "undo":
            try:
                parse_action(text)
            except (ValueError, KeyError) as error:
                raise reader.error("do", str(error)) from None
    refused = reader.get("refused", str, None)
    if refused is not None and not actions:
        raise reader.error("refused", "needs an action in 'do' to refuse")
    return ScenarioStep(number, tuple(actions), refused, _expectations(reader, "expect"))


def _expectations(reader: _Reader, key: str) -> tuple[Expectation, ...]:
    table = reader.get(key, dict, {})
    return tuple(Expectation(path, value) for path, value in table.items())


# --- bestiaries ----------------------------------------------------------------------------------

BESTIARY_PLACES = "a bestiary is read from beside the scenario's file or from the app's own, nowhere else"


def plain_file_name(name: str) -> bool:
    """A name that stays in the folder it is looked up in: no folders, no "..", no drive, on any system."""
    return name not in ("", ".", "..") and not any(mark in name for mark in ("/", "\\", ":", "\0"))


def bestiary_from_texts(texts: Mapping[str, str]) -> dict[str, AdversaryKind]:
    """Load several bestiary files (name -> text) into one; an id in two files is an error."""
    merged: dict[str, AdversaryKind] = {}
    origin: dict[str, str] = {}
    for filename, text in texts.items():
        for kind_id, kind in load_bestiary(text, filename).items():
            if kind_id in merged:
                raise BestiaryError(f"{filename}: adversary {kind_id}: field 'id': also in {origin[kind_id]}")
            merged[kind_id], origin[kind_id] = kind, filename
    return merged


# --- running -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Failure:
    """The first thing that went other than the scenario said."""

    filename: str
    step: int  # 0: the opening, before any action
    action: str
    path: str
    expected: Any
    actual: Any
    snapshot: str = ""

    def __str__(self) -> str:
        where = f"{self.filename}: step {self.step}" + (f" ({self.action})" if self.action else " (opening)")
        lines = [where, f"  {self.path}", f"    expected: {self.expected!r}", f"    actual:   {self.actual!r}"]
        if self.snapshot:
            lines += ["  state:", *("    " + line for line in self.snapshot.splitlines())]
        return "\n".join(lines)


@dataclass
class Outcome:
    scenario: Scenario
    game: Game | None
    failure: Failure | None = None
    steps_run: int = 0

    @property
    def passed(self) -> bool:
        return self.failure is None


def start(scenario: Scenario, bestiary: Mapping[str, AdversaryKind]) -> Game:
    """The scenario's fight, set up and settled to the first decision (the demo mode starts here too)."""
    state, events = new_combat(
        scenario.seed,
        scenario.room,
        scenario.fighters,
        scenario.adversaries,
        dict(bestiary),
        practice=scenario.practice,
        prepared=scenario.prepared,
    )
    return Game(state, events)


def run_scenario(scenario: Scenario, bestiary: Mapping[str, AdversaryKind]) -> Outcome:
    """Play the steps in order; stop at the first expectation that does not hold."""
    try:
        game = start(scenario, bestiary)
    except ValueError as error:
        return Outcome(scenario, None, Failure(scenario.filename, 0, "", "setup", "a fight that sets up", str(error)))
    outcome = Outcome(scenario, game)
    outcome.failure = _check(scenario, game, 0, "", scenario.opening, game.opening)
    for step in scenario.steps:
        if outcome.failure is not None:
            break
        outcome.failure = _run_step(scenario, game, step)
        outcome.steps_run = step.number
    return outcome


def _run_step(scenario: Scenario, game: Game, step: ScenarioStep) -> Failure | None:
    events: list[Event] = []
    for index, text in enumerate(step.actions):
        last = index == len(step.actions) - 1
        reason = _refusal(game, text)
        if step.refused is not None and last:
            if reason is None:
                return _fail(scenario, game, step, text, "refused", f"refused ({step.refused!r})", "allowed")
            if step.refused.lower() not in reason.lower():
                return _fail(scenario, game, step, text, "refused", step.refused, reason)
            break
        if reason is not None:
            return _fail(scenario, game, step, text, "allowed", "allowed", f"refused: {reason}")
        events = _do(game, text)
    return _check(scenario, game, step.number, " / ".join(step.actions), step.expect, events)


def _refusal(game: Game, text: str) -> str | None:
    if text.strip() == "undo":
        return game.undo_refusal()
    return refusal(game.state, parse_action(text))


def _do(game: Game, text: str) -> list[Event]:
    if text.strip() == "undo":
        game.undo()
        return []
    action: Action = parse_action(text)
    return game.push(action)


def _fail(
    scenario: Scenario, game: Game, step: ScenarioStep, action: str, path: str, expected: Any, actual: Any
) -> Failure:
    return Failure(scenario.filename, step.number, action, path, expected, actual, snapshot(game.state))


def _check(
    scenario: Scenario, game: Game, number: int, action: str, expect: tuple[Expectation, ...], events: list[Event]
) -> Failure | None:
    for expectation in expect:
        try:
            actual = observe(game.state, expectation.path, events)
        except KeyError as error:
            actual = f"(no such thing: {error.args[0]})"
        if not _same(expectation.path, expectation.value, actual):
            return Failure(
                scenario.filename, number, action, expectation.path, expectation.value, actual, snapshot(game.state)
            )
    return None


def _same(path: str, expected: Any, actual: Any) -> bool:
    if path.rsplit(".", 1)[-1] in MULTISETS and isinstance(expected, list) and isinstance(actual, list):
        return sorted(map(str, expected)) == sorted(map(str, actual))
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    return bool(expected == actual)


# --- reading the state ---------------------------------------------------------------------------


def observe(state: CombatState, path: str, events: list[Event] | None = None) -> Any:
    """The value at a path ("mara.hp", "gm.deck.count", "pending.options"); raises KeyError for an unknown one.

    Values are plain: numbers, true/false, texts, lists of texts; zones as "B2", cards by name, nothing as "none".
    A path ending in ".count" gives the length of the list before it.
    """
    parts = path.split(".")
    if parts[-1] == "count" and len(parts) > 1:
        value = observe(state, ".".join(parts[:-1]), events)
        if not isinstance(value, list):
            raise KeyError(f"{'.'.join(parts[:-1])} is not a list to count")
        return len(value)
    head, rest = parts[0], parts[1:]
    if not rest:
        return _top_level(state, head, events or [])
    if head == "pending":
        return _pending(state, rest)
    if head in state.piles and not any(f.id == head for f in state.fighters):
        return _pile(state, head, rest)
    for fighter in state.fighters:
        if fighter.id == head:
            return _fighter_value(state, fighter, rest)
    for adversary in state.adversaries:
        if adversary.id == head:
            return _adversary_value(adversary, rest)
    raise KeyError(path)


def _top_level(state: CombatState, key: str, events: list[Event]) -> Any:
    active = state.active_fighter
    values: dict[str, Any] = {
        "round": state.round,
        "phase": state.phase.value,
        "result": state.result or NONE,
        "turn": active.id if active else NONE,
        "order": list(state.order),
        "pending": state.pending.kind if state.pending else NONE,
        "legal": [str(a) for a in legal_actions(state)],
        "events": [type(e).__name__ for e in events],
    }
    if key not in values:
        raise KeyError(key)
    return values[key]


def _pending(state: CombatState, rest: list[str]) -> Any:
    pending = state.pending
    if pending is None:
        return NONE
    values: dict[str, Any] = {
        "kind": pending.kind,
        "actor": pending.actor,
        "prompt": pending.prompt,
        "options": [o.label for o in pending.options],
    }
    return values[".".join(rest)]


def _pile(state: CombatState, key: str, rest: list[str]) -> Any:
    pile = state.piles[key]
    values: dict[str, Any] = {
        "deck": [CARDS[c].name for c in reversed(pile.draw)],  # first drawn first
        "discard": [CARDS[c].name for c in pile.discard],
    }
    if len(rest) == 2 and rest[0] == "deck" and rest[1] == "top":
        return CARDS[pile.draw[-1]].name if pile.draw else NONE
    return values[".".join(rest)]


def _fighter_value(state: CombatState, fighter: Fighter, rest: list[str]) -> Any:
    if rest[0] in ("deck", "discard"):
        return _pile(state, fighter.pile, rest)
    if rest[0] == "bins" and len(rest) == 2:
        return [CARDS[c].name for c in fighter.bins.get(rest[1], [])]
    values: dict[str, Any] = {
        "hp": fighter.hp,
        "shield": fighter.shield,
        "zone": zone_name(fighter.zone) if fighter.zone else OUT,
        "hand": [CARDS[c].name for c in fighter.hand],
        "injuries": list(fighter.injuries),
        "items": list(fighter.items),
        "backpack": [CARDS[c].name for c in fighter.stowed.get("Backpack", [])],
        "headphones": [CARDS[c].name for c in fighter.stowed.get("Headphones", [])],
        "suited": bool(fighter.marks.get(SUITED)),
        "dead": fighter.dead,
        "honked": fighter.honked,
        "in_combat": fighter.in_combat,
    }
    return values[".".join(rest)]


def _adversary_value(adversary: Adversary, rest: list[str]) -> Any:
    values: dict[str, Any] = {
        "hp": adversary.hp,
        "shield": adversary.shield,
        "zone": zone_name(adversary.zone),
        "intent": CARDS[adversary.intent].name if adversary.intent is not None else NONE,
        "intent_hidden": adversary.intent_hidden,
        "fate": adversary.fate or NONE,
        "active": adversary.active,
        "name": adversary.name,
    }
    return values[".".join(rest)]


def snapshot(state: CombatState) -> str:
    """A few lines on where the fight stands, printed with a failure."""
    active = state.active_fighter
    lines = [f"round {state.round}, {state.phase.value}, turn: {active.id if active else NONE}, result: {state.result}"]
    if state.pending:
        options = "; ".join(f"{i}: {o.label}" for i, o in enumerate(state.pending.options))
        lines.append(f"pending {state.pending.kind} ({state.pending.actor}): {options}")
    for f in state.fighters:
        hand = ", ".join(CARDS[c].name for c in f.hand)
        bins = "; ".join(f"{k}: {', '.join(CARDS[c].name for c in v)}" for k, v in f.bins.items() if v)
        zone = zone_name(f.zone) if f.zone else OUT
        lines.append(f"{f.id}: {f.hp} HP, {f.shield} Shield, {zone}, hand [{hand}], bins [{bins}], {f.injuries}")
    for a in state.adversaries:
        intent = CARDS[a.intent].name if a.intent is not None else NONE
        lines.append(f"{a.id}: {a.hp} HP, {a.shield} Shield, {zone_name(a.zone)}, intent {intent}, fate {a.fate}")
    return "\n".join(lines)
