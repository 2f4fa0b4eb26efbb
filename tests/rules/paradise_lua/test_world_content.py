"""The world files hold the book's facts (names, cards, ties), house content is marked, and a bad file is refused
with a message naming the file, the entry and the field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rt0table.rules.paradise_lua.world_content import World, WorldContentError, bundled_files, load_world
from rt0table.rules.rt0.cards import CARDS, by_name

# --- the book's facts, transcribed (names and numbers are facts; the descriptions are ours) ------------------

LOCATION_CARDS = {
    "LOC-JOY-AIRLOCK": ["The Fool"],
    "LOC-JOY-PORTSEC": [],
    "LOC-JOY-DOCKS": [],
    "LOC-JOY-PROMENADE": [],
    "LOC-JOY-DAYBREAK": ["5 of Swords"],
    "LOC-JOY-COLADA": ["4 of Swords"],
    "LOC-JOY-WAREHOUSE": ["7 of Swords"],
    "LOC-JOY-COURT": ["2 of Swords"],
    "LOC-JOY-MAGLEV": ["6 of Swords"],
    "LOC-JOY-MISERICORDE": ["10 of Swords"],
    "LOC-JOY-MASAMUNE": ["Ace of Swords", "King of Swords"],
    "LOC-JOY-HIZ": [],
    "LOC-JOY-HOLDING": ["8 of Swords"],
    "LOC-JOY-RECYCLING": ["3 of Swords"],
    "LOC-JOY-RAPIER": ["Page of Swords", "Queen of Swords", "Knight of Swords"],
    "LOC-JOY-SURFACE": ["9 of Swords"],
    "LOC-KRA-FAMILY-PRACTICE": ["2 of Cups", "Queen of Cups"],
    "LOC-KRA-CANDLELIGHT": ["Ace of Cups"],
    "LOC-KRA-CHALICE": ["3 of Cups", "4 of Cups", "5 of Cups"],
    "LOC-KRA-ADVERTISING": ["7 of Cups"],
    "LOC-KRA-EDUK8": ["6 of Cups"],
    "LOC-KRA-HABCUBE": ["9 of Cups"],
    "LOC-KRA-NUCLEAR-FAMILY": ["10 of Cups"],
    "LOC-KRA-MICROMARKETS": [],
    "LOC-KRA-OVERFLOW": ["8 of Cups"],
    "LOC-KRA-OUTPOST": [],
    "LOC-KRA-GERIATRIDOME": [],
}
SUB_LOCATIONS = {
    "LOC-JOY-AIRLOCK": [
        "LOC-AIR-HUMANSCALE",
        "LOC-AIR-LAUNCHPAD",
        "LOC-AIR-ARRIVAL-FIELD",
        "LOC-AIR-PASSENGER",
        "LOC-AIR-CARGO",
        "LOC-AIR-LARGELOCKS",
        "LOC-AIR-GARAGE",
        "LOC-AIR-SUIT-LOCKERS",
        "LOC-AIR-HANGAR",
        "LOC-AIR-MOONTANKER",
        "LOC-AIR-EXIT",
    ],
    "LOC-JOY-DAYBREAK": [
        "LOC-DAY-PLAZA",
        "LOC-DAY-LOWER-HALL",
        "LOC-DAY-GYM",
        "LOC-DAY-UPPER-GYM",
        "LOC-DAY-CLASSROOMS",
        "LOC-DAY-DETENTION",
        "LOC-DAY-CAFETERIA",
        "LOC-DAY-STAIRWELL",
        "LOC-DAY-UPPER-HALL",
        "LOC-DAY-ADMIN",
        "LOC-DAY-MEDICAL",
        "LOC-DAY-TOP-HALL",
        "LOC-DAY-DORMS",
    ],
}
OUTER = {
    "LOC-DIV-FLORIN": ["LOC-FLO-GIGAMALL", "LOC-FLO-SEAT"],
    "LOC-DIV-NADIR": ["LOC-NAD-HEART", "LOC-NAD-LUNGS", "LOC-NAD-BRAIN", "LOC-NAD-SPINE", "LOC-NAD-HOLE"],
}
DIVISIONS = {"LOC-DIV-JOYEUSE": (1, "Swords"), "LOC-DIV-KRATER": (2, "Cups")}
DIVISIONS |= {"LOC-DIV-FLORIN": (3, "Pentacles"), "LOC-DIV-NADIR": (4, "Major")}
NPC_CARDS = {
    "NPC-X0XI": "The Hanged Man",
    "NPC-HERMAN-ITO": "The Hermit",
    "NPC-JULIANNA-FORZA": "Strength",
    "NPC-SNAGGA": "Strength",
    "NPC-FERNET-BRANCA": "Temperance",
    "NPC-GERALD-YACHT": "The Chariot",
    "NPC-WORLDWIDE-CEO": "The Devil",
    "NPC-COMPANY-TEMPERANCE": "Temperance",
    "NPC-SYSTEM-PATRON": "The Hanged Man",
    "NPC-LUNETTE-QUIGLEY": "The Moon",
    "NPC-SUNNY": None,
    "NPC-MENTOR": None,
    "NPC-CLASSMATES": None,
    "NPC-RENDALL-JJENSON": None,
    "NPC-DR-PRAIRIE": "Ace of Swords",
    "NPC-STEVE-DORE": "3 of Swords",
    "NPC-SGT-STARMAN": "5 of Swords",
    "NPC-SPEFF-BRINKLEY": "6 of Swords",
    "NPC-BAGELS": "8 of Swords",
    "NPC-OFFICER-CREAM": "8 of Swords",
    "NPC-DAVIS-GARFIELD": "8 of Swords",
    "NPC-ONTARIO": "5 of Cups",
    "NPC-KETT": "5 of Cups",
    "NPC-DOCTORS-A-B": "2 of Cups",
}
HOUSE_NPCS = {"NPC-WORLDWIDE-CEO", "NPC-COMPANY-TEMPERANCE", "NPC-SYSTEM-PATRON"}  # TODO in the book
EDDY_NAMES = (
    "Ada Al Cal Sim Mod Phil Mac Ipey Emdy Sha Nim Ruby Pearl Julia Dylan See Sharp Dee Sequel Lithp Rusty Gogo"
)
# Suited factions: suit, Horror, patron card, patron person, problem status.
FACTIONS = {
    "FAC-EXECUTARE": ("Swords", "terror", "The Chariot", "NPC-GERALD-YACHT", "FAC-PROBLEM-CRIMINAL"),
    "FAC-ANONYMOUS": ("Cups", "legion", "The Hermit", "NPC-HERMAN-ITO", "FAC-PROBLEM-INVISIBLE"),
    "FAC-COMPANY": ("Pentacles", "ravenous", "The Devil", "NPC-WORLDWIDE-CEO", "FAC-PROBLEM-UNBANKED"),
    "FAC-SYSTEM": ("Wands", "bound", "The Hanged Man", "NPC-SYSTEM-PATRON", "FAC-PROBLEM-SYSTEM"),
}
MINOR_GROUPS = ["FAC-DOCKWORKERS", "FAC-EGGHEADS", "FAC-LGBT-UNDERGROUND", "FAC-MORTUACTUARIES", "FAC-CORPORATE-FIXERS"]
# The guide's titles (the book's names for the Minor cards' meanings).
TITLES = {
    "Ace of Swords": "Thought",
    "2 of Swords": "Decisions",
    "5 of Swords": "Fight",
    "Knight of Swords": "ADHD",
    "3 of Cups": "Shots (x4)",
    "Page of Cups": "The Conman",
    "King of Cups": "The Diplomat",
    "Ace of Pentacles": "Payday",
    "King of Pentacles": "The Failson",
    "Page of Pentacles": "The Venture Capitalist",
    "5 of Wands": "Fight Fight Fight!",
    "Page of Wands": "The Manic Pixie Dream Girl",
    "King of Wands": "The Visionary",
}


def card_ids(world: World) -> list[str]:
    return [meaning.id for meaning in world.cards]


# --- the bundled files ------------------------------------------------------------------------------------


def test_the_bundled_world_loads_with_every_bestiary_link_resolved(world: World) -> None:
    assert len(world.cards) == 78 and len(world.graphs) == 3 and len(world.acts) == 4


TAROT_IDS = [meaning.id for meaning in load_world(bundled_files()).cards]


def tagged(ids: list[str], more: dict[str, tuple[str, ...]] | None = None) -> list[Any]:
    """One case per ID, each tagged with its own ID (and any more IDs it proves)."""
    return [pytest.param(i, marks=pytest.mark.rule(i, *(more or {}).get(i, ())), id=i) for i in ids]


@pytest.mark.parametrize("card_id", tagged(TAROT_IDS))
def test_every_card_has_its_meaning_as_keywords(world: World, card_id: str) -> None:
    meaning = next(m for m in world.cards if m.id == card_id)
    assert 1 <= len(meaning.keywords) <= 8
    assert all(0 < len(word) <= 40 for word in meaning.keywords)
    # The ID names the card: TAROT-SWORDS-7 is the 7 of Swords, TAROT-MAJOR-12-HANGED-MAN The Hanged Man.
    card = CARDS[meaning.card]
    parts = card_id.split("-")
    if parts[1] == "MAJOR":
        assert card.is_major and card.value == int(parts[2])
    else:
        suit = {"SWORDS": "Swords", "CUPS": "Cups", "PENT": "Pentacles", "WANDS": "Wands"}[parts[1]]
        rank = {"ACE": 1, "PAGE": 11, "KNIGHT": 12, "QUEEN": 13, "KING": 14}.get(parts[2]) or int(parts[2])
        assert (card.suit.value, card.value) == (suit, rank)
        assert meaning.title and meaning.tag


@pytest.mark.rule("TAROT-TAGS")
def test_minor_titles_and_tags_are_the_books(world: World) -> None:
    for name, title in TITLES.items():
        assert world.meaning(by_name(name)).title == title
    assert world.meaning(by_name("7 of Swords")).tag == "swindle"
    assert world.meaning(by_name("5 of Wands")).tag == "robot fight!"
    page = world.meaning(by_name("Page of Wands"))
    raw = next(c for c in json.loads(bundled_files()["cards.json"])["cards"] if c["card"] == "Page of Wands")
    assert raw["tag_source"] == "house" and page.tag  # the book's 78-lists skip the Page of Wands


@pytest.mark.rule("TAROT-SUIT-SWORDS", "TAROT-SUIT-CUPS", "TAROT-SUIT-PENTACLES", "TAROT-SUIT-WANDS")
@pytest.mark.rule("TAROT-SUIT-QUESTIONS")
def test_the_suits_themes_and_stock_questions(world: World) -> None:
    questions = {suit.suit: suit.question for suit in world.suits}
    assert questions == {"Cups": "love", "Pentacles": "money", "Swords": "power", "Wands": "adventure"}
    themes = {suit.suit: suit.keywords for suit in world.suits}
    assert {"conflict", "power"} <= set(themes["Swords"]) and "love" in themes["Cups"]
    assert "money" in themes["Pentacles"] and "adventure" in themes["Wands"]


@pytest.mark.rule("TAROT-NUMBERING")
def test_the_majors_keep_their_numbers(world: World) -> None:
    numbers = {CARDS[m.card].name: CARDS[m.card].value for m in world.cards if CARDS[m.card].is_major}
    assert (numbers["The Fool"], numbers["The Magician"], numbers["The High Priestess"], numbers["The Empress"]) == (
        0,
        1,
        2,
        3,
    )


LOCATION_IDS = [loc.id for loc in load_world(bundled_files()).locations]


@pytest.mark.parametrize("location_id", tagged(LOCATION_IDS))
def test_every_location_has_the_books_cards_and_place(world: World, location_id: str) -> None:
    location = world.location(location_id)
    assert location.description and len(location.description) <= 200
    parent = next((p for p, subs in SUB_LOCATIONS.items() if location_id in subs), None)
    assert location.within == parent
    if location_id in LOCATION_CARDS:
        assert [CARDS[c].name for c in location.cards] == LOCATION_CARDS[location_id]
    else:
        assert location.cards == ()  # the rooms, Florin and Nadir have no cards in the book
    division = next((d for d, places in OUTER.items() if location_id in places), None)
    division = division or ("LOC-DIV-KRATER" if location_id.startswith("LOC-KRA") else "LOC-DIV-JOYEUSE")
    assert location.division == division
    on_a_map = [g.id for g in world.graphs for n in g.nodes if n.location == location_id]
    if location_id.startswith(("LOC-JOY", "LOC-AIR", "LOC-DAY")) and location_id != "LOC-JOY-DOCKS":
        assert on_a_map, f"{location_id} is on no map"


def test_the_location_list_is_the_inventorys(world: World) -> None:
    expected = set(LOCATION_CARDS) | {s for subs in SUB_LOCATIONS.values() for s in subs}
    expected |= {place for places in OUTER.values() for place in places}
    assert {loc.id for loc in world.locations} == expected
    assert len(expected) == 58


@pytest.mark.rule("LOC-JOY-DAYBREAK", "LOC-JOY-AIRLOCK")
def test_joyeuse_uses_every_sword_once_and_the_fool(world: World) -> None:
    cards = [c for loc in world.locations if loc.division == "LOC-DIV-JOYEUSE" for c in loc.cards]
    names = sorted(CARDS[c].name for c in cards)
    assert len(cards) == 15 and "The Fool" in names
    assert sum(1 for n in names if n.endswith("of Swords")) == 14


@pytest.mark.rule("LOC-DIV-JOYEUSE", "LOC-DIV-KRATER", "LOC-DIV-FLORIN", "LOC-DIV-NADIR", "WLD-RINGS", "ACT-STRUCTURE")
def test_the_four_rings_outer_to_inner_each_with_its_act(world: World) -> None:
    got = {d.id: (d.ring, d.suit) for d in world.divisions}
    assert got == DIVISIONS
    assert [world.division(a.division).ring for a in world.acts] == [1, 2, 3, 4]
    sources = {d.id: d.suit_source for d in world.divisions}
    assert sources == {"LOC-DIV-JOYEUSE": "book", "LOC-DIV-KRATER": "house"} | {
        "LOC-DIV-FLORIN": "house",
        "LOC-DIV-NADIR": "house",
    }


NPC_IDS = [*NPC_CARDS, "NPC-EDDIES", "NPC-EDDY-NAMES"]


@pytest.mark.parametrize("npc_id", tagged(NPC_IDS))
def test_every_person_has_the_books_card(world: World, npc_id: str) -> None:
    if npc_id in ("NPC-EDDIES", "NPC-EDDY-NAMES"):
        assert CARDS[world.eddies.card].name == "The Sun"
        assert world.eddies.names == tuple(EDDY_NAMES.split())
        return
    npc = world.npc(npc_id)
    assert (CARDS[npc.card].name if npc.card is not None else None) == NPC_CARDS[npc_id]
    assert npc.source == ("house" if npc_id in HOUSE_NPCS else "book")


@pytest.mark.rule("NPC-MENTOR", "GM-MENTOR", "ACT-1-Q1-CUSTOMS")
def test_the_three_mentors_are_the_hermit_strength_and_temperance(world: World) -> None:
    mentors = {CARDS[npc.card].name for npc in world.npcs if npc.role == "mentor" and npc.card is not None}
    assert mentors == {"The Hermit", "Strength", "Temperance"}


@pytest.mark.rule("GM-EDDY-ALLIES")
def test_each_eddy_skill_has_its_one_job(world: World) -> None:
    jobs = dict(world.eddies.jobs)
    assert set(jobs) == {"FINAID", "DRAMA", "SCI", "FREE", "GYM", "AID", "SHOP", "LAW", "MISC"}
    assert jobs["AID"] == "auto-nurse" and jobs["MISC"] == "screw sorter"


HORROR_IDS = {"terror": "HOR-TERROR", "legion": "HOR-LEGION", "ravenous": "HOR-RAVENOUS", "bound": "HOR-BOUND"}
FACTION_MORE = {f: (row[4], HORROR_IDS[row[1]]) for f, row in FACTIONS.items()}


@pytest.mark.parametrize("faction_id", tagged(list(FACTIONS), FACTION_MORE))
def test_suited_factions_suit_horror_patron_and_problem(world: World, faction_id: str) -> None:
    suit, boss, patron, npc, problem = FACTIONS[faction_id]
    faction = world.faction(faction_id)
    assert (faction.suit, faction.boss, faction.patron_npc, faction.problem) == (suit, boss, npc, problem)
    assert faction.patron_card is not None and CARDS[faction.patron_card].name == patron
    assert world.horror(boss).faction == faction_id and world.horror(boss).suit == suit
    owner = next(p for p in world.problems if p.id == problem)
    assert owner.faction == faction_id and owner.source == ("house" if problem == "FAC-PROBLEM-SYSTEM" else "book")


@pytest.mark.rule("FAC-ANTI-OURO", "FAC-JOURNOS", "ACT-1-FACTIONS")
def test_the_act_1_factions_and_the_unsuited_ones(world: World) -> None:
    assert world.act(1).factions == ("FAC-EXECUTARE", "FAC-JOURNOS", "FAC-ANTI-OURO", "FAC-ANONYMOUS")
    assert world.faction("FAC-ANTI-OURO").patron_npc == "NPC-LUNETTE-QUIGLEY"
    assert world.faction("FAC-JOURNOS").source == "house"  # the book names them and nothing more
    assert "FAC-ANTI-OURO" in {t.faction for t in world.location("LOC-JOY-COLADA").factions}


@pytest.mark.parametrize("faction_id", tagged(MINOR_GROUPS))
def test_the_minor_groups_are_browsable(world: World, faction_id: str) -> None:
    faction = world.faction(faction_id)
    assert faction.suit is None and faction.description


@pytest.mark.rule("HOR-26", "HOR-HANGED-MAN", "HOR-WORLD", "HOR-JUDGEMENT", "HOR-SUN", "HOR-TEMPERANCE", "HOR-HERMIT")
def test_the_26_horrors_and_the_23_the_hanged_man_links(world: World) -> None:
    assert len(world.horrors) == 26
    assert sum(1 for h in world.horrors if h.suit == "Major") == 22
    assert {h.name for h in world.horrors if not h.linkable} == {"Judgement", "The Hanged Man", "The World"}
    refs = {h.ref for h in world.horrors if h.ref}
    assert {"HOR-WORLD", "HOR-JUDGEMENT", "HOR-SUN", "HOR-TEMPERANCE", "HOR-HERMIT", "HOR-HANGED-MAN"} <= refs


@pytest.mark.rule("ACT-1", "ACT-2", "ACT-3", "ACT-4", "ACT-1-GOALS")
def test_the_acts_in_order_with_act_1s_goals(world: World) -> None:
    names = [a.name for a in world.acts]
    assert names == ["Introduction to Paradise Lua", "Monster of the Week", "Collapse", "Walk Backwards Into Hell"]
    assert len(world.act(1).goals) == 4
    assert all(not a.quests for a in world.acts[1:])  # the book gives Acts 2-4 no quests


# --- bad files --------------------------------------------------------------------------------------------


def files_with(name: str, change: Any) -> dict[str, bytes]:
    files = bundled_files()
    data = json.loads(files[name])
    change(data)
    return files | {name: json.dumps(data).encode()}


def first(key: str, field: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        data[key][0][field] = value

    return change


BAD = [
    (
        "world.json",
        first("locations", "cards", ["Ace of Spades"]),
        "world.json: location #1 (LOC-JOY-AIRLOCK): field 'cards[0]': 'Ace of Spades' is not a tarot card",
    ),
    (
        "world.json",
        first("locations", "name", 7),
        "world.json: location #1 (LOC-JOY-AIRLOCK): field 'name': must be a non-empty text, not 7",
    ),
    ("world.json", first("locations", "colour", "red"), "field 'colour': is not a known field"),
    (
        "world.json",
        first("locations", "division", "LOC-DIV-MARS"),
        "world.json: location LOC-JOY-AIRLOCK: field 'division': 'LOC-DIV-MARS' is not a known id",
    ),
    ("world.json", first("locations", "factions", [{"faction": "FAC-EXECUTARE"}]), "field 'source': is missing"),
    (
        "world.json",
        first("graphs", "edges", [["SURFACE", "NOWHERE"]]),
        "world.json: graph #1 (MAP-JOYEUSE): field 'edges[0]': must be a pair of two different node keys",
    ),
    (
        "world.json",
        first("graphs", "edges", [["SURFACE", "AIRLOCK"], ["AIRLOCK", "SURFACE"]]),
        "field 'edges[1]': joins AIRLOCK and SURFACE a second time",
    ),
    ("world.json", first("graphs", "direction", "BT"), "field 'direction': must be one of TD, LR, not 'BT'"),
    (
        "world.json",
        first("divisions", "ring", True),
        "world.json: division #1 (LOC-DIV-JOYEUSE): field 'ring': must be a whole number from 1 to 4, not true",
    ),
    (
        "world.json",
        first("gates", "node", "MOON"),
        "world.json: gate MAP-JOYEUSE/MOON: field 'node': 'MOON' is not a known id",
    ),
    (
        "cards.json",
        first("cards", "keywords", []),
        "cards.json: card #1 (TAROT-SWORDS-ACE): field 'keywords': must be a non-empty list, not a list",
    ),
    (
        "cards.json",
        first("cards", "card", "2 of Swords"),
        "cards.json: card #2 (TAROT-SWORDS-2): field 'card': 2 of Swords has an earlier entry",
    ),
    ("cards.json", lambda d: d["cards"].pop(), "cards.json: cards: no meaning for The World"),
    (
        "campaign.json",
        first("factions", "patron_npc", "NPC-NOBODY"),
        "campaign.json: faction FAC-EXECUTARE: field 'patron_npc': 'NPC-NOBODY' is not a known id",
    ),
    (
        "campaign.json",
        first("factions", "adversaries", ["dragon"]),
        "campaign.json: faction FAC-EXECUTARE: field 'adversaries': 'dragon' is not a known id",
    ),
    (
        "campaign.json",
        first("npcs", "card", "The Joker"),
        "campaign.json: person #1 (NPC-X0XI): field 'card': 'The Joker' is not a tarot card",
    ),
    (
        "campaign.json",
        first("horrors", "linkable", "yes"),
        "campaign.json: Horror #1 (terror): field 'linkable': must be true or false, not 'yes'",
    ),
    ("campaign.json", lambda d: d["acts"].pop(), "campaign.json: acts: must be acts 1 to 4, in order"),
    (
        "campaign.json",
        lambda d: d["acts"][0]["quests"][0]["steps"].append({"id": "ACT-1-BREAK", "text": "again"}),
        "quest step ACT-1-BREAK: the id is used twice",
    ),
    ("campaign.json", lambda d: d.pop("eddies"), "campaign.json: eddies: must be an object, not missing"),
    (
        "campaign.json",
        lambda d: d.update(factions={"a": 1}),
        'campaign.json: the top level must hold a list "factions", not an object',
    ),
]


@pytest.mark.parametrize(("name", "change", "message"), BAD)
def test_a_bad_entry_names_the_file_the_entry_and_the_field(
    bestiary: dict[str, Any], name: str, change: Any, message: str
) -> None:
    with pytest.raises(WorldContentError) as caught:
        load_world(files_with(name, change), frozenset(bestiary))
    assert message in str(caught.value)


WHOLE_FILE = [
    (b"\xff\xfe{}", "cards.json: not UTF-8 text (byte 0)"),
    (b'{"suits": [', "cards.json: not valid JSON at line 1, column 12"),
    (b"[" * 100_000 + b"]" * 100_000, "cards.json: nested too deeply to read"),
    (b"[]", "cards.json: the top level must be an object, not a list"),
    (b'{"suits": "all"}', 'cards.json: the top level must hold a list "suits"'),
    (b'{"suits": [5], "cards": []}', "cards.json: suit #1: must be an object, not 5"),
]


@pytest.mark.parametrize(("blob", "message"), WHOLE_FILE)
def test_a_broken_file_gives_a_message_not_a_crash(blob: bytes, message: str) -> None:
    with pytest.raises(WorldContentError) as caught:
        load_world(bundled_files() | {"cards.json": blob})
    assert message in str(caught.value)


def test_a_missing_file_is_named() -> None:
    files = bundled_files()
    del files["campaign.json"]
    with pytest.raises(WorldContentError, match=r"campaign\.json: missing"):
        load_world(files)
