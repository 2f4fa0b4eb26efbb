"""The thirteen spells in a fight (SPL-*): The Magician on a spell bin, Clever numbers, durations, Dull refusal."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rt0table.rules.rt0.abilities import ABILITIES, SPELL_ABILITIES
from rt0table.rules.rt0.abilities.spells import PROPOSALS, FishingLeft, SpellAbility
from rt0table.rules.rt0.cards import FOOL, MAGICIAN, by_name
from rt0table.rules.rt0.fight.actions import Activate, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.decisions import target_of
from rt0table.rules.rt0.fight.engine import (
    AdversarySetup,
    FighterSetup,
    apply,
    fight_abilities,
    legal_actions,
    refusal,
)
from rt0table.rules.rt0.fight.events import (
    AbilityResolved,
    CardDeclared,
    CardsDrawn,
    CardsSearched,
    DamageDealt,
    DamageWasted,
    Event,
    InjuryTreated,
    IntentDiscarded,
)
from rt0table.rules.rt0.fight.state import GM, CardTarget, CombatState
from rt0table.rules.rt0.traits import Arcana, Spell, Trait
from rt0table.rules.seam import IllegalAction
from tests.helpers.spell_fights import FAR, FILLER, HERE, THERE, friend, pick, plain, play, robots, shields, start

MORE_FILLER = ("8 of Pentacles", "9 of Pentacles", "10 of Pentacles", "Page of Pentacles", "Knight of Pentacles")


def mage(*spells: Spell, traits: Sequence[Trait] = (Trait.STRONG, Trait.SLOW), **extra: object) -> FighterSetup:
    """A Magician (Clever) who knows these spells."""
    kit = frozenset((*traits, Trait.CLEVER))
    return FighterSetup("mo", "Mo", HERE, kit, Arcana.MAGICIAN, spells=spells, **extra)  # type: ignore[arg-type]


def labels(state: CombatState) -> list[str]:
    assert state.pending is not None
    return [o.label for o in state.pending.options]


def damage(events: Sequence[Event]) -> list[tuple[str, int, bool, bool]]:
    return [(e.target, e.amount, e.ranged, e.magic) for e in events if isinstance(e, DamageDealt)]


# --- SPL-MAGICIAN: which cards, who casts, and how spells come into a fight ------------------------------------


@pytest.mark.rule("SPL-MAGICIAN")
def test_every_spell_is_a_bin_of_its_own() -> None:
    assert set(SPELL_ABILITIES) == set(Spell)
    for spell, ability_id in SPELL_ABILITIES.items():
        ability = ABILITIES[ability_id]
        assert isinstance(ability, SpellAbility) and ability.spell is spell and ability.name == spell.value
        assert ability.arcana is None and ability.summary


@pytest.mark.rule("SPL-MAGICIAN", "CMB-CHOOSE-ABILITIES", "CHR-SPELL")
def test_spells_known_come_into_the_fight_beside_the_two_chosen_abilities() -> None:
    setup = mage(Spell.LEO, Spell.ARIES, abilities=("check_behind_your_ears",))
    bins = fight_abilities(setup)
    assert bins[-2:] == ("spell_leo", "spell_aries") and "check_behind_your_ears" in bins
    assert fight_abilities(mage()) == fight_abilities(mage(abilities=()))  # no spells, no spell bins


@pytest.mark.rule("SPL-MAGICIAN", "MOD-MAGIC", "INJ-MAJOR")
def test_a_dull_fighter_brings_no_spell_bins_even_when_an_injury_made_them_dull() -> None:
    dull = plain(Spell.LEO, traits=(Trait.STRONG, Trait.DULL))
    assert not any(a.startswith("spell_") for a in fight_abilities(dull))
    delirious = mage(Spell.LEO, injuries=("Delerium",))
    assert "spell_leo" not in fight_abilities(delirious)
    assert "spell_leo" in fight_abilities(mage(Spell.LEO))


@pytest.mark.rule("SPL-MAGICIAN", "MOD-MAGIC")
def test_a_dull_fighter_handed_a_spell_bin_anyway_is_refused_with_a_reason() -> None:
    dull = plain(traits=(Trait.STRONG, Trait.DULL), abilities=("spell_leo",))
    state = start([dull], hands={"pip": ["The Magician"]})
    reason = refusal(state, PlayCard("pip", MAGICIAN, "spell_leo"))
    assert reason == "Pip is Dull and cannot cast spells."
    assert PlayCard("pip", MAGICIAN, "spell_leo") not in legal_actions(state)


@pytest.mark.rule("SPL-MAGICIAN")
def test_spell_bins_take_only_the_magician() -> None:
    state = start([mage(Spell.LEO)], hands={"mo": ["The Magician", "The Star", "Ace of Wands"]})
    playable = {(a.card, a.ability) for a in legal_actions(state) if isinstance(a, PlayCard)}
    assert (MAGICIAN, "spell_leo") in playable
    assert (by_name("The Star"), "spell_leo") not in playable and (by_name("Ace of Wands"), "spell_leo") not in playable
    reason = refusal(state, PlayCard("mo", by_name("The Star"), "spell_leo"))
    assert reason == "Leo takes The Magician (or a card that counts as it); The Star is not."


@pytest.mark.rule("SPL-MAGICIAN", "MAG-FOOL")
def test_the_magicians_fool_casts_a_spell_as_a_second_magician() -> None:
    state = start([mage(Spell.GEMINI, Spell.LEO)], hands={"mo": ["The Magician", "The Fool"]})
    state, events = play(state, "The Fool>spell_gemini")
    assert any(isinstance(e, AbilityResolved) and e.ability == "spell_gemini" for e in events)
    hand_before = len(state.fighter("mo").hand)
    assert PlayCard("mo", MAGICIAN, "spell_leo") in legal_actions(state), "the real Magician is still free for Leo"
    assert hand_before == 1 + 5 + 10, "the Magician and the turn's five, plus Gemini's 10 (Clever)"


@pytest.mark.rule("SPL-MAGICIAN", "FOOL-WILDCARD")
def test_a_fools_wild_fool_becomes_the_magician_on_a_spell_bin() -> None:
    state = start([plain(Spell.CANCER)], hands={"pip": ["The Fool"]})
    assert PlayCard("pip", FOOL, "spell_cancer") in legal_actions(state)
    state, events = play(state, "The Fool>spell_cancer")
    assert any(isinstance(e, CardDeclared) and e.counts_as == MAGICIAN for e in events), "the only face it can take"
    assert state.pending is not None and state.pending.kind == "shell"


@pytest.mark.rule("SPL-MAGICIAN", "HP-FOOL")
def test_the_high_priestess_fool_is_no_magician() -> None:
    priestess = FighterSetup(
        "hp",
        "Hope",
        HERE,
        frozenset({Trait.STRONG, Trait.SLOW, Trait.WISE}),
        Arcana.HIGH_PRIESTESS,
        spells=(Spell.LEO,),
    )
    state = start([priestess], hands={"hp": ["The Fool"]}, tops={"hp": FILLER[:3]})
    assert refusal(state, PlayCard("hp", FOOL, "spell_leo")) is not None


@pytest.mark.rule("SPL-MAGICIAN")
def test_a_spell_bin_holds_one_magician_at_a_time() -> None:
    state = start([mage(Spell.ARIES)], hands={"mo": ["The Magician", "The Fool"]})
    state, _ = play(state, "The Magician>spell_aries")
    assert refusal(state, PlayCard("mo", FOOL, "spell_aries")) == "Aries already holds The Magician."


@pytest.mark.rule("SPL-AQUARIUS", "SPL-VIRGO", "SPL-OPHIUCHUS", "CHR-SPELL-REQ")
@pytest.mark.parametrize(
    ("spell", "needs"), [(Spell.AQUARIUS, "Charming"), (Spell.VIRGO, "Charming"), (Spell.OPHIUCHUS, "Lucky")]
)
def test_some_spells_need_a_trait_in_force(spell: Spell, needs: str) -> None:
    state = start([mage(spell)], hands={"mo": ["The Magician"]})
    assert refusal(state, PlayCard("mo", MAGICIAN, SPELL_ABILITIES[spell])) == (
        f"Only a {needs} character can use {spell.value}."
    )
    state = start([plain(spell)], hands={"pip": ["The Magician"]})
    assert refusal(state, PlayCard("pip", MAGICIAN, SPELL_ABILITIES[spell])) is None


# --- SPL-ARIES: Dodge ---------------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-ARIES", "CMB-DEFEND")
@pytest.mark.parametrize(("setup", "who", "shield"), [(plain(Spell.ARIES), "pip", 10), (mage(Spell.ARIES), "mo", 9)])
def test_dodge_doubles_shield_or_triples_it_when_clever(setup: FighterSetup, who: str, shield: int) -> None:
    state = start([setup], hands={who: ["The Magician", "King of Cups"]})
    state, _ = play(state, "The Magician>spell_aries", "King of Cups>defend")
    assert state.fighter(who).shield == shield  # Pip: Defend 5 x 2; Mo is Slow: Defend 3 x 3


@pytest.mark.rule("SPL-ARIES", "SPL-MAGICIAN")
def test_dodge_stays_between_turns_until_discarded_at_will() -> None:
    state = start([plain(Spell.ARIES)], hands={"pip": ["The Magician"]}, tops={"pip": (*FILLER, "King of Cups")})
    state, _ = play(state, "The Magician>spell_aries", EndTurn("pip"))
    pip = state.fighter("pip")
    assert pip.bins["spell_aries"] == [MAGICIAN] and state.round == 2
    assert Activate("pip", "spell_aries", 0) in legal_actions(state)
    state, _ = play(state, "King of Cups>defend")
    assert state.fighter("pip").shield == 10, "still doubling on the next turn"
    state, _ = play(state, Activate("pip", "spell_aries", 0))
    assert state.fighter("pip").bins["spell_aries"] == [] and MAGICIAN in state.piles["pip"].discard
    assert Activate("pip", "spell_aries", 0) not in legal_actions(state)


# --- SPL-TAURUS: Rage ---------------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-TAURUS", "CMB-UNARMED")
@pytest.mark.parametrize(("setup", "who", "hit"), [(plain(Spell.TAURUS), "pip", 6), (mage(Spell.TAURUS), "mo", 21)])
def test_rage_doubles_non_magic_damage_or_triples_it_when_clever(setup: FighterSetup, who: str, hit: int) -> None:
    state = start([setup], hands={who: ["The Magician", "King of Swords"]})
    state, _ = play(state, "The Magician>spell_taurus", "King of Swords>unarmed_strike")
    assert labels(state)[0].startswith(f"{hit} damage")  # Mo is Strong: 7 x 3; Pip is Weak: 3 x 2


@pytest.mark.rule("SPL-TAURUS", "CMB-CONCENTRATE", "MOD-MAGIC")
def test_rage_leaves_magic_damage_alone() -> None:
    state = start([mage(Spell.TAURUS)], hands={"mo": ["The Magician", "The Star", "The Moon"]})
    state, events = play(state, "The Magician>spell_taurus", "The Star>concentrate", "The Moon>concentrate")
    assert ("training_robot-1", 1, False, True) in damage(events)


# --- SPL-CANCER: Shell --------------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-CANCER")
@pytest.mark.parametrize(
    ("setup", "who", "alone", "shared"), [(plain(Spell.CANCER), "pip", 15, 8), (mage(Spell.CANCER), "mo", 30, 16)]
)
def test_shell_shields_you_or_everyone_beside_you(setup: FighterSetup, who: str, alone: int, shared: int) -> None:
    fighters = [setup, friend(HERE), FighterSetup("zed", "Zed", FAR, frozenset({Trait.STRONG, Trait.SLOW}))]
    state = start(fighters, hands={who: ["The Magician"]})
    state, _ = play(state, "The Magician>spell_cancer")
    assert labels(state) == [f"{alone} Shield for you", f"{shared} Shield for you and for each ally in your zone"]
    solo, _ = play(state, Choose(0))
    assert (solo.fighter(who).shield, solo.fighter("al").shield) == (alone, 0)
    state, events = play(state, Choose(1))
    assert shields(events) == [(who, shared), ("al", shared)], "Zed, two zones away, gets nothing"


@pytest.mark.rule("SPL-CANCER", "SPL-ARIES")
def test_dodge_multiplies_the_shell_the_caster_raises_for_allies_too() -> None:
    state = start([plain(Spell.CANCER, Spell.ARIES), friend(HERE)], hands={"pip": ["The Magician", "The Fool"]})
    state, _ = play(state, "The Magician>spell_aries", "The Fool>spell_cancer", Choose(1))
    assert (state.fighter("pip").shield, state.fighter("al").shield) == (16, 16)


@pytest.mark.rule("SPL-CANCER", "SPL-MAGICIAN", "CMB-TURN")
def test_one_turn_spells_keep_the_magician_until_the_turn_ends_and_cast_once() -> None:
    state = start([plain(Spell.CANCER)], hands={"pip": ["The Magician", "The Fool"]})
    state, _ = play(state, "The Magician>spell_cancer", Choose(0))
    assert state.fighter("pip").bins["spell_cancer"] == [MAGICIAN]
    assert refusal(state, PlayCard("pip", FOOL, "spell_cancer")) == "Cancer already holds The Magician."
    assert not any(isinstance(a, Activate) for a in legal_actions(state)), "a one-turn spell is not taken off at will"
    state, _ = play(state, EndTurn("pip"))
    assert MAGICIAN in state.piles["pip"].discard and not state.fighter("pip").bins["spell_cancer"]


# --- SPL-LEO: Beam ------------------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-LEO", "CMB-DAMAGE-MELEE")
@pytest.mark.parametrize(
    ("setup", "who", "one", "every"), [(plain(Spell.LEO), "pip", 15, 8), (mage(Spell.LEO), "mo", 30, 16)]
)
def test_beam_hits_one_adversary_hard_or_every_one_in_the_zone(
    setup: FighterSetup, who: str, one: int, every: int
) -> None:
    foes = [AdversarySetup("laborer", HERE), AdversarySetup("laborer", HERE), AdversarySetup("laborer", FAR)]
    state = start([setup], foes, hands={who: ["The Magician"]})
    state, _ = play(state, "The Magician>spell_leo")
    single, events = play(state, pick(state, "one adversary"))
    assert labels(single) == [f"{one} magic damage to Laborer 1", f"{one} magic damage to Laborer 2"]
    state, events = play(state, pick(state, "every adversary"))
    assert damage(events) == [("laborer-1", every, False, True), ("laborer-2", every, False, True)]


@pytest.mark.rule("SPL-LEO", "CMB-DAMAGE-MELEE")
def test_beam_with_nobody_in_the_zone_is_wasted() -> None:
    state = start([plain(Spell.LEO)], robots(FAR), hands={"pip": ["The Magician"]})
    state, events = play(state, "The Magician>spell_leo")
    assert state.pending is None and any(isinstance(e, DamageWasted) for e in events)
    assert state.fighter("pip").bins["spell_leo"] == [MAGICIAN]


# --- SPL-GEMINI: Twin ---------------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-GEMINI", "MOD-WISDOM")
@pytest.mark.parametrize(
    ("setup", "who", "drawn"),
    [
        (plain(Spell.GEMINI), "pip", 5),
        (mage(Spell.GEMINI), "mo", 10),
        (plain(Spell.GEMINI, traits=(Trait.WISE, Trait.SLOW)), "pip", 10),
    ],
)
def test_twin_draws_five_or_ten_when_clever_or_wise(setup: FighterSetup, who: str, drawn: int) -> None:
    state = start([setup], hands={who: ["The Magician"]}, tops={who: (*FILLER, *MORE_FILLER)})
    state, events = play(state, "The Magician>spell_gemini")
    assert sum(len(e.cards) for e in events if isinstance(e, CardsDrawn)) == drawn


# --- SPL-SAGITTARIUS: Arrow ---------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-SAGITTARIUS", "CMB-DAMAGE-RANGED")
@pytest.mark.parametrize(
    ("setup", "who", "one", "every"),
    [(plain(Spell.SAGITTARIUS), "pip", 10, 5), (mage(Spell.SAGITTARIUS), "mo", 20, 10)],
)
def test_arrow_reaches_anyone_or_everyone(setup: FighterSetup, who: str, one: int, every: int) -> None:
    state = start([setup], robots(FAR, THERE), hands={who: ["The Magician"]})
    state, _ = play(state, "The Magician>spell_sagittarius")
    single, _ = play(state, pick(state, "one adversary"))
    assert labels(single) == [f"{one} ranged magic damage to Training Attack Robot {n}" for n in (1, 2)]
    state, events = play(state, pick(state, "every adversary"))
    assert damage(events) == [("training_robot-1", every, True, True), ("training_robot-2", every, True, True)]


# --- SPL-CAPRICORN: Capricious ------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-CAPRICORN")
@pytest.mark.parametrize(
    "muse",
    [
        "The High Priestess",
        "The Empress",
        "The Lovers",
        "Strength",
        "The Devil",
        "The Star",
        "The World",
        "Queen of Cups",
        "Queen of Swords",
    ],
)
def test_capricious_needs_one_of_its_cards_in_hand(muse: str) -> None:
    state = start([plain(Spell.CAPRICORN)], hands={"pip": ["The Magician", muse]})
    assert refusal(state, PlayCard("pip", MAGICIAN, "spell_capricorn")) is None


@pytest.mark.rule("SPL-CAPRICORN")
def test_capricious_is_refused_without_one() -> None:
    state = start([plain(Spell.CAPRICORN)], hands={"pip": ["The Magician", "King of Cups", "The Emperor"]})
    reason = refusal(state, PlayCard("pip", MAGICIAN, "spell_capricorn"))
    assert reason is not None and reason.startswith("Capricorn needs The High Priestess")


@pytest.mark.rule("SPL-CAPRICORN")
@pytest.mark.parametrize(
    ("setup", "who", "amount"), [(plain(Spell.CAPRICORN), "pip", 40), (mage(Spell.CAPRICORN), "mo", 80)]
)
def test_capricious_hits_or_shields_for_forty_or_eighty(setup: FighterSetup, who: str, amount: int) -> None:
    state = start([setup], [AdversarySetup("laborer", FAR)], hands={who: ["The Magician", "Queen of Cups"]})
    state, _ = play(state, "The Magician>spell_capricorn")
    assert labels(state) == [f"{amount} ranged magic damage to one adversary", f"{amount} Shield"]
    shielded, _ = play(state, Choose(1))
    assert shielded.fighter(who).shield == amount
    state, events = play(state, Choose(0))
    assert damage(events) == [("laborer-1", amount, True, True)]
    assert state.fighter(who).hand.count(by_name("Queen of Cups")) == 1, "the Queen is only shown, not spent"


# --- SPL-LIBRA: Balance -------------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-LIBRA")
def test_balance_tops_damage_up_with_magic_damage_as_in_the_books_example() -> None:
    """3 damage and 8 Shield: 5 Magic Damage more at the end of the turn."""
    hand = ["The Magician", "King of Cups", "5 of Swords", "5 of Wands"]
    state = start([plain(Spell.LIBRA, traits=(Trait.WEAK, Trait.FAST))], hands={"pip": hand})
    state, _ = play(state, "The Magician>spell_libra", "King of Cups>defend")  # Fast: 7 Shield
    state, events = play(state, "5 of Swords>unarmed_strike", "5 of Wands>unarmed_strike", Choose(0))  # Weak: 3
    assert damage(events) == [("training_robot-1", 3, False, False)]
    assert state.fighter("pip").shield == 7
    state, events = play(state, EndTurn("pip"))
    assert ("training_robot-1", 4, False, True) in damage(events), "7 Shield against 3 damage: 4 Magic Damage"


@pytest.mark.rule("SPL-LIBRA")
def test_balance_tops_shield_up_and_lasts_between_turns() -> None:
    hand = ["The Magician", "King of Swords"]
    state = start([plain(Spell.LIBRA)], hands={"pip": hand}, tops={"pip": (*FILLER, "King of Cups")})
    state, _ = play(state, "The Magician>spell_libra", "King of Swords>unarmed_strike", Choose(0))
    state, events = play(state, EndTurn("pip"))
    assert ("pip", 3) in shields(events), "3 damage (Pip is Weak) against no Shield: 3 Shield"
    assert state.fighter("pip").bins["spell_libra"] == [MAGICIAN] and state.round == 2
    state, _ = play(state, "King of Cups>defend")
    state, events = play(state, EndTurn("pip"))
    assert ("training_robot-1", 5, False, True) in damage(events), "a fresh count each turn: 5 Shield, no damage"


@pytest.mark.rule("SPL-LIBRA")
def test_balance_does_nothing_once_taken_off() -> None:
    state = start([plain(Spell.LIBRA)], hands={"pip": ["The Magician", "King of Cups"]})
    state, _ = play(state, "The Magician>spell_libra", "King of Cups>defend", Activate("pip", "spell_libra", 0))
    state, events = play(state, EndTurn("pip"))
    assert not any(isinstance(e, DamageDealt) and e.magic for e in events)


# --- SPL-SCORPIO: Venom -------------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-SCORPIO", "CMB-TURN")
def test_venom_deals_one_magic_damage_per_card_drawn_until_taken_off() -> None:
    state = start([plain(Spell.SCORPIO)], hands={"pip": ["The Magician"]}, tops={"pip": (*FILLER, *MORE_FILLER)})
    state, _ = play(state, "The Magician>spell_scorpio", EndTurn("pip"))
    robot = state.adversary("training_robot-1")
    assert robot.hp == 15 - 5 and state.round == 2, "five cards drawn, five Venom hits"
    state, _ = play(state, Activate("pip", "spell_scorpio", 0), EndTurn("pip"))
    assert state.adversary("training_robot-1").hp == 10, "no Venom once The Magician is off"


@pytest.mark.rule("SPL-SCORPIO", "SPL-GEMINI")
def test_venom_stings_for_every_card_a_spell_draws_too() -> None:
    state = start(
        [mage(Spell.SCORPIO, Spell.GEMINI)],
        hands={"mo": ["The Magician", "The Fool"]},
        tops={"mo": (*FILLER, *MORE_FILLER)},
    )
    state, events = play(state, "The Magician>spell_scorpio", "The Fool>spell_gemini")
    assert damage(events) == [("training_robot-1", 1, False, True)] * 10


# --- SPL-PISCES: Fishing ------------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-PISCES")
def test_fishing_takes_a_chosen_card_from_the_deck_privately_then_shuffles() -> None:
    state = start([plain(Spell.PISCES, abilities=()), FighterSetup("zz", "Zz", FAR)], hands={"pip": ["The Magician"]})
    deck = set(state.piles["pip"].draw)
    state, _ = play(state, "The Magician>spell_pisces")
    pending = state.pending
    assert pending is not None and pending.kind == "fishing" and pending.private
    assert {target_of(o, CardTarget).card for o in pending.options} == deck
    state, events = play(state, pick(state, "The Tower"))
    assert by_name("The Tower") in state.fighter("pip").hand, "placed in the hand, not drawn: no Catastrophe"
    assert any(isinstance(e, CardsSearched) for e in events) and not any(isinstance(e, CardsDrawn) for e in events)
    assert set(state.piles["pip"].draw) == deck - {by_name("The Tower")}


@pytest.mark.rule("SPL-PISCES", "SPL-MAGICIAN")
def test_clever_fishing_takes_two() -> None:
    state = start([mage(Spell.PISCES)], robots(HERE), hands={"mo": ["The Magician"]})
    state, _ = play(state, "The Magician>spell_pisces", Choose(0))
    assert state.pending is not None and state.pending.kind == "fishing", "a second card to take"
    state, events = play(state, Choose(0))
    assert len(state.fighter("mo").hand) == 5 + 2
    assert sum(isinstance(e, CardsSearched) for e in events) == 1
    assert state.pending is None, "nobody to pull in: the robot already stands in Mo's zone"


@pytest.mark.rule("SPL-PISCES", "ZON-FLYING")
def test_fishing_pulls_adversaries_in_for_five_damage_and_grounds_flyers() -> None:
    foes = [AdversarySetup("drone", FAR), AdversarySetup("laborer", THERE)]
    state = start(
        [plain(Spell.PISCES)],
        foes,
        hands={"pip": ["The Magician", "King of Swords"]},
        intents={"drone-1": "Ace of Cups", "laborer-1": "2 of Cups"},
    )
    state, _ = play(state, "The Magician>spell_pisces", Choose(0))
    assert labels(state) == [
        "Pull Drone to B2: 5 damage, no more Flying",
        "Pull Laborer to B2: 5 damage, no more Flying",
        "Pull no more",
    ]
    state, events = play(state, Choose(0))
    drone = state.adversary("drone-1")
    assert drone.zone == HERE and damage(events) == [("drone-1", 5, False, False)], "grounded first: all 5 land"
    assert labels(state) == ["Pull Laborer to B2: 5 damage, no more Flying", "Pull no more"]
    state, _ = play(state, Choose(1))
    assert state.adversary("laborer-1").zone == THERE
    state, events = play(state, "King of Swords>unarmed_strike")
    assert labels(state)[0] == "3 damage to Drone", "melee reaches it in full now (Pip is Weak)"
    state, events = play(state, Choose(0))
    assert drone.hp == 1 and state.adversary("drone-1").hp == 0


@pytest.mark.rule("SPL-PISCES", "SPL-TAURUS")
def test_rage_doubles_the_hooks_damage() -> None:
    state = start([plain(Spell.PISCES, Spell.TAURUS)], robots(FAR), hands={"pip": ["The Magician", "The Fool"]})
    state, _ = play(state, "The Magician>spell_taurus", "The Fool>spell_pisces", Choose(0))
    state, events = play(state, pick(state, "Pull Training"))
    assert damage(events) == [("training_robot-1", 10, False, False)]


# --- SPL-AQUARIUS: Heal -------------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-AQUARIUS")
def test_heal_restores_every_hp_or_treats_an_injury_once_a_day() -> None:
    hurt = plain(Spell.AQUARIUS, injuries=("Broken Arm", "Dizzy"))
    state = start(
        [hurt, friend(HERE), FighterSetup("zz", "Zz", FAR)],
        hands={"pip": ["The Magician"]},
        hp={"pip": 9, "al": 12, "zz": 3},
    )
    assert state.pending is not None and state.pending.kind == "injury-discard"  # Dizzy's card in round one
    state, _ = play(state, Choose(next(i for i, o in enumerate(state.pending.options) if "Magician" not in o.label)))
    state, _ = play(state, "The Magician>spell_aquarius")
    assert labels(state) == [
        "Pip regains every HP (9 → 20)",
        "Pip: Broken Arm becomes Splinted Arm",
        "Pip: Dizzy is healed",
        "Al regains every HP (12 → 20)",
    ], "Zz is two zones away and Pip is not Clever"
    downgraded, events = play(state, pick(state, "Broken Arm"))
    assert downgraded.fighter("pip").injuries == ["Splinted Arm", "Dizzy"]
    assert InjuryTreated("pip", "Broken Arm", "Splinted Arm") in events
    removed, _ = play(state, pick(state, "Dizzy"))
    assert removed.fighter("pip").injuries == ["Broken Arm"]
    state, _ = play(state, pick(state, "Al regains"))
    assert state.fighter("al").hp == 20 and state.fighter("pip").day_uses == {"Aquarius: Heal": state.day}


@pytest.mark.rule("SPL-AQUARIUS")
def test_heal_cannot_be_cast_twice() -> None:
    state = start(
        [plain(Spell.AQUARIUS)], hands={"pip": ["The Magician"]}, hp={"pip": 9}, tops={"pip": (*FILLER, "The Fool")}
    )
    state, _ = play(state, "The Magician>spell_aquarius", EndTurn("pip"))
    assert state.fighter("pip").hp == 20 and FOOL in state.fighter("pip").hand
    assert refusal(state, PlayCard("pip", FOOL, "spell_aquarius")) == "Aquarius has already healed today."


@pytest.mark.rule("SPL-AQUARIUS", "SPL-MAGICIAN")
def test_a_clever_healer_reaches_any_ally() -> None:
    healer = plain(Spell.AQUARIUS, traits=(Trait.CHARMING, Trait.CLEVER))
    state = start([healer, FighterSetup("zz", "Zz", FAR)], hands={"pip": ["The Magician"]}, hp={"zz": 3})
    state, _ = play(state, "The Magician>spell_aquarius")
    assert state.fighter("zz").hp == 20, "the one treatment on offer is taken at once"


# --- SPL-VIRGO: Charm ---------------------------------------------------------------------------------------------


def _charmed(setup: FighterSetup | None = None) -> CombatState:
    hands = {"pip": ["The Magician"], "al": ["King of Wands"]}
    state = start(
        [setup or plain(Spell.VIRGO), friend(HERE)],
        robots(HERE, FAR),
        hands=hands,
        intents={"training_robot-1": "King of Swords", "training_robot-2": "2 of Cups"},
    )
    state.piles[GM].draw.extend([by_name("9 of Swords"), by_name("4 of Wands")])  # round 2: Wands, then a Sword
    return state


@pytest.mark.rule("SPL-VIRGO")
def test_charm_throws_the_intent_away_and_every_new_one_but_a_sword() -> None:
    state = _charmed()
    state, events = play(state, "The Magician>spell_virgo")
    assert state.pending is None, "one adversary in reach: charmed at once"
    robot = state.adversary("training_robot-1")
    assert robot.intent is None and IntentDiscarded("training_robot-1", by_name("King of Swords"), "charmed") in events
    state, _ = play(state, EndTurn("pip"), EndTurn("al"))
    assert state.round == 2 and state.fighter("al").hp == 20 and state.fighter("pip").hp == 20, "it did nothing"
    robot = state.adversary("training_robot-1")
    assert robot.intent is None, "its Wands intent was thrown away too"
    assert state.fighter("pip").bins["spell_virgo"] == [MAGICIAN]


@pytest.mark.rule("SPL-VIRGO")
def test_a_sword_intent_breaks_the_charm_and_stands() -> None:
    state = _charmed()
    state.piles[GM].draw[-2:] = [by_name("4 of Wands"), by_name("9 of Swords")]  # the Sword comes first now
    state, _ = play(state, "The Magician>spell_virgo", EndTurn("pip"), EndTurn("al"))
    assert state.adversary("training_robot-1").intent == by_name("9 of Swords")
    assert state.fighter("pip").bins["spell_virgo"] == [] and MAGICIAN in state.piles["pip"].discard


@pytest.mark.rule("SPL-VIRGO")
def test_hurting_the_charmed_adversary_breaks_the_charm_whoever_does_it() -> None:
    state = _charmed()
    state, _ = play(state, "The Magician>spell_virgo", EndTurn("pip"))
    state, _ = play(state, "King of Wands>unarmed_strike")
    state, _ = play(state, pick(state, "7 damage to Training Attack Robot 1"))
    assert state.fighter("pip").bins["spell_virgo"] == []


@pytest.mark.rule("SPL-VIRGO", "SPL-MAGICIAN")
def test_a_clever_charmer_reaches_any_adversary() -> None:
    state = _charmed(setup=plain(Spell.VIRGO, traits=(Trait.CHARMING, Trait.CLEVER)))
    state, _ = play(state, "The Magician>spell_virgo")
    assert labels(state) == ["Charm Training Attack Robot 1", "Charm Training Attack Robot 2"]


# --- SPL-OPHIUCHUS: What ------------------------------------------------------------------------------------------


@pytest.mark.rule("SPL-OPHIUCHUS")
def test_what_is_a_proposal_the_gm_allows_or_turns_down() -> None:
    state = start([plain(Spell.OPHIUCHUS)], hands={"pip": ["The Magician"]})
    state, _ = play(state, "The Magician>spell_ophiuchus")
    assert labels(state) == [f"Propose: {text}" for _, text in PROPOSALS]
    state, _ = play(state, pick(state, "7 Shield"))
    assert state.pending is not None and state.pending.actor == GM and state.pending.kind == "what-gm"
    refused, _ = play(state, pick(state, "Not reasonable"))
    assert refused.fighter("pip").shield == 0
    state, _ = play(state, pick(state, "Reasonable"))
    assert state.fighter("pip").shield == 7
    state, _ = play(state, EndTurn("pip"))
    assert MAGICIAN in state.piles["pip"].discard


# --- Catastrophe ends every spell ---------------------------------------------------------------------------------


@pytest.mark.rule("SPL-MAGICIAN", "CMB-CATASTROPHE")
def test_the_tower_sweeps_a_standing_spell_away() -> None:
    state = start(
        [mage(Spell.ARIES, Spell.GEMINI)],
        hands={"mo": ["The Magician", "The Fool"]},
        tops={"mo": (*FILLER, "The Tower")},
    )
    state, _ = play(state, "The Magician>spell_aries", "The Fool>spell_gemini")
    mo = state.fighter("mo")
    assert not mo.bins["spell_aries"] and not any(k.startswith("spell_cast:") for k in mo.marks)
    with pytest.raises(IllegalAction):
        apply(state, Activate("mo", "spell_aries", 0))


@pytest.mark.rule("SPL-PISCES")
def test_a_search_that_waited_while_the_deck_changed_looks_again() -> None:
    from rt0table.rules.rt0.fight.decisions import RESOLVERS
    from rt0table.rules.rt0.fight.engine import AdversarySetup as _Adversary
    from rt0table.rules.rt0.fight.engine import FighterSetup as _Fighter
    from rt0table.rules.rt0.fight.events import Event as _Event
    from rt0table.rules.rt0.fight.state import Option as _Option
    from rt0table.rules.rt0.fight.state import PendingDecision as _Pending
    from rt0table.rules.rt0.traits import Arcana as _Arcana
    from rt0table.rules.rt0.traits import Spell as _Spell
    from rt0table.rules.rt0.traits import Trait as _Trait
    from tests.helpers.fight_builders import fight as _fight

    mo = _Fighter(
        "mo", "Mo", (1, 1), frozenset({_Trait.STRONG, _Trait.SLOW}), _Arcana.MAGICIAN, spells=(_Spell.PISCES,)
    )
    state = _fight([mo], [_Adversary("training_robot", (0, 0))])
    pile = state.piles["mo"]
    gone = pile.draw[-1]
    decision = _Pending(
        "fishing", "mo", "which card?", (_Option("Take it", CardTarget(gone)),), FishingLeft(1), private=True
    )
    pile.draw.remove(gone)  # drawn or discarded while the search waited behind another question
    pile.discard.append(gone)
    events: list[_Event] = []
    RESOLVERS["fishing"](state, decision, decision.options[0], events)
    assert state.pending is not None and state.pending.kind == "fishing"
    assert gone not in [target_of(option, CardTarget).card for option in state.pending.options]
    assert gone not in state.fighter("mo").hand
