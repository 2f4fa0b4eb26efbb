"""The Magician's Arcana Abilities (MAG-*).

Every one is a bin in the one mechanism: cards it takes, what it does when full, hooks the engine
already dispatches, and at-will ``activations`` for the upgrades paid for with Corruption. Per-fight
switches live in ``fighter.marks``. "This Was All Part of My Plan" (MAG-PLAN) is a once-per-Day power
outside combat: ``campaign.day.POWERS``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import rng
from ..cards import CARDS, DEVIL, MAGICIAN, TOWER, CardId, Suit, by_name
from ..fight.decisions import ask, carry_on, context_of, decision_context, decision_targets, resolver, target_of
from ..fight.effects import (
    after_draw,
    catastrophe,
    damage_adversary,
    discard_ability,
    discard_cards,
    draw,
    generate_shield,
    move,
    offer_strike,
    take_corruption,
    take_into_hand,
)
from ..fight.events import (
    AbilityAdded,
    CardDeclared,
    DamageAvoided,
    DeckShuffled,
    EffectWasted,
    Event,
    SpellBorrowed,
    TrickCardShown,
    TrickGuessed,
)
from ..fight.identity import face, plain_suit, value
from ..fight.intents import redraw_intent
from ..fight.state import (
    GM,
    AnswerTarget,
    CardTarget,
    CombatState,
    Context,
    Fighter,
    FighterTarget,
    NumberTarget,
    Option,
    PendingDecision,
    Target,
    ZoneTarget,
)
from ..fight.zones import zone_name
from ..traits import SPELL_REQUIRES, Arcana, Spell
from .base import Ability, Progress, SwitchOn, suits_of
from .spells import SPELL_ABILITIES

MAG = Arcana.MAGICIAN
CHITS = "chits"  # marks key: empty Credit chits gained this fight (ITM-CREDITS)


def _yes_no(options: tuple[str, str]) -> list[Option]:
    return [Option(options[0], AnswerTarget(True)), Option(options[1], AnswerTarget(False))]


def _stand_in_magician(state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
    """The card counts as The Magician until it leaves play (``identity.forget``) or an expiry clears it."""
    fighter.counts_as[card] = MAGICIAN
    if not state.quiet:
        events.append(CardDeclared(fighter.id, card, MAGICIAN))


# --- MAG-RABBIT / MAG-SAW-IN-HALF --------------------------------------------------------------------

EVERY_SUIT = (Suit.WANDS, Suit.CUPS, Suit.SWORDS, Suit.PENTACLES, Suit.MAJOR)
CLOSED_BY_RABBIT = ("unarmed_strike", "defend")
SAW_IN_HALF = "saw_in_half"  # marks: Saw in Half is paid for, for the rest of the fight
RABBIT_MAGICIAN = "rabbit_magician:"  # marks prefix + card id: counts as The Magician until this turn ends


def _suits_covered(sets: list[frozenset[Suit]]) -> int:
    """How many different suits these cards can stand for at once, each card standing for one of its suits."""

    def best(index: int, used: frozenset[Suit]) -> int:
        if index == len(sets):
            return 0
        skip = best(index + 1, used)
        for suit in sets[index] - used:
            skip = max(skip, 1 + best(index + 1, used | {suit}))
        return skip

    return best(0, frozenset())


class RabbitOutOfAHat(Ability):
    """MAG-RABBIT, upgraded by Saw in Half (MAG-SAW-IN-HALF)."""

    id = "rabbit_out_of_a_hat"
    name = "Rabbit Out of a Hat"
    summary = (
        "One card of each suit, Major included; they stay. While any card is here you cannot play on Unarmed Strike "
        "or Defend. With all five suits: discard the Minors and take the Major into your hand, counting as The "
        "Magician until your turn ends. Saw in Half (1 Corruption to switch on): Unarmed Strike and Defend stay open."
    )
    keeps_cards = True
    arcana = MAG
    upgrade = "Saw in Half"

    def _suit_sets(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> list[frozenset[Suit]]:
        return [suits_of(state, fighter, c) for c in cards]

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        """CARD-SUIT-MAJOR: each card must bring a suit not yet here (a Major's suit is "Major")."""
        held = self._suit_sets(state, fighter, fighter.bins.get(self.id, []))
        return _suits_covered([*held, suits_of(state, fighter, card)]) == len(held) + 1

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        return f"Rabbit Out of a Hat already holds a card of every suit {CARDS[card].name} counts as."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        sets = self._suit_sets(state, fighter, cards)
        have = _suits_covered(sets)
        missing = [s.value for s in EVERY_SUIT if _suits_covered([*sets, frozenset((s,))]) > have]
        return Progress(have, len(EVERY_SUIT), "cards", ", ".join(missing))

    def effect_text(self, fighter: Fighter) -> str:
        return "the Minors are discarded, the Major comes back to your hand as The Magician"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = fighter.bins[self.id].copy()
        self.announce(state, fighter, cards, events)
        majors = [c for c in cards if face(fighter, c).is_major]
        discard_cards(state, fighter, self.id, [c for c in cards if c not in majors], events)
        for card in majors:
            fighter.bins[self.id].remove(card)
        take_into_hand(state, fighter, majors, events)
        for card in majors:
            if card in fighter.hand:
                _stand_in_magician(state, fighter, card, events)
                fighter.marks[f"{RABBIT_MAGICIAN}{card}"] = 1

    def at_turn_end(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        for key in [k for k in fighter.marks if k.startswith(RABBIT_MAGICIAN)]:
            del fighter.marks[key]
            card = int(key.removeprefix(RABBIT_MAGICIAN))
            if fighter.counts_as.get(card) == MAGICIAN:
                del fighter.counts_as[card]

    def permits(self, state: CombatState, fighter: Fighter, ability: str, card: CardId) -> bool | None:
        if ability in CLOSED_BY_RABBIT and fighter.bins.get(self.id) and not fighter.marks.get(SAW_IN_HALF):
            return False
        return None

    switch_on = SwitchOn(
        SAW_IN_HALF,
        "Saw in Half: take 1 Corruption; Unarmed Strike and Defend stay open while the Rabbit holds cards",
        1,
        "Saw in Half",
    )


# --- MAG-SPELLBOOK / MAG-NEXT-TRICK ----------------------------------------------------------------------

PAGE = 11
BORROWED = "spellbook:"  # marks prefix + spell name: usable as if learned for the rest of the fight
NEXT_TRICK = "next_trick"  # marks: And For My Next Trick is paid for
NEXT_TRICK_DRAW = 5


def borrowed_spells(fighter: Fighter) -> tuple[Spell, ...]:
    """Spells the fighter found in the Spellbook this fight."""
    return tuple(s for s in Spell if fighter.marks.get(f"{BORROWED}{s.value}"))


def usable_spells(fighter: Fighter) -> tuple[Spell, ...]:
    """Every spell the fighter may cast in this fight: learned ones, then borrowed ones (MAG-SPELLBOOK)."""
    return (*fighter.spells, *(s for s in borrowed_spells(fighter) if s not in fighter.spells))


def spell_bin(spell: Spell) -> str | None:
    """The bin that casts this spell (``abilities.spells``)."""
    return SPELL_ABILITIES.get(spell)


def open_spells(state: CombatState, fighter: Fighter) -> list[Spell]:
    """Spells nobody in the fight knows or has borrowed, whose prerequisite the fighter meets (CHR-SPELL-REQ)."""
    known = {s for other in state.fighters for s in usable_spells(other)}
    return [s for s in Spell if s not in known and _qualifies(fighter, s)]


def _qualifies(fighter: Fighter, spell: Spell) -> bool:
    needed = SPELL_REQUIRES.get(spell)
    return needed is None or needed in fighter.traits


class Spellbook(Ability):
    """MAG-SPELLBOOK, upgraded by And For My Next Trick (MAG-NEXT-TRICK)."""

    id = "spellbook"
    name = "Spellbook"
    summary = (
        "Any Page, discarded at once: pick a spell nobody in the fight knows; you may cast it for the rest of the "
        "fight. And For My Next Trick (1 Corruption to switch on): the first time you cast each spell this fight, "
        "draw 5 cards."
    )
    arcana = MAG
    upgrade = "And For My Next Trick"

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        card_face = face(fighter, card)
        return not card_face.is_major and card_face.value == PAGE

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        return f"Spellbook takes a Page; {CARDS[card].name} is not one."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), 1, "cards")

    def effect_text(self, fighter: Fighter) -> str:
        return "pick a spell nobody knows and cast it as if learned"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = discard_ability(state, fighter, self.id, events, fired=True)
        self.announce(state, fighter, cards, events)
        spells = open_spells(state, fighter)
        if not spells:
            if not state.quiet:
                events.append(
                    EffectWasted(fighter.id, self.name, "every spell open to you is already known in this fight")
                )
            return
        options = [Option(f"Learn {s.value} for this fight", SpellTarget(s)) for s in spells]
        ask(state, "spellbook", fighter.id, "Spellbook: which spell do you find?", options, events)

    switch_on = SwitchOn(
        NEXT_TRICK,
        "And For My Next Trick: take 1 Corruption; the first cast of each spell this fight draws 5 cards",
        1,
        "And For My Next Trick",
    )

    def on_cast(self, state: CombatState, fighter: Fighter, spell: Spell, first: bool, events: list[Event]) -> None:
        if first and fighter.marks.get(NEXT_TRICK):
            draw(state, fighter, NEXT_TRICK_DRAW, events)


@dataclass(frozen=True, slots=True)
class SpellTarget(Target):
    """A spell to learn."""

    spell: Spell

    def __init__(self, spell: Spell) -> None:
        object.__setattr__(self, "spell", spell)


decision_targets("spellbook", SpellTarget)


@resolver("spellbook")
def _spellbook(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    spell = target_of(option, SpellTarget).spell
    fighter.marks[f"{BORROWED}{spell.value}"] = 1
    if not state.quiet:
        events.append(SpellBorrowed(fighter.id, spell.value))
    bin_id = spell_bin(spell)
    if bin_id is not None and bin_id not in fighter.abilities:
        fighter.abilities = (*fighter.abilities, bin_id)
        if not state.quiet:
            events.append(AbilityAdded(fighter.id, bin_id))


# --- MAG-CHECK-EARS / MAG-MISERS-DREAM ------------------------------------------------------------------


class CheckBehindYourEars(Ability):
    """MAG-CHECK-EARS, upgraded by Miser's Dream (MAG-MISERS-DREAM)."""

    id = "check_behind_your_ears"
    name = "Check Behind Your Ears"
    summary = (
        "Any Pentacle, discarded at once: 1 damage to an adversary in your zone, which must redraw its intent, "
        "and you pocket an empty Credit chit. Miser's Dream: you may also draw a card (The Tower costs 1 Corruption)."
    )
    suits = (Suit.PENTACLES,)
    arcana = MAG
    upgrade = "Miser's Dream"

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), 1, "cards")

    def effect_text(self, fighter: Fighter) -> str:
        return "1 damage and a redrawn intent, plus a Credit chit"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = discard_ability(state, fighter, self.id, events, fired=True)
        self.announce(state, fighter, cards, events)
        fighter.marks[CHITS] = fighter.marks.get(CHITS, 0) + 1
        targets = [a for a in state.adversaries if a.active and a.zone == fighter.zone]
        options = [Option(f"1 damage to {a.name}; it redraws its intent", FighterTarget(a.id)) for a in targets]
        ask(state, "ears", fighter.id, "Whose ear hides the coin?", options, events)
        if self.id in fighter.upgrades:
            options = [Option("Draw a card", AnswerTarget(True)), Option("Don't draw", AnswerTarget(False))]
            ask(state, "misers-dream", fighter.id, "Miser's Dream: draw a card?", options, events)


decision_targets("ears", FighterTarget)
decision_targets("misers-dream", AnswerTarget)


@resolver("ears")
def _ears(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    adversary = state.adversary(target_of(option, FighterTarget).fighter)
    damage_adversary(state, fighter, adversary, 1, False, False, events)
    if adversary.active:
        redraw_intent(state, adversary, events)


@resolver("misers-dream")
def _misers_dream(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    if not target_of(option, AnswerTarget).yes:
        return
    draw(state, state.fighter(decision.actor), 1, events, then="misers-dream")


@after_draw("misers-dream")
def _misers_draw(
    state: CombatState, fighter: Fighter, drawn: list[CardId], context: Context, events: list[Event]
) -> None:
    """The Tower costs 1 Corruption, unless it was shuffled back first (Crisis Averted)."""
    if TOWER in drawn:
        take_corruption(fighter, 1, "Miser's Dream drew The Tower", events)


# --- MAG-MAGIC-WAND / MAG-CUPS-AND-BALLS -----------------------------------------------------------------


class MagicWand(Ability):
    """MAG-MAGIC-WAND, upgraded by Cups and Balls (MAG-CUPS-AND-BALLS)."""

    id = "magic_wand"
    name = "Magic Wand"
    summary = (
        "One Wand; it stays until you discard it (whenever you like). While it is here every card of yours counts "
        "as a Wand as well as its own suit, Majors included (Death is a 13 of Wands). Cups and Balls: a Cup may go "
        "here too, and every card also counts as a Cup."
    )
    keeps_cards = True
    arcana = MAG
    upgrade = "Cups and Balls"

    def _wanted(self, fighter: Fighter) -> set[Suit]:
        wanted = {Suit.WANDS, Suit.CUPS} if self.id in fighter.upgrades else {Suit.WANDS}
        return wanted - {plain_suit(fighter, c) for c in fighter.bins.get(self.id, ())}

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        """The card's own suit, not one Magic Wand lends it (ruling MAG-MAGIC-WAND)."""
        return plain_suit(fighter, card) in self._wanted(fighter)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        suit = plain_suit(fighter, card)
        if suit in {plain_suit(fighter, c) for c in fighter.bins.get(self.id, ())}:
            return f"Magic Wand already holds one of the {suit.value}."
        wanted = " or a Cup" if self.id in fighter.upgrades else ""
        return f"Magic Wand takes a Wand{wanted}; {CARDS[card].name} is not one."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), len(cards), "cards", " or ".join(sorted(s.value for s in self._wanted(fighter))))

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        return False

    def preview(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        return f"{self.name}: all your cards count as {plain_suit(fighter, card).value} too"

    def extra_suits(self, state: CombatState, fighter: Fighter, card: CardId) -> frozenset[Suit]:
        return frozenset(plain_suit(fighter, c) for c in fighter.bins.get(self.id, ()))

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        return [f"Discard {CARDS[c].name} from Magic Wand" for c in fighter.bins.get(self.id, ())]

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        discard_cards(state, fighter, self.id, [fighter.bins[self.id][index]], events)


# --- MAG-THREE-CARD-MONTE / MAG-IS-THIS-YOUR-CARD ----------------------------------------------------------

MONTE = 3
MONTE_DAMAGE = 3
MONTE_SHIELD = 3
PLACES = ("The left card", "The middle card", "The right card")


class ThreeCardMonte(Ability):
    """MAG-THREE-CARD-MONTE, upgraded by Is This Your Card (MAG-IS-THIS-YOUR-CARD)."""

    id = "three_card_monte"
    name = "Three Card Monte"
    summary = (
        "Any 3: the GM takes your top three cards face down, shows you one (The Tower: Catastrophe) and mixes them. "
        "Find it again: keep all three, deal 3 damage, gain 3 Shield. Miss: your pick goes back on top, the other "
        "two are shuffled in. Is This Your Card: a hit keeps only that card, counting as The Magician; a miss with "
        "The Tower among the three costs 1 Corruption."
    )
    arcana = MAG
    upgrade = "Is This Your Card"

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        """Any card worth 3: the four Threes and The Empress (ruling MAG-THREE-CARD-MONTE)."""
        return value(fighter, card) == MONTE and not fighter.bins.get(self.id)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        if fighter.bins.get(self.id):
            return "Three Card Monte is already under way."
        return f"Three Card Monte takes a 3; {CARDS[card].name} counts {value(fighter, card)}."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), 1, "cards")

    def effect_text(self, fighter: Fighter) -> str:
        if self.id in fighter.upgrades:
            return "find the card the GM shows you: keep it as The Magician"
        return "find the card the GM shows you: keep all three, 3 damage and 3 Shield"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        self.announce(state, fighter, fighter.bins[self.id].copy(), events)
        pile = state.piles[fighter.pile]
        if len(pile.draw) < MONTE and pile.discard:
            state.rng = pile.shuffle_discard_in(state.rng)
            if not state.quiet:
                events.append(DeckShuffled(fighter.pile))
        trick = tuple(pile.top(MONTE))  # they stay on top of the deck, face down, until the guess
        if not trick:
            if not state.quiet:
                events.append(EffectWasted(fighter.id, self.name, "no cards left to draw"))
            discard_ability(state, fighter, self.id, events, fired=True)
            return
        options = [Option(f"Show {CARDS[c].name}", CardTarget(c)) for c in trick]
        prompt = f"Three Card Monte: which of {fighter.name}'s cards do you show them?"
        ask(state, "monte-show", GM, prompt, options, events, MonteShow(fighter.id, trick), private=True)


@dataclass(frozen=True, slots=True)
class MonteShow(Context):
    """The GM shows one of the fighter's three cards: whose, and the cards."""

    fighter: str
    trick: tuple[CardId, ...]

    def __init__(self, fighter: str, trick: tuple[CardId, ...]) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "trick", trick)


decision_context(MonteShow, "monte-show")


@dataclass(frozen=True, slots=True)
class MonteGuess(Context):
    """The fighter guesses where the shown card went: the cards as mixed, and the one shown."""

    mixed: tuple[CardId, ...]
    shown: CardId

    def __init__(self, mixed: tuple[CardId, ...], shown: CardId) -> None:
        object.__setattr__(self, "mixed", mixed)
        object.__setattr__(self, "shown", shown)


decision_context(MonteGuess, "monte-guess")
decision_targets("monte-show", CardTarget)
decision_targets("monte-guess", NumberTarget)  # a place among the mixed cards


@resolver("monte-show")
def _monte_show(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    trick = context_of(decision, MonteShow)
    fighter_id, shown = trick.fighter, target_of(option, CardTarget).card
    if not state.quiet:
        events.append(TrickCardShown(fighter_id, shown))
    mixed = list(trick.trick)
    state.rng = rng.shuffle(state.rng, mixed)
    labels = PLACES if len(mixed) == len(PLACES) else [f"Card {i + 1}" for i in range(len(mixed))]
    options = [Option(label, NumberTarget(i)) for i, label in enumerate(labels)]
    prompt = f"Three Card Monte: where is {CARDS[shown].name} now?"
    ask(state, "monte-guess", fighter_id, prompt, options, events, MonteGuess(tuple(mixed), shown), private=True)


@resolver("monte-guess")
def _monte_guess(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    guess = context_of(decision, MonteGuess)
    mixed, shown = guess.mixed, guess.shown
    fighter = state.fighter(decision.actor)
    chosen = mixed[target_of(option, NumberTarget).number]
    right = chosen == shown
    if not state.quiet:
        events.append(TrickGuessed(fighter.id, chosen, right))
    pile = state.piles[fighter.pile]
    for card in mixed:
        pile.draw.remove(card)
    upgraded = ThreeCardMonte.id in fighter.upgrades
    if right and not upgraded:
        take_into_hand(state, fighter, list(mixed), events)
        offer_strike(state, fighter, [(MONTE_DAMAGE, False, False)], events, ThreeCardMonte.name)
        generate_shield(state, fighter, MONTE_SHIELD, events)
    else:
        _shuffle_in(state, fighter, [c for c in mixed if c != chosen], events)
        if right:
            take_into_hand(state, fighter, [chosen], events)
            if chosen in fighter.hand:
                _stand_in_magician(state, fighter, chosen, events)
        else:
            pile.draw.append(chosen)
            if upgraded and TOWER in mixed:
                take_corruption(fighter, 1, "Is This Your Card: a miss with The Tower among the cards", events)
    if shown == TOWER and TOWER not in fighter.hand and not state.ending_turn:
        catastrophe(state, fighter, events)
    discard_ability(state, fighter, ThreeCardMonte.id, events, fired=True)


def _shuffle_in(state: CombatState, fighter: Fighter, cards: list[CardId], events: list[Event]) -> None:
    pile = state.piles[fighter.pile]
    if not cards:
        return
    pile.draw.extend(cards)
    pile.shown = None
    state.rng = rng.shuffle(state.rng, pile.draw)
    if not state.quiet:
        events.append(DeckShuffled(fighter.pile))


# --- MAG-DISAPPEARING-ACT / MAG-SMOKE-AND-MIRRORS -----------------------------------------------------------

MOON = by_name("The Moon")
VANISHING = (MOON, DEVIL)
SMOKE_AND_MIRRORS = "smoke_and_mirrors"  # marks: Smoke and Mirrors is paid for


class DisappearingAct(Ability):
    """MAG-DISAPPEARING-ACT, upgraded by Smoke and Mirrors (MAG-SMOKE-AND-MIRRORS)."""

    id = "disappearing_act"
    name = "Disappearing Act"
    summary = (
        "The Moon or The Devil; it stays. The next time you would take damage, discard it instead: no damage, and "
        "you reappear in any zone. Smoke and Mirrors (1 Corruption to switch on): the damage hits the attacker instead."
    )
    keeps_cards = True
    arcana = MAG
    upgrade = "Smoke and Mirrors"

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        return face(fighter, card).id in VANISHING

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        return f"Disappearing Act takes The Moon or The Devil; {CARDS[card].name} is neither."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), len(cards), "cards", "The Moon or The Devil")

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        return False

    def preview(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        return f"{self.name}: the next damage you would take misses you"

    def before_damage(self, state: CombatState, fighter: Fighter, amount: int, source: str, events: list[Event]) -> int:
        cards = fighter.bins.get(self.id)
        if not cards or amount <= 0:
            return amount
        discard_cards(state, fighter, self.id, [cards[0]], events)
        if not state.quiet:
            events.append(DamageAvoided(fighter.id, source, amount))
        attacker = next((a for a in state.adversaries if a.id == source and a.active), None)
        if attacker is not None and fighter.marks.get(SMOKE_AND_MIRRORS):
            damage_adversary(state, fighter, attacker, amount, True, False, events)
        assert fighter.zone is not None
        here = fighter.zone
        zones = [here, *(z for z in state.room.zones() if z != here)]
        options = [
            Option(f"Stay in {zone_name(z)}" if z == here else f"Reappear in {zone_name(z)}", ZoneTarget(*z))
            for z in zones
        ]
        ask(state, "disappear", fighter.id, "Disappearing Act: where do you reappear?", options, events)
        return 0

    switch_on = SwitchOn(
        SMOKE_AND_MIRRORS,
        "Smoke and Mirrors: take 1 Corruption; damage Disappearing Act stops hits the attacker instead",
        1,
        "Smoke and Mirrors",
    )


decision_targets("disappear", ZoneTarget)


@resolver("disappear")
def _disappear(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    destination = target_of(option, ZoneTarget).zone
    if fighter.in_combat and destination != fighter.zone:
        move(state, fighter, destination, events)
    carry_on(state, decision.context, events)  # the rest of the attacker's plan (ruling CMB-ZERO-HP's mechanism)


MAGICIAN_ABILITIES = (
    RabbitOutOfAHat.id,
    Spellbook.id,
    CheckBehindYourEars.id,
    MagicWand.id,
    ThreeCardMonte.id,
    DisappearingAct.id,
)
