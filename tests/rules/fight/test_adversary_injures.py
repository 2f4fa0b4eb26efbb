"""ADV-INJURE: a bestiary step that gives an injury directly, validated at load and carried out in the fight."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.content.adversaries import BestiaryError, load_bestiary
from rt0table.rules.rt0.fight.actions import Choose, EndTurn
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Preparation, apply_in_place, new_combat
from rt0table.rules.rt0.fight.events import FighterDied, InjuryGiven
from rt0table.rules.rt0.fight.intents import preview_intent
from rt0table.rules.rt0.fight.narration import narrate
from rt0table.rules.rt0.fight.state import CombatState, FighterKind
from tests.helpers.fight_builders import bestiary

FLASH = {"do": "injure", "injury": "Blinded", "ranged": True}


def kind(swords: list[dict[str, Any]], targeting: str = "default") -> dict[str, Any]:
    return {
        "id": "flasher",
        "name": "Flasher",
        "hp": 10,
        "targeting": targeting,
        "intents": {"Swords": swords, "Wands": [], "Cups": [], "Pentacles": [], "Major": "redraw_face_down"},
    }


def kinds(swords: list[dict[str, Any]], targeting: str = "default") -> dict[str, Any]:
    return {**bestiary(), **load_bestiary(json.dumps({"adversaries": [kind(swords, targeting)]}), "mine.json")}


def fight(
    swords: list[dict[str, Any]], *fighters: FighterSetup, targeting: str = "default", **prep: Any
) -> CombatState:
    prepared = Preparation(intents={"flasher-1": (by_name("5 of Swords"), False)}, **prep)
    team = fighters or (FighterSetup("max", "Max", (1, 1)),)
    state, _ = new_combat(3, 3, team, [AdversarySetup("flasher", (0, 0))], kinds(swords, targeting), prepared=prepared)
    return state


def end_round(state: CombatState) -> list[Any]:
    events = []
    start = state.round
    while state.round == start and state.pending is None and state.result is None:
        fighter = state.active_fighter
        assert fighter is not None
        events += apply_in_place(state, EndTurn(fighter.id))
    return events


@pytest.mark.rule("ADV-INJURE")
def test_a_flashbang_blinds_through_shield_and_leaves_hp_alone() -> None:
    state = fight([FLASH], shield={"max": 5}, hp={"max": 12})
    preview = preview_intent(state, state.adversary("flasher-1"))
    assert preview is not None and preview.text == "ranged gives Blinded: Max takes Blinded"
    events = end_round(state)
    max_ = state.fighter("max")
    assert max_.injuries == ["Blinded"] and max_.hp == 12
    given = next(e for e in events if isinstance(e, InjuryGiven))
    assert given == InjuryGiven("max", "Blinded", "minor")
    assert narrate(state, given) == "Max takes a minor injury, Blinded, straight from an adversary."


@pytest.mark.rule("ADV-INJURE", "INJ-CRITICAL")
def test_a_major_on_a_major_is_critical_and_a_critical_on_a_critical_kills() -> None:
    concuss = [{"do": "injure", "injury": "Concussion", "ranged": True}]
    state = fight(concuss, FighterSetup("max", "Max", (1, 1), injuries=("Broken Arm",)))
    end_round(state)
    assert state.fighter("max").injuries == ["Broken Arm", "Critical Injury"]
    state = fight(
        concuss, FighterSetup("max", "Max", (1, 1), injuries=("Critical Injury",)), FighterSetup("jo", "Jo", (1, 1))
    )
    state.fighter("jo").shield = 0
    state.fighter("max").hp = 1  # the default targeting picks the least HP
    events = end_round(state)
    assert FighterDied("max") in events and state.fighter("max").dead


@pytest.mark.rule("ADV-INJURE", "EDDY-SHEET")
def test_eddies_are_passed_by_and_melee_reaches_only_the_zone() -> None:
    eddy = FighterSetup("eddy", "Eddy", (0, 0), kind=FighterKind.EDDY)
    state = fight([FLASH], FighterSetup("max", "Max", (1, 1)), eddy)
    end_round(state)
    assert state.fighter("eddy").injuries == [] and state.fighter("max").injuries == ["Blinded"]
    state = fight([{"do": "injure", "injury": "Blinded"}])  # melee: Max stands elsewhere
    end_round(state)
    assert state.fighter("max").injuries == []


@pytest.mark.rule("ADV-INJURE", "CMB-TARGETING")
def test_a_strategic_injurer_lets_the_gm_pick_whom() -> None:
    state = fight([FLASH], FighterSetup("max", "Max", (1, 1)), FighterSetup("jo", "Jo", (2, 1)), targeting="strategic")
    end_round(state)
    assert state.pending is not None and state.pending.kind == "gm-target"
    assert state.pending.prompt == "Flasher gives Blinded. Whom does it hit?"
    apply_in_place(state, Choose(1))
    assert state.fighter("jo").injuries == ["Blinded"] and state.fighter("max").injuries == []


@pytest.mark.rule("ADV-INJURE")
@pytest.mark.parametrize(
    ("step", "message"),
    [({"do": "injure"}, "field 'intents.Swords[0].injury': must name an injury"),
     ({"do": "injure", "injury": "Stubbed Toe"}, "not 'Stubbed Toe'"),
     ({"do": "damage", "amount": 2, "injury": "Blinded"}, "belongs only to a step with \"do\": \"injure\"")],
)  # fmt: skip
def test_a_bad_injure_step_names_the_file_entry_and_field(step: dict[str, Any], message: str) -> None:
    with pytest.raises(BestiaryError, match=r"mine\.json: adversary #1 \(flasher\)") as error:
        load_bestiary(json.dumps({"adversaries": [kind([step])]}), "mine.json")
    assert message in str(error.value)
