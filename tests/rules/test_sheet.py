"""Corruption circles, injuries and their cures, items and credits on the character sheet."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rt0table.rules.rt0.character import Character
from rt0table.rules.rt0.corruption import FRIENDSHIP, MAGIC, SKILL, Corruption, CorruptionError, tracks, upgrade_key
from rt0table.rules.rt0.descriptions import ARCANA_INFO
from rt0table.rules.rt0.injuries import INJURIES, Severity, cure_cost
from rt0table.rules.rt0.sheet import (
    CharacterSheet,
    SheetError,
    add_chit,
    add_injury,
    claim_skill_grades,
    claim_spell,
    end_of_day,
    heal,
    mark,
    new_sheet,
    overridden,
    take_corruption,
)
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait

MAGICIAN = Character(
    "Mira", Arcana.MAGICIAN, Trait.CHARMING, Trait.WEAK, Skill.SCI, Skill.GYM, (Spell.LEO, Spell.VIRGO)
)
FOOL = Character("Dot", Arcana.FOOL, Trait.STRONG, Trait.STRANGE, Skill.GYM, Skill.LAW, (Spell.OPHIUCHUS,))
DULL = Character("Rex", Arcana.HIGH_PRIESTESS, Trait.STRONG, Trait.DULL, Skill.SHOP, Skill.ART)


def marked(sheet: CharacterSheet, key: str, times: int) -> CharacterSheet:
    for _ in range(times):
        sheet = mark(sheet, key)
    return sheet


def test_every_arcana_has_skill_magic_friendship_and_six_upgrades() -> None:
    for arcana in Arcana:
        keys = [t.key for t in tracks(arcana)]
        assert keys[:3] == [SKILL, MAGIC, FRIENDSHIP]
        assert len(keys) == 9
        assert keys[3:] == [upgrade_key(a.name) for a in ARCANA_INFO[arcana].abilities]


@pytest.mark.rule("COR-UPGRADE")
def test_three_circles_unlock_an_upgrade_and_no_fourth_fits() -> None:
    key = upgrade_key("Rabbit Out of a Hat")
    sheet = marked(new_sheet(MAGICIAN), key, 2)
    assert not sheet.corruption.unlocked(key)
    sheet = mark(sheet, key)
    assert sheet.corruption.unlocked(key)
    assert sheet.corruption.total == 3
    with pytest.raises(CorruptionError, match="full"):
        mark(sheet, key)


@pytest.mark.rule("COR-SKILL")
def test_full_skill_corruption_gives_one_new_a_plus_and_one_new_f() -> None:
    sheet = new_sheet(MAGICIAN)
    with pytest.raises(SheetError, match="Fill all three"):
        claim_skill_grades(sheet, Skill.LAW, Skill.ART)
    sheet = marked(sheet, SKILL, 3)
    assert sheet.pending_skill_grades == 1
    with pytest.raises(SheetError, match="needs"):
        claim_skill_grades(sheet, Skill.SHOP, Skill.ART)  # SHOP needs Wise or Strong
    with pytest.raises(SheetError, match="already"):
        claim_skill_grades(sheet, Skill.LAW, Skill.GYM)  # GYM already has the F
    sheet = claim_skill_grades(sheet, Skill.LAW, Skill.ART)
    assert sheet.character.a_plus_skills == (Skill.SCI, Skill.LAW)
    assert sheet.character.failed_skills == (Skill.GYM, Skill.ART)
    assert sheet.pending_skill_grades == 0


@pytest.mark.rule("COR-MAGIC")
def test_full_magic_corruption_teaches_one_open_spell() -> None:
    sheet = marked(new_sheet(MAGICIAN), MAGIC, 3)
    assert sheet.pending_spells == 1
    with pytest.raises(SheetError, match="Only a Lucky character"):
        claim_spell(sheet, Spell.OPHIUCHUS, [FOOL])
    with pytest.raises(SheetError, match="Dot already knows Cancer"):
        claim_spell(sheet, Spell.CANCER, [replace(FOOL, spells=(Spell.CANCER,))])
    sheet = claim_spell(sheet, Spell.CANCER, [FOOL])
    assert sheet.character.all_spells == (Spell.LEO, Spell.VIRGO, Spell.CANCER)
    assert sheet.pending_spells == 0


@pytest.mark.rule("COR-MAGIC", "MOD-MAGIC")
def test_dull_characters_cannot_mark_magic_corruption() -> None:
    with pytest.raises(CorruptionError, match="Dull"):
        mark(new_sheet(DULL), MAGIC)


@pytest.mark.rule("CMB-FRIENDSHIP", "MOD-CHARM")
def test_friendship_circles_appear_at_the_end_of_each_day() -> None:
    charming = new_sheet(MAGICIAN)
    with pytest.raises(CorruptionError, match="end of each Day"):
        mark(charming, FRIENDSHIP)
    charming = end_of_day(charming)
    assert charming.corruption.capacity(FRIENDSHIP) == 2
    charming = marked(charming, FRIENDSHIP, 2)
    assert charming.corruption.filled(FRIENDSHIP) == 2
    strange = end_of_day(new_sheet(FOOL))
    assert strange.corruption.capacity(FRIENDSHIP) == 0
    with pytest.raises(CorruptionError, match="Strange"):
        mark(strange, FRIENDSHIP)


@pytest.mark.rule("COR-HEAL")
def test_cure_costs_by_severity() -> None:
    assert cure_cost("Upset Stomach") == 2
    assert cure_cost("Broken Arm") == 4
    assert cure_cost("Critical Injury") == 6
    assert cure_cost("Blinded") == 1  # its own entry names a lower price
    for kind in INJURIES.values():
        expected = {Severity.MINOR: 2, Severity.MAJOR: 4, Severity.CRITICAL: 6}[kind.severity]
        assert kind.cure_cost == (1 if kind.name == "Blinded" else expected)


@pytest.mark.rule("COR-HEAL")
def test_healing_removes_the_injury_and_owes_its_corruption_until_marked() -> None:
    sheet = add_injury(new_sheet(MAGICIAN), "Broken Arm")
    assert Trait.WEAK in sheet.traits
    sheet = heal(sheet, "Broken Arm")
    assert sheet.injuries == ()
    assert sheet.corruption.owed == 4
    sheet = marked(sheet, upgrade_key("Spellbook"), 3)
    sheet = mark(sheet, SKILL)
    assert sheet.corruption.owed == 0
    assert sheet.corruption.total == 4


@pytest.mark.rule("COR-FULL")
def test_owing_more_than_the_free_circles_is_the_end_of_the_road() -> None:
    sheet = take_corruption(new_sheet(DULL), 24)  # skill 3 + six upgrades 18, no magic, no friendship yet
    assert sheet.corruption.free_circles(sheet.traits) == 21
    assert sheet.corruption.out_of_room(sheet.traits)
    assert not take_corruption(new_sheet(DULL), 21).corruption.out_of_room(DULL.traits)


@pytest.mark.rule("INJ-CRITICAL", "MOD-STRENGTH")
def test_a_second_major_is_critical_and_injuries_override_abilities() -> None:
    sheet = add_injury(new_sheet(FOOL), "Broken Arm")
    assert overridden(sheet) == [Trait.STRONG]
    sheet = add_injury(sheet, "Concussion")
    assert sheet.injuries == ("Broken Arm", "Critical Injury")
    with pytest.raises(SheetError, match="kill"):
        add_injury(sheet, "Critical Injury")


@pytest.mark.rule("ITM-CREDITS")
def test_an_empty_chit_is_still_worth_one_credit() -> None:
    sheet = add_chit(add_chit(new_sheet(FOOL), 0), 15)
    assert sheet.chit_value == 16
    with pytest.raises(SheetError):
        add_chit(sheet, 200)


def test_sheet_round_trips_through_json() -> None:
    sheet = marked(end_of_day(add_injury(new_sheet(MAGICIAN), "Dizzy")), FRIENDSHIP, 1)
    sheet = add_chit(take_corruption(sheet, 2), 3)
    again = CharacterSheet.from_dict(json.loads(json.dumps(sheet.to_dict())))
    assert again == sheet
    with pytest.raises(ValueError, match="no box"):
        Corruption.from_dict({"arcana": 0, "marks": {"upgrade:Spellbook": 1}})
