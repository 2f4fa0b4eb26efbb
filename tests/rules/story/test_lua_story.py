"""Paradise Lua in the playthrough's value: its steps are ops through ``tale.apply``, in the one funnel and the
one journal, a draw for inspiration is a reveal, and the fight called at a place ends with the fight concluded."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.paradise_lua import lua_campaign as lua
from rt0table.rules.paradise_lua.lua_quick_start import quick_start_party, read_party
from rt0table.rules.paradise_lua.world_content import WorldContentError
from rt0table.rules.paradise_lua.world_map import Spot
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.character import validate
from rt0table.rules.rt0.fight.engine import AdversarySetup
from rt0table.rules.rt0.fight.state import Phase
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.chronicle import to_markdown
from rt0table.rules.rt0.story.story_seam import STORY
from rt0table.rules.rt0.story.tale import LuaChanged, Part, Story, StoryEvent, apply, changed_parts, new_story, reveals
from rt0table.rules.seam import IllegalAction
from tests.helpers.fight_builders import bestiary
from tests.helpers.sample_party import fool, magician, party

AIR = "MAP-AIRLOCK"


def story(one_shot: bool = False) -> Story:
    return new_story("solo", party(fool("Pip"), magician("Mo")), 7, world=lua.new_playthrough(7, one_shot))


def step(s: Story, op: lua.Op) -> tuple[Story, list[StoryEvent]]:
    after, events = apply(s, ops.LuaStep(op))
    return after, list(events)


@pytest.mark.rule("ACT-1-Q1-ARRIVAL", "MAP-AIRLOCK")
def test_a_move_is_an_op_in_the_journal_and_undone_with_its_line() -> None:
    s = story()
    assert s.lua is not None and s.lua.at == Spot(AIR, "PASSENGER") and s.lua.act == 1
    after, events = step(s, lua.Move(Spot(AIR, "HUB")))
    assert after.lua is not None and after.lua.at == Spot(AIR, "HUB")
    assert after.lua.visited == (Spot(AIR, "PASSENGER"), Spot(AIR, "HUB"))
    assert isinstance(events[0], LuaChanged) and not reveals(events)
    assert changed_parts(s, after) == {Part.MAP, Part.JOURNAL}
    assert [line.text for line in after.chronicle] == ["The party goes to Hangar for the first time."]
    assert not any(STORY.reveals(e) for e in events), "the funnel can take it back: the move and its line together"


@pytest.mark.rule("MAP-AIRLOCK")
def test_a_refused_step_changes_nothing_and_says_why() -> None:
    s = story()
    with pytest.raises(IllegalAction, match="Moontanker is not connected to Passenger Concourse"):
        apply(s, ops.LuaStep(lua.Move(Spot(AIR, "MOONTANKER"))))
    plain = new_story("solo", party(fool("Pip")), 7)
    with pytest.raises(IllegalAction, match="not set in Paradise Lua"):
        apply(plain, ops.LuaStep(lua.Move(Spot(AIR, "HUB"))))


@pytest.mark.rule("GM-TAROT-IMPROV", "DECK-PER-PLAYER")
def test_a_draw_for_inspiration_is_a_reveal_from_its_own_deck_and_is_journalled() -> None:
    s = story()
    after, events = step(s, lua.DrawInspiration(2))
    assert reveals(events)
    assert any(STORY.reveals(e) for e in events), "the draw showed cards: the funnel's undo stops there"
    assert after.lua is not None and s.lua is not None
    assert after.lua.oracle.order == s.lua.oracle.order[2:] and after.checks is s.checks  # no player's deck moved
    assert after.chronicle[-1].text.startswith("Inspiration at Passenger Concourse (Swords): ")
    assert "Inspiration at Passenger Concourse" in to_markdown(after)


@pytest.mark.rule("GM-COMBAT-SCALING", "GM-HERO-HOSTS", "GM-DISCIPLINE")
def test_the_fight_called_at_a_place_ends_when_the_fight_on_the_table_is_concluded() -> None:
    s = story()
    for key in ("HUB", "CARGO"):
        s, _ = step(s, lua.Move(Spot(AIR, key)))
    s, _ = step(s, lua.CallFight("FAC-DOCKWORKERS", 2))
    assert s.lua is not None and s.lua.fight == ("LOC-AIR-CARGO", "FAC-DOCKWORKERS")
    assert s.chronicle[-1].text == "A fight with The Dockworkers at Cargo Port: Laborer, Laborer."
    plan = fp.FightPlan(5, 3, (AdversarySetup("laborer", (0, 0)), AdversarySetup("laborer", (1, 0))))
    opening = fp.start_fight(s.campaign, plan, bestiary())[0]
    s, _ = apply(s, ops.BeginFight(opening))
    won = replace(opening, phase=Phase.OVER, result="victory")
    s = replace(s, fight=won)
    s, events = apply(s, ops.ConcludeFight())
    assert s.lua is not None and s.lua.fight is None and s.fight is None
    assert isinstance(events[-1], LuaChanged)
    assert s.chronicle[-1].text == "The party won the fight with The Dockworkers at Cargo Port."
    s, _ = step(s, lua.Offence())  # the discipline track and the hosts are in the value too
    s, _ = step(s, lua.FindHost("moon", "Lunette"))
    s, _ = step(s, lua.SaveHost("moon"))
    assert s.lua.discipline == 1 and lua.saved_hosts(s.lua) == (lua.Host("moon", "Lunette", "saved"),)


@pytest.mark.rule("ACT-ONE-SHOT")
def test_the_quick_start_party_is_made_by_the_character_rules_and_a_bad_file_is_named() -> None:
    characters = quick_start_party()
    assert [c.name for c in characters] == ["Juno Park", "Ada Okafor", "Tam Reyes"]
    assert len({c.arcana for c in characters}) == 3
    for index, character in enumerate(characters):
        validate(character, characters[:index])
    with pytest.raises(WorldContentError, match=r"quick_start\.json: must be an object"):
        read_party("[]")
    bad = '{"party": [{"name": "Zed", "arcana": 0, "ability": "Strong", "weakness": "Strong", "a_plus": "GYM", '
    bad += '"failed": "LAW", "spells": ["Aries"]}]}'
    with pytest.raises(WorldContentError, match=r"quick_start\.json: party entry 1 \('Zed'\): field 'weakness'"):
        read_party(bad)
    with pytest.raises(WorldContentError, match="party entry 1: must be an object"):
        read_party('{"party": [3]}')
