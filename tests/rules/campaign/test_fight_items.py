"""Items between the campaign and a fight (ITM-*): carried in, used up or kept, and read back after."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.campaign import Member
from rt0table.rules.rt0.campaign.campaign_codec import read
from rt0table.rules.rt0.campaign.check_table import CheckTable
from rt0table.rules.rt0.campaign.fight_plan import FightPlan, after_fight, start_fight
from rt0table.rules.rt0.campaign.items import DOOR, FOOD, PERFORMANCE, TREAT
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge
from rt0table.rules.rt0.fight.actions import Activate, Choose
from rt0table.rules.rt0.fight.engine import AdversarySetup, apply, legal_actions
from rt0table.rules.rt0.fight.modifiers import SUITED
from rt0table.rules.rt0.fight.serialize import encode
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.traits import Skill
from rt0table.rules.seam import RulesError
from tests.helpers.fight_builders import bestiary
from tests.helpers.sample_party import fool, party

PLAN = FightPlan(5, 3, (AdversarySetup("training_robot", (0, 0)),))


def carrying(*items: str) -> cp.Campaign:
    campaign = party(fool())
    for name in items:
        campaign = cp.give_item(campaign, "a", name)
    return campaign


def finish(state: CombatState) -> CombatState:
    """Play on by always taking the first legal action until the fight is over."""
    for _ in range(2000):
        if state.result is not None:
            return state
        state, _ = apply(state, legal_actions(state)[0])
    raise AssertionError("the fight did not end")


@pytest.mark.rule("ITM-LIST", "ITM-TRASH-CAN-LID")
def test_items_go_into_the_fight_and_what_was_used_up_is_gone_after() -> None:
    campaign = carrying("Trash Can Lid", "Travel Pots")
    state, _ = start_fight(campaign, PLAN, bestiary())
    assert state.fighter("a").items == ["Trash Can Lid", "Travel Pots"]
    state, _ = apply(state, Activate("a", "item_trash_can_lid", 0))
    state = finish(state)
    campaign, _, _ = after_fight(campaign, state)
    assert campaign.member("a").items == ("Travel Pots",)


@pytest.mark.rule("ITM-EVA-SUIT")
def test_a_plan_may_have_the_suit_on_before_the_fight() -> None:
    campaign = carrying("EVA Suit")
    state, _ = start_fight(campaign, FightPlan(5, 3, PLAN.adversaries, suited=("a",)), bestiary())
    assert state.fighter("a").marks.get(SUITED) == 1
    state, _ = start_fight(campaign, PLAN, bestiary())
    assert not state.fighter("a").marks.get(SUITED)


@pytest.mark.rule("ITM-HEADPHONES")
def test_headphones_cards_kept_between_fights_join_the_hand_and_are_gone_after() -> None:
    campaign = cp.keep_on_headphones(carrying("Headphones"), "a", 40)
    assert campaign.member("a").headphones == (40,)
    state, _ = start_fight(campaign, PLAN, bestiary())
    assert 40 in state.fighter("a").hand
    campaign, _, _ = after_fight(campaign, finish(state))
    assert campaign.member("a").headphones == ()
    again = read(Member, encode(carrying("Headphones").member("a")) | {"headphones": [1, 2, 3]}, "member")
    assert again.headphones == (1, 2, 3)
    with pytest.raises(ValueError, match="up to 3 card numbers"):
        read(Member, encode(again) | {"headphones": [1, 2, 3, 4]}, "member")


@pytest.mark.rule("ITM-HEADPHONES")
def test_headphones_hold_three_cards_and_need_the_headphones() -> None:
    with pytest.raises(RulesError, match="carries no Headphones"):
        cp.keep_on_headphones(carrying(), "a", 1)
    campaign = carrying("Headphones")
    for card in (1, 2, 3):
        campaign = cp.keep_on_headphones(campaign, "a", card)
    with pytest.raises(RulesError, match="already hold 3"):
        cp.keep_on_headphones(campaign, "a", 4)


@pytest.mark.rule("ITM-MORNING-START")
def test_a_morning_start_drunk_in_the_fight_counts_for_the_day() -> None:
    campaign = carrying("Morning Start")
    state, _ = start_fight(campaign, PLAN, bestiary())
    while state.pending is not None:
        state, _ = apply(state, Choose(0))
    state, _ = apply(state, Activate("a", "item_morning_start", 0))
    campaign, _, _ = after_fight(campaign, finish(state))
    m = campaign.member("a")
    assert m.items == () and m.morning_starts == 1
    assert "Morning Start Withdrawal" in m.injuries.names


# --- the check items, at the checks they name -------------------------------------------------------------------


def table(*items: str) -> CheckTable:
    return CheckTable.for_party([fool("Pip")], [], 1, items={"Pip": items})


@pytest.mark.rule("ITM-BLANK-KEYCARD")
def test_the_keycard_eases_a_free_check_to_open_a_door_and_is_used_up() -> None:
    check = table("Blank Keycard").check_for("Pip", Skill.FREE, Difficulty.HARD, Edge.NONE, purpose=DOOR)
    assert check.difficulty is Difficulty.MEDIUM
    assert table("Blank Keycard").check_for("Pip", Skill.FREE, Difficulty.HARD, Edge.NONE).difficulty is Difficulty.HARD
    assert table("Blank Keycard").checkers["Pip"].spent(Skill.FREE, DOOR) == ["Blank Keycard"]
    assert table("Blank Keycard").checkers["Pip"].spent(Skill.FREE, FOOD) == []


@pytest.mark.rule("ITM-FIRST-AID-KIT")
def test_the_first_aid_kit_eases_an_aid_check_to_treat_an_injury_and_is_used_up() -> None:
    pip = table("First Aid Kit")
    assert pip.check_for("Pip", Skill.AID, Difficulty.MEDIUM, Edge.NONE, purpose=TREAT).difficulty is Difficulty.EASY
    assert pip.check_for("Pip", Skill.SCI, Difficulty.MEDIUM, Edge.NONE, purpose=TREAT).difficulty is Difficulty.MEDIUM
    assert pip.checkers["Pip"].spent(Skill.AID, TREAT) == ["First Aid Kit"]


@pytest.mark.rule("ITM-TRAVEL-POTS", "ITM-CAST-IRON-PAN")
def test_pots_and_pan_each_ease_a_shop_check_for_food_and_stay() -> None:
    pots = table("Travel Pots").check_for("Pip", Skill.SHOP, Difficulty.HARD, Edge.NONE, purpose=FOOD)
    assert pots.difficulty is Difficulty.MEDIUM
    both = table("Travel Pots", "Cast Iron Pan").check_for("Pip", Skill.SHOP, Difficulty.HARD, Edge.NONE, purpose=FOOD)
    assert both.difficulty is Difficulty.EASY, "two different items: a step each (ruling ITM-LIST)"
    assert table("Travel Pots", "Cast Iron Pan").checkers["Pip"].spent(Skill.SHOP, FOOD) == [], "neither is Exhaust"


@pytest.mark.rule("ITM-GROUCHO-GLASSES")
def test_the_glasses_give_bonus_on_a_performance_and_are_used_up() -> None:
    pip = table("Groucho Glasses")
    assert pip.check_for("Pip", Skill.ART, Difficulty.MEDIUM, Edge.NONE, purpose=PERFORMANCE).edge is Edge.BONUS
    assert pip.check_for("Pip", Skill.ART, Difficulty.MEDIUM, Edge.PENALTY, purpose=PERFORMANCE).edge is Edge.NONE
    assert pip.check_for("Pip", Skill.ART, Difficulty.MEDIUM, Edge.NONE).edge is Edge.NONE
    assert pip.checkers["Pip"].spent(Skill.ART, PERFORMANCE) == ["Groucho Glasses"]
