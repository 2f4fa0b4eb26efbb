"""A Paradise Lua playthrough as an immutable value and typed ops: ``apply(world, state, op) -> (state, events)``.

Every change the campaign tracker makes is one op: moving the party, marking quest steps, the discipline ladder,
the mentor, angering a faction, finding and saving hosts, opening gates, drawing for inspiration and calling a
fight. ``refusal`` is the one legality predicate (None when allowed, else a reason a player can read); ``apply``
raises IllegalAction with that reason and leaves the state alone. A draw for inspiration is a reveal: undo stops
there. The funnel stores the ops and events as the codec below writes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from ..rt0.cards import CARDS, CardId
from ..seam import IllegalAction, RulesError
from . import tarot_oracle
from .lua_encounters import field_adversaries, fight_refusal
from .world_content import World
from .world_map import Spot, move_refusal

START = Spot("MAP-AIRLOCK", "PASSENGER")  # ACT-1-Q1-ARRIVAL: the party lands in the Passenger Concourse
HOST_STATUSES = ("found", "saved", "killed")


@dataclass(frozen=True, slots=True)
class Host:
    """A person carrying one of the True Horrors, and how the party left them (GM-HERO-HOSTS)."""

    horror: str  # the Horror's key in campaign.json
    name: str
    status: str  # found, saved or killed


@dataclass(frozen=True, slots=True)
class LuaState:
    at: Spot
    visited: tuple[Spot, ...]  # every spot the party has stood on, in the order first reached
    act: int
    one_shot: bool  # ACT-ONE-SHOT: the game ends with Act 1
    steps_done: tuple[str, ...]
    discipline: int  # 0 = a clean record; otherwise the rung of GM-DISCIPLINE's ladder reached
    mentor: str | None
    problems: tuple[str, ...]  # the FAC-PROBLEM-* statuses the party is under
    hosts: tuple[Host, ...]
    opened: tuple[Spot, ...]  # gates the GM opened early
    shut: tuple[Spot, ...]  # gates the GM holds shut
    oracle: tarot_oracle.OracleDeck
    notes: tuple[tuple[str, str], ...] = ()  # the GM's notes: (location, faction or person id, text)
    fight: tuple[str, str] | None = None  # the fight called and not yet over: (location, faction)


# --- ops ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    to: Spot


@dataclass(frozen=True, slots=True)
class MarkStep:
    step: str
    done: bool = True


@dataclass(frozen=True, slots=True)
class Offence:
    """A skipped curfew or class: the discipline ladder climbs one rung, or repeats the Detention fix."""

    repeat: bool = False


@dataclass(frozen=True, slots=True)
class ChooseMentor:
    npc: str


@dataclass(frozen=True, slots=True)
class AngerFaction:
    faction: str
    angry: bool = True  # False: the matter is settled and the problem lifts


@dataclass(frozen=True, slots=True)
class FindHost:
    horror: str
    name: str


@dataclass(frozen=True, slots=True)
class SaveHost:
    """The confrontation went the party's way: the host lives and the link is cut (docs/rulings.md)."""

    horror: str


@dataclass(frozen=True, slots=True)
class KillHost:
    horror: str


@dataclass(frozen=True, slots=True)
class SetGate:
    """The GM overrides a gate: open it early, hold it shut, or (None) let the act decide again."""

    at: Spot
    open: bool | None


@dataclass(frozen=True, slots=True)
class AdvanceAct:
    pass


@dataclass(frozen=True, slots=True)
class DrawInspiration:
    count: int


@dataclass(frozen=True, slots=True)
class CallFight:
    faction: str
    players: int
    boss: bool = False


@dataclass(frozen=True, slots=True)
class FightOver:
    """How the last fight called ended, once it has been played on the table."""

    result: str  # victory, defeat or escaped (the engine's results)


@dataclass(frozen=True, slots=True)
class WriteNote:
    """The GM's note on a location, a faction or a person; an empty text removes it."""

    about: str
    text: str


Op = (
    Move | MarkStep | Offence | ChooseMentor | AngerFaction | FindHost | SaveHost | KillHost | SetGate | AdvanceAct
) | (DrawInspiration | CallFight | FightOver | WriteNote)

# --- events ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Moved:
    origin: Spot
    to: Spot
    first_visit: bool


@dataclass(frozen=True, slots=True)
class StepMarked:
    step: str
    done: bool


@dataclass(frozen=True, slots=True)
class DisciplineRaised:
    level: int
    fight: str | None  # the bestiary id of the fight this rung brings


@dataclass(frozen=True, slots=True)
class MentorChosen:
    npc: str


@dataclass(frozen=True, slots=True)
class ProblemChanged:
    problem: str
    active: bool


@dataclass(frozen=True, slots=True)
class HostChanged:
    horror: str
    name: str
    status: str


@dataclass(frozen=True, slots=True)
class GateSet:
    at: Spot
    open: bool | None


@dataclass(frozen=True, slots=True)
class ActBegun:
    act: int


@dataclass(frozen=True, slots=True)
class InspirationDrawn:
    cards: tuple[CardId, ...]
    location: str
    suit: str
    factions: tuple[str, ...]
    signs: tuple[str, ...]  # GM-RANDOM-EVENT's readings of the Hanged Man and the Sun
    ideas: tuple[str, ...] = ()  # the ids of the place's event ideas for the cards drawn (GM-78-DRAW)


@dataclass(frozen=True, slots=True)
class FightCalled:
    location: str
    faction: str
    adversaries: tuple[str, ...]
    players: int = 0


@dataclass(frozen=True, slots=True)
class FightEnded:
    location: str
    faction: str
    result: str


@dataclass(frozen=True, slots=True)
class NoteWritten:
    about: str
    text: str


Event = (Moved | StepMarked | DisciplineRaised | MentorChosen | ProblemChanged | HostChanged | GateSet | ActBegun) | (
    InspirationDrawn | FightCalled | FightEnded | NoteWritten
)


def new_playthrough(seed: int, one_shot: bool = False, without_empress: bool = False) -> LuaState:
    """A party just landed at the Passenger Concourse at the start of Act 1, with a shuffled oracle deck."""
    return LuaState(
        START, (START,), 1, one_shot, (), 0, None, (), (), (), (), tarot_oracle.new_oracle(seed, without_empress)
    )


# --- what the state says -----------------------------------------------------------------------------------


def location_id(world: World, spot: Spot) -> str:
    return world.graph(spot.graph).node(spot.node).location


def suit_here(world: World, spot: Spot) -> str:
    """The suit of the division the party is in (Joyeuse is Swords)."""
    return world.division(world.location(location_id(world, spot)).division).suit


def host_of(state: LuaState, horror: str) -> Host | None:
    for host in state.hosts:
        if host.horror == horror:
            return host
    return None


def saved_hosts(state: LuaState) -> tuple[Host, ...]:
    """The hosts who can cut their own link in Act 4, each weakening Judgement by one (ACT-4)."""
    return tuple(host for host in state.hosts if host.status == "saved")


def judgement_links(world: World, state: LuaState) -> int:
    """How many of the Hanged Man's links Judgement still climbs: the 23 linkable Horrors less those cut."""
    cut = {host.horror for host in state.hosts if host.status in ("saved", "killed")}
    return sum(1 for horror in world.horrors if horror.linkable and horror.key not in cut)


def quest_steps(world: World, act: int) -> tuple[str, ...]:
    return tuple(step.id for quest in world.act(act).quests for step in quest.steps)


# --- the legality predicate --------------------------------------------------------------------------------


def refusal(world: World, state: LuaState, op: Op) -> str | None:
    """Why ``op`` is not allowed now, in a player's words, or None when it is."""
    if isinstance(op, Move):
        return move_refusal(world, state.at, op.to, state.act, frozenset(state.opened), frozenset(state.shut))
    if isinstance(op, MarkStep):
        known = {step for act in world.acts for step in quest_steps(world, act.number)}
        if op.step not in known:
            return f"There is no quest step {op.step!r}."
        if op.done == (op.step in state.steps_done):
            return f"{op.step} is already {'done' if op.done else 'open'}."
        return None
    if isinstance(op, Offence):
        top = len(world.discipline.steps)
        if op.repeat:
            return None if state.discipline == 4 else "Only the patched Detention (rung 4) repeats."
        return None if state.discipline < top else "The discipline ladder is at its last rung."
    if isinstance(op, ChooseMentor):
        mentors = [npc.id for npc in world.npcs if npc.role == "mentor"]
        if op.npc not in mentors:
            return "The mentor is one of the Hermit, Strength or Temperance."
        return "The party already has a mentor." if state.mentor is not None else None
    if isinstance(op, AngerFaction):
        return _anger_refusal(world, state, op)
    if isinstance(op, (FindHost, SaveHost, KillHost)):
        return _host_refusal(world, state, op)
    if isinstance(op, SetGate):
        gates = {Spot(gate.graph, gate.node) for gate in world.gates}
        return None if op.at in gates else "There is no gate there."
    if isinstance(op, AdvanceAct):
        return _advance_refusal(world, state)
    if isinstance(op, DrawInspiration):
        most = tarot_oracle.MOST_PER_DRAW
        return None if 1 <= op.count <= most else f"Draw 1 to {most} cards for inspiration."
    if isinstance(op, WriteNote):
        return _note_refusal(world, state, op)
    if isinstance(op, FightOver):
        if state.fight is None:
            return "No fight has been called."
        return None if op.result in FIGHT_RESULTS else f"A fight ends in {', '.join(FIGHT_RESULTS)}."
    if state.fight is not None:
        return "Finish the fight already called first."
    location = world.location(location_id(world, state.at))
    return fight_refusal(world, location, op.faction, op.players, op.boss)


def note_subjects(world: World) -> frozenset[str]:
    """What a GM note may be about: every location, faction and person."""
    return frozenset({loc.id for loc in world.locations} | {f.id for f in world.factions} | {n.id for n in world.npcs})


def note_on(state: LuaState, about: str) -> str:
    return next((text for subject, text in state.notes if subject == about), "")


def _note_refusal(world: World, state: LuaState, op: WriteNote) -> str | None:
    if op.about not in note_subjects(world):
        return f"There is nothing called {op.about!r} to write a note on."
    if len(op.text) > MOST_NOTE:
        return f"A note holds at most {MOST_NOTE} characters."
    if op.text.strip() == note_on(state, op.about):
        return "The note says that already."
    return None


def _anger_refusal(world: World, state: LuaState, op: AngerFaction) -> str | None:
    try:
        faction = world.faction(op.faction)
    except KeyError:
        return f"There is no faction {op.faction!r}."
    if faction.problem is None:
        return f"Angering {faction.name} brings no standing problem."
    if op.angry == (faction.problem in state.problems):
        return f"The party is {'already' if op.angry else 'not'} in trouble with {faction.name}."
    return None


def _host_refusal(world: World, state: LuaState, op: FindHost | SaveHost | KillHost) -> str | None:
    try:
        horror = world.horror(op.horror)
    except KeyError:
        return f"There is no True Horror {op.horror!r}."
    host = host_of(state, op.horror)
    if isinstance(op, FindHost):
        if not op.name.strip():
            return "Name the host."
        return None if host is None else f"{horror.name}'s host is already known: {host.name}."
    if not horror.linkable:
        return f"{horror.name} is not linked through a host the party can reach."
    if host is None or host.status != "found":
        return f"Find {horror.name}'s host first." if host is None else f"{host.name} is already {host.status}."
    if isinstance(op, SaveHost) and state.act == 4:
        return "Hosts are saved in Acts 1 to 3; Act 4 is when the saved cut their own links."
    return None


def _advance_refusal(world: World, state: LuaState) -> str | None:
    if state.one_shot:
        return "This is a one-shot: it ends with Act 1."
    if state.act == 4:
        return "Act 4 is the last act."
    steps = quest_steps(world, state.act)
    if steps and steps[-1] not in state.steps_done:
        return f"Act {state.act} ends with its boss fight: mark {steps[-1]} done first."
    return None


# --- applying an op ----------------------------------------------------------------------------------------


def apply(world: World, state: LuaState, op: Op) -> tuple[LuaState, list[Event]]:
    """The state after ``op`` and what happened; raises IllegalAction (and changes nothing) when refused."""
    reason = refusal(world, state, op)
    if reason is not None:
        raise IllegalAction(reason)
    if isinstance(op, Move):
        first = op.to not in state.visited
        visited = (*state.visited, op.to) if first else state.visited
        return replace(state, at=op.to, visited=visited), [Moved(state.at, op.to, first)]
    if isinstance(op, MarkStep):
        done = (*state.steps_done, op.step) if op.done else tuple(s for s in state.steps_done if s != op.step)
        return replace(state, steps_done=done), [StepMarked(op.step, op.done)]
    if isinstance(op, Offence):
        level = state.discipline if op.repeat else state.discipline + 1
        rung = world.discipline.steps[level - 1]
        return replace(state, discipline=level), [DisciplineRaised(level, rung.fight)]
    if isinstance(op, ChooseMentor):
        return replace(state, mentor=op.npc), [MentorChosen(op.npc)]
    if isinstance(op, AngerFaction):
        problem = world.faction(op.faction).problem or ""
        kept = tuple(p for p in state.problems if p != problem)
        problems = (*kept, problem) if op.angry else kept
        return replace(state, problems=problems), [ProblemChanged(problem, op.angry)]
    if isinstance(op, (FindHost, SaveHost, KillHost)):
        return _apply_host(state, op)
    if isinstance(op, SetGate):
        opened = tuple(s for s in state.opened if s != op.at) + ((op.at,) if op.open is True else ())
        shut = tuple(s for s in state.shut if s != op.at) + ((op.at,) if op.open is False else ())
        return replace(state, opened=opened, shut=shut), [GateSet(op.at, op.open)]
    if isinstance(op, AdvanceAct):
        return replace(state, act=state.act + 1), [ActBegun(state.act + 1)]
    if isinstance(op, DrawInspiration):
        cards, oracle = tarot_oracle.deal(state.oracle, op.count)
        here = world.location(location_id(world, state.at))
        factions = tuple(tie.faction for tie in here.factions)
        signs = tarot_oracle.table_signs(cards)
        ideas = tuple(idea.id for idea in world.ideas_at(here.id, cards))
        drawn = InspirationDrawn(cards, here.id, suit_here(world, state.at), factions, signs, ideas)
        return replace(state, oracle=oracle), [drawn]
    if isinstance(op, WriteNote):
        text = op.text.strip()
        notes: tuple[tuple[str, str], ...] = tuple(note for note in state.notes if note[0] != op.about)
        if text:
            notes = (*notes, (op.about, text))
        return replace(state, notes=notes), [NoteWritten(op.about, text)]
    if isinstance(op, FightOver):
        location, faction = state.fight or ("", "")
        return replace(state, fight=None), [FightEnded(location, faction, op.result)]
    here = world.location(location_id(world, state.at))
    adversaries = field_adversaries(world, here, op.faction, op.players, op.boss)
    return replace(state, fight=(here.id, op.faction)), [FightCalled(here.id, op.faction, adversaries, op.players)]


def _apply_host(state: LuaState, op: FindHost | SaveHost | KillHost) -> tuple[LuaState, list[Event]]:
    if isinstance(op, FindHost):
        host = Host(op.horror, op.name.strip(), "found")
        return replace(state, hosts=(*state.hosts, host)), [HostChanged(host.horror, host.name, host.status)]
    status = "saved" if isinstance(op, SaveHost) else "killed"
    hosts = tuple(replace(h, status=status) if h.horror == op.horror else h for h in state.hosts)
    changed = next(h for h in hosts if h.horror == op.horror)
    return replace(state, hosts=hosts), [HostChanged(changed.horror, changed.name, status)]


def reveals(event: Event) -> bool:
    """A draw for inspiration showed cards nobody knew: undo stops there."""
    return isinstance(event, InspirationDrawn)


# --- the journal's words -----------------------------------------------------------------------------------


def narrate(world: World, event: Event, adversary_names: Mapping[str, str] | None = None) -> str:
    """One journal line for ``event``; ``adversary_names`` (bestiary id: name) names a fight's adversaries."""
    if isinstance(event, Moved):
        place = world.location(world.graph(event.to.graph).node(event.to.node).location).name
        return f"The party goes to {place}" + (" for the first time." if event.first_visit else ".")
    if isinstance(event, StepMarked):
        return f"Quest step {event.step} {'done' if event.done else 'reopened'}."
    if isinstance(event, DisciplineRaised):
        rung = world.discipline.steps[event.level - 1]
        return f"Discipline, rung {event.level}: {rung.name}. {rung.effect}"
    if isinstance(event, MentorChosen):
        return f"{world.npc(event.npc).name} becomes the party's mentor."
    if isinstance(event, ProblemChanged):
        name = next(p.name for p in world.problems if p.id == event.problem)
        return f"The party is now {name}." if event.active else f"The party is no longer {name}."
    if isinstance(event, HostChanged):
        horror = world.horror(event.horror).name
        return f"{event.name}, host of {horror}: {event.status}."
    if isinstance(event, GateSet):
        state = {True: "opened by the GM", False: "held shut by the GM", None: "left to the act"}[event.open]
        return f"{world.graph(event.at.graph).node(event.at.node).label}: {state}."
    if isinstance(event, ActBegun):
        act = world.act(event.act)
        return f"Act {act.number} begins: {act.name}."
    if isinstance(event, InspirationDrawn):
        words = "; ".join(f"{CARDS[c].name} ({', '.join(world.meaning(c).keywords)})" for c in event.cards)
        signs = f" {' '.join(event.signs)}" if event.signs else ""
        ideas = "".join(f" Idea: {idea.idea}" for idea in world.events if idea.id in event.ideas)
        return f"Inspiration at {world.location(event.location).name} ({event.suit}): {words}.{signs}{ideas}"
    if isinstance(event, FightEnded):
        how = {"victory": "won", "defeat": "lost", "escaped": "got away from"}[event.result]
        where = world.location(event.location).name
        return f"The party {how} the fight with {world.faction(event.faction).name} at {where}."
    if isinstance(event, NoteWritten):
        return (
            f"GM note on {_subject_name(world, event.about)}: {event.text}"
            if event.text
            else (f"GM note on {_subject_name(world, event.about)} removed.")
        )
    names = ", ".join((adversary_names or {}).get(kind, kind) for kind in event.adversaries)
    return f"A fight with {world.faction(event.faction).name} at {world.location(event.location).name}: {names}."


def _subject_name(world: World, about: str) -> str:
    names = {loc.id: loc.name for loc in world.locations} | {f.id: f.name for f in world.factions}
    names |= {npc.id: npc.name for npc in world.npcs}
    return names.get(about, about)


# --- the codec ---------------------------------------------------------------------------------------------

_OPS: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (Move, MarkStep, Offence, ChooseMentor, AngerFaction, FindHost, SaveHost, KillHost, SetGate)
}
_OPS |= {cls.__name__: cls for cls in (AdvanceAct, DrawInspiration, CallFight, FightOver, WriteNote)}
FIGHT_RESULTS = ("victory", "defeat", "escaped")
MOST_NOTE = 2000


def _plain(value: Any) -> Any:
    if isinstance(value, Spot):
        return [value.graph, value.node]
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def encode_op(op: Op) -> dict[str, Any]:
    return {"op": type(op).__name__, **{f.name: _plain(getattr(op, f.name)) for f in fields(op)}}


def _spot(value: Any, where: str) -> Spot:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
        raise RulesError(f"{where}: must be a [graph, node] pair")
    return Spot(value[0], value[1])


def decode_op(data: Any) -> Op:
    """Raises RulesError naming the field when ``data`` is not an op this module writes."""
    if not isinstance(data, dict) or data.get("op") not in _OPS:
        raise RulesError(f"op: must be one of {', '.join(_OPS)}")
    cls = _OPS[data["op"]]
    names = {f.name: f for f in fields(cls)}
    extra = set(data) - set(names) - {"op"}
    if extra:
        raise RulesError(f"op {data['op']}: field '{sorted(extra)[0]}' is not known")
    values: dict[str, Any] = {}
    for name, field in names.items():
        if name not in data:
            continue
        value = data[name]
        kind = str(field.type)
        if kind == "Spot":
            value = _spot(value, f"op {data['op']}: field '{name}'")
        elif kind in ("int",) and (isinstance(value, bool) or not isinstance(value, int)):
            raise RulesError(f"op {data['op']}: field '{name}': must be a whole number")
        elif kind == "str" and not isinstance(value, str):
            raise RulesError(f"op {data['op']}: field '{name}': must be a text")
        elif kind == "bool" and not isinstance(value, bool):
            raise RulesError(f"op {data['op']}: field '{name}': must be true or false")
        elif kind == "bool | None" and value is not None and not isinstance(value, bool):
            raise RulesError(f"op {data['op']}: field '{name}': must be true, false or null")
        values[name] = value
    try:
        op: Op = cls(**values)
    except TypeError:
        raise RulesError(f"op {data['op']}: a field is missing") from None
    return op


def encode_state(state: LuaState) -> dict[str, Any]:
    return {
        "at": _plain(state.at),
        "visited": _plain(state.visited),
        "act": state.act,
        "one_shot": state.one_shot,
        "steps_done": list(state.steps_done),
        "discipline": state.discipline,
        "mentor": state.mentor,
        "problems": list(state.problems),
        "hosts": [[h.horror, h.name, h.status] for h in state.hosts],
        "opened": _plain(state.opened),
        "shut": _plain(state.shut),
        "oracle": {
            "order": list(state.oracle.order),
            "rng_state": state.oracle.rng_state,
            "without_empress": state.oracle.without_empress,
        },
        "notes": [list(note) for note in state.notes],
        "fight": list(state.fight) if state.fight else None,
    }


def decode_state(world: World, data: Any) -> LuaState:
    """Raises RulesError naming the field when ``data`` is not a state a playthrough could reach."""
    if not isinstance(data, dict):
        raise RulesError("playthrough: must be an object")

    def get(name: str, kind: type[Any]) -> Any:
        value = data.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise RulesError(f"playthrough: field '{name}': must be {kind.__name__}")
        return value

    def spots(name: str) -> tuple[Spot, ...]:
        return tuple(_spot(v, f"playthrough: field '{name}'") for v in get(name, list))

    at = _spot(data.get("at"), "playthrough: field 'at'")
    try:
        world.graph(at.graph).node(at.node)
    except KeyError:
        raise RulesError("playthrough: field 'at': not a place on the maps") from None
    hosts = []
    for raw in get("hosts", list):
        ok = isinstance(raw, list) and len(raw) == 3 and all(isinstance(v, str) for v in raw)
        if not ok or raw[2] not in HOST_STATUSES:
            raise RulesError("playthrough: field 'hosts': each must be [horror, name, found|saved|killed]")
        hosts.append(Host(raw[0], raw[1], raw[2]))
    oracle_raw = get("oracle", dict)
    order = oracle_raw.get("order")
    if not isinstance(order, list) or not all(isinstance(c, int) and 0 <= c < len(CARDS) for c in order):
        raise RulesError("playthrough: field 'oracle': 'order' must list card numbers 0 to 77")
    rng_state = oracle_raw.get("rng_state")
    if not isinstance(rng_state, int) or isinstance(rng_state, bool) or rng_state < 0:
        raise RulesError("playthrough: field 'oracle': 'rng_state' must be a whole number")
    act = get("act", int)
    discipline = get("discipline", int)
    if not 1 <= act <= 4 or not 0 <= discipline <= len(world.discipline.steps):
        raise RulesError("playthrough: field 'act' or 'discipline': out of range")
    mentor = data.get("mentor")
    if mentor is not None and not isinstance(mentor, str):
        raise RulesError("playthrough: field 'mentor': must be a text or null")
    if len(set(order)) != len(order):
        raise RulesError("playthrough: field 'oracle': 'order' lists a card twice")
    known_steps = {step for act in world.acts for step in quest_steps(world, act.number)}
    steps = tuple(str(s) for s in get("steps_done", list))
    if not set(steps) <= known_steps:
        raise RulesError("playthrough: field 'steps_done': names a step no act has")
    problems = tuple(str(p) for p in get("problems", list))
    if not set(problems) <= {p.id for p in world.problems}:
        raise RulesError("playthrough: field 'problems': names an unknown problem")
    keys = [h.horror for h in hosts]
    if len(set(keys)) != len(keys) or not set(keys) <= {h.key for h in world.horrors}:
        raise RulesError("playthrough: field 'hosts': an unknown Horror, or one listed twice")
    places = {Spot(g.id, n.key) for g in world.graphs for n in g.nodes}
    for name in ("visited", "opened", "shut"):
        if not set(spots(name)) <= places:
            raise RulesError(f"playthrough: field '{name}': not a place on the maps")
    if mentor is not None and mentor not in {n.id for n in world.npcs if n.role == "mentor"}:
        raise RulesError("playthrough: field 'mentor': not one of the three mentors")
    notes_raw = data.get("notes", [])
    ok = isinstance(notes_raw, list) and all(
        isinstance(n, list) and len(n) == 2 and all(isinstance(v, str) for v in n) for n in notes_raw
    )
    if not ok or not {n[0] for n in notes_raw} <= note_subjects(world):
        raise RulesError("playthrough: field 'notes': each must be [location, faction or person id, text]")
    fight = data.get("fight")
    if fight is not None:
        ok = isinstance(fight, list) and len(fight) == 2 and all(isinstance(v, str) for v in fight)
        if (
            not ok
            or fight[0] not in {loc.id for loc in world.locations}
            or fight[1] not in {f.id for f in world.factions}
        ):
            raise RulesError("playthrough: field 'fight': must be [location, faction] or null")
    oracle = tarot_oracle.OracleDeck(tuple(order), rng_state, bool(oracle_raw.get("without_empress", False)))
    return LuaState(
        at,
        spots("visited"),
        act,
        bool(get("one_shot", bool)),
        steps,
        discipline,
        mentor,
        problems,
        tuple(hosts),
        spots("opened"),
        spots("shut"),
        oracle,
        tuple((n[0], n[1]) for n in notes_raw),
        (fight[0], fight[1]) if fight is not None else None,
    )
