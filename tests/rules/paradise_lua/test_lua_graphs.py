"""Each location graph in the data matches the book's edges exactly (MAP-*).

The book's mermaid ``graph`` blocks are read from the rulebook in ../shared/seeds/ when that folder is present;
CI's clean clone has no such folder, so a transcription of the same blocks is kept here as well. Whichever sources
are present, the data is compared with each, edge by edge and node by node.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rt0table.rules.paradise_lua.world_content import LocationGraph, World

REPO = Path(__file__).resolve().parents[3]
BOOK = "000_b4c4083ecdce8e0f.txt"


def find_seed() -> Path:
    """The rulebook in ../shared/seeds/ beside the checkout (a worktree sits one level deeper: look further up)."""
    for folder in REPO.parents:
        if (folder / "shared" / "seeds" / BOOK).exists():
            return folder / "shared" / "seeds" / BOOK
    return REPO.parent / "shared" / "seeds" / BOOK


SEED = find_seed()

# The book's three location graphs as its mermaid text gives them: direction, nodes (key, label, shape), edges.
TRANSCRIPTION = {
    "MAP-JOYEUSE": """graph TD;
    SURFACE["The Surface of the Moon"];
    AIRLOCK["Docks, Airlock & EVA"];
    CUSTOMS["Executare PortSec"];
    COURT["Rikksverdet Court"];
    PRISON["Holding Cells"];
    CEMETARY[("Recycling Tanks")];
    HOSPITAL["Misericorde Hospital"];
    HUB(("The Seven-Branched Promenade"));
    DAYBREAK{"The Daybreak Institute"};
    HOTEL["Colada Hotel Pods"];
    INDUSTRIAL["Heavy Industrial Zone"];
    WAREHOUSE[("Warehouse Sector")];
    TRANSPORT>"Maglev Linkpoint"];
    STUDIO(("Rapier Broadcasting"));
    LABS["Masamune Engineering"]
    SURFACE-->AIRLOCK;
    AIRLOCK-->CUSTOMS;
    CUSTOMS-->HUB;
    CUSTOMS-->PRISON;
    CUSTOMS-->WAREHOUSE;
    PRISON-->CEMETARY;
    HUB-->COURT;
    COURT-->PRISON;
    HOSPITAL-->CEMETARY;
    HUB-->HOSPITAL;
    HUB-->HOTEL;
    HUB-->DAYBREAK;
    HUB-->WAREHOUSE;
    HUB-->TRANSPORT;
    TRANSPORT-->WAREHOUSE;
    HUB-->STUDIO;
    WAREHOUSE-->LABS;
    WAREHOUSE-->INDUSTRIAL;
    INDUSTRIAL-->LABS;
    LABS-->STUDIO;
""",
    "MAP-AIRLOCK": """graph LR;
    AIRLOCK["Humanscale Airlock"];
    LAUNCHPAD["Output Launchpad"]
    LANDING["Input Arrival Field"]
    PASSENGER["Passenger Concourse"];
    CARGO["Cargo Port"];
    LARGELOCKS["Largelocks"];
    GARAGE["EVA Garage"];
    SUITS["EVA Suit Lockers"];
    HUB{"Hangar"};
    MOONTANKER["Moontanker"];
    EXIT>"Executare PortSec"]
    AIRLOCK-->HUB;
    LAUNCHPAD-->LARGELOCKS;
    LANDING-->LARGELOCKS
    LARGELOCKS-->HUB;
    LARGELOCKS-->PASSENGER;
    LARGELOCKS-->CARGO;
    LARGELOCKS-->GARAGE;
    GARAGE-->MOONTANKER;
    GARAGE-->HUB;
    PASSENGER-->HUB;
    CARGO-->HUB;
    HUB-->SUITS;
    HUB-->EXIT;
""",
    "MAP-DAYBREAK": """graph TD;
    PLAZA["Daybreak Plaza"];
    GYM(("Gymnasium"));
    UPGYM("Upper Gymnasium");
    CLASS1["Classrooms 1"];
    CLASS2["Classrooms 2"];
    CLASS3["Classrooms 3"];
    CLASS4["Classrooms 4"];
    CLASS5["Classrooms 5"];
    DETENTION["Detention"];
    CAFE["Cafeteria"];
    LHALL["Lower Hall"];
    STAIRS["Stairwell"];
    UHALL["Upper Hall"];
    ADMIN["Administrative Offices"];
    MED["Medical Office"];
    TOP["Top Hall"];
    DORMS["Dormitories"];
    PLAZA-->LHALL;
    LHALL-->GYM;
    LHALL-->CLASS1;
    LHALL-->CLASS2;
    LHALL-->CLASS3;
    LHALL-->STAIRS;
    LHALL-->CAFE;
    GYM-->UPGYM;
    UPGYM-->UHALL;
    STAIRS-->UHALL;
    UHALL-->CLASS4;
    UHALL-->CLASS5;
    UHALL-->DETENTION;
    UHALL-->ADMIN;
    UHALL-->MED;
    ADMIN-->TOP;
    STAIRS-->TOP;
    TOP-->DORMS;
""",
}

# mermaid's node shapes, outermost brackets first so '[(' wins over '['.
SHAPES = (("[(", ")]", "cylinder"), ("((", "))", "circle"), ("[", "]", "box"), ("{", "}", "diamond"))
SHAPES += ((">", "]", "flag"), ("(", ")", "rounded"))
NODE = re.compile(r'^(\w+)(\[\(|\(\(|\[|\{|>|\()"(.*)"(\)\]|\)\)|\]|\}|\))$')
EDGE = re.compile(r"^(\w+)-->(\w+)$")


class Parsed:
    def __init__(self, direction: str) -> None:
        self.direction = direction
        self.nodes: dict[str, tuple[str, str]] = {}
        self.edges: list[tuple[str, str]] = []


def parse_mermaid(block: str) -> Parsed:
    """Read one mermaid ``graph`` block: its direction, its nodes (label, shape) and its edges in order."""
    lines = [line.strip().rstrip(";") for line in block.splitlines() if line.strip()]
    head = re.match(r"^graph (TD|LR)$", lines[0])
    assert head, lines[0]
    parsed = Parsed(head.group(1))
    for line in lines[1:]:
        if edge := EDGE.match(line):
            parsed.edges.append((edge.group(1), edge.group(2)))
        elif node := NODE.match(line):
            shape = next(
                name for opening, closing, name in SHAPES if (node.group(2), node.group(4)) == (opening, closing)
            )
            parsed.nodes[node.group(1)] = (node.group(3), shape)
        else:
            raise AssertionError(f"not a node or an edge: {line!r}")
    return parsed


def book_blocks(text: str) -> list[str]:
    """Every ``graph`` block of the rulebook: from its ``graph`` line to the first unindented line after it."""
    blocks, current = [], None
    for line in text.splitlines():
        if re.match(r"^graph (TD|LR);", line):
            current = [line]
            blocks.append(current)
        elif current is not None and (not line.strip() or line.startswith((" ", "\t"))):
            current.append(line)
        else:
            current = None
    return ["\n".join(block) for block in blocks]


def location_graphs(blocks: list[str]) -> list[Parsed]:
    """The blocks written as node lists and edges; the two combat flowcharts inline their nodes in the edges."""
    found = []
    for block in blocks:
        try:
            found.append(parse_mermaid(block))
        except AssertionError:
            continue
    return found


def sources() -> dict[str, dict[str, Parsed]]:
    """The transcription always; the book's own text too when ../shared/seeds/ is present."""
    found = {"transcription": {graph_id: parse_mermaid(text) for graph_id, text in TRANSCRIPTION.items()}}
    if SEED.exists():
        parsed = location_graphs(book_blocks(SEED.read_text(encoding="utf-8")))
        by_nodes = {frozenset(p.nodes): p for p in parsed}
        book = {}
        for graph_id, expected in found["transcription"].items():
            book[graph_id] = by_nodes[frozenset(expected.nodes)]
        found["book"] = book
    return found


SOURCES = sources()
CASES = [(name, graph_id) for name, graphs in SOURCES.items() for graph_id in graphs]


def compare(graph: LocationGraph, parsed: Parsed) -> None:
    assert graph.direction == parsed.direction
    assert {node.key: (node.label, node.shape) for node in graph.nodes} == parsed.nodes
    assert list(graph.edges) == parsed.edges, "edges differ from the book's, edge by edge"


@pytest.mark.rule("MAP-JOYEUSE", "MAP-AIRLOCK", "MAP-DAYBREAK")
@pytest.mark.parametrize(("source", "graph_id"), CASES)
def test_each_graph_matches_the_books_edges_exactly(world: World, source: str, graph_id: str) -> None:
    compare(world.graph(graph_id), SOURCES[source][graph_id])


@pytest.mark.rule("MAP-JOYEUSE", "MAP-AIRLOCK", "MAP-DAYBREAK")
def test_the_graphs_have_the_books_node_and_edge_counts(world: World) -> None:
    counts = {graph.id: (len(graph.nodes), len(graph.edges)) for graph in world.graphs}
    assert counts == {"MAP-JOYEUSE": (15, 20), "MAP-AIRLOCK": (11, 13), "MAP-DAYBREAK": (17, 18)}


# Skipped at set-up, not in the call, so a clean clone records no failing outcome for the ID.
@pytest.mark.skipif(
    not SEED.exists(), reason="../shared/seeds/ is not present (a clean clone): the transcription is used"
)
@pytest.mark.rule("MAP-JOYEUSE")
def test_the_book_has_exactly_three_location_graphs_beside_its_two_flowcharts() -> None:
    blocks = book_blocks(SEED.read_text(encoding="utf-8"))
    assert len(blocks) == 5  # the combat-round and player-turn flowcharts, then the three maps
    assert len(location_graphs(blocks)) == 3
    assert set(SOURCES["book"]) == set(TRANSCRIPTION)


def test_the_comparison_catches_a_changed_edge(world: World) -> None:
    parsed = SOURCES["transcription"]["MAP-DAYBREAK"]
    parsed_wrong = Parsed(parsed.direction)
    parsed_wrong.nodes = dict(parsed.nodes)
    parsed_wrong.edges = [*parsed.edges[:-1], ("DORMS", "TOP")]  # the last edge turned round
    with pytest.raises(AssertionError):
        compare(world.graph("MAP-DAYBREAK"), parsed_wrong)


def test_the_mermaid_reader_knows_every_shape_the_book_uses() -> None:
    parsed = parse_mermaid('graph TD;\n A[("x")];\n B(("y"));\n C{"z"};\n D>"w"]\n E("v");\n F["u"];\n A-->B;')
    assert {key: shape for key, (_label, shape) in parsed.nodes.items()} == {
        "A": "cylinder",
        "B": "circle",
        "C": "diamond",
        "D": "flag",
        "E": "rounded",
        "F": "box",
    }
    assert parsed.edges == [("A", "B")]
