"""Experience: earned for fights and the flaw's drama, spent on perks (5) and stats (the new level)."""

from __future__ import annotations

import pytest

from rt0table.rules.moons_grave.mg_advancement import BuyPerk, BuyStat, buy, earn, purchase_refusal, purchases

from .mg_fixtures import house, make_character


@pytest.mark.rule("MG-XP-PERK", "MG-XP-SPENT", "MG-XP-SPEND-LIST")
def test_a_new_perk_costs_five_and_the_spent_field_keeps_count() -> None:
    content = house()
    vex = make_character(raises=("Awareness",) * 3 + ("Grace",) * 3 + ("Power",))  # 12 + 12 + 3 spent: 3 left
    assert vex.experience == 3
    assert purchase_refusal(content, vex, BuyPerk("relentless")) == "That costs 5 Experience; she has 3."
    assert {type(p) for p in purchases(content, vex)} == {BuyStat}  # only what she can afford: a stat from 2 to 3
    rich = earn(content, earn(content, vex, "fight_survived"), "fight_survived")
    assert rich.experience == 5
    after = buy(content, rich, BuyPerk("relentless"))
    assert "relentless" in after.perks and after.experience == 0 and after.spent == 5
    assert purchase_refusal(content, after, BuyPerk("relentless")) is not None


@pytest.mark.rule("MG-XP-STAT", "MG-TALENT-RECALC")
def test_a_stat_costs_its_new_level_and_the_talents_follow() -> None:
    content = house()
    vex = make_character(raises=("Awareness",))  # 27 Experience left over
    assert vex.talent("Strike") == 2
    grace = buy(content, buy(content, vex, BuyStat("Grace")), BuyStat("Power"))  # 3 + 3
    assert grace.experience == 21 and grace.spent == 6
    assert grace.talent("Strike") == 3
    assert purchase_refusal(content, grace, BuyStat("Luck")) == "'Luck' is not a core stat."
    with pytest.raises(ValueError, match="not a core stat"):
        buy(content, grace, BuyStat("Luck"))


@pytest.mark.rule("MG-XP-GEAR-PERK", "MG-GEAR-TRAINING")
def test_gear_found_in_play_is_trained_by_buying_its_perk() -> None:
    content = house()
    vex = make_character(raises=("Awareness",))
    assert "axe-cleave" not in vex.perks  # an axe scavenged in play brings no training
    trained = buy(content, vex, BuyPerk("axe-cleave"))
    assert "axe-cleave" in trained.perks and trained.spent == 5
    ring = buy(content, vex, BuyPerk("grasping-ghosts"))  # an artifact's perk, bought for a found artifact
    assert "grasping-ghosts" in ring.perks
    assert purchase_refusal(content, vex, BuyPerk("vanish")) == "Vanish is not a universal perk nor one of her class's."
    assert purchase_refusal(content, vex, BuyPerk("bullys-backhand")) is not None  # NPC perks are not for sale


@pytest.mark.rule("MG-XP-GAIN", "MG-FLAW-XP")
def test_experience_comes_from_fights_and_the_flaw_when_everyone_agrees() -> None:
    content = house()
    vex = make_character(raises=("Awareness",))
    assert earn(content, vex, "fight_survived").experience == vex.experience + 1
    assert earn(content, vex, "flaw_drama", votes=(True, True)).experience == vex.experience + 1
    assert earn(content, vex, "flaw_drama", votes=(True, False)).experience == vex.experience  # not unanimous
    assert earn(content, vex, "flaw_drama").experience == vex.experience + 1  # solo: nobody else to ask
    with pytest.raises(ValueError, match="no Experience for 'looting'"):
        earn(content, vex, "looting")
