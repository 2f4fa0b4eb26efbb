"""The seam's codecs: states, actions and set-ups round-trip; bad data names its field; a save keeps its pack."""

from __future__ import annotations

import json

import pytest

from rt0table.rules.dice.exploding_roll import PoolRoll, entered_roll_problem, roll_pool
from rt0table.rules.moons_grave.mg_actions import Plan, TriggerPerk
from rt0table.rules.moons_grave.mg_fight_setup import content_of
from rt0table.rules.moons_grave.moons_grave_seam import RULES
from rt0table.rules.moons_grave.surge_dice import SURGE_D6, faces_text, read_roll
from rt0table.rules.seam import RulesError

from .mg_fixtures import fight_setup, house
from .mg_play import begin


def test_a_setup_keeps_its_pack_and_round_trips() -> None:
    setup = fight_setup()
    data = json.loads(json.dumps(RULES.encode_setup(setup)))
    again = RULES.decode_setup(data)
    assert again == setup
    assert content_of(again).pack.digest() == house().pack.digest()  # the same content, even if the pack changes


def test_states_and_actions_round_trip_and_bad_data_names_the_field() -> None:
    state = begin()
    assert RULES.decode_state(json.loads(json.dumps(RULES.encode_state(state)))) == state
    data = RULES.encode_state(state)
    data["fighters"][0]["followers"] = "two"
    with pytest.raises(RulesError, match=r"state\.fighters\[0\]\.followers: must be a whole number"):
        RULES.decode_state(data)
    action = TriggerPerk("pc1", "press-on", (1, 2))
    assert RULES.decode_action(RULES.encode_action(action)) == action
    assert RULES.encode_action(Plan("pc1", 2, "Sword")) == {
        "kind": "Plan",
        "fighter": "pc1",
        "actions": 2,
        "weapon": "Sword",
    }
    with pytest.raises(RulesError, match="'Teleport' is not a Moon's Grave action"):
        RULES.decode_action({"kind": "Teleport", "fighter": "pc1"})
    with pytest.raises(RulesError, match=r"action Plan\.actions: is missing"):
        RULES.decode_action({"kind": "Plan", "fighter": "pc1", "weapon": ""})
    with pytest.raises(RulesError, match="setup: must be an object"):
        RULES.decode_setup([])
    assert RULES.state_hash(state) == RULES.state_hash(RULES.decode_state(RULES.encode_state(state)))


@pytest.mark.rule("MG-ROLL-NOTATION", "MG-GM-FIAT", "MG-ROLL-DICE", "MG-ROLL-SUM")
def test_any_x_vs_y_the_gm_sets_is_rolled_and_read_the_same_way() -> None:
    state = 12345
    for dice in (0, 1, 6, 8):  # any pool the GM asks for, six to eight dice a group or not
        state, roll = roll_pool(SURGE_D6, dice, state)
        assert entered_roll_problem(SURGE_D6, dice, roll.faces) is None
        assert len(roll.faces) == dice + sum(1 for f in roll.faces if f == 6)
    tactics_vs_3 = PoolRoll(3, (5, 4, 2))  # 2 + 1 + ★ (0) = 3: "Tactics vs 3" with Tactics 3
    assert read_roll(tactics_vs_3, 3).success and read_roll(tactics_vs_3, 4).margin == -1
    assert faces_text((1, 2, 3, 4, 5, 6)) == "☠ ★ ★ 1 2 2+"


@pytest.mark.rule("MG-ENTERED-DICE", "MG-ROLL-SURGE")
def test_typed_in_faces_must_make_one_finished_roll() -> None:
    assert entered_roll_problem(SURGE_D6, 2, (6, 4, 5)) is None
    assert entered_roll_problem(SURGE_D6, 2, (6, 4)) == "1 more die is owed (surges bring in one each)"
    assert entered_roll_problem(SURGE_D6, 2, (4, 5, 1)) == "die 3: the roll was already over (only 2 dice were owed)"
    assert entered_roll_problem(SURGE_D6, 1, (0,)) == "die 1: 0 is not a face of a Surge Die (d6) (1 to 6)"
