"""The Paradise Lua map screen: the party's figure moved by a real mouse drag and by keys, refusals shown, a draw
for inspiration and a fight called at a location, all in the playthrough's journal, its one undo and its save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.playthrough_doc import playthrough_doc, playthrough_from_doc
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.paradise_lua.lua_table import LuaTable, bundled_world
from rt0table.desktop.paradise_lua.map_layout import layered_layout
from rt0table.desktop.paradise_lua.map_screen import MapScreen
from rt0table.rules.paradise_lua.lua_campaign import Move, new_playthrough
from rt0table.rules.paradise_lua.lua_quick_start import quick_start_party
from rt0table.rules.paradise_lua.world_content import World
from rt0table.rules.paradise_lua.world_map import Spot
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.story.tale import new_story

LEFT = Qt.MouseButton.LeftButton
AIR, J = "MAP-AIRLOCK", "MAP-JOYEUSE"


@pytest.fixture(scope="module")
def world() -> World:
    return bundled_world()


def lua_playthrough(one_shot: bool = False) -> Playthrough:
    """A solo playthrough set in Paradise Lua with the quick-start party, its oracle deck shuffled from seed 7."""
    campaign = fp.from_party(quick_start_party())
    story = new_story(Mode.SOLO.value, campaign, 7, world=new_playthrough(7, one_shot))
    return Playthrough(Mode.SOLO, campaign, story=story)


def reloaded(table: LuaTable) -> Playthrough:
    """The playthrough as its save document gives it back."""
    return playthrough_from_doc(json.loads(json.dumps(playthrough_doc(table.playthrough))))[0]


@pytest.fixture
def screen(qtbot: QtBot, world: World) -> MapScreen:
    widget = MapScreen(LuaTable(lua_playthrough()))
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    qtbot.waitExposed(widget)
    widget.view.fit()
    return widget


def drag_party_to(qtbot: QtBot, screen: MapScreen, key: str) -> None:
    scene = screen.scene()
    viewport = screen.view.viewport()
    start = scene.token.sceneBoundingRect().center()
    target = scene.places[key].sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=screen.view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(start + QPointF(10, 10)))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(target))
    qtbot.mouseRelease(viewport, LEFT, pos=screen.view.mapFromScene(target))


@pytest.mark.rule("MAP-AIRLOCK", "WLD-ARRIVAL")
def test_dragging_the_party_onto_a_connected_place_moves_it(qtbot: QtBot, screen: MapScreen) -> None:
    assert screen.table.state.at == Spot(AIR, "PASSENGER")
    drag_party_to(qtbot, screen, "HUB")
    assert screen.table.state.at == Spot(AIR, "HUB")
    assert screen.scene().token.pos() == screen.scene().home()
    assert screen.table.journal[-1] == "The party goes to Hangar for the first time."
    assert "Hangar" in screen.place.text()


@pytest.mark.rule("MAP-AIRLOCK")
def test_a_drop_on_a_place_not_connected_is_refused_with_the_reason(qtbot: QtBot, screen: MapScreen) -> None:
    drag_party_to(qtbot, screen, "MOONTANKER")
    assert screen.table.state.at == Spot(AIR, "PASSENGER")
    assert screen.status.text() == (
        "Moontanker is not connected to Passenger Concourse: move one connected place at a time."
    )
    assert screen.scene().token.pos() == screen.scene().home()  # the figure goes back to its place
    assert screen.table.playthrough.story.chronicle == ()


@pytest.mark.rule("MAP-NESTING", "MAP-JOYEUSE")
def test_keys_pick_an_exit_and_enter_moves_even_out_of_the_airlock(qtbot: QtBot, screen: MapScreen) -> None:
    drag_party_to(qtbot, screen, "HUB")
    screen.view.setFocus()
    exits = screen.current_exits()
    steps = exits.index(Spot(AIR, "EXIT"))
    for _ in range(steps):
        qtbot.keyClick(screen.view, Qt.Key.Key_Right)
    qtbot.keyClick(screen.view, Qt.Key.Key_Return)
    assert screen.table.state.at == Spot(AIR, "EXIT")
    for _ in range(screen.current_exits().index(Spot(J, "AIRLOCK"))):
        qtbot.keyClick(screen.view, Qt.Key.Key_Right)
    qtbot.keyClick(screen.view, Qt.Key.Key_Return)
    assert screen.table.state.at == Spot(J, "AIRLOCK")
    assert screen.view.scene() is screen.scenes[J]  # the map changed with the party


def test_undo_takes_back_a_move_but_not_a_draw(qtbot: QtBot, screen: MapScreen) -> None:
    drag_party_to(qtbot, screen, "HUB")
    qtbot.mouseClick(screen.undo_button, LEFT)
    assert screen.table.state.at == Spot(AIR, "PASSENGER")
    qtbot.mouseClick(screen.draw_button, LEFT)
    assert not screen.undo_button.isEnabled()
    assert screen.table.undo() == screen.table.playthrough.undo_refusal()
    assert screen.table.undo() is not None and screen.table.state.at == Spot(AIR, "PASSENGER")


@pytest.mark.rule("GM-TAROT-IMPROV", "GM-COMBAT-SCALING")
def test_a_draw_and_a_fight_at_portsec_reach_the_journal_and_the_save(
    qtbot: QtBot, screen: MapScreen, world: World
) -> None:
    for key in ("HUB", "EXIT"):
        drag_party_to(qtbot, screen, key)
    for spot in (Spot(J, "AIRLOCK"), Spot(J, "CUSTOMS")):
        assert screen.table.do(Move(spot)) is None
    screen.draw_count.setValue(3)
    qtbot.mouseClick(screen.draw_button, LEFT)
    assert screen.table.journal[-1].startswith("Inspiration at Executare PortSec (Swords): ")
    assert screen.reading.text().count("<b>") == 3 and "The Executare" in screen.reading.text()
    assert screen.fight_faction.currentData() == "FAC-EXECUTARE"
    wanted: list[tuple[str, ...]] = []
    screen.fight_wanted.connect(wanted.append)
    qtbot.mouseClick(screen.fight_button, LEFT)
    called = "A fight with The Executare at Executare PortSec: Shadowling, Executare, ESW Netcannon."
    assert screen.table.journal[-1] == called  # one adversary for each of the three in the party
    assert wanted == [("shadowling", "executare", "esw_netcannon")]  # to the fight set-up
    again = reloaded(screen.table)
    assert again.story.lua == screen.table.state and again.story.chronicle == screen.table.playthrough.story.chronicle


def test_each_map_is_laid_out_in_layers_without_two_places_on_one_spot(world: World) -> None:
    for graph in world.graphs:
        places = layered_layout(graph).places
        assert len(set(places.values())) == len(graph.nodes)
        axis = 1 if graph.direction == "TD" else 0
        for start, end in graph.edges:  # every arrow points down (TD) or right (LR): the book's flow
            assert places[start][axis] < places[end][axis]


@pytest.mark.rule("ACT-1-Q1-ARRIVAL", "GM-DISCIPLINE")
def test_the_campaign_tab_ticks_steps_and_climbs_the_discipline_ladder(qtbot: QtBot, screen: MapScreen) -> None:
    screen.tabs.setCurrentIndex(1)
    steps = screen.steps
    steps.setFocus()
    steps.setCurrentRow(0)
    qtbot.keyClick(steps, Qt.Key.Key_Space)
    assert screen.table.state.steps_done == ("ACT-1-Q1-ARRIVAL",)
    assert screen.steps.item(0).checkState() == Qt.CheckState.Checked
    assert not screen.next_act_button.isEnabled()
    qtbot.mouseClick(screen.offence_button, LEFT)
    assert screen.table.state.discipline == 1 and "A note in the file" in screen.discipline.text()
    assert screen.table.journal[-1] == "Discipline, rung 1: A note in the file. A stern note goes on the record."


@pytest.mark.rule("TAROT-SWORDS-6", "TAROT-WANDS-8")
def test_the_meanings_tab_searches_by_keyword(qtbot: QtBot, screen: MapScreen) -> None:
    screen.tabs.setCurrentIndex(2)
    assert screen.meanings.count() == 78
    qtbot.keyClicks(screen.search_box, "travel")
    rows = [screen.meanings.item(i).text() for i in range(screen.meanings.count())]
    assert rows == [
        "8 of Wands: Travel: speed, movement, going places",
        "6 of Swords: Travel: passage, transition, change, rite of passage",
    ]
    assert screen.meanings.item(1).toolTip() == "Places: Maglev Linkpoint\nPeople: Speff Brinkley"


def test_the_title_screens_paradise_lua_opens_a_new_game_with_the_one_shot_chosen(qtbot: QtBot, tmp_path: Path) -> None:
    from rt0table.desktop.flow.mode_screen import ModeScreen

    window = MainWindow(tmp_path)
    qtbot.addWidget(window)
    window.show()
    qtbot.mouseClick(window.title_screen.buttons["paradise"], LEFT)
    screen = window.screens.currentWidget()
    assert isinstance(screen, ModeScreen) and screen.setting() == "lua-one-shot"
    qtbot.mouseClick(screen.buttons[Mode.SOLO], LEFT)
    between = window.screens.currentWidget()
    assert isinstance(between, BetweenFightsScreen) and between.tabs.tabText(0) == "Map"
    map_screen = between.tabs.widget(0)
    assert isinstance(map_screen, MapScreen) and map_screen.table.state.at == Spot(AIR, "PASSENGER")


@pytest.mark.rule("FAC-EXECUTARE", "NPC-GERALD-YACHT", "NPC-EDDIES")
def test_factions_and_people_are_browsed_with_their_cards_places_and_adversaries(
    qtbot: QtBot, screen: MapScreen
) -> None:
    screen.tabs.setCurrentIndex(3)
    rows = [screen.who.item(i).text() for i in range(screen.who.count())]
    screen.who.setFocus()
    screen.who.setCurrentRow(rows.index("Faction: The Executare"))
    text = screen.who_card.text()
    assert "The Chariot" in text and "Criminal" in text and "Shadowling" in text and "Terror" in text
    assert "Holding Cells" in text and "Cmdr. Gerald Yacht" in text
    qtbot.keyClick(screen.who, Qt.Key.Key_Down)
    assert screen.who_card.text().startswith("<h3>The Anonymous</h3>")
    screen.who.setCurrentRow(rows.index("Allies: The Eddies"))
    assert "Sequel" in screen.who_card.text() and "auto-nurse" in screen.who_card.text()
    screen.who.setCurrentRow(rows.index("Cmdr. Gerald Yacht"))
    assert "The Chariot (focus, ambition" in screen.who_card.text()


@pytest.mark.rule("GM-MENTOR", "ACT-LINK-VERBS", "GM-HERO-HOSTS")
def test_the_campaign_tab_picks_the_mentor_and_tracks_a_host(qtbot: QtBot, screen: MapScreen) -> None:
    screen.tabs.setCurrentIndex(1)
    screen.mentor_pick.setCurrentIndex(screen.mentor_pick.findData("NPC-FERNET-BRANCA"))
    qtbot.mouseClick(screen.mentor_button, LEFT)
    assert screen.table.state.mentor == "NPC-FERNET-BRANCA" and not screen.mentor_button.isEnabled()
    screen.horror_pick.setCurrentIndex(screen.horror_pick.findData("moon"))
    qtbot.keyClicks(screen.host_name, "Lunette Quigley")
    qtbot.mouseClick(screen.saved_button, LEFT)
    assert screen.status.text() == "Find The Moon's host first."
    qtbot.mouseClick(screen.found_button, LEFT)
    qtbot.mouseClick(screen.saved_button, LEFT)
    assert [(h.name, h.status) for h in screen.table.state.hosts] == [("Lunette Quigley", "saved")]
    assert screen.hosts.text() == "Hosts: Lunette Quigley (The Moon): saved. Links Judgement still climbs: 22"


@pytest.mark.rule("LOC-AIR-PASSENGER", "NPC-KETT")
def test_gm_notes_are_typed_kept_in_the_save_and_shown_again(qtbot: QtBot, screen: MapScreen, world: World) -> None:
    qtbot.keyClicks(screen.place_note.text, "The bar has no bottles but a hidden still.")
    qtbot.keyClick(screen.place_note.text, Qt.Key.Key_Return)
    assert screen.table.state.notes == (("LOC-AIR-PASSENGER", "The bar has no bottles but a hidden still."),)
    screen.tabs.setCurrentIndex(3)
    rows = [screen.who.item(i).text() for i in range(screen.who.count())]
    screen.who.setCurrentRow(rows.index("Kett"))
    qtbot.keyClicks(screen.who_note.text, "Knows about the still.")
    qtbot.mouseClick(screen.who_note.keep_button, LEFT)
    again = reloaded(screen.table)
    assert again.story.lua is not None and again.story.lua.notes == screen.table.state.notes
    assert again.story.chronicle[-1].text == "GM note on Kett: Knows about the still."
    drag_party_to(qtbot, screen, "HUB")
    assert screen.place_note.text.text() == ""
    drag_party_to(qtbot, screen, "PASSENGER")
    assert screen.place_note.text.text() == "The bar has no bottles but a hidden still."


def test_a_document_without_paradise_lua_still_opens_and_a_damaged_one_is_named(screen: MapScreen) -> None:
    from rt0table.rules.rt0.story.story_doc import DocError

    doc = json.loads(json.dumps(playthrough_doc(screen.table.playthrough)))
    assert doc["lua"]["at"] == [AIR, "PASSENGER"]
    older = {k: v for k, v in doc.items() if k != "lua"}  # written before a playthrough could be set there
    assert playthrough_from_doc(older)[0].story.lua is None
    doc["lua"]["at"] = [AIR, "NOWHERE"]
    with pytest.raises(DocError, match="field 'at': not a place on the maps"):
        playthrough_from_doc(doc)
