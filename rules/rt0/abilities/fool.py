"""The Fool's Arcana Abilities (FOOL-*), each a bin like every other ability.

Kitchen Sink (upgrade No More Mister Knife Guy) feeds the two bins that only take cards through other effects,
Unlikely Helmet and Unlikely Weapon. Laughter (Slaughter), Blackjack (Hit Me), Everyone Loves a Parade (You're
Driving Me Crazy), Throwaway Joke (Surprise Twist) and Crisis Averted (Happy Accident) follow. Per-fight switches
live in ``fighter.marks``; face-down cards in ``fighter.face_down``; cards taken out of the deck in the pile's
``removed_for_day`` / ``removed_for_good``; Slaughter's once-per-Day use in ``fighter.day_uses`` (daily.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..cards import (
    CARDS,
    CHARIOT,
    DEATH,
    FOOL,
    MAGICIAN,
    MINOR_SUITS,
    STRENGTH,
    TOWER,
    WHEEL_OF_FORTUNE,
    WORLD,
    CardId,
    Suit,
)
from ..fight.daily import SLAUGHTER, spend, used_today
from ..fight.decisions import ask, carry_on, decision_targets, resolver, target_of
from ..fight.effects import (
    after_draw,
    damage_adversary,
    discard_ability,
    draw,
    every_adversary,
    gain_shield,
    generate_shield,
    move,
    offer_strike,
    place,
    take_corruption,
)
from ..fight.events import (
    CardPlaced,
    CardReturned,
    CardsDiscarded,
    CardsRemoved,
    CardsToHand,
    Event,
    HealthRegained,
    IntentDiscarded,
)
from ..fight.identity import forget, is_wild, value
from ..fight.intents import discard_intent, redraw_intent
from ..fight.modifiers import Scaled
from ..fight.registry import hooks
from ..fight.state import (
    NOBODY,
    START_HP,
    AnswerTarget,
    CardTarget,
    CombatState,
    Context,
    Fighter,
    FighterKind,
    FighterTarget,
    ModeTarget,
    Option,
    PendingDecision,
    Target,
)
from ..fight.zones import zone_name
from ..traits import Arcana, Trait
from .base import ABILITIES, Ability, Progress, SwitchOn, card_sum

JUDGEMENT = 20

# The numbers, with their Strong/Weak or Fast/Slow readings (read from the fighter's traits when used).
HELMET_SHIELD = Scaled(4, Trait.FAST, 5, Trait.SLOW, 3)  # FOOL-UNLIKELY-HELMET
WEAPON_DAMAGE = Scaled(4, Trait.STRONG, 5, Trait.WEAK, 3)  # FOOL-UNLIKELY-WEAPON
BLACKJACK_DAMAGE = Scaled(3, Trait.STRONG, 4, Trait.WEAK, 2)  # FOOL-BLACKJACK
BLACKJACK_SHIELD = Scaled(3, Trait.FAST, 4, Trait.SLOW, 2)
BLACKJACK_TARGET = 21
BLACKJACK_KEPT = 2  # cards played back face down after Blackjack fires
LAUGHTER_FACTOR = 2  # FOOL-LAUGHTER: double the sum
SLAUGHTER_FACTOR = 10  # FOOL-SLAUGHTER: ten times the card's value
KNIFE_GUY_DRAW = 2  # FOOL-KNIFE-GUY
PARADE_CARDS = 2  # FOOL-PARADE
PARADE_SHIELD = 3
JOKE_SWORD_DAMAGE = 3  # FOOL-THROWAWAY-JOKE
JOKE_CUP_SHIELD = 3
JOKE_WAND_RANGED = 1
JOKE_PENTACLE_SHIELD = 1
TWIST_DEATH_DAMAGE = 150  # FOOL-SURPRISE-TWIST
TWIST_JUDGEMENT_DAMAGE = 10
TWIST_WHEEL_DRAWS = 3
TWIST_KEEPS_RANKS = (12, 13)  # Knights and Queens
UPGRADE_CORRUPTION = 1  # switching on an activated upgrade, Slaughter, and the Majors that cost Corruption

# fighter.marks keys
KNIFE_GUY = "knife_guy"  # No More Mister Knife Guy switched on
KNIFE_BONUSES = "knife_bonuses"  # Helmet and Weapon read as if Strong and Fast from now on
DRIVING_CRAZY = "driving_crazy"  # You're Driving Me Crazy switched on
HAPPY_ACCIDENT = "happy_accident"  # Happy Accident switched on


class FoolAbility(Ability):
    arcana = Arcana.FOOL


class HoldingBin(Ability):
    """A bin that only holds cards; it never fills and never fires by itself."""

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), 1, "cards")

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        return False

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        return None


class TheFoolOnly(FoolAbility):
    """Kitchen Sink and Laughter take The Fool itself (not named as another card), and then need more from the hand.

    The Fool waits on the bin and is discarded when the turn ends.
    """

    keeps_cards = True  # The Fool goes at the end of the turn through at_turn_end
    needs_in_hand = "another card"

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        return card == FOOL and FOOL not in fighter.counts_as and self.can_follow(fighter)

    def can_follow(self, fighter: Fighter) -> bool:
        return any(c != FOOL for c in fighter.hand)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        if card != FOOL:
            return f"{self.name} takes The Fool; the other cards come from your hand once it is there."
        return f"{self.name} needs {self.needs_in_hand} in your hand besides The Fool."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(int(FOOL in cards), 1, "cards", "" if FOOL in cards else "The Fool")

    def preview(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        return f"completes {self.name}: {self.effect_text(fighter)}"

    def at_turn_end(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        discard_ability(state, fighter, self.id, events)


# --- Kitchen Sink, Unlikely Helmet, Unlikely Weapon, No More Mister Knife Guy --------------------------------


class UnlikelyHelmet(HoldingBin):
    """FOOL-UNLIKELY-HELMET: cards arrive only through other effects; adds to Shield abilities generate."""

    id = "unlikely_helmet"
    name = "Unlikely Helmet"
    summary = (
        "Only other abilities put cards here; they stay for the whole fight. While a card is here, Shield your "
        "abilities make is 4 higher (Fast 5, Slow 3)."
    )
    keeps_cards = True
    playable = False

    def shield_bonus(self, state: CombatState, fighter: Fighter) -> int:
        if not fighter.bins.get(self.id):
            return 0
        if fighter.marks.get(KNIFE_BONUSES):
            return HELMET_SHIELD.with_ability
        return HELMET_SHIELD.read(fighter.traits)


class UnlikelyWeapon(HoldingBin):
    """FOOL-UNLIKELY-WEAPON: cards arrive only through other effects; adds to non-magical damage."""

    id = "unlikely_weapon"
    name = "Unlikely Weapon"
    summary = (
        "Only other abilities put cards here; they stay for the whole fight. While a card is here, non-magical "
        "damage you deal is 4 higher (Strong 5, Weak 3)."
    )
    keeps_cards = True
    playable = False

    def damage_bonus(self, state: CombatState, fighter: Fighter, ranged: bool, magic: bool) -> int:
        if magic or not fighter.bins.get(self.id):
            return 0
        if fighter.marks.get(KNIFE_BONUSES):
            return WEAPON_DAMAGE.with_ability
        return WEAPON_DAMAGE.read(fighter.traits)


GEAR = (UnlikelyHelmet.id, UnlikelyWeapon.id)


class KitchenSink(TheFoolOnly):
    """FOOL-KITCHEN-SINK, upgraded by No More Mister Knife Guy (FOOL-KNIFE-GUY)."""

    id = "kitchen_sink"
    name = "Kitchen Sink"
    summary = (
        "The Fool, then one more card from your hand onto Unlikely Helmet or Unlikely Weapon; The Fool goes at the "
        "end of the turn. No More Mister Knife Guy (1 Corruption to switch on): a card on each, both read as if you "
        "were Strong and Fast, and draw 2."
    )
    upgrade = "No More Mister Knife Guy"
    companions = GEAR

    def effect_text(self, fighter: Fighter) -> str:
        return "put a card from your hand on Unlikely Helmet or Unlikely Weapon"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        self.announce(state, fighter, [FOOL], events)
        if fighter.marks.get(KNIFE_GUY):
            options = [
                Option("Kitchen Sink: one card on Helmet or Weapon", AnswerTarget(False)),
                Option(
                    "No More Mister Knife Guy: a card on each, as if Strong and Fast, then draw 2", AnswerTarget(True)
                ),
            ]
            ask(state, "sink-mode", fighter.id, "How do you use the Kitchen Sink?", options, events)
            return
        _ask_sink(state, fighter, GEAR, False, events)

    switch_on = SwitchOn(
        KNIFE_GUY,
        f"Switch on No More Mister Knife Guy ({UPGRADE_CORRUPTION} Corruption)",
        UPGRADE_CORRUPTION,
        "switched on No More Mister Knife Guy",
    )


def _ask_sink(state: CombatState, fighter: Fighter, targets: tuple[str, ...], knife: bool, events: list[Event]) -> None:
    """Ask which card goes where; Knife Guy asks twice (one card per bin), then draws."""
    if not fighter.hand:
        if knife:
            draw(state, fighter, KNIFE_GUY_DRAW, events)
        return
    more = knife and len(targets) > 1
    options = [
        Option(f"{CARDS[card].name} on {ABILITIES[target].name}", SinkTarget(card, target, knife, more))
        for card in fighter.hand
        for target in targets
    ]
    where = " or ".join(ABILITIES[t].name for t in targets)
    ask(state, "sink", fighter.id, f"Kitchen Sink: which card goes on {where}?", options, events)


@dataclass(frozen=True, slots=True)
class SinkTarget(Target):
    """A card from the hand and the bin it goes on; ``knife``: No More Mister Knife Guy is under way, ``more``: a
    second card is still to go on the other bin."""

    card: CardId
    ability: str
    knife: bool
    more: bool

    def __init__(self, card: CardId, ability: str, knife: bool, more: bool) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "ability", ability)
        object.__setattr__(self, "knife", knife)
        object.__setattr__(self, "more", more)


@dataclass(frozen=True, slots=True)
class TaggedCard(Target):
    """What becomes of one card: ``tag`` "add" (Laughter), "keep", "top" or "discard" (Surprise Twist)."""

    tag: str
    card: CardId

    def __init__(self, tag: str, card: CardId) -> None:
        object.__setattr__(self, "tag", tag)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class KeptPair(Target):
    """The two cards Blackjack keeps face down."""

    first: CardId
    second: CardId

    def __init__(self, first: CardId, second: CardId) -> None:
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "second", second)


@dataclass(frozen=True, slots=True)
class StrengthTarget(Target):
    """The gear bin Strength goes on, and the card."""

    gear: str
    card: CardId

    def __init__(self, gear: str, card: CardId) -> None:
        object.__setattr__(self, "gear", gear)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class RideTarget(Target):
    """Surprise Twist's Chariot: ``tag`` "move", the card, and the zone it rides to."""

    tag: str
    card: CardId
    column: int
    row: int

    def __init__(self, tag: str, card: CardId, column: int, row: int) -> None:
        object.__setattr__(self, "tag", tag)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "row", row)


decision_targets("sink-mode", AnswerTarget)
decision_targets("sink", SinkTarget)
decision_targets("laugh-mode", ModeTarget)
decision_targets("laughter", TaggedCard, ModeTarget)  # "add" a Minor, or "laugh"
decision_targets("slaughter", CardTarget)
decision_targets("blackjack-keep", KeptPair)
decision_targets("hit-me", AnswerTarget)
decision_targets("joke-keep", TaggedCard)
decision_targets("joke-strength", StrengthTarget)
decision_targets("joke-chariot", RideTarget, TaggedCard)  # ride to a zone, or "discard" the card


@resolver("sink-mode")
def _sink_mode(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    knife = target_of(option, AnswerTarget).yes
    if knife:
        fighter.marks[KNIFE_BONUSES] = 1
    _ask_sink(state, fighter, GEAR, knife, events)


@resolver("sink")
def _sink(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    sink = target_of(option, SinkTarget)
    card, target, knife, more = sink.card, sink.ability, sink.knife, sink.more
    fighter = state.fighter(decision.actor)
    fighter.hand.remove(card)
    place(state, fighter, card, target, events)
    if more:
        _ask_sink(state, fighter, tuple(t for t in GEAR if t != target), True, events)
    elif knife:
        draw(state, fighter, KNIFE_GUY_DRAW, events)


# --- Laughter and Slaughter ----------------------------------------------------------------------------------


class Laughter(TheFoolOnly):
    """FOOL-LAUGHTER, upgraded by Slaughter (FOOL-SLAUGHTER)."""

    id = "laughter"
    name = "Laughter"
    summary = (
        "The Fool, then any Minors from your hand: double their sum as ranged magic damage, and those Minors leave "
        "your deck for the rest of the Day. Slaughter (once a Day, 1 Corruption): one Minor only, ten times its "
        "value, and it leaves your deck for good."
    )
    upgrade = "Slaughter"
    needs_in_hand = "a Minor Arcana"

    def can_follow(self, fighter: Fighter) -> bool:
        return any(not CARDS[c].is_major for c in fighter.hand)

    def effect_text(self, fighter: Fighter) -> str:
        return "add Minors from your hand; double their sum as ranged magic damage"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        self.announce(state, fighter, [FOOL], events)
        if self.id in fighter.upgrades and not used_today(fighter.day_uses, SLAUGHTER, state.day):
            options = [
                Option("Laughter: any Minors, double their sum", ModeTarget("laughter")),
                Option(
                    f"Slaughter: one Minor, ten times its value ({UPGRADE_CORRUPTION} Corruption)",
                    ModeTarget("slaughter"),
                ),
            ]
            ask(state, "laugh-mode", fighter.id, "Laughter or Slaughter?", options, events)
            return
        _ask_laughter(state, fighter, events)


def _minors_in_hand(fighter: Fighter) -> list[CardId]:
    return [c for c in fighter.hand if not CARDS[c].is_major]


def _ask_laughter(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    on_bin = [c for c in fighter.bins.get(Laughter.id, []) if c != FOOL]
    total = sum(value(fighter, c) for c in on_bin)
    options = [
        Option(f"Add {CARDS[c].name} (sum {total + value(fighter, c)})", TaggedCard("add", c))
        for c in _minors_in_hand(fighter)
    ]
    if on_bin:
        options.append(Option(f"Laugh: {LAUGHTER_FACTOR * total} ranged magic damage", ModeTarget("laugh")))
    ask(state, "laughter", fighter.id, "Laughter: add a Minor, or laugh now?", options, events)


@resolver("laugh-mode")
def _laugh_mode(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    if target_of(option, ModeTarget).mode == "laughter":
        _ask_laughter(state, fighter, events)
        return
    options = [
        Option(
            f"Slaughter with {CARDS[c].name}: {SLAUGHTER_FACTOR * value(fighter, c)} ranged magic damage", CardTarget(c)
        )
        for c in _minors_in_hand(fighter)
    ]
    ask(state, "slaughter", fighter.id, "Slaughter: which Minor leaves your deck for good?", options, events)


@resolver("laughter")
def _laughter(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    if isinstance(option.value, TaggedCard):  # "add"; the other option is ModeTarget("laugh")
        _hand_to_bin(state, fighter, option.value.card, Laughter.id, events)
        _ask_laughter(state, fighter, events)
        return
    cards = fighter.bins[Laughter.id]
    minors = [c for c in cards if c != FOOL]
    total = sum(value(fighter, c) for c in minors)
    _remove_from_deck(state, fighter, Laughter.id, minors, False, events)
    offer_strike(state, fighter, [(LAUGHTER_FACTOR * total, True, True)], events, Laughter.name)


@resolver("slaughter")
def _slaughter(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    card = target_of(option, CardTarget).card
    take_corruption(fighter, UPGRADE_CORRUPTION, "Slaughter", events)
    spend(fighter.day_uses, SLAUGHTER, state.day)
    _hand_to_bin(state, fighter, card, Laughter.id, events)
    amount = SLAUGHTER_FACTOR * value(fighter, card)
    _remove_from_deck(state, fighter, Laughter.id, [card], True, events)
    offer_strike(state, fighter, [(amount, True, True)], events, "Slaughter")


def _remove_from_deck(
    state: CombatState, fighter: Fighter, ability: str, cards: list[CardId], for_good: bool, events: list[Event]
) -> None:
    """Take cards off a bin and out of the deck (for the Day, or for good)."""
    bin_cards = fighter.bins[ability]
    for card in cards:
        bin_cards.remove(card)
    forget(fighter, cards)
    pile = state.piles[fighter.pile]
    (pile.removed_for_good if for_good else pile.removed_for_day).extend(cards)
    if not state.quiet:
        events.append(CardsRemoved(fighter.id, tuple(cards), for_good))


# --- Blackjack and Hit Me ----------------------------------------------------------------------------------


class Blackjack(FoolAbility):
    """FOOL-BLACKJACK, upgraded by Hit Me (FOOL-HIT-ME). Face-down cards add 1 each but never count toward 21."""

    id = "blackjack"
    name = "Blackjack"
    summary = (
        "Cups or Swords; they stay between turns. At 21 or more (face-down cards do not count): 3 damage (Strong 4, "
        "Weak 2) and 3 Shield (Fast 4, Slow 2), each 1 more per face-down card; then two of the cards go back face "
        "down and the rest are discarded. Hit Me: whenever you take damage you may draw; a Minor goes face down here."
    )
    keeps_cards = True
    suits = (Suit.CUPS, Suit.SWORDS)
    upgrade = "Hit Me"

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        face_up = [c for c in cards if c not in fighter.face_down]
        return Progress(card_sum(fighter, face_up), BLACKJACK_TARGET, "sum")

    def face_down_count(self, fighter: Fighter) -> int:
        return sum(1 for c in fighter.bins.get(self.id, ()) if c in fighter.face_down)

    def effect_text(self, fighter: Fighter) -> str:
        down = self.face_down_count(fighter)
        damage = BLACKJACK_DAMAGE.read(fighter.traits) + down
        return f"{damage} damage and {BLACKJACK_SHIELD.read(fighter.traits) + down} Shield"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = list(fighter.bins[self.id])
        down = self.face_down_count(fighter)
        self.announce(state, fighter, cards, events)
        offer_strike(state, fighter, [(BLACKJACK_DAMAGE.read(fighter.traits) + down, False, False)], events, self.name)
        generate_shield(state, fighter, BLACKJACK_SHIELD.read(fighter.traits) + down, events)
        if len(cards) <= BLACKJACK_KEPT:
            _keep_face_down(state, fighter, cards, events)
            return
        options = [
            Option(f"Keep {CARDS[a].name} and {CARDS[b].name} face down", KeptPair(a, b))
            for a, b in combinations(cards, BLACKJACK_KEPT)
        ]
        ask(state, "blackjack-keep", fighter.id, "Blackjack: which two cards go back face down?", options, events)

    def after_damage(self, state: CombatState, fighter: Fighter, amount: int, source: str, events: list[Event]) -> None:
        if self.id not in fighter.upgrades or not fighter.in_combat:
            return
        options = [Option("Hit Me! Draw a card", AnswerTarget(True)), Option("Say nothing", AnswerTarget(False))]
        ask(state, "hit-me", fighter.id, f'{fighter.name} was hit. Say "Hit Me"?', options, events)


@resolver("blackjack-keep")
def _blackjack_keep(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    kept = target_of(option, KeptPair)
    _keep_face_down(state, state.fighter(decision.actor), [kept.first, kept.second], events)


def _keep_face_down(state: CombatState, fighter: Fighter, kept: list[CardId], events: list[Event]) -> None:
    cards = fighter.bins[Blackjack.id]
    gone = [c for c in cards if c not in kept]
    cards[:] = [c for c in cards if c in kept]
    if gone:
        forget(fighter, gone)
        state.piles[fighter.pile].discard.extend(gone)
        if not state.quiet:
            events.append(CardsDiscarded(fighter.id, tuple(gone), Blackjack.id))
    fighter.face_down.extend(c for c in kept if c not in fighter.face_down)


@resolver("hit-me")
def _hit_me(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    if target_of(option, AnswerTarget).yes:
        draw(state, state.fighter(decision.actor), 1, events, then="hit-me")
    carry_on(state, decision.context, events)  # the rest of the attacker's plan, which waited on this answer


@after_draw("hit-me")
def _hit_me_drawn(
    state: CombatState, fighter: Fighter, drawn: list[CardId], context: Context, events: list[Event]
) -> None:
    """A Minor goes face down on Blackjack; The Tower (Catastrophe already struck) costs 1 Corruption."""
    for card in drawn:
        if card == TOWER:
            take_corruption(fighter, UPGRADE_CORRUPTION, "Hit Me drew The Tower", events)
        elif card not in fighter.hand:
            continue
        elif CARDS[card].is_major:
            _discard_from_hand(state, fighter, card, Blackjack.id, events)
        else:
            _hand_to_bin(state, fighter, card, Blackjack.id, events)
            fighter.face_down.append(card)


# --- Everyone Loves a Parade and You're Driving Me Crazy -----------------------------------------------------


class Parade(FoolAbility):
    """FOOL-PARADE, upgraded by You're Driving Me Crazy (FOOL-DRIVING-CRAZY)."""

    id = "parade"
    name = "Everyone Loves a Parade"
    summary = (
        "Any Minor, then a second of the same value: every adversary redraws its intent and you gain 3 Shield. "
        "You're Driving Me Crazy (1 Corruption to switch on): one adversary may also lose its intent outright."
    )
    suits = MINOR_SUITS
    upgrade = "You're Driving Me Crazy"

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        if not super().takes(state, fighter, card):
            return False
        cards = fighter.bins.get(self.id)
        return not cards or is_wild(fighter, card) or value(fighter, card) == value(fighter, cards[0])

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        if not super().takes(state, fighter, card):
            return super().reason(state, fighter, card)
        wanted = value(fighter, fighter.bins[self.id][0])
        return f"{self.name} needs another {wanted}; {CARDS[card].name} counts {value(fighter, card)}."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        hint = f"a {value(fighter, cards[0])}" if len(cards) == 1 else ""
        return Progress(len(cards), PARADE_CARDS, "cards", hint)

    def effect_text(self, fighter: Fighter) -> str:
        return f"every adversary redraws its intent; {PARADE_SHIELD} Shield"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = discard_ability(state, fighter, self.id, events)
        self.announce(state, fighter, cards, events)
        for adversary in state.adversaries:
            if adversary.active:
                redraw_intent(state, adversary, events)
        generate_shield(state, fighter, PARADE_SHIELD, events)
        if fighter.marks.get(DRIVING_CRAZY):
            options = [
                Option(f"{a.name} loses its intent", FighterTarget(a.id))
                for a in state.adversaries
                if a.active and a.intent is not None
            ]
            if options:
                options.append(Option("Nobody", NOBODY))
                prompt = "You're Driving Me Crazy: who loses its intent?"
                ask(state, "driving-crazy", fighter.id, prompt, options, events)

    switch_on = SwitchOn(
        DRIVING_CRAZY,
        f"Switch on You're Driving Me Crazy ({UPGRADE_CORRUPTION} Corruption)",
        UPGRADE_CORRUPTION,
        "switched on You're Driving Me Crazy",
    )


decision_targets("driving-crazy", FighterTarget)


@resolver("driving-crazy")
def _driving_crazy(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    chosen = target_of(option, FighterTarget)
    if chosen == NOBODY:
        return
    adversary = state.adversary(chosen.fighter)
    card = adversary.intent
    discard_intent(state, adversary)
    if card is not None and not state.quiet:
        events.append(IntentDiscarded(adversary.id, card, "driven crazy"))


# --- Throwaway Joke and Surprise Twist ----------------------------------------------------------------------


class ThrowawayJoke(HoldingBin):
    """FOOL-THROWAWAY-JOKE, upgraded by Surprise Twist (FOOL-SURPRISE-TWIST).

    Takes no cards from the hand. It holds the cards Surprise Twist lets you keep until your next turn starts.
    """

    arcana = Arcana.FOOL  # a Fool ability that only holds cards (one base class: mypyc has no multiple inheritance)

    id = "throwaway_joke"
    name = "Throwaway Joke"
    summary = (
        "At the end of your turn, draw the top card and read it: Sword 3 damage, Cup 3 Shield, Wand 1 ranged damage, "
        "Pentacle 1 Shield to you and each ally, Strength onto Unlikely Helmet or Weapon, The Fool or The Magician "
        "back on top, The Tower Catastrophe. Surprise Twist adds Death, Judgement, The World, the Wheel, the Chariot, "
        "and lets you keep The Fool, The Magician, Knights and Queens for your next hand."
    )
    keeps_cards = True
    playable = False
    upgrade = "Surprise Twist"
    companions = GEAR

    def at_turn_end(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        if fighter.in_combat:
            draw(state, fighter, 1, events, then="joke")

    def at_turn_start(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        pocket = fighter.bins.get(self.id)
        if pocket:
            fighter.hand.extend(pocket)
            if not state.quiet:
                events.append(CardsToHand(fighter.id, tuple(pocket), self.id))
            pocket.clear()


@after_draw("joke")
def _joke_drawn(
    state: CombatState, fighter: Fighter, drawn: list[CardId], context: Context, events: list[Event]
) -> None:
    for card in drawn:
        _joke(state, fighter, card, events)


def _joke(state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
    twist = ThrowawayJoke.id in fighter.upgrades
    if card == TOWER:  # Catastrophe has already struck as it was drawn
        if twist:
            take_corruption(fighter, UPGRADE_CORRUPTION, "Surprise Twist drew The Tower", events)
        return
    if card not in fighter.hand:
        return
    name = CARDS[card].name
    if card in (FOOL, MAGICIAN):
        if twist:
            options = [
                Option(f"Put {name} back on top", TaggedCard("top", card)),
                Option(f"Keep {name}", TaggedCard("keep", card)),
            ]
            ask(state, "joke-keep", fighter.id, f"Surprise Twist: keep {name} for your next hand?", options, events)
        else:
            _to_top(state, fighter, card, events)
        return
    if card == STRENGTH:
        options = [Option(f"Strength on {ABILITIES[g].name}", StrengthTarget(g, card)) for g in GEAR]
        ask(state, "joke-strength", fighter.id, "Throwaway Joke: where does Strength go?", options, events)
        return
    if CARDS[card].is_major:
        if twist and card == CHARIOT and fighter.zone is not None:
            options = [
                Option(f"Move to {zone_name(z)} and keep The Chariot", RideTarget("move", card, *z))
                for z in state.room.neighbours(fighter.zone)
            ]
            options.append(Option("Let The Chariot go", TaggedCard("discard", card)))
            ask(state, "joke-chariot", fighter.id, "Surprise Twist: ride The Chariot?", options, events)
            return
        _discard_from_hand(state, fighter, card, ThrowawayJoke.id, events)
        if twist:
            _twist_major(state, fighter, card, events)
        return
    _joke_minor(state, fighter, card, events)
    if twist and CARDS[card].value in TWIST_KEEPS_RANKS:
        options = [
            Option(f"Discard {name}", TaggedCard("discard", card)),
            Option(f"Keep {name}", TaggedCard("keep", card)),
        ]
        ask(state, "joke-keep", fighter.id, f"Surprise Twist: keep {name} for your next hand?", options, events)
    else:
        _discard_from_hand(state, fighter, card, ThrowawayJoke.id, events)


def _joke_minor(state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
    suit = CARDS[card].suit
    if suit is Suit.SWORDS:
        offer_strike(state, fighter, [(JOKE_SWORD_DAMAGE, False, False)], events, ThrowawayJoke.name)
    elif suit is Suit.CUPS:
        generate_shield(state, fighter, JOKE_CUP_SHIELD, events)
    elif suit is Suit.WANDS:
        offer_strike(state, fighter, [(JOKE_WAND_RANGED, True, False)], events, ThrowawayJoke.name)
    else:
        generate_shield(state, fighter, JOKE_PENTACLE_SHIELD, events)
        for ally in _allies(state, fighter):
            gain_shield(state, ally, JOKE_PENTACLE_SHIELD, events)


def _twist_major(state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
    if card == DEATH:
        offer_strike(state, fighter, [(TWIST_DEATH_DAMAGE, True, True)], events, "Surprise Twist")
    elif card == WHEEL_OF_FORTUNE:
        draw(state, fighter, TWIST_WHEEL_DRAWS, events, then="joke")
    elif card == JUDGEMENT:
        take_corruption(fighter, UPGRADE_CORRUPTION, "Surprise Twist drew Judgement", events)
        bonus = sum(b.damage_bonus(state, fighter, True, True) for b in hooks(fighter.abilities).damage_bonus)
        for adversary in every_adversary(state, fighter):
            damage_adversary(state, fighter, adversary, TWIST_JUDGEMENT_DAMAGE + bonus, True, True, events)
    elif card == WORLD:
        take_corruption(fighter, UPGRADE_CORRUPTION, "Surprise Twist drew The World", events)
        for ally in _allies(state, fighter):
            gained = max(0, START_HP - ally.hp)
            ally.hp += gained
            if not state.quiet:
                events.append(HealthRegained(ally.id, gained, ally.hp))


@resolver("joke-keep")
def _joke_keep(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    chosen = target_of(option, TaggedCard)
    choice, card = chosen.tag, chosen.card
    if card not in fighter.hand:
        return
    if choice == "keep":
        _hand_to_bin(state, fighter, card, ThrowawayJoke.id, events)
    elif choice == "top":
        _to_top(state, fighter, card, events)
    else:
        _discard_from_hand(state, fighter, card, ThrowawayJoke.id, events)


@resolver("joke-strength")
def _joke_strength(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    strength = target_of(option, StrengthTarget)
    target, card = strength.gear, strength.card
    if card in fighter.hand:
        fighter.hand.remove(card)
        place(state, fighter, card, target, events)


@resolver("joke-chariot")
def _joke_chariot(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    ride = option.value
    if isinstance(ride, TaggedCard):  # "discard": let The Chariot go
        if ride.card in fighter.hand:
            _discard_from_hand(state, fighter, ride.card, ThrowawayJoke.id, events)
        return
    ride = target_of(option, RideTarget)
    card = ride.card
    if card not in fighter.hand:
        return
    move(state, fighter, (ride.column, ride.row), events)
    _hand_to_bin(state, fighter, card, ThrowawayJoke.id, events)


# --- Crisis Averted and Happy Accident ----------------------------------------------------------------------


class CrisisAverted(HoldingBin):
    """FOOL-CRISIS-AVERTED, upgraded by Happy Accident (FOOL-HAPPY-ACCIDENT). Takes no cards.

    The shuffling back itself lives in effects.draw; this ability only says who may do it.
    """

    arcana = Arcana.FOOL  # a Fool ability that only holds cards (one base class: mypyc has no multiple inheritance)

    id = "crisis_averted"
    name = "Crisis Averted"
    summary = (
        "When a card you draw would do something at once (The Tower, or a card an ability draws to read), you may "
        "pay 2 HP and shuffle it back instead. Happy Accident (1 Corruption to switch on): every other player may "
        "do the same."
    )
    playable = False
    upgrade = "Happy Accident"

    def intercepts_draw(self, state: CombatState, owner: Fighter, drawer: Fighter) -> bool:
        if drawer.id == owner.id:
            return True
        return bool(owner.marks.get(HAPPY_ACCIDENT)) and drawer.kind is FighterKind.PLAYER and owner.in_combat

    switch_on = SwitchOn(
        HAPPY_ACCIDENT,
        f"Switch on Happy Accident ({UPGRADE_CORRUPTION} Corruption)",
        UPGRADE_CORRUPTION,
        "switched on Happy Accident",
    )


# --- small moves ---------------------------------------------------------------------------------------------


def _hand_to_bin(state: CombatState, fighter: Fighter, card: CardId, ability: str, events: list[Event]) -> None:
    """Move a card from the hand onto a bin without firing it (the ability is already resolving)."""
    fighter.hand.remove(card)
    fighter.bins.setdefault(ability, []).append(card)
    if not state.quiet:
        events.append(CardPlaced(fighter.id, card, ability))


def _discard_from_hand(state: CombatState, fighter: Fighter, card: CardId, origin: str, events: list[Event]) -> None:
    fighter.hand.remove(card)
    forget(fighter, [card])
    state.piles[fighter.pile].discard.append(card)
    if not state.quiet:
        events.append(CardsDiscarded(fighter.id, (card,), origin))


def _to_top(state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
    fighter.hand.remove(card)
    forget(fighter, [card])
    state.piles[fighter.pile].draw.append(card)
    if not state.quiet:
        events.append(CardReturned(fighter.id, card, "top"))


def _allies(state: CombatState, fighter: Fighter) -> list[Fighter]:
    return [f for f in state.fighters if f.id != fighter.id and f.in_combat]


FOOL_ABILITIES = (KitchenSink.id, Laughter.id, Blackjack.id, Parade.id, ThrowawayJoke.id, CrisisAverted.id)
