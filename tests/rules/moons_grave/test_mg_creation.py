"""Character creation: employer, 30 Build Points, derived talents, class, gear and its free perks, five perks, flaw."""

from __future__ import annotations

import pytest

from rt0table.rules.moons_grave.mg_book import FLAWS, STATS, TALENTS, WEAPONS, raise_cost
from rt0table.rules.moons_grave.mg_character import weapons_of
from rt0table.rules.moons_grave.mg_creation import (
    ChooseClass,
    ChooseEmployer,
    ChooseFlaw,
    ChoosePackage,
    ChoosePerk,
    ChooseWeaponPerk,
    CreationRefused,
    Draft,
    DropPerk,
    LowerStat,
    RaiseStat,
    StatsDone,
    apply_creation,
    creation_options,
    creation_refusal,
    finish,
    start,
)

from .mg_fixtures import house, make_character


def at_stats(employer: str = "hillana") -> Draft:
    return apply_creation(house(), start("Vex"), ChooseEmployer(employer))


@pytest.mark.rule("MG-CHR-EMPLOYER", "MG-CHR-EMPLOYER-BENEFIT", "MG-STAT-START", "MG-STAT-LIST")
def test_the_employer_comes_first_and_raises_one_stat_to_three() -> None:
    content = house()
    assert content.employers[0].name == "Director Hillana"
    assert len(content.employers) == 6
    assert sorted(e.raises for e in content.employers) == sorted(STATS)  # house: each employer a different stat
    draft = start("Vex")
    assert creation_refusal(content, draft, RaiseStat("Power")) == "Stats are bought right after choosing an employer."
    draft = at_stats("antoinne")
    assert draft.level("Power") == 3
    assert all(draft.level(s) == 2 for s in STATS if s != "Power")
    assert creation_refusal(content, draft, ChooseEmployer("tilda")) is not None  # exactly one employer


@pytest.mark.rule("MG-STAT-BUY", "MG-STAT-MAX")
def test_build_points_pay_the_new_level_one_step_at_a_time() -> None:
    content = house()
    draft = at_stats()
    assert raise_cost(2, 4) == 7  # 3 + 4, the book's example
    draft = apply_creation(content, draft, RaiseStat("Awareness"))
    assert draft.points_left(content) == 27
    draft = apply_creation(content, draft, RaiseStat("Awareness"))
    assert draft.points_left(content) == 23
    for _ in range(3):  # 5, 6, 7: 18 more, 5 left
        draft = apply_creation(content, draft, RaiseStat("Awareness"))
    assert draft.level("Awareness") == 7 and draft.points_left(content) == 5  # no cap but the price
    assert creation_refusal(content, draft, RaiseStat("Awareness")) == (
        "Raising Awareness to 8 costs 8 Build Points; only 5 are left."
    )
    draft = apply_creation(content, draft, LowerStat("Awareness"))
    assert draft.points_left(content) == 12
    assert "starting level 3" in (creation_refusal(content, draft, LowerStat("Cunning")) or "")
    assert "starting level 2" in (creation_refusal(content, draft, LowerStat("Power")) or "")


@pytest.mark.rule("MG-TALENT-DERIVE", "MG-TALENT-TABLE", "MG-TALENT-RECALC", "MG-FLAW", "MG-FLAW-TABLE")
def test_talents_are_the_lower_stat_and_follow_the_flaw() -> None:
    character = make_character(raises=("Endurance",), flaw="Stubborn")  # Endurance 3, flaw +1 -> 4
    assert character.stat("Endurance") == 4 and dict(character.bought)["Endurance"] == 3
    assert character.talent("Initiative") == 2  # Endurance 4, Grace 2: the lower
    assert character.talent("Willpower") == 3  # Cunning 3 (Hillana), Endurance 4
    assert TALENTS["Tactics"] == ("Awareness", "Endurance") and len(TALENTS) == 10
    raised = character.with_stat("Grace", 5)
    assert raised.talent("Initiative") == 4  # recomputed on reading
    assert len(FLAWS) == 18 and FLAWS["Manipulative"] == "Awareness" and FLAWS["Unsure"] == "Beckon"


@pytest.mark.rule("MG-FLAW-CUSTOM")
def test_a_custom_flaw_takes_the_stat_the_gm_gives_it() -> None:
    content = house()
    draft = Draft("Vex", step="perks", employer="hillana", perks=("a", "b", "c", "d", "e"))
    assert creation_refusal(content, draft, ChooseFlaw("Reckless", "Power")) is None
    assert "needs the core stat" in (creation_refusal(content, draft, ChooseFlaw("Reckless")) or "")
    assert creation_refusal(content, draft, ChooseFlaw("Shy", "Power")) == "Shy raises Awareness, not Power."
    assert apply_creation(content, draft, ChooseFlaw("Reckless", "Power")).flaw_stat == "Power"


@pytest.mark.rule("MG-CLASS", "MG-CLASS-BENEFIT", "MG-CLASS-PERKS", "MG-PERK-FREE5", "MG-PERK-CATEGORIES")
def test_class_perks_and_the_five_free_perks() -> None:
    content = house()
    assert sorted(c.name for c in content.classes) == ["Assassin", "Mystic", "Warrior"]
    draft = Draft("Vex", step="perks", employer="hillana", character_class="warrior", package="crusher")
    assert creation_refusal(content, draft, ChoosePerk("relentless")) is None  # the warrior's own list
    assert (
        creation_refusal(content, draft, ChoosePerk("vanish"))
        == "Vanish is not a universal perk nor one of your class's."
    )
    assert (
        creation_refusal(content, draft, ChoosePerk("lunar-lash")) is not None
    )  # artifact perks come with the artifact
    assert creation_refusal(content, draft, ChoosePerk("battle-cry")) == "Battle Cry is already yours."  # benefit
    for perk in ("sidestep", "press-on", "heavy-hand", "second-wind", "rousing-call"):
        draft = apply_creation(content, draft, ChoosePerk(perk))
    assert creation_refusal(content, draft, ChoosePerk("relentless")) == (
        "You already have your 5 perks; drop one to take another."
    )
    draft = apply_creation(content, draft, DropPerk("sidestep"))
    assert creation_refusal(content, draft, ChoosePerk("relentless")) is None
    assert {p.category for p in content.perks} >= {"armor", "weapon", "maneuvering", "combat", "command"}


@pytest.mark.rule(
    "MG-GEAR-PACKAGE", "MG-ARMOR-PERK", "MG-WEAPON-FREE-PERK", "MG-PERK-FREE5", "MG-ARTIFACT-PERK", "MG-CHR-STEPS"
)
def test_gear_brings_its_free_perks_on_top_of_the_five() -> None:
    content = house()
    character = make_character(package="duelist", weapon_perks=("sword-flourish", "knives-flurry"))
    assert set(character.perks) == {
        "sidestep",
        "press-on",
        "heavy-hand",
        "second-wind",
        "rousing-call",  # the five
        "sword-flourish",
        "knives-flurry",  # one per weapon taken
        "battle-cry",  # the Warrior's benefit
        "leather-shrug",  # the armour's perk
    }
    moon = make_character(
        package="moon-bearer",
        weapon_perks=("sword-riposte",),
        character_class="mystic",
        perks=("sidestep", "press-on", "heavy-hand", "second-wind", "ward"),
    )
    assert "lunar-lash" in moon.perks and "hex" in moon.perks and len(moon.perks) == 8
    draft = Draft("Vex", step="weapon_perks", employer="hillana", character_class="warrior", package="duelist")
    assert creation_refusal(content, draft, ChooseWeaponPerk("axe-cleave")) == (
        "No free Axe perk is owed (your weapons: Sword, Knives)."
    )
    assert creation_refusal(content, draft, ChooseWeaponPerk("sidestep")) is not None
    draft = apply_creation(content, draft, ChooseWeaponPerk("sword-flourish"))
    assert creation_refusal(content, draft, ChooseWeaponPerk("sword-riposte")) is not None  # one per weapon
    assert draft.step == "weapon_perks"
    assert apply_creation(content, draft, ChooseWeaponPerk("knives-feint")).step == "perks"


@pytest.mark.rule("MG-STAT-LEFTOVER")
def test_unspent_build_points_become_experience() -> None:
    character = make_character(raises=("Awareness",))  # 3 of 30 spent
    assert character.experience == 27 and character.spent == 0


@pytest.mark.rule("MG-CHR-STEPS")
def test_steps_go_in_the_book_order_and_refuse_out_of_order() -> None:
    content = house()
    draft = start("Vex")
    assert creation_refusal(content, draft, ChooseClass("warrior")) == "The class is chosen after the stats."
    assert creation_refusal(content, draft, ChoosePackage("duelist")) == "Gear is chosen after the class."
    assert all(isinstance(a, ChooseEmployer) for a in creation_options(content, draft))
    with pytest.raises(CreationRefused, match="next step is employer"):
        finish(content, draft)
    with pytest.raises(CreationRefused, match="no employer"):
        apply_creation(content, draft, ChooseEmployer("nobody"))


def test_the_options_offered_are_exactly_the_ones_accepted_along_a_whole_creation() -> None:
    content = house()
    draft = start("Vex")
    plan = [
        ChooseEmployer("tilda"),
        RaiseStat("Grace"),
        StatsDone(),
        ChooseClass("assassin"),
        ChoosePackage("sniper"),
        ChooseWeaponPerk("crossbow-steady"),
        ChooseWeaponPerk("knives-feint"),
        *(ChoosePerk(p) for p in ("sidestep", "press-on", "knife-in-the-dark", "second-wind", "rousing-call")),
        ChooseFlaw("Shy"),
    ]
    for step in plan:
        options = creation_options(content, draft)
        assert step in options
        assert all(creation_refusal(content, draft, o) is None for o in options)
        draft = apply_creation(content, draft, step)
    character = finish(content, draft)
    assert character.stat("Beckon") == 3 and character.stat("Awareness") == 3
    assert weapons_of(content, character) == ("Crossbow", "Knives")


@pytest.mark.rule(
    "MG-WEAPON-TABLE", "MG-WEAPON-TALENTS", "MG-ARTIFACT-LIST", "MG-ARTIFACT-MOONSHARD", "MG-ARTIFACT-RING"
)
def test_weapons_and_artifacts_name_their_talents() -> None:
    content = house()
    assert WEAPONS == {
        "Axe": ("Brawl", "Parry"),
        "Bow": ("Accuracy", "Evasion"),
        "Crossbow": ("Accuracy", "Tactics"),
        "Knives": ("Strike", "Evasion"),
        "Spear": ("Strike", "Tactics"),
        "Sword": ("Strike", "Parry"),
    }
    assert sorted(a.id for a in content.artifacts) == [
        "Bracelet of Fury",
        "Draconic Tiara",
        "Moon Shard Necklace",
        "Ring of the Dead",
    ]
    ring = make_character(package="spirit-caller", weapon_perks=("knives-flurry",))
    assert weapons_of(content, ring) == ("Knives", "Ring of the Dead")  # the ring counts as a weapon
    fury = make_character(package="fury-bearer", weapon_perks=("axe-cleave",))
    assert weapons_of(content, fury) == ("Axe",)  # the Bracelet is not a weapon
