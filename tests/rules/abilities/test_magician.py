"""The Magician: every Arcana Ability with its Corruption Upgrade, and the engine pieces they stand on."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rt0table.rules.rt0.abilities import ABILITIES, MAGICIAN_ABILITIES
from rt0table.rules.rt0.abilities.magician import MonteGuess, SpellTarget, spell_bin, usable_spells
from rt0table.rules.rt0.campaign.day import POWERS, DayClock, use, use_refusal
from rt0table.rules.rt0.cards import CARDS, MAGICIAN, TOWER, CardId, by_name
from rt0table.rules.rt0.fight.actions import Activate, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.decisions import context_of, target_of
from rt0table.rules.rt0.fight.effects import cast_spell
from rt0table.rules.rt0.fight.engine import (
    AdversarySetup,
    FighterSetup,
    Preparation,
    apply,
    legal_actions,
    new_combat,
)
from rt0table.rules.rt0.fight.events import (
    AbilityAdded,
    CardDeclared,
    CardsDiscarded,
    CatastropheStruck,
    CorruptionTaken,
    DamageAvoided,
    DamageDealt,
    EffectWasted,
    Event,
    FateChosen,
    Moved,
    ShieldGained,
    SpellBorrowed,
    TrickCardShown,
    TrickGuessed,
    TurnEnded,
)
from rt0table.rules.rt0.fight.identity import face
from rt0table.rules.rt0.fight.intents import preview_intent
from rt0table.rules.rt0.fight.state import GM, CombatState
from rt0table.rules.rt0.traits import Arcana, Spell, Trait
from rt0table.rules.seam import IllegalAction
from tests.helpers.fight_builders import choose, give, stack
from tests.helpers.random_play import BESTIARY, SOAK, Fight, Policy, play

ROBOT_HERE = [AdversarySetup("training_robot", (1, 1))]
MO_TRAITS = frozenset({Trait.STRONG, Trait.SLOW, Trait.CLEVER})
SWORDS_INTENT = {"training_robot-1": (by_name("2 of Swords"), False)}  # move 1 (already beside Mo), 6 damage
CALM_INTENT = {"training_robot-1": (by_name("2 of Cups"), False)}  # 5 Shield, no damage


def mo(*abilities: str, upgrades: tuple[str, ...] = (), spells: tuple[Spell, ...] = ()) -> FighterSetup:
    return FighterSetup("mo", "Mo", (1, 1), MO_TRAITS, Arcana.MAGICIAN, abilities=abilities,
                        upgrades=frozenset(upgrades), spells=spells)  # fmt: skip


def start(
    *abilities: str,
    upgrades: tuple[str, ...] = (),
    foes: list[AdversarySetup] = ROBOT_HERE,
    intents: dict[str, tuple[CardId, bool]] | None = None,
    others: tuple[FighterSetup, ...] = (),
    prepared: Preparation | None = None,
) -> CombatState:
    prepared = prepared or Preparation(intents=CALM_INTENT if intents is None else intents)
    state, _ = new_combat(3, 3, [mo(*abilities, upgrades=upgrades), *others], foes, BESTIARY, prepared=prepared)
    return state


def play_card(state: CombatState, name: str, ability: str) -> tuple[CombatState, list[Event]]:
    fighter = state.fighter("mo")
    if by_name(name) not in fighter.hand:
        give(state, fighter, name)
    return apply(state, PlayCard("mo", by_name(name), ability))


def plays(state: CombatState, ability: str) -> set[CardId]:
    return {a.card for a in legal_actions(state) if isinstance(a, PlayCard) and a.ability == ability}


def names(cards: list[CardId] | tuple[CardId, ...]) -> list[str]:
    return [CARDS[c].name for c in cards]


def next_turn(state: CombatState) -> CombatState:
    """End Mo's turn and let the adversaries act; stops at Mo's next turn or at a decision on the way."""
    state, _ = apply(state, EndTurn("mo"))
    return state


def test_the_magician_has_six_arcana_abilities_each_with_its_upgrade() -> None:
    assert len(MAGICIAN_ABILITIES) == 6
    upgrades = {ABILITIES[a].name: ABILITIES[a].upgrade for a in MAGICIAN_ABILITIES}
    assert upgrades == {
        "Rabbit Out of a Hat": "Saw in Half",
        "Spellbook": "And For My Next Trick",
        "Check Behind Your Ears": "Miser's Dream",
        "Magic Wand": "Cups and Balls",
        "Three Card Monte": "Is This Your Card",
        "Disappearing Act": "Smoke and Mirrors",
    }
    assert all(ABILITIES[a].arcana is Arcana.MAGICIAN and ABILITIES[a].summary for a in MAGICIAN_ABILITIES)


# --- MAG-RABBIT / MAG-SAW-IN-HALF ----------------------------------------------------------------------


@pytest.mark.rule("MAG-RABBIT", "CARD-SUIT-MAJOR")
def test_rabbit_takes_one_card_of_each_suit_major_included() -> None:
    state = start("rabbit_out_of_a_hat")
    rabbit = ABILITIES["rabbit_out_of_a_hat"]
    state, _ = play_card(state, "7 of Cups", "rabbit_out_of_a_hat")
    with pytest.raises(IllegalAction, match="already holds a card of every suit 9 of Cups counts as"):
        play_card(state, "9 of Cups", "rabbit_out_of_a_hat")
    state, _ = play_card(state, "The Star", "rabbit_out_of_a_hat")
    with pytest.raises(IllegalAction, match="every suit The Hermit counts as"):
        play_card(state, "The Hermit", "rabbit_out_of_a_hat")
    mo_ = state.fighter("mo")
    done = rabbit.progress(state, mo_, mo_.bins["rabbit_out_of_a_hat"])
    assert (done.have, done.need) == (2, 5) and done.next_hint == "Wands, Swords, Pentacles"
    assert str(done) == "2 of 5 cards — next: Wands, Swords, Pentacles"
    state, _ = play_card(state, "Ace of Wands", "rabbit_out_of_a_hat")
    state, _ = play_card(state, "King of Swords", "rabbit_out_of_a_hat")
    assert len(state.fighter("mo").bins["rabbit_out_of_a_hat"]) == 4, "nothing fires before the fifth suit"


@pytest.mark.rule("MAG-RABBIT")
def test_rabbit_closes_unarmed_strike_and_defend_while_it_holds_cards() -> None:
    state = start("rabbit_out_of_a_hat")
    swords, cups = give(state, state.fighter("mo"), "5 of Swords", "5 of Cups")
    assert swords in plays(state, "unarmed_strike") and cups in plays(state, "defend")
    state, _ = play_card(state, "2 of Pentacles", "rabbit_out_of_a_hat")
    assert swords not in plays(state, "unarmed_strike") and cups not in plays(state, "defend")
    assert swords in plays(state, "move_skill"), "only Unarmed Strike and Defend close"
    with pytest.raises(IllegalAction, match="Unarmed Strike does not take 5 of Swords now"):
        apply(state, PlayCard("mo", swords, "unarmed_strike"))
    with pytest.raises(IllegalAction):
        apply(state, PlayCard("mo", cups, "defend"))


@pytest.mark.rule("MAG-RABBIT")
def test_rabbit_cards_stay_between_turns_and_keep_the_bins_closed() -> None:
    state = start("rabbit_out_of_a_hat")
    state, _ = play_card(state, "2 of Pentacles", "rabbit_out_of_a_hat")
    state, _ = play_card(state, "The Star", "rabbit_out_of_a_hat")
    state = next_turn(state)
    assert state.round == 2 and state.active_fighter is not None
    assert names(state.fighter("mo").bins["rabbit_out_of_a_hat"]) == ["2 of Pentacles", "The Star"]
    (sword,) = give(state, state.fighter("mo"), "9 of Swords")
    assert sword not in plays(state, "unarmed_strike")


@pytest.mark.rule("MAG-RABBIT", "CARD-SUIT-MAJOR")
def test_a_full_rabbit_discards_the_minors_and_hands_back_the_major_as_the_magician_for_the_turn() -> None:
    state = start("rabbit_out_of_a_hat")
    for name in ("2 of Pentacles", "3 of Wands", "4 of Swords", "5 of Cups"):
        state, _ = play_card(state, name, "rabbit_out_of_a_hat")
    star = by_name("The Star")
    state, events = play_card(state, "The Star", "rabbit_out_of_a_hat")
    mo_ = state.fighter("mo")
    assert mo_.bins["rabbit_out_of_a_hat"] == []
    assert {"2 of Pentacles", "3 of Wands", "4 of Swords", "5 of Cups"} <= set(names(state.piles["mo"].discard))
    assert star in mo_.hand and face(mo_, star).id == MAGICIAN
    assert CardDeclared("mo", star, MAGICIAN) in events
    sword = give(state, mo_, "9 of Swords")[0]
    assert sword in plays(state, "unarmed_strike"), "an empty Rabbit no longer closes anything"
    # It counts as The Magician only for the rest of this turn, even on a bin that keeps its cards.
    state, _ = apply(state, PlayCard("mo", star, "concentrate"))
    state = next_turn(state)
    mo_ = state.fighter("mo")
    assert star in mo_.bins["concentrate"] and face(mo_, star).id == star and not mo_.counts_as
    assert not any(key.startswith("rabbit_magician") for key in mo_.marks)


@pytest.mark.rule("MAG-RABBIT", "MAG-MAGIC-WAND", "CARD-SUIT-MAJOR")
def test_a_card_with_two_suits_fills_whichever_slot_is_free() -> None:
    state = start("rabbit_out_of_a_hat", "magic_wand")
    state, _ = play_card(state, "6 of Wands", "magic_wand")  # every card is a Wand too now
    state, _ = play_card(state, "Death", "rabbit_out_of_a_hat")  # Major (and Wands)
    state, _ = play_card(state, "The Star", "rabbit_out_of_a_hat")  # Major: Death now stands for Wands
    with pytest.raises(IllegalAction, match="every suit Ace of Wands counts as"):
        play_card(state, "Ace of Wands", "rabbit_out_of_a_hat")
    for name in ("2 of Cups", "3 of Swords"):
        state, _ = play_card(state, name, "rabbit_out_of_a_hat")
    state, _ = play_card(state, "4 of Pentacles", "rabbit_out_of_a_hat")
    mo_ = state.fighter("mo")
    assert {by_name("Death"), by_name("The Star")} <= set(mo_.hand), "every Major comes back (ruling MAG-RABBIT)"
    assert face(mo_, by_name("Death")).id == MAGICIAN and face(mo_, by_name("The Star")).id == MAGICIAN


@pytest.mark.rule("MAG-SAW-IN-HALF")
def test_saw_in_half_costs_one_corruption_and_reopens_strike_and_defend() -> None:
    plain = start("rabbit_out_of_a_hat")
    assert not ABILITIES["rabbit_out_of_a_hat"].activations(plain, plain.fighter("mo"))
    state = start(upgrades=("rabbit_out_of_a_hat",))
    state, _ = play_card(state, "2 of Pentacles", "rabbit_out_of_a_hat")
    swords, cups = give(state, state.fighter("mo"), "5 of Swords", "5 of Cups")
    saw = Activate("mo", "rabbit_out_of_a_hat")
    assert saw in legal_actions(state)
    state, events = apply(state, saw)
    assert state.fighter("mo").corruption_gained == 1
    assert CorruptionTaken("mo", 1, "Saw in Half") in events
    assert swords in plays(state, "unarmed_strike") and cups in plays(state, "defend")
    assert saw not in legal_actions(state), "paid once, it lasts the fight"
    state = next_turn(state)
    (sword,) = give(state, state.fighter("mo"), "9 of Swords")
    assert state.fighter("mo").bins["rabbit_out_of_a_hat"] and sword in plays(state, "unarmed_strike")


# --- MAG-SPELLBOOK / MAG-NEXT-TRICK -----------------------------------------------------------------------


@pytest.mark.rule("MAG-SPELLBOOK", "CHR-SPELL", "CHR-SPELL-REQ")
def test_spellbook_takes_a_page_and_offers_the_spells_nobody_knows() -> None:
    friend = FighterSetup("ada", "Ada", (0, 0), frozenset({Trait.FAST, Trait.WEAK, Trait.CHARMING}),
                          Arcana.FOOL, spells=(Spell.LEO,))  # fmt: skip
    state, _ = new_combat(3, 3, [mo("spellbook", spells=(Spell.ARIES, Spell.TAURUS)), friend], ROBOT_HERE,
                          BESTIARY, prepared=Preparation(intents=CALM_INTENT))  # fmt: skip
    while state.active_fighter is not None and state.active_fighter.id != "mo":
        state, _ = apply(state, EndTurn(state.active_fighter.id))
    with pytest.raises(IllegalAction, match="Spellbook takes a Page; Knight of Cups is not one"):
        play_card(state, "Knight of Cups", "spellbook")
    page = by_name("Page of Swords")
    state, events = play_card(state, "Page of Swords", "spellbook")
    assert page in state.piles["mo"].discard and not state.fighter("mo").bins.get("spellbook")
    pending = state.pending
    assert pending is not None and pending.kind == "spellbook" and pending.actor == "mo"
    offered = [target_of(o, SpellTarget).spell.value for o in pending.options]
    assert "Aries" not in offered and "Taurus" not in offered, "Mo knows them"
    assert "Leo" not in offered, "Ada knows it"
    assert not {"Aquarius", "Virgo", "Ophiuchus"} & set(offered), "Mo is neither Charming nor Lucky"
    assert len(offered) == 13 - 3 - 3
    state, events = choose(state, "Learn Cancer")
    assert SpellBorrowed("mo", "Cancer") in events
    assert usable_spells(state.fighter("mo")) == (Spell.ARIES, Spell.TAURUS, Spell.CANCER)
    state, _ = play_card(state, "Page of Cups", "spellbook")
    assert state.pending is not None and Spell.CANCER not in [
        target_of(o, SpellTarget).spell for o in state.pending.options
    ]


@pytest.mark.rule("MAG-SPELLBOOK")
def test_spellbook_with_every_spell_taken_does_nothing() -> None:
    everything = tuple(s for s in Spell if s not in (Spell.AQUARIUS, Spell.VIRGO, Spell.OPHIUCHUS))
    state, _ = new_combat(3, 3, [mo("spellbook", spells=everything)], ROBOT_HERE, BESTIARY,
                          prepared=Preparation(intents=CALM_INTENT))  # fmt: skip
    state, events = play_card(state, "Page of Wands", "spellbook")
    assert state.pending is None
    assert any(isinstance(e, EffectWasted) and e.effect == "Spellbook" for e in events)


@pytest.mark.rule("MAG-SPELLBOOK", "SPL-MAGICIAN")
def test_a_found_spell_is_cast_like_a_learned_one() -> None:
    state = start("spellbook")
    assert "spell_aries" not in state.fighter("mo").abilities
    state, _ = play_card(state, "Page of Wands", "spellbook")
    state, events = choose(state, "Learn Aries")
    assert spell_bin(Spell.ARIES) == "spell_aries" and "spell_aries" in state.fighter("mo").abilities
    assert AbilityAdded("mo", "spell_aries") in events
    state, events = play_card(state, "The Magician", "spell_aries")
    assert state.fighter("mo").marks["cast:Aries"] == 1
    state, events = play_card(state, "9 of Cups", "defend")
    state, events = play_card(state, "Ace of Cups", "defend")
    assert [e.amount for e in events if isinstance(e, ShieldGained)] == [3 * 3], "Slow 3 Shield, Dodge x3 (Clever)"


@pytest.mark.rule("MAG-NEXT-TRICK")
def test_next_trick_draws_five_on_the_first_cast_of_each_spell() -> None:
    state = start(upgrades=("spellbook",))
    mo_ = state.fighter("mo")
    mo_.abilities = (*mo_.abilities, "spell_aries", "spell_taurus")  # as if found in the Spellbook
    events: list[Event] = []
    cast_spell(state, mo_, Spell.LEO, events)  # cast before the upgrade is paid: it still counts as cast
    assert len(mo_.hand) == 5 and mo_.marks["cast:Leo"] == 1
    trick = Activate("mo", "spellbook")
    assert trick in legal_actions(state)
    state, events = apply(state, trick)
    assert CorruptionTaken("mo", 1, "And For My Next Trick") in events
    assert trick not in legal_actions(state)
    magician, fool = give(state, state.fighter("mo"), "The Magician", "The Fool")
    before = len(state.fighter("mo").hand)
    state, events = apply(state, PlayCard("mo", magician, "spell_aries"))  # Dodge is cast for the first time
    assert state.fighter("mo").marks["cast:Aries"] == 1 and len(state.fighter("mo").hand) == before - 1 + 5
    state, _ = apply(state, Activate("mo", "spell_aries"))  # take The Magician off, then cast Dodge again
    give(state, state.fighter("mo"), "The Magician")
    before = len(state.fighter("mo").hand)
    state, _ = apply(state, PlayCard("mo", magician, "spell_aries"))
    assert state.fighter("mo").marks["cast:Aries"] == 2 and len(state.fighter("mo").hand) == before - 1, "not new"
    before = len(state.fighter("mo").hand)
    state, _ = apply(state, PlayCard("mo", fool, "spell_taurus"))  # the Magician's Fool casts Rage: a new spell
    assert state.fighter("mo").marks["cast:Taurus"] == 1 and len(state.fighter("mo").hand) == before - 1 + 5
    events = []
    cast_spell(state, state.fighter("mo"), Spell.LEO, events)
    assert len(state.fighter("mo").hand) == before - 1 + 5, "Leo was cast before the trick was paid for"


@pytest.mark.rule("MAG-NEXT-TRICK")
def test_without_the_upgrade_a_first_cast_draws_nothing() -> None:
    state = start("spellbook")
    assert not ABILITIES["spellbook"].activations(state, state.fighter("mo"))
    events: list[Event] = []
    cast_spell(state, state.fighter("mo"), Spell.LEO, events)
    assert len(state.fighter("mo").hand) == 5


# --- MAG-MAGIC-WAND / MAG-CUPS-AND-BALLS --------------------------------------------------------------


@pytest.mark.rule("MAG-MAGIC-WAND")
def test_magic_wand_makes_every_card_a_wand_too_majors_included() -> None:
    state = start("magic_wand")
    cup, death = give(state, state.fighter("mo"), "4 of Cups", "Death")
    assert cup not in plays(state, "unarmed_strike") and death not in plays(state, "unarmed_strike")
    with pytest.raises(IllegalAction, match="Magic Wand takes a Wand; 4 of Cups is not one"):
        apply(state, PlayCard("mo", cup, "magic_wand"))
    state, _ = play_card(state, "2 of Wands", "magic_wand")
    assert cup in plays(state, "unarmed_strike") and cup in plays(state, "defend"), "a Cup as well as a Wand"
    with pytest.raises(IllegalAction, match="already holds one of the Wands"):
        play_card(state, "3 of Wands", "magic_wand")
    state, _ = apply(state, PlayCard("mo", death, "unarmed_strike"))  # Death: a 13 of Wands
    assert state.pending is not None and state.pending.kind == "strike", "13 is past 10: Unarmed Strike fires"
    assert by_name("Death") in state.piles["mo"].discard


@pytest.mark.rule("MAG-MAGIC-WAND")
def test_the_wand_stays_until_discarded_at_will() -> None:
    state = start("magic_wand")
    state, _ = play_card(state, "2 of Wands", "magic_wand")
    state = next_turn(state)
    assert names(state.fighter("mo").bins["magic_wand"]) == ["2 of Wands"]
    (cup,) = give(state, state.fighter("mo"), "4 of Cups")
    assert cup in plays(state, "unarmed_strike")
    assert ABILITIES["magic_wand"].activations(state, state.fighter("mo")) == ["Discard 2 of Wands from Magic Wand"]
    state, _ = apply(state, Activate("mo", "magic_wand", 0))
    assert not state.fighter("mo").bins["magic_wand"] and by_name("2 of Wands") in state.piles["mo"].discard
    assert cup not in plays(state, "unarmed_strike")


@pytest.mark.rule("MAG-CUPS-AND-BALLS")
def test_cups_and_balls_takes_a_cup_too_and_every_card_counts_as_a_cup() -> None:
    state = start(upgrades=("magic_wand",))
    sword, death = give(state, state.fighter("mo"), "4 of Swords", "Death")
    assert sword not in plays(state, "defend")
    state, _ = play_card(state, "5 of Cups", "magic_wand")
    assert sword in plays(state, "defend") and death in plays(state, "defend"), "Death counts as a 13 of Cups"
    state, _ = play_card(state, "2 of Wands", "magic_wand")
    assert names(state.fighter("mo").bins["magic_wand"]) == ["5 of Cups", "2 of Wands"]
    with pytest.raises(IllegalAction, match="already holds one of the Cups"):
        play_card(state, "6 of Cups", "magic_wand")
    labels = ABILITIES["magic_wand"].activations(state, state.fighter("mo"))
    assert labels == ["Discard 5 of Cups from Magic Wand", "Discard 2 of Wands from Magic Wand"]
    state, _ = apply(state, Activate("mo", "magic_wand", 0))
    assert sword not in plays(state, "defend") and sword in plays(state, "unarmed_strike")


# --- MAG-THREE-CARD-MONTE / MAG-IS-THIS-YOUR-CARD ---------------------------------------------------------


def monte(state: CombatState, top: tuple[str, str, str], show: str) -> CombatState:
    """Play a 3 on Three Card Monte with these cards on top; the GM shows ``show``."""
    stack(state, state.fighter("mo"), *top)
    state, _ = play_card(state, "3 of Cups", "three_card_monte")
    pending = state.pending
    assert pending is not None and pending.kind == "monte-show" and pending.actor == GM and pending.private
    assert [o.label for o in pending.options] == [f"Show {name}" for name in top]
    state, events = choose(state, f"Show {show}")
    assert TrickCardShown("mo", by_name(show)) in events
    return state


def guess(state: CombatState, right: bool, pick: str = "") -> tuple[CombatState, list[Event]]:
    pending = state.pending
    assert pending is not None and pending.kind == "monte-guess" and pending.actor == "mo" and pending.private
    assert [o.label for o in pending.options] == ["The left card", "The middle card", "The right card"]
    monte = context_of(pending, MonteGuess)
    mixed, shown = monte.mixed, monte.shown
    wanted = [by_name(pick)] if pick else [c for c in mixed if (c == shown) == right]
    return apply(state, Choose(mixed.index(wanted[0])))


@pytest.mark.rule("MAG-THREE-CARD-MONTE", "CARD-VALUE")
def test_three_card_monte_takes_any_three() -> None:
    state = start("three_card_monte")
    with pytest.raises(IllegalAction, match="Three Card Monte takes a 3; 4 of Cups counts 4"):
        play_card(state, "4 of Cups", "three_card_monte")
    empress, three = give(state, state.fighter("mo"), "The Empress", "3 of Swords")
    assert {empress, three} <= plays(state, "three_card_monte")


@pytest.mark.rule("MAG-THREE-CARD-MONTE")
def test_finding_the_card_keeps_all_three_deals_three_and_gives_three_shield() -> None:
    state = start("three_card_monte")
    state = monte(state, ("The Star", "9 of Cups", "2 of Swords"), "9 of Cups")
    hand = len(state.fighter("mo").hand)
    state, events = guess(state, right=True)
    mo_ = state.fighter("mo")
    assert TrickGuessed("mo", by_name("9 of Cups"), True) in events
    assert {"The Star", "9 of Cups", "2 of Swords"} <= set(names(mo_.hand)) and len(mo_.hand) == hand + 3
    assert [e.amount for e in events if isinstance(e, ShieldGained)] == [3] and mo_.shield == 3
    assert [(e.target, e.amount, e.ranged) for e in events if isinstance(e, DamageDealt)] == [
        ("training_robot-1", 3, False)
    ], "melee damage; with one target in reach it lands at once"
    assert by_name("3 of Cups") in state.piles["mo"].discard and not state.fighter("mo").bins["three_card_monte"]


@pytest.mark.rule("MAG-THREE-CARD-MONTE")
def test_a_miss_puts_the_pick_on_top_and_shuffles_the_other_two_in() -> None:
    state = start("three_card_monte")
    state = monte(state, ("The Star", "9 of Cups", "2 of Swords"), "9 of Cups")
    hand = list(state.fighter("mo").hand)
    state, events = guess(state, right=False, pick="The Star")
    pile = state.piles["mo"]
    assert TrickGuessed("mo", by_name("The Star"), False) in events
    assert pile.draw[-1] == by_name("The Star"), "the pick goes back on top"
    assert {by_name("9 of Cups"), by_name("2 of Swords")} <= set(pile.draw[:-1])
    assert state.fighter("mo").hand == hand and state.fighter("mo").shield == 0
    assert not any(isinstance(e, DamageDealt) for e in events) and state.pending is None
    assert by_name("3 of Cups") in pile.discard


@pytest.mark.rule("MAG-THREE-CARD-MONTE", "CMB-CATASTROPHE")
def test_the_tower_shown_is_catastrophe_once_the_trick_is_over() -> None:
    state = start("three_card_monte", "magic_wand")
    state, _ = play_card(state, "2 of Wands", "magic_wand")
    state = monte(state, ("The Tower", "9 of Cups", "2 of Swords"), "The Tower")
    state, events = guess(state, right=False, pick="9 of Cups")
    assert sum(isinstance(e, CatastropheStruck) for e in events) == 1
    assert any(isinstance(e, TurnEnded) for e in events), "Catastrophe ends the turn"
    assert TOWER in state.piles["mo"].draw, "The Tower went back into the deck"
    assert not state.fighter("mo").bins.get("magic_wand"), "every bin is cleared"


@pytest.mark.rule("MAG-THREE-CARD-MONTE", "CMB-CATASTROPHE")
def test_the_tower_found_strikes_once_from_the_hand_after_the_damage_and_shield() -> None:
    state = start("three_card_monte")
    state = monte(state, ("The Tower", "9 of Cups", "2 of Swords"), "The Tower")
    state, events = guess(state, right=True)
    this_turn = events[: next(i for i, e in enumerate(events) if isinstance(e, TurnEnded))]
    assert sum(isinstance(e, CatastropheStruck) for e in this_turn) == 1
    assert any(isinstance(e, ShieldGained) and e.who == "mo" and e.amount == 3 for e in this_turn), (
        "the trick finishes (ruling CMB-CATASTROPHE)"
    )
    assert any(isinstance(e, DamageDealt) and e.source == "mo" and e.amount == 3 for e in this_turn)


@pytest.mark.rule("MAG-IS-THIS-YOUR-CARD")
def test_is_this_your_card_keeps_only_the_found_card_as_the_magician() -> None:
    state = start(upgrades=("three_card_monte",))
    state = monte(state, ("The Star", "9 of Cups", "2 of Swords"), "9 of Cups")
    hand = len(state.fighter("mo").hand)
    state, events = guess(state, right=True)
    mo_ = state.fighter("mo")
    nine = by_name("9 of Cups")
    assert nine in mo_.hand and len(mo_.hand) == hand + 1
    assert face(mo_, nine).id == MAGICIAN and CardDeclared("mo", nine, MAGICIAN) in events
    assert {by_name("The Star"), by_name("2 of Swords")} <= set(state.piles["mo"].draw)
    assert mo_.shield == 0 and state.pending is None and not any(isinstance(e, DamageDealt) for e in events)
    assert nine in plays(state, "concentrate"), "it is a Major now"
    state, events = apply(state, EndTurn("mo"))
    assert any(isinstance(e, CardsDiscarded) and nine in e.cards for e in events)
    assert nine not in state.fighter("mo").counts_as, "a discarded card is itself again"


@pytest.mark.rule("MAG-IS-THIS-YOUR-CARD", "CMB-CATASTROPHE")
def test_is_this_your_card_finding_the_tower_is_catastrophe_not_a_magician() -> None:
    state = start(upgrades=("three_card_monte",))
    state = monte(state, ("The Tower", "9 of Cups", "2 of Swords"), "The Tower")
    state, events = guess(state, right=True)
    this_turn = events[: next(i for i, e in enumerate(events) if isinstance(e, TurnEnded))]
    assert sum(isinstance(e, CatastropheStruck) for e in this_turn) == 1
    assert not any(isinstance(e, CardDeclared) for e in this_turn) and TOWER not in state.fighter("mo").counts_as
    assert state.fighter("mo").corruption_gained == 0, "a hit costs nothing"


@pytest.mark.rule("MAG-IS-THIS-YOUR-CARD")
def test_is_this_your_card_a_miss_with_the_tower_among_them_costs_one_corruption() -> None:
    state = start(upgrades=("three_card_monte",))
    state = monte(state, ("The Tower", "9 of Cups", "2 of Swords"), "9 of Cups")
    state, events = guess(state, right=False, pick="The Tower")
    assert state.fighter("mo").corruption_gained == 1
    assert not any(isinstance(e, CatastropheStruck) for e in events), "The Tower was not shown"
    assert state.piles["mo"].draw[-1] == TOWER

    state = start(upgrades=("three_card_monte",))
    state = monte(state, ("The Star", "9 of Cups", "2 of Swords"), "9 of Cups")
    state, _ = guess(state, right=False, pick="The Star")
    assert state.fighter("mo").corruption_gained == 0

    state = start("three_card_monte")
    state = monte(state, ("The Tower", "9 of Cups", "2 of Swords"), "9 of Cups")
    state, _ = guess(state, right=False, pick="The Tower")
    assert state.fighter("mo").corruption_gained == 0, "only the upgrade costs Corruption"


@pytest.mark.rule("MAG-THREE-CARD-MONTE", "DECK-RESHUFFLE")
def test_a_short_deck_plays_the_trick_with_what_there_is() -> None:
    state = start("three_card_monte")
    pile = state.piles["mo"]
    pile.discard.extend(pile.draw[:-2])
    del pile.draw[:-2]
    pile.discard.clear()  # only two cards left anywhere to draw from
    top = pile.top(2)
    state, _ = play_card(state, "3 of Cups", "three_card_monte")
    assert state.pending is not None and len(state.pending.options) == 2
    state, _ = choose(state, f"Show {CARDS[top[0]].name}")
    assert state.pending is not None and [o.label for o in state.pending.options] == ["Card 1", "Card 2"]


# --- MAG-DISAPPEARING-ACT / MAG-SMOKE-AND-MIRRORS --------------------------------------------------------


@pytest.mark.rule("MAG-DISAPPEARING-ACT")
def test_disappearing_act_takes_the_moon_or_the_devil_and_keeps_them() -> None:
    state = start("disappearing_act")
    with pytest.raises(IllegalAction, match="takes The Moon or The Devil; The Star is neither"):
        play_card(state, "The Star", "disappearing_act")
    state, _ = play_card(state, "The Moon", "disappearing_act")
    state, _ = play_card(state, "The Devil", "disappearing_act")
    assert state.pending is None
    state = next_turn(state)
    assert names(state.fighter("mo").bins["disappearing_act"]) == ["The Moon", "The Devil"]


@pytest.mark.rule("MAG-DISAPPEARING-ACT")
def test_the_next_hit_misses_discards_a_card_and_moves_mo_anywhere() -> None:
    state = start("disappearing_act", intents=SWORDS_INTENT)
    state, _ = play_card(state, "The Moon", "disappearing_act")
    state, events = apply(state, EndTurn("mo"))
    assert DamageAvoided("mo", "training_robot-1", 6) in events
    mo_ = state.fighter("mo")
    assert mo_.hp == 20 and not mo_.bins["disappearing_act"] and by_name("The Moon") in state.piles["mo"].discard
    pending = state.pending
    assert pending is not None and pending.kind == "disappear" and pending.actor == "mo"
    assert len(pending.options) == 9 and pending.options[0].label == "Stay in B2"
    state, events = choose(state, "Reappear in A1")
    assert Moved("mo", (1, 1), (0, 0)) in events and state.fighter("mo").zone == (0, 0)


@pytest.mark.rule("MAG-DISAPPEARING-ACT", "CMB-ZERO-HP")
def test_each_card_stops_one_hit_and_the_attack_goes_on_after_the_move() -> None:
    surgeon = [AdversarySetup("mr_surgeon", (1, 1))]
    cuts = {"mr_surgeon-1": (by_name("5 of Wands"), False)}  # move 1, 3 damage, 3 damage
    state = start("disappearing_act", foes=surgeon, intents=cuts)
    state, _ = play_card(state, "The Moon", "disappearing_act")
    state, _ = play_card(state, "The Devil", "disappearing_act")
    state, events = apply(state, EndTurn("mo"))
    assert [e.amount for e in events if isinstance(e, DamageAvoided)] == [3]
    state, events = choose(state, "Stay in B2")  # the second cut finds Mo where he stood
    assert [e.amount for e in events if isinstance(e, DamageAvoided)] == [3]
    assert not state.fighter("mo").bins["disappearing_act"] and state.fighter("mo").hp == 20
    state, events = choose(state, "Reappear in C3")
    assert state.fighter("mo").zone == (2, 2) and state.round == 2

    state = start("disappearing_act", foes=surgeon, intents=cuts)
    state, _ = play_card(state, "The Moon", "disappearing_act")
    state, _ = apply(state, EndTurn("mo"))
    state, events = choose(state, "Reappear in A1")  # out of reach: the second cut finds nobody
    assert state.fighter("mo").hp == 20 and not any(isinstance(e, DamageDealt) for e in events)


@pytest.mark.rule("MAG-DISAPPEARING-ACT", "ADV-INTENT")
def test_the_intent_preview_shows_the_hit_missing() -> None:
    state = start("disappearing_act", intents=SWORDS_INTENT)
    state, _ = play_card(state, "The Moon", "disappearing_act")
    preview = preview_intent(state, state.adversary("training_robot-1"))
    assert preview is not None and not preview.hits
    assert preview.text == "move 1, 6 damage: Mo avoids its 6 damage"
    assert names(state.fighter("mo").bins["disappearing_act"]) == ["The Moon"], "a preview changes nothing"


@pytest.mark.rule("MAG-DISAPPEARING-ACT")
def test_with_an_empty_act_damage_lands_as_usual() -> None:
    state = start("disappearing_act", intents=SWORDS_INTENT)
    state, events = apply(state, EndTurn("mo"))
    assert state.fighter("mo").hp == 14 and not any(isinstance(e, DamageAvoided) for e in events)


@pytest.mark.rule("MAG-SMOKE-AND-MIRRORS")
def test_smoke_and_mirrors_turns_the_hit_on_the_attacker() -> None:
    plain = start("disappearing_act")
    assert not ABILITIES["disappearing_act"].activations(plain, plain.fighter("mo"))
    state = start(upgrades=("disappearing_act",), intents=SWORDS_INTENT)
    state, _ = play_card(state, "The Devil", "disappearing_act")
    smoke = Activate("mo", "disappearing_act")
    state, events = apply(state, smoke)
    assert CorruptionTaken("mo", 1, "Smoke and Mirrors") in events and smoke not in legal_actions(state)
    state, events = apply(state, EndTurn("mo"))
    hit = next(e for e in events if isinstance(e, DamageDealt))
    assert (hit.source, hit.target, hit.amount, hit.ranged) == ("mo", "training_robot-1", 6, True)
    assert state.adversary("training_robot-1").hp == 15 - 6 and state.fighter("mo").hp == 20


@pytest.mark.rule("MAG-SMOKE-AND-MIRRORS", "MAG-DISAPPEARING-ACT")
def test_an_attacker_felled_by_its_own_blow_stops_its_plan() -> None:
    surgeon = [AdversarySetup("mr_surgeon", (1, 1))]
    prepared = Preparation(intents={"mr_surgeon-1": (by_name("5 of Wands"), False)}, hp={"mr_surgeon-1": 3})
    state = start(upgrades=("disappearing_act",), foes=surgeon, prepared=prepared)
    state, _ = play_card(state, "The Moon", "disappearing_act")
    state, _ = play_card(state, "The Devil", "disappearing_act")
    state, _ = apply(state, Activate("mo", "disappearing_act"))
    state, events = apply(state, EndTurn("mo"))
    assert state.adversary("mr_surgeon-1").hp == 0
    assert state.pending is not None and state.pending.kind == "fate"
    state, events = choose(state, "killed")
    assert FateChosen("mr_surgeon-1", "killed") in events
    state, events = choose(state, "Stay in B2")
    assert names(state.fighter("mo").bins["disappearing_act"]) == ["The Devil"], "no second cut"
    assert state.result == "victory"


# --- MAG-PLAN --------------------------------------------------------------------------------------------


@pytest.mark.rule("MAG-PLAN")
def test_this_was_all_part_of_my_plan_is_the_magicians_once_a_day() -> None:
    plan = POWERS["This Was All Part of My Plan"]
    assert plan.arcana is Arcana.MAGICIAN and plan.spell is None and plan.upgrade is None
    clock = use(DayClock(), "mo", plan.name)
    assert use_refusal(clock, "mo", plan.name) == "This Was All Part of My Plan has already been used today."
    assert use_refusal(DayClock(day=2), "mo", plan.name) is None


# --- random play -------------------------------------------------------------------------------------------


@st.composite
def magician_fights(draw: st.DrawFn) -> Fight:
    room = draw(st.sampled_from((1, 3)))
    zone = st.tuples(st.integers(0, room - 1), st.integers(0, room - 1))
    fighters = []
    for i in range(draw(st.integers(1, 2))):
        upgrades = frozenset(draw(st.sets(st.sampled_from(MAGICIAN_ABILITIES), max_size=6)))
        chosen = tuple(a for a in draw(st.permutations(MAGICIAN_ABILITIES)) if a not in upgrades)[:2]
        fighters.append(FighterSetup(f"m{i}", f"Magician {i}", draw(zone), MO_TRAITS, Arcana.MAGICIAN,
                                     abilities=chosen, upgrades=upgrades))  # fmt: skip
    foes = tuple(AdversarySetup(draw(st.sampled_from(("training_robot", "mr_surgeon", "laborer"))), draw(zone))
                 for _ in range(draw(st.integers(1, 2))))  # fmt: skip
    policy = Policy(draw(st.integers(0, 2**32)), uniform=True)
    return Fight(draw(st.integers(0, 2**64 - 1)), room, tuple(fighters), foes, policy)


@settings(max_examples=40 if SOAK else 10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(magician_fights())
@pytest.mark.rule("MAG-RABBIT", "MAG-MAGIC-WAND", "MAG-THREE-CARD-MONTE", "MAG-DISAPPEARING-ACT")
def test_random_magician_play_keeps_every_card_in_one_place(fight: Fight) -> None:
    game, _ = play(fight)
    assert game.state.round >= 1
