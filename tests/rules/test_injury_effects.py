"""Injuries in a fight (INJ-MAJOR, INJ-MINOR, INJ-CRITICAL): each combat effect is a passive ability the engine adds."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.actions import Choose, EndTurn, PlayCard
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.injuries import injury_check_terms
from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.character import Character
from rt0table.rules.rt0.check_table import CheckTable
from rt0table.rules.rt0.effects import area_damage
from rt0table.rules.rt0.engine import (
    AdversarySetup,
    FighterSetup,
    Preparation,
    apply,
    fight_abilities,
    legal_actions,
    new_combat,
    refusal,
)
from rt0table.rules.rt0.events import (
    CardsDiscarded,
    DamageDealt,
    DamageWasted,
    Event,
    HealthLost,
    InjuryTaken,
    InjuryTreated,
    ShieldGained,
    SkillCheckMade,
)
from rt0table.rules.rt0.skill_check import Difficulty, Edge, Outcome, SkillCheck, resolve
from rt0table.rules.rt0.state import CombatState
from rt0table.rules.rt0.traits import Arcana, Skill, Trait
from tests.rules.campaign.helpers import fool, party
from tests.rules.helpers import bestiary, give

ROBOT = AdversarySetup("training_robot", (0, 0))


def setup(*injuries: str, traits: frozenset[Trait] = frozenset()) -> FighterSetup:
    return FighterSetup("a", "Pip", (0, 0), traits, injuries=injuries)


def start(who: FighterSetup, tops: tuple[str, ...] = (), hp: int = 0) -> tuple[CombatState, list[Event]]:
    """A fight against the training robot, the first cards drawn stacked by name."""
    prepared = Preparation(tops={"a": tuple(by_name(n) for n in tops)}, hp={"training_robot-1": hp} if hp else {})
    return new_combat(1, 3, [who], [ROBOT], bestiary(), prepared=prepared)


def choose(state: CombatState, text: str) -> tuple[CombatState, list[Event]]:
    assert state.pending is not None, f"nothing pending to answer with {text!r}"
    labels = [o.label for o in state.pending.options]
    matches = [i for i, label in enumerate(labels) if text in label]
    assert len(matches) == 1, f"{text!r} among {labels}"
    return apply(state, Choose(matches[0]))


def play(state: CombatState, card: str, ability: str) -> tuple[CombatState, list[Event]]:
    give(state, state.fighter("a"), card)
    return apply(state, PlayCard("a", by_name(card), ability))


# --- wiring -------------------------------------------------------------------------------------------------


@pytest.mark.rule("INJ-MAJOR", "INJ-MINOR")
def test_the_engine_adds_a_rule_per_effect_in_force() -> None:
    assert fight_abilities(setup()) == fight_abilities(setup("Upset Stomach"))  # checks only, nothing in a fight
    assert "injury_no_concentrate" not in fight_abilities(setup("Concussion"))  # not Foolish before
    foolish = setup("Concussion", traits=frozenset({Trait.FOOLISH}))
    assert fight_abilities(foolish)[-1] == "injury_no_concentrate"
    blinded = ("injury_no_ranged", "injury_zone_only_targets", "injury_miss_on_low_card")
    later = ("injury_discard_drawn_knights", "injury_cured_by_card")
    assert fight_abilities(setup("Blinded", "Groggy"))[-5:] == (*blinded, *later)


# --- (1) what cannot be done --------------------------------------------------------------------------------


@pytest.mark.rule("INJ-MAJOR", "CMB-CONCENTRATE")
def test_a_foolish_concussion_cannot_concentrate() -> None:
    state, _ = start(setup("Concussion", traits=frozenset({Trait.FOOLISH})))
    card = give(state, state.fighter("a"), "The Star")[0]
    action = PlayCard("a", card, "concentrate")
    assert action not in legal_actions(state)
    assert refusal(state, action) == "Concussion: already Foolish, you cannot Concentrate at all."
    assert PlayCard("a", card, "move_skill") in legal_actions(state)


@pytest.mark.rule("INJ-MAJOR", "CMB-CONCENTRATE")
def test_a_concussion_alone_still_concentrates() -> None:
    state, _ = start(setup("Concussion", traits=frozenset({Trait.WISE})))
    card = give(state, state.fighter("a"), "The Star")[0]
    assert PlayCard("a", card, "concentrate") in legal_actions(state)


@pytest.mark.rule("INJ-MAJOR", "CMB-DEFEND", "MOD-SPEED")
def test_a_slow_broken_leg_gains_no_shield() -> None:
    state, _ = start(setup("Broken Leg", traits=frozenset({Trait.SLOW})))
    state, _ = play(state, "10 of Cups", "defend")
    assert state.fighter("a").shield == 0


@pytest.mark.rule("INJ-MAJOR", "CMB-DEFEND")
def test_a_broken_leg_alone_defends_as_slow() -> None:
    state, events = start(setup("Broken Leg", traits=frozenset({Trait.FAST})))
    state, events = play(state, "10 of Cups", "defend")
    assert state.fighter("a").shield == 3 and ShieldGained("a", 3, 3) in events


@pytest.mark.rule("INJ-MAJOR", "CMB-UNARMED", "MOD-STRENGTH")
def test_a_weak_broken_arm_deals_no_physical_damage() -> None:
    state, _ = start(setup("Broken Arm", traits=frozenset({Trait.WEAK})))
    state, _ = play(state, "10 of Swords", "unarmed_strike")
    labels = [o.label for o in state.pending.options] if state.pending else []
    assert labels and all(label.startswith("0 ") for label in labels)
    hp = state.adversary("training_robot-1").hp
    state, _ = choose(state, "0 damage")
    assert state.adversary("training_robot-1").hp == hp


@pytest.mark.rule("INJ-MINOR", "CMB-DAMAGE-RANGED")
def test_blinded_ranged_damage_becomes_melee() -> None:
    far = FighterSetup("a", "Pip", (2, 2), injuries=("Blinded",))
    state, _ = start(far)
    state, events = play(state, "10 of Swords", "unarmed_strike")
    assert state.pending is None  # the robot is out of reach now that nothing is ranged
    assert not any(isinstance(e, DamageDealt) for e in events)


HAND = ("2 of Cups", "3 of Cups", "4 of Cups", "5 of Cups", "6 of Cups")


@pytest.mark.rule("INJ-MINOR", "CMB-DAMAGE-MELEE")
@pytest.mark.parametrize(("top", "hit"), [("5 of Pentacles", False), ("The Magician", False), ("6 of Wands", True)])
def test_blinded_turns_the_top_card_before_each_hit(top: str, hit: bool) -> None:
    state, _ = start(setup("Blinded"), tops=(*HAND, top))
    hp = state.adversary("training_robot-1").hp
    state, events = play(state, "10 of Swords", "unarmed_strike")
    if state.pending is not None:
        state, more = choose(state, "5 damage to")
        events += more
    assert CardsDiscarded("a", (by_name(top),), "injury_miss_on_low_card") in events
    assert by_name(top) in state.piles["a"].discard
    assert (state.adversary("training_robot-1").hp < hp) is hit
    assert any(isinstance(e, DamageWasted) and "missed" in e.reason for e in events) is not hit


@pytest.mark.rule("INJ-MINOR", "CMB-DAMAGE-RANGED")
def test_blinded_effects_on_every_adversary_reach_only_the_zone() -> None:
    robots = [ROBOT, AdversarySetup("training_robot", (2, 2))]
    for injuries, hit in (((), {"training_robot-1", "training_robot-2"}), (("Blinded",), {"training_robot-1"})):
        who = FighterSetup("a", "Pip", (0, 0), injuries=injuries)
        tops = {"a": tuple(by_name(n) for n in (*HAND, "9 of Cups", "9 of Wands"))}  # Blinded's turned cards hit
        state, _ = new_combat(1, 3, [who], robots, bestiary(), prepared=Preparation(tops=tops))
        events: list[Event] = []
        area_damage(state, state.fighter("a"), 2, True, True, events, everywhere=True)
        assert {e.target for e in events if isinstance(e, DamageDealt)} == hit


@pytest.mark.rule("INJ-MINOR", "CMB-DAMAGE-RANGED")
def test_temperance_played_removes_blinded() -> None:
    far = FighterSetup("a", "Pip", (2, 2), injuries=("Blinded",))
    state, _ = start(far)
    card = give(state, state.fighter("a"), "Temperance")[0]
    other = give(state, state.fighter("a"), "The Star")[0]
    assert PlayCard("a", other, "injury_cured_by_card") not in legal_actions(state)
    state, events = apply(state, PlayCard("a", card, "injury_cured_by_card"))
    assert "Blinded" not in state.fighter("a").injuries
    assert InjuryTreated("a", "Blinded", "") in events
    assert card in state.piles["a"].discard
    state, events = play(state, "10 of Swords", "unarmed_strike")
    assert any(isinstance(e, DamageDealt) and e.ranged for e in events)  # ranged again: the robot is in reach
    assert PlayCard("a", other, "injury_cured_by_card") not in legal_actions(state)


@pytest.mark.rule("INJ-CRITICAL", "CMB-TURN")
def test_a_critical_injury_skips_the_turn() -> None:
    state, _ = start(setup("Critical Injury"))
    assert state.active_fighter is None or state.active_fighter.id != "a"


@pytest.mark.rule("INJ-MINOR", "DAY-CLOCK")
def test_a_scar_blocks_the_ability_chosen_this_morning() -> None:
    scarred = FighterSetup("a", "Pip", (0, 0), injuries=("Massive Painful Scar",), blocked=("defend",))
    state, _ = start(scarred)
    card = give(state, state.fighter("a"), "10 of Cups")[0]
    assert PlayCard("a", card, "defend") not in legal_actions(state)
    assert refusal(state, PlayCard("a", card, "defend")) == "Massive Painful Scar: this ability is blocked for the Day."
    assert PlayCard("a", card, "move_skill") in legal_actions(state)
    assert "injury_scar_block" not in fight_abilities(setup("Massive Painful Scar"))  # nothing chosen, nothing blocked


@pytest.mark.rule("INJ-MINOR", "DAY-CLOCK")
def test_the_campaign_brings_the_scar_blocks_into_the_fight() -> None:
    game, _ = cp.take_injury(party(fool()), "a", "Massive Painful Scar")
    game = cp.choose_scar_blocks(game, "a", ["defend"])
    assert cp.fighter_setup(game, "a", (0, 0)).blocked == ("defend",)
    game, _ = cp.heal_injury(game, "a", "Massive Painful Scar")
    assert cp.fighter_setup(game, "a", (0, 0)).blocked == ()


# --- (2) cards ------------------------------------------------------------------------------------------------


@pytest.mark.rule("INJ-MINOR", "CMB-TURN")
def test_dizzy_and_hex_each_cost_a_card_in_the_first_round() -> None:
    state, _ = start(setup("Dizzy", "Hex"))
    assert state.pending is not None and state.pending.kind == "injury-discard"
    hand = list(state.fighter("a").hand)
    state, events = apply(state, Choose(0))
    state, more = apply(state, Choose(0))
    assert len(state.fighter("a").hand) == len(hand) - 2 and state.pending is None
    discarded = [e for e in events + more if isinstance(e, CardsDiscarded)]
    assert [e.origin for e in discarded] == ["injury_discard_first_round"] * 2
    state, _ = apply(state, EndTurn("a"))
    while state.pending is not None or state.round == 1:  # the robot's turn, then round two
        state, _ = apply(state, legal_actions(state)[0])
    assert state.round == 2 and state.pending is None


@pytest.mark.rule("INJ-MINOR", "CMB-TURN")
def test_groggy_throws_away_drawn_knights() -> None:
    state, events = start(setup("Groggy"), tops=("Knight of Cups", "3 of Cups"))
    hand = state.fighter("a").hand
    assert by_name("Knight of Cups") not in hand and by_name("3 of Cups") in hand
    assert CardsDiscarded("a", (by_name("Knight of Cups"),), "injury_discard_drawn_knights") in events


@pytest.mark.rule("INJ-MINOR", "CMB-TURN")
def test_distracted_throws_away_wands_and_pentacles() -> None:
    state, _ = start(setup("Distracted"), tops=("2 of Wands", "3 of Pentacles", "4 of Cups", "5 of Swords"))
    hand = state.fighter("a").hand
    assert by_name("2 of Wands") not in hand and by_name("3 of Pentacles") not in hand
    assert by_name("4 of Cups") in hand and by_name("5 of Swords") in hand


@pytest.mark.rule("INJ-MAJOR", "CMB-TURN")
def test_disease_five_of_pentacles_costs_8_hp_past_shield() -> None:
    _, events = start(setup("Disease"), tops=("5 of Pentacles",))
    assert HealthLost("a", 8, 12, "Disease") in events


@pytest.mark.rule("INJ-MAJOR", "CMB-TURN")
def test_heart_palpitations_draw_one_more() -> None:
    plain, _ = start(setup())
    state, _ = start(setup("Heart Palpitations"), tops=("2 of Cups",) * 1)
    assert len(state.fighter("a").hand) == len(plain.fighter("a").hand) + 1


@pytest.mark.rule("INJ-MAJOR", "CMB-TURN")
def test_heart_palpitations_major_costs_1_hp_and_goes() -> None:
    tops = ("2 of Cups", "3 of Cups", "4 of Cups", "5 of Cups", "6 of Cups", "The Star")
    state, events = start(setup("Heart Palpitations"), tops=tops)
    assert by_name("The Star") not in state.fighter("a").hand
    assert state.fighter("a").hp == 19
    assert CardsDiscarded("a", (by_name("The Star"),), "injury_extra_draw") in events


@pytest.mark.rule("INJ-MAJOR", "INJ-CRITICAL")
def test_heart_palpitations_three_of_swords_drawn_extra_is_a_critical_injury() -> None:
    tops = ("2 of Cups", "3 of Cups", "4 of Cups", "5 of Cups", "6 of Cups", "3 of Swords")
    state, events = start(setup("Heart Palpitations"), tops=tops)
    assert InjuryTaken("a", "Critical Injury", "critical", 20) in events
    assert state.fighter("a").injuries == ["Heart Palpitations", "Critical Injury"]
    assert state.active_fighter is None or state.active_fighter.id != "a"  # incapacitated at once


@pytest.mark.rule("INJ-MAJOR")
def test_heart_palpitations_three_of_swords_in_the_turns_own_draw_is_just_a_card() -> None:
    tops = ("3 of Swords", "3 of Cups", "4 of Cups", "5 of Cups", "6 of Cups", "7 of Cups")
    state, events = start(setup("Heart Palpitations"), tops=tops)
    assert not any(isinstance(e, InjuryTaken) for e in events)
    assert by_name("3 of Swords") in state.fighter("a").hand


# --- (3) checks ------------------------------------------------------------------------------------------------


def mira_table(*injuries: str) -> CheckTable:
    mira = Character("Mira", Arcana.MAGICIAN, Trait.CHARMING, Trait.DULL, Skill.SCI, Skill.GYM)
    return CheckTable.for_party([mira], [], seed=7, injuries={"Mira": injuries})


@pytest.mark.rule("INJ-MINOR", "SKL-PENALTY")
def test_upset_stomach_gives_penalty_on_every_check() -> None:
    check = mira_table("Upset Stomach").check_for("Mira", Skill.LAW, Difficulty.MEDIUM, Edge.NONE)
    assert check.edge is Edge.PENALTY
    helped = mira_table("Upset Stomach").check_for("Mira", Skill.LAW, Difficulty.MEDIUM, Edge.BONUS)
    assert helped.edge is Edge.NONE  # Bonus and Penalty cancel


@pytest.mark.rule("INJ-MINOR", "SKL-PENALTY")
def test_dizzy_gives_penalty_on_wise_skills_only() -> None:
    table = mira_table("Dizzy")
    assert table.check_for("Mira", Skill.AID, Difficulty.MEDIUM, Edge.NONE).edge is Edge.PENALTY  # AID is Wise
    assert table.check_for("Mira", Skill.GYM, Difficulty.MEDIUM, Edge.NONE).edge is Edge.NONE


@pytest.mark.rule("INJ-MAJOR")
def test_majors_bar_their_skills_and_bleeding_out_all_but_aid() -> None:
    table = mira_table("Broken Arm")
    assert table.checkers["Mira"].refusal(Skill.GYM) == "Broken Arm: no Strong skills, and GYM is one."
    assert table.checkers["Mira"].refusal(Skill.LAW) is None
    with pytest.raises(ValueError, match="Broken Arm"):
        table.check_for("Mira", Skill.SHOP, Difficulty.EASY, Edge.NONE)
    bleeding = mira_table("Bleeding Out").checkers["Mira"]
    assert bleeding.refusal(Skill.AID) is None and bleeding.refusal(Skill.LAW) is not None


@pytest.mark.rule("INJ-MAJOR")
def test_delirium_on_a_dull_report_card_bars_every_skill() -> None:
    assert mira_table("Delerium").checkers["Mira"].refusal(Skill.AID) is not None
    terms = injury_check_terms({Trait.CLEVER}, ("Delerium",), Skill.AID)
    assert terms.refusal is None


@pytest.mark.rule("INJ-MINOR", "SKL-CRIT-FAIL")
def test_groggy_knight_is_a_critical_failure_outside_combat_only() -> None:
    terms = injury_check_terms((), ("Groggy",), Skill.GYM)
    check = SkillCheck(Difficulty.EASY, critical_failures=terms.critical_failures)
    assert resolve(check, [by_name("Knight of Cups")]).outcome is Outcome.CRITICAL_FAILURE
    assert resolve(SkillCheck(Difficulty.EASY), [by_name("Knight of Cups")]).outcome is Outcome.SUCCESS
    assert not injury_check_terms((), ("Groggy",), Skill.GYM, in_combat=True).critical_failures


@pytest.mark.rule("INJ-MINOR", "SKL-IN-COMBAT")
def test_a_check_in_combat_has_the_injury_penalty() -> None:
    state, _ = start(setup("Upset Stomach", "Broken Arm"))
    for card in ("2 of Cups", "3 of Cups"):
        state, _ = play(state, card, "move_skill")
    state, _ = choose(state, "skill check")
    assert state.pending is not None and "GYM" not in [o.label for o in state.pending.options]
    state, _ = choose(state, "LAW")
    state, events = choose(state, "Medium")
    made = next(e for e in events if isinstance(e, SkillCheckMade))
    assert len(made.cards) >= 2 and made.reason.startswith("Penalty")
