"""Events in words: the one place that turns the event stream into the combat log's lines.

Pure and Qt-free so the table, saves, replays and text front-ends all tell a fight the same way.
Drawn cards are never named: in hot-seat play the log is on screen for everyone.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..abilities import ABILITIES
from ..cards import CARDS, TOWER
from .events import (
    AbilityAdded,
    AbilityResolved,
    AdversaryDefeated,
    AdversaryHeld,
    AttackWithstood,
    CardDeclared,
    CardPlaced,
    CardReturned,
    CardsDiscarded,
    CardsDrawn,
    CardsPeeked,
    CardsRemoved,
    CardsSearched,
    CardsStowed,
    CardsToHand,
    CardSwapped,
    CatastropheStruck,
    CombatEnded,
    CombatStarted,
    CorruptionTaken,
    DamageAvoided,
    DamageDealt,
    DamageWasted,
    DecisionMade,
    DecisionRequested,
    DeckShuffled,
    DeckStacked,
    DeckTopShown,
    EddyDestroyed,
    EffectWasted,
    Event,
    FateChosen,
    FighterDied,
    HarmUndone,
    HealthLost,
    HealthRegained,
    Honked,
    InjuryTaken,
    InjuryTreated,
    IntentCarriedOut,
    IntentDiscarded,
    IntentDrawn,
    IntentQueued,
    IntentReplaced,
    IntentRevealed,
    IntentsOffered,
    ItemExhausted,
    ItemUsed,
    LeftCombat,
    Moved,
    RoundStarted,
    ShieldDropped,
    ShieldGained,
    SkillCheckMade,
    SpellBorrowed,
    StandInChose,
    TrickCardShown,
    TrickGuessed,
    TurnEnded,
    TurnStarted,
)
from .state import GM, CombatState
from .zones import zone_name

RESULTS = {"victory": "Victory! Every adversary is out of the fight.", "defeat": "Defeat.", "escaped": "Escaped."}


def _ability(ability_id: str) -> str:
    return ABILITIES[ability_id].name if ability_id in ABILITIES else ability_id


def _cards(cards: Iterable[int]) -> str:
    return ", ".join(CARDS[c].name for c in cards)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def narrate(state: CombatState, event: Event) -> str:
    """One log line for an event; an empty string for bookkeeping nobody needs to read."""
    name = state.name_of
    match event:
        case CombatStarted(room):
            return f"The fight begins in a {room}x{room} room."
        case RoundStarted(number):
            return f"— Round {number} —"
        case TurnStarted(fighter):
            return f"{name(fighter)}'s turn."
        case TurnEnded(fighter):
            return f"{name(fighter)} ends the turn."
        case CardsDrawn(fighter, cards):
            return f"{name(fighter)} draws {_plural(len(cards), 'card')}."
        case DeckShuffled(pile):
            owner = "The GM's" if pile == GM else f"{name(pile)}'s" if pile != "eddies" else "The Eddies'"
            return f"{owner} discard pile is shuffled into the deck."
        case CardPlaced(fighter, card, ability):
            return f"{name(fighter)} plays {CARDS[card].name} on {_ability(ability)}."
        case CardsDiscarded(fighter, cards, origin):
            if origin == "hand":
                return f"{name(fighter)} discards {_plural(len(cards), 'card')} left in hand."
            if origin == "catastrophe":
                return f"{name(fighter)} discards {_cards(cards)}."
            return ""  # an ability firing says it itself (AbilityResolved)
        case AbilityResolved(fighter, ability, cards):
            return f"{name(fighter)}'s {_ability(ability)} fires ({_cards(cards)})."
        case DamageDealt(source, target, amount, blocked, hp_after, ranged, magic):
            kind = ("ranged " if ranged else "") + ("magic " if magic else "")
            by_shield = f", {blocked} blocked by Shield" if blocked else ""
            return f"{name(source)} deals {amount} {kind}damage to {name(target)}{by_shield}: {hp_after} HP left."
        case DamageWasted(source, amount, reason):
            return f"{name(source)}'s {amount} damage is wasted: {reason}."
        case ShieldGained(who, amount, total, stopped, stopped_by) if stopped:
            kept = f"gains only {amount} Shield ({total} in all)" if amount else "gains no Shield"
            return f"{name(who)} {kept}: {stopped} kept off ({stopped_by})."
        case ShieldGained(who, amount, total):
            return f"{name(who)} gains {amount} Shield ({total} in all)."
        case ShieldDropped(who, amount):
            return f"{name(who)}'s {amount} Shield fades."
        case HealthRegained(who, amount, hp_after):
            return f"{name(who)} regains {amount} HP ({hp_after} HP)."
        case Moved(who, origin, destination):
            return f"{name(who)} moves from {zone_name(origin)} to {zone_name(destination)}."
        case LeftCombat(fighter):
            return f"{name(fighter)} leaves the fight."
        case CatastropheStruck(fighter, shield):
            extra = f" and gains {shield} Shield" if shield else ""
            return f"Catastrophe! The Tower strikes {name(fighter)}: every bin is cleared{extra}, the turn ends."
        case Honked(fighter):
            return f"{name(fighter)} honks!"
        case IntentDrawn(adversary, card):
            shown = "a face-down intent" if card is None else f"the intent {CARDS[card].name}"
            return f"{name(adversary)} draws {shown}."
        case IntentReplaced(adversary, discarded):
            return f"{name(adversary)} throws away {CARDS[discarded].name} (a Major) for a face-down intent."
        case IntentRevealed(adversary, card):
            return f"{name(adversary)} reveals its intent: {CARDS[card].name}."
        case IntentCarriedOut(adversary, card, summary):
            return f"{name(adversary)} acts on {CARDS[card].name}: {summary}."
        case AdversaryDefeated(adversary, by):
            return f"{name(adversary)} is down, beaten by {name(by)}."
        case FateChosen(adversary, fate):
            return f"{name(adversary)} is {fate}."
        case InjuryTaken(fighter, injury, severity, _hp, cause) if cause:
            return f"{name(fighter)} takes a {severity} injury, {injury}, from {cause}."
        case InjuryTaken(fighter, injury, severity, hp_after):
            return f"{name(fighter)} takes a {severity} injury, {injury}, and is back at {hp_after} HP."
        case FighterDied(fighter):
            return f"{name(fighter)} dies."
        case DecisionRequested(actor, _kind, prompt):
            who = "The GM" if actor == GM else name(actor)
            return f"{who} must choose: {prompt}"
        case DecisionMade(actor, _kind, choice):
            who = "The GM" if actor == GM else name(actor)
            return f"{who} chooses: {choice}."
        case StandInChose(_kind, _choice, reason):
            return f"The oracle decides for the GM: {reason}."
        case SkillCheckMade(fighter, skill, difficulty, cards, outcome, reason):
            verdict = outcome.replace("_", " ")
            return f"{name(fighter)} makes a {difficulty} {skill} check: {verdict} ({reason})."
        case CorruptionTaken(fighter, amount, why):
            return f"{name(fighter)} takes {_plural(amount, 'Corruption point')}: {why}."
        case AbilityAdded(fighter, ability):
            return f"{name(fighter)} brings {_ability(ability)} into the fight."
        case CardDeclared(fighter, card, counts_as):
            return f"{name(fighter)} names {CARDS[card].name} as {CARDS[counts_as].name}."
        case HealthLost(fighter, amount, hp_after, cause):
            return f"{name(fighter)} loses {amount} HP to {cause} ({hp_after} HP left)."
        case CardsPeeked(fighter, cards):
            return f"{name(fighter)} looks at the top {_plural(len(cards), 'card')} of their deck."
        case DeckStacked(fighter, top, bottom):
            return f"{name(fighter)} puts {len(top)} back on top and {bottom} under the deck."
        case IntentsOffered(adversary, cards):
            return f"{name(adversary)} turns up two intents, {_cards(cards)}; one will be kept."
        case IntentQueued(adversary, card):
            shown = "face down" if card is None else CARDS[card].name
            return f"{name(adversary)}'s intent for next round is drawn early: {shown}."
        case HarmUndone(fighter, hp, injuries_removed):
            healed = f" and loses {', '.join(injuries_removed)}" if injuries_removed else ""
            return f"{name(fighter)}'s wounds are undone: back to {hp} HP{healed}."
        case CardsSearched(fighter, cards):
            return f"{name(fighter)} searches their deck and takes {_plural(len(cards), 'card')} into their hand."
        case IntentDiscarded(adversary, _card, why):
            return f"{name(adversary)} loses its intent ({why}) and does nothing this round."
        case InjuryTreated(fighter, injury, becomes):
            healed = f"becomes {becomes}" if becomes else "is healed"
            return f"{name(fighter)}'s {injury} {healed}."
        case EffectWasted(source, effect, reason):
            return f"{name(source)}'s {effect} comes to nothing: {reason}."
        case EddyDestroyed(fighter):
            return f"{name(fighter)} is destroyed. Another Eddy will roll up after the fight."
        case AdversaryHeld(adversary, by):
            return f"{name(by)} pins {name(adversary)} in place for the round."
        case DeckTopShown(pile, card):
            return f"The top card of {name(pile)}'s deck is turned face up: {CARDS[card].name}."
        case SpellBorrowed(fighter, spell):
            return f"{name(fighter)} finds {spell} in the Spellbook and may cast it for the rest of the fight."
        case TrickCardShown(fighter, card):
            # Not named: a right guess takes it into the hand. The Tower is, as its Catastrophe tells all anyway.
            if card == TOWER:
                return f"The GM shows {name(fighter)} The Tower from the top of their deck, then mixes the cards."
            return f"The GM shows {name(fighter)} one of the three cards, then mixes them."
        case TrickGuessed(fighter, _card, right):  # which card stays secret: it goes to the hand or the deck
            verdict = "the card they were shown!" if right else "not the card they were shown."
            return f"{name(fighter)} picks a card: {verdict}"
        case DamageAvoided(fighter, source, amount):
            return f"{name(fighter)} vanishes: {name(source)}'s {amount} damage never lands."
        case CardsRemoved(fighter, cards, for_good):
            # Cards that fired an ability in plain sight (Laughter, Slaughter): naming them gives nothing away.
            until = "for good" if for_good else "for the rest of the Day"
            return f"{name(fighter)}'s {_cards(cards)} leave their deck {until}."
        case CardsToHand(fighter, cards, origin):
            return f"{name(fighter)} takes {_plural(len(cards), 'card')} from {_ability(origin)} into their hand."
        case CardReturned(fighter, _card, where):
            # Never named: the card was drawn, and drawn cards stay secret.
            if where == "top":
                return f"{name(fighter)} puts a card they drew back on top of their deck."
            return f"{name(fighter)} shuffles a card they drew back into their deck."
        case ItemUsed(fighter, item, effect):
            return f"{name(fighter)} uses the {item}: {effect}."
        case ItemExhausted(fighter, item):
            return f"{name(fighter)}'s {item} is used up."
        case CardsStowed(fighter, item, cards, origin):
            # Never named: the Backpack's card came off the deck, the Headphones' lies face down.
            where = "from the top of their deck" if origin == "deck" else "from the check, face down"
            return f"{name(fighter)} puts {_plural(len(cards), 'card')} {where} on the {item}."
        case CardSwapped(fighter, item, _given, _taken):
            return f"{name(fighter)} swaps a card in hand with the one on the {item}."
        case AttackWithstood(fighter, source, amount, medium, item):
            return f"{name(source)}'s {medium} attack ({amount} damage) cannot get through {name(fighter)}'s {item}."
        case CombatEnded(result):
            return RESULTS.get(result, f"The fight ends: {result}.")
    return ""


def narrate_all(state: CombatState, events: Iterable[Event]) -> list[str]:
    """The log lines for a batch of events, bookkeeping left out (the engine announces each decision once)."""
    return [line for line in (narrate(state, event) for event in events) if line]
