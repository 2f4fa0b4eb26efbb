"""FOOL-LUCKY, MAG-CLEVER, HP-WISE: an Arcana brings its free ability on every path into a fight."""

from __future__ import annotations

import pytest

from rt0table.assets import path
from rt0table.rules.rt0.campaign.character import allowed_weaknesses, free_ability, spell_slots
from rt0table.rules.rt0.content.lesson import load_lesson
from rt0table.rules.rt0.content.scenario import ScenarioError, parse_scenario, start
from rt0table.rules.rt0.fight.actions import PlayCard
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, apply_in_place, new_combat
from rt0table.rules.rt0.fight.state import FighterKind
from rt0table.rules.rt0.traits import ABILITIES, SPELL_REQUIRES, WEAKNESSES, Arcana, Spell, Trait
from tests.helpers.fight_builders import bestiary, give

LESSONS = sorted(p.name for p in path("lessons").iterdir() if p.suffix == ".toml")


@pytest.mark.rule("MAG-CLEVER", "SPL-LEO")
def test_a_magician_set_up_without_clever_still_beams_for_30() -> None:
    setup = FighterSetup("ren", "Ren", (1, 1), arcana=Arcana.MAGICIAN, spells=(Spell.LEO,))
    state, _ = new_combat(3, 3, [setup], [AdversarySetup("laborer", (1, 1))], bestiary())
    ren = state.fighter("ren")
    assert Trait.CLEVER in ren.traits
    (magician,) = give(state, ren, "The Magician")
    apply_in_place(state, PlayCard("ren", magician, "spell_leo"))
    assert state.pending is not None
    assert [o.label for o in state.pending.options] == [
        "30 magic damage to one adversary in your zone",
        "16 magic damage to every adversary in your zone",
    ]


@pytest.mark.rule("FOOL-LUCKY", "HP-WISE", "MAG-CLEVER")
@pytest.mark.parametrize(("arcana", "free"), [(Arcana.FOOL, Trait.LUCKY), (Arcana.MAGICIAN, Trait.CLEVER),
                                              (Arcana.HIGH_PRIESTESS, Trait.WISE)])  # fmt: skip
def test_every_arcana_brings_its_ability_through_the_api(arcana: Arcana, free: Trait) -> None:
    setup = FighterSetup("p", "Pat", (1, 1), frozenset({Trait.STRONG, Trait.SLOW}), arcana)
    state, _ = new_combat(3, 3, [setup], [], bestiary(), practice=True)
    assert state.fighter("p").traits == frozenset({Trait.STRONG, Trait.SLOW, free})


@pytest.mark.rule("FOOL-LUCKY")
def test_a_lucky_fools_deck_loses_its_aces_and_twos_without_saying_lucky() -> None:
    state, _ = new_combat(3, 3, [FighterSetup("f", "Fay", (1, 1), arcana=Arcana.FOOL)], [], bestiary(), practice=True)
    fay = state.fighter("f")
    pile = state.piles[fay.pile]
    assert len(pile.draw) + len(fay.hand) == 78 - 8  # DECK-LUCKY: Aces and Twos out


@pytest.mark.rule("MAG-CLEVER")
def test_the_opposite_weakness_is_refused_naming_the_fighter_and_the_file() -> None:
    setup = FighterSetup("ren", "Ren", (1, 1), frozenset({Trait.DULL}), Arcana.MAGICIAN)
    with pytest.raises(ValueError, match="Ren: The Magician is always Clever, so Dull cannot be among its traits"):
        new_combat(3, 3, [setup], [], bestiary(), practice=True)
    text = 'seed = 1\n[[fighters]]\nid = "ren"\narcana = "The Magician"\ntraits = ["Dull"]\nzone = "B2"\n'
    with pytest.raises(ScenarioError, match=r"mine\.toml: fighters\[0\]\.traits: The Magician is always Clever"):
        parse_scenario(text, "mine.toml")


@pytest.mark.rule("HP-WISE")
def test_a_scenario_fighter_carries_the_free_ability_it_did_not_name() -> None:
    text = 'seed = 1\n[[fighters]]\nid = "jo"\narcana = "The High Priestess"\nzone = "B2"\n'
    scenario = parse_scenario(text, "mine.toml")
    assert scenario.fighters[0].traits == frozenset({Trait.WISE})
    assert Trait.WISE in start(scenario, bestiary()).state.fighter("jo").traits


@pytest.mark.rule("FOOL-LUCKY", "HP-WISE", "MAG-CLEVER", "CHR-ARCANA")
@pytest.mark.parametrize("name", LESSONS)
def test_every_lessons_characters_hold_to_the_character_rules(name: str) -> None:
    """Each lesson's players, read as Report Cards: the Arcana's free ability, no weakness against an ability held,
    no more spells than the Arcana allows and none it may not learn."""
    lesson = load_lesson(path("lessons", name).read_text(encoding="utf-8"), name, bestiary())
    state = start(lesson.scenario, bestiary()).state
    for setup in lesson.scenario.fighters:
        if setup.kind is not FighterKind.PLAYER or setup.arcana is None:
            continue
        traits = state.fighter(setup.id).traits
        assert free_ability(setup.arcana) in traits, f"{name}: {setup.name}"
        chosen = [t for t in traits if t in ABILITIES and t is not free_ability(setup.arcana)]
        weakness = next((t for t in traits if t in WEAKNESSES), None)
        if weakness is not None:
            for ability in chosen or [next(a for a in ABILITIES if a is not free_ability(setup.arcana))]:
                assert weakness in allowed_weaknesses(setup.arcana, ability), f"{name}: {setup.name}"
        slots = spell_slots(setup.arcana, weakness or Trait.SLOW)  # with no weakness named, any but Dull
        assert len(setup.spells) <= slots, f"{name}: {setup.name}"
        for spell in setup.spells:
            needed = SPELL_REQUIRES.get(spell)
            assert needed is None or needed in traits, f"{name}: {setup.name} may not know {spell.value}"
