"""Combat: d20 rolls against Die Defense, turns, items in battle, Armor, Chain Magic, Drops and fleeing (L143-L195)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.restless.restless_seam import RULES
from rt0table.rules.restless.rs_actions import (
    Absorb,
    Accept,
    Attack,
    ChooseDrawer,
    Flee,
    Give,
    PlayRest,
    Proceed,
    Reroll,
    Take,
    Use,
)
from rt0table.rules.restless.rs_cards import Effect
from rt0table.rules.restless.rs_effects import roll_modifier
from rt0table.rules.restless.rs_journey import carry_out
from rt0table.rules.restless.rs_play import chain_hits, legal_actions, refusal, settle
from rt0table.rules.restless.rs_state import Hit, Mark, RsState, with_hero, with_mark
from rt0table.rules.seam import IllegalAction

from .rs_fixtures import die_shows, fight, party, started, step

ASH, WIDOW, CLERK, MASON = "ash-warden", "lantern-widow", "tide-clerk", "bone-mason"


def table(target: str = "toll-keeper", items: tuple[tuple[str, ...], ...] = (), health: int | None = None) -> RsState:
    return fight(party(started(), items=items), target, health)


def resolve(state: RsState, hero: str, face: int, item: str = "", kind: str = "combat") -> RsState:
    state = die_shows(state, hero, face, kind, item)
    return step(state, Accept())[0]


@pytest.mark.rule("RS-CMB-ROLLS", "RS-CMB-DODGE-WHEN")
def test_attacks_roll_combat_or_ranged_and_dodges_come_only_from_fleeing() -> None:
    state = table(items=((), (), ("short-bow",), ()))
    melee, _ = step(state, Attack(MASON, ""))
    ranged, _ = step(state, Attack(CLERK, "short-bow"))
    assert melee.roll is not None and melee.roll.kind == "combat"
    assert ranged.roll is not None and ranged.roll.kind == "ranged"
    kinds = {step(state, a)[0].roll.kind for a in legal_actions(state) if isinstance(a, Attack)}  # type: ignore[union-attr]
    assert "dodge" not in kinds
    fled, _ = step(state, Flee())
    assert fled.roll is not None and fled.roll.kind == "dodge"


@pytest.mark.rule("RS-CMB-COMBAT-ROLL", "RS-TARGET-DAMAGE")
def test_a_combat_roll_at_or_above_the_die_defense_hits_and_below_it_the_target_hits_back() -> None:
    state = table()  # Toll Keeper: Die Defense 8, Attack 2, Health 5; Bone Mason: Unarmed 3, Health 9
    assert resolve(state, MASON, 8).target_health == 2
    missed = resolve(state, MASON, 7)
    assert missed.target_health == 5 and missed.hero(MASON).health == 7


@pytest.mark.rule("RS-CMB-RANGED-ROLL", "RS-ITEM-RANGED")
def test_a_ranged_roll_risks_nothing_and_a_ranged_weapon_shoots_again() -> None:
    state = table(items=((), (), ("short-bow",), ()))  # Short Bow: 2 damage, 2 shots
    state, _ = step(state, Attack(CLERK, "short-bow"))
    assert state.roll is not None and state.roll.shots_left == 1
    state = replace(state, roll=replace(state.roll, face=1, modifier=0))
    state, _events = step(state, Accept())
    assert state.hero(CLERK).health == 6 and state.target_health == 5  # a miss hurts nobody
    assert state.phase == "roll" and state.roll is not None and state.roll.shots_left == 0  # the second shot
    state = replace(state, roll=replace(state.roll, face=12))
    state, _ = step(state, Accept())
    assert state.target_health == 3 and state.phase == "combat"


@pytest.mark.rule("RS-CMB-DODGE-ROLL", "RS-FLEE")
def test_fleeing_each_character_dodges_a_failure_costs_one_and_chain_magic_is_ignored() -> None:
    state = table("hedge-wisp")  # Die Defense 9, Attack 2, Chain Magic
    state, _ = step(state, Flee())
    assert state.roll is not None and state.roll.hero == ASH and state.fleeing == (WIDOW, CLERK, MASON)
    faces = {ASH: 9, WIDOW: 8, CLERK: 1, MASON: 15}  # Ash Warden's 9 (+1) and a bare 9 would both get away
    while state.phase == "roll":
        assert state.roll is not None
        state = replace(state, roll=replace(state.roll, face=faces[state.roll.hero], modifier=0))
        state, _ = step(state, Accept())
    healths = {h.card: h.health for h in state.party}
    assert healths == {ASH: 8, WIDOW: 6, CLERK: 5, MASON: 9}  # 1 each on a failure, nothing spread
    assert state.phase == "between" and not state.current and "hedge-wisp" in state.pile("encounters").discard
    assert refusal(state, PlayRest()) is not None and not state.rest_allowed


@pytest.mark.rule("RS-FLEE")
def test_a_character_who_dies_fleeing_loses_its_inventory_to_the_discard() -> None:
    state = table(items=((), ("bandage",), (), ()))
    state = with_hero(state, replace(state.hero(WIDOW), health=1))
    state, _ = step(state, Flee())
    while state.phase == "roll":
        assert state.roll is not None
        face = 1 if state.roll.hero == WIDOW else 20
        state = replace(state, roll=replace(state.roll, face=face, modifier=0))
        state, _ = step(state, Accept())
    assert state.hero(WIDOW).dead and "bandage" in state.pile("loot").discard and "bandage" not in state.loose


@pytest.mark.rule("RS-CMB-DODGE-ROLL")
def test_a_dodge_equal_to_the_die_defense_gets_away() -> None:
    state = replace(table("toll-keeper"), phase="fleeing", fleeing=())
    state = die_shows(state, MASON, 8, kind="dodge")
    after, _ = step(state, Accept())
    assert after.hero(MASON).health == 9
    state = die_shows(replace(state, phase="fleeing"), MASON, 7, kind="dodge")
    assert step(state, Accept())[0].hero(MASON).health == 8


def with_defense(state: RsState, target: str, die_defense: int) -> RsState:
    cards = tuple(replace(c, die_defense=die_defense) if c.id == target else c for c in state.cards)
    return replace(state, cards=cards)


@pytest.mark.rule("RS-CMB-CLAMP")
def test_a_modified_roll_stays_between_1_and_20() -> None:
    out_of_reach = with_defense(table("veil-crawler"), "veil-crawler", 21)
    high = step(die_shows(out_of_reach, MASON, 19, modifier=5), Accept())[0]
    assert high.target_health == 7 and high.hero(MASON).health == 6  # 24 counts as 20: a miss against 21
    always = with_defense(table("veil-crawler"), "veil-crawler", 1)
    low = step(die_shows(always, MASON, 2, modifier=-4), Accept())[0]
    assert low.target_health == 4  # -2 counts as 1: a hit against 1 (Veil Crawler: Health 7)


@pytest.mark.rule("RS-REROLL")
def test_a_reroll_counter_rerolls_the_die_as_often_as_counters_last() -> None:
    state = die_shows(table(), MASON, 2)
    faces = []
    for left in (4, 3, 2, 1, 0):
        state, events = step(state, Reroll())
        assert state.rerolls == left and RULES.reveals(events[0])
        assert state.roll is not None
        faces.append(state.roll.face)
    assert state.roll.rerolls == 5
    assert refusal(state, Reroll()) == "No Reroll Counters are left."
    assert refusal(table(), Reroll()) == "There is no die on the table."


@pytest.mark.rule("RS-CMB-ORDER", "RS-CMB-MUST-ATTACK")
def test_each_character_attacks_once_a_round_in_any_order_and_must_attack() -> None:
    state = table("thorn-boar", health=99)
    assert not any(isinstance(a, Proceed) for a in legal_actions(state))  # no going on past a Target
    for who in (CLERK, MASON, ASH):
        state = resolve(state, who, 20)
        assert refusal(state, Attack(who, "")) is not None
    assert state.round == 1  # the Lantern Widow has not attacked: the round waits for her
    state = resolve(state, WIDOW, 20)
    assert state.round == 2 and all(not h.acted for h in state.party)


@pytest.mark.rule("RS-CMB-NO-TRADE", "RS-TRADE")
def test_items_trade_freely_outside_battle_and_never_during_it() -> None:
    calm = party(started(), items=(("iron-club",), (), (), ()))
    traded, _ = step(calm, Give("iron-club", MASON))
    assert "iron-club" in traded.hero(MASON).items
    battle = fight(calm, "mire-rat")
    assert refusal(battle, Give("iron-club", MASON)) == "Characters cannot trade items during Combat."


@pytest.mark.rule("RS-CMB-DECLARE", "RS-ITEM-MELEE")
def test_the_attacker_names_its_weapon_and_a_melee_weapon_replaces_unarmed_damage() -> None:
    state = table(items=(("iron-club", "patched-coat"), (), (), ()))
    assert refusal(state, Attack(ASH, "patched-coat")) == "Patched Coat is not a Weapon or Spell."
    assert refusal(state, Attack(ASH, "short-bow")) is not None
    state, events = step(state, Attack(ASH, "iron-club"))
    assert "Iron Club" in events[0].text
    state = replace(state, roll=replace(state.roll, face=15))  # type: ignore[arg-type]
    assert step(state, Accept())[0].target_health == 2  # 3 (the club), not 2 + 3
    unarmed = resolve(table(), ASH, 15)
    assert unarmed.target_health == 3


@pytest.mark.rule("RS-ITEM-SPELL")
def test_a_spell_is_an_attack_that_spends_its_counters_and_rolls_as_marked() -> None:
    state = table(items=(("spark-charm",), ("ember-tome",), (), ()))
    cast, _ = step(state, Attack(ASH, "spark-charm"))
    assert cast.roll is not None and cast.roll.kind == "combat" and cast.mark("spark-charm").counters == 2
    tome, _ = step(state, Attack(WIDOW, "ember-tome"))
    assert tome.roll is not None and tome.roll.kind == "ranged"
    spent = with_mark(state, Mark("spark-charm", 0, 0))
    assert refusal(spent, Attack(ASH, "spark-charm")) == "Spark Charm has no uses left."


@pytest.mark.rule("RS-ITEM-EQUIPMENT")
def test_equipment_helps_its_holder_while_carried() -> None:
    state = table(items=(("lucky-knot",), (), (), ()))
    assert roll_modifier(state, state.hero(ASH), "combat") == 1
    assert roll_modifier(state, state.hero(MASON), "combat") == 0
    assert roll_modifier(state, state.hero(ASH), "ranged") == 0


@pytest.mark.rule("RS-ITEM-ACTIVE")
def test_an_active_item_turns_sideways_when_used_and_recharges_with_the_next_round() -> None:
    state = table("thorn-boar", items=(("warding-bell",), (), (), ()), health=99)
    state, _ = step(state, Use("warding-bell", ASH))
    assert state.mark("warding-bell").spent and state.hero(ASH).armor == 1
    assert refusal(state, Use("warding-bell", ASH)) == "Warding Bell lies sideways until it is recharged."
    for who in (ASH, WIDOW, CLERK, MASON):
        state = resolve(state, who, 20)
    assert state.round == 2 and not state.mark("warding-bell").spent


@pytest.mark.rule("RS-ITEM-CONSUMABLE", "RS-COUNTERS")
def test_a_consumable_spends_a_counter_per_use_and_is_discarded_when_none_remain() -> None:
    state = party(started(), items=(("tonic-flask", "bandage"), (), (), ()))
    state = with_hero(state, replace(state.hero(ASH), health=1))
    assert state.mark("tonic-flask").counters == 2 and state.mark("bandage").counters == 1  # none listed: 1
    state, _ = step(state, Use("tonic-flask", ASH))
    assert state.hero(ASH).health == 4 and state.mark("tonic-flask").counters == 1
    state, _ = step(state, Use("tonic-flask", ASH))
    assert "tonic-flask" not in state.hero(ASH).items and "tonic-flask" in state.pile("starter-items").discard
    state, _ = step(state, Use("bandage", ASH))
    assert state.hero(ASH).items == () and "bandage" in state.pile("loot").discard


@pytest.mark.rule("RS-CMB-CONSUMABLE")
def test_one_consumable_per_character_until_its_next_turn_even_on_anothers_turn() -> None:
    state = table("thorn-boar", items=(("bandage", "tonic-flask"), ("bitter-root",), (), ()), health=99)
    state, _ = step(state, Use("bandage", ASH))  # before anyone's turn: allowed, and Ash lies sideways
    assert state.hero(ASH).sideways
    assert refusal(state, Use("tonic-flask", ASH)) == "Ash Warden has used a Consumable this round (turned sideways)."
    assert refusal(state, Use("bitter-root", WIDOW)) is None  # the Widow has not used one
    state = resolve(state, MASON, 20)
    assert refusal(state, Use("tonic-flask", ASH)) is not None  # still not Ash's turn
    state, _ = step(state, Attack(ASH, ""))  # Ash's own turn begins: the mark resets
    assert not state.hero(ASH).sideways


@pytest.mark.rule("RS-CHAIN-MAGIC")
def test_chain_magic_deals_one_point_each_to_the_attacker_then_leftwards_round_again() -> None:
    state = table("hedge-wisp")  # Attack 2, Chain Magic
    after = resolve(state, CLERK, 1)
    assert {h.card: h.health for h in after.party} == {ASH: 8, WIDOW: 7, CLERK: 5, MASON: 8}
    five = chain_hits(state, CLERK, 5)
    assert [h.hero for h in five] == [CLERK, MASON, ASH, WIDOW, CLERK]  # wraps past the last seat
    dead = with_hero(state, replace(state.hero(MASON), dead=True, health=0))
    assert [h.hero for h in chain_hits(dead, CLERK, 2)] == [CLERK, ASH]  # the dead are skipped


@pytest.mark.rule("RS-TARGET-ONE")
def test_one_target_at_a_time_an_added_combat_waits_at_the_front_of_the_row() -> None:
    state = party(started())
    state = replace(state, phase="encounter", current="fallen-cart")
    after = carry_out(state, [Effect("add_combat", 0)], ASH, [])
    assert after.current == "fallen-cart" and after.card(after.row[0]).combat


@pytest.mark.rule("RS-ARMOR-COUNTERS", "RS-ARMOR-ABSORB")
def test_armor_counters_sit_on_the_card_and_each_stops_one_point_of_damage() -> None:
    state = table("stone-eater", items=((), (), (), ("patched-coat",)))  # Attack 3; the coat holds 2
    assert state.mark("patched-coat").armor == 2
    after = resolve(state, MASON, 1)
    assert after.hero(MASON).health == 8 and after.mark("patched-coat").armor == 0
    bell = carry_out(state, [Effect("armor", 1)], ASH, [])
    assert bell.hero(ASH).armor == 1  # Armor added to a Character goes on its card


@pytest.mark.rule("RS-ARMOR-MUST")
def test_armor_is_used_whenever_there_is_some_and_the_character_chooses_the_source() -> None:
    state = table("toll-keeper", items=((), (), (), ("patched-coat",)))
    state = with_hero(state, replace(state.hero(MASON), armor=1))
    state = resolve(state, MASON, 1)  # 2 damage; Armor on the card and on the coat
    assert state.phase == "armor" and RULES.seats_to_act(state) == frozenset({state.hero(MASON).seat})
    assert set(a for a in legal_actions(state)) == {Absorb(""), Absorb("patched-coat")}
    state, _ = step(state, Absorb(""))
    assert state.hero(MASON).armor == 0 and state.phase == "combat"  # the last point went to the coat by itself
    assert state.mark("patched-coat").armor == 1 and state.hero(MASON).health == 9


@pytest.mark.rule("RS-ARMOR-VS-HEALTH")
def test_losing_health_skips_armor_and_damage_does_not() -> None:
    state = party(started(), items=((), (), (), ("patched-coat",)))
    lost = settle(carry_out(state, [Effect("lose_health", 2)], MASON, []), [])
    assert lost.hero(MASON).health == 7 and lost.mark("patched-coat").armor == 2
    hurt = settle(carry_out(state, [Effect("hurt", 2)], MASON, []), [])
    assert hurt.hero(MASON).health == 9 and hurt.mark("patched-coat").armor == 0


@pytest.mark.rule("RS-ARMOR-KEEP")
def test_an_armor_item_at_zero_is_kept_and_stops_nothing() -> None:
    state = table("toll-keeper", items=((), (), (), ("patched-coat",)))
    state = with_mark(state, Mark("patched-coat", 0, 0))
    after = resolve(state, MASON, 1)
    assert "patched-coat" in after.hero(MASON).items and after.hero(MASON).health == 7


@pytest.mark.rule("RS-CHAR-ZERO", "RS-DROPS-DEATH")
def test_a_character_at_zero_health_dies_and_a_targets_kill_adds_its_inventory_to_the_drops() -> None:
    state = table("toll-keeper", items=((), ("bandage",), (), ()))
    state = with_hero(state, replace(state.hero(WIDOW), health=2))
    state = resolve(state, WIDOW, 1)
    assert state.hero(WIDOW).dead and state.hero(WIDOW).health == 0
    assert state.drops == ("bandage",) and state.hero(WIDOW).items == ()
    state = replace(state, target_health=1)
    state = resolve(state, MASON, 20)
    state, _ = step(state, ChooseDrawer(ASH))
    assert "bandage" in state.loose


@pytest.mark.rule("RS-DEATH-OTHER")
def test_a_character_killed_by_anything_else_leaves_its_inventory_to_share_at_once() -> None:
    state = party(started(), items=((), ("bandage",), (), ()))
    state = with_hero(state, replace(state.hero(WIDOW), health=1))
    state = settle(carry_out(state, [Effect("hurt", 1)], WIDOW, []), [])
    assert state.hero(WIDOW).dead and state.loose == ("bandage",)
    state = replace(state, phase="between")
    state, _ = step(state, Take("bandage", ASH))
    assert "bandage" in state.hero(ASH).items


@pytest.mark.rule("RS-CMB-TARGET-DEATH", "RS-DROPS")
def test_a_target_at_zero_dies_a_chosen_player_draws_its_drops_and_it_is_discarded() -> None:
    state = resolve(table("toll-keeper", health=2), MASON, 20)  # Drops: 2 Rerolls, 1 Loot
    assert state.phase == "drops" and {a for a in legal_actions(state)} == {ChooseDrawer(h.card) for h in state.party}
    state, events = step(state, ChooseDrawer(CLERK))
    assert state.rerolls == 7 and len(state.loose) == 1 and state.card(state.loose[0]).deck == "loot"
    assert "toll-keeper" in state.pile("encounters").discard and not state.current
    assert any(RULES.reveals(e) for e in events)


@pytest.mark.rule("RS-CMB-AFTER")
def test_after_a_battle_the_party_may_trade_rest_or_go_on_unless_a_fight_follows_at_once() -> None:
    won = step(resolve(table("mire-rat", health=1), MASON, 20), ChooseDrawer(ASH))[0]
    assert won.phase == "between" and won.rest_allowed
    assert {type(a) for a in legal_actions(won)} >= {PlayRest, Proceed}
    chained = replace(table("mire-rat", health=1), then_fight=True, row=("thorn-boar", *started().row))
    chained = step(resolve(chained, MASON, 20), ChooseDrawer(ASH))[0]
    assert chained.phase == "combat" and chained.current == "thorn-boar"


@pytest.mark.rule("RS-ENC-COMBAT")
def test_a_combat_encounter_ends_only_by_defeat_or_flight() -> None:
    state = table()
    assert refusal(state, Proceed()) is not None and refusal(state, PlayRest()) is not None
    with pytest.raises(IllegalAction):
        step(state, Proceed())
    assert Flee() in legal_actions(state)


def test_a_hit_on_a_character_goes_through_the_one_queue() -> None:
    state = party(started())
    state = replace(state, hits=(Hit(ASH, 3, "other"),))
    assert settle(state, []).hero(ASH).health == 5
