"""A strike's options say what will land once Flying (ZON-FLYING) and Shield (CMB-SHIELD) have had their say."""

from __future__ import annotations

import re

import pytest

from rt0table.assets import path
from rt0table.rules.rt0.content.adversaries import load_bestiary
from rt0table.rules.rt0.fight.decisions import ask
from rt0table.rules.rt0.fight.effects import GROUNDED, strike_options
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Preparation, new_combat
from rt0table.rules.rt0.fight.state import CombatState
from tests.helpers.fight_builders import bestiary

KINDS = {**bestiary(), **load_bestiary(path("adversaries", "house.json").read_text(encoding="utf-8"), "house.json")}


def table(kind: str, shield: int) -> CombatState:
    foe = f"{kind}-1"
    prepared = Preparation(shield={foe: shield}) if shield else None
    fighter = FighterSetup("max", "Max", (1, 1))
    state, _ = new_combat(5, 3, [fighter], [AdversarySetup(kind, (1, 1))], KINDS, prepared=prepared)
    return state


def landed_after_choosing(state: CombatState, index: int) -> int:
    """Ask the strike for real, answer it, and see how much HP went."""
    foe = state.adversaries[0]
    before = foe.hp
    options = strike_options(state, state.fighters[0], 5, index == 1, False)
    ask(state, "strike", "max", "where?", options, [])  # the one option is taken at once
    assert state.pending is None
    return before - state.adversary(foe.id).hp


@pytest.mark.rule("ZON-FLYING", "CMB-SHIELD")
@pytest.mark.parametrize(
    ("kind", "shield", "ranged", "label"),
    [("laborer", 0, False, "5 damage to Laborer"),
     ("laborer", 4, False, "5 damage to Laborer: 1 lands (Shield blocks 4)"),
     ("laborer", 9, True, "5 ranged damage to Laborer: 0 lands (Shield blocks 5)"),
     ("drone", 0, False, "5 damage to Drone: 1 lands (Flying)"),
     ("drone", 0, True, "5 ranged damage to Drone"),
     ("drone", 2, False, "5 damage to Drone: 0 lands (Flying, Shield blocks 1)"),
     ("drone", 2, True, "5 ranged damage to Drone: 3 lands (Shield blocks 2)")],
)  # fmt: skip
def test_the_option_says_what_lands_and_that_is_what_lands(kind: str, shield: int, ranged: bool, label: str) -> None:
    state = table(kind, shield)
    (option,) = strike_options(state, state.fighters[0], 5, ranged, False)
    assert option.label == label
    said = re.search(r": (\d+) lands", label)
    assert landed_after_choosing(state, 1 if ranged else 0) == (int(said.group(1)) if said else 5)


@pytest.mark.rule("ZON-FLYING")
def test_a_grounded_flyer_takes_melee_in_full() -> None:
    state = table("drone", 0)
    state.adversaries[0].marks[GROUNDED] = 1
    (option,) = strike_options(state, state.fighters[0], 5, False, False)
    assert option.label == "5 damage to Drone"
