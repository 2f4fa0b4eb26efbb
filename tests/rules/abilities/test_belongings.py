"""Items in a fight (ITM-*): what each of the book's items does once a fighter carries it into combat."""

from __future__ import annotations

import json

import pytest

from rt0table.rules.rt0.abilities.belongings import ITEM_ABILITIES, combat_check
from rt0table.rules.rt0.campaign.items import ITEMS
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge
from rt0table.rules.rt0.cards import CARDS, TOWER, by_name
from rt0table.rules.rt0.content.adversaries import BestiaryError, load_bestiary
from rt0table.rules.rt0.fight.actions import Activate, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.engine import (
    AdversarySetup,
    FighterSetup,
    Preparation,
    apply,
    legal_actions,
    new_combat,
    refusal,
)
from rt0table.rules.rt0.fight.events import (
    AttackWithstood,
    CardReturned,
    CardsStowed,
    CardsToHand,
    CardSwapped,
    DamageDealt,
    InjuryTaken,
    InjuryTreated,
    ItemExhausted,
    ItemUsed,
    ShieldGained,
    SkillCheckMade,
)
from rt0table.rules.rt0.fight.modifiers import SUITED
from rt0table.rules.rt0.fight.narration import narrate
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.traits import Skill
from tests.helpers.fight_builders import bestiary, give

ROBOT = [AdversarySetup("training_robot", (0, 0))]


def mara(*items: str, **more: object) -> FighterSetup:
    return FighterSetup("mara", "Mara", (0, 0), items=items, **more)  # type: ignore[arg-type]


def start(setup: FighterSetup, seed: int = 3, prepared: Preparation | None = None) -> CombatState:
    state, _ = new_combat(seed, 3, [setup], ROBOT, bestiary(), prepared=prepared)
    return state


def uses(state: CombatState, item_ability: str) -> list[Activate]:
    return [a for a in legal_actions(state) if isinstance(a, Activate) and a.ability == item_ability]


@pytest.mark.rule("ITM-LIST")
def test_every_item_brings_a_standing_rule_and_unknown_items_are_refused() -> None:
    assert set(ITEM_ABILITIES) == set(ITEMS)
    state = start(mara("Travel Pots", "Travel Pots", "Groucho Glasses"))
    fighter = state.fighter("mara")
    assert fighter.items == ["Travel Pots", "Travel Pots", "Groucho Glasses"]
    assert fighter.abilities[-2:] == ("item_travel_pots", "item_groucho_glasses"), "one rule per distinct item"
    with pytest.raises(ValueError, match="no item called 'Towel'"):
        start(mara("Towel"))
    with pytest.raises(ValueError, match="cannot wear an EVA Suit they do not carry"):
        start(mara(suited=True))


# --- Backpack ---------------------------------------------------------------------------------------------------


@pytest.mark.rule("ITM-BACKPACK")
def test_the_backpack_takes_the_top_card_before_the_first_draw() -> None:
    top = by_name("7 of Cups")
    state = start(mara("Backpack"), prepared=Preparation(tops={"mara": (top,)}))
    fighter = state.fighter("mara")
    assert fighter.stowed["Backpack"] == [top]
    assert top not in fighter.hand and top not in state.piles["mara"].draw


@pytest.mark.rule("ITM-BACKPACK")
def test_the_tower_is_shuffled_back_and_the_next_card_goes_on_the_backpack() -> None:
    second = by_name("Ace of Swords")
    prepared = Preparation(tops={"mara": (TOWER, second)})
    state, events = new_combat(3, 3, [mara("Backpack")], ROBOT, bestiary(), prepared=prepared)
    fighter = state.fighter("mara")
    assert fighter.stowed["Backpack"] == [second]
    assert TOWER in state.piles["mara"].draw or TOWER in fighter.hand, "The Tower went back into the deck"
    assert any(isinstance(e, CardReturned) and e.card == TOWER for e in events)
    assert any(isinstance(e, CardsStowed) and e.cards == (second,) for e in events)


@pytest.mark.rule("ITM-BACKPACK")
def test_on_your_turn_a_hand_card_swaps_with_the_backpacks() -> None:
    top = by_name("7 of Cups")
    state = start(mara("Backpack"), prepared=Preparation(tops={"mara": (top,)}))
    fighter = state.fighter("mara")
    offers = uses(state, "item_backpack")
    assert len(offers) == len(set(fighter.hand)), "one swap per card in hand"
    given = list(dict.fromkeys(fighter.hand))[1]
    state, events = apply(state, offers[1])
    fighter = state.fighter("mara")
    assert fighter.stowed["Backpack"] == [given]
    assert top in fighter.hand and given not in fighter.hand
    assert events == [CardSwapped("mara", "Backpack", given, top)]
    assert "swaps a card" in narrate(state, events[0]) and CARDS[top].name not in narrate(state, events[0])


@pytest.mark.rule("ITM-BACKPACK")
def test_the_backpack_swap_is_only_for_the_carrier_on_their_turn() -> None:
    jun = FighterSetup("jun", "Jun", (1, 1))
    state, _ = new_combat(3, 3, [jun, mara("Backpack")], ROBOT, bestiary())
    assert state.active_fighter is not None and state.active_fighter.id == "jun"
    assert refusal(state, Activate("mara", "item_backpack", 0)) == "It is Jun's turn, not Mara's."
    assert (
        refusal(state, Activate("jun", "item_backpack", 0))
        == "Jun has no ability called 'item_backpack' in this fight."
    )


# --- Cast Iron Pan ----------------------------------------------------------------------------------------------


def strike_amounts(items: tuple[str, ...]) -> list[int]:
    state = start(mara(*items))
    fighter = state.fighter("mara")
    cards = give(state, fighter, "10 of Swords")
    state, _ = apply(state, PlayCard("mara", cards[0], "unarmed_strike"))
    assert state.pending is not None
    return sorted({option.value[1] for option in state.pending.options})


@pytest.mark.rule("ITM-CAST-IRON-PAN")
def test_the_pan_adds_one_to_unarmed_strike_and_two_pans_do_not_stack() -> None:
    plain = strike_amounts(())
    assert strike_amounts(("Cast Iron Pan",)) == [n + 1 for n in plain]
    assert strike_amounts(("Cast Iron Pan", "Cast Iron Pan")) == [n + 1 for n in plain]


# --- EVA Suit ---------------------------------------------------------------------------------------------------


@pytest.mark.rule("ITM-EVA-SUIT")
def test_the_suit_gives_three_shield_as_each_of_the_wearers_turns_starts() -> None:
    state = start(mara("EVA Suit", suited=True))
    assert state.fighter("mara").shield == 3
    state, events = apply(state, EndTurn("mara"))
    fighter = state.fighter("mara")
    assert state.round == 2 and state.active_fighter is fighter
    assert fighter.shield == 3, "the round's Shield faded and the new turn brought 3 more"
    assert any(isinstance(e, ShieldGained) and e.who == "mara" and e.amount == 3 for e in events)
    assert start(mara("EVA Suit")).fighter("mara").shield == 0, "carried, not worn: nothing"


GASSY = json.dumps(
    {
        "adversaries": [
            {
                "id": "sprayer",
                "name": "Sprayer",
                "hp": 10,
                "intents": {
                    suit: [{"do": "damage", "amount": 5, "kind": kind}]
                    for suit, kind in (("Swords", "gas"), ("Wands", "liquid"), ("Cups", "gas"), ("Pentacles", "liquid"))
                }
                | {"Major": [{"do": "damage", "amount": 5}]},
            }
        ]
    }
)


@pytest.mark.rule("ITM-EVA-SUIT")
@pytest.mark.parametrize("suited", [True, False])
def test_gas_and_liquid_attacks_cannot_touch_a_fighter_in_the_suit(suited: bool) -> None:
    kinds = load_bestiary(GASSY, "gassy.json")
    gas = by_name("3 of Swords")
    setup = mara("EVA Suit", suited=suited)
    prepared = Preparation(intents={"sprayer-1": (gas, False)})
    state, _ = new_combat(3, 3, [setup], [AdversarySetup("sprayer", (0, 0))], kinds, prepared=prepared)
    state, events = apply(state, EndTurn("mara"))
    hits = [e for e in events if isinstance(e, DamageDealt) and e.target == "mara"]
    withstood = [e for e in events if isinstance(e, AttackWithstood)]
    if suited:
        assert not hits and withstood == [AttackWithstood("mara", "sprayer-1", 5, "gas", "EVA Suit")]
        assert "gas attack" in narrate(state, withstood[0])
    else:
        assert len(hits) == 1 and not withstood


@pytest.mark.rule("ITM-EVA-SUIT")
def test_the_suit_keeps_off_nothing_but_gas_and_liquid() -> None:
    kinds = load_bestiary(GASSY, "gassy.json")
    plain = by_name("The Star")  # a Major: plain damage in this bestiary
    prepared = Preparation(intents={"sprayer-1": (plain, False)})
    state, _ = new_combat(
        3, 3, [mara("EVA Suit", suited=True)], [AdversarySetup("sprayer", (0, 0))], kinds, prepared=prepared
    )
    state, events = apply(state, EndTurn("mara"))
    assert [e.amount for e in events if isinstance(e, DamageDealt) and e.target == "mara"] == [5]


@pytest.mark.rule("ITM-EVA-SUIT")
def test_an_attacks_kind_is_validated_at_load() -> None:
    bad = GASSY.replace('"liquid"', '"lava"', 1)
    with pytest.raises(BestiaryError, match=r"gassy.json: adversary #1 \(sprayer\): field 'intents.Wands\[0\].kind'"):
        load_bestiary(bad, "gassy.json")
    moving = GASSY.replace('"do": "damage", "amount": 5, "kind": "gas"', '"do": "move", "amount": 1, "kind": "gas"', 1)
    with pytest.raises(BestiaryError, match="only for a damage step"):
        load_bestiary(moving, "gassy.json")


@pytest.mark.rule("ITM-EVA-SUIT")
def test_the_suit_puts_penalty_on_every_check_but_finaid() -> None:
    for skill in Skill:
        state = start(mara("EVA Suit", suited=True))
        result = combat_check(state, state.fighter("mara"), skill, Difficulty.EASY, [])
        assert result.check.edge is (Edge.NONE if skill is Skill.FINAID else Edge.PENALTY), skill
    unsuited = start(mara("EVA Suit"))
    assert combat_check(unsuited, unsuited.fighter("mara"), Skill.GYM, Difficulty.EASY, []).check.edge is Edge.NONE


@pytest.mark.rule("ITM-EVA-SUIT")
def test_putting_the_suit_on_ends_the_turn_and_takes_a_medium_gym_check() -> None:
    seen = set()
    for seed in range(40):
        state = start(mara("EVA Suit"), seed=seed)
        [put_on] = uses(state, "item_eva_suit")
        state, events = apply(state, put_on)
        check = next(e for e in events if isinstance(e, SkillCheckMade))
        assert (check.skill, check.difficulty) == ("GYM", "Medium")
        worn = bool(state.fighter("mara").marks.get(SUITED))
        assert worn == (check.outcome in ("success", "critical_success"))
        assert state.round == 2 or state.active_fighter is None, "the turn is over"
        assert not uses(state, "item_eva_suit") or not worn
        seen.add(worn)
        if seen == {True, False}:
            break
    assert seen == {True, False}


# --- Headphones -------------------------------------------------------------------------------------------------


@pytest.mark.rule("ITM-HEADPHONES")
def test_the_headphones_cards_join_the_first_hand() -> None:
    kept = (by_name("King of Cups"), by_name("The Sun"))
    state, events = new_combat(3, 3, [mara("Headphones", headphones=kept)], ROBOT, bestiary())
    fighter = state.fighter("mara")
    assert set(kept) <= set(fighter.hand)
    assert "Headphones" not in fighter.stowed
    assert any(isinstance(e, CardsToHand) and e.cards == kept and e.origin == "Headphones" for e in events)
    with pytest.raises(ValueError, match="hold 3 cards, not 4"):
        start(mara("Headphones", headphones=(1, 2, 3, 4)))
    with pytest.raises(ValueError, match="do not carry"):
        start(mara(headphones=(1,)))


def finaid_success(items: tuple[str, ...]) -> CombatState:
    """A fight where Mara has just won a FINAID check through Movement / Skill."""
    for seed in range(60):
        state = start(mara(*items), seed=seed)
        fighter = state.fighter("mara")
        first, second = give(state, fighter, "2 of Cups", "3 of Cups")
        state, _ = apply(state, PlayCard("mara", first, "move_skill"))
        state, _ = apply(state, PlayCard("mara", second, "move_skill"))
        state, _ = apply(state, Choose(len(state.pending.options) - 1))  # make a skill check
        state, _ = apply(state, Choose([o.label for o in state.pending.options].index("FINAID")))
        state, events = apply(state, Choose([o.label for o in state.pending.options].index("Easy")))
        made = next(e for e in events if isinstance(e, SkillCheckMade))
        if made.outcome == "success":
            return state
    raise AssertionError("no seed won the check")


@pytest.mark.rule("ITM-HEADPHONES")
def test_a_won_finaid_check_may_be_failed_to_keep_its_card_face_down() -> None:
    state = finaid_success(("Headphones",))
    assert state.pending is not None and state.pending.kind == "headphones" and state.pending.private
    assert state.pending.options[0].label == "Keep the success"
    discard_before = list(state.piles["mara"].discard)
    state, events = apply(state, Choose(1))
    card = state.fighter("mara").stowed["Headphones"][0]
    assert card in discard_before and card not in state.piles["mara"].discard
    assert any(isinstance(e, CardsStowed) and e.origin == "check" for e in events)
    assert CARDS[card].name not in " ".join(narrate(state, e) for e in events), "face down: never named"
    assert finaid_success(()).pending is None, "no Headphones, no choice"


@pytest.mark.rule("ITM-HEADPHONES")
def test_keeping_the_success_leaves_the_card_in_the_discard() -> None:
    state = finaid_success(("Headphones",))
    state, _ = apply(state, Choose(0))
    assert "Headphones" not in state.fighter("mara").stowed


# --- Trash Can Lid ----------------------------------------------------------------------------------------------


@pytest.mark.rule("ITM-TRASH-CAN-LID")
def test_the_lid_gives_ten_shield_and_is_used_up() -> None:
    state = start(mara("Trash Can Lid"))
    [raise_lid] = uses(state, "item_trash_can_lid")
    state, events = apply(state, raise_lid)
    fighter = state.fighter("mara")
    assert fighter.shield == 10 and fighter.items == []
    assert ItemExhausted("mara", "Trash Can Lid") in events
    assert not uses(state, "item_trash_can_lid"), "gone once used"
    assert refusal(state, raise_lid) == "Trash Can Lid offers nothing to do at will now."


# --- Morning Start ----------------------------------------------------------------------------------------------


@pytest.mark.rule("ITM-MORNING-START")
def test_a_morning_start_draws_five_clears_groggy_and_brings_withdrawal() -> None:
    state = start(mara("Morning Start", injuries=("Groggy",)))
    hand = len(state.fighter("mara").hand)
    [drink] = uses(state, "item_morning_start")
    state, events = apply(state, drink)
    fighter = state.fighter("mara")
    assert len(fighter.hand) == hand + 5
    assert fighter.injuries == ["Morning Start Withdrawal"] and fighter.hp == 20
    assert InjuryTreated("mara", "Groggy", "") in events
    assert ItemExhausted("mara", "Morning Start") in events and fighter.items == []
    taken = next(e for e in events if isinstance(e, InjuryTaken))
    assert "from Morning Start" in narrate(state, taken)


@pytest.mark.rule("ITM-MORNING-START")
def test_a_second_morning_start_the_same_day_brings_heart_palpitations() -> None:
    state = start(mara("Morning Start", injuries=("Morning Start Withdrawal",), morning_start=True))
    state, events = apply(state, uses(state, "item_morning_start")[0])
    assert state.fighter("mara").injuries == ["Morning Start Withdrawal", "Heart Palpitations"]
    first = start(mara("Morning Start", injuries=("Morning Start Withdrawal",)))
    while first.pending is not None:  # Withdrawal without a can today: a card from the hand first
        first, _ = apply(first, Choose(0))
    first, _ = apply(first, uses(first, "item_morning_start")[0])
    assert first.fighter("mara").injuries == ["Morning Start Withdrawal"], "the Day's first can: no more"
    assert any(isinstance(e, ItemUsed) for e in events)
