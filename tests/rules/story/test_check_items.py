"""Check items between fights (ITM-*): the task's purpose eases or helps the check, Exhaust items are used up, and
the Headphones bank a won FINAID check's card until the next fight."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign import items as itm
from rt0table.rules.rt0.campaign.campaign import Campaign
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge, Outcome
from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.fight.engine import AdversarySetup, new_combat
from rt0table.rules.rt0.fight.modifiers import HEADPHONES
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.decks import CheckDecks
from rt0table.rules.rt0.story.tale import CampaignChanged, CardJudged, ItemKept, Story, _with_campaign, apply, new_story
from rt0table.rules.rt0.traits import Skill
from rt0table.rules.seam import IllegalAction
from tests.helpers.fight_builders import bestiary
from tests.helpers.sample_party import fool, magician, party, stack


def carrying(*items: str) -> Story:
    campaign: Campaign = party(fool("Pip"), magician("Mo"))
    campaign = campaign.with_member(replace(campaign.member("a"), items=items))
    return new_story("solo", campaign, 9)


def stacked(s: Story, name: str, *cards: str) -> Story:
    table = s.checks.thaw(s.campaign)
    stack(table, name, *cards)
    return replace(s, checks=CheckDecks.of(table))


def pile_of(s: Story, name: str) -> tuple[list[int], list[int]]:
    table = s.checks.thaw(s.campaign)
    pile = table.piles[table.checkers[name].pile]
    return pile.draw, pile.discard


@pytest.mark.rule("ITM-BLANK-KEYCARD")
def test_the_keycard_eases_a_door_check_and_is_used_up_but_not_for_other_tasks() -> None:
    s = carrying("Blank Keycard")
    other, _ = apply(s, ops.DrawCheck("Pip", Skill.FREE, "the window", Difficulty.HARD))
    assert other.checks.last is not None and other.checks.last.result.check.difficulty is Difficulty.HARD
    assert other.campaign.member("a").items == ("Blank Keycard",)  # no purpose named: nothing used
    door, events = apply(s, ops.DrawCheck("Pip", Skill.FREE, "the lab door", Difficulty.HARD, purpose=itm.DOOR))
    assert door.checks.last is not None and door.checks.last.result.check.difficulty is Difficulty.MEDIUM
    assert door.campaign.member("a").items == ()
    assert isinstance(events[1], CampaignChanged) and events[1].reveals  # behind the draw's reveal


@pytest.mark.rule("ITM-FIRST-AID-KIT", "ITM-GROUCHO-GLASSES")
def test_the_first_aid_kit_eases_treating_and_the_glasses_give_bonus_to_a_performance() -> None:
    s = carrying("First Aid Kit", "Groucho Glasses")
    aid, _ = apply(s, ops.DrawCheck("Pip", Skill.AID, "Mo's arm", Difficulty.MEDIUM, purpose=itm.TREAT))
    assert aid.checks.last is not None and aid.checks.last.result.check.difficulty is Difficulty.EASY
    assert aid.campaign.member("a").items == ("Groucho Glasses",)
    art, _ = apply(aid, ops.DrawCheck("Pip", Skill.ART, "the guard", Difficulty.MEDIUM, purpose=itm.PERFORMANCE))
    assert art.checks.last is not None and art.checks.last.result.check.edge is Edge.BONUS
    assert art.campaign.member("a").items == ()


@pytest.mark.rule("ITM-TRAVEL-POTS", "ITM-CAST-IRON-PAN")
def test_pots_and_pan_ease_food_checks_and_stay() -> None:
    s = carrying("Travel Pots", "Cast Iron Pan")
    food, _ = apply(s, ops.DrawCheck("Pip", Skill.SHOP, "the stew", Difficulty.HARD, purpose=itm.FOOD))
    assert food.checks.last is not None and food.checks.last.result.check.difficulty is Difficulty.EASY
    assert food.campaign.member("a").items == ("Travel Pots", "Cast Iron Pan")


@pytest.mark.rule("ITM-HEADPHONES")
def test_a_won_finaid_check_is_failed_to_bank_its_card_which_leaves_the_deck_until_the_fight() -> None:
    s = stacked(carrying(HEADPHONES), "Pip", "10 of Cups")
    won, _ = apply(s, ops.DrawCheck("Pip", Skill.FINAID, "the rent", Difficulty.EASY))
    assert won.checks.last is not None and won.checks.last.result.succeeded
    kept, events = apply(won, ops.KeepOnHeadphones())
    card = by_name("10 of Cups")
    assert events == [ItemKept("a", card)]
    assert kept.campaign.member("a").headphones == (card,)
    assert kept.checks.last is not None and kept.checks.last.result.outcome is Outcome.FAILURE
    draw, discard = pile_of(kept, "Pip")
    assert card not in draw and card not in discard  # face down on the Headphones, nowhere else
    retried, _ = apply(kept, ops.RetryCheck())  # it counts as failed: a retry for 1 Corruption may follow
    assert retried.campaign.member("a").corruption.owed == 1
    with pytest.raises(IllegalAction, match="Only a won FINAID"):
        apply(kept, ops.KeepOnHeadphones())

    plan = fp.FightPlan(3, 3, (AdversarySetup("training_robot", (2, 0)),))
    setups = list(fp.fighter_setups(kept.campaign, plan))
    state, _ = new_combat(plan.seed, plan.room_size, setups, list(plan.adversaries), bestiary())
    assert card in state.fighter("a").hand  # the banked card joins the first hand


@pytest.mark.rule("ITM-HEADPHONES")
def test_the_headphones_refuse_what_the_item_does_not_allow() -> None:
    bare = stacked(carrying(), "Pip", "10 of Cups")
    won, _ = apply(bare, ops.DrawCheck("Pip", Skill.FINAID, "the rent", Difficulty.EASY))
    with pytest.raises(IllegalAction, match="carries no Headphones"):
        apply(won, ops.KeepOnHeadphones())
    s = stacked(carrying(HEADPHONES), "Pip", "10 of Cups")
    gym, _ = apply(s, ops.DrawCheck("Pip", Skill.GYM, "the fence", Difficulty.EASY))
    with pytest.raises(IllegalAction, match="Only a won FINAID"):
        apply(gym, ops.KeepOnHeadphones())
    full = replace(s, campaign=s.campaign.with_member(replace(s.campaign.member("a"), headphones=(1, 2, 3))))
    won, _ = apply(full, ops.DrawCheck("Pip", Skill.FINAID, "the rent", Difficulty.EASY))
    with pytest.raises(IllegalAction, match="already hold 3"):
        apply(won, ops.KeepOnHeadphones())


@pytest.mark.rule("ITM-HEADPHONES")
def test_a_card_that_comes_off_the_headphones_returns_to_its_owners_deck() -> None:
    s = stacked(carrying(HEADPHONES), "Pip", "10 of Cups")
    s, _ = apply(s, ops.DrawCheck("Pip", Skill.FINAID, "the rent", Difficulty.EASY))
    s, _ = apply(s, ops.KeepOnHeadphones())
    card = by_name("10 of Cups")
    emptied = s.campaign.with_member(replace(s.campaign.member("a"), headphones=()))
    after, _ = apply(s, ops.EditCharacter("a", emptied.member("a").character))  # any campaign change follows
    assert card not in pile_of(after, "Pip")[1]  # still held: the edit did not touch the Headphones
    back = _with_campaign(s, emptied, [])  # the one place the decks follow the campaign (the fight's end, too)
    assert card in pile_of(back, "Pip")[1]


@pytest.mark.rule("SKL-PENALTY")
def test_under_penalty_the_gm_names_the_worse_card_and_that_one_counts() -> None:
    s = stacked(carrying(), "Pip", "10 of Cups", "2 of Swords")
    s, _ = apply(s, ops.DrawCheck("Pip", Skill.GYM, "the fence", Difficulty.MEDIUM, Edge.PENALTY))
    assert s.checks.last is not None and s.checks.last.result.outcome is Outcome.FAILURE  # the lower, by default
    judged, events = apply(s, ops.GMKeepsCard(0))  # the GM judges the 10 of Cups the worse
    assert isinstance(events[0], CardJudged) and not events[0].reveals
    assert judged.checks.last is not None and judged.checks.last.result.outcome is Outcome.SUCCESS
    assert [o for _, _, o in judged.checks.ledger] == [Outcome.SUCCESS]  # the Day's ledger follows the GM's word
    with pytest.raises(IllegalAction, match="Only a failed check"):
        apply(judged, ops.RetryCheck())
    with pytest.raises(IllegalAction, match="no card 3"):
        apply(s, ops.GMKeepsCard(2))


@pytest.mark.rule("SKL-PENALTY")
def test_nothing_to_judge_without_penalty_or_when_both_cards_read_alike() -> None:
    plain = stacked(carrying(), "Pip", "10 of Cups")
    plain, _ = apply(plain, ops.DrawCheck("Pip", Skill.GYM, "the fence", Difficulty.MEDIUM))
    with pytest.raises(IllegalAction, match="under Penalty"):
        apply(plain, ops.GMKeepsCard(0))
    alike = stacked(carrying(), "Pip", "10 of Cups", "9 of Cups")
    alike, _ = apply(alike, ops.DrawCheck("Pip", Skill.GYM, "the wall", Difficulty.MEDIUM, Edge.PENALTY))
    with pytest.raises(IllegalAction, match="read the same"):
        apply(alike, ops.GMKeepsCard(0))
