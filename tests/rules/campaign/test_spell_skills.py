"""The spells' skill parts as once-a-Day uses on the Day clock, and Aquarius's one Heal a Day across fights."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import day as clock
from rt0table.rules.rt0.campaign.campaign_events import InjuryGained
from rt0table.rules.rt0.campaign.character import Character
from rt0table.rules.rt0.campaign.spell_skills import DAY_USES, HEAL_USE, SPELL_SKILLS, castable_today, day_uses
from rt0table.rules.rt0.campaign.supremacy import summarise
from rt0table.rules.rt0.cards import MAGICIAN
from rt0table.rules.rt0.fight.actions import PlayCard
from rt0table.rules.rt0.fight.engine import AdversarySetup, Preparation, apply, new_combat
from rt0table.rules.rt0.fight.state import Phase
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait
from rt0table.rules.seam import RulesError
from tests.helpers.fight_builders import bestiary
from tests.helpers.sample_party import party

HEALER = Character(
    "Nia", Arcana.MAGICIAN, Trait.CHARMING, Trait.WEAK, Skill.SCI, Skill.GYM, (Spell.AQUARIUS, Spell.LEO)
)


@pytest.mark.rule("SPL-ARIES", "SPL-TAURUS", "SPL-CANCER", "SPL-LEO", "SPL-GEMINI", "SPL-SAGITTARIUS",
                  "SPL-CAPRICORN", "SPL-LIBRA", "SPL-SCORPIO", "SPL-PISCES", "SPL-AQUARIUS", "SPL-VIRGO",
                  "SPL-OPHIUCHUS")  # fmt: skip
def test_every_spell_has_a_skill_part_and_all_but_pisces_a_use_a_day() -> None:
    assert set(SPELL_SKILLS) == set(Spell)
    assert all(skill.summary and len(skill.summary) < 110 for skill in SPELL_SKILLS.values())
    assert set(DAY_USES) == set(Spell) - {Spell.PISCES}, "Pisces' hook is thrown whenever you like"
    assert DAY_USES[Spell.ARIES] == "Aries: Agility" and DAY_USES[Spell.LEO] == "Leo: Light"
    assert day_uses((Spell.PISCES, Spell.VIRGO)) == ("Virgo: Charm",)
    assert {clock.POWERS[use].spell for use in DAY_USES.values()} == set(DAY_USES)


@pytest.mark.rule("DAY-CLOCK", "SPL-CAPRICORN", "SPL-LEO")
def test_spell_uses_are_spent_for_the_day_and_fresh_the_next() -> None:
    game = party(HEALER)
    assert clock.powers_of(HEALER)[-2:] == ("Leo: Light", "Aquarius: Heal")
    game = cp.use_power(game, "a", "Aquarius: Heal")
    with pytest.raises(RulesError, match="already been used today"):
        cp.use_power(game, "a", "Aquarius: Heal")
    with pytest.raises(RulesError, match="does not have"):
        cp.use_power(game, "a", "Capricorn: Loop")
    game, _ = cp.end_day(game)
    cp.use_power(game, "a", "Aquarius: Heal")


@pytest.mark.rule("SPL-AQUARIUS", "DAY-CLOCK")
def test_heal_is_one_a_day_in_or_out_of_combat() -> None:
    game = party(HEALER)
    assert cp.fighter_setup(game, "a", (1, 1)).spells == (Spell.AQUARIUS, Spell.LEO)
    spent = cp.use_power(game, "a", HEAL_USE)
    assert cp.fighter_setup(spent, "a", (1, 1)).spells == (Spell.LEO,), "Aquarius stays home once Heal is spent"
    assert castable_today((Spell.AQUARIUS,), ()) == (Spell.AQUARIUS,)


@pytest.mark.rule("SPL-AQUARIUS", "CMB-SUPREMACY")
def test_a_heal_cast_in_a_fight_spends_the_days_heal_and_its_minor_is_no_new_injury() -> None:
    game, _ = cp.take_injury(party(HEALER), "a", "Broken Arm")
    before = cp.injuries_before(game)
    setup = cp.fighter_setup(game, "a", (1, 1))
    prepared = Preparation(hands={"a": (MAGICIAN,)})
    robot = [AdversarySetup("training_robot", (0, 0))]
    state, _ = new_combat(2, 3, [setup], robot, bestiary(), prepared=prepared, day=game.clock.day)
    state, _ = apply(state, PlayCard("a", MAGICIAN, "spell_aquarius"))
    assert state.pending is None, "at full HP, the one treatment on offer is taken at once"
    assert state.fighter("a").injuries == ["Splinted Arm"]
    state.phase = Phase.OVER
    summary = summarise(state, before)
    assert summary.outcomes[0].injuries_taken == () and summary.outcomes[0].day_uses == (HEAL_USE,)
    game, events = cp.conclude_fight(game, summary)
    assert game.member("a").injuries.names == ("Splinted Arm",)
    assert not any(isinstance(e, InjuryGained) for e in events) and game.supremacy == 2
    assert clock.use_refusal(game.clock, "a", HEAL_USE) == "Aquarius: Heal has already been used today."
