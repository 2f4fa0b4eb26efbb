"""Injuries in a fight (INJ-MAJOR, INJ-MINOR, INJ-CRITICAL): each combat effect is a passive ability the engine adds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.abilities.injury_effects import INJURY_RULES, check_terms
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.character import Character
from rt0table.rules.rt0.campaign.check_table import CheckTable
from rt0table.rules.rt0.campaign.injuries import injury_check_terms
from rt0table.rules.rt0.campaign.skill_check import (
    CheckResult,
    Difficulty,
    Edge,
    Outcome,
    SkillCheck,
    check_odds,
    resolve,
)
from rt0table.rules.rt0.campaign.skill_check import retry as retry_check
from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.fight.actions import Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.deck import Pile
from rt0table.rules.rt0.fight.effects import area_damage
from rt0table.rules.rt0.fight.engine import (
    AdversarySetup,
    FighterSetup,
    Preparation,
    apply,
    fight_abilities,
    legal_actions,
    new_combat,
    refusal,
)
from rt0table.rules.rt0.fight.events import (
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
from rt0table.rules.rt0.fight.narration import narrate
from rt0table.rules.rt0.fight.registry import HOOKS
from rt0table.rules.rt0.fight.serialize import decode, encode, state_from_dict, state_hash, state_to_dict
from rt0table.rules.rt0.fight.state import CombatState, FighterKind
from rt0table.rules.rt0.traits import SKILL_ABILITIES, Arcana, Skill, Spell, Trait
from tests.helpers import spell_fights as spells
from tests.helpers.fight_builders import bestiary, choose, give
from tests.helpers.sample_party import fool, party

ROBOT = AdversarySetup("training_robot", (0, 0))


def setup(*injuries: str, traits: frozenset[Trait] = frozenset()) -> FighterSetup:
    return FighterSetup("a", "Pip", (0, 0), traits, injuries=injuries)


def start(who: FighterSetup, tops: tuple[str, ...] = (), hp: int = 0) -> tuple[CombatState, list[Event]]:
    """A fight against the training robot, the first cards drawn stacked by name."""
    prepared = Preparation(tops={"a": tuple(by_name(n) for n in tops)}, hp={"training_robot-1": hp} if hp else {})
    return new_combat(1, 3, [who], [ROBOT], bestiary(), prepared=prepared)


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
    made = next(e for e in gm_named_the_worse(state, events) if isinstance(e, SkillCheckMade))
    assert len(made.cards) >= 2 and made.reason.startswith("Penalty")


def gm_named_the_worse(state: CombatState, events: list[Event]) -> list[Event]:
    """The events of a check in combat, once the GM has named the worse card when Penalty asked (SKL-PENALTY)."""
    if state.pending is not None and state.pending.kind == "gm-worse":
        _, more = apply(state, Choose(0))
        return [*events, *more]
    return events


# --- (4) every Shield a Slow Broken Leg would gain ---------------------------------------------------------------

SLOW_LEG = FighterSetup("al", "Al", (1, 1), frozenset({Trait.STRONG, Trait.SLOW}), injuries=("Broken Leg",))


@pytest.mark.rule("INJ-MAJOR", "SPL-CANCER")
def test_a_slow_broken_leg_gains_no_shield_an_ally_shares() -> None:
    state = spells.start([spells.plain(Spell.CANCER), SLOW_LEG], hands={"pip": ["The Magician"]})
    state, _ = spells.play(state, "The Magician>spell_cancer")
    state, events = spells.play(state, spells.pick(state, "each ally"))
    assert spells.shields(events) == [("pip", 8), ("al", 0)]
    assert (state.fighter("pip").shield, state.fighter("al").shield) == (8, 0)


@pytest.mark.rule("INJ-MAJOR", "SPL-CANCER")
def test_a_slow_broken_leg_still_shields_the_others() -> None:
    caster = spells.plain(Spell.CANCER, traits=(Trait.CHARMING, Trait.SLOW), injuries=("Broken Leg",))
    state = spells.start([caster, spells.friend()], hands={"pip": ["The Magician"]})
    state, _ = spells.play(state, "The Magician>spell_cancer")
    state, _ = spells.play(state, spells.pick(state, "each ally"))
    assert (state.fighter("pip").shield, state.fighter("al").shield) == (0, 8)


@pytest.mark.rule("INJ-MAJOR", "EDDY-SHEET")
def test_a_slow_broken_leg_gains_no_shield_from_an_eddy() -> None:
    eddy = FighterSetup("ed", "Eddy", (1, 1), kind=FighterKind.EDDY)
    leg = FighterSetup("al", "Al", (1, 1), frozenset({Trait.WEAK, Trait.SLOW}), injuries=("Broken Leg",))
    state = spells.start([eddy, leg])
    for _ in range(20):
        active = state.active_fighter
        if state.pending is not None:
            state, _ = apply(state, Choose(0))
        elif active is not None and active.id != "ed":
            state, _ = apply(state, EndTurn(active.id))
        else:
            break
    assert state.active_fighter is not None and state.active_fighter.id == "ed"
    give(state, state.fighter("ed"), "5 of Cups")
    state, _ = apply(state, PlayCard("ed", by_name("5 of Cups"), "eddy_shield"))
    state, events = choose(state, "Shield to Al")
    assert ShieldGained("al", 0, 0, 2, "Broken Leg: no Shield") in events and state.fighter("al").shield == 0
    line = narrate(state, next(e for e in events if isinstance(e, ShieldGained) and e.who == "al"))
    assert line == "Al gains no Shield: 2 kept off (Broken Leg: no Shield)."


# --- (5) Morning Start Withdrawal on a Day without a Morning Start ---------------------------------------------------


def withdrawn(morning_start: bool) -> FighterSetup:
    return FighterSetup("a", "Pip", (0, 0), injuries=("Morning Start Withdrawal",), morning_start=morning_start)


@pytest.mark.rule("INJ-MINOR", "DAY-CLOCK", "CMB-TURN")
def test_withdrawal_without_a_morning_start_costs_a_card_every_turn() -> None:
    state, _ = start(withdrawn(False))
    for round_ in (1, 2):
        assert state.round == round_ and state.pending is not None and state.pending.kind == "injury-discard"
        assert state.pending.actor == "a" and state.pending.private
        hand = list(state.fighter("a").hand)
        state, events = apply(state, Choose(len(hand) - 1))  # the player picks which card
        assert CardsDiscarded("a", (hand[-1],), "injury_discard_turn_start") in events
        assert hand[-1] in state.piles["a"].discard and len(state.fighter("a").hand) == len(hand) - 1
        state, _ = apply(state, EndTurn("a"))
        while state.pending is not None and state.pending.actor != "a":  # the robot's turn
            state, _ = apply(state, legal_actions(state)[0])


@pytest.mark.rule("INJ-MINOR", "DAY-CLOCK")
def test_withdrawal_after_a_morning_start_does_nothing_in_the_fight() -> None:
    assert "injury_discard_turn_start" in fight_abilities(withdrawn(False))
    assert "injury_discard_turn_start" not in fight_abilities(withdrawn(True))
    state, _ = start(withdrawn(True))
    assert state.pending is None


@pytest.mark.rule("INJ-MINOR", "SKL-IN-COMBAT", "DAY-CLOCK")
@pytest.mark.parametrize(("morning_start", "penalty"), [(False, True), (True, False)])
def test_withdrawal_penalises_a_check_in_combat_only_without_a_morning_start(
    morning_start: bool, penalty: bool
) -> None:
    state, _ = start(withdrawn(morning_start))
    while state.pending is not None and state.pending.kind == "injury-discard":
        state, _ = apply(state, Choose(0))
    for card in ("2 of Cups", "3 of Cups"):
        state, _ = play(state, card, "move_skill")
    state, _ = choose(state, "skill check")
    state, _ = choose(state, "LAW")
    state, events = choose(state, "Medium")
    made = next(e for e in gm_named_the_worse(state, events) if isinstance(e, SkillCheckMade))
    assert made.reason.startswith("Penalty") is penalty


@pytest.mark.rule("INJ-MINOR", "DAY-CLOCK", "ITM-LIST")
def test_the_campaign_says_whether_the_day_had_a_morning_start() -> None:
    game, _ = cp.take_injury(party(fool()), "a", "Morning Start Withdrawal")
    assert cp.fighter_setup(game, "a", (0, 0)).morning_start is False
    game = cp.give_item(game, "a", "Morning Start")
    game, _ = cp.use_item(game, "a", "Morning Start")
    setup_ = cp.fighter_setup(game, "a", (0, 0))
    assert setup_.morning_start is True and "injury_discard_turn_start" not in fight_abilities(setup_)
    game, _ = cp.end_day(game)
    assert cp.fighter_setup(game, "a", (0, 0)).morning_start is False


@pytest.mark.rule("INJ-MINOR", "DAY-CLOCK")
def test_the_morning_start_survives_saves_and_older_setups_load() -> None:
    assert decode(FighterSetup, {"id": "a", "name": "Pip", "zone": [0, 0]}).morning_start is False  # older setup
    assert decode(FighterSetup, encode(withdrawn(True))) == withdrawn(True)
    state, _ = start(withdrawn(True))
    loaded = state_from_dict(state_to_dict(state))
    assert state_hash(loaded) == state_hash(state) and loaded.fighter("a").marks == state.fighter("a").marks


# --- (6) Delirium on a Dull Report Card: no skills in a fight either ------------------------------------------


@pytest.mark.rule("INJ-MAJOR", "SKL-IN-COMBAT", "CMB-MOVE-SKILL")
def test_a_dull_delirium_moves_but_makes_no_skill_check() -> None:
    dull = FighterSetup("a", "Pip", (0, 0), frozenset({Trait.DULL}), injuries=("Delerium",))
    assert "injury_no_skills" in fight_abilities(dull)
    state, _ = start(dull)
    for card in ("2 of Cups", "3 of Cups"):
        state, _ = play(state, card, "move_skill")
    labels = [o.label for o in state.pending.options] if state.pending else []
    assert labels and not any("skill check" in label for label in labels)
    assert all(label.startswith("Move to") for label in labels)
    assert check_terms(state, state.fighter("a"), Skill.AID).refusal == (
        "Delerium: already Dull, no skill checks at all."
    )


@pytest.mark.rule("INJ-MAJOR", "SKL-IN-COMBAT")
def test_a_clever_delirium_checks_all_but_clever_skills() -> None:
    clever = FighterSetup("a", "Pip", (0, 0), frozenset({Trait.CLEVER}), injuries=("Delerium",))
    assert "injury_no_skills" not in fight_abilities(clever)
    state, _ = start(clever)
    for card in ("2 of Cups", "3 of Cups"):
        state, _ = play(state, card, "move_skill")
    state, _ = choose(state, "skill check")
    offered = {o.label for o in state.pending.options} if state.pending else set()
    assert offered == {s.value for s in Skill if Trait.CLEVER not in SKILL_ABILITIES[s]}


# --- (7) a healed injury stops acting at once ------------------------------------------------------------------


EVERY_RULE = tuple(rule.id for rule in INJURY_RULES)
NEUTRAL_HOOKS = {
    "permits", "forbids", "receives_shield", "damage_multiplier", "damage_kind", "zone_only", "strike_misses",
    "at_turn_start", "on_draw", "skill_refusal",
}  # fmt: skip


@pytest.mark.rule("INJ-MAJOR", "INJ-MINOR")
def test_no_injury_rule_acts_once_its_injury_is_gone() -> None:
    """Every hook of every injury rule asks ``held`` first: a fighter carrying every rule but no injury is untouched."""
    used = {hook for rule in INJURY_RULES for hook in HOOKS if hook in vars(rule)}
    assert used <= NEUTRAL_HOOKS | {"takes"}, f"cover the new hooks: {used - NEUTRAL_HOOKS}"
    state, _ = start(setup())
    fighter = state.fighter("a")
    fighter.abilities = (*fighter.abilities, *EVERY_RULE)
    fighter.marks["scar-blocks:defend"] = 1
    state.round = 1
    hand = give(state, fighter, "Knight of Cups", "2 of Wands", "5 of Pentacles", "Temperance", "3 of Swords")
    before = (list(fighter.hand), fighter.hp, len(state.piles["a"].draw), len(state.decisions))
    events: list[Event] = []
    for rule in (ABILITIES[rule_id] for rule_id in EVERY_RULE):
        assert rule.permits(state, fighter, "defend", hand[0]) is None
        assert rule.permits(state, fighter, "concentrate", hand[0]) is None
        assert rule.forbids(state, fighter, "defend", hand[0]) is None
        assert rule.forbids(state, fighter, "concentrate", hand[0]) is None
        assert rule.receives_shield(state, fighter, 5) == 5
        assert rule.damage_multiplier(state, fighter, False, False) == 1
        assert rule.damage_kind(state, fighter, True, False) == (True, False)
        assert rule.zone_only(state, fighter) is False
        assert rule.strike_misses(state, fighter, state.adversaries[0], 5, events) is False
        assert rule.skill_refusal(state, fighter, Skill.AID) is None
        rule.at_turn_start(state, fighter, events)
        for card in hand:
            rule.on_draw(state, fighter, card, events)
        assert not any(rule.takes(state, fighter, card) for card in hand if rule.playable)
    assert events == [] and (list(fighter.hand), fighter.hp, len(state.piles["a"].draw), len(state.decisions)) == before


@pytest.mark.rule("INJ-MAJOR", "SPL-AQUARIUS")
def test_a_broken_leg_healed_mid_fight_gains_shield_again() -> None:
    healer = spells.plain(Spell.AQUARIUS, Spell.CANCER, traits=(Trait.CHARMING, Trait.WEAK))
    state = spells.start([healer, SLOW_LEG], hands={"pip": ["The Magician", "The Fool"]}, hp={"al": 10})
    state, _ = spells.play(state, "The Magician>spell_cancer")
    state, _ = spells.play(state, spells.pick(state, "each ally"))
    assert state.fighter("al").shield == 0
    state, _ = spells.play(state, "The Fool>spell_aquarius")
    state, _ = spells.play(state, spells.pick(state, "Broken Leg becomes"))
    assert state.fighter("al").injuries == ["Splinted Leg"]
    state, _ = spells.play(state, EndTurn("pip"))
    state = al_defends(state)
    assert state.fighter("al").shield > 0, "the Splinted Leg leaves Al Strong again, and Shield reaches him"


@pytest.mark.rule("INJ-MINOR", "SPL-AQUARIUS")
def test_distracted_healed_mid_fight_keeps_wands_again() -> None:
    hurt = spells.plain(Spell.AQUARIUS, injuries=("Distracted",))
    cups = ("3 of Cups", "4 of Cups", "5 of Cups", "6 of Cups", "7 of Cups")
    tops = {"pip": (*cups, "7 of Wands", "8 of Wands", "9 of Cups")}
    state = spells.start([hurt], hands={"pip": ["The Magician"]}, tops=tops, hp={"pip": 15})
    kept, _ = next_turn(state)  # still Distracted: the Wands drawn on the turn go
    assert by_name("7 of Wands") not in kept.fighter("pip").hand and by_name("9 of Cups") in kept.fighter("pip").hand
    state, _ = spells.play(state, "The Magician>spell_aquarius")
    state, events = spells.play(state, spells.pick(state, "Distracted is healed"))
    assert InjuryTreated("pip", "Distracted", "") in events and state.fighter("pip").injuries == []
    state, _ = next_turn(state)
    hand = state.fighter("pip").hand
    assert by_name("7 of Wands") in hand and by_name("8 of Wands") in hand, "no longer Distracted: the Wands stay"


def next_turn(state: CombatState) -> tuple[CombatState, list[Event]]:
    """End Pip's turn and play on to Pip's next one."""
    state, events = apply(state, EndTurn("pip"))
    while state.pending is not None:
        state, more = apply(state, Choose(0))
        events += more
    return state, events


def al_defends(state: CombatState) -> CombatState:
    """Play on until Al's turn, then put a 10 of Cups on Defend."""
    for _ in range(30):
        active = state.active_fighter
        if state.pending is not None:
            state, _ = apply(state, Choose(0))
        elif active is not None and active.id == "al":
            break
        elif active is not None:
            state, _ = apply(state, EndTurn(active.id))
    give(state, state.fighter("al"), "10 of Cups")
    state, _ = apply(state, PlayCard("al", by_name("10 of Cups"), "defend"))
    return state


# --- (8) the odds count Groggy's Knights ----------------------------------------------------------------------


@pytest.mark.rule("INJ-MINOR", "SKL-ODDS", "SKL-CRIT-FAIL")
def test_the_odds_count_groggys_knights_as_critical_failures() -> None:
    pile = Pile([by_name(n) for n in ("Knight of Cups", "3 of Cups", "10 of Cups", "Knight of Swords")])
    plain = check_odds(pile, SkillCheck(Difficulty.EASY))
    assert plain.chances == {Outcome.SUCCESS: Fraction(3, 4), Outcome.FAILURE: Fraction(1, 4)}
    terms = injury_check_terms((), ("Groggy",), Skill.GYM)
    groggy = check_odds(pile, SkillCheck(Difficulty.EASY, critical_failures=terms.critical_failures))
    assert groggy.chances == {
        Outcome.SUCCESS: Fraction(1, 4),
        Outcome.FAILURE: Fraction(1, 4),
        Outcome.CRITICAL_FAILURE: Fraction(1, 2),
    }
    automatic = check_odds(pile, SkillCheck(Difficulty.AUTOMATIC, critical_failures=terms.critical_failures))
    assert automatic.success == 1, "Automatic still cannot fail"


@pytest.mark.rule("INJ-MINOR", "SKL-ODDS", "SKL-RETRY")
def test_the_check_screen_odds_and_retries_keep_groggys_knights() -> None:
    groggy, rested = mira_table("Groggy"), mira_table()
    check = groggy.check_for("Mira", Skill.LAW, Difficulty.EASY, Edge.NONE)
    assert check.critical_failures
    knights = Fraction(4, len(groggy.piles["character:Mira"].draw))
    fresh = rested.odds("Mira", rested.check_for("Mira", Skill.LAW, Difficulty.EASY, Edge.NONE))
    odds = groggy.odds("Mira", check)
    assert odds[Outcome.CRITICAL_FAILURE] == fresh[Outcome.CRITICAL_FAILURE] + knights
    assert sum(odds.chances.values()) == 1
    assert retry_check(CheckResult(check, (), (), resolve(check, [by_name("3 of Cups")]).kept)).critical_failures


@pytest.mark.rule("INJ-MINOR", "SKL-PENALTY", "DAY-CLOCK")
def test_withdrawal_penalises_checks_between_fights_only_without_a_morning_start() -> None:
    mira = Character("Mira", Arcana.MAGICIAN, Trait.CHARMING, Trait.DULL, Skill.SCI, Skill.GYM)
    hurt = {"Mira": ("Morning Start Withdrawal",)}
    for had, edge in (((), Edge.PENALTY), (("Mira",), Edge.NONE)):
        table = CheckTable.for_party([mira], [], seed=7, injuries=hurt, morning_start=had)
        assert table.check_for("Mira", Skill.LAW, Difficulty.MEDIUM, Edge.NONE).edge is edge


@pytest.mark.rule("INJ-MINOR", "SKL-PENALTY", "DAY-CLOCK")
def test_a_morning_start_drunk_mid_day_lifts_withdrawals_penalty_without_a_new_deal() -> None:
    mira = Character("Mira", Arcana.MAGICIAN, Trait.CHARMING, Trait.DULL, Skill.SCI, Skill.GYM)
    hurt = {"Mira": ("Morning Start Withdrawal",)}
    table = CheckTable.for_party([mira], [], seed=7, injuries=hurt)
    assert table.check_for("Mira", Skill.LAW, Difficulty.MEDIUM, Edge.NONE).edge is Edge.PENALTY
    deck = list(table.piles["character:Mira"].draw)
    table.update_party([mira], [], hurt, morning_start={"Mira"})
    assert table.check_for("Mira", Skill.LAW, Difficulty.MEDIUM, Edge.NONE).edge is Edge.NONE
    assert table.piles["character:Mira"].draw == deck  # the same cards, not dealt again
