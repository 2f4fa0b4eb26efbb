"""The combat parts of the thirteen spells (SPL-*): each spell a character knows is a bin of its own.

SPL-MAGICIAN: every spell bin takes The Magician, or a card that counts as one for the caster (the Magician's
Fool, MAG-FOOL; a wild Fool named as The Magician), one at a time. Dull characters cast nothing. Clever numbers
are read from the traits in force when the spell is cast (or, for standing spells, when the number is used).

Two lifetimes:
- *standing* spells (Dodge, Rage, Balance, Venom, Charm) keep The Magician between turns (``keeps_cards``) and work
  while it stays; the caster may take it off at will (an Activate action), and Charm also ends by itself;
- *one-turn* spells fire the moment The Magician lands, and it is discarded with the other bins at the end of
  the turn (so one spell bin casts at most once a turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .. import rng
from ..campaign.injuries import INJURIES, Severity
from ..campaign.spell_skills import HEAL_USE, HEALED_INTO
from ..cards import CARDS, MAGICIAN, CardId, Suit
from ..fight.daily import spend, used_today
from ..fight.decisions import ask, context_of, decision_context, decision_targets, resolver, target_of
from ..fight.effects import (
    GROUNDED,
    adversaries_near,
    area_damage,
    cast_spell,
    damage_adversary,
    damage_amount,
    damage_kind,
    discard_ability,
    draw,
    gain_shield,
    generate_shield,
    move,
    offer_strike,
    shield_amount,
    strike_options,
)
from ..fight.events import (
    CardsSearched,
    DamageWasted,
    DeckShuffled,
    EffectWasted,
    Event,
    HealthRegained,
    InjuryTreated,
    IntentDiscarded,
)
from ..fight.identity import face, is_wild
from ..fight.intents import discard_intent, redraw_intent
from ..fight.modifiers import can_cast_spells
from ..fight.state import (
    GM,
    NOBODY,
    START_HP,
    Adversary,
    AnswerTarget,
    CardTarget,
    CombatState,
    Context,
    Fighter,
    FighterTarget,
    HealTarget,
    ModeTarget,
    NumberTarget,
    Option,
    PendingDecision,
    StrikeTarget,
    Target,
)
from ..fight.zones import zone_name
from ..traits import OPPOSITE, Spell, Trait
from .base import ABILITIES, Ability, Progress

CAST = "spell_cast:"  # marks prefix: this spell bin has fired on the Magician now on it


def holds(fighter: Fighter, trait: Trait) -> bool:
    """An ability in force: held, and not overridden by its weakness (an injury can impose one)."""
    return trait in fighter.traits and OPPOSITE[trait] not in fighter.traits


def clever(fighter: Fighter) -> bool:
    return holds(fighter, Trait.CLEVER)


def spell_number(fighter: Fighter, base: int, with_clever: int) -> int:
    """A spell's number: the Clever figure for a Clever caster (SPL-MAGICIAN, MOD-MAGIC)."""
    return with_clever if clever(fighter) else base


def is_magician(fighter: Fighter, card: CardId) -> bool:
    """The Magician, or a card that counts as The Magician for this fighter (MAG-FOOL)."""
    return face(fighter, card).id == MAGICIAN


def allies_in_zone(state: CombatState, fighter: Fighter) -> list[Fighter]:
    """The other fighters on the players' side standing in the caster's zone."""
    return [f for f in state.fighters if f is not fighter and f.in_combat and f.zone == fighter.zone]


class SpellAbility(Ability):
    """A spell's combat part. Subclasses say what casting does (``cast``) and, if standing, what it does meanwhile."""

    spell: ClassVar[Spell]
    combat: ClassVar[str]  # the combat part's name ("Dodge")
    requires: ClassVar[Trait | None] = None  # SPL-AQUARIUS, SPL-VIRGO (Charming), SPL-OPHIUCHUS (Lucky)

    @property
    def cast_mark(self) -> str:
        return CAST + self.id

    def standing(self, fighter: Fighter) -> bool:
        """Whether The Magician is on this bin now (what every standing spell's effect depends on)."""
        return bool(fighter.bins.get(self.id))

    # --- taking The Magician ------------------------------------------------------------------------

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        if fighter.bins.get(self.id) or not can_cast_spells(fighter.traits):
            return False
        if self.requires is not None and not holds(fighter, self.requires):
            return False
        if not (is_wild(fighter, card) or is_magician(fighter, card)):
            return False
        return self.may_cast(state, fighter)

    def may_cast(self, state: CombatState, fighter: Fighter) -> bool:
        """A spell's own condition beyond The Magician (Capricious: a card in hand; Heal: not yet used)."""
        return True

    def cannot_cast(self, state: CombatState, fighter: Fighter) -> str:
        return f"{self.name} cannot be cast now."

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        if not can_cast_spells(fighter.traits):
            return f"{fighter.name} is Dull and cannot cast spells."
        if self.requires is not None and not holds(fighter, self.requires):
            return f"Only a {self.requires.value} character can use {self.name}."
        if fighter.bins.get(self.id):
            return f"{self.name} already holds The Magician."
        if not (is_wild(fighter, card) or is_magician(fighter, card)):
            return f"{self.name} takes The Magician (or a card that counts as it); {CARDS[card].name} is not."
        return self.cannot_cast(state, fighter)

    # --- firing ---------------------------------------------------------------------------------

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(min(len(cards), 1), 1, "cards", "" if cards else "The Magician")

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        """Complete the moment The Magician lands; it stays on the bin (one-turn spells until the turn ends)."""
        return bool(cards) and not fighter.marks.get(self.cast_mark)

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        fighter.marks[self.cast_mark] = 1
        self.announce(state, fighter, fighter.bins[self.id].copy(), events)
        self.cast(state, fighter, events)
        cast_spell(state, fighter, self.spell, events)  # counted for the fight; on_cast hooks (MAG-NEXT-TRICK)

    def cast(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        """What happens when The Magician lands (standing spells may do nothing more)."""

    def on_discard(
        self, state: CombatState, fighter: Fighter, ability: str, cards: list[CardId], events: list[Event]
    ) -> None:
        if ability == self.id:
            fighter.marks.pop(self.cast_mark, None)
            self.ended(state, fighter, events)

    def ended(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        """The Magician left the bin (at will, at the end of the turn, Catastrophe, or by the spell's own rule)."""

    # --- at will ----------------------------------------------------------------------------------

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        if self.keeps_cards and self.standing(fighter):
            return [f"Discard The Magician from {self.name}: {self.combat} ends"]
        return []

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        discard_ability(state, fighter, self.id, events)


def _choose(
    state: CombatState, kind: str, fighter: Fighter, prompt: str, options: list[Option], events: list[Event]
) -> None:
    ask(state, kind, fighter.id, prompt, options, events)


# --- SPL-ARIES: Dodge -----------------------------------------------------------------------------------

DODGE = (2, 3)


class Aries(SpellAbility):
    id = "spell_aries"
    spell = Spell.ARIES
    name = "Aries"
    combat = "Dodge"
    summary = (
        "Dodge. Place The Magician here; it stays until you take it off. While it is here every Shield your "
        "abilities generate is doubled (Clever: tripled)."
    )
    keeps_cards = True

    def effect_text(self, fighter: Fighter) -> str:
        return f"your Shield x{spell_number(fighter, *DODGE)} while The Magician stays"

    def shield_multiplier(self, state: CombatState, fighter: Fighter) -> int:
        return spell_number(fighter, *DODGE) if self.standing(fighter) else 1


# --- SPL-TAURUS: Rage -----------------------------------------------------------------------------------

RAGE = (2, 3)


class Taurus(SpellAbility):
    id = "spell_taurus"
    spell = Spell.TAURUS
    name = "Taurus"
    combat = "Rage"
    summary = (
        "Rage. Place The Magician here; it stays until you take it off. While it is here all damage you deal that "
        "is not Magic Damage is doubled (Clever: tripled)."
    )
    keeps_cards = True

    def effect_text(self, fighter: Fighter) -> str:
        return f"your non-magic damage x{spell_number(fighter, *RAGE)} while The Magician stays"

    def damage_multiplier(self, state: CombatState, fighter: Fighter, ranged: bool, magic: bool) -> int:
        return spell_number(fighter, *RAGE) if self.standing(fighter) and not magic else 1


# --- SPL-CANCER: Shell ----------------------------------------------------------------------------------

SHELL_SELF = (15, 30)
SHELL_SHARED = (8, 16)


class Cancer(SpellAbility):
    id = "spell_cancer"
    spell = Spell.CANCER
    name = "Cancer"
    combat = "Shell"
    summary = (
        "Shell. Place The Magician here: gain 15 Shield (Clever: 30), or 8 Shield for you and 8 for every ally in "
        "your zone (Clever: 16 each). The Magician is discarded at the end of the turn."
    )

    def effect_text(self, fighter: Fighter) -> str:
        alone, shared = spell_number(fighter, *SHELL_SELF), spell_number(fighter, *SHELL_SHARED)
        return f"{alone} Shield, or {shared} for you and each ally in your zone"

    def cast(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        alone, shared = spell_number(fighter, *SHELL_SELF), spell_number(fighter, *SHELL_SHARED)
        options = [
            Option(f"{alone} Shield for you", ShellTarget(alone, False)),
            Option(f"{shared} Shield for you and for each ally in your zone", ShellTarget(shared, True)),
        ]
        _choose(state, "shell", fighter, "Shell: how is the Shield spread?", options, events)


@dataclass(frozen=True, slots=True)
class ShellTarget(Target):
    """Shell's Shield: how much, and whether allies in the zone get it too."""

    amount: int
    shared: bool

    def __init__(self, amount: int, shared: bool) -> None:
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "shared", shared)


@dataclass(frozen=True, slots=True)
class SpreadTarget(Target):
    """A spell's two ways: ``how`` ("one" or "all" adversaries; "damage" or "shield") and how much."""

    how: str
    amount: int

    def __init__(self, how: str, amount: int) -> None:
        object.__setattr__(self, "how", how)
        object.__setattr__(self, "amount", amount)


decision_targets("shell", ShellTarget)
for _kind in ("beam", "arrow", "capricious"):
    decision_targets(_kind, SpreadTarget)


@resolver("shell")
def _shell(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    chosen = target_of(option, ShellTarget)
    amount, shared = chosen.amount, chosen.shared
    allies = allies_in_zone(state, fighter) if shared else []
    generate_shield(state, fighter, amount, events)
    for ally in allies:  # the caster generates the allies' Shield too, so Dodge and the like apply (ruling)
        gain_shield(state, ally, shield_amount(state, fighter, amount), events)


# --- SPL-LEO: Beam --------------------------------------------------------------------------------------

BEAM_ONE = (15, 30)
BEAM_ALL = (8, 16)


class Leo(SpellAbility):
    id = "spell_leo"
    spell = Spell.LEO
    name = "Leo"
    combat = "Beam"
    summary = (
        "Beam. Place The Magician here: 15 Magic Damage to one adversary in your zone (Clever: 30), or 8 to every "
        "adversary in your zone (Clever: 16 each). The Magician is discarded at the end of the turn."
    )

    def effect_text(self, fighter: Fighter) -> str:
        one, every = spell_number(fighter, *BEAM_ONE), spell_number(fighter, *BEAM_ALL)
        return f"{one} magic damage to one adversary, or {every} to each in your zone"

    def cast(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        one, every = spell_number(fighter, *BEAM_ONE), spell_number(fighter, *BEAM_ALL)
        if not adversaries_near(state, fighter):
            if not state.quiet:
                events.append(DamageWasted(fighter.id, one, "no adversary in reach"))
            return
        options = [
            Option(f"{one} magic damage to one adversary in your zone", SpreadTarget("one", one)),
            Option(f"{every} magic damage to every adversary in your zone", SpreadTarget("all", every)),
        ]
        _choose(state, "beam", fighter, "Beam: one adversary or all of them?", options, events)


@resolver("beam")
def _beam(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    chosen = target_of(option, SpreadTarget)
    how, amount = chosen.how, chosen.amount
    if how == "one":
        offer_strike(state, fighter, [(amount, False, True)], events, "Beam")
    else:
        area_damage(state, fighter, amount, False, True, events)


# --- SPL-GEMINI: Twin -----------------------------------------------------------------------------------

TWIN = (5, 10)


class Gemini(SpellAbility):
    id = "spell_gemini"
    spell = Spell.GEMINI
    name = "Gemini"
    combat = "Twin"
    summary = (
        "Twin. Place The Magician here: draw 5 cards (Clever or Wise: 10). The Magician is discarded at the end of "
        "the turn."
    )

    def draws(self, fighter: Fighter) -> int:
        return TWIN[1] if clever(fighter) or holds(fighter, Trait.WISE) else TWIN[0]

    def effect_text(self, fighter: Fighter) -> str:
        return f"draw {self.draws(fighter)} cards"

    def cast(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        draw(state, fighter, self.draws(fighter), events)


# --- SPL-SAGITTARIUS: Arrow -----------------------------------------------------------------------------

ARROW_ONE = (10, 20)
ARROW_ALL = (5, 10)


class Sagittarius(SpellAbility):
    id = "spell_sagittarius"
    spell = Spell.SAGITTARIUS
    name = "Sagittarius"
    combat = "Arrow"
    summary = (
        "Arrow. Place The Magician here: 10 ranged Magic Damage to one adversary anywhere (Clever: 20), or 5 to "
        "every adversary (Clever: 10 each). The Magician is discarded at the end of the turn."
    )

    def effect_text(self, fighter: Fighter) -> str:
        one, every = spell_number(fighter, *ARROW_ONE), spell_number(fighter, *ARROW_ALL)
        return f"{one} ranged magic damage to one adversary, or {every} to every adversary"

    def cast(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        one, every = spell_number(fighter, *ARROW_ONE), spell_number(fighter, *ARROW_ALL)
        if not any(a.active for a in state.adversaries):
            if not state.quiet:
                events.append(DamageWasted(fighter.id, one, "no adversary left"))
            return
        options = [
            Option(f"{one} ranged magic damage to one adversary", SpreadTarget("one", one)),
            Option(f"{every} ranged magic damage to every adversary", SpreadTarget("all", every)),
        ]
        _choose(state, "arrow", fighter, "Arrow: one adversary or all of them?", options, events)


@resolver("arrow")
def _arrow(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    chosen = target_of(option, SpreadTarget)
    how, amount = chosen.how, chosen.amount
    if how == "one":
        offer_strike(state, fighter, [(amount, True, True)], events, "Arrow")
    else:
        area_damage(state, fighter, amount, True, True, events, everywhere=True)


# --- SPL-CAPRICORN: Capricious ----------------------------------------------------------------------------

CAPRICIOUS = (40, 80)
CAPRICIOUS_MAJORS = frozenset((2, 3, 6, 8, 15, 17, 21))  # High Priestess, Empress, Lovers, Strength, Devil, Star, World
QUEEN = 13


def _muse(fighter: Fighter, card: CardId) -> bool:
    """A card in hand that lets Capricorn be cast: one of seven Majors, or any Queen (counted by its face)."""
    card_face = face(fighter, card)
    return card_face.value in CAPRICIOUS_MAJORS if card_face.is_major else card_face.value == QUEEN


class Capricorn(SpellAbility):
    id = "spell_capricorn"
    spell = Spell.CAPRICORN
    name = "Capricorn"
    combat = "Capricious"
    summary = (
        "Capricious. Only while you hold The High Priestess, The Empress, The Lovers, Strength, The Devil, The Star, "
        "The World or a Queen: place The Magician here for 40 ranged Magic Damage (Clever: 80) or 40 Shield "
        "(Clever: 80). Its cards are discarded at the end of the turn."
    )

    def may_cast(self, state: CombatState, fighter: Fighter) -> bool:
        return any(_muse(fighter, c) for c in fighter.hand if not is_magician(fighter, c))

    def cannot_cast(self, state: CombatState, fighter: Fighter) -> str:
        return (
            "Capricorn needs The High Priestess, The Empress, The Lovers, Strength, The Devil, The Star, The World "
            "or a Queen in your hand."
        )

    def effect_text(self, fighter: Fighter) -> str:
        amount = spell_number(fighter, *CAPRICIOUS)
        return f"{amount} ranged magic damage or {amount} Shield"

    def cast(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        amount = spell_number(fighter, *CAPRICIOUS)
        options = [Option(f"{amount} Shield", SpreadTarget("shield", amount))]
        if any(a.active for a in state.adversaries):
            options.insert(0, Option(f"{amount} ranged magic damage to one adversary", SpreadTarget("damage", amount)))
        _choose(state, "capricious", fighter, "Capricious: damage or Shield?", options, events)


@resolver("capricious")
def _capricious(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    chosen = target_of(option, SpreadTarget)
    how, amount = chosen.how, chosen.amount
    if how == "damage":
        offer_strike(state, fighter, [(amount, True, True)], events, "Capricious")
    else:
        generate_shield(state, fighter, amount, events)


# --- SPL-LIBRA: Balance -----------------------------------------------------------------------------------

DEALT = "libra_damage"  # marks: damage the fighter dealt this turn
SHIELDED = "libra_shield"  # marks: Shield the fighter's abilities generated this turn
BALANCING = "libra_balancing"  # marks: Balance's own damage is landing (not counted again)


class Libra(SpellAbility):
    id = "spell_libra"
    spell = Spell.LIBRA
    name = "Libra"
    combat = "Balance"
    summary = (
        "Balance. Place The Magician here; it stays until you take it off. At the end of each of your turns while it "
        "is here, the smaller of the damage you dealt and the Shield you generated that turn is topped up to the "
        "larger: extra Shield, or the difference as Magic Damage."
    )
    keeps_cards = True

    def effect_text(self, fighter: Fighter) -> str:
        return "each turn your damage and Shield are evened up to the larger"

    def adversary_damaged(
        self, state: CombatState, fighter: Fighter, adversary: Adversary, dealer: str, amount: int, events: list[Event]
    ) -> None:
        if dealer == fighter.id and not fighter.marks.get(BALANCING):
            fighter.marks[DEALT] = fighter.marks.get(DEALT, 0) + amount

    def shield_generated(self, state: CombatState, fighter: Fighter, amount: int, events: list[Event]) -> None:
        fighter.marks[SHIELDED] = fighter.marks.get(SHIELDED, 0) + amount

    def at_turn_end(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        dealt, shielded = fighter.marks.pop(DEALT, 0), fighter.marks.pop(SHIELDED, 0)
        if not self.standing(fighter) or dealt == shielded:
            return
        if dealt > shielded:
            gain_shield(state, fighter, dealt - shielded, events)  # matched exactly: no bonus or multiplier (ruling)
            return
        ranged, magic = damage_kind(state, fighter, False, True)
        options = strike_options(state, fighter, shielded - dealt, ranged, magic)
        if not options:
            if not state.quiet:
                events.append(DamageWasted(fighter.id, shielded - dealt, "no adversary in reach"))
            return
        ask(state, "balance", fighter.id, "Balance: where does the damage go?", options, events)


decision_targets("balance", StrikeTarget)


@resolver("balance")
def _balance(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    hit = target_of(option, StrikeTarget)
    fighter = state.fighter(decision.actor)
    fighter.marks[BALANCING] = 1
    try:
        damage_adversary(state, fighter, state.adversary(hit.adversary), hit.amount, hit.ranged, hit.magic, events)
    finally:
        fighter.marks.pop(BALANCING, None)


# --- SPL-SCORPIO: Venom -----------------------------------------------------------------------------------

VENOM = 1


class Scorpio(SpellAbility):
    id = "spell_scorpio"
    spell = Spell.SCORPIO
    name = "Scorpio"
    combat = "Venom"
    summary = (
        "Venom. Place The Magician here; it stays until you take it off (or the fight ends). While it is here "
        "every card you draw deals 1 Magic Damage."
    )
    keeps_cards = True

    def effect_text(self, fighter: Fighter) -> str:
        return "1 magic damage for every card you draw while The Magician stays"

    def on_draw(self, state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
        if self.standing(fighter):
            offer_strike(state, fighter, [(VENOM, False, True)], events, "Venom")


# --- SPL-PISCES: Fishing ----------------------------------------------------------------------------------

FISHING = (1, 2)
HOOK_DAMAGE = 5


class Pisces(SpellAbility):
    id = "spell_pisces"
    spell = Spell.PISCES
    name = "Pisces"
    combat = "Fishing"
    summary = (
        "Fishing. Place The Magician here: take any card from your deck into your hand (Clever: 2), then shuffle "
        "the deck. Then pull any adversaries you like into your zone: each pulled takes 5 damage and loses "
        "Flying. The Magician is discarded at the end of the turn."
    )

    def effect_text(self, fighter: Fighter) -> str:
        count = spell_number(fighter, *FISHING)
        return f"search your deck for {count} card{'s' if count > 1 else ''}, then pull adversaries in for 5 damage"

    def cast(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        pile = state.piles[fighter.pile]
        if not pile.draw and pile.discard:  # ruling SPL-PISCES: an empty deck takes its discard in first
            state.rng = pile.shuffle_discard_in(state.rng)
            if not state.quiet:
                events.append(DeckShuffled(fighter.pile))
        if not pile.draw:
            if not state.quiet:
                events.append(EffectWasted(fighter.id, "Fishing", "no cards left to search"))
            _ask_pull(state, fighter, events)
            return
        _ask_fish(state, fighter, spell_number(fighter, *FISHING), events)


def _ask_fish(state: CombatState, fighter: Fighter, left: int, events: list[Event]) -> None:
    cards = sorted(set(state.piles[fighter.pile].draw))  # in card order: the search shows no deck order
    options = [Option(f"Take {CARDS[c].name}", CardTarget(c)) for c in cards]
    prompt = "Fishing: which card do you take from your deck?" + (f" ({left} to take)" if left > 1 else "")
    ask(state, "fishing", fighter.id, prompt, options, events, FishingLeft(left), private=True)


@dataclass(frozen=True, slots=True)
class FishingLeft(Context):
    """Cards Fishing may still take from the deck, this one included."""

    left: int

    def __init__(self, left: int) -> None:
        object.__setattr__(self, "left", left)


decision_context(FishingLeft, "fishing")
decision_targets("fishing", CardTarget)


@resolver("fishing")
def _fishing(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    pile = state.piles[fighter.pile]
    card = target_of(option, CardTarget).card
    left = context_of(decision, FishingLeft).left
    if card not in pile.draw:  # the deck changed while this search waited behind another decision: look again
        if pile.draw:
            _ask_fish(state, fighter, left, events)
        return
    pile.draw.remove(card)
    fighter.hand.append(card)  # placed in the hand, not drawn (ruling SPL-PISCES)
    if not state.quiet:
        events.append(CardsSearched(fighter.id, (card,)))
    left -= 1
    if left > 0 and pile.draw:
        _ask_fish(state, fighter, left, events)
        return
    state.rng = rng.shuffle(state.rng, pile.draw)
    pile.shown = None
    if not state.quiet:
        events.append(DeckShuffled(fighter.pile))
    _ask_pull(state, fighter, events)


def _ask_pull(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    assert fighter.zone is not None
    where = zone_name(fighter.zone)
    away = [a for a in state.adversaries if a.active and a.zone != fighter.zone]
    if not away or not fighter.in_combat:
        return
    options = [
        Option(f"Pull {a.name} to {where}: {HOOK_DAMAGE} damage, no more Flying", FighterTarget(a.id)) for a in away
    ]
    options.append(Option("Pull no more", NOBODY))
    ask(state, "hook", fighter.id, "Fishing: pull an adversary into your zone?", options, events)


decision_targets("hook", FighterTarget)


@resolver("hook")
def _hook(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    chosen = target_of(option, FighterTarget)
    if chosen == NOBODY:
        return
    fighter = state.fighter(decision.actor)
    adversary = state.adversary(chosen.fighter)
    assert fighter.zone is not None
    move(state, adversary, fighter.zone, events)
    adversary.marks[GROUNDED] = 1
    amount = damage_amount(state, fighter, HOOK_DAMAGE, *damage_kind(state, fighter, False, False))
    damage_adversary(state, fighter, adversary, amount, False, False, events)
    _ask_pull(state, fighter, events)


# --- SPL-AQUARIUS: Heal -----------------------------------------------------------------------------------


class Aquarius(SpellAbility):
    id = "spell_aquarius"
    spell = Spell.AQUARIUS
    name = "Aquarius"
    combat = "Heal"
    requires = Trait.CHARMING
    summary = (
        "Heal (Charming only, once a Day). Place The Magician here: you or an ally in your zone (Clever: any ally) "
        "regains every HP, or has a Major Injury downgraded to its Minor, or loses a Minor Injury. The Magician is "
        "discarded at the end of the turn."
    )

    def may_cast(self, state: CombatState, fighter: Fighter) -> bool:
        return not used_today(fighter.day_uses, HEAL_USE, state.day)  # one Heal a Day, in or out of combat

    def cannot_cast(self, state: CombatState, fighter: Fighter) -> str:
        return "Aquarius has already healed today."

    def effect_text(self, fighter: Fighter) -> str:
        return "full HP, a Major Injury downgraded or a Minor Injury removed"

    def cast(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        spend(fighter.day_uses, HEAL_USE, state.day)
        targets = [fighter] + [
            f
            for f in state.fighters
            if f is not fighter and f.in_combat and (clever(fighter) or f.zone == fighter.zone)
        ]
        options = [option for target in targets for option in _treatments(target)]
        if not options:
            if not state.quiet:
                events.append(EffectWasted(fighter.id, "Heal", "nobody in reach is hurt"))
            return
        _choose(state, "heal", fighter, "Heal: who is healed, and how?", options, events)


def _treatments(target: Fighter) -> list[Option]:
    """What Heal could do for this fighter: every HP back, a Major downgraded, a Minor removed."""
    options = []
    if target.hp < START_HP:
        options.append(
            Option(f"{target.name} regains every HP ({target.hp} → {START_HP})", HealTarget(target.id, "hp", ""))
        )
    for name in dict.fromkeys(target.injuries):
        entry = INJURIES.get(name)
        if entry is None:
            continue
        if entry.severity is Severity.MAJOR and entry.downgrade is not None and entry.downgrade.to is not None:
            becomes = entry.downgrade.to
            options.append(Option(f"{target.name}: {name} becomes {becomes}", HealTarget(target.id, name, becomes)))
        elif entry.severity is Severity.MINOR:
            options.append(Option(f"{target.name}: {name} is healed", HealTarget(target.id, name, "")))
    return options


decision_targets("heal", HealTarget)


@resolver("heal")
def _heal(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    chosen = target_of(option, HealTarget)
    what, becomes = chosen.mend, chosen.becomes
    target = state.fighter(chosen.fighter)
    if what == "hp":
        gained = START_HP - target.hp
        target.hp = START_HP
        if not state.quiet:
            events.append(HealthRegained(target.id, gained, target.hp))
        return
    index = target.injuries.index(what)
    if becomes:
        target.injuries[index] = becomes
        mark = HEALED_INTO + becomes  # so the fight's summary does not count it as a new injury
        target.marks[mark] = target.marks.get(mark, 0) + 1
    else:
        del target.injuries[index]
    if not state.quiet:
        events.append(InjuryTreated(target.id, what, becomes))


# --- SPL-VIRGO: Charm -------------------------------------------------------------------------------------

CHARMED = "virgo_charmed"  # marks: 1 + the index in state.adversaries of the charmed adversary


class Virgo(SpellAbility):
    id = "spell_virgo"
    spell = Spell.VIRGO
    name = "Virgo"
    combat = "Charm"
    requires = Trait.CHARMING
    summary = (
        "Charm (Charming only). Place The Magician here and pick an adversary in your zone (Clever: any): it throws "
        "its intent away, and while The Magician stays it throws away every new intent that is not a Sword. A "
        "Sword intent, or anyone on your side hurting it, ends the charm (The Magician is discarded)."
    )
    keeps_cards = True

    def effect_text(self, fighter: Fighter) -> str:
        return "an adversary throws away every intent but a Sword"

    def charmed(self, state: CombatState, fighter: Fighter) -> Adversary | None:
        index = fighter.marks.get(CHARMED)
        if not index or not self.standing(fighter):
            return None
        return state.adversaries[index - 1]

    def cast(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        targets = [a for a in state.adversaries if a.active and (clever(fighter) or a.zone == fighter.zone)]
        if not targets:
            if not state.quiet:
                events.append(EffectWasted(fighter.id, "Charm", "no adversary in reach"))
            return
        options = [Option(f"Charm {a.name}", NumberTarget(state.adversaries.index(a))) for a in targets]
        _choose(state, "charm", fighter, "Charm: which adversary?", options, events)

    def intent_drawn(self, state: CombatState, fighter: Fighter, adversary: Adversary, events: list[Event]) -> None:
        if self.charmed(state, fighter) is not adversary or adversary.intent is None:
            return
        if CARDS[adversary.intent].suit is Suit.SWORDS:
            discard_ability(state, fighter, self.id, events)  # the charm breaks; the Sword stands
            return
        _throw_away(state, adversary, "charmed", events)

    def adversary_damaged(
        self, state: CombatState, fighter: Fighter, adversary: Adversary, dealer: str, amount: int, events: list[Event]
    ) -> None:
        if self.charmed(state, fighter) is adversary:
            discard_ability(state, fighter, self.id, events)

    def ended(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        fighter.marks.pop(CHARMED, None)


def _throw_away(state: CombatState, adversary: Adversary, why: str, events: list[Event]) -> None:
    card = adversary.intent
    if card is None:
        return
    discard_intent(state, adversary)
    if not state.quiet:
        events.append(IntentDiscarded(adversary.id, card, why))


decision_targets("charm", NumberTarget)  # the adversary's place in the fight's list


@resolver("charm")
def _charm(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    index = target_of(option, NumberTarget).number
    fighter.marks[CHARMED] = index + 1
    _throw_away(state, state.adversaries[index], "charmed", events)


# --- SPL-OPHIUCHUS: What ----------------------------------------------------------------------------------

WHAT_DAMAGE = 7
WHAT_SHIELD = 7
WHAT_DRAW = 2
PROPOSALS = (
    ("damage", f"{WHAT_DAMAGE} magic damage to an adversary in your zone"),
    ("shield", f"{WHAT_SHIELD} Shield"),
    ("draw", f"draw {WHAT_DRAW} cards"),
    ("redraw", "an adversary redraws its intent"),
    ("other", "something else, played out at the table"),
)


class Ophiuchus(SpellAbility):
    id = "spell_ophiuchus"
    spell = Spell.OPHIUCHUS
    name = "Ophiuchus"
    combat = "What"
    requires = Trait.LUCKY
    summary = (
        "What (Lucky only). Place The Magician here and propose a small magical effect, about half a spell's worth; "
        "if the GM finds it reasonable, it happens. The Magician is discarded at the end of the turn."
    )

    def effect_text(self, fighter: Fighter) -> str:
        return "propose a small magical effect to the GM"

    def cast(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        options = [Option(f"Propose: {text}", ModeTarget(kind)) for kind, text in PROPOSALS]
        _choose(state, "what", fighter, "What: which small magic do you propose?", options, events)


@dataclass(frozen=True, slots=True)
class Proposal(Context):
    """What the fighter proposed (a ``PROPOSALS`` kind), for the GM to judge."""

    fighter: str
    kind: str

    def __init__(self, fighter: str, kind: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "kind", kind)


decision_context(Proposal, "what-gm")
decision_targets("what", ModeTarget)
decision_targets("what-gm", AnswerTarget)


@resolver("what")
def _what(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    kind = target_of(option, ModeTarget).mode
    text = dict(PROPOSALS)[kind]
    options = [
        Option(f"Reasonable: {text}", AnswerTarget(True)),
        Option("Not reasonable: nothing happens", AnswerTarget(False)),
    ]
    prompt = f"{fighter.name} proposes: {text}. Is it reasonable?"
    ask(state, "what-gm", GM, prompt, options, events, Proposal(fighter.id, kind))


@resolver("what-gm")
def _what_gm(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    proposal = context_of(decision, Proposal)
    fighter, kind = state.fighter(proposal.fighter), proposal.kind
    if not target_of(option, AnswerTarget).yes:
        if not state.quiet:
            events.append(EffectWasted(fighter.id, "What", "the GM turned the proposal down"))
        return
    if kind == "damage":
        offer_strike(state, fighter, [(WHAT_DAMAGE, False, True)], events, "What")
    elif kind == "shield":
        generate_shield(state, fighter, WHAT_SHIELD, events)
    elif kind == "draw":
        draw(state, fighter, WHAT_DRAW, events)
    elif kind == "redraw":
        options = [Option(f"{a.name} redraws its intent", FighterTarget(a.id)) for a in state.adversaries if a.active]
        ask(state, "what-redraw", fighter.id, "What: which adversary redraws its intent?", options, events)


decision_targets("what-redraw", FighterTarget)


@resolver("what-redraw")
def _what_redraw(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    adversary = state.adversary(target_of(option, FighterTarget).fighter)
    if adversary.active:
        redraw_intent(state, adversary, events)


SPELL_ABILITIES: dict[Spell, str] = {
    ability.spell: ability_id for ability_id, ability in ABILITIES.items() if isinstance(ability, SpellAbility)
}
