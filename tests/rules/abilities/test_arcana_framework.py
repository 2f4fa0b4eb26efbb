"""The shared machinery Arcana Abilities stand on: choosing them, wild and stand-in cards, corruption."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.cards import FOOL, MAGICIAN, by_name
from rt0table.rules.rt0.fight.actions import AddAbility, Choose, PlayCard
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, apply, fight_abilities, legal_actions
from rt0table.rules.rt0.fight.events import AbilityAdded, CardDeclared, CorruptionTaken, DamageDealt, ShieldGained
from rt0table.rules.rt0.fight.identity import face
from rt0table.rules.rt0.traits import Arcana, Trait
from rt0table.rules.seam import IllegalAction
from tests.helpers.fight_builders import fight, give

ROBOT_HERE = [AdversarySetup("training_robot", (1, 1))]


def fool(**extra: object) -> FighterSetup:
    return FighterSetup("pip", "Pip", (1, 1), frozenset({Trait.STRONG, Trait.WEAK, Trait.LUCKY}), Arcana.FOOL, **extra)  # type: ignore[arg-type]


def magician(**extra: object) -> FighterSetup:
    traits = frozenset({Trait.STRONG, Trait.SLOW, Trait.CLEVER})
    return FighterSetup("mo", "Mo", (1, 1), traits, Arcana.MAGICIAN, **extra)  # type: ignore[arg-type]


@pytest.mark.rule("FOOL-WILDCARD")
def test_the_fool_is_named_as_any_card_the_bin_takes_and_then_counts_as_it() -> None:
    state = fight([fool()], ROBOT_HERE)
    pip = state.fighter("pip")
    give(state, pip, "The Fool")
    state, events = apply(state, PlayCard("pip", FOOL, "unarmed_strike"))
    pending = state.pending
    assert pending is not None and pending.kind == "wildcard"
    labels = [option.label for option in pending.options]
    assert len(labels) == 28, "one choice per value in each of the two suits Unarmed Strike takes"
    assert "The Fool counts as 10 of Swords" in labels and not any("Cups" in label for label in labels)
    state, events = apply(state, Choose(labels.index("The Fool counts as 10 of Swords")))
    assert any(isinstance(e, CardDeclared) and e.counts_as == by_name("10 of Swords") for e in events)
    # 10 completes Unarmed Strike at once: melee or ranged on the robot sharing the zone.
    assert state.pending is not None and state.pending.kind == "strike"
    assert FOOL in state.piles["pip"].discard and FOOL not in state.fighter("pip").counts_as, (
        "once discarded The Fool is itself again"
    )


@pytest.mark.rule("FOOL-WILDCARD")
def test_a_wild_fool_fits_any_bin_but_only_for_a_fool() -> None:
    state = fight([fool()], ROBOT_HERE)
    give(state, state.fighter("pip"), "The Fool")
    targets = {a.ability for a in legal_actions(state) if isinstance(a, PlayCard) and a.card == FOOL}
    assert {"unarmed_strike", "defend", "concentrate", "move_skill", "run_away", "honk"} <= targets

    state = fight([magician()], ROBOT_HERE)
    give(state, state.fighter("mo"), "The Fool")
    targets = {a.ability for a in legal_actions(state) if isinstance(a, PlayCard) and a.card == FOOL}
    assert "defend" not in targets and "concentrate" in targets


@pytest.mark.rule("MAG-FOOL", "HP-FOOL")
def test_the_fool_counts_as_the_magician_or_the_high_priestess_for_them() -> None:
    state = fight([magician()], ROBOT_HERE)
    assert face(state.fighter("mo"), FOOL).id == MAGICIAN
    priestess = FighterSetup("hp", "Hope", (1, 1), frozenset({Trait.STRONG, Trait.WEAK}), Arcana.HIGH_PRIESTESS)
    state = fight([priestess], ROBOT_HERE)
    assert face(state.fighter("hp"), FOOL).name == "The High Priestess"
    state = fight([fool()], ROBOT_HERE)
    assert face(state.fighter("pip"), FOOL).id == FOOL


@pytest.mark.rule("CMB-CHOOSE-ABILITIES")
def test_a_fighter_brings_two_arcana_abilities_of_their_own_arcana() -> None:
    with pytest.raises(ValueError, match="belong to another Arcana"):
        fight_abilities(fool(abilities=("check_behind_your_ears",)))
    with pytest.raises(ValueError, match="no ability called"):
        fight_abilities(magician(abilities=("sword_dance",)))
    assert "check_behind_your_ears" in fight_abilities(magician(abilities=("check_behind_your_ears",)))


@pytest.mark.rule("CMB-CHOOSE-ABILITIES", "COR-UPGRADE")
def test_fully_upgraded_abilities_come_free_and_more_cost_one_corruption_each() -> None:
    upgraded = magician(upgrades=frozenset({"check_behind_your_ears"}))
    assert "check_behind_your_ears" in fight_abilities(upgraded)

    state = fight([magician()], ROBOT_HERE)
    add = AddAbility("mo", "check_behind_your_ears")
    assert add in legal_actions(state)
    state, events = apply(state, add)
    mo = state.fighter("mo")
    assert "check_behind_your_ears" in mo.abilities and mo.corruption_gained == 1
    assert any(isinstance(e, CorruptionTaken) and e.amount == 1 for e in events)
    assert any(isinstance(e, AbilityAdded) for e in events)
    with pytest.raises(IllegalAction, match="already has Check Behind Your Ears"):
        apply(state, add)
    with pytest.raises(IllegalAction, match="not one of Pip's Arcana Abilities"):
        apply(fight([fool()], ROBOT_HERE), AddAbility("pip", "check_behind_your_ears"))


@pytest.mark.rule("MAG-CHECK-EARS")
def test_check_behind_your_ears_hits_for_one_redraws_the_intent_and_pays_a_chit() -> None:
    state = fight([magician(abilities=("check_behind_your_ears",))], ROBOT_HERE)
    (card,) = give(state, state.fighter("mo"), "4 of Pentacles")
    robot = state.adversaries[0]
    old_intent = robot.intent
    with pytest.raises(IllegalAction, match="takes Pentacles"):
        apply(state, PlayCard("mo", give(state, state.fighter("mo"), "4 of Cups")[0], "check_behind_your_ears"))
    state, events = apply(state, PlayCard("mo", card, "check_behind_your_ears"))
    hit = next(e for e in events if isinstance(e, DamageDealt))
    assert (hit.target, hit.amount) == (robot.id, 1)
    assert state.adversaries[0].hp == 14
    assert state.adversaries[0].intent != old_intent or state.piles["gm"].discard[-1] == old_intent
    assert old_intent in state.piles["gm"].discard
    assert state.fighter("mo").marks["chits"] == 1
    assert card in state.piles["mo"].discard


@pytest.mark.rule("MAG-MISERS-DREAM")
def test_misers_dream_offers_a_draw() -> None:
    state = fight([magician(upgrades=frozenset({"check_behind_your_ears"}))], ROBOT_HERE)
    (card,) = give(state, state.fighter("mo"), "4 of Pentacles")
    hand = len(state.fighter("mo").hand)
    state, _ = apply(state, PlayCard("mo", card, "check_behind_your_ears"))
    assert state.pending is not None and state.pending.kind == "misers-dream"
    state, _ = apply(state, Choose(0))
    assert len(state.fighter("mo").hand) == hand, "one card played, one drawn"


@pytest.mark.rule("CMB-DEFEND")
def test_shield_from_abilities_goes_through_the_shield_bonus_hook() -> None:
    state = fight([magician()], ROBOT_HERE)
    cards = give(state, state.fighter("mo"), "9 of Cups", "Ace of Pentacles")
    state, _ = apply(state, PlayCard("mo", cards[0], "defend"))
    state, events = apply(state, PlayCard("mo", cards[1], "defend"))
    assert [e.amount for e in events if isinstance(e, ShieldGained)] == [3], "Slow: 3 Shield"
