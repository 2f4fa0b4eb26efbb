"""Turns: Fumble Risk, the seven actions and their rolls, damage 1 + margin, defence rolls, NPC clashes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.moons_grave.combat_round import roll_for
from rt0table.rules.moons_grave.mg_actions import EnterDie, Plan, RollDice, TriggerPerk, TurnAction
from rt0table.rules.moons_grave.mg_book import ACTIONS, fumble_risk
from rt0table.rules.moons_grave.moons_grave_seam import RULES
from rt0table.rules.moons_grave.npc_clash import clash_damage, gang_damage
from rt0table.rules.moons_grave.npc_notation import parse_npc

from .mg_fixtures import fight_setup
from .mg_play import begin, enter, give_turn, play, texts


@pytest.mark.rule("MG-TURN-FUMBLE-RISK", "MG-TURN-FR-DIFF", "MG-ACT-ATTACK-ROLL", "MG-ACT-ATTACK-WEAPON")
def test_fumble_risk_raises_every_roll_of_the_turn() -> None:
    assert [fumble_risk(n) for n in range(0, 8)] == [0, 0, 1, 2, 3, 4, 5, 6]
    state = give_turn(begin(), "pc1", planned=3, weapon="Sword")
    roll = roll_for(state, TurnAction("pc1", "Attack", "npc1"))
    assert roll is not None and (roll.dice, roll.difficulty) == (3, 3 + 2)  # Strike 3 vs Deputy's Parry 3 + 2
    rally = roll_for(state, TurnAction("pc1", "Rally"))
    assert rally is not None and (rally.dice, rally.difficulty) == (2, 3 + 2)  # Beckon 2 vs 3 + 2 (MG-BECKON-ROLLED)
    knives = give_turn(begin(), "pc1", planned=1, weapon="Knives")
    stab = roll_for(knives, TurnAction("pc1", "Attack", "npc2"))
    assert stab is not None and (stab.dice, stab.difficulty) == (3, 2)  # Knives: Strike vs Evasion 2


@pytest.mark.rule("MG-ACT-ATTACK-DMG", "MG-ROLL-SUM", "MG-ACT-ATTACK-TARGET")
def test_the_worked_example_strike_3_against_parry_2_deals_3() -> None:
    state = give_turn(begin(), "pc1", planned=1, weapon="Sword")
    state, _ = play(state, TurnAction("pc1", "Attack", "npc2"))
    assert state.roll is not None and state.roll.target == "npc2"
    state, events = enter(state, "pc1", 5, 5, 1)  # 2, 2 and a ☠ (0): 4 against Parry 2
    assert "Vex rolls 3 vs 2: 2 2 ☠ = 4." in texts(events)
    assert "Solarist Eunuch takes 3 damage (3/2): Solarist Eunuch is dead." in texts(events)


@pytest.mark.rule("MG-ACT-ATTACK-DMG")
def test_the_margin_counts_over_the_raised_difficulty() -> None:
    lunatron = "Lunatron (4), Beckon 0, Durability 10, Willpower 3"
    state = give_turn(begin(fight_setup(npcs=(lunatron,))), "pc1", planned=2, weapon="Sword")
    state, _ = play(state, TurnAction("pc1", "Attack", "npc1"))  # Parry 4 + Fumble Risk 1 = 5
    state, events = enter(state, "pc1", 6, 5, 5, 4)  # 2+ surges: 2 + 2 + 2 + 1 = 7
    assert "Lunatron takes 3 damage (3/10)." in texts(events)  # 1 + (7 - 5)
    assert state.phase == "turn" and state.actions_done == 1  # a second action is still to come


@pytest.mark.rule("MG-TURN-FUMBLE", "MG-ACT-ATTACK-MISS")
def test_a_failed_roll_fumbles_and_the_rest_of_the_plan_is_lost() -> None:
    state = give_turn(begin(), "pc1", planned=3, weapon="Sword")
    state, _ = play(state, TurnAction("pc1", "Attack", "npc1"))
    state, events = enter(state, "pc1", 4, 4, 5)  # 4 against 3 + 2 = 5
    assert "Vex fails (4 vs 5) and fumbles: the turn ends." in texts(events)
    assert state.phase == "vie" and "pc1" not in state.asked
    assert state.fighter("npc1").damage == 0


@pytest.mark.rule("MG-TURN-ZERO-DIFF", "MG-ACT-SWAP")
def test_difficulty_zero_is_not_rolled_unless_the_risk_raises_it() -> None:
    state = give_turn(begin(), "pc1", planned=1, weapon="Sword")
    assert RULES.refusal(state, TurnAction("pc1", "Swap", "Sword")) == "The Sword is already active."
    assert RULES.refusal(state, TurnAction("pc1", "Swap", "Axe")) == "Vex holds no Axe."
    state, events = play(state, TurnAction("pc1", "Swap", "Knives"))  # one action: no roll
    assert state.fighter("pc1").active == "Knives" and "Vex swaps to the Knives." in texts(events)
    risky = give_turn(begin(), "pc1", planned=2, weapon="Sword")
    risky, _ = play(risky, TurnAction("pc1", "Swap", "Knives"))
    assert risky.phase == "roll" and risky.roll is not None and (risky.roll.dice, risky.roll.difficulty) == (3, 1)
    risky, _ = enter(risky, "pc1", 1, 1, 1)  # 0 vs 1: the swap fails and fumbles
    assert risky.fighter("pc1").active == "Sword" and risky.phase == "vie"


@pytest.mark.rule(
    "MG-ACT-RALLY",
    "MG-TURN-FAIL-NO-BENEFIT",
    "MG-FOLLOWER-GAIN",
    "MG-FOLLOWER-MAX",
    "MG-BECKON-ROLLED",
    "MG-FOLLOWER-START",
)
def test_rally_gains_a_follower_up_to_beckon_and_nothing_on_a_failure() -> None:
    state = give_turn(begin(), "pc1", planned=2)
    assert state.fighter("pc1").followers == 2  # MG-FOLLOWER-START: as many as Beckon
    assert RULES.refusal(state, TurnAction("pc1", "Rally")) == "Vex already has as many followers as her Beckon (2)."
    state = state.with_fighter(replace(state.fighter("pc1"), followers=0))
    state, _ = play(state, TurnAction("pc1", "Rally"))
    state, _ = enter(state, "pc1", 6, 5, 5)  # Beckon 2 dice, one surge: 6 vs 3 + 1
    assert state.fighter("pc1").followers == 1 and state.phase == "turn"
    state, _ = play(state, TurnAction("pc1", "Rally"))  # the same action twice in a turn is allowed
    state, _ = enter(state, "pc1", 4, 4)  # 2 vs 4: no follower
    assert state.fighter("pc1").followers == 1


@pytest.mark.rule("MG-ACT-SLAUGHTER", "MG-NPC-FOLLOWER-POOL")
def test_slaughter_takes_a_follower_from_the_shared_pool() -> None:
    setup = fight_setup(npcs=("Captain (5), Beckon 2", "High Priestess (5), Beckon 3, Parry 3", "Deputy (3), Beckon 0"))
    state = give_turn(begin(setup), "pc1", planned=1)
    assert RULES.refusal(state, TurnAction("pc1", "Slaughter", "pc1")) == "Vex is on Vex's side."
    assert state.pool("foes") == 3  # the highest Beckon among them
    assert state.followers(state.fighter("npc3")) == 3  # each NPC counts as having the whole pool
    state, _ = play(state, TurnAction("pc1", "Slaughter", "npc3"))  # one action: vs 0, no roll
    assert state.pool("foes") == 2
    bare = give_turn(begin(setup), "pc1", planned=3, weapon="")
    roll = roll_for(bare, TurnAction("pc1", "Slaughter", "npc1"))
    assert roll is not None and (roll.dice, roll.difficulty) == (3, 2)  # Brawl with no weapon, vs the risk
    empty = give_turn(begin(setup), "pc1", planned=1).with_pool("foes", 0)
    assert RULES.refusal(empty, TurnAction("pc1", "Slaughter", "npc1")) == "Captain has no followers to kill."


@pytest.mark.rule("MG-ACT-BANDAGE", "MG-SOAK-BLEEDING")
def test_bandage_clears_bleeding_out_so_it_soaks_again() -> None:
    state = give_turn(begin(), "pc1", planned=1)
    assert RULES.refusal(state, TurnAction("pc1", "Bandage", "pc1")) == "Vex is not bleeding out."
    assert RULES.refusal(state, TurnAction("pc1", "Bandage", "npc1")) == "Deputy is an enemy."
    vex = state.fighter("pc1")
    bleeding = tuple(replace(t, exhausted=t.bleeding_out) for t in vex.tracks)
    state = state.with_fighter(replace(vex, tracks=bleeding))
    state, _ = play(state, TurnAction("pc1", "Bandage", "pc1"))  # herself: allowed (ruling)
    assert state.roll is not None and (state.roll.dice, state.roll.difficulty) == (3, 3)  # Tactics vs 3
    state, events = enter(state, "pc1", 5, 4, 4)
    assert not any(t.exhausted for t in state.fighter("pc1").tracks)
    assert "Vex bandages Vex: Bleeding Out is clear." in texts(events)


@pytest.mark.rule("MG-ACT-LIST")
def test_the_seven_actions() -> None:
    assert tuple(ACTIONS) == ("Attack", "Bandage", "Finish", "Protect", "Rally", "Slaughter", "Swap")
    assert ACTIONS["Bandage"] == ("Tactics", 3) and ACTIONS["Protect"] == ("Tactics", 0)
    assert ACTIONS["Rally"] == ("Beckon", 3)
    state = give_turn(begin(), "pc1", planned=1)
    assert "not a turn action" in (RULES.refusal(state, TurnAction("pc1", "Dance")) or "")
    kinds = {a.action for a in RULES.legal_actions(state) if isinstance(a, TurnAction)}
    assert kinds == {"Attack", "Finish", "Protect", "Slaughter", "Swap"} - {"Protect", "Slaughter"}


@pytest.mark.rule("MG-ACT-CORPS", "MG-NPC-CORPS", "MG-CMB-RANGE")
def test_bare_hands_attack_with_brawl_against_parry_and_range_never_matters() -> None:
    state = give_turn(begin(), "pc1", planned=1, weapon="")
    roll = roll_for(state, TurnAction("pc1", "Attack", "npc2"))
    assert roll is not None and (roll.dice, roll.difficulty) == (3, 2)  # Brawl 3 vs Parry 2 (house)
    eunuch = give_turn(begin(), "npc2", planned=1)
    roll = roll_for(eunuch, TurnAction("npc2", "Attack", "pc1"))  # every NPC can fight bare-handed
    assert roll is not None and (roll.dice, roll.difficulty) == (2, 3)
    targets = {a.target for a in RULES.legal_actions(state) if isinstance(a, TurnAction) and a.action == "Attack"}
    assert targets == {"npc1", "npc2"}  # no distance, no cover: any living enemy


@pytest.mark.rule("MG-ACT-DEFENSE-ROLL", "MG-ACT-DEFENSE-PERKS", "MG-ACT-DEFENSE-FR")
def test_defence_rolls_put_the_dice_in_the_defenders_hands() -> None:
    state = give_turn(begin(fight_setup(defence_rolls=True)), "npc1", planned=1, weapon="Sword")
    state, _ = play(state, TurnAction("npc1", "Attack", "pc1"))
    assert state.roll is not None and state.roll.purpose == "defence"
    assert (state.roll.roller, state.roll.dice, state.roll.difficulty) == ("pc1", 3, 3)  # Vex's Parry vs Strike 3
    assert RULES.seats_to_act(state) == frozenset({"p1"})  # the player rolls
    state, _ = enter(state, "pc1", 2, 4, 1)  # ★, 1, ☠: 1 against 3
    assert state.phase == "perks" and state.roll is not None and state.roll.order[0] == "pc1"  # the defender first
    assert TriggerPerk("pc1", "second-wind", (0,)) in RULES.legal_actions(state)  # her ★ pay her perks
    state, events = play(state, TriggerPerk("pc1", "second-wind", (0,)))
    while state.phase == "perks":
        state, more = play(state, RULES.legal_actions(state)[-1])  # everyone passes
        events += more
    assert "Deputy hits Vex by 1." in texts(events)  # 2 against 3: the shortfall, not 1 + margin
    assert state.phase == "soak" and state.damage_queue == (("pc1", 1),)


@pytest.mark.rule("MG-NPC-VS-NPC", "MG-NPC-GANG")
def test_npcs_fight_npcs_without_dice() -> None:
    state = begin(fight_setup(allies=("Ghoul (4), Willpower 6",)))
    ghoul = next(f.id for f in state.fighters if f.name == "Ghoul")
    state = give_turn(state, ghoul, planned=1)
    state, events = play(state, TurnAction(ghoul, "Attack", "npc1"))  # Brawl 4 vs Parry 3: 2 damage, no roll
    assert "Ghoul (4) beats Deputy's 3." in texts(events)
    assert state.fighter("npc1").damage == 2 and state.roll is None
    assert clash_damage(3, 3) == 1 and clash_damage(2, 3) == 0
    haunt, deputy = parse_npc("Haunt (1)"), parse_npc("Deputy (3)")
    assert gang_damage([haunt, haunt, haunt], deputy, "Brawl", "Parry") == 1  # the book's example, as printed
    assert gang_damage([haunt, haunt], deputy, "Brawl", "Parry") == 0
    roster_haunt = parse_npc("Haunt (2), Beckon 0, Willpower 4")
    assert gang_damage([roster_haunt] * 3, deputy, "Brawl", "Parry") == 4  # the roster's Haunt (2): 6 vs 3


@pytest.mark.rule("MG-ENTERED-DICE", "MG-ROLL-SURGE", "MG-ROLL-SURGE-FIRST", "MG-ROLL-D6-CHART")
def test_typed_in_dice_ask_for_one_more_per_surge_before_any_perk() -> None:
    state = give_turn(begin(), "pc1", planned=1, weapon="Sword")
    state, _ = play(state, TurnAction("pc1", "Attack", "npc1"))
    state, events = enter(state, "pc1", 6, 6)
    assert texts(events) == ["Vex enters a die: 2+; 3 more owed.", "Vex enters a die: 2+; 3 more owed."]
    assert state.phase == "roll" and not any(isinstance(a, TriggerPerk) for a in RULES.legal_actions(state))
    assert RULES.refusal(state, RollDice("pc1")) == "The dice are being typed in; type the rest."
    assert RULES.refusal(state, EnterDie("pc1", 7)) == "A d6 shows 1 to 6, not 7."
    state, events = enter(state, "pc1", 2, 3, 4)
    assert events[-1].kind == "dice_rolled" and events[-1].values == (6, 6, 2, 3, 4)
    assert state.phase == "perks"  # only now, with every surge in
    assert RULES.refusal(state, EnterDie("pc1", 4)) == "No dice are waiting to be rolled."


def test_rolled_dice_come_from_the_seed_and_replay_exactly() -> None:
    first = give_turn(begin(seed=11), "pc1", planned=1, weapon="Sword")
    first, _ = play(first, TurnAction("pc1", "Attack", "npc1"))
    a, events_a = play(first, RollDice("pc1"))
    b, events_b = play(first, RollDice("pc1"))
    assert events_a == events_b and RULES.state_hash(a) == RULES.state_hash(b)
    rolled = next(e for e in events_a if e.kind == "dice_rolled")
    assert RULES.reveals(rolled) and len(rolled.values) >= 3


def test_npcs_plan_at_most_one_action() -> None:
    state, _ = play(begin(), Plan("npc2", 1, ""))
    npc_plans = {a.actions for a in RULES.legal_actions(state) if isinstance(a, Plan) and a.fighter == "npc1"}
    assert npc_plans == {0, 1}
