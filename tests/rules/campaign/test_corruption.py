"""Corruption (COR-*): the sheet's places, thresholds, heal and retry costs, full corruption."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.abilities import ABILITIES, arcana_abilities
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import corruption as cor
from rt0table.rules.rt0.campaign.campaign_events import CharacterLost, UpgradeUnlocked
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait
from rt0table.rules.seam import RulesError
from tests.helpers.sample_party import fool, magician, party


@pytest.mark.rule("COR-UPGRADE")
def test_each_arcana_has_six_upgrades_of_three_circles() -> None:
    for arcana in Arcana:
        assert len(cor.upgrades(arcana)) == 6
    sheet = cor.capacity(fool(), cor.Corruption(), fool().traits)
    assert sum(sheet.values()) == 6 * 3 + 3 + 3
    assert sheet[cor.FRIENDSHIP] == 0


@pytest.mark.rule("COR-UPGRADE", "COR-SKILL", "COR-MAGIC", "CMB-FRIENDSHIP")
def test_every_sheet_has_skill_magic_friendship_and_six_upgrades_in_order() -> None:
    for arcana in Arcana:
        places = cor.places(arcana)
        assert places[:3] == (cor.SKILL, cor.MAGIC, cor.FRIENDSHIP)
        assert places[3:] == cor.upgrades(arcana) and len(set(places)) == 9


@pytest.mark.rule("COR-UPGRADE")
def test_registered_arcana_abilities_name_themselves_and_their_upgrades() -> None:
    """The engine's registry is the one source for abilities it implements; the pending table only for the rest."""
    for arcana in Arcana:
        on_sheet = cor.arcana_abilities(arcana)
        registered = [a for a in on_sheet if a.ability_id is not None]
        ids = list(arcana_abilities(arcana))
        assert [a.ability_id for a in registered] == ids
        assert [(a.name, a.upgrade) for a in registered] == [(ABILITIES[i].name, ABILITIES[i].upgrade) for i in ids]
        shadowed = {name for name, _ in cor.PENDING_ARCANA_ABILITIES[arcana]} & {a.name for a in registered}
        assert not shadowed, f"implemented in rules/rt0/abilities now: delete {sorted(shadowed)} from the pending table"
    check_ears = next(a for a in cor.arcana_abilities(Arcana.MAGICIAN) if a.name == "Check Behind Your Ears")
    assert check_ears == cor.ArcanaAbility("Check Behind Your Ears", "Miser's Dream", "check_behind_your_ears")
    assert cor.upgrades(Arcana.MAGICIAN) == (  # the sheet's order and spelling (COR-UPGRADE)
        "Saw in Half",
        "And For My Next Trick",
        "Miser's Dream",
        "Cups and Balls",
        "Is This Your Card",
        "Smoke and Mirrors",
    )


@pytest.mark.rule("COR-UPGRADE", "CMB-CHOOSE-ABILITIES")
def test_an_unlocked_upgrade_reaches_the_fight() -> None:
    game, _ = cp.take_corruption(party(magician()), "a", 3, "test")
    assert cp.fighter_setup(game, "a", (0, 0)).upgrades == frozenset()
    game, _ = cp.mark_all(game, "a", ["Miser's Dream"] * 3)
    setup = cp.fighter_setup(game, "a", (0, 0))
    assert setup.upgrades == {"check_behind_your_ears"}
    game, _ = cp.take_corruption(party(magician()), "a", 3, "test")
    game, _ = cp.mark_all(game, "a", ["Saw in Half"] * 3)  # each upgrade brings its own ability, no other
    assert cp.fighter_setup(game, "a", (0, 0)).upgrades == {"rabbit_out_of_a_hat"}


@pytest.mark.rule("COR-UPGRADE", "CMB-CHOOSE-ABILITIES")
def test_three_circles_unlock_an_upgrade_and_make_its_ability_free() -> None:
    game = party(fool())
    game, _ = cp.take_corruption(game, "a", 3, "test")
    assert game.member("a").corruption.owed == 3
    events = []
    for _ in range(3):
        game, more = cp.mark_corruption(game, "a", "Slaughter")
        events += more
    record = game.member("a").corruption
    assert events[-1] == UpgradeUnlocked("a", "Slaughter")
    assert cor.unlocked_upgrades(fool(), record) == ("Slaughter",)
    assert cor.free_abilities(fool(), record) == ("Laughter",)
    with pytest.raises(RulesError, match="No Corruption is waiting"):
        cp.mark_corruption(game, "a", "Hit Me")


@pytest.mark.rule("COR-UPGRADE")
def test_two_circles_unlock_nothing_and_a_full_place_refuses_more() -> None:
    game, _ = cp.take_corruption(party(fool()), "a", 5, "test")
    game, _ = cp.mark_all(game, "a", ["Hit Me", "Hit Me"])
    assert cor.unlocked_upgrades(fool(), game.member("a").corruption) == ()
    game, _ = cp.mark_all(game, "a", ["Hit Me"])
    with pytest.raises(RulesError, match="already filled"):
        cp.mark_corruption(game, "a", "Hit Me")
    with pytest.raises(RulesError, match="no place called"):
        cp.mark_corruption(game, "a", "Saw in Half")  # a Magician's upgrade


@pytest.mark.rule("COR-SKILL", "CHR-SKILL-APLUS")
def test_skill_corruption_gives_a_new_a_plus_and_a_new_f() -> None:
    game, _ = cp.take_corruption(party(fool()), "a", 3, "test")
    game, _ = cp.mark_all(game, "a", [cor.SKILL] * 2)
    assert not cor.skill_reward_due(game.member("a").corruption)
    with pytest.raises(RulesError):
        cp.claim_skill_corruption(game, "a", Skill.MISC, Skill.ART)
    game, _ = cp.mark_all(game, "a", [cor.SKILL])
    assert cor.skill_reward_due(game.member("a").corruption)
    with pytest.raises(RulesError, match="needs"):
        cp.claim_skill_corruption(game, "a", Skill.SCI, Skill.ART)  # SCI needs Clever or Charming
    with pytest.raises(RulesError, match="already"):
        cp.claim_skill_corruption(game, "a", Skill.MISC, Skill.LAW)  # LAW already has the F
    game, _ = cp.claim_skill_corruption(game, "a", Skill.MISC, Skill.ART)
    character = game.member("a").character
    assert character.a_plus_skills == (Skill.GYM, Skill.MISC) and character.failed_skills == (Skill.LAW, Skill.ART)
    with pytest.raises(RulesError):
        cp.claim_skill_corruption(game, "a", Skill.FINAID, Skill.SHOP)


@pytest.mark.rule("COR-MAGIC", "CHR-SPELL")
def test_magic_corruption_teaches_a_spell_not_taken_by_the_party() -> None:
    game, _ = cp.take_corruption(party(fool(), magician()), "a", 3, "test")
    game, _ = cp.mark_all(game, "a", [cor.MAGIC] * 3)
    with pytest.raises(RulesError, match="already knows Leo"):
        cp.claim_magic_corruption(game, "a", Spell.LEO)
    game, _ = cp.claim_magic_corruption(game, "a", Spell.OPHIUCHUS)
    assert game.member("a").character.all_spells == (Spell.ARIES, Spell.OPHIUCHUS)
    assert not cor.magic_reward_due(game.member("a").corruption)
    game, _ = cp.take_corruption(game, "b", 3, "test")
    game, _ = cp.mark_all(game, "b", [cor.MAGIC] * 3)
    with pytest.raises(RulesError, match="Only a Lucky character"):
        cp.claim_magic_corruption(game, "b", Spell.OPHIUCHUS)
    with pytest.raises(RulesError, match="Pip already knows Aries"):
        cp.claim_magic_corruption(game, "b", Spell.ARIES)


@pytest.mark.rule("COR-MAGIC", "MOD-MAGIC")
def test_magic_corruption_is_closed_to_a_dull_report_card() -> None:
    dull = magician(weakness=Trait.DULL)
    assert cor.capacity(dull, cor.Corruption(), dull.traits)[cor.MAGIC] == 0
    game, _ = cp.take_corruption(party(dull), "a", 1, "test")
    with pytest.raises(RulesError, match="Dull characters can never learn spells"):
        cp.mark_corruption(game, "a", cor.MAGIC)


@pytest.mark.rule("CMB-FRIENDSHIP", "MOD-CHARM")
def test_friendship_takes_marks_only_on_drawn_circles_and_never_while_strange() -> None:
    game, _ = cp.take_corruption(party(fool(), magician()), "a", 1, "test")
    with pytest.raises(RulesError, match="end of each Day"):
        cp.mark_corruption(game, "a", cor.FRIENDSHIP)  # no circle drawn yet
    game, _ = cp.end_day(party(fool(), magician()))
    assert game.member("a").corruption.friendship_circles == 1
    assert game.member("b").corruption.friendship_circles == 2
    game, _ = cp.take_corruption(game, "b", 3, "test")
    game, _ = cp.mark_all(game, "b", [cor.FRIENDSHIP] * 2)
    with pytest.raises(RulesError, match="No empty Friendship circle"):
        cp.mark_corruption(game, "b", cor.FRIENDSHIP)
    game, _ = cp.take_corruption(game, "a", 1, "test")
    game, _ = cp.take_injury(game, "a", "Unresolved Trauma")
    with pytest.raises(RulesError, match="Strange"):
        cp.mark_corruption(game, "a", cor.FRIENDSHIP)
    strange, _ = cp.end_day(party(fool(weakness=Trait.STRANGE)))
    assert strange.member("a").corruption.friendship_circles == 0
    assert cor.closed_reason(fool(weakness=Trait.STRANGE), cor.FRIENDSHIP, {Trait.STRANGE}) is not None


@pytest.mark.rule("COR-HEAL")
@pytest.mark.parametrize(("name", "cost"), [("Dizzy", 2), ("Blinded", 1), ("Broken Arm", 4), ("Critical Injury", 6)])
def test_healing_costs_corruption_at_any_time(name: str, cost: int) -> None:
    game, _ = cp.take_injury(party(fool()), "a", name)
    game, _ = cp.heal_injury(game, "a", name)
    member = game.member("a")
    assert member.injuries.names == () and member.corruption.owed == cost and member.corruption.total == cost


@pytest.mark.rule("SKL-RETRY")
def test_a_retry_costs_one_corruption() -> None:
    game, events = cp.pay_for_retry(party(fool()), "a")
    assert game.member("a").corruption.owed == 1 and events[0].amount == 1  # type: ignore[attr-defined]


@pytest.mark.rule("COR-FULL")
def test_full_corruption_when_a_point_has_nowhere_to_go() -> None:
    game, _ = cp.take_corruption(party(fool()), "a", 24, "test")
    assert game.member("a").playable
    game, _ = cp.mark_all(game, "a")
    record = game.member("a").corruption
    assert record.owed == 0 and cor.room_left(fool(), record, fool().traits) == 0
    assert game.member("a").playable  # a full sheet is not yet lost
    game, events = cp.take_corruption(game, "a", 1, "one too many")
    assert not game.member("a").playable and events[-1] == CharacterLost("a", 1)
    with pytest.raises(RulesError, match="fully corrupted"):
        cp.mark_corruption(game, "a", cor.FRIENDSHIP)


@pytest.mark.rule("COR-FULL")
def test_taking_more_than_the_room_left_loses_the_character_at_once() -> None:
    game, events = cp.take_corruption(party(magician(weakness=Trait.DULL)), "a", 22, "test")
    assert not game.member("a").playable and isinstance(events[-1], CharacterLost)
    game, _ = cp.take_corruption(party(magician(weakness=Trait.DULL)), "a", 21, "test")
    assert game.member("a").playable


def test_suggested_marks_fill_friendship_first_then_the_nearest_upgrade() -> None:
    game, _ = cp.end_day(party(magician()))
    game, _ = cp.take_corruption(game, "a", 4, "test")
    game, _ = cp.mark_all(game, "a", ["Miser's Dream"])
    member = game.member("a")
    assert cor.suggest_marks(member.character, member.corruption, member.traits) == [
        cor.FRIENDSHIP,
        cor.FRIENDSHIP,
        "Miser's Dream",
    ]
