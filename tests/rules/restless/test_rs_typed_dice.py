"""Physical d20s typed in: an Attack, a Reroll, a Flee, or a let-it-stand or Armor choice that brings on a roll, may
carry the face the player rolled by hand, and the rules use it exactly as they would the table's own draw."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.restless.restless_seam import RULES
from rt0table.rules.restless.rs_actions import Absorb, Accept, Attack, Flee, Proceed, Reroll
from rt0table.rules.restless.rs_play import legal_actions, refusal
from rt0table.rules.restless.rs_state import RsState, with_hero
from rt0table.rules.seam import IllegalAction

from .rs_fixtures import die_shows, fight, party, started, step

ASH, WIDOW, CLERK, MASON = "ash-warden", "lantern-widow", "tide-clerk", "bone-mason"


def table(target: str = "toll-keeper", items: tuple[tuple[str, ...], ...] = ()) -> RsState:
    return fight(party(started(), items=items), target)


@pytest.mark.rule("RS-CMB-ROLLS", "RS-CMB-COMBAT-ROLL", "RS-CMB-CLAMP")
def test_a_typed_face_resolves_every_face_exactly_as_the_same_face_drawn() -> None:
    state = table()  # Toll Keeper: Die Defense 8; Ash Warden rolls with a modifier, Bone Mason without
    for hero in (ASH, MASON):
        drawn, _ = step(state, Attack(hero, ""))
        assert drawn.roll is not None
        for face in range(1, 21):
            typed, events = step(state, Attack(hero, "", face))
            assert typed.roll == replace(drawn.roll, face=face)  # same kind, item, modifier, shots
            assert typed.rng == state.rng  # the table's die was not drawn
            assert "by hand" in events[-1].text
            same_face = replace(drawn, roll=replace(drawn.roll, face=face), rng=state.rng)
            assert step(typed, Accept()) == step(same_face, Accept())


@pytest.mark.rule("RS-REROLL")
def test_a_reroll_may_be_rolled_by_hand_and_costs_its_counter_all_the_same() -> None:
    state = die_shows(table(), MASON, 3)
    rerolled, _ = step(state, Reroll(17))
    assert rerolled.roll is not None and rerolled.roll.face == 17 and rerolled.roll.rerolls == 1
    assert rerolled.rerolls == state.rerolls - 1 and rerolled.rng == state.rng
    again, _ = step(rerolled, Reroll(2))  # rerolled again by hand: the last face stands
    assert again.roll is not None and again.roll.face == 2 and again.rerolls == state.rerolls - 2
    assert step(again, Accept())[0].hero(MASON).health == 7  # 2 misses Die Defense 8: the Target hits back for 2


@pytest.mark.rule("RS-CMB-RANGED-ROLL", "RS-ITEM-RANGED")
def test_a_ranged_weapons_second_shot_takes_the_face_typed_when_the_first_is_let_stand() -> None:
    state = table(items=((), (), ("short-bow",), ()))  # Short Bow: 2 damage, 2 shots
    state, _ = step(state, Attack(CLERK, "short-bow", 1))
    assert state.roll is not None and state.roll.face == 1 and state.roll.shots_left == 1
    state, _ = step(state, Accept(12))  # the miss hurts nobody; the second shot is the 12 typed in
    assert state.roll is not None and state.roll.face == 12 and state.roll.shots_left == 0
    assert refusal(state, Accept(5)) == "This step rolls no d20, so there is no face to type in."
    state, _ = step(state, Accept())
    assert state.target_health == 3 and state.phase == "combat"


@pytest.mark.rule("RS-CMB-DODGE-ROLL", "RS-FLEE")
def test_each_dodge_of_a_flight_may_be_typed_in() -> None:
    state = table("hedge-wisp")  # Die Defense 9
    state, _ = step(state, Flee(9))
    assert state.roll is not None and state.roll.hero == ASH and state.roll.face == 9 and state.roll.kind == "dodge"
    state, _ = step(state, Accept(1))  # Ash Warden gets away; the Lantern Widow's Dodge is the 1 typed in
    assert state.roll is not None and state.roll.hero == WIDOW and state.roll.face == 1
    state, _ = step(state, Accept(20))
    assert state.hero(WIDOW).health == state.card(WIDOW).health - 1  # her 1 failed
    assert state.roll is not None and state.roll.hero == CLERK and state.roll.face == 20


@pytest.mark.rule("RS-CMB-DODGE-ROLL", "RS-ARMOR-MUST")
def test_the_dodge_that_follows_an_armor_choice_while_fleeing_may_be_typed_in() -> None:
    state = table("hedge-wisp", items=(("patched-coat",),))  # Die Defense 9
    state = with_hero(state, replace(state.hero(ASH), armor=1))
    state, _ = step(state, Flee(1))
    state, _ = step(state, Accept())  # Ash Warden's 1 fails: a point of damage, and two Armors to choose from
    assert state.phase == "armor" and state.roll is None
    assert refusal(state, Absorb("", 25)) == "A d20 shows 1 to 20; 25 is not one of its faces."
    state, _ = step(state, Absorb("", 13))
    assert state.hero(ASH).armor == 0 and state.roll is not None and state.roll.hero == WIDOW
    assert state.roll.face == 13 and state.roll.kind == "dodge"


@pytest.mark.rule("RS-CMB-ROLLS")
def test_a_face_outside_1_to_20_or_on_a_step_that_rolls_nothing_is_refused_with_its_reason() -> None:
    state = table()
    for face in (0, 21, -3, 100):
        assert refusal(state, Attack(MASON, "", face)) == f"A d20 shows 1 to 20; {face} is not one of its faces."
        with pytest.raises(IllegalAction):
            step(state, Attack(MASON, "", face))
    acted = step(state, Attack(MASON, "", 9))[0]
    assert refusal(acted, Reroll(25)) is not None and refusal(acted, Reroll(20)) is None
    done = step(acted, Accept())[0]
    assert refusal(done, Attack(MASON, "", 12)) == refusal(done, Attack(MASON, ""))  # the action's own reason first
    assert refusal(done, Proceed()) is not None and refusal(done, Accept(4)) == "There is no die on the table."
    assert all(getattr(a, "face", None) is None for a in legal_actions(state))  # listed once: the table's own die


@pytest.mark.rule("RS-CMB-ROLLS")
def test_the_action_codec_keeps_saves_without_a_face_and_round_trips_a_typed_one() -> None:
    assert RULES.encode_action(Attack(MASON, "")) == {"kind": "Attack", "hero": MASON, "item": ""}
    assert RULES.encode_action(Reroll()) == {"kind": "Reroll"}
    assert RULES.decode_action({"kind": "Accept"}) == Accept()
    for action in (Attack(MASON, "", 7), Reroll(20), Accept(1), Flee(13), Absorb("", 2)):
        assert RULES.decode_action(RULES.encode_action(action)) == action
    with pytest.raises(Exception, match="face"):
        RULES.decode_action({"kind": "Attack", "hero": MASON, "item": "", "face": "7"})
