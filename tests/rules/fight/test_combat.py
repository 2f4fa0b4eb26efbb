"""Focused combat tests the scenario files cannot express well: primitives, set-up errors, legality lists."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.cards import TOWER, by_name
from rt0table.rules.rt0.content.adversaries import bundled_bestiary
from rt0table.rules.rt0.fight import effects
from rt0table.rules.rt0.fight.actions import EndTurn, PlayCard
from rt0table.rules.rt0.fight.combat import turn_order
from rt0table.rules.rt0.fight.engine import (
    AdversarySetup,
    FighterSetup,
    Preparation,
    apply,
    legal_actions,
    new_combat,
    refusal,
)
from rt0table.rules.rt0.fight.events import CardsDrawn, DeckShuffled, Event
from rt0table.rules.rt0.fight.intents import draw_intent
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.fight.state import GM, CombatState, FighterKind
from rt0table.rules.rt0.fight.zones import Room, step_toward
from rt0table.rules.rt0.traits import Trait
from rt0table.rules.seam import IllegalAction

BOOK = bundled_bestiary("book.json")
LABORER = AdversarySetup("laborer", (2, 2))


def cards(*names: str) -> tuple[int, ...]:
    return tuple(by_name(n) for n in names)


def fight(*fighters: FighterSetup, prepared: Preparation | None = None, room: int = 3) -> CombatState:
    state, _ = new_combat(3, room, fighters, [LABORER], BOOK, prepared=prepared)
    return state


MARA = FighterSetup("mara", "Mara", (1, 1))
SAFE = cards("2 of Cups", "3 of Cups", "4 of Cups", "5 of Cups", "6 of Cups")


# --- DECK-RESHUFFLE ---------------------------------------------------------------------------


@pytest.mark.rule("DECK-RESHUFFLE")
def test_a_short_pile_takes_the_discard_back_before_drawing() -> None:
    state = fight(MARA)
    mara, pile = state.fighter("mara"), state.piles["mara"]
    mara.hand[:] = [TOWER]  # out of the way, so no Catastrophe muddles the count
    pile.draw[:] = list(SAFE[:2])  # two left: not enough for five
    pile.discard[:] = [c for c in range(78) if c not in SAFE[:2] and c != TOWER]
    events: list[Event] = []
    effects.draw(state, mara, 5, events)
    assert isinstance(events[0], DeckShuffled) and events[0].pile == "mara"
    assert isinstance(events[1], CardsDrawn) and len(events[1].cards) == 5
    assert len(mara.hand) == 6
    assert pile.discard == [] and len(pile.draw) == 77 - 5


@pytest.mark.rule("DECK-RESHUFFLE")
def test_no_reshuffle_while_the_pile_holds_enough() -> None:
    state = fight(MARA)
    events: list[Event] = []
    state.piles["mara"].discard.append(state.piles["mara"].draw.pop(0))
    effects.draw(state, state.fighter("mara"), 1, events)
    assert not any(isinstance(e, DeckShuffled) for e in events)


@pytest.mark.rule("DECK-RESHUFFLE", "ADV-INTENT")
def test_the_gm_deck_reshuffles_its_discard_when_empty() -> None:
    state = fight(MARA)
    gm = state.piles[GM]
    gm.discard.extend(gm.draw)
    gm.draw.clear()
    laborer = state.adversary("laborer-1")
    gm.discard.append(laborer.intent)  # type: ignore[arg-type]
    laborer.intent = None
    events: list[Event] = []
    draw_intent(state, laborer, events)
    assert any(isinstance(e, DeckShuffled) and e.pile == GM for e in events)
    assert laborer.intent is not None and gm.discard.count(laborer.intent) == 0


# --- DECK-PER-PLAYER ----------------------------------------------------------------------------


@pytest.mark.rule("DECK-PER-PLAYER", "DECK-LUCKY", "DECK-UNLUCKY")
def test_each_player_has_a_deck_eddies_share_one_and_the_gm_has_one() -> None:
    eddy = FighterSetup("ed", "Eddy", (0, 0), kind=FighterKind.EDDY)
    rusty = FighterSetup("rusty", "Rusty", (0, 0), kind=FighterKind.EDDY, traits=frozenset({Trait.LUCKY}))
    lucky = FighterSetup("lucy", "Lucy", (0, 0), traits=frozenset({Trait.LUCKY}))
    state = fight(MARA, lucky, eddy, rusty)
    assert set(state.piles) == {"mara", "lucy", "eddies", GM}
    assert state.fighter("rusty").pile == state.fighter("ed").pile == "eddies"
    sizes = {key: len(p.draw) + len(p.discard) for key, p in state.piles.items()}
    in_hands = {f.pile: len(f.hand) for f in state.fighters if f.hand}
    assert sizes["lucy"] == 70  # no Aces or Twos
    assert sizes["eddies"] + in_hands.get("eddies", 0) == 78  # an Eddy's Lucky never changes the shared deck
    assert sizes["mara"] == 78
    assert sizes[GM] + 1 == 78  # one intent out


# --- ZON-SIZES -----------------------------------------------------------------------------------


@pytest.mark.rule("ZON-SIZES")
@pytest.mark.parametrize("size", [0, 2, 4, 7])
def test_only_1_3_and_5_rooms_exist(size: int) -> None:
    with pytest.raises(ValueError, match=f"not {size}x{size}"):
        Room(size)


@pytest.mark.rule("ZON-SIZES")
@pytest.mark.parametrize(("size", "zones", "centre_steps"), [(1, 1, 0), (3, 9, 4), (5, 25, 4)])
def test_room_zones_and_steps(size: int, zones: int, centre_steps: int) -> None:
    room = Room(size)
    assert len(room.zones()) == zones
    centre = (size // 2, size // 2)
    assert len(room.neighbours(centre)) == centre_steps
    assert len(room.neighbours((0, 0))) == (0 if size == 1 else 2)


@pytest.mark.rule("ZON-SIZES")
def test_nobody_stands_outside_the_room() -> None:
    with pytest.raises(ValueError, match="Mara stands outside the 3x3 room"):
        fight(FighterSetup("mara", "Mara", (3, 0)))
    with pytest.raises(ValueError, match="laborer stands outside the 1x1 room"):
        fight(FighterSetup("mara", "Mara", (0, 0)), room=1)


@pytest.mark.rule("ZON-SIZES")
def test_any_number_of_figures_share_a_zone() -> None:
    crowd = [FighterSetup(f"p{i}", f"P{i}", (0, 0)) for i in range(4)]
    state, _ = new_combat(1, 1, crowd, [AdversarySetup("laborer", (0, 0))] * 3, BOOK)
    assert {f.zone for f in state.fighters} | {a.zone for a in state.adversaries} == {(0, 0)}


@pytest.mark.rule("ZON-ADV-MOVE")
def test_a_step_toward_is_orthogonal_columns_first() -> None:
    room = Room(5)
    assert step_toward(room, (0, 0), (3, 3)) == (1, 0)
    assert step_toward(room, (3, 0), (3, 3)) == (3, 1)
    assert step_toward(room, (2, 2), (2, 2)) == (2, 2)
    assert step_toward(room, (4, 4), (0, 4)) == (3, 4)


# --- CMB-ORDER -------------------------------------------------------------------------------------


@pytest.mark.rule("CMB-ORDER")
def test_turn_order_ranks_and_keeps_seats() -> None:
    slow = FighterSetup("s", "S", (0, 0), traits=frozenset({Trait.SLOW}))
    fast1 = FighterSetup("f1", "F1", (0, 0), traits=frozenset({Trait.FAST}))
    fast2 = FighterSetup("f2", "F2", (0, 0), traits=frozenset({Trait.FAST, Trait.CLEVER}))
    plain = FighterSetup("n", "N", (0, 0))
    eddy = FighterSetup("e", "Eddy", (0, 0), kind=FighterKind.EDDY, traits=frozenset({Trait.SLOW}))
    state = fight(slow, fast1, plain, eddy, fast2)
    assert turn_order(state) == ["e", "f1", "f2", "n", "s"]


# --- preparation ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("prepared", "message"),
    [
        (Preparation(hands={"mara": cards("Ace of Cups", "Ace of Cups")}), "hand of mara: Ace of Cups is not"),
        (Preparation(hands={"nobody": SAFE}), "hand: no fighter 'nobody'"),
        (Preparation(tops={"bob": SAFE}), "deck top: no deck 'bob'"),
        (Preparation(bins={"mara": {"kick": SAFE}}), "bins of mara: Mara has no ability 'kick'"),
        (Preparation(intents={"laborer-9": (by_name("2 of Cups"), False)}), "no adversary 'laborer-9'"),
        (Preparation(hp={"mara": 21}), "hp of mara: must be from 1 to 20, not 21"),
        (Preparation(hp={"laborer-1": 0}), "hp of laborer-1: must be from 1 to 20, not 0"),
        (Preparation(shield={"mara": -1}), "shield of mara: cannot be negative"),
    ],
)
def test_a_preparation_that_does_not_fit_is_refused(prepared: Preparation, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        fight(MARA, prepared=prepared)


def test_a_prepared_fight_keeps_78_cards_per_deck_and_its_intents() -> None:
    prepared = Preparation(
        tops={"mara": SAFE, GM: cards("3 of Swords")},
        discards={"mara": cards("King of Cups")},
        hands={"mara": cards("Ace of Wands")},
        bins={"mara": {"unarmed_strike": cards("9 of Wands")}},
        intents={"laborer-1": (by_name("The Sun"), True)},
    )
    state = fight(MARA, prepared=prepared)
    mara = state.fighter("mara")
    assert mara.hand == [by_name("Ace of Wands"), *SAFE]
    assert mara.bins["unarmed_strike"] == [by_name("9 of Wands")]
    laborer = state.adversary("laborer-1")
    assert (laborer.intent, laborer.intent_hidden) == (by_name("The Sun"), True)  # kept, not drawn again
    assert state.piles[GM].draw[-1] == by_name("3 of Swords")
    pile = state.piles["mara"]
    assert sorted([*pile.draw, *pile.discard, *mara.hand, *mara.bins["unarmed_strike"]]) == list(range(78))


# --- legality --------------------------------------------------------------------------------------


@pytest.mark.rule("CMB-HONK")
def test_a_foolish_fighter_has_no_end_turn_until_they_honk() -> None:
    bo = FighterSetup("bo", "Bo", (1, 1), traits=frozenset({Trait.FOOLISH}))
    state = fight(bo, prepared=Preparation(tops={"bo": SAFE}))
    assert EndTurn("bo") not in legal_actions(state)
    honk = PlayCard("bo", SAFE[0], "honk")
    assert honk in legal_actions(state)
    after, _ = apply(state, honk)
    assert EndTurn("bo") in legal_actions(after)


@pytest.mark.rule("CMB-TURN")
def test_apply_never_changes_the_state_it_is_given() -> None:
    state = fight(MARA, prepared=Preparation(tops={"mara": SAFE}))
    before = state_hash(state)
    for action in legal_actions(state):
        apply(state, action)
    assert state_hash(state) == before


@pytest.mark.rule("CMB-RUN-AWAY")
def test_legal_actions_follow_the_run() -> None:
    run = cards("7 of Cups", "9 of Swords", "8 of Wands", "6 of Pentacles", "Queen of Cups")
    state = fight(MARA, prepared=Preparation(tops={"mara": run}))
    state, _ = apply(state, PlayCard("mara", run[0], "run_away"))
    on_run = {a.card for a in legal_actions(state) if isinstance(a, PlayCard) and a.ability == "run_away"}
    assert on_run == {by_name("8 of Wands"), by_name("6 of Pentacles")}


# --- CARD-78: an action naming a card outside the deck ----------------------------------------


@pytest.mark.rule("CARD-78")
@pytest.mark.parametrize("card", [78, 99, -1, -78, 10**6])
def test_a_card_outside_the_78_is_refused_by_its_id(card: int) -> None:
    state = fight(MARA)
    while state.pending is not None or state.active_fighter is None:  # to Mara's turn with nothing to answer
        state, _ = apply(state, legal_actions(state)[0])
    assert any(isinstance(a, PlayCard) for a in legal_actions(state))
    ability = state.fighter("mara").abilities[0]
    with pytest.raises(IllegalAction, match=rf"^There is no card {card}\.$"):
        apply(state, PlayCard("mara", card, ability))
    assert refusal(state, PlayCard("mara", card, ability)) == f"There is no card {card}."
