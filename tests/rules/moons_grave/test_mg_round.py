"""The combat round: Plan in Initiative order with secret plans on ties; Execute by vying; Aftermath."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.moons_grave.mg_actions import Bid, Plan, RollDice, TurnAction, Vie, Withdraw
from rt0table.rules.moons_grave.mg_state import MgState
from rt0table.rules.moons_grave.moons_grave_seam import RULES
from rt0table.rules.seam import IllegalAction

from .mg_fixtures import fight_setup, make_character
from .mg_play import begin, enter, play, texts


def planned_all(actions: tuple[int, int, int] = (1, 1, 1)) -> MgState:
    """Vex (pc1, Initiative 3), Deputy (npc1, 3), Eunuch (npc2, 2): the Eunuch plans first, then the tie."""
    state = begin()
    state, _ = play(state, Plan("npc2", actions[2], ""))
    return play(state, Plan("pc1", actions[0], "Sword"), Plan("npc1", actions[1], "Sword"))[0]


@pytest.mark.rule("MG-CMB-ROUND", "MG-CMB-PLAN", "MG-ROLES")
def test_plans_go_from_the_lowest_initiative_up() -> None:
    state = begin()
    assert state.phase == "plan" and state.round == 1
    assert RULES.seats_to_act(state) == frozenset({"gm"})  # the Eunuch (Initiative 2) first, run by the GM
    assert state.asked == ("npc2",)
    assert RULES.refusal(state, Plan("pc1", 1, "Sword")) == "It is not Vex's choice now."
    state, events = play(state, Plan("npc2", 1, ""))
    assert texts(events)[0] == "Solarist Eunuch plans 1 action with bare hands (Fumble Risk 0)."
    assert state.fighter("npc2").planned == 1


@pytest.mark.rule("MG-CMB-PLAN-TIE")
def test_tied_initiative_plans_in_secret_and_reveals_together() -> None:
    state, _ = play(begin(), Plan("npc2", 1, ""))
    assert set(state.asked) == {"pc1", "npc1"}
    assert RULES.seats_to_act(state) == frozenset({"p1", "gm"})  # both write at once
    state, events = play(state, Plan("pc1", 3, "Knives"))
    assert [e.kind for e in events] == ["plan_sealed"] and not RULES.reveals(events[0])
    assert RULES.seats_to_act(state) == frozenset({"gm"})
    assert state.fighter("pc1").planned == -1  # not declared yet
    assert RULES.observe(state, "gm").sealed == (("pc1", -1, "?"),)  # the GM cannot read it
    assert RULES.observe(state, "p1").sealed == (("pc1", 3, "Knives"),)
    state, events = play(state, Plan("npc1", 1, "Sword"))
    revealed = events[-1]
    assert revealed.kind == "plans_revealed" and RULES.reveals(revealed)
    assert state.fighter("pc1").planned == 3 and state.fighter("pc1").active == "Knives"
    assert state.phase == "vie"


@pytest.mark.rule("MG-CMB-PLAN", "MG-NPC-ONE-ACTION")
def test_plan_limits_and_weapons() -> None:
    state, _ = play(begin(), Plan("npc2", 1, ""))
    assert "cannot plan 8" in (RULES.refusal(state, Plan("pc1", 8, "Sword")) or "")  # house cap: 7
    assert RULES.refusal(state, Plan("pc1", 7, "Sword")) is None
    assert RULES.refusal(state, Plan("pc1", 2, "Axe")) == "Vex holds no Axe."
    assert "An NPC takes one action a turn" in (RULES.refusal(state, Plan("npc1", 2, "Sword")) or "")
    assert state.fighter("npc1").fumble_risk == 0


@pytest.mark.rule("MG-CMB-PLAN-ZERO", "MG-CMB-VIE")
def test_a_zero_plan_is_never_asked_to_vie_and_a_lone_vier_takes_the_turn() -> None:
    state = planned_all((1, 0, 0))
    assert state.phase == "vie" and state.asked == ("pc1",)  # Deputy and Eunuch planned nothing
    state, events = play(state, Vie("pc1", True))
    assert state.phase == "turn" and state.turn == "pc1"
    assert texts(events)[-1] == "Vex takes the turn (Fumble Risk 0)."


@pytest.mark.rule("MG-CMB-WITHDRAW", "MG-CMB-VIE-HIGHEST")
def test_withdrawing_and_the_highest_initiative() -> None:
    state = planned_all()
    state, _ = play(state, Vie("npc2", True), Vie("pc1", True), Vie("npc1", False))
    assert state.phase == "withdraw" and state.asked == ("npc2", "pc1")
    assert RULES.refusal(state, Withdraw("npc2", True)) is None
    won, _ = play(state, Withdraw("npc2", False), Withdraw("pc1", False))
    assert won.turn == "pc1"  # Initiative 3 beats 2
    state, _ = play(state, Withdraw("npc2", False))
    assert state.asked == ("pc1",)
    state, _ = play(state, Withdraw("pc1", True))
    assert state.turn == "npc2"  # the other one wins
    left_alone, _ = play(planned_all(), Vie("npc2", True), Vie("pc1", True), Vie("npc1", False), Withdraw("npc2", True))
    assert left_alone.turn == "pc1"  # once the Eunuch withdrew, Vex is alone and takes it


@pytest.mark.rule("MG-CMB-VIE-FOLLOWERS", "MG-CMB-FOLLOWERS-SPENT", "MG-FOLLOWER-ASSIGN", "MG-NPC-FOLLOWER-POOL")
def test_a_tie_goes_to_secret_follower_bids_and_spent_followers_are_gone() -> None:
    setup = fight_setup(npcs=("Captain (3), Beckon 2",))  # Initiative 3 like Vex; the GM's pool starts at 2
    state = begin(setup)
    assert state.pool("foes") == 2 and state.fighter("pc1").followers == 2
    state, _ = play(state, Plan("pc1", 1, "Sword"), Plan("npc1", 1, ""), Vie("pc1", True), Vie("npc1", True))
    state, _ = play(state, Withdraw("pc1", False), Withdraw("npc1", False))
    assert state.phase == "bid" and RULES.seats_to_act(state) == frozenset({"p1", "gm"})
    assert RULES.refusal(state, Bid("pc1", 3)) == "Vex can bid 0 to 2 followers."
    state, events = play(state, Bid("pc1", 2))
    assert RULES.observe(state, "gm").bids == (("pc1", -1),)
    state, events = play(state, Bid("npc1", 1))
    assert events[-2].kind == "bids_revealed" and RULES.reveals(events[-2])
    assert state.turn == "pc1"  # 3 + 2 beats 3 + 1
    assert state.fighter("pc1").followers == 0 and state.pool("foes") == 1  # spent, not lent


@pytest.mark.rule("MG-CMB-VIE-ROLL")
def test_still_tied_each_rolls_initiative_and_a_tied_roll_is_rolled_again() -> None:
    setup = fight_setup(npcs=("Captain (3), Beckon 2",))
    state = begin(setup)
    state, _ = play(state, Plan("pc1", 1, "Sword"), Plan("npc1", 1, ""), Vie("pc1", True), Vie("npc1", True))
    state, _ = play(state, Withdraw("pc1", False), Withdraw("npc1", False), Bid("pc1", 1), Bid("npc1", 1))
    assert state.phase == "vie_roll" and state.roll is not None and state.roll.dice == 3
    state, _ = enter(state, "pc1", 5, 4, 1)  # 2 + 1 + 0 = 3
    assert state.asked == ("npc1",)
    state, events = enter(state, "npc1", 5, 2, 4)  # 3 as well
    assert texts(events)[-1] == "Still tied: each rolls Initiative."
    state, _ = enter(state, "pc1", 1, 1, 1)
    state, _ = enter(state, "npc1", 4, 1, 1)
    assert state.turn == "npc1"


@pytest.mark.rule("MG-CMB-ONE-TURN", "MG-CMB-REPEAT", "MG-TURN-FEWER", "MG-ACT-FINISH")
def test_each_takes_one_turn_and_the_offer_repeats_until_nobody_vies() -> None:
    state = planned_all((2, 1, 1))
    state, _ = play(state, Vie("npc2", False), Vie("pc1", True), Vie("npc1", False))
    state, events = play(state, TurnAction("pc1", "Finish"))  # ends at once, one action of two unused
    assert "Vex finishes her turn." in texts(events)
    assert state.phase == "vie" and "pc1" not in state.asked and state.asked == ("npc2", "npc1")
    state, events = play(state, Vie("npc2", False), Vie("npc1", False))
    assert "Nobody vies for a turn: the Execute phase ends." in texts(events)
    assert state.round == 2 and state.phase == "plan"


@pytest.mark.rule("MG-CMB-AFTERMATH", "MG-ACT-PROTECT")
def test_protection_lasts_the_round_and_ends_in_the_aftermath() -> None:
    ally = "Novice Firetail (3)"
    state = begin(fight_setup(allies=(ally,)))
    ids = {f.name: f.id for f in state.fighters}
    firetail = ids["Novice Firetail"]
    state, _ = play(state, Plan("npc2", 0, ""))
    plans = [Plan(f, 1, "Sword" if f in ("pc1", "npc1") else "") for f in state.asked]
    state, _ = play(state, *plans)
    while state.phase == "vie":
        state, _ = play(state, Vie(state.asked[0], state.asked[0] == "pc1"))
    assert RULES.refusal(state, TurnAction("pc1", "Protect", "pc1")) == "Vex cannot protect herself."
    assert RULES.refusal(state, TurnAction("pc1", "Protect", "npc1")) == "Deputy is an enemy."
    state, events = play(state, TurnAction("pc1", "Protect", firetail))  # Tactics vs 0: no roll at Fumble Risk 0
    assert state.fighter("pc1").protecting == firetail
    assert "Vex protects Novice Firetail for the rest of the round." in texts(events)
    while state.phase == "vie":
        state, _ = play(state, Vie(state.asked[0], False))
    assert state.round == 2 and state.fighter("pc1").protecting == ""


@pytest.mark.rule("MG-ARMOR-HEAT", "MG-ARMOR-NIGHT-SUN", "MG-ARMOR-TYPES")
def test_under_the_sun_hot_armour_hurts_in_the_aftermath() -> None:
    content_kinds = {"day": 0, "night": 0}
    from .mg_fixtures import house

    for suit in house().armour:
        content_kinds[suit.kind] += 1
    assert content_kinds == {"day": 3, "night": 2}
    scale = make_character(package="guardian", weapon_perks=("spear-brace",), raises=("Awareness", "Grace", "Power"))
    night = make_character("Nyx", package="night-warden", weapon_perks=("sword-flourish",))
    state = begin(fight_setup(party=(scale, night), sun_up=True))
    # Bronze Scale heat 3 vs Endurance 3 (Stubborn): no harm; Nightplate heat 4, doubled in the sun, vs 4: 4 damage
    assert state.fighter("pc1").talent("Endurance") == 3 and state.fighter("pc2").talent("Endurance") == 4
    while state.phase == "plan" and state.round == 1:
        state, _ = play(state, *(Plan(f, 0, "") for f in state.asked))
    assert state.phase == "soak" and state.damage_queue == (("pc2", 4),)
    shade = begin(fight_setup(party=(scale, night), sun_up=False))
    while shade.round == 1:
        shade, _ = play(shade, *(Plan(f, 0, "") for f in shade.asked))
    assert shade.phase == "plan" and shade.round == 2  # at night nothing happens


@pytest.mark.rule("MG-CMB-START-END", "MG-SOAK-DEATH")
def test_the_fight_ends_when_a_side_has_nobody_standing() -> None:
    state = begin(fight_setup(npcs=("Solarist Eunuch (2), Beckon 0",)))
    state = replace(state, fighters=tuple(replace(f, planned=1) for f in state.fighters), phase="turn", turn="pc1")
    state, events = play(state, TurnAction("pc1", "Attack", "npc1"))
    state, events = enter(state, "pc1", 5, 5, 1)  # 4 vs Parry 2: 3 damage, the Eunuch has 2 boxes
    assert RULES.is_over(state) and state.winner == "party"
    assert texts(events)[-1] == "The fight is over: the party side stands."
    assert RULES.legal_actions(state) == [] and RULES.seats_to_act(state) == frozenset()
    with pytest.raises(IllegalAction, match=r"The fight is over\."):
        RULES.apply(state, RollDice("pc1"))


@pytest.mark.rule("MG-CMB-VIE-FOLLOWERS", "MG-NPC-FOLLOWER-POOL")
def test_npcs_of_one_side_cannot_promise_more_than_their_pool() -> None:
    state = begin(fight_setup(npcs=("Captain (3), Beckon 2", "Captain (3), Beckon 2")))
    state, _ = play(state, Plan("pc1", 1, "Sword"), Plan("npc1", 1, ""), Plan("npc2", 1, ""))
    state, _ = play(state, Vie("pc1", True), Vie("npc1", True), Vie("npc2", True))
    state, _ = play(state, Withdraw("pc1", False), Withdraw("npc1", False), Withdraw("npc2", False))
    assert state.phase == "bid" and state.pool("foes") == 2  # the highest Beckon, not the sum
    state, _ = play(state, Bid("npc1", 2))
    assert RULES.refusal(state, Bid("npc2", 1)) == "Captain can bid 0 to 0 followers."
    state, _ = play(state, Bid("npc2", 0), Bid("pc1", 0))
    assert state.turn == "npc1" and state.pool("foes") == 0
