"""The Airlock's card-keyed event ideas: a draw for inspiration at the Airlock brings the idea of each card drawn
(GM-78-DRAW); the book's stubs bring only the card's keywords."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rt0table.rules.paradise_lua.lua_campaign import DrawInspiration, Move, apply, narrate, new_playthrough
from rt0table.rules.paradise_lua.tarot_oracle import OracleDeck
from rt0table.rules.paradise_lua.world_content import World, bundled_files, load_world
from rt0table.rules.paradise_lua.world_map import Spot
from rt0table.rules.rt0.cards import CARDS, by_name

# The book's ideas: card, the people in it, where in the Airlock it happens.
IDEAS = {
    "EVT-AIR-SWORDS-ACE": ("Ace of Swords", {"NPC-DR-PRAIRIE"}, "LOC-AIR-HANGAR"),
    "EVT-AIR-SWORDS-2": ("2 of Swords", set(), None),
    "EVT-AIR-SWORDS-3": ("3 of Swords", {"NPC-STEVE-DORE"}, None),
    "EVT-AIR-SWORDS-4": ("4 of Swords", set(), "LOC-AIR-LARGELOCKS"),
    "EVT-AIR-SWORDS-5": ("5 of Swords", {"NPC-SGT-STARMAN"}, None),
    "EVT-AIR-SWORDS-6": ("6 of Swords", {"NPC-SPEFF-BRINKLEY"}, "LOC-AIR-CARGO"),
    "EVT-AIR-SWORDS-7": ("7 of Swords", set(), None),
    "EVT-AIR-SWORDS-8": ("8 of Swords", {"NPC-BAGELS", "NPC-OFFICER-CREAM", "NPC-DAVIS-GARFIELD"}, None),
    "EVT-AIR-SWORDS-9": ("9 of Swords", set(), None),
    "EVT-AIR-CUPS-5": ("5 of Cups", {"NPC-ONTARIO", "NPC-KETT"}, "LOC-AIR-GARAGE"),
    "EVT-AIR-CUPS-6": ("6 of Cups", set(), None),
}


def drawn_at(world: World, spot: Spot, *names: str):  # type: ignore[no-untyped-def]
    state = new_playthrough(1)
    cards = tuple(by_name(name) for name in names)
    state = replace(state, at=spot, oracle=OracleDeck(cards, 5))
    return apply(world, state, DrawInspiration(len(cards)))[1][0]


@pytest.mark.parametrize("event_id", [pytest.param(i, marks=pytest.mark.rule(i, "GM-78-DRAW"), id=i) for i in IDEAS])
def test_drawing_an_ideas_card_at_the_airlock_brings_its_idea(world: World, event_id: str) -> None:
    card, people, place = IDEAS[event_id]
    idea = next(e for e in world.events if e.id == event_id)
    assert (CARDS[idea.card].name, set(idea.people), idea.place, idea.location) == (
        card,
        people,
        place,
        "LOC-JOY-AIRLOCK",
    )
    assert idea.source == ("house" if event_id == "EVT-AIR-SWORDS-2" else "book")  # the book gives only a tag
    # Anywhere in the Airlock's own map (the Passenger Concourse lies within it) or on its Joyeuse node.
    for spot in (Spot("MAP-AIRLOCK", "PASSENGER"), Spot("MAP-JOYEUSE", "AIRLOCK")):
        event = drawn_at(world, spot, card)
        assert event.ideas == (event_id,)
        assert idea.idea in narrate(world, event)
    assert drawn_at(world, Spot("MAP-JOYEUSE", "CUSTOMS"), card).ideas == ()  # only at the Airlock


@pytest.mark.rule("EVT-AIR-STUBS", "GM-78-DRAW")
def test_a_stub_card_brings_only_its_keywords(world: World) -> None:
    event = drawn_at(world, Spot("MAP-AIRLOCK", "HUB"), "10 of Swords", "The Tower", "3 of Swords")
    assert event.ideas == ("EVT-AIR-SWORDS-3",)
    line = narrate(world, event)
    assert "10 of Swords (painful ending, deep wound, crisis)" in line and line.count("Idea:") == 1
    assert len(world.events) == 11


@pytest.mark.rule("EVT-TEMPLATE")
def test_a_gm_can_write_ideas_for_any_other_location(world: World) -> None:
    files = bundled_files()
    data = json.loads(files["world.json"])
    data["events"].append(
        {"id": "MY-CHALICE-ACE", "location": "LOC-KRA-CHALICE", "card": "Ace of Cups", "idea": "A toast.", "people": []}
    )
    mine = load_world(files | {"world.json": json.dumps(data).encode()})
    assert [e.id for e in mine.ideas_at("LOC-KRA-CHALICE", (by_name("Ace of Cups"),))] == ["MY-CHALICE-ACE"]
    data["events"][-1]["people"] = ["NPC-NOBODY"]
    with pytest.raises(Exception, match=r"world\.json: event MY-CHALICE-ACE: field 'people': 'NPC-NOBODY'"):
        load_world(files | {"world.json": json.dumps(data).encode()})


def test_the_idea_reaches_the_map_screen_journal(world: World) -> None:
    state = replace(new_playthrough(1), oracle=OracleDeck((by_name("7 of Swords"),), 5))
    state, events = apply(world, state, Move(Spot("MAP-AIRLOCK", "HUB")))
    state, events = apply(world, state, DrawInspiration(1))
    assert "raffle at 20 credits" in narrate(world, events[0])
