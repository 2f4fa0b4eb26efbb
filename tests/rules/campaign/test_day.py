"""The Day (DAY-*): once-per-Day powers, Friendship circles, food, sleep and nights of rest."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import corruption as cor
from rt0table.rules.rt0.campaign import day as clock
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.campaign import Meal, Sleep
from rt0table.rules.rt0.campaign.campaign_codec import read_campaign
from rt0table.rules.rt0.campaign.campaign_events import (
    CorruptionTaken,
    DayEnded,
    FriendshipCirclesDrawn,
    InjuryChanged,
    MemberDied,
    UsesRefreshed,
)
from rt0table.rules.rt0.campaign.supremacy import summarise
from rt0table.rules.rt0.fight.actions import Choose, PlayCard
from rt0table.rules.rt0.fight.engine import AdversarySetup, apply
from rt0table.rules.rt0.fight.serialize import encode, state_from_dict, state_to_dict
from rt0table.rules.rt0.fight.state import CombatState, Phase
from rt0table.rules.rt0.traits import Arcana, Skill, Trait
from rt0table.rules.seam import RulesError
from tests.helpers.fight_builders import BOOK, give
from tests.helpers.sample_party import fool, magician, party


@pytest.mark.rule("DAY-CLOCK", "FOOL-DEUS", "MAG-PLAN", "HP-FORESIGHT")
def test_once_per_day_powers_refresh_when_the_day_ends() -> None:
    game = party(fool(), magician())
    game = cp.use_power(game, "a", "Deus Ex Machina")
    with pytest.raises(RulesError, match="already been used today"):
        cp.use_power(game, "a", "Deus Ex Machina")
    with pytest.raises(RulesError, match="does not have"):
        cp.use_power(game, "a", "This Was All Part of My Plan")
    game = cp.use_power(game, "b", "This Was All Part of My Plan")
    game = cp.use_power(game, "b", "Leo: Light")
    game, events = cp.end_day(game)
    assert game.day == 2 and events[0] == DayEnded(1)
    assert UsesRefreshed("a", ("Deus Ex Machina",)) in events
    assert UsesRefreshed("b", ("This Was All Part of My Plan", "Leo: Light")) in events
    cp.use_power(game, "a", "Deus Ex Machina")


@pytest.mark.rule("HP-FORESIGHT", "DAY-CLOCK")
def test_each_foresight_tool_is_its_own_use() -> None:
    seer = replace(fool(), arcana=Arcana.HIGH_PRIESTESS, a_plus=Skill.GYM)
    assert [p for p in clock.powers_of(seer) if p.startswith("Foresight")] == [
        f"Foresight: {t}" for t in clock.FORESIGHT_TOOLS
    ]
    day = clock.use(clock.DayClock(), "a", "Foresight: Crystal Ball")
    assert clock.use_refusal(day, "a", "Foresight: Ouija Board") is None
    assert clock.use_refusal(day, "b", "Foresight: Crystal Ball") is None


@pytest.mark.rule("DAY-CLOCK")
def test_upgrade_powers_need_the_upgrade() -> None:
    game = party(fool())
    with pytest.raises(RulesError, match="does not have Slaughter"):
        cp.use_power(game, "a", "Slaughter")
    game, _ = cp.take_corruption(game, "a", 3, "test")
    game, _ = cp.mark_all(game, "a", ["Slaughter"] * 3)
    cp.use_power(game, "a", "Slaughter")


@pytest.mark.rule("DAY-CLOCK", "CMB-FRIENDSHIP", "MOD-CHARM")
@pytest.mark.parametrize(
    ("ability", "weakness", "injury", "circles"),
    [
        (Trait.STRONG, Trait.SLOW, None, 1),
        (Trait.CHARMING, Trait.SLOW, None, 2),
        (Trait.STRONG, Trait.STRANGE, None, 0),
        (Trait.CHARMING, Trait.SLOW, "Stress", 1),
        (Trait.CHARMING, Trait.SLOW, "Unresolved Trauma", 0),
    ],
)
def test_friendship_circles_each_day(ability: Trait, weakness: Trait, injury: str | None, circles: int) -> None:
    game = party(fool(ability=ability, weakness=weakness))
    if injury:
        game, _ = cp.take_injury(game, "a", injury)
    game, events = cp.end_day(game)
    game, _ = cp.end_day(game)
    assert game.member("a").corruption.friendship_circles == 2 * circles
    assert (FriendshipCirclesDrawn("a", circles) in events) == bool(circles)


@pytest.mark.rule("COR-DAY", "DAY-FOOD", "DAY-SLEEP")
@pytest.mark.parametrize(
    ("ate", "slept", "cost"),
    [
        (Meal.EDIBLE, Sleep.RESTFUL, 0),
        (Meal.NONE, Sleep.RESTFUL, 3),
        (Meal.EDIBLE, Sleep.NONE, 3),
        (Meal.NONE, Sleep.NONE, 6),
        (Meal.INEDIBLE, Sleep.UNRESTFUL, 0),
    ],
)
def test_a_day_without_food_or_sleep_costs_three_each(ate: Meal, slept: Sleep, cost: int) -> None:
    game, events = cp.end_day(party(fool()), ate, slept)
    assert game.member("a").corruption.total == cost
    assert sum(e.amount for e in events if isinstance(e, CorruptionTaken)) == cost


@pytest.mark.rule("DAY-FOOD")
def test_inedible_food_upsets_the_stomach_until_the_next_day_ends() -> None:
    game, _ = cp.end_day(party(fool()), ate=Meal.INEDIBLE)
    assert game.member("a").injuries.names == ("Upset Stomach",)
    game, _ = cp.end_day(game)
    assert game.member("a").injuries.names == ()


@pytest.mark.rule("DAY-SLEEP")
def test_poor_sleep_makes_groggy_and_restful_sleep_clears_it() -> None:
    game, _ = cp.end_day(party(fool()), slept=Sleep.UNRESTFUL)
    assert game.member("a").injuries.names == ("Groggy",)
    game, _ = cp.end_day(game, slept=Sleep.UNRESTFUL)
    assert game.member("a").injuries.names == ("Groggy",)
    game, _ = cp.end_day(game, slept=Sleep.NONE)
    assert game.member("a").injuries.names == ("Groggy",)
    game, _ = cp.end_day(game, slept=Sleep.RESTFUL)
    assert game.member("a").injuries.names == ()


@pytest.mark.rule("DAY-CLOCK", "INJ-DOWNGRADE", "DAY-SLEEP")
def test_nights_of_rest_count_only_when_sleeping() -> None:
    game, _ = cp.take_injury(party(fool()), "a", "Broken Arm")
    game, _ = cp.end_day(game, slept=Sleep.NONE)
    game, _ = cp.end_day(game, slept=Sleep.UNRESTFUL)
    assert game.member("a").injuries.names == ("Broken Arm", "Groggy")
    game, events = cp.end_day(game, slept=Sleep.RESTFUL)
    assert game.member("a").injuries.names == ("Massive Painful Scar",)
    assert InjuryChanged("a", "Broken Arm", "Massive Painful Scar", "rest") in events


@pytest.mark.rule("DAY-CLOCK", "INJ-MAJOR")
def test_sleeping_while_bleeding_out_kills() -> None:
    game, _ = cp.take_injury(party(fool(), magician()), "a", "Bleeding Out")
    awake, _ = cp.end_day(game, slept={"a": Sleep.NONE, "b": Sleep.RESTFUL})
    assert awake.member("a").playable and awake.member("a").corruption.total == 3
    asleep, events = cp.end_day(game)
    assert not asleep.member("a").playable and MemberDied("a", "slept with Bleeding Out") in events
    later, _ = cp.end_day(asleep, ate=Meal.NONE)
    assert later.member("a").corruption.total == 0  # the dead take no more


@pytest.mark.rule("DAY-CLOCK", "INJ-MAJOR", "INJ-MINOR")
def test_day_long_injuries_end_with_the_day() -> None:
    game = party(fool())
    for name in ("Heart Palpitations", "Upset Stomach", "Morning Start Withdrawal", "Distracted"):
        game, _ = cp.take_injury(game, "a", name)
    game, _ = cp.end_day(game)
    assert game.member("a").injuries.names == ("Distracted",)


@pytest.mark.rule("DAY-CLOCK", "ITM-LIST")
def test_withdrawal_stays_while_the_habit_is_fed() -> None:
    game = cp.give_item(cp.give_item(party(fool()), "a", "Morning Start"), "a", "Morning Start")
    game, _ = cp.use_item(game, "a", "Morning Start")
    game, _ = cp.end_day(game)
    assert game.member("a").injuries.names == ("Morning Start Withdrawal",)
    game, _ = cp.use_item(game, "a", "Morning Start")  # first can of Day 2: no palpitations
    assert game.member("a").injuries.names == ("Morning Start Withdrawal",)
    game, _ = cp.end_day(game)
    game, _ = cp.end_day(game)
    assert game.member("a").injuries.names == ()


@pytest.mark.rule("DAY-CLOCK", "INJ-MINOR")
def test_scars_block_different_abilities_each_day() -> None:
    game = party(fool())
    for _ in range(2):
        game, _ = cp.take_injury(game, "a", "Massive Painful Scar")
    with pytest.raises(RulesError, match="Choose 2 different"):
        cp.choose_scar_blocks(game, "a", ["defend", "defend"])
    game = cp.choose_scar_blocks(game, "a", ["defend", "unarmed_strike"])
    assert game.member("a").scar_blocks == ("defend", "unarmed_strike")
    game, _ = cp.end_day(game)
    assert game.member("a").scar_blocks == ()


@pytest.mark.rule("COR-DAY", "CMB-FRIENDSHIP")
def test_the_days_new_friendship_circle_can_take_the_days_cost() -> None:
    game, _ = cp.end_day(party(fool()), ate=Meal.NONE)
    member = game.member("a")
    assert member.corruption.owed == 3
    assert cor.suggest_marks(member.character, member.corruption, member.traits)[0] == cor.FRIENDSHIP


# --- the Day's uses in and out of a fight: one record, the Day clock ---------------------------------------------


def _slaughterer_on_day_three() -> cp.Campaign:
    game, _ = cp.take_corruption(party(fool()), "a", 3, "test")
    game, _ = cp.mark_all(game, "a", ["Slaughter"] * 3)
    return replace(game, clock=clock.DayClock(3))


def _play_the_fool_on_laughter(state: CombatState) -> CombatState:
    (card,) = give(state, state.fighter("a"), "The Fool")
    give(state, state.fighter("a"), "3 of Wands")
    state, _ = apply(state, PlayCard("a", card, "laughter"))
    return state


@pytest.mark.rule("DAY-CLOCK", "FOOL-SLAUGHTER")
def test_the_days_uses_go_into_a_fight_stamped_with_the_day_and_come_back_to_the_clock() -> None:
    game = _slaughterer_on_day_three()
    plan = fp.FightPlan(5, 3, (AdversarySetup("laborer", (2, 0)),))
    assert cp.fighter_setup(game, "a", (0, 2)).day_uses == ()
    state, _ = fp.start_fight(game, plan, BOOK)
    assert state.day == 3, "the fight runs on the campaign's Day"
    state = _play_the_fool_on_laughter(state)
    assert state.pending is not None and state.pending.kind == "laugh-mode", "Slaughter is free today"
    state, _ = apply(state, Choose(1))  # Slaughter
    state, _ = apply(state, Choose(0))  # a Minor in hand
    assert state.fighter("a").day_uses == {"Slaughter": 3}
    state.phase = Phase.OVER
    game, summary, _ = fp.after_fight(game, state)
    assert summary.outcomes[0].day_uses == ("Slaughter",)
    assert game.clock.used_by("a") == ("Slaughter",), "the clock learns of it"
    assert cp.fighter_setup(game, "a", (0, 2)).day_uses == (("Slaughter", 3),), "and the next fight that Day too"
    state, _ = fp.start_fight(game, plan, BOOK)
    state = _play_the_fool_on_laughter(state)
    assert state.pending is not None and state.pending.kind == "laughter", "no Slaughter twice in a Day"
    state.phase = Phase.OVER
    again, _, _ = fp.after_fight(game, state)
    assert again.clock.used_by("a") == ("Slaughter",), "a use brought in is not marked twice"
    game, _ = cp.end_day(game)
    state, _ = fp.start_fight(game, plan, BOOK)
    assert state.day == 4 and state.fighter("a").day_uses == {}
    state = _play_the_fool_on_laughter(state)
    assert state.pending is not None and state.pending.kind == "laugh-mode", "a new Day"


@pytest.mark.rule("DAY-CLOCK", "FOOL-SLAUGHTER")
def test_a_use_spent_between_fights_is_spent_in_the_fight() -> None:
    game = cp.use_power(_slaughterer_on_day_three(), "a", "Slaughter")
    state, _ = fp.start_fight(game, fp.FightPlan(5, 3, (AdversarySetup("laborer", (2, 0)),)), BOOK)
    assert state.fighter("a").day_uses == {"Slaughter": 3}
    state = _play_the_fool_on_laughter(state)
    assert state.pending is not None and state.pending.kind == "laughter"


@pytest.mark.rule("DAY-CLOCK", "FOOL-SLAUGHTER", "SPL-AQUARIUS")
def test_a_combat_state_saved_before_the_unification_reads_with_the_clocks_names() -> None:
    """Old saves named Slaughter "slaughter" and kept Aquarius's Heal as a per-fight mark."""
    plan = fp.FightPlan(5, 3, (AdversarySetup("laborer", (2, 0)),))
    state, _ = fp.start_fight(_slaughterer_on_day_three(), plan, BOOK)
    data = state_to_dict(state)
    saved = data["combat"]["fighters"][0]
    saved["day_uses"], saved["marks"] = {"slaughter": 3}, {"aquarius_healed": 1, "spell_cast:x": 1}
    old = state_from_dict(json.loads(json.dumps(data)))
    assert old.fighter("a").day_uses == {"Slaughter": 3, "Aquarius: Heal": 3}
    assert old.fighter("a").marks == {"spell_cast:x": 1}
    old.phase = Phase.OVER
    assert summarise(old, {}).outcomes[0].day_uses == ("Slaughter", "Aquarius: Heal"), "they reach the Day clock"


def test_a_campaign_document_written_before_the_unification_still_loads() -> None:
    """The Day clock kept its names, so an older document reads as it is and feeds the next fight."""
    doc = encode(_slaughterer_on_day_three())
    doc["clock"] = {"day": 3, "used": {"a": ["Slaughter", "Deus Ex Machina"]}}  # as written before
    game = read_campaign(json.loads(json.dumps(doc)))
    assert cp.fighter_setup(game, "a", (0, 2)).day_uses == (("Slaughter", 3), ("Deus Ex Machina", 3))


@pytest.mark.rule("INJ-MINOR", "DAY-CLOCK")
def test_a_scar_blocks_only_an_ability_brought_to_every_fight_and_is_chosen_before_any_fight() -> None:
    game, _ = cp.take_injury(party(fool(weakness=Trait.FOOLISH), magician()), "a", cp.SCAR)
    choices = cp.scar_choices(game, "a")
    assert choices == ("unarmed_strike", "defend", "concentrate", "move_skill", "run_away", "spell_aries")
    assert "honk" in cp.scar_choices(game, "b")  # only a Foolish character must Honk every turn
    fool_abilities = [c.ability_id for c in fp.ability_choices(game, "a") if c.ability_id]
    assert fool_abilities and not set(fool_abilities) & set(choices)  # chosen fight by fight: not blockable
    with pytest.raises(RulesError, match="cannot block Honk"):
        cp.choose_scar_blocks(game, "a", ["honk"])
    with pytest.raises(RulesError, match="cannot block"):
        cp.choose_scar_blocks(game, "a", [fool_abilities[0]])
    plan = fp.FightPlan(1, 3, (AdversarySetup("training_robot", (0, 0)),))
    assert cp.scar_blocks_due(game.member("a")) == 1 and cp.scar_blocks_due(game.member("b")) == 0
    assert fp.plan_refusal(game, plan) == (
        "Pip's Massive Painful Scar has not blocked an ability yet today: choose it on the Day."
    )
    game = cp.choose_scar_blocks(game, "a", ["run_away"])
    assert fp.plan_refusal(game, plan) is None
    state, _ = fp.start_fight(game, plan, BOOK)
    assert state.fighter("a").marks == {"scar-blocks:run_away": 1}
    game, _ = cp.end_day(game)
    assert fp.plan_refusal(game, plan) is not None  # a new morning, a new choice
