"""Where each place of a location graph is drawn: a layered layout, as the book's top-down graphs read.

networkx puts every node one layer below each node with an arrow into it (its topological generations). An edge
that spans several layers gets a waypoint in each layer it crosses, so it bends around the places between instead
of running through them; then a few barycentre sweeps order every layer by its neighbours' places so fewer lines
cross (the Sugiyama method, in its simplest form).
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from rt0table.rules.paradise_lua.world_content import LocationGraph

LAYER_GAP = 118.0  # between the rows (TD) or columns (LR) of a layered graph
NODE_GAP = 172.0  # between neighbours in one row
LR_LAYER_GAP = 196.0
LR_NODE_GAP = 76.0
SWEEPS = 6
WAYPOINT_SHARE = 0.22  # a waypoint takes this share of a place's room in its row


@dataclass(frozen=True, slots=True)
class MapLayout:
    places: dict[str, tuple[float, float]]  # each node's centre
    routes: dict[tuple[str, str], list[tuple[float, float]]]  # each edge's points, from its start to its end


def _waypoint(edge: tuple[str, str], depth: int) -> str:
    return f"{edge[0]}>{edge[1]}@{depth}"


def layers(graph: LocationGraph) -> tuple[list[list[str]], nx.DiGraph]:
    """The layers, waypoints included, each ordered to keep lines from crossing; and the graph with waypoints."""
    directed = nx.DiGraph()
    directed.add_nodes_from(node.key for node in graph.nodes)
    directed.add_edges_from(graph.edges)
    depth = {key: level for level, row in enumerate(nx.topological_generations(directed)) for key in row}
    chained = nx.DiGraph()
    chained.add_nodes_from(directed.nodes)
    for edge in graph.edges:
        chain = [edge[0], *(_waypoint(edge, d) for d in range(depth[edge[0]] + 1, depth[edge[1]])), edge[1]]
        for level, key in enumerate(chain[1:-1], start=depth[edge[0]] + 1):
            depth[key] = level
        nx.add_path(chained, chain)
    rows: list[list[str]] = [[] for _ in range(max(depth.values()) + 1)]
    for key in chained.nodes:  # book order first, waypoints after
        rows[depth[key]].append(key)
    place = {key: index for row in rows for index, key in enumerate(row)}
    for sweep in range(SWEEPS):
        downward = sweep % 2 == 0
        for row in rows[1:] if downward else rows[-2::-1]:

            def barycentre(key: str, downward: bool = downward) -> float:
                near = list(chained.predecessors(key) if downward else chained.successors(key))
                return sum(place[n] for n in near) / len(near) if near else float(place[key])

            row.sort(key=barycentre)
            place.update({key: index for index, key in enumerate(row)})
    return rows, chained


def layered_layout(graph: LocationGraph) -> MapLayout:
    """Scene coordinates: top-down for TD graphs, left-to-right for LR ones, each layer centred."""
    rows, _chained = layers(graph)
    top_down = graph.direction == "TD"
    layer_gap, node_gap = (LAYER_GAP, NODE_GAP) if top_down else (LR_LAYER_GAP, LR_NODE_GAP)
    points: dict[str, tuple[float, float]] = {}
    for level, row in enumerate(rows):
        widths = [node_gap * (WAYPOINT_SHARE if "@" in key else 1.0) for key in row]
        offsets, edge = [], 0.0
        for width in widths:
            offsets.append(edge + width / 2)
            edge += width
        for key, offset in zip(row, offsets, strict=True):
            along = offset - edge / 2
            down = level * layer_gap
            points[key] = (along, down) if top_down else (down, along)
    places = {node.key: points[node.key] for node in graph.nodes}
    routes: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for start, end in graph.edges:
        between = sorted((k for k in points if k.startswith(f"{start}>{end}@")), key=lambda k: int(k.rsplit("@")[1]))
        routes[(start, end)] = [points[start], *(points[k] for k in between), points[end]]
    return MapLayout(places, routes)
