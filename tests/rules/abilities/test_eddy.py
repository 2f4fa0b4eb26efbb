"""Eddy in combat: the sheet's table as bins, two plays a turn, the shared deck, The Tower, respawning."""

from __future__ import annotations

from collections import Counter

import pytest

from rt0table.rules.rt0.abilities import ABILITIES, EDDY_ABILITIES
from rt0table.rules.rt0.abilities.eddy import RowAt, RowTarget
from rt0table.rules.rt0.campaign.character import Eddy, Skill
from rt0table.rules.rt0.campaign.eddy_respawn import (
    check_refusal,
    destroyed_eddies,
    eddy_check,
    replacement,
    replacement_names,
)
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge, Outcome, make_check
from rt0table.rules.rt0.cards import ALL_IDS, CARDS, TOWER, CardId, by_name
from rt0table.rules.rt0.content.adversaries import bundled_bestiary
from rt0table.rules.rt0.fight.actions import Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.combat import turn_order
from rt0table.rules.rt0.fight.decisions import target_of
from rt0table.rules.rt0.fight.deck import Pile
from rt0table.rules.rt0.fight.effects import damage_fighter, draw
from rt0table.rules.rt0.fight.engine import (
    EDDY_PILE,
    AdversarySetup,
    FighterSetup,
    apply,
    apply_in_place,
    legal_actions,
    new_combat,
    refusal,
)
from rt0table.rules.rt0.fight.events import (
    AdversaryHeld,
    CardsDiscarded,
    CatastropheStruck,
    DamageDealt,
    DamageWasted,
    DeckTopShown,
    EddyDestroyed,
    EffectWasted,
    Event,
    HealthRegained,
    InjuryTaken,
    IntentRevealed,
    Moved,
    ShieldGained,
)
from rt0table.rules.rt0.fight.intents import carry_out, chase_target
from rt0table.rules.rt0.fight.serialize import state_from_dict, state_hash, state_to_dict
from rt0table.rules.rt0.fight.state import CombatState, FighterKind, Phase
from rt0table.rules.rt0.fight.zones import Zone
from rt0table.rules.rt0.traits import Arcana, Trait
from tests.helpers.fight_builders import choose

BESTIARY = bundled_bestiary("book.json")

A1, B1, A2, C3 = (0, 0), (1, 0), (0, 1), (2, 2)


def eddy_setup(zone: Zone = A1, fighter_id: str = "eddy", name: str = "Eddy") -> FighterSetup:
    return FighterSetup(fighter_id, name, zone, kind=FighterKind.EDDY)


def player_setup(zone: Zone = A1, fighter_id: str = "mara", name: str = "Mara", **kw: object) -> FighterSetup:
    return FighterSetup(fighter_id, name, zone, arcana=Arcana.FOOL, **kw)  # type: ignore[arg-type]


def fight(
    fighters: list[FighterSetup] | None = None,
    foes: list[AdversarySetup] | None = None,
    room: int = 3,
) -> CombatState:
    """A fight at the first Eddy's first turn, from the first seed whose opening needs no choice and holds no Tower."""
    fighters = fighters if fighters is not None else [eddy_setup(), player_setup()]
    foes = foes if foes is not None else [AdversarySetup("laborer", A1)]
    for seed in range(200):
        state, _ = new_combat(seed, room, fighters, foes, BESTIARY)
        active = state.active_fighter
        if state.pending is None and active is not None and TOWER not in active.hand:
            return state
    raise AssertionError("no quiet opening in 200 seeds")


def _pull(state: CombatState, key: str, card: CardId) -> None:
    """Take a card out of a pile (draw or discard) wherever it lies."""
    pile = state.piles[key]
    for cards in (pile.draw, pile.discard):
        if card in cards:
            cards.remove(card)
            return
    raise AssertionError(f"{CARDS[card].name} is not in pile {key}")


def deal_hand(state: CombatState, fighter_id: str, *names: str) -> list[CardId]:
    """Replace the fighter's hand with these cards, keeping every card of the deck accounted for."""
    fighter = state.fighter(fighter_id)
    state.piles[fighter.pile].draw[:0] = fighter.hand
    fighter.hand.clear()
    cards = [by_name(n) for n in names]
    for card in cards:
        _pull(state, fighter.pile, card)
    fighter.hand.extend(cards)
    return cards


def stack_pile(state: CombatState, key: str, *names: str) -> None:
    """Put these cards on top of a pile, the first named drawn first."""
    for name in reversed(names):
        card = by_name(name)
        _pull(state, key, card)
        state.piles[key].draw.append(card)


def play(state: CombatState, fighter_id: str, card: str, row: str) -> tuple[CombatState, list[Event]]:
    return apply(state, PlayCard(fighter_id, by_name(card), row))


def labels(state: CombatState) -> list[str]:
    assert state.pending is not None
    return [option.label for option in state.pending.options]


def of_type(events: list[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def total(state: CombatState, key: str) -> Counter[CardId]:
    """Every card belonging to a pile: draw, discard, and the hands and bins of those who draw from it."""
    pile = state.piles[key]
    cards = Counter([*pile.draw, *pile.discard])
    for fighter in state.fighters:
        if fighter.pile == key:
            cards.update(fighter.hand)
            for held in fighter.bins.values():
                cards.update(held)
    return cards


# --- set-up: shared deck, order, hand of three ----------------------------------------------------


@pytest.mark.rule("EDDY-SHEET", "DECK-PER-PLAYER")
def test_eddies_share_one_full_deck_and_players_keep_their_own() -> None:
    state = fight([eddy_setup(), eddy_setup(B1, "eddy2", "Eddy 2"), player_setup(traits=frozenset({Trait.LUCKY}))])
    assert state.fighter("eddy").pile == state.fighter("eddy2").pile == EDDY_PILE
    assert state.fighter("mara").pile == "mara"
    assert total(state, EDDY_PILE) == Counter(ALL_IDS)  # Eddies' deck is never modified: all 78
    assert len(total(state, "mara")) == 78 - 8  # Lucky removes Aces and Twos from the player's own deck
    assert state.fighter("eddy").abilities == EDDY_ABILITIES


@pytest.mark.rule("EDDY-SHEET", "CMB-ORDER")
def test_eddies_act_first_even_before_a_fast_player_seated_earlier() -> None:
    fast = player_setup(traits=frozenset({Trait.FAST}))
    state = fight([fast, eddy_setup(), eddy_setup(B1, "eddy2", "Eddy 2")])
    assert turn_order(state) == ["eddy", "eddy2", "mara"]
    assert state.active_fighter is not None and state.active_fighter.id == "eddy"


@pytest.mark.rule("EDDY-SHEET")
def test_an_eddy_draws_three_at_the_start_of_its_turn() -> None:
    state = fight()
    assert len(state.fighter("eddy").hand) == 3
    assert state.fighter("mara").hand == []


# --- two plays, the third discarded -------------------------------------------------------------


@pytest.mark.rule("EDDY-SHEET")
def test_a_third_card_is_refused_and_discarded_at_the_end_of_the_turn() -> None:
    state = fight(foes=[AdversarySetup("laborer", C3)])
    deal_hand(state, "eddy", "2 of Cups", "3 of Pentacles", "4 of Cups")
    state, _ = play(state, "eddy", "2 of Cups", "eddy_shield")
    state, _ = choose(state, "to Eddy")
    state, _ = play(state, "eddy", "3 of Pentacles", "eddy_shield")
    state, _ = choose(state, "to Mara")
    third = PlayCard("eddy", by_name("4 of Cups"), "eddy_shield")
    reason = refusal(state, third)
    assert reason is not None and "already played 2 cards" in reason
    assert legal_actions(state) == [EndTurn("eddy")]
    discard_before = list(state.piles[EDDY_PILE].discard)
    state, events = apply(state, EndTurn("eddy"))
    assert CardsDiscarded("eddy", (by_name("4 of Cups"),), "hand") in events
    assert state.piles[EDDY_PILE].discard == [*discard_before, by_name("4 of Cups")]
    assert state.active_fighter is not None and state.active_fighter.id == "mara"


@pytest.mark.rule("EDDY-SHEET")
def test_an_eddy_may_play_fewer_than_two() -> None:
    state = fight()
    assert EndTurn("eddy") in legal_actions(state)
    state, _ = apply(state, EndTurn("eddy"))
    assert state.fighter("eddy").hand == []
    assert len(state.piles[EDDY_PILE].discard) == 3


@pytest.mark.rule("EDDY-SHEET")
def test_the_play_count_starts_again_next_round() -> None:
    state = fight(foes=[AdversarySetup("laborer", C3)])
    deal_hand(state, "eddy", "2 of Cups", "3 of Cups", "4 of Cups")
    for card in ("2 of Cups", "3 of Cups"):
        state, _ = play(state, "eddy", card, "eddy_shield")
        state, _ = choose(state, "to Eddy")
    state, _ = apply(state, EndTurn("eddy"))
    state, _ = apply(state, EndTurn("mara"))
    while state.pending is not None:  # whatever the laborer's intent asks
        state, _ = apply(state, Choose(0))
    assert state.round == 2 and state.active_fighter is not None and state.active_fighter.id == "eddy"
    assert any(refusal(state, a) is None for a in legal_actions(state) if isinstance(a, PlayCard))


# --- which rows take which cards -------------------------------------------------------------------


@pytest.mark.rule("EDDY-SHEET")
def test_each_row_takes_exactly_the_cards_it_names() -> None:
    state = fight()
    eddy = state.fighter("eddy")

    def rows_for(name: str) -> set[str]:
        return {row for row in EDDY_ABILITIES if ABILITIES[row].refusal(state, eddy, by_name(name)) is None}

    assert rows_for("7 of Swords") == {"eddy_move", "eddy_strike"}
    assert rows_for("Page of Wands") == {"eddy_move", "eddy_strike"}
    assert rows_for("Ace of Cups") == {"eddy_move", "eddy_shield"}
    assert rows_for("King of Pentacles") == {"eddy_move", "eddy_shield"}
    assert rows_for("The Chariot") == {"eddy_move", "eddy_major", "eddy_chariot"}
    assert rows_for("The Empress") == rows_for("The Emperor") == {"eddy_move", "eddy_major", "eddy_mend"}
    assert rows_for("The Fool") == {"eddy_move", "eddy_major", "eddy_fool"}
    assert rows_for("The Sun") == {"eddy_move", "eddy_major", "eddy_sun"}
    assert rows_for("Wheel of Fortune") == {"eddy_move", "eddy_major", "eddy_wheel"}
    assert rows_for("Death") == {"eddy_move", "eddy_major"}
    assert rows_for("The Tower") == {"eddy_tower"}  # it must be played on its own row
    reason = ABILITIES["eddy_shield"].refusal(state, eddy, by_name("7 of Swords"))
    assert reason == "Cups or Pentacles takes Cups or Pentacles; 7 of Swords is one of the Swords."
    assert ABILITIES["eddy_chariot"].refusal(state, eddy, by_name("Death")) == "This row takes The Chariot, not Death."


@pytest.mark.rule("EDDY-SHEET")
def test_a_row_previews_its_effect() -> None:
    state = fight()
    eddy = state.fighter("eddy")
    assert ABILITIES["eddy_strike"].preview(state, eddy, by_name("7 of Swords")) == (
        "completes Swords or Wands: Deal 2 melee damage."
    )


# --- the rows, one by one ---------------------------------------------------------------------------


@pytest.mark.rule("EDDY-SHEET")
def test_any_card_moves_one_zone() -> None:
    state = fight()
    deal_hand(state, "eddy", "9 of Swords", "2 of Cups", "3 of Cups")
    state, _ = play(state, "eddy", "9 of Swords", "eddy_move")
    assert sorted(labels(state)) == ["Move to A2", "Move to B1", "Stay put"]
    state, events = choose(state, "B1")
    assert Moved("eddy", A1, B1) in events
    assert state.fighter("eddy").zone == B1
    assert by_name("9 of Swords") in state.piles[EDDY_PILE].discard


@pytest.mark.rule("EDDY-SHEET")
def test_cups_or_pentacles_give_two_shield_to_self_or_another_player_in_the_zone() -> None:
    state = fight([eddy_setup(), player_setup(), player_setup(C3, "kit", "Kit")])
    deal_hand(state, "eddy", "5 of Cups", "5 of Pentacles", "2 of Cups")
    state, _ = play(state, "eddy", "5 of Cups", "eddy_shield")
    assert labels(state) == ["2 Shield to Eddy", "2 Shield to Mara"]  # Kit is in another zone
    state, events = choose(state, "Mara")
    assert ShieldGained("mara", 2, 2) in events
    state, events = play(state, "eddy", "5 of Pentacles", "eddy_shield")
    state, events = choose(state, "Eddy")
    assert state.fighter("eddy").shield == 2


@pytest.mark.rule("EDDY-SHEET", "CMB-DAMAGE-MELEE")
def test_swords_or_wands_deal_two_melee_damage_in_the_zone_only() -> None:
    state = fight(foes=[AdversarySetup("laborer", A1), AdversarySetup("laborer", C3)])
    deal_hand(state, "eddy", "Ace of Swords", "Ace of Wands", "2 of Cups")
    state, events = play(state, "eddy", "Ace of Swords", "eddy_strike")
    # Only one adversary in reach: no question, the damage lands.
    assert DamageDealt("eddy", "laborer-1", 2, 0, 18, False, False) in events
    state.adversary("laborer-1").zone = B1
    state, events = play(state, "eddy", "Ace of Wands", "eddy_strike")
    assert DamageWasted("eddy", 2, "no adversary in reach") in events


@pytest.mark.rule("EDDY-SHEET")
def test_any_major_deals_one_damage_and_gives_another_player_one_shield() -> None:
    state = fight([eddy_setup(), player_setup(), player_setup(A1, "kit", "Kit")])
    deal_hand(state, "eddy", "Death", "Judgement", "2 of Cups")
    state, events = play(state, "eddy", "Death", "eddy_major")
    assert DamageDealt("eddy", "laborer-1", 1, 0, 19, False, False) in events
    assert labels(state) == ["1 Shield to Mara", "1 Shield to Kit"]  # another player: not the Eddy itself
    state, events = choose(state, "Kit")
    assert ShieldGained("kit", 1, 1) in events


@pytest.mark.rule("EDDY-SHEET")
def test_any_major_with_nobody_beside_the_eddy_wastes_the_shield() -> None:
    state = fight([eddy_setup(), player_setup(C3)])
    deal_hand(state, "eddy", "Death", "2 of Cups", "3 of Cups")
    state, events = play(state, "eddy", "Death", "eddy_major")
    assert EffectWasted("eddy", "1 Shield", "no other player in the zone") in events
    assert state.pending is None


@pytest.mark.rule("EDDY-SHEET")
def test_the_chariot_moves_to_any_zone() -> None:
    state = fight()
    deal_hand(state, "eddy", "The Chariot", "2 of Cups", "3 of Cups")
    state, _ = play(state, "eddy", "The Chariot", "eddy_chariot")
    assert len(labels(state)) == 9  # eight other zones of the 3x3 room, or stay put
    state, events = choose(state, "C3")
    assert Moved("eddy", A1, C3) in events


@pytest.mark.rule("EDDY-SHEET")
@pytest.mark.parametrize("card", ["The Empress", "The Emperor"])
def test_the_empress_and_the_emperor_restore_two_hp_to_a_player_in_the_zone(card: str) -> None:
    state = fight([eddy_setup(), player_setup(), player_setup(C3, "kit", "Kit")])
    state.fighter("mara").hp = 11
    deal_hand(state, "eddy", card, "2 of Cups", "3 of Cups")
    state, _ = play(state, "eddy", card, "eddy_mend")
    assert labels(state) == ["Restore 2 HP to Eddy", "Restore 2 HP to Mara"]
    state, events = choose(state, "Mara")
    assert HealthRegained("mara", 2, 13) in events


@pytest.mark.rule("EDDY-SHEET")
def test_restoring_hp_stops_at_twenty() -> None:
    state = fight([eddy_setup(), player_setup()])
    state.fighter("mara").hp = 19
    deal_hand(state, "eddy", "The Empress", "2 of Cups", "3 of Cups")
    state, _ = play(state, "eddy", "The Empress", "eddy_mend")
    state, events = choose(state, "Mara")
    assert HealthRegained("mara", 1, 20) in events


@pytest.mark.rule("EDDY-SHEET")
def test_the_fool_uses_any_other_row_except_the_sun() -> None:
    state = fight()
    deal_hand(state, "eddy", "The Fool", "2 of Cups", "3 of Cups")
    state, _ = play(state, "eddy", "The Fool", "eddy_fool")
    offered = {target_of(option, RowTarget).row for option in state.pending.options} if state.pending else set()
    assert offered == set(EDDY_ABILITIES) - {"eddy_fool", "eddy_sun"}
    state, events = choose(state, "Swords or Wands")
    assert DamageDealt("eddy", "laborer-1", 2, 0, 18, False, False) in events
    assert state.round_flags.count("eddy-play:eddy") == 1  # one card, one play


@pytest.mark.rule("EDDY-SHEET")
def test_the_fool_as_the_chariot() -> None:
    state = fight()
    deal_hand(state, "eddy", "The Fool", "2 of Cups", "3 of Cups")
    state, _ = play(state, "eddy", "The Fool", "eddy_fool")
    state, _ = choose(state, "The Chariot")
    state, events = choose(state, "C3")
    assert Moved("eddy", A1, C3) in events and state.fighter("eddy").zone == C3


def _laborer_swings(state: CombatState) -> CombatState:
    """End the Eddy's and the player's turns; the laborer (Swords: move 1, 8 damage) then acts."""
    state.adversary("laborer-1").intent = by_name("5 of Swords")
    state.adversary("laborer-1").intent_hidden = False
    state, _ = apply(state, EndTurn("eddy"))
    state, _ = apply(state, EndTurn("mara"))
    return state


@pytest.mark.rule("EDDY-SHEET", "ZON-ADV-MOVE")
def test_the_hanged_man_keeps_an_adversary_in_the_zone_from_moving_this_round() -> None:
    state = fight([eddy_setup(), player_setup(C3)])
    deal_hand(state, "eddy", "The Hanged Man", "2 of Cups", "3 of Cups")
    state, events = play(state, "eddy", "The Hanged Man", "eddy_hanged_man")
    assert AdversaryHeld("laborer-1", "eddy") in events
    state, _ = play(state, "eddy", "2 of Cups", "eddy_move")  # the Eddy walks off; the laborer would follow
    state, _ = choose(state, "A2")
    held = _laborer_swings(state)
    assert held.adversary("laborer-1").zone == A1
    assert held.round == 2 and "held:laborer-1" not in held.round_flags  # "this turn": the round

    control = fight([eddy_setup(), player_setup(C3)])
    deal_hand(control, "eddy", "The Hanged Man", "2 of Cups", "3 of Cups")
    control, _ = play(control, "eddy", "2 of Cups", "eddy_move")
    control, _ = choose(control, "A2")
    assert _laborer_swings(control).adversary("laborer-1").zone != A1


@pytest.mark.rule("EDDY-SHEET")
def test_the_hanged_man_with_no_adversary_in_the_zone_does_nothing() -> None:
    state = fight(foes=[AdversarySetup("laborer", C3)])
    deal_hand(state, "eddy", "The Hanged Man", "2 of Cups", "3 of Cups")
    state, events = play(state, "eddy", "The Hanged Man", "eddy_hanged_man")
    assert EffectWasted("eddy", "hold an adversary in place", "no adversary in the zone") in events
    assert not any(flag.startswith("held:") for flag in state.round_flags)


@pytest.mark.rule("EDDY-SHEET")
def test_the_hierophant_lets_a_chosen_player_draw_an_extra_card() -> None:
    state = fight([eddy_setup(), player_setup(C3)])
    deal_hand(state, "eddy", "The Hierophant", "2 of Cups", "3 of Cups")
    top = state.piles["mara"].draw[-1]
    if top == TOWER:
        stack_pile(state, "mara", "2 of Swords")
        top = by_name("2 of Swords")
    state, _ = play(state, "eddy", "The Hierophant", "eddy_hierophant")
    assert labels(state) == ["Eddy draws an extra card", "Mara draws an extra card", "Nobody draws"]
    state, _ = choose(state, "Mara")
    assert state.fighter("mara").hand == [top]  # from her own deck, any zone
    state, _ = apply(state, EndTurn("eddy"))
    assert len(state.fighter("mara").hand) == 6  # five for her turn, plus the extra one


@pytest.mark.rule("EDDY-SHEET")
def test_the_hierophant_may_give_nobody_a_card() -> None:
    state = fight()
    deal_hand(state, "eddy", "The Hierophant", "2 of Cups", "3 of Cups")
    state, _ = play(state, "eddy", "The Hierophant", "eddy_hierophant")
    state, _ = choose(state, "Nobody")
    assert state.fighter("mara").hand == [] and len(state.fighter("eddy").hand) == 2


@pytest.mark.rule("EDDY-SHEET", "ADV-INTENT")
def test_the_high_priestess_turns_up_a_face_down_intent() -> None:
    state = fight(foes=[AdversarySetup("laborer", A1), AdversarySetup("training_robot", C3)])
    robot = state.adversary("training_robot-1")
    robot.intent, robot.intent_hidden = by_name("3 of Wands"), True
    state.adversary("laborer-1").intent_hidden = False
    deal_hand(state, "eddy", "The High Priestess", "2 of Cups", "3 of Cups")
    state, events = play(state, "eddy", "The High Priestess", "eddy_high_priestess")
    # Only one card lies face down (decks are not offered to The High Priestess): it turns up at once.
    assert IntentRevealed("training_robot-1", by_name("3 of Wands")) in events
    assert not state.adversary("training_robot-1").intent_hidden


@pytest.mark.rule("EDDY-SHEET")
def test_the_high_priestess_with_nothing_face_down() -> None:
    state = fight()
    state.adversary("laborer-1").intent_hidden = False
    deal_hand(state, "eddy", "The High Priestess", "2 of Cups", "3 of Cups")
    state, events = play(state, "eddy", "The High Priestess", "eddy_high_priestess")
    assert EffectWasted("eddy", "turn a card face up", "no face-down card on the table") in events


@pytest.mark.rule("EDDY-SHEET")
def test_the_sun_does_everything_on_its_row_in_order() -> None:
    state = fight([eddy_setup(), player_setup()], [AdversarySetup("laborer", C3)])
    laborer = state.adversary("laborer-1")
    laborer.intent, laborer.intent_hidden = by_name("5 of Swords"), True
    deal_hand(state, "eddy", "The Sun", "2 of Cups", "3 of Cups")
    stack_pile(state, "mara", "7 of Cups")
    state, _ = play(state, "eddy", "The Sun", "eddy_sun")
    state, events = choose(state, "C3")  # move to any zone
    assert Moved("eddy", A1, C3) in events
    # 2 melee damage to the only adversary now in reach, then 2 Shield to a player in the zone (only the Eddy).
    assert DamageDealt("eddy", "laborer-1", 2, 0, 18, False, False) in events
    assert ShieldGained("eddy", 2, 2) in events
    assert labels(state) == [
        "Turn up Laborer's intent",
        "Turn up the top of the Eddies' deck",
        "Turn up the top of Mara's deck",
    ]
    state, events = choose(state, "Mara's deck")
    assert DeckTopShown("mara", by_name("7 of Cups")) in events
    assert state.piles["mara"].face_up_top == by_name("7 of Cups")
    state, _ = choose(state, "Mara draws")
    assert state.fighter("mara").hand == [by_name("7 of Cups")]
    assert state.piles["mara"].face_up_top is None  # drawn: no longer a face-up card on the deck
    assert state.pending is None and "held:laborer-1" in state.round_flags  # the only adversary in the zone


@pytest.mark.rule("EDDY-SHEET")
def test_a_deck_top_the_sun_turned_up_stays_visible_until_drawn() -> None:
    state = fight([eddy_setup(), player_setup()], [AdversarySetup("laborer", C3)])
    state.adversary("laborer-1").intent_hidden = False
    deal_hand(state, "eddy", "The Sun", "2 of Cups", "3 of Cups")
    stack_pile(state, "mara", "7 of Cups")
    state, _ = play(state, "eddy", "The Sun", "eddy_sun")
    state, _ = choose(state, "Stay put")
    state, _ = choose(state, "2 Shield to Mara")
    state, _ = choose(state, "Mara's deck")
    state, _ = choose(state, "Nobody")
    assert state.piles["mara"].face_up_top == by_name("7 of Cups")
    saved = state_from_dict(state_to_dict(state))
    assert saved.piles["mara"].shown == by_name("7 of Cups") and state_hash(saved) == state_hash(state)
    state, _ = apply(state, EndTurn("eddy"))
    assert by_name("7 of Cups") in state.fighter("mara").hand


# --- The Tower ----------------------------------------------------------------------------------------


def _tower_opening(fighters: list[FighterSetup], foes: list[AdversarySetup]) -> tuple[CombatState, list[Event]]:
    for seed in range(2000):
        state, events = new_combat(seed, 3, fighters, foes, BESTIARY)
        if any(isinstance(e, DamageDealt) and e.source == "eddy" and e.amount == 20 for e in events):
            return state, events
    raise AssertionError("no seed opens with The Tower in the Eddy's hand")


@pytest.mark.rule("EDDY-SHEET", "CMB-TOWER")
def test_the_tower_explodes_on_friend_and_foe_in_the_zone_when_drawn() -> None:
    fighters = [eddy_setup(), eddy_setup(A1, "eddy2", "Eddy 2"), player_setup(), player_setup(C3, "kit", "Kit")]
    foes = [AdversarySetup("laborer", A1), AdversarySetup("training_robot", C3)]
    state, events = _tower_opening(fighters, foes)
    hits = {(e.target, e.amount, e.ranged, e.magic) for e in events if isinstance(e, DamageDealt)}
    assert hits == {
        ("laborer-1", 5, True, True),
        ("eddy2", 5, True, True),
        ("mara", 5, True, True),
        ("eddy", 20, False, False),
    }  # Kit and the robot, in C3, are untouched
    assert EddyDestroyed("eddy") in events
    assert state.fighter("eddy").dead and state.fighter("eddy").injuries == []
    assert not of_type(events, CatastropheStruck) and not of_type(events, InjuryTaken)
    assert state.fighter("mara").hp == 15 and state.fighter("eddy2").hp == 15
    assert state.adversary("laborer-1").hp == 15
    # The destroyed Eddy's turn is over; Eddy 2 is up.
    assert state.active_fighter is not None and state.active_fighter.id == "eddy2"
    assert TOWER in state.piles[EDDY_PILE].discard


@pytest.mark.rule("EDDY-SHEET", "CMB-TOWER", "CMB-CATASTROPHE")
def test_the_tower_dispatches_on_who_draws_it() -> None:
    state = fight()
    events: list[Event] = []
    stack_pile(state, "mara", "The Tower")
    draw(state, state.fighter("mara"), 1, events)
    assert of_type(events, CatastropheStruck) and not of_type(events, EddyDestroyed)
    events = []
    stack_pile(state, EDDY_PILE, "The Tower")
    state.fighter("eddy").hand.clear()
    draw(state, state.fighter("eddy"), 1, events)
    assert not of_type(events, CatastropheStruck) and EddyDestroyed("eddy") in events


@pytest.mark.rule("EDDY-SHEET")
def test_shield_soaks_the_towers_twenty_and_the_turn_still_ends() -> None:
    state = fight([eddy_setup(), player_setup(C3)], [AdversarySetup("laborer", C3)])
    state.fighter("eddy").shield = 2
    deal_hand(state, "eddy", "The Hierophant", "2 of Cups", "3 of Cups")
    stack_pile(state, EDDY_PILE, "The Tower")
    state, _ = play(state, "eddy", "The Hierophant", "eddy_hierophant")
    state, events = choose(state, "Eddy draws")
    assert DamageDealt("eddy", "eddy", 20, 2, 2, False, False) in events
    assert not state.fighter("eddy").dead
    assert state.active_fighter is not None and state.active_fighter.id == "mara"


@pytest.mark.rule("EDDY-SHEET")
def test_an_eddy_blown_up_halfway_through_the_sun_does_nothing_more() -> None:
    state = fight()
    state.adversary("laborer-1").intent_hidden = False
    deal_hand(state, "eddy", "The Sun", "2 of Cups", "3 of Cups")
    stack_pile(state, EDDY_PILE, "The Tower")
    state, _ = play(state, "eddy", "The Sun", "eddy_sun")
    state, _ = choose(state, "Stay put")  # then 2 damage to the laborer, the only one in reach
    state, _ = choose(state, "2 Shield to Mara")
    state, _ = choose(state, "Eddies' deck")
    state, events = choose(state, "Eddy draws")  # The Tower: it explodes at once
    assert EddyDestroyed("eddy") in events
    assert "held:laborer-1" not in state.round_flags  # the last step, holding the laborer, never happens
    assert state.pending is None and state.active_fighter is not None and state.active_fighter.id == "mara"


# --- Wheel of Fortune ---------------------------------------------------------------------------------


@pytest.mark.rule("EDDY-SHEET")
def test_the_wheel_turning_up_a_major_fires_the_tower_row() -> None:
    state = fight()
    deal_hand(state, "eddy", "Wheel of Fortune", "2 of Cups", "3 of Cups")
    stack_pile(state, EDDY_PILE, "Death")
    state, events = play(state, "eddy", "Wheel of Fortune", "eddy_wheel")
    assert CardsDiscarded("eddy", (by_name("Death"),), "eddy_wheel") in events
    assert DamageDealt("eddy", "laborer-1", 5, 0, 15, True, True) in events
    assert DamageDealt("eddy", "mara", 5, 0, 15, True, True) in events
    assert EddyDestroyed("eddy") in events
    assert state.active_fighter is not None and state.active_fighter.id == "mara"


@pytest.mark.rule("EDDY-SHEET")
def test_the_wheel_turning_up_a_minor_fires_the_sun_row() -> None:
    state = fight()
    deal_hand(state, "eddy", "Wheel of Fortune", "2 of Cups", "3 of Cups")
    stack_pile(state, EDDY_PILE, "4 of Wands")
    state, events = play(state, "eddy", "Wheel of Fortune", "eddy_wheel")
    assert CardsDiscarded("eddy", (by_name("4 of Wands"),), "eddy_wheel") in events
    assert by_name("4 of Wands") in state.piles[EDDY_PILE].discard
    assert len(labels(state)) == 9  # The Sun's first step: move to any zone
    assert state.pending is not None and state.pending.kind == "eddy-move"


# --- targeting, 0 HP, respawn -------------------------------------------------------------------------


@pytest.mark.rule("EDDY-SHEET", "CMB-TARGETING")
def test_adversaries_hit_a_player_before_an_eddy_in_reach() -> None:
    state = fight()
    state.fighter("eddy").shield = 9  # most Shield would draw the blow, but it is an Eddy
    state.fighter("eddy").hp = 3
    state.adversary("laborer-1").intent = by_name("5 of Swords")
    events: list[Event] = []
    carry_out(state, state.adversary("laborer-1"), events)
    assert [(e.target, e.amount) for e in of_type(events, DamageDealt)] == [("mara", 8)]  # type: ignore[attr-defined]


@pytest.mark.rule("EDDY-SHEET", "CMB-TARGETING")
def test_an_eddy_is_hit_when_it_is_the_only_one_in_reach() -> None:
    state = fight([eddy_setup(), player_setup(C3)])
    state.adversary("laborer-1").intent = by_name("5 of Swords")
    events: list[Event] = []
    carry_out(state, state.adversary("laborer-1"), events)
    assert [(e.target, e.amount) for e in of_type(events, DamageDealt)] == [("eddy", 8)]  # type: ignore[attr-defined]


@pytest.mark.rule("EDDY-SHEET", "ZON-ADV-MOVE")
def test_adversaries_chase_a_player_over_a_nearer_eddy_and_an_eddy_when_only_eddies_remain() -> None:
    state = fight([eddy_setup(B1), player_setup(C3)], [AdversarySetup("laborer", A1)])
    laborer = state.adversary("laborer-1")
    target = chase_target(state, laborer)
    assert target is not None and target.id == "mara"
    state.fighter("mara").zone = None  # she ran away
    target = chase_target(state, laborer)
    assert target is not None and target.id == "eddy"


@pytest.mark.rule("EDDY-SHEET", "CMB-ZERO-HP")
def test_an_eddy_at_zero_hp_is_destroyed_without_an_injury() -> None:
    state = fight()
    events: list[Event] = []
    eddy = state.fighter("eddy")
    damage_fighter(state, "laborer-1", eddy, 25, False, events)
    assert EddyDestroyed("eddy") in events and eddy.dead and not eddy.in_combat
    assert eddy.injuries == [] and state.pending is None


def _after_fight_with_eddies_destroyed(*ids: str) -> CombatState:
    state = fight([eddy_setup(), eddy_setup(B1, "eddy2", "Eddy 2"), player_setup()])
    for fighter_id in ids:
        damage_fighter(state, "laborer-1", state.fighter(fighter_id), 20, False, [])
    return state


@pytest.mark.rule("EDDY-RESPAWN")
def test_a_destroyed_eddy_is_replaced_by_the_next_number() -> None:
    state = _after_fight_with_eddies_destroyed("eddy")
    assert [f.id for f in destroyed_eddies(state)] == ["eddy"]
    assert replacement_names(state) == {"eddy": "Eddy 3"}  # Eddy 2 is still around
    assert replacement_names(state, ["Eddy 7"]) == {"eddy": "Eddy 8"}


@pytest.mark.rule("EDDY-RESPAWN")
def test_two_destroyed_eddies_get_two_new_numbers() -> None:
    state = _after_fight_with_eddies_destroyed("eddy", "eddy2")
    assert replacement_names(state) == {"eddy": "Eddy 3", "eddy2": "Eddy 4"}
    assert replacement_names(_after_fight_with_eddies_destroyed()) == {}


@pytest.mark.rule("EDDY-RESPAWN")
def test_the_replacement_is_the_same_robot_with_the_next_name() -> None:
    sweeper = Eddy("Eddy", Skill.GYM, "duct cleaner")
    assert replacement(sweeper, []) == Eddy("Eddy 2", Skill.GYM, "duct cleaner")
    assert replacement(Eddy("Rusty", Skill.SHOP), ["Eddy", "Eddy 2"]) == Eddy("Eddy 3", Skill.SHOP)


@pytest.mark.rule("EDDY-SHEET", "SKL-DIFF")
def test_an_eddy_checks_its_one_skill_only_with_the_plain_table() -> None:
    nurse = Eddy("Eddy", Skill.AID, "auto-nurse")
    assert check_refusal(nurse, Skill.AID) is None
    assert check_refusal(nurse, Skill.GYM) == "Eddy only knows AID; it cannot make a GYM check."
    with pytest.raises(ValueError, match="only knows AID"):
        eddy_check(nurse, Skill.GYM, Difficulty.EASY)
    check = eddy_check(nurse, Skill.AID, Difficulty.MEDIUM, Edge.BONUS)
    assert (check.difficulty, check.arcana, check.edge) == (Difficulty.MEDIUM, None, Edge.BONUS)
    # No Arcana: The Magician is a plain Major (passes Hard), not a Critical Success.
    _, result = make_check(Pile([by_name("The Magician")]), 1, eddy_check(nurse, Skill.AID, Difficulty.HARD))
    assert result.outcome is Outcome.SUCCESS


# --- the shared deck is never modified -----------------------------------------------------------------


@pytest.mark.rule("EDDY-SHEET")
def test_a_full_eddy_turn_keeps_every_deck_whole() -> None:
    state = fight()
    mara_before = total(state, "mara")
    deal_hand(state, "eddy", "Wheel of Fortune", "The Fool", "2 of Cups")
    stack_pile(state, EDDY_PILE, "4 of Wands")
    state, _ = play(state, "eddy", "Wheel of Fortune", "eddy_wheel")
    while state.pending is not None:
        state, _ = apply(state, Choose(len(state.pending.options) - 1))
    state, _ = play(state, "eddy", "The Fool", "eddy_fool")
    state, _ = choose(state, "Any card")
    state, _ = choose(state, "Stay put")
    state, _ = apply(state, EndTurn("eddy"))
    assert total(state, EDDY_PILE) == Counter(ALL_IDS)
    assert total(state, "mara") == mara_before
    assert state.phase is Phase.PLAYER_TURN


@pytest.mark.rule("EDDY-SHEET")
def test_replaying_an_eddy_turn_gives_the_same_state() -> None:
    def run() -> str:
        state = fight()
        deal_hand(state, "eddy", "The Chariot", "7 of Swords", "2 of Cups")
        steps = [PlayCard("eddy", by_name("The Chariot"), "eddy_chariot"), Choose(0)]
        steps += [PlayCard("eddy", by_name("7 of Swords"), "eddy_move"), Choose(0), EndTurn("eddy")]
        for step in steps:
            apply_in_place(state, step)
        return state_hash(state)

    assert run() == run()


@pytest.mark.rule("EDDY-SHEET")
@pytest.mark.parametrize("seed", range(12))
def test_random_fights_with_eddies_keep_the_shared_deck_whole(seed: int) -> None:
    """Random legal play, Eddies and players together: nothing breaks and the Eddies' 78 cards stay 78."""
    import random

    chooser = random.Random(seed)
    fighters = [eddy_setup(), eddy_setup(B1, "eddy2", "Eddy 2"), player_setup(A2)]
    foes = [AdversarySetup("laborer", A1), AdversarySetup("training_robot", C3)]
    state, _ = new_combat(seed, 3, fighters, foes, BESTIARY)
    for _ in range(300):
        actions = legal_actions(state)
        if not actions:
            break
        apply_in_place(state, chooser.choice(actions))
        assert total(state, EDDY_PILE) == Counter(ALL_IDS)
        for fighter in state.fighters:
            if fighter.kind is FighterKind.EDDY:
                assert fighter.injuries == [] and plays(state, fighter.id) <= 2
    assert state.round >= 2


def plays(state: CombatState, fighter_id: str) -> int:
    return state.round_flags.count(f"eddy-play:{fighter_id}")


@pytest.mark.rule("EDDY-SHEET")
def test_a_saved_fight_resumes_in_the_middle_of_the_suns_row() -> None:
    state = fight([eddy_setup(), player_setup()], [AdversarySetup("laborer", C3)])
    deal_hand(state, "eddy", "The Sun", "2 of Cups", "3 of Cups")
    state, _ = play(state, "eddy", "The Sun", "eddy_sun")
    state, _ = choose(state, "C3")
    saved = state_from_dict(state_to_dict(state))
    assert state_hash(saved) == state_hash(state)
    assert saved.pending is not None and saved.pending.context == RowAt("eddy_sun", 3)  # the flip, after 2 done steps
    for resumed in (state, saved):
        after, _ = apply(resumed, Choose(0))
        assert after.pending is not None and after.pending.kind == "eddy-draw"
