"""The Fool's Arcana Abilities and their Corruption Upgrades, driven through the engine with stacked hands."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.rt0 import rng
from rt0table.rules.rt0.abilities import ABILITIES, arcana_abilities
from rt0table.rules.rt0.cards import FOOL, TOWER, by_name
from rt0table.rules.rt0.content.adversaries import IntentPlan
from rt0table.rules.rt0.content.adversaries import Step as AdvStep
from rt0table.rules.rt0.fight.actions import Activate, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.daily import DEUS_EX_MACHINA, SLAUGHTER, AlreadyUsedToday, spend, spent_on, used_today
from rt0table.rules.rt0.fight.effects import draw
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, apply, legal_actions, new_combat
from rt0table.rules.rt0.fight.events import (
    CardDeclared,
    CardsDrawn,
    CatastropheStruck,
    CorruptionTaken,
    DamageDealt,
    EddyDestroyed,
    Event,
    HealthLost,
    IntentCarriedOut,
    IntentDiscarded,
    ShieldGained,
    TurnEnded,
)
from rt0table.rules.rt0.fight.narration import narrate_all
from rt0table.rules.rt0.fight.serialize import state_from_dict, state_hash, state_to_dict
from rt0table.rules.rt0.fight.state import CombatState, Fighter, FighterKind, Phase
from rt0table.rules.rt0.traits import Arcana, Trait
from rt0table.rules.seam import IllegalAction
from tests.helpers.fight_builders import bestiary, choose, fight, give

ROBOT = [AdversarySetup("training_robot", (1, 1))]
TWO_ROBOTS = [AdversarySetup("training_robot", (1, 1)), AdversarySetup("training_robot", (1, 1))]
TWO_LABORERS = [AdversarySetup("laborer", (1, 1)), AdversarySetup("laborer", (0, 0))]
ALL_FOOL = ("kitchen_sink", "laughter", "blackjack", "parade", "throwaway_joke", "crisis_averted")


def pip(
    *traits: Trait, abilities: tuple[str, ...] = (), upgrades: tuple[str, ...] = (), **extra: object
) -> FighterSetup:
    """A Fool (Lucky from the Arcana) in B2 with the given traits and Arcana Abilities."""
    chosen = frozenset({Trait.LUCKY, *traits})
    return FighterSetup(
        "pip",
        "Pip",
        (1, 1),
        chosen,
        Arcana.FOOL,
        abilities=abilities,
        upgrades=frozenset(upgrades),
        **extra,  # type: ignore[arg-type]
    )


def mo() -> FighterSetup:
    return FighterSetup("mo", "Mo", (1, 1), frozenset({Trait.CLEVER, Trait.SLOW}), Arcana.MAGICIAN)


def play(state: CombatState, fighter: str, card: str, ability: str) -> tuple[CombatState, list[Event]]:
    (card_id,) = give(state, state.fighter(fighter), card)
    return apply(state, PlayCard(fighter, card_id, ability))


def on_top(state: CombatState, fighter: Fighter, *names: str) -> None:
    """Stack cards on top of the fighter's draw pile, the first named drawn first."""
    pile = state.piles[fighter.pile]
    for name in reversed(names):
        card = by_name(name)
        for place in (pile.draw, pile.discard, fighter.hand):
            if card in place:
                place.remove(card)
                break
        pile.draw.append(card)


def labels(state: CombatState) -> list[str]:
    assert state.pending is not None
    return [option.label for option in state.pending.options]


def hits(events: list[Event], who: str = "pip") -> list[tuple[int, bool, bool]]:
    """(amount, ranged, magic) of every hit the fighter dealt (a lone target is chosen without asking)."""
    return [(e.amount, e.ranged, e.magic) for e in events if isinstance(e, DamageDealt) and e.source == who]


def shields(events: list[Event], who: str = "pip") -> list[int]:
    return [e.amount for e in events if isinstance(e, ShieldGained) and e.who == who]


def clear_hand(state: CombatState, fighter: Fighter) -> None:
    state.piles[fighter.pile].discard.extend(fighter.hand)
    fighter.hand.clear()


def fill_defend(state: CombatState) -> tuple[CombatState, list[Event]]:
    state, _ = play(state, "pip", "9 of Cups", "defend")
    return play(state, "pip", "3 of Pentacles", "defend")


def sink(state: CombatState, card: str, where: str) -> CombatState:
    give(state, state.fighter("pip"), card)
    state, _ = play(state, "pip", "The Fool", "kitchen_sink")
    state, _ = choose(state, f"{card} on {where}")
    return state


# --- Kitchen Sink, Unlikely Helmet, Unlikely Weapon ----------------------------------------------------------


@pytest.mark.rule("FOOL-KITCHEN-SINK", "FOOL-UNLIKELY-HELMET", "FOOL-UNLIKELY-WEAPON")
def test_kitchen_sink_brings_helmet_and_weapon_which_take_cards_only_through_it() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, abilities=("kitchen_sink",))], ROBOT)
    fighter = state.fighter("pip")
    assert {"kitchen_sink", "unlikely_helmet", "unlikely_weapon"} <= set(fighter.abilities)
    assert "unlikely_helmet" not in arcana_abilities(Arcana.FOOL), "not a choosable Arcana Ability"
    (cup,) = give(state, fighter, "9 of Cups")
    for gear in ("unlikely_helmet", "unlikely_weapon"):
        assert PlayCard("pip", cup, gear) not in legal_actions(state)
        with pytest.raises(IllegalAction, match="only through another ability"):
            apply(state, PlayCard("pip", cup, gear))


@pytest.mark.rule("FOOL-KITCHEN-SINK", "FOOL-WILDCARD")
def test_kitchen_sink_takes_the_fool_as_itself_then_a_card_on_helmet_or_weapon() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, abilities=("kitchen_sink",))], ROBOT)
    (nine,) = give(state, state.fighter("pip"), "9 of Cups")
    state, events = play(state, "pip", "The Fool", "kitchen_sink")
    assert not any(isinstance(e, CardDeclared) for e in events), "The Fool is not named as another card here"
    assert state.pending is not None and state.pending.kind == "sink"
    hand = state.fighter("pip").hand
    assert len(labels(state)) == 2 * len(hand), "every card in hand, on either bin"
    state, _ = choose(state, "9 of Cups on Unlikely Helmet")
    pip_now = state.fighter("pip")
    assert pip_now.bins["unlikely_helmet"] == [nine] and nine not in pip_now.hand
    assert pip_now.bins["kitchen_sink"] == [FOOL]
    state, _ = apply(state, EndTurn("pip"))
    pip_now = state.fighter("pip")
    assert FOOL in state.piles["pip"].discard and not pip_now.bins["kitchen_sink"], "The Fool goes at turn end"
    assert pip_now.bins["unlikely_helmet"] == [nine], "the helmet stays for the whole fight"


@pytest.mark.rule("FOOL-KITCHEN-SINK")
def test_kitchen_sink_refuses_the_fool_when_nothing_else_is_in_hand() -> None:
    state = fight([pip(abilities=("kitchen_sink",))], ROBOT)
    fighter = state.fighter("pip")
    clear_hand(state, fighter)
    give(state, fighter, "The Fool")
    with pytest.raises(IllegalAction, match="needs another card in your hand"):
        apply(state, PlayCard("pip", FOOL, "kitchen_sink"))
    (cup,) = give(state, fighter, "5 of Cups")
    with pytest.raises(IllegalAction, match="takes The Fool"):
        apply(state, PlayCard("pip", cup, "kitchen_sink"))


@pytest.mark.rule("FOOL-UNLIKELY-HELMET")
@pytest.mark.parametrize(("speed", "defend", "bonus"), [(None, 5, 4), (Trait.FAST, 7, 5), (Trait.SLOW, 3, 3)])
def test_helmet_adds_to_shield_abilities_generate(speed: Trait | None, defend: int, bonus: int) -> None:
    traits = (speed,) if speed else (Trait.STRONG,)
    state = fight([pip(*traits, abilities=("kitchen_sink",))], ROBOT)
    _, events = fill_defend(state)
    assert shields(events) == [defend], "no card on the helmet: no bonus"
    state = sink(state, "4 of Swords", "Unlikely Helmet")
    _, events = fill_defend(state)
    assert shields(events) == [defend + bonus]


@pytest.mark.rule("FOOL-UNLIKELY-WEAPON")
@pytest.mark.parametrize(("strength", "melee", "ranged", "bonus"), [(None, 5, 2, 4), (Trait.STRONG, 7, 3, 5),
                                                                    (Trait.WEAK, 3, 1, 3)])  # fmt: skip
def test_weapon_adds_to_non_magical_damage(strength: Trait | None, melee: int, ranged: int, bonus: int) -> None:
    traits = (strength,) if strength else (Trait.FAST,)
    state = fight([pip(*traits, abilities=("kitchen_sink",))], ROBOT)
    state = sink(state, "4 of Cups", "Unlikely Weapon")
    state, _ = play(state, "pip", "9 of Swords", "unarmed_strike")
    state, _ = play(state, "pip", "3 of Wands", "unarmed_strike")
    assert labels(state) == [
        f"{melee + bonus} damage to Training Attack Robot",
        f"{ranged + bonus} ranged damage to Training Attack Robot",
    ]
    state, _ = choose(state, f"{melee + bonus} damage")
    assert state.adversaries[0].hp == max(0, 15 - melee - bonus)


@pytest.mark.rule("FOOL-UNLIKELY-WEAPON", "FOOL-LAUGHTER")
def test_weapon_does_not_add_to_magic_damage() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, abilities=("kitchen_sink", "laughter"))], ROBOT)
    state = sink(state, "4 of Cups", "Unlikely Weapon")
    state, _ = apply(state, EndTurn("pip"))
    while state.pending is not None:
        state, _ = apply(state, Choose(0))
    give(state, state.fighter("pip"), "3 of Swords")
    state, _ = play(state, "pip", "The Fool", "laughter")
    state, _ = choose(state, "Add 3 of Swords")
    state, events = choose(state, "Laugh")
    assert hits(events) == [(6, True, True)], "the lone robot takes it without a question"


@pytest.mark.rule("FOOL-KNIFE-GUY")
def test_knife_guy_costs_one_corruption_and_is_offered_only_when_unlocked() -> None:
    state = fight([pip(abilities=("kitchen_sink",))], ROBOT)
    assert not [a for a in legal_actions(state) if isinstance(a, Activate)]
    state = fight([pip(Trait.WEAK, Trait.SLOW, upgrades=("kitchen_sink",))], ROBOT)
    switch = Activate("pip", "kitchen_sink", 0)
    assert switch in legal_actions(state)
    state, events = apply(state, switch)
    assert state.fighter("pip").corruption_gained == 1
    assert any(isinstance(e, CorruptionTaken) for e in events)
    assert switch not in legal_actions(state), "switched on once for the fight"


@pytest.mark.rule("FOOL-KNIFE-GUY", "FOOL-UNLIKELY-HELMET", "FOOL-UNLIKELY-WEAPON")
def test_knife_guy_fills_both_bins_reads_strong_and_fast_and_draws_two() -> None:
    state = fight([pip(Trait.WEAK, Trait.SLOW, upgrades=("kitchen_sink",))], ROBOT)
    state, _ = apply(state, Activate("pip", "kitchen_sink", 0))
    give(state, state.fighter("pip"), "4 of Cups", "5 of Swords")
    state, _ = play(state, "pip", "The Fool", "kitchen_sink")
    assert labels(state)[1].startswith("No More Mister Knife Guy")
    state, _ = choose(state, "No More Mister Knife Guy")
    state, _ = choose(state, "4 of Cups on Unlikely Helmet")
    assert all("Unlikely Weapon" in label for label in labels(state)), "the second card goes on the other bin"
    hand_before = len(state.fighter("pip").hand)
    state, _ = choose(state, "5 of Swords on Unlikely Weapon")
    fighter = state.fighter("pip")
    assert len(fighter.hand) == hand_before - 1 + 2, "one card placed, two drawn"
    assert fighter.bins["unlikely_helmet"] and fighter.bins["unlikely_weapon"]
    _, events = fill_defend(state)
    assert shields(events) == [3 + 5], "Slow Defend 3, helmet read as Fast: 5"
    state, _ = play(state, "pip", "9 of Swords", "unarmed_strike")
    state, _ = play(state, "pip", "3 of Wands", "unarmed_strike")
    assert labels(state)[0] == "8 damage to Training Attack Robot", "Weak 3, weapon read as Strong: 5"


@pytest.mark.rule("FOOL-KNIFE-GUY")
def test_plain_kitchen_sink_is_still_there_once_knife_guy_is_on() -> None:
    state = fight([pip(Trait.WEAK, Trait.SLOW, upgrades=("kitchen_sink",))], ROBOT)
    state, _ = apply(state, Activate("pip", "kitchen_sink", 0))
    give(state, state.fighter("pip"), "4 of Cups")
    state, _ = play(state, "pip", "The Fool", "kitchen_sink")
    state, _ = choose(state, "Kitchen Sink: one card")
    hand_before = len(state.fighter("pip").hand)
    state, _ = choose(state, "4 of Cups on Unlikely Helmet")
    assert state.pending is None and len(state.fighter("pip").hand) == hand_before - 1, "no draw"
    _, events = fill_defend(state)
    assert shields(events) == [3 + 3], "Slow reads the helmet as 3"


# --- Laughter and Slaughter ---------------------------------------------------------------------------------


@pytest.mark.rule("FOOL-LAUGHTER")
def test_laughter_doubles_the_minors_and_takes_them_out_of_the_deck_for_the_day() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, abilities=("laughter",))], [AdversarySetup("laborer", (2, 2))])
    seven, five = give(state, state.fighter("pip"), "7 of Cups", "5 of Swords")
    state, _ = play(state, "pip", "The Fool", "laughter")
    assert not any(label.startswith("Laugh:") for label in labels(state)), "at least one Minor first"
    assert not any("The " in label for label in labels(state)), "Majors cannot be added"
    state, _ = choose(state, "Add 7 of Cups (sum 7)")
    state, _ = choose(state, "Add 5 of Swords (sum 12)")
    state, events = choose(state, "Laugh: 24 ranged magic damage")
    pile = state.piles["pip"]
    assert pile.removed_for_day == [seven, five]
    assert seven not in pile.discard + pile.draw and five not in pile.discard + pile.draw
    assert state.fighter("pip").bins["laughter"] == [FOOL]
    assert hits(events) == [(24, True, True)]
    assert state.adversaries[0].hp == 0
    state, _ = choose(state, "Laborer is scared")
    assert state.phase is Phase.OVER


@pytest.mark.rule("FOOL-LAUGHTER")
def test_laughter_needs_a_minor_in_hand_and_discards_the_fool_at_turn_end() -> None:
    state = fight([pip(abilities=("laughter",))], [AdversarySetup("laborer", (2, 2))])
    fighter = state.fighter("pip")
    clear_hand(state, fighter)
    give(state, fighter, "The Fool", "The Hermit")
    with pytest.raises(IllegalAction, match="needs a Minor Arcana in your hand"):
        apply(state, PlayCard("pip", FOOL, "laughter"))
    give(state, fighter, "3 of Wands")
    state, events = apply(state, PlayCard("pip", FOOL, "laughter"))
    assert hits(events) == [(6, True, True)], "one Minor and one target: nothing to ask"
    assert state.pending is None and state.fighter("pip").bins["laughter"] == [FOOL]
    state, _ = apply(state, EndTurn("pip"))
    assert FOOL in state.piles["pip"].discard + state.fighter("pip").hand + state.piles["pip"].draw
    assert not state.fighter("pip").bins["laughter"]


@pytest.mark.rule("FOOL-LAUGHTER")
def test_cards_removed_for_the_day_stay_out_of_a_later_fight_that_day() -> None:
    removed = (by_name("7 of Cups"), by_name("King of Swords"))
    state, _ = new_combat(5, 3, [pip(removed=removed)], ROBOT, bestiary(), day=2)
    fighter = state.fighter("pip")
    pile = state.piles["pip"]
    everywhere = pile.draw + pile.discard + fighter.hand
    assert not set(removed) & set(everywhere)
    assert len(everywhere) == 78 - 8 - 2, "Lucky takes Aces and Twos, the two removed cards are gone too"


@pytest.mark.rule("FOOL-SLAUGHTER")
def test_slaughter_takes_one_minor_for_good_deals_ten_times_and_costs_one_corruption() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, upgrades=("laughter",))], [AdversarySetup("laborer", (2, 2))])
    state.day = 4
    (three,) = give(state, state.fighter("pip"), "3 of Wands")
    state, _ = play(state, "pip", "The Fool", "laughter")
    state, _ = choose(state, "Slaughter: one Minor")
    state, events = choose(state, "Slaughter with 3 of Wands: 30 ranged magic damage")
    fighter = state.fighter("pip")
    assert fighter.corruption_gained == 1
    assert state.piles["pip"].removed_for_good == [three] and state.piles["pip"].removed_for_day == []
    assert fighter.day_uses == {"Slaughter": 4} and spent_on(fighter.day_uses, 4) == (SLAUGHTER,)
    assert hits(events) == [(30, True, True)]
    assert state.adversaries[0].hp == 0


@pytest.mark.rule("FOOL-SLAUGHTER")
def test_slaughter_only_once_a_day() -> None:
    laborer = [AdversarySetup("laborer", (2, 2))]
    upgraded = pip(Trait.STRONG, Trait.SLOW, upgrades=("laughter",), day_uses=(("Slaughter", 3),))
    state, _ = new_combat(3, 3, [upgraded], laborer, bestiary(), day=3)
    state, _ = play(state, "pip", "The Fool", "laughter")
    assert state.pending is not None and state.pending.kind == "laughter", "Slaughter already used today"
    state, _ = new_combat(3, 3, [upgraded], laborer, bestiary(), day=4)
    state, _ = play(state, "pip", "The Fool", "laughter")
    assert state.pending is not None and state.pending.kind == "laugh-mode", "a new Day"


# --- Blackjack and Hit Me -----------------------------------------------------------------------------------


def blackjack_fight(*traits: Trait, upgraded: bool = False) -> CombatState:
    if upgraded:
        return fight([pip(*traits, upgrades=("blackjack",))], ROBOT)
    return fight([pip(*traits, abilities=("blackjack",))], ROBOT)


@pytest.mark.rule("FOOL-BLACKJACK")
def test_blackjack_takes_cups_and_swords_and_keeps_them_between_turns() -> None:
    state = blackjack_fight(Trait.STRONG, Trait.SLOW)
    (wand,) = give(state, state.fighter("pip"), "9 of Wands")
    with pytest.raises(IllegalAction, match="takes Cups or Swords"):
        apply(state, PlayCard("pip", wand, "blackjack"))
    state, _ = play(state, "pip", "King of Cups", "blackjack")
    state, _ = play(state, "pip", "6 of Swords", "blackjack")
    assert str(
        ABILITIES["blackjack"].progress(state, state.fighter("pip"), state.fighter("pip").bins["blackjack"])
    ) == ("20 / 21")
    state, _ = apply(state, EndTurn("pip"))
    assert len(state.fighter("pip").bins["blackjack"]) == 2


@pytest.mark.rule("FOOL-BLACKJACK")
@pytest.mark.parametrize(
    ("traits", "damage", "shield"),
    [((Trait.CHARMING, Trait.STRANGE), 3, 3), ((Trait.STRONG, Trait.SLOW), 4, 2), ((Trait.FAST, Trait.WEAK), 2, 4)],
)
def test_blackjack_at_21_hits_shields_and_keeps_two_face_down(
    traits: tuple[Trait, ...], damage: int, shield: int
) -> None:
    state = blackjack_fight(*traits)
    state, _ = play(state, "pip", "5 of Cups", "blackjack")
    state, _ = play(state, "pip", "6 of Cups", "blackjack")
    state, events = play(state, "pip", "Knight of Swords", "blackjack")
    assert shields(events) == [shield]
    assert hits(events) == [(damage, False, False)]
    assert state.adversaries[0].hp == 15 - damage
    assert len(labels(state)) == 3, "three ways to pick two of three cards"
    state, events = choose(state, "Keep 6 of Cups and Knight of Swords face down")
    fighter = state.fighter("pip")
    six, knight = by_name("6 of Cups"), by_name("Knight of Swords")
    assert fighter.bins["blackjack"] == [six, knight] and sorted(fighter.face_down) == sorted([six, knight])
    assert by_name("5 of Cups") in state.piles["pip"].discard
    progress = ABILITIES["blackjack"].progress(state, fighter, fighter.bins["blackjack"])
    assert progress.have == 0, "face-down cards do not count toward 21"
    # The next 21 carries 1 more damage and Shield per face-down card.
    state, _ = play(state, "pip", "King of Cups", "blackjack")
    state, events = play(state, "pip", "Queen of Swords", "blackjack")
    assert shields(events) == [shield + 2]
    assert hits(events) == [(damage + 2, False, False)]


@pytest.mark.rule("FOOL-BLACKJACK")
def test_blackjack_with_only_two_cards_keeps_both_face_down() -> None:
    state = blackjack_fight(Trait.STRONG, Trait.SLOW)
    state, _ = play(state, "pip", "King of Cups", "blackjack")
    state, _ = play(state, "pip", "Queen of Swords", "blackjack")
    assert state.pending is None
    fighter = state.fighter("pip")
    assert sorted(fighter.face_down) == sorted(fighter.bins["blackjack"]) and len(fighter.face_down) == 2


def robot_hits_pip(state: CombatState) -> CombatState:
    """End Pip's turn with the robot about to deal 6 damage in Pip's zone."""
    robot = state.adversaries[0]
    robot.intent, robot.intent_hidden = by_name("5 of Swords"), False
    state, _ = apply(state, EndTurn("pip"))
    return state


@pytest.mark.rule("FOOL-HIT-ME")
def test_hit_me_is_offered_when_damaged_and_a_minor_goes_face_down() -> None:
    state = blackjack_fight(Trait.STRONG, Trait.SLOW, upgraded=True)
    on_top(state, state.fighter("pip"), "8 of Wands")
    state = robot_hits_pip(state)
    assert state.pending is not None and state.pending.kind == "hit-me"
    assert state.fighter("pip").hp == 14
    state, _ = choose(state, "Hit Me")
    fighter = state.fighter("pip")
    eight = by_name("8 of Wands")
    assert fighter.bins["blackjack"] == [eight] and fighter.face_down == [eight], "any Minor, even a Wand"
    assert eight not in fighter.hand


@pytest.mark.rule("FOOL-HIT-ME")
def test_hit_me_with_shield_absorbing_still_counts_and_a_major_is_discarded() -> None:
    state = blackjack_fight(Trait.STRONG, Trait.SLOW, upgraded=True)
    state.fighter("pip").shield = 10
    on_top(state, state.fighter("pip"), "The Hermit")
    state = robot_hits_pip(state)
    assert state.fighter("pip").hp == 20 and state.pending is not None and state.pending.kind == "hit-me"
    state, _ = choose(state, "Hit Me")
    assert by_name("The Hermit") in state.piles["pip"].discard
    assert not state.fighter("pip").bins.get("blackjack")


@pytest.mark.rule("FOOL-HIT-ME")
def test_hit_me_drawing_the_tower_costs_corruption_and_empties_blackjack() -> None:
    state = blackjack_fight(Trait.STRONG, Trait.SLOW, upgraded=True)
    state, _ = play(state, "pip", "King of Cups", "blackjack")
    on_top(state, state.fighter("pip"), "The Tower")
    state = robot_hits_pip(state)
    state, events = choose(state, "Hit Me")
    fighter = state.fighter("pip")
    assert any(isinstance(e, CatastropheStruck) for e in events)
    assert fighter.corruption_gained == 1 and not fighter.bins["blackjack"]
    assert TOWER in state.piles["pip"].draw, "Catastrophe shuffled the discard back in"


@pytest.mark.rule("FOOL-HIT-ME")
def test_without_the_upgrade_nobody_asks_hit_me() -> None:
    state = blackjack_fight(Trait.STRONG, Trait.SLOW)
    state = robot_hits_pip(state)
    assert state.pending is None or state.pending.kind != "hit-me"


# --- Everyone Loves a Parade and You're Driving Me Crazy ---------------------------------------------------


@pytest.mark.rule("FOOL-PARADE")
def test_parade_takes_minors_and_the_second_must_match_the_first() -> None:
    state = fight([pip(abilities=("parade",))], TWO_LABORERS)
    (hermit,) = give(state, state.fighter("pip"), "The Hermit")
    with pytest.raises(IllegalAction, match="Everyone Loves a Parade takes"):
        apply(state, PlayCard("pip", hermit, "parade"))
    state, _ = play(state, "pip", "7 of Cups", "parade")
    (eight,) = give(state, state.fighter("pip"), "8 of Cups")
    with pytest.raises(IllegalAction, match="needs another 7; 8 of Cups counts 8"):
        apply(state, PlayCard("pip", eight, "parade"))
    (fool,) = give(state, state.fighter("pip"), "The Fool")
    state, _ = apply(state, PlayCard("pip", fool, "parade"))
    assert {option.label.split(" of ")[0].split()[-1] for option in state.pending.options} == {"7"}


@pytest.mark.rule("FOOL-PARADE")
def test_parade_redraws_every_intent_and_gives_three_shield() -> None:
    state = fight([pip(Trait.FAST, Trait.WEAK, abilities=("parade",))], TWO_LABORERS)
    old = [a.intent for a in state.adversaries]
    state, _ = play(state, "pip", "7 of Cups", "parade")
    state, events = play(state, "pip", "7 of Swords", "parade")
    assert shields(events) == [3], "3 Shield, no Fast reading"
    assert all(card in state.piles["gm"].discard for card in old)
    assert all(a.intent is not None for a in state.adversaries)
    assert state.fighter("pip").bins["parade"] == []


@pytest.mark.rule("FOOL-DRIVING-CRAZY")
def test_driving_me_crazy_lets_one_adversary_lose_its_intent_and_it_does_nothing() -> None:
    state = fight([pip(Trait.FAST, Trait.WEAK, upgrades=("parade",))], TWO_LABORERS)
    state, events = apply(state, Activate("pip", "parade", 0))
    assert state.fighter("pip").corruption_gained == 1
    state, _ = play(state, "pip", "7 of Cups", "parade")
    state, _ = play(state, "pip", "7 of Swords", "parade")
    assert labels(state) == ["Laborer 1 loses its intent", "Laborer 2 loses its intent", "Nobody"]
    lost = state.adversaries[0].intent
    state, events = choose(state, "Laborer 1 loses its intent")
    assert state.adversaries[0].intent is None and lost in state.piles["gm"].discard
    assert lost is not None and IntentDiscarded("laborer-1", lost, "driven crazy") in events
    state, events = apply(state, EndTurn("pip"))
    acted = [e.adversary for e in events if isinstance(e, IntentCarriedOut)]
    assert "laborer-1" not in acted and "laborer-2" in acted


@pytest.mark.rule("FOOL-DRIVING-CRAZY")
def test_driving_me_crazy_is_a_choice_and_off_until_switched_on() -> None:
    state = fight([pip(Trait.FAST, Trait.WEAK, upgrades=("parade",))], TWO_LABORERS)
    state, _ = play(state, "pip", "7 of Cups", "parade")
    state, _ = play(state, "pip", "7 of Swords", "parade")
    assert state.pending is None, "not switched on"
    state = fight([pip(Trait.FAST, Trait.WEAK, upgrades=("parade",))], TWO_LABORERS)
    state, _ = apply(state, Activate("pip", "parade", 0))
    state, _ = play(state, "pip", "7 of Cups", "parade")
    state, _ = play(state, "pip", "7 of Swords", "parade")
    state, _ = choose(state, "Nobody")
    assert all(a.intent is not None for a in state.adversaries)


# --- Throwaway Joke and Surprise Twist ----------------------------------------------------------------------


def joke(card: str, *traits: Trait, twist: bool = False, ally: bool = False, foes: list[AdversarySetup] = ROBOT,
         extra: tuple[str, ...] = ()) -> tuple[CombatState, list[Event]]:  # fmt: skip
    """End Pip's turn with ``card`` on top of the deck."""
    fool = pip(*(traits or (Trait.STRONG, Trait.SLOW)), abilities=() if twist else ("throwaway_joke", *extra),
               upgrades=("throwaway_joke",) if twist else ())  # fmt: skip
    state = fight([fool, mo()] if ally else [fool], foes)
    on_top(state, state.fighter("pip"), card)
    return apply(state, EndTurn("pip"))


@pytest.mark.rule("FOOL-THROWAWAY-JOKE")
def test_a_sword_deals_three_and_the_turn_waits_for_the_target() -> None:
    state, _ = joke("4 of Swords", foes=TWO_ROBOTS)
    assert labels(state) == ["3 damage to Training Attack Robot 1", "3 damage to Training Attack Robot 2"]
    assert state.phase is Phase.PLAYER_TURN and state.active_fighter is not None, "the turn has not ended yet"
    assert state.fighter("pip").hand, "the hand is not discarded before the answer"
    assert by_name("4 of Swords") in state.piles["pip"].discard, "the joke card itself is gone at once"
    state, events = apply(state, Choose(0))
    assert state.adversaries[0].hp == 12
    assert any(e.__class__.__name__ == "TurnEnded" for e in events)


@pytest.mark.rule("FOOL-THROWAWAY-JOKE", "FOOL-UNLIKELY-WEAPON")
def test_a_joke_sword_is_non_magical_damage_the_weapon_adds_to() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, abilities=("kitchen_sink", "throwaway_joke"))], ROBOT)
    state = sink(state, "4 of Cups", "Unlikely Weapon")
    on_top(state, state.fighter("pip"), "4 of Swords")
    state, events = apply(state, EndTurn("pip"))
    assert hits(events)[0] == (8, False, False), "3 + 5 for Strong"


@pytest.mark.rule("FOOL-THROWAWAY-JOKE")
def test_cups_wands_and_pentacles() -> None:
    _, events = joke("9 of Cups")
    assert shields(events) == [3]
    state, events = joke("9 of Wands")
    assert hits(events)[0] == (1, True, False)
    state, events = joke("9 of Pentacles", ally=True)
    assert shields(events, "pip") == [1] and shields(events, "mo") == [1]
    assert state.fighter("mo").shield == 1 and state.fighter("pip").shield == 1


@pytest.mark.rule("FOOL-THROWAWAY-JOKE")
def test_the_fool_and_the_magician_go_back_on_top_other_majors_do_nothing() -> None:
    for card in ("The Fool", "The Magician"):
        state, _ = joke(card)
        assert state.piles["pip"].draw[-1] == by_name(card) or by_name(card) in state.fighter("pip").hand, (
            "back on top, so the next turn draws it"
        )
    state, events = joke("The Hermit")
    assert by_name("The Hermit") in state.piles["pip"].discard
    assert not shields(events) and not [e for e in events if isinstance(e, DamageDealt) and e.source == "pip"]


@pytest.mark.rule("FOOL-THROWAWAY-JOKE", "FOOL-UNLIKELY-HELMET")
def test_strength_goes_on_helmet_or_weapon_even_without_kitchen_sink() -> None:
    state, _ = joke("Strength")
    assert labels(state) == ["Strength on Unlikely Helmet", "Strength on Unlikely Weapon"]
    state, _ = choose(state, "Unlikely Helmet")
    assert state.fighter("pip").bins["unlikely_helmet"] == [by_name("Strength")]


@pytest.mark.rule("FOOL-THROWAWAY-JOKE")
def test_the_tower_triggers_catastrophe_without_corruption() -> None:
    state, events = joke("The Tower")
    assert any(isinstance(e, CatastropheStruck) for e in events)
    assert state.fighter("pip").corruption_gained == 0


@pytest.mark.rule("FOOL-SURPRISE-TWIST")
def test_the_tower_costs_corruption_with_surprise_twist() -> None:
    state, events = joke("The Tower", twist=True)
    assert any(isinstance(e, CatastropheStruck) for e in events)
    assert state.fighter("pip").corruption_gained == 1


@pytest.mark.rule("FOOL-SURPRISE-TWIST")
def test_death_deals_150_magic_ranged() -> None:
    _, events = joke("Death", twist=True)
    assert hits(events) == [(150, True, True)]
    _, events = joke("Death")
    assert hits(events) == [], "without the upgrade Death is just a Major"


@pytest.mark.rule("FOOL-SURPRISE-TWIST")
def test_judgement_hits_every_adversary_for_ten_and_costs_corruption() -> None:
    state, events = joke("Judgement", twist=True, foes=TWO_LABORERS)
    hits = [e for e in events if isinstance(e, DamageDealt) and e.source == "pip"]
    assert [(e.target, e.amount, e.ranged, e.magic) for e in hits] == [
        ("laborer-1", 10, True, True),
        ("laborer-2", 10, True, True),
    ]
    assert state.fighter("pip").corruption_gained == 1


@pytest.mark.rule("FOOL-SURPRISE-TWIST")
def test_the_world_heals_every_ally_to_full_and_costs_corruption() -> None:
    fool = pip(Trait.STRONG, Trait.SLOW, upgrades=("throwaway_joke",))
    state = fight([fool, mo()], ROBOT)
    state.fighter("mo").hp, state.fighter("pip").hp = 7, 9
    on_top(state, state.fighter("pip"), "The World")
    state, _ = apply(state, EndTurn("pip"))
    assert state.fighter("mo").hp == 20
    assert state.fighter("pip").hp == 9, "ruling: The World heals the allies, not the Fool"
    assert state.fighter("pip").corruption_gained == 1


@pytest.mark.rule("FOOL-SURPRISE-TWIST")
def test_the_wheel_draws_three_more_and_reads_each() -> None:
    fool = pip(Trait.STRONG, Trait.SLOW, upgrades=("throwaway_joke",))
    state = fight([fool], ROBOT)
    on_top(state, state.fighter("pip"), "Wheel of Fortune", "3 of Cups", "4 of Cups", "5 of Cups")
    _, events = apply(state, EndTurn("pip"))
    assert shields(events) == [3, 3, 3]


@pytest.mark.rule("FOOL-SURPRISE-TWIST")
def test_a_kept_knight_joins_the_next_hand_after_its_effect() -> None:
    state, events = joke("Knight of Cups", twist=True, ally=True)
    assert shields(events) == [3], "the suit still speaks"
    state, _ = choose(state, "Keep Knight of Cups")
    knight = by_name("Knight of Cups")
    assert state.fighter("pip").bins["throwaway_joke"] == [knight], "pocketed while Mo plays"
    assert knight not in state.piles["pip"].discard
    state, _ = apply(state, EndTurn("mo"))
    assert state.active_fighter is not None and state.active_fighter.id == "pip"
    fighter = state.fighter("pip")
    assert knight in fighter.hand and len(fighter.hand) == 6, "five drawn plus the kept Knight"


@pytest.mark.rule("FOOL-SURPRISE-TWIST")
def test_the_fool_may_be_kept_and_the_chariot_moves_you() -> None:
    state, _ = joke("The Fool", twist=True)
    assert labels(state) == ["Put The Fool back on top", "Keep The Fool"]
    state, _ = joke("The Chariot", twist=True)
    assert "Move to A2 and keep The Chariot" in labels(state) and "Let The Chariot go" in labels(state)
    state, _ = choose(state, "Move to A2")
    assert state.fighter("pip").zone == (0, 1)
    assert by_name("The Chariot") in state.fighter("pip").hand, "kept into Pip's next turn"


# --- Crisis Averted and Happy Accident ----------------------------------------------------------------------


def concentrate_draw(state: CombatState, fighter: str = "pip") -> tuple[CombatState, list[Event]]:
    state, _ = play(state, fighter, "The Hermit", "concentrate")
    return play(state, fighter, "The Star", "concentrate")


@pytest.mark.rule("FOOL-CRISIS-AVERTED")
def test_crisis_averted_shuffles_the_tower_back_for_two_hp() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, abilities=("crisis_averted", "blackjack"))], ROBOT)
    state, _ = play(state, "pip", "King of Cups", "blackjack")
    on_top(state, state.fighter("pip"), "The Tower")
    state, _ = concentrate_draw(state)
    assert labels(state) == ["Shuffle The Tower back for 2 HP", "Keep what was drawn"]
    state, events = apply(state, Choose(0))
    fighter = state.fighter("pip")
    assert not any(isinstance(e, CatastropheStruck) for e in events)
    assert fighter.hp == 18 and fighter.shield == 0, "HP paid, not Shield"
    assert any(isinstance(e, HealthLost) and e.amount == 2 for e in events)
    assert TOWER in state.piles["pip"].draw and TOWER not in fighter.hand
    assert fighter.bins["blackjack"] == [by_name("King of Cups")], "no Catastrophe"


@pytest.mark.rule("FOOL-CRISIS-AVERTED")
def test_keeping_the_tower_lets_catastrophe_strike() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, abilities=("crisis_averted", "blackjack"))], ROBOT)
    state, _ = play(state, "pip", "King of Cups", "blackjack")
    on_top(state, state.fighter("pip"), "The Tower")
    state, _ = concentrate_draw(state)
    state, events = choose(state, "Keep what was drawn")
    assert any(isinstance(e, CatastropheStruck) for e in events)
    assert state.fighter("pip").hp == 20


@pytest.mark.rule("FOOL-CRISIS-AVERTED")
def test_a_plain_draw_asks_nothing_and_without_the_ability_nothing_is_asked() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, abilities=("crisis_averted",))], ROBOT)
    on_top(state, state.fighter("pip"), "9 of Cups")
    state, _ = concentrate_draw(state)
    assert state.pending is None, "a card going to the hand does nothing yet (ruling)"
    state = fight([pip(Trait.STRONG, Trait.SLOW)], ROBOT)
    on_top(state, state.fighter("pip"), "The Tower")
    state, events = concentrate_draw(state)
    assert any(isinstance(e, CatastropheStruck) for e in events) and state.pending is None


@pytest.mark.rule("FOOL-CRISIS-AVERTED", "FOOL-SURPRISE-TWIST")
def test_crisis_averted_stops_surprise_twist_corruption_and_a_joke_sword() -> None:
    fool = pip(Trait.STRONG, Trait.SLOW, abilities=("crisis_averted",), upgrades=("throwaway_joke",))
    state = fight([fool], ROBOT)
    on_top(state, state.fighter("pip"), "The Tower")
    state, _ = apply(state, EndTurn("pip"))
    state, events = choose(state, "Shuffle The Tower back")
    assert state.fighter("pip").corruption_gained == 0
    assert not any(isinstance(e, CatastropheStruck) for e in events)

    state = fight([fool], ROBOT)
    on_top(state, state.fighter("pip"), "4 of Swords")
    state, _ = apply(state, EndTurn("pip"))
    state, events = choose(state, "Shuffle 4 of Swords back")
    assert state.adversaries[0].hp == 15 and not any(isinstance(e, DamageDealt) and e.source == "pip" for e in events)


@pytest.mark.rule("FOOL-HAPPY-ACCIDENT")
def test_happy_accident_lends_crisis_averted_to_the_other_players() -> None:
    fool = pip(Trait.STRONG, Trait.SLOW, upgrades=("crisis_averted",))
    state = fight([fool, mo()], ROBOT)
    on_top(state, state.fighter("mo"), "The Tower")
    state, events = apply(state, EndTurn("pip"))
    assert state.pending is None and any(isinstance(e, CatastropheStruck) for e in events), "not switched on"
    state = fight([fool, mo()], ROBOT)
    state, events = apply(state, Activate("pip", "crisis_averted", 0))
    assert state.fighter("pip").corruption_gained == 1
    on_top(state, state.fighter("mo"), "The Tower")
    state, _ = apply(state, EndTurn("pip"))
    assert state.pending is not None and state.pending.kind == "avert" and state.pending.actor == "mo"
    state, _ = apply(state, Choose(0))
    assert state.fighter("mo").hp == 18 and TOWER not in state.fighter("mo").hand


@pytest.mark.rule("FOOL-HAPPY-ACCIDENT", "FOOL-CRISIS-AVERTED", "MAG-MISERS-DREAM")
@pytest.mark.parametrize("shuffle_back", [True, False])
def test_a_tower_miser_s_dream_draws_may_be_averted_before_it_costs_corruption(shuffle_back: bool) -> None:
    magician = replace(mo(), upgrades=frozenset({"check_behind_your_ears"}))
    state = fight([pip(Trait.STRONG, Trait.SLOW, upgrades=("crisis_averted",)), magician], ROBOT)
    state, _ = apply(state, Activate("pip", "crisis_averted", 0))
    state, _ = apply(state, EndTurn("pip"))
    assert state.pending is None and state.active_fighter is not None and state.active_fighter.id == "mo"
    state, _ = play(state, "mo", "4 of Pentacles", "check_behind_your_ears")
    on_top(state, state.fighter("mo"), "The Tower")
    state, _ = choose(state, "Draw a card")
    assert state.pending is not None and state.pending.kind == "avert" and state.pending.actor == "mo"
    state, events = choose(state, "Shuffle The Tower back" if shuffle_back else "Keep what was drawn")
    mo_fighter = state.fighter("mo")
    if shuffle_back:
        assert mo_fighter.hp == 18 and mo_fighter.corruption_gained == 0 and TOWER not in mo_fighter.hand
        assert not any(isinstance(e, CatastropheStruck) for e in events)
    else:
        assert CorruptionTaken("mo", 1, "Miser's Dream drew The Tower") in events
        assert any(isinstance(e, CatastropheStruck) for e in events) and mo_fighter.hp == 20


# --- Deus Ex Machina and the once-per-Day registry ----------------------------------------------------------


@pytest.mark.rule("FOOL-DEUS")
def test_deus_ex_machina_once_per_day() -> None:
    uses: dict[str, int] = {}
    spend(uses, DEUS_EX_MACHINA, 1)
    assert used_today(uses, DEUS_EX_MACHINA, 1) and DEUS_EX_MACHINA == "Deus Ex Machina", "the Day clock's name"
    with pytest.raises(AlreadyUsedToday):
        spend(uses, DEUS_EX_MACHINA, 1)
    assert not used_today(uses, DEUS_EX_MACHINA, 2), "a stamp from another Day limits nothing"
    spend(uses, DEUS_EX_MACHINA, 2)
    assert uses == {DEUS_EX_MACHINA: 2} and spent_on(uses, 2) == (DEUS_EX_MACHINA,) and spent_on(uses, 1) == ()
    with pytest.raises(ValueError, match="not a once-per-Day power"):
        spend(uses, "deus_ex_machina", 3)  # one spelling per power: the Day clock's


# --- the whole kit under random play ------------------------------------------------------------------------


def check_every_card_in_one_place(state: CombatState) -> None:
    for fighter in state.fighters:
        pile = state.piles[fighter.pile]
        places = pile.draw + pile.discard + pile.removed_for_day + pile.removed_for_good + fighter.hand
        places += [card for cards in fighter.bins.values() for card in cards]
        assert len(places) == len(set(places)), "a card is in two places"
        assert len(places) == 70, "Lucky: 78 less the Aces and Twos"
        assert set(fighter.face_down) <= {card for cards in fighter.bins.values() for card in cards}


@pytest.mark.rule("FOOL-KITCHEN-SINK", "FOOL-LAUGHTER", "FOOL-BLACKJACK", "FOOL-THROWAWAY-JOKE")
@pytest.mark.parametrize("seed", range(12))
def test_random_play_keeps_every_card_in_exactly_one_place(seed: int) -> None:
    fool = pip(Trait.STRONG, Trait.SLOW, upgrades=ALL_FOOL)
    state, _ = new_combat(seed, 3, [fool], TWO_LABORERS, bestiary(), day=1)
    choice = seed * 7919 + 1
    for _ in range(250):
        actions = legal_actions(state)
        if not actions:
            break
        choice, index = rng.below(choice, len(actions))
        state, _ = apply(state, actions[index])
        check_every_card_in_one_place(state)
    again = state_from_dict(state_to_dict(state))
    assert state_hash(again) == state_hash(state)
    assert again.piles["pip"].removed_for_day == state.piles["pip"].removed_for_day
    assert again.fighters[0].face_down == state.fighters[0].face_down


@pytest.mark.rule("FOOL-THROWAWAY-JOKE", "CMB-CATASTROPHE")
def test_a_catastrophe_at_turn_end_does_not_end_the_next_players_turn() -> None:
    state, events = joke("The Tower", ally=True)
    assert any(isinstance(e, CatastropheStruck) for e in events)
    assert state.active_fighter is not None and state.active_fighter.id == "mo", "Mo still gets to play"
    assert not state.ending_turn and not state.turn_closing


@pytest.mark.rule("FOOL-UNLIKELY-HELMET", "CMB-CATASTROPHE")
def test_a_catastrophe_clears_the_gear_too() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, abilities=("kitchen_sink",))], ROBOT)
    state = sink(state, "4 of Cups", "Unlikely Helmet")
    on_top(state, state.fighter("pip"), "The Tower")
    state, events = concentrate_draw(state)
    assert any(isinstance(e, CatastropheStruck) for e in events)
    assert not state.fighter("pip").bins["unlikely_helmet"]


# --- Crisis Averted beside main's Eddies and High Priestess ---------------------------------------------------


@pytest.mark.rule("FOOL-HAPPY-ACCIDENT", "EDDY-SHEET")
def test_an_eddy_is_never_offered_crisis_averted_and_its_tower_still_explodes() -> None:
    eddy = FighterSetup("eddy", "Eddy", (1, 1), kind=FighterKind.EDDY)
    state = fight([pip(Trait.STRONG, Trait.SLOW, upgrades=("crisis_averted",)), eddy], ROBOT)
    state.fighter("pip").marks["happy_accident"] = 1  # switched on
    on_top(state, state.fighter("eddy"), "The Tower")
    events: list[Event] = []
    draw(state, state.fighter("eddy"), 1, events)
    assert not any(d.kind == "avert" for d in state.decisions), "Eddies are not players"
    assert any(isinstance(e, EddyDestroyed) for e in events), "the Eddy's own Tower rule (TOWER_RULES)"
    assert not any(isinstance(e, CatastropheStruck) for e in events)


@pytest.mark.rule("FOOL-HAPPY-ACCIDENT", "HP-PEEK", "CMB-CATASTROPHE")
def test_a_kept_tower_at_turn_start_leaves_second_sight_nothing_to_draw() -> None:
    hope = FighterSetup("hp", "Hope", (1, 1), frozenset({Trait.FAST, Trait.WISE}), Arcana.HIGH_PRIESTESS)
    state = fight([pip(Trait.FAST, upgrades=("crisis_averted",)), hope], ROBOT)
    state, _ = apply(state, Activate("pip", "crisis_averted", 0))
    on_top(state, state.fighter("hp"), "The Tower")
    state, _ = apply(state, EndTurn("pip"))
    assert state.pending is not None and state.pending.kind == "avert" and state.pending.actor == "hp"
    state, events = choose(state, "Keep what was drawn")
    assert any(isinstance(e, CatastropheStruck) for e in events)
    assert state.pending is not None and state.pending.kind == "second-sight"
    state, events = apply(state, Choose(0))
    assert not any(isinstance(e, CardsDrawn) and e.fighter == "hp" for e in events), "the turn already ended"
    assert any(isinstance(e, TurnEnded) and e.fighter == "hp" for e in events)


@pytest.mark.rule("FOOL-CRISIS-AVERTED")
def test_the_log_never_names_a_card_shuffled_back() -> None:
    state = fight([pip(Trait.STRONG, Trait.SLOW, abilities=("crisis_averted",))], ROBOT)
    on_top(state, state.fighter("pip"), "The Tower")
    state, _ = concentrate_draw(state)
    state, events = choose(state, "Shuffle The Tower back")
    lines = narrate_all(state, events)
    assert "Pip shuffles a card they drew back into their deck." in lines
    assert "Pip loses 2 HP to Crisis Averted (18 HP left)." in lines
    assert not any("Tower" in line for line in lines if not line.startswith("Pip chooses")), lines


@pytest.mark.rule("FOOL-LAUGHTER")
def test_cards_removed_before_the_fight_are_in_no_pile() -> None:
    seven = by_name("7 of Swords")
    state = fight([pip(removed=(seven, FOOL))], ROBOT)
    pile, fighter = state.piles["pip"], state.fighter("pip")
    everywhere = pile.draw + pile.discard + fighter.hand
    assert seven not in everywhere and FOOL not in everywhere
    assert len(everywhere) == 68, "Lucky's 70 less the two removed"


@pytest.mark.rule("FOOL-HIT-ME")
@pytest.mark.parametrize("says", ["Hit Me", "Say nothing"])
def test_the_rest_of_the_attackers_plan_goes_on_after_hit_me_is_answered(says: str) -> None:
    """A plan that hits and then shields (a GM's own adversary): asking Hit Me after the hit must not end the plan."""
    state = blackjack_fight(Trait.STRONG, Trait.SLOW, upgraded=True)
    robot = state.adversaries[0]
    kind = state.bestiary[robot.kind]
    hit_then_shield = IntentPlan((AdvStep("damage", 6), AdvStep("shield", 5)))
    state.bestiary[robot.kind] = replace(kind, intents={**kind.intents, "Swords": hit_then_shield})
    state = robot_hits_pip(state)
    assert state.pending is not None and state.pending.kind == "hit-me"
    assert state.adversary(robot.id).shield == 0, "the plan waits on the Fool's answer"
    state, _ = choose(state, says)
    assert state.adversary(robot.id).shield == 5, "the plan's next step happened"
