"""Between battles: Rests, Traders, Loot and Treasure, Sins, Pick From Multiple, Status Effects, Characters joining
and dying, the Realms' rules, and the final battle (L48-L139, L187-L219)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.restless.restless_seam import RULES
from rt0table.rules.restless.rs_actions import (
    Accept,
    Attack,
    Buy,
    ChooseDrawer,
    Discard,
    EndRest,
    FaceGod,
    FinalNight,
    Flee,
    Give,
    Heal,
    Pick,
    PlayRest,
    Proceed,
    Redraw,
    Refuse,
    Sell,
    Take,
    Use,
)
from rt0table.rules.restless.rs_cards import Effect
from rt0table.rules.restless.rs_effects import die_defense, max_health, roll_modifier, target_attack
from rt0table.rules.restless.rs_journey import carry_out, draw, enter_realm, give_status, lay_wares, meet_next
from rt0table.rules.restless.rs_play import legal_actions, refusal, settle
from rt0table.rules.restless.rs_state import Pile, RsState, with_hero, with_pile

from .rs_fixtures import die_shows, fight, party, started, step

ASH, WIDOW, CLERK, MASON = "ash-warden", "lantern-widow", "tide-clerk", "bone-mason"


def calm(items: tuple[tuple[str, ...], ...] = (), phase: str = "between", **changes: object) -> RsState:
    state = party(started(), items=items)
    return replace(state, phase=phase, rest_allowed=True, **changes)  # type: ignore[arg-type]


def dead(state: RsState, who: str) -> RsState:
    return with_hero(state, replace(state.hero(who), dead=True, health=0, items=()))


def top(state: RsState, deck: str, *cards: str) -> RsState:
    """These cards on top of ``deck`` (the first drawn first)."""
    pile = state.pile(deck)
    rest = tuple(c for c in pile.draw if c not in cards)
    return with_pile(state, replace(pile, draw=(*rest, *reversed(cards))))


# ---- Rest ----


@pytest.mark.rule("RS-REST-DECK")
def test_three_rests_for_the_whole_game_and_no_more() -> None:
    state = calm()
    for _ in range(3):
        state, _ = step(state, PlayRest())
        state, _ = step(state, EndRest())
        state = replace(state, rest_allowed=True)
    assert state.rests == () and refusal(state, PlayRest()) == "The party has no Rest cards left."


@pytest.mark.rule("RS-REST-WHEN")
def test_a_rest_follows_a_defeated_target_or_a_non_combat_encounter_never_a_flight() -> None:
    fresh = started()
    assert refusal(fresh, PlayRest()) is not None  # nothing defeated, nothing met yet
    at_spring = replace(party(fresh), row=("mossy-spring", *fresh.row))
    at_spring, _ = step(at_spring, Proceed())
    assert at_spring.phase == "encounter" and refusal(at_spring, PlayRest()) is None
    fled = replace(calm(), rest_allowed=False)
    assert refusal(fled, PlayRest()) == "A Rest may follow a defeated Target or a Non-Combat Encounter (not a flight)."
    assert refusal(fight(calm(), "mire-rat"), PlayRest()) is not None


@pytest.mark.rule("RS-REST-REVIVE", "RS-CHAR-JOIN")
def test_a_rest_brings_new_characters_for_the_dead_with_no_items() -> None:
    state = dead(calm(items=(("iron-club",),)), WIDOW)
    state, events = step(state, PlayRest())
    newcomer = state.party[1]
    assert newcomer.card != WIDOW and not newcomer.dead and newcomer.items == ()
    assert newcomer.health == state.card(newcomer.card).health and newcomer.seat == state.party[0].seat
    assert WIDOW in state.pile("characters").discard and any(RULES.reveals(e) for e in events)
    realm = enter_realm(dead(calm(), CLERK), 2, [])  # a new Realm brings them too
    assert not any(h.dead for h in realm.party) and CLERK not in [h.card for h in realm.party]


@pytest.mark.rule("RS-REST-REROLLS")
def test_a_rest_gives_three_reroll_counters() -> None:
    state = calm(rests=("quiet-hearth",))
    assert step(state, PlayRest())[0].rerolls == 5 + 3


@pytest.mark.rule("RS-REST-HEAL", "RS-MAXHP")
def test_while_resting_a_reroll_heals_two_never_past_max_health() -> None:
    state = step(calm(rests=("quiet-hearth",)), PlayRest())[0]
    state = with_hero(state, replace(state.hero(MASON), health=6))
    state, _ = step(state, Heal(MASON))
    assert state.hero(MASON).health == 8 and state.rerolls == 7
    state, _ = step(state, Heal(MASON))
    assert state.hero(MASON).health == 9  # capped at Max Health 9
    assert refusal(state, Heal(MASON)) == "Bone Mason is at Max Health."
    assert refusal(calm(), Heal(MASON)) is not None  # only while Resting
    raised = carry_out(state, [Effect("max_health", 2)], MASON, [])
    assert max_health(raised, raised.hero(MASON)) == 11 and raised.hero(MASON).health == 9  # no healing


@pytest.mark.rule("RS-REST-ALLOWED", "RS-ITEM-REST-ONLY")
def test_while_resting_consumables_rest_symbol_items_and_targetless_actives_may_be_used() -> None:
    items = (("stew-pot", "bandage", "tonic-flask"), ("smoke-jar", "spare-lantern"))
    outside = calm(items=items)
    assert refusal(outside, Use("stew-pot", ASH)) == "Stew Pot bears the Rest symbol: only while Resting."
    state = step(replace(outside, rests=("quiet-hearth",)), PlayRest())[0]
    state = with_hero(state, replace(state.hero(ASH), health=1))
    for item in ("stew-pot", "bandage", "tonic-flask"):  # any number of Consumables
        state, _ = step(state, Use(item, ASH))
    assert state.hero(ASH).health == 8
    assert refusal(state, Use("smoke-jar", WIDOW)) == "Smoke Jar needs a Target."
    assert refusal(state, Use("spare-lantern", WIDOW)) is None
    assert refusal(state, Give("spare-lantern", MASON)) is None  # trading freely


@pytest.mark.rule("RS-REST-SHARED-INVENTORY")
def test_items_revealed_while_resting_are_shared_until_the_rest_ends() -> None:
    state = step(calm(rests=("quiet-hearth",)), PlayRest())[0]
    state = replace(state, loose=("bandage", "moon-blade"))
    state = with_hero(state, replace(state.hero(CLERK), health=2))
    state, _ = step(state, Use("bandage", CLERK))  # from the shared Inventory, by anyone
    assert state.hero(CLERK).health == 4 and state.loose == ("moon-blade",)
    state, _ = step(state, EndRest())
    assert state.loose == () and "moon-blade" in state.pile("treasure").discard and state.phase == "between"


@pytest.mark.rule("RS-REST-CARD-TEXT")
def test_a_rest_cards_bonus_holds_until_the_next_rest() -> None:
    state = step(calm(rests=("quiet-hearth", "soft-moss")), PlayRest())[0]
    state = step(state, EndRest())[0]
    assert roll_modifier(state, state.hero(MASON), "combat", unarmed=True) == 1  # Unarmed +1
    assert roll_modifier(state, state.hero(MASON), "combat", unarmed=False) == 0
    state = step(replace(state, rest_allowed=True), PlayRest())[0]
    assert roll_modifier(state, state.hero(MASON), "combat", unarmed=True) == 0


# ---- Characters and Traits ----


@pytest.mark.rule("RS-CHAR-CARD")
def test_a_character_card_carries_its_numbers_trait_special_and_death_effect() -> None:
    card = started().card("ash-warden")
    assert (card.unarmed_attack, card.inventory_size, card.max_weight, card.health) == (2, 4, 10, 8)
    assert card.trait == "Bellringer" and card.effects == (Effect("roll_bonus", 1, roll="dodge"),)
    assert card.death_effect == (Effect("roll_bonus", -1, roll="dodge"),)


@pytest.mark.rule("RS-CHAR-ANY-ITEM")
def test_anyone_may_use_any_item_and_a_matching_trait_gets_more_from_it() -> None:
    state = calm(items=(("tonic-flask",), ()))
    state = with_hero(state, replace(state.hero(ASH), health=1))
    plain, _ = step(state, Use("tonic-flask", ASH))
    assert plain.hero(ASH).health == 4  # heal 3
    rootwise = party(started(), items=((), ("tonic-flask",)))
    rootwise = replace(rootwise, phase="between")
    rootwise = with_hero(rootwise, replace(rootwise.hero(WIDOW), health=1))
    assert step(rootwise, Use("tonic-flask", WIDOW))[0].hero(WIDOW).health == 5  # heal 3 + 1 for Rootwise


@pytest.mark.rule("RS-TRAIT-PARTY")
def test_a_global_trait_tag_needs_one_bearer_and_counts_once() -> None:
    two_rootwise = party(started(), ("lantern-widow", "moth-priest", "ash-warden", "bone-mason"))
    state = replace(two_rootwise, row=("ember-rain",), phase="between")
    state, _ = step(state, Proceed())
    assert state.rerolls == 6  # +1 once, for two Rootwise
    none = party(started(), ("ash-warden", "bone-mason", "tide-clerk", "rust-knight"))
    assert step(replace(none, row=("ember-rain",)), Proceed())[0].rerolls == 5


@pytest.mark.rule("RS-CHAR-DEATH-EFFECT")
def test_a_dead_characters_death_effect_holds_until_it_is_replaced() -> None:
    state = dead(calm(), ASH)  # Ash Warden's Death Effect: -1 to the party's Dodge rolls
    assert roll_modifier(state, state.hero(MASON), "dodge") == -1
    state, _ = step(replace(state, rests=("mended-tent",)), PlayRest())
    assert roll_modifier(state, state.hero(MASON), "dodge") == 0


# ---- items ----


@pytest.mark.rule("RS-ITEM-WEIGHT")
def test_an_inventory_holds_no_more_items_than_its_size_and_no_more_weight_than_its_max() -> None:
    state = calm(loose=("hand-axe", "iron-club", "moon-blade", "bandage"))  # weights 4, 3, 3, 1
    state, _ = step(state, Take("hand-axe", ASH))  # Ash Warden: 4 items, Max Weight 10
    state, _ = step(state, Take("iron-club", ASH))
    state, _ = step(state, Take("moon-blade", ASH))
    assert refusal(state, Take("bandage", ASH)) == "Bandage weighs 1; Ash Warden carries 10 of 10."
    mason = calm(loose=("bandage", "bandage*2"), items=((), (), (), ("iron-club", "hand-axe", "tin-helm")))
    assert refusal(mason, Take("bandage", MASON)) == "Bone Mason's Inventory is full (3 items)."


@pytest.mark.rule("RS-ITEM-VALUE", "RS-TRADER-PRICE")
def test_traders_sell_and_buy_at_the_value_in_the_corner() -> None:
    state = calm(items=(("iron-club",),), phase="encounter", current="wayside-peddler", wares=("bandage", "moon-blade"))
    assert state.card("moon-blade").value == 6
    bought, _ = step(state, Buy("bandage", ASH))
    assert bought.rerolls == 4 and "bandage" in bought.hero(ASH).items
    sold, _ = step(state, Sell("iron-club"))
    assert sold.rerolls == 5 + 2 and "iron-club" in sold.pile("starter-items").discard


@pytest.mark.rule("RS-TRADER-REROLLS")
def test_a_shortfall_is_paid_in_rerolls_and_an_overpayment_is_changed_into_rerolls() -> None:
    state = calm(items=(("hand-axe",),), phase="encounter", current="wayside-peddler", wares=("moon-blade", "bandage"))
    short, _ = step(state, Buy("moon-blade", ASH, "hand-axe"))  # 6 = axe 3 + 3 Rerolls
    assert short.rerolls == 2 and short.hero(ASH).items == ("moon-blade",)
    change, _ = step(state, Buy("bandage", ASH, "hand-axe"))  # 1 paid with 3: 2 back
    assert change.rerolls == 7
    poor = replace(state, rerolls=0)
    assert refusal(poor, Buy("moon-blade", ASH)) == "Moon Blade costs 6; the party has 0 in goods and 0 Rerolls."


@pytest.mark.rule("RS-TRADER-INVENTORY")
def test_a_trader_lays_out_treasure_and_it_goes_to_the_discard_when_the_party_moves_on() -> None:
    state = party(started())
    state = replace(state, row=("wayside-peddler", *state.row))
    state = top(state, "treasure", "moon-blade", "storm-sling", "warden-plate")
    state, _ = step(state, Proceed())
    assert state.wares == ("moon-blade", "storm-sling", "warden-plate")
    state, _ = step(state, Proceed())
    assert set(state.pile("treasure").discard) >= {"moon-blade", "storm-sling", "warden-plate"}
    assert "wayside-peddler" in state.pile("encounters").discard


# ---- Loot, Treasure, Sins, Pick From Multiple ----


@pytest.mark.rule("RS-LOOT-NOTHING")
def test_a_nothing_card_is_discarded_or_rerolled_for_a_counter() -> None:
    state = top(calm(loose=("nothing",)), "loot", "bandage")
    assert refusal(state, Take("nothing", ASH)) == "A Nothing card is not an item; discard it or reroll it."
    rerolled, _events = step(state, Redraw("nothing"))
    assert rerolled.loose == ("bandage",) and rerolled.rerolls == 4 and "nothing" in rerolled.pile("loot").discard
    dropped, _ = step(state, Discard("nothing"))
    assert dropped.loose == () and dropped.rerolls == 5
    assert refusal(replace(state, rerolls=0), Redraw("nothing")) == "No Reroll Counters are left."


@pytest.mark.rule("RS-SIN")
def test_a_sin_binds_to_whoever_reveals_it_in_drops_a_pick_or_a_trader() -> None:
    drops = top(fight(calm(), "lamp-thief", 1), "treasure", "sin-of-greed")  # Lamp Thief drops 1 Treasure
    drops = step(step(die_shows(drops, MASON, 20), Accept())[0], ChooseDrawer(CLERK))[0]
    assert drops.hero(CLERK).sins == ("sin-of-greed",) and roll_modifier(drops, drops.hero(CLERK), "ranged") == 0
    pick = top(calm(phase="encounter", current="sunken-vault"), "treasure", "moon-blade", "sin-of-sloth", "gilded-die")
    pick = carry_out(pick, [Effect("pick", 2, deck="treasure"), Effect("pick", 2, deck="treasure")], ASH, [])
    assert pick.hero(ASH).sins == ("sin-of-sloth",) and pick.phase == "encounter" and pick.loose == ()
    assert max_health(pick, pick.hero(ASH)) == 6
    trader = top(calm(), "treasure", "sin-of-greed", "moon-blade", "bandage", "gilded-die")
    trader = lay_wares(trader, 3, MASON, [])
    assert trader.hero(MASON).sins == ("sin-of-greed",) and len(trader.wares) == 3  # the slot refilled


@pytest.mark.rule("RS-PICK-MULTIPLE")
def test_two_pick_from_two_make_a_pick_from_three_and_the_rest_go_to_the_bottom() -> None:
    state = top(calm(phase="encounter", current="sunken-vault"), "treasure", "moon-blade", "storm-sling", "gilded-die")
    once = carry_out(state, [Effect("pick", 2, deck="treasure")], ASH, [])
    assert len(once.offered) == 2
    state = carry_out(state, [Effect("pick", 2, deck="treasure"), Effect("pick", 2, deck="treasure")], ASH, [])
    assert state.phase == "pick" and state.offered == ("moon-blade", "storm-sling", "gilded-die")
    state, _ = step(state, Pick("storm-sling"))
    assert state.loose == ("storm-sling",) and state.phase == "encounter"
    assert state.pile("treasure").draw[:2] == ("gilded-die", "moon-blade")  # to the bottom, one after the other
    assert "moon-blade" not in state.pile("treasure").discard


@pytest.mark.rule("RS-DISCARD-PILES")
def test_each_deck_has_its_own_discard_pile() -> None:
    state = calm(items=(("bandage", "iron-club", "moon-blade"),))
    for item in ("bandage", "iron-club", "moon-blade"):
        state, _ = step(state, Discard(item))
    assert "bandage" in state.pile("loot").discard and "iron-club" in state.pile("starter-items").discard
    assert "moon-blade" in state.pile("treasure").discard


@pytest.mark.rule("RS-DECK-EMPTY")
def test_an_empty_deck_shuffles_its_discard_pile_back() -> None:
    state = with_pile(calm(), Pile("loot", (), ("bandage", "tin-helm")))
    events: list = []
    state, card = draw(state, "loot", events)
    assert card in ("bandage", "tin-helm") and events[0].kind == "shuffled" and RULES.reveals(events[0])
    empty = with_pile(calm(), Pile("loot", (), ()))
    assert draw(empty, "loot", [])[1] == ""


# ---- Status Effects ----


@pytest.mark.rule("RS-STATUS-STACK")
def test_several_kinds_may_be_held_but_never_two_of_one_kind() -> None:
    state = give_status(calm(), ASH, "gilt-haze", [])
    state = give_status(state, ASH, "pale-glow", [])
    state = give_status(state, ASH, "gilt-haze", [])
    assert [s.split("*")[0] for s in state.hero(ASH).statuses] == ["gilt-haze", "pale-glow"]


@pytest.mark.rule("RS-STATUS-PROPS")
def test_status_effects_weigh_nothing_and_cannot_be_traded_or_dropped() -> None:
    state = give_status(calm(), ASH, "red-skein", [])
    status = state.hero(ASH).statuses[0]
    assert status not in state.hero(ASH).items and refusal(state, Give(status, WIDOW)) is not None
    assert refusal(state, Discard(status)) is not None and refusal(state, Sell(status)) is not None


@pytest.mark.rule("RS-STATUS-KEEP")
def test_status_effects_are_lost_on_death() -> None:
    state = give_status(calm(), WIDOW, "soot-mark", [])
    state = with_hero(state, replace(state.hero(WIDOW), health=1))
    state = settle(carry_out(state, [Effect("hurt", 1)], WIDOW, []), [])
    assert state.hero(WIDOW).dead and state.hero(WIDOW).statuses == ()


# ---- Encounters and Realms ----


@pytest.mark.rule("RS-ENC-KINDS")
def test_encounters_are_combat_targets_or_non_combat_ones() -> None:
    state = party(started())
    combat = step(replace(state, row=("mire-rat",)), Proceed())[0]
    other = step(replace(state, row=("mossy-spring",)), Proceed())[0]
    assert combat.phase == "combat" and other.phase == "encounter" and other.rest_allowed


@pytest.mark.rule("RS-ENC-ADD-COMBAT")
def test_adding_a_combat_encounter_passes_over_others_and_shuffles_them_back() -> None:
    state = top(calm(phase="encounter", current="fallen-cart"), "encounters", "mossy-spring", "fog-market", "mire-rat")
    before = len(state.pile("encounters").draw)
    state = carry_out(state, [Effect("add_combat", 1)], ASH, [])
    assert state.row[0] == "mire-rat" and state.then_fight
    assert {"mossy-spring", "fog-market"} <= set(state.pile("encounters").draw)
    assert len(state.pile("encounters").draw) == before - 1


@pytest.mark.rule("RS-REALM-RULES")
def test_a_realm_changes_the_rules_for_its_encounters() -> None:
    state = enter_realm(party(started()), 4, [])  # Hollow Crown: Targets +2 Die Defense, +2 Attack, +2 Health
    state = fight(state, "toll-keeper")
    assert die_defense(state) == 10 and target_attack(state) == 4
    marsh = fight(enter_realm(party(started()), 3, []), "mire-rat")  # Cartographers +1 Ranged
    assert roll_modifier(marsh, marsh.hero(CLERK), "ranged") == 2


@pytest.mark.rule("RS-REALM-DEATHS-5")
def test_those_who_die_in_the_fifth_realm_return_before_the_traitor_god() -> None:
    state = dead(replace(enter_realm(party(started()), 5, []), row=(), final_night=True), MASON)
    state = meet_next(state, [])
    assert state.phase == "final-choice" and not any(h.dead for h in state.party)


# ---- the final battle ----


def at_the_end(rests: tuple[str, ...] = ("quiet-hearth",)) -> RsState:
    return replace(enter_realm(party(started()), 5, []), row=(), rests=rests, phase="between")


@pytest.mark.rule("RS-GOD-FINAL-NIGHT")
def test_an_unused_rest_buys_a_final_night_heal_two_its_bonus_and_a_trader() -> None:
    state = step(at_the_end(), Proceed())[0]
    assert state.phase == "final-night" and set(legal_actions(state)) == {FinalNight(), Proceed()}
    state = with_hero(state, replace(state.hero(MASON), health=3))
    night, _ = step(state, FinalNight())
    assert night.hero(MASON).health == 5 and night.rest_bonus == "quiet-hearth" and night.rests == ()
    assert len(night.wares) == 3 and night.rerolls == 5  # no +3 Rerolls (see rulings)
    rich = replace(night, rerolls=20)
    assert {Buy(w, MASON) for w in night.wares} <= set(legal_actions(rich))  # the Trader is open
    assert step(night, Proceed())[0].phase == "final-choice"
    assert step(at_the_end(rests=()), Proceed())[0].phase == "final-choice"


@pytest.mark.rule("RS-GOD-DECLINE")
def test_refusing_the_final_battle_ends_the_game_with_everyone_dead() -> None:
    state = step(at_the_end(rests=()), Proceed())[0]
    state, _ = step(state, Refuse())
    assert RULES.is_over(state) and state.result == "refused" and all(h.dead for h in state.party)


@pytest.mark.rule("RS-GOD-RULES", "RS-GOD-ATTACKS")
def test_the_traitor_god_sets_the_realm_aside_attacks_by_the_failed_roll_and_cannot_be_fled() -> None:
    state = step(step(at_the_end(rests=()), Proceed())[0], FaceGod())[0]
    god = state.card(state.god)
    assert state.phase == "god" and state.current == state.god and state.target_health == god.health
    assert die_defense(state) == god.die_defense  # Last Shore's +Health and +Attack are set aside
    assert refusal(state, Flee()) == "Nobody flees a Traitor God."
    for attack in god.attacks:
        hit = step(die_shows(state, MASON, attack.low), Accept())[0]
        lost = sum(h.health for h in state.party) - sum(h.health for h in hit.party)
        assert lost == attack.damage
        if attack.chain:
            assert hit.hero(MASON).health == 9 - (attack.damage + 3) // 4  # spread: at most 1 each per lap


@pytest.mark.rule("RS-GOD-WIN")
def test_the_game_ends_when_the_traitor_god_dies_or_the_whole_party_does() -> None:
    state = step(step(at_the_end(rests=()), Proceed())[0], FaceGod())[0]
    won = step(die_shows(replace(state, target_health=1), MASON, 20), Accept())[0]
    assert RULES.is_over(won) and won.result == "won"
    doomed = state
    for who in (ASH, WIDOW, CLERK):
        doomed = dead(doomed, who)
    doomed = with_hero(doomed, replace(doomed.hero(MASON), health=1))
    lost = step(die_shows(doomed, MASON, 1), Accept())[0]
    assert RULES.is_over(lost) and lost.result == "lost" and not legal_actions(lost)


@pytest.mark.rule("RS-OPEN-INFO")
def test_every_held_card_is_open_to_every_seat() -> None:
    state = party(started(seats=("a", "b")), items=(("iron-club",), ("bandage",)))
    seen = RULES.observe(state, "b")
    assert seen.party == state.party and seen.rerolls == state.rerolls and seen.loose == state.loose
    assert all(card == "?" for pile in seen.piles for card in pile.draw)


def test_an_attack_against_a_god_is_still_a_turn() -> None:
    state = step(step(at_the_end(rests=()), Proceed())[0], FaceGod())[0]
    assert Attack(MASON, "") in legal_actions(state)


@pytest.mark.rule("RS-ITEM-ACTIVE")
def test_a_rest_and_the_end_of_a_battle_recharge_active_items() -> None:
    state = calm(items=(("warding-bell",),), rests=("quiet-hearth",))
    used, _ = step(state, Use("warding-bell", ASH))
    assert used.mark("warding-bell").spent
    assert not step(used, PlayRest())[0].mark("warding-bell").spent
    battle = fight(used, "mire-rat", 1)
    won = step(die_shows(battle, MASON, 20), Accept())[0]
    assert won.phase == "drops" and not won.mark("warding-bell").spent
