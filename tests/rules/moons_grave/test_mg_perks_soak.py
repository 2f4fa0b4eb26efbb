"""Paying perks with ★ and ☠, and soaking damage on the tracks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.moons_grave.mg_actions import PassPerk, Soak, TriggerPerk, TurnAction
from rt0table.rules.moons_grave.mg_state import MgState
from rt0table.rules.moons_grave.moons_grave_seam import RULES
from rt0table.rules.moons_grave.surge_dice import SURGE_D6

from .mg_fixtures import fight_setup, house
from .mg_play import begin, enter, give_turn, play, texts

BULLY = "Bully (5), Beckon 2, Willpower 4\nBully's Backhand [1]"


def vex_hits_bully(*faces: int, planned: int = 1) -> MgState:
    """Vex (Strike 3, Sword) attacks a Bully (Parry 5) and the dice show ``faces``."""
    state = give_turn(begin(fight_setup(npcs=(BULLY, BULLY))), "pc1", planned=planned, weapon="Sword")
    state, _ = play(state, TurnAction("pc1", "Attack", "npc1"))
    return enter(state, "pc1", *faces)[0]


@pytest.mark.rule("MG-PERK-PAY-BOOST", "MG-PERK-COST", "MG-PERK-DIE-ONCE", "MG-PERK-ONCE")
def test_boosts_pay_the_rollers_perks_each_die_once_each_perk_once() -> None:
    state = vex_hits_bully(6, 2, 3, 1)  # 2+ surges in a fourth die: 2, ★, ★, ☠ = 2
    assert state.phase == "perks" and RULES.seats_to_act(state) == frozenset({"p1"})
    legal = RULES.legal_actions(state)
    assert TriggerPerk("pc1", "press-on", (1, 2)) in legal  # cost 2: both ★
    assert TriggerPerk("pc1", "press-on", (1,)) not in legal
    assert RULES.refusal(state, TriggerPerk("pc1", "press-on", (1,))) == "Press On costs 2 ★; these dice pay 1."
    assert RULES.refusal(state, TriggerPerk("pc1", "second-wind", (3,))) == (
        "Die 4 shows no ★ or has already paid one of Vex's perks."
    )
    assert RULES.refusal(state, TriggerPerk("pc1", "second-wind", (1, 2))) == (
        "Second Wind costs 1 ★; leave out the dice it does not need."
    )
    state, _ = play(state, TriggerPerk("pc1", "sword-flourish", (1,)))
    assert state.roll is not None and state.roll.bonus == 1
    state, _ = play(state, PassPerk("npc1"))
    assert RULES.refusal(state, TriggerPerk("pc1", "second-wind", (1,))) == (
        "Die 2 shows no ★ or has already paid one of Vex's perks."
    )
    assert RULES.refusal(state, TriggerPerk("pc1", "sword-flourish", (2,))) == (
        "Sword Flourish has already fired on this roll."
    )


@pytest.mark.rule("MG-PERK-PAY-DRAG", "MG-PERK-ALTERNATE", "MG-PERK-OFF-ROLL", "MG-PERK-STATE-PERSISTS")
def test_drags_pay_the_enemy_who_may_hurt_the_roller_and_the_sides_alternate() -> None:
    state = vex_hits_bully(6, 2, 3, 1)
    state, _ = play(state, TriggerPerk("pc1", "press-on", (1, 2)))  # 2 + 2 = 4
    assert RULES.seats_to_act(state) == frozenset({"gm"})  # now the Bully's chance
    assert RULES.refusal(state, TriggerPerk("npc1", "bullys-backhand", (1,))) == (
        "Die 2 shows no ☠ or has already paid one of Bully's perks."
    )
    state, events = play(state, TriggerPerk("npc1", "bullys-backhand", (3,)))  # not attacking, yet it hurts
    assert state.damage_queue == (("pc1", 1),)
    # Vex has no ★ left and the Bully nothing more to pay: the window closes, 4 vs 5 fumbles, then she soaks 1
    assert "Vex fails (4 vs 5) and fumbles: the turn ends." in texts(events)
    assert state.phase == "soak"
    state, _ = play(state, Soak("pc1", "curse-1"))
    assert state.fighter("pc1").tracks[0].exhausted  # the perk's damage stays marked after the roll


@pytest.mark.rule("MG-PERK-ALTERNATE")
def test_a_side_that_passed_may_come_back_while_the_other_keeps_triggering() -> None:
    state = vex_hits_bully(2, 3, 1)  # ★ ★ ☠ = 0
    state, _ = play(state, PassPerk("pc1"))
    state, _ = play(state, TriggerPerk("npc1", "bullys-backhand", (2,)))
    assert RULES.seats_to_act(state) == frozenset({"p1"})  # Vex passed, but the Bully acted since
    state, _ = play(state, TriggerPerk("pc1", "second-wind", (0,)), TriggerPerk("pc1", "sword-flourish", (1,)))
    assert state.phase != "perks"  # two passes in a row (the Bully has nothing left) closed it


@pytest.mark.rule("MG-PERK-BONUS-EXPIRE")
def test_perk_bonuses_end_with_the_verdict() -> None:
    state = vex_hits_bully(6, 2, 3, 5, planned=2)  # 2 ★ ★ 2 = 4 vs Parry 5 + Fumble Risk 1
    state, _ = play(state, TriggerPerk("pc1", "press-on", (1, 2)))
    assert state.fighter("npc1").damage == 1  # 6 vs 6: a hit for 1
    assert state.phase == "turn" and state.roll is None  # the +2 went with the roll
    state, _ = play(state, TurnAction("pc1", "Attack", "npc1"))
    assert state.roll is not None and state.roll.bonus == 0


@pytest.mark.rule("MG-PERK-WEAPON-ONLY", "MG-PERK-ARMOR-ONLY")
def test_weapon_and_armour_perks_need_their_gear() -> None:
    state = give_turn(begin(fight_setup(npcs=(BULLY,))), "pc1", planned=1, weapon="Knives")
    state, _ = play(state, TurnAction("pc1", "Attack", "npc1"))
    state, _ = enter(state, "pc1", 2, 4, 4)
    assert RULES.refusal(state, TriggerPerk("pc1", "sword-flourish", (0,))) == (
        "Sword Flourish needs the Sword as the active weapon (MG-PERK-WEAPON-ONLY)."
    )
    assert RULES.refusal(state, TriggerPerk("pc1", "knives-flurry", (0,))) is None
    bully = give_turn(begin(fight_setup(npcs=(BULLY,))), "npc1", planned=1)
    bully, _ = play(bully, TurnAction("npc1", "Attack", "pc1"))
    bully, _ = enter(bully, "npc1", 1, 4, 4, 4, 4)  # ☠ for Vex's defence perks
    assert RULES.refusal(bully, TriggerPerk("pc1", "leather-shrug", (0,))) is None  # she wears the leather
    bare = bully.with_fighter(replace(bully.fighter("pc1"), armour=""))
    assert (
        RULES.refusal(bare, TriggerPerk("pc1", "leather-shrug", (0,))) == "Leather Shrug needs its armour to be worn."
    )


@pytest.mark.rule("MG-PERK-MULTI-ENEMY", "MG-PERK-BOTH-FACE", "MG-ACT-PROTECT")
def test_a_protector_pays_with_the_same_dice_as_the_defender() -> None:
    state = give_turn(begin(fight_setup(npcs=(BULLY, BULLY))), "pc1", planned=1, weapon="Sword")
    state = state.with_fighter(replace(state.fighter("npc2"), protecting="npc1"))
    state, _ = play(state, TurnAction("pc1", "Attack", "npc1"))
    state, _ = enter(state, "pc1", 1, 4, 4)  # one ☠
    assert state.roll is not None and state.roll.order == ("pc1", "npc1", "npc2")  # roller, target, protector
    state, _ = play(state, TriggerPerk("npc1", "bullys-backhand", (0,)))
    assert TriggerPerk("npc2", "bullys-backhand", (0,)) in RULES.legal_actions(state)  # the same die, again
    state, _ = play(state, TriggerPerk("npc2", "bullys-backhand", (0,)))
    assert state.damage_queue == (("pc1", 1), ("pc1", 1))
    # the d6 chart has no face with both icons; the payment keeps each fighter's dice apart all the same
    assert not any(face.boosts and face.drags for face in SURGE_D6.faces)


def vex_takes(damage_faces: tuple[int, ...]) -> MgState:
    """The Deputy (Strike 3 with a Sword) hits Vex (Parry 3) with these faces; no icons, so no perks."""
    state = give_turn(begin(), "npc1", planned=1, weapon="Sword")
    state, _ = play(state, TurnAction("npc1", "Attack", "pc1"))
    return enter(state, "npc1", *damage_faces)[0]


@pytest.mark.rule("MG-SOAK-TRACKS", "MG-SOAK-COMBINE", "MG-SOAK-ANY-ORDER")
def test_damage_is_soaked_track_by_track_in_any_order() -> None:
    tracks = house().tracks
    assert [(t.name, t.capacity, t.kind) for t in tracks[:3]] == [
        ("Mild Curse", 1, "curse"),
        ("Loud Curse", 2, "curse"),
        ("Filthy Curse", 3, "curse"),
    ]
    assert all(t.kind == "handicap" and t.handicap for t in tracks[3:])
    state = vex_takes((5, 5, 4))  # 5 vs 3: 3 damage
    assert state.phase == "soak" and RULES.seats_to_act(state) == frozenset({"p1"})
    assert {a.track for a in RULES.legal_actions(state) if isinstance(a, Soak)} == {t.id for t in tracks}
    state, events = play(state, Soak("pc1", "curse-1"))
    assert "Vex soaks 1 with Mild Curse; 2 still to soak." in texts(events)
    state, _ = play(state, Soak("pc1", "broken-bone"))  # a handicap before the curses: allowed
    assert state.phase != "soak" and state.fighter("pc1").talent("Strike") == 2  # the Broken Bone's handicap


@pytest.mark.rule("MG-SOAK-EXCESS-LOST", "MG-SOAK-MARK")
def test_extra_soak_is_lost_and_a_used_track_stays_checked() -> None:
    state = vex_takes((5, 4, 2))  # 3 vs 3: 1 damage
    state, _ = play(state, Soak("pc1", "curse-3"))  # 3 of soak for 1 damage: the other 2 are gone
    assert state.phase != "soak" and next(t for t in state.fighter("pc1").tracks if t.id == "curse-3").exhausted
    again = give_turn(state, "npc1", planned=1, weapon="Sword")
    again, _ = play(again, TurnAction("npc1", "Attack", "pc1"))
    again, _ = enter(again, "npc1", 5, 4, 2)
    assert RULES.refusal(again, Soak("pc1", "curse-3")) == (
        "Filthy Curse is already checked; it soaks again only once cleared (MG-SOAK-MARK)."
    )


@pytest.mark.rule("MG-SOAK-LETHAL")
def test_damage_beyond_every_track_kills() -> None:
    state = vex_takes((6, 6, 6, 6, 6, 6, 6, 6, 5, 5, 5))  # 8 surges: 22 against 3, 20 damage
    assert state.damage_queue == (("pc1", 20),)
    for track in ("curse-1", "curse-2", "curse-3", "bleeding-out", "broken-bone"):
        state, _ = play(state, Soak("pc1", track))
    state, events = play(state, Soak("pc1", "concussion"))  # 15 of 20 soaked: nothing left for 5
    assert not state.fighter("pc1").alive and RULES.is_over(state) and state.winner == "foes"
    assert "Vex has no soak track left for 5 damage: Vex is dead." in texts(events)


@pytest.mark.rule("MG-SOAK-WHO", "MG-TALENT-UNUSED")
def test_npcs_have_boxes_equal_to_their_durability() -> None:
    lunatron = "Lunatron (4), Beckon 0, Durability 10, Willpower 3"
    state = give_turn(begin(fight_setup(npcs=(lunatron,))), "pc1", planned=1, weapon="Sword")
    state, _ = play(state, TurnAction("pc1", "Attack", "npc1"))
    state, events = enter(state, "pc1", 6, 6, 6, 5, 5, 5)  # 12 vs 4: 9 damage
    assert "Lunatron takes 9 damage (9/10)." in texts(events) and state.fighter("npc1").alive


@pytest.mark.rule("MG-PERK-PAY-DRAG")
def test_a_roll_against_nobody_has_no_enemy_to_pay() -> None:
    state = give_turn(begin(fight_setup(npcs=(BULLY,))), "pc1", planned=1)
    state = state.with_fighter(replace(state.fighter("pc1"), followers=0))
    state, _ = play(state, TurnAction("pc1", "Rally"))
    state, _ = enter(state, "pc1", 1, 2)  # ☠ and ★: the Bully is not acted against, so his Backhand stays quiet
    assert state.roll is not None and state.roll.order == ("pc1",)
    assert all(a.fighter == "pc1" for a in RULES.legal_actions(state))
