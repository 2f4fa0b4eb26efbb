"""Where the party can go on Paradise Lua's location graphs (MAP-*).

The book writes each edge as an arrow, but read one way the Joyeuse graph strands a party at Daybreak, the hotel,
the studio and the tanks; the app reads every edge as a passage both ways (docs/rulings.md, MAP-JOYEUSE). A graph
drawn inside another's node (MAP-NESTING) is entered at its door and left from the door back to that node.
"""

from __future__ import annotations

from dataclasses import dataclass

from .world_content import Gate, LocationGraph, World


@dataclass(frozen=True, slots=True, order=True)
class Spot:
    """One node of one graph: where the party stands."""

    graph: str
    node: str


def neighbours(graph: LocationGraph, key: str) -> tuple[str, ...]:
    """The nodes one edge away from ``key``, either way along the book's arrows, in the book's edge order."""
    found: list[str] = []
    for start, end in graph.edges:
        other = end if start == key else start if end == key else None
        if other is not None and other not in found:
            found.append(other)
    return tuple(found)


def exits(world: World, spot: Spot) -> tuple[Spot, ...]:
    """Every spot one move from ``spot``: along an edge, into a nested graph's door, or out of one."""
    graph = world.graph(spot.graph)
    moves = [Spot(graph.id, key) for key in neighbours(graph, spot.node)]
    for inner in world.graphs:
        if inner.inside is not None and inner.inside.graph == graph.id and inner.inside.node == spot.node:
            moves.append(Spot(inner.id, inner.inside.door))
    if graph.inside is not None and graph.inside.door == spot.node:
        moves.append(Spot(graph.inside.graph, graph.inside.node))
    return tuple(moves)


def gate_at(world: World, spot: Spot) -> Gate | None:
    for gate in world.gates:
        if gate.graph == spot.graph and gate.node == spot.node:
            return gate
    return None


def gate_is_open(gate: Gate, act: int, opened: frozenset[Spot], shut: frozenset[Spot]) -> bool:
    """A gate stands open from its act on, unless the GM shut it; the GM may also open it early."""
    here = Spot(gate.graph, gate.node)
    if here in shut:
        return False
    return here in opened or (gate.opens_in_act is not None and act >= gate.opens_in_act)


def move_refusal(
    world: World, here: Spot, there: Spot, act: int, opened: frozenset[Spot], shut: frozenset[Spot]
) -> str | None:
    """Why the party cannot move from ``here`` to ``there`` now, or None when it can."""
    try:
        target = world.graph(there.graph)
        label = target.node(there.node).label
    except KeyError:
        return f"There is no place {there.node!r} on the map {there.graph!r}."
    if there == here:
        return f"The party is already at {label}."
    if there not in exits(world, here):
        origin = world.graph(here.graph).node(here.node).label
        return f"{label} is not connected to {origin}: move one connected place at a time."
    gate = gate_at(world, there)
    if gate is not None and not gate_is_open(gate, act, opened, shut):
        return gate.shut
    return None


def route(world: World, start: Spot, goal: Spot) -> tuple[Spot, ...]:
    """The shortest chain of moves from ``start`` to ``goal`` ignoring gates (breadth first); empty if none."""
    previous: dict[Spot, Spot | None] = {start: None}
    frontier = [start]
    while frontier:
        following: list[Spot] = []
        for spot in frontier:
            for step in exits(world, spot):
                if step not in previous:
                    previous[step] = spot
                    following.append(step)
        frontier = following
    if goal not in previous:
        return ()
    path: list[Spot] = []
    at: Spot | None = goal
    while at is not None:
        path.append(at)
        at = previous[at]
    return tuple(reversed(path))
