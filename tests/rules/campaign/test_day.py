"""The Day (DAY-*): once-per-Day powers, Friendship circles, food, sleep and nights of rest."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import corruption as cor
from rt0table.rules.rt0.campaign import day as clock
from rt0table.rules.rt0.campaign.campaign import Meal, Sleep
from rt0table.rules.rt0.campaign.events import (
    CorruptionTaken,
    DayEnded,
    FriendshipCirclesDrawn,
    InjuryChanged,
    MemberDied,
    UsesRefreshed,
)
from rt0table.rules.rt0.errors import RulesError
from rt0table.rules.rt0.traits import Arcana, Skill, Trait

from .helpers import fool, magician, party


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
    game = cp.choose_scar_blocks(game, "a", ["defend", "unarmed"])
    assert game.member("a").scar_blocks == ("defend", "unarmed")
    game, _ = cp.end_day(game)
    assert game.member("a").scar_blocks == ()


@pytest.mark.rule("COR-DAY", "CMB-FRIENDSHIP")
def test_the_days_new_friendship_circle_can_take_the_days_cost() -> None:
    game, _ = cp.end_day(party(fool()), ate=Meal.NONE)
    member = game.member("a")
    assert member.corruption.owed == 3
    assert cor.suggest_marks(member.character, member.corruption, member.traits)[0] == cor.FRIENDSHIP
