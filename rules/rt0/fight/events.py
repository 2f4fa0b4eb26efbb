"""What happened: past-tense facts that ``apply`` returns, for the log, animation and undo.

An event of a class in ``REVEALING`` showed a card nobody knew (a draw, a shuffle, a face-down intent
turned up); undo never steps back across one. (The list sits at the end, not on each class, because a
dataclass attribute in a class body is a field for mypyc, which compiles this layer for simulations.)

Every event writes its own ``__init__`` (each field set through ``object.__setattr__``, so they stay frozen):
mypyc compiles a written one, while the one ``dataclass`` generates runs as plain Python at about four times the
cost, and a fight makes several hundred events (tests/rules/fight/test_value_inits.py keeps them exact, and finds
any event left without one).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CardId
from .zones import Zone


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a fight; each subclass is one kind of fact."""


@dataclass(frozen=True, slots=True)
class CombatStarted(Event):
    room: int

    def __init__(self, room: int) -> None:
        object.__setattr__(self, "room", room)


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int

    def __init__(self, round: int) -> None:
        object.__setattr__(self, "round", round)


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    fighter: str

    def __init__(self, fighter: str) -> None:
        object.__setattr__(self, "fighter", fighter)


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    fighter: str

    def __init__(self, fighter: str) -> None:
        object.__setattr__(self, "fighter", fighter)


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    fighter: str
    cards: tuple[CardId, ...]

    def __init__(self, fighter: str, cards: tuple[CardId, ...]) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class DeckShuffled(Event):
    pile: str

    def __init__(self, pile: str) -> None:
        object.__setattr__(self, "pile", pile)


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    fighter: str
    card: CardId
    ability: str

    def __init__(self, fighter: str, card: CardId, ability: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "ability", ability)


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    fighter: str
    cards: tuple[CardId, ...]
    origin: str  # "hand" or an ability id

    def __init__(self, fighter: str, cards: tuple[CardId, ...], origin: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "origin", origin)


@dataclass(frozen=True, slots=True)
class AbilityResolved(Event):
    fighter: str
    ability: str
    cards: tuple[CardId, ...]

    def __init__(self, fighter: str, ability: str, cards: tuple[CardId, ...]) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "ability", ability)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class DamageDealt(Event):
    source: str
    target: str
    amount: int
    blocked: int
    hp_after: int
    ranged: bool = False
    magic: bool = False

    def __init__(
        self,
        source: str,
        target: str,
        amount: int,
        blocked: int,
        hp_after: int,
        ranged: bool = False,
        magic: bool = False,
    ) -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "blocked", blocked)
        object.__setattr__(self, "hp_after", hp_after)
        object.__setattr__(self, "ranged", ranged)
        object.__setattr__(self, "magic", magic)


@dataclass(frozen=True, slots=True)
class DamageWasted(Event):
    """Damage with nobody in reach to take it."""

    source: str
    amount: int
    reason: str

    def __init__(self, source: str, amount: int, reason: str) -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "reason", reason)


@dataclass(frozen=True, slots=True)
class EffectWasted(Event):
    """An effect other than damage with nobody (or nothing) to take it, e.g. Shield with no one beside the Eddy."""

    source: str
    effect: str
    reason: str

    def __init__(self, source: str, effect: str, reason: str) -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "reason", reason)


@dataclass(frozen=True, slots=True)
class ShieldGained(Event):
    """Shield reached someone; ``stopped`` more was offered but a standing rule (``stopped_by``) kept it off."""

    who: str
    amount: int
    total: int
    stopped: int = 0
    stopped_by: str = ""

    def __init__(self, who: str, amount: int, total: int, stopped: int = 0, stopped_by: str = "") -> None:
        object.__setattr__(self, "who", who)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "stopped", stopped)
        object.__setattr__(self, "stopped_by", stopped_by)


@dataclass(frozen=True, slots=True)
class ShieldDropped(Event):
    who: str
    amount: int

    def __init__(self, who: str, amount: int) -> None:
        object.__setattr__(self, "who", who)
        object.__setattr__(self, "amount", amount)


@dataclass(frozen=True, slots=True)
class HealthRegained(Event):
    who: str
    amount: int
    hp_after: int

    def __init__(self, who: str, amount: int, hp_after: int) -> None:
        object.__setattr__(self, "who", who)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "hp_after", hp_after)


@dataclass(frozen=True, slots=True)
class Moved(Event):
    who: str
    origin: Zone
    destination: Zone

    def __init__(self, who: str, origin: Zone, destination: Zone) -> None:
        object.__setattr__(self, "who", who)
        object.__setattr__(self, "origin", origin)
        object.__setattr__(self, "destination", destination)


@dataclass(frozen=True, slots=True)
class LeftCombat(Event):
    fighter: str

    def __init__(self, fighter: str) -> None:
        object.__setattr__(self, "fighter", fighter)


@dataclass(frozen=True, slots=True)
class CatastropheStruck(Event):
    fighter: str
    shield: int

    def __init__(self, fighter: str, shield: int) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "shield", shield)


@dataclass(frozen=True, slots=True)
class Honked(Event):
    fighter: str

    def __init__(self, fighter: str) -> None:
        object.__setattr__(self, "fighter", fighter)


@dataclass(frozen=True, slots=True)
class IntentDrawn(Event):
    """An adversary's intent for the round; ``card`` is None while it lies face down."""

    adversary: str
    card: CardId | None

    def __init__(self, adversary: str, card: CardId | None) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class IntentReplaced(Event):
    """A Major intent was thrown away at once for a face-down one."""

    adversary: str
    discarded: CardId

    def __init__(self, adversary: str, discarded: CardId) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "discarded", discarded)


@dataclass(frozen=True, slots=True)
class IntentRevealed(Event):
    adversary: str
    card: CardId

    def __init__(self, adversary: str, card: CardId) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class IntentCarriedOut(Event):
    adversary: str
    card: CardId
    summary: str

    def __init__(self, adversary: str, card: CardId, summary: str) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "summary", summary)


@dataclass(frozen=True, slots=True)
class IntentSpent(Event):
    """The adversary's turn is over and its intent card goes to the GM's discard pile (bookkeeping: no log line)."""

    adversary: str

    def __init__(self, adversary: str) -> None:
        object.__setattr__(self, "adversary", adversary)


@dataclass(frozen=True, slots=True)
class AdversaryDefeated(Event):
    adversary: str
    by: str

    def __init__(self, adversary: str, by: str) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "by", by)


@dataclass(frozen=True, slots=True)
class FateChosen(Event):
    adversary: str
    fate: str

    def __init__(self, adversary: str, fate: str) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "fate", fate)


@dataclass(frozen=True, slots=True)
class InjuryTaken(Event):
    fighter: str
    injury: str
    severity: str
    hp_after: int
    cause: str = ""  # set when something other than 0 HP brought it (an item: HP stays as it was)

    def __init__(self, fighter: str, injury: str, severity: str, hp_after: int, cause: str = "") -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "injury", injury)
        object.__setattr__(self, "severity", severity)
        object.__setattr__(self, "hp_after", hp_after)
        object.__setattr__(self, "cause", cause)


@dataclass(frozen=True, slots=True)
class InjuryGiven(Event):
    """ADV-INJURE: an adversary gave an injury directly; HP is unchanged."""

    fighter: str
    injury: str
    severity: str

    def __init__(self, fighter: str, injury: str, severity: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "injury", injury)
        object.__setattr__(self, "severity", severity)


@dataclass(frozen=True, slots=True)
class HealthLost(Event):
    """HP lost without Damage, so Shield does not help: an injury's bleeding, or a cost such as Crisis Averted's.

    ``cause`` names the injury or the ability, never a card drawn in secret.
    """

    fighter: str
    amount: int
    hp_after: int
    cause: str

    def __init__(self, fighter: str, amount: int, hp_after: int, cause: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "hp_after", hp_after)
        object.__setattr__(self, "cause", cause)


@dataclass(frozen=True, slots=True)
class FighterDied(Event):
    fighter: str

    def __init__(self, fighter: str) -> None:
        object.__setattr__(self, "fighter", fighter)


@dataclass(frozen=True, slots=True)
class EddyDestroyed(Event):
    """An Eddy at 0 HP: no injuries, it is out of the fight (another rolls up next scene)."""

    fighter: str

    def __init__(self, fighter: str) -> None:
        object.__setattr__(self, "fighter", fighter)


@dataclass(frozen=True, slots=True)
class AdversaryHeld(Event):
    """The adversary cannot move for the rest of this round (The Hanged Man on the Eddy sheet)."""

    adversary: str
    by: str

    def __init__(self, adversary: str, by: str) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "by", by)


@dataclass(frozen=True, slots=True)
class DeckTopShown(Event):
    """The top card of a draw pile turned face up; it stays visible until drawn."""

    pile: str
    card: CardId

    def __init__(self, pile: str, card: CardId) -> None:
        object.__setattr__(self, "pile", pile)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class DecisionRequested(Event):
    actor: str
    kind: str
    prompt: str

    def __init__(self, actor: str, kind: str, prompt: str) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "prompt", prompt)


@dataclass(frozen=True, slots=True)
class DecisionMade(Event):
    actor: str
    kind: str
    choice: str

    def __init__(self, actor: str, kind: str, choice: str) -> None:
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "choice", choice)


@dataclass(frozen=True, slots=True)
class StandInChose(Event):
    """In solo play the oracle answered a GM decision (rules/rt0/solo/gm_stand_in.py). The engine never emits it:
    the solo session puts it before the events of the step that carried the answer out, for the log."""

    kind: str
    choice: str
    reason: str

    def __init__(self, kind: str, choice: str, reason: str) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "choice", choice)
        object.__setattr__(self, "reason", reason)


@dataclass(frozen=True, slots=True)
class SkillCheckMade(Event):
    """A check made mid-fight through Movement / Skill (SKL-IN-COMBAT)."""

    fighter: str
    skill: str
    difficulty: str
    cards: tuple[CardId, ...]
    outcome: str
    reason: str

    def __init__(
        self,
        fighter: str,
        skill: str,
        difficulty: str,
        cards: tuple[CardId, ...],
        outcome: str,
        reason: str,
    ) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "skill", skill)
        object.__setattr__(self, "difficulty", difficulty)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "reason", reason)


@dataclass(frozen=True, slots=True)
class SkillCheckJudged(SkillCheckMade):
    """A check under Penalty once the GM named the worse card (SKL-PENALTY). Its cards were shown with the question,
    so it reveals nothing and the GM's answer can be taken back."""

    def __init__(
        self,
        fighter: str,
        skill: str,
        difficulty: str,
        cards: tuple[CardId, ...],
        outcome: str,
        reason: str,
    ) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "skill", skill)
        object.__setattr__(self, "difficulty", difficulty)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "reason", reason)


@dataclass(frozen=True, slots=True)
class CorruptionTaken(Event):
    fighter: str
    amount: int
    why: str

    def __init__(self, fighter: str, amount: int, why: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "why", why)


@dataclass(frozen=True, slots=True)
class AbilityAdded(Event):
    """An Arcana Ability brought into the fight (CMB-CHOOSE-ABILITIES)."""

    fighter: str
    ability: str

    def __init__(self, fighter: str, ability: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "ability", ability)


@dataclass(frozen=True, slots=True)
class CardDeclared(Event):
    """A wild card was named as another card (FOOL-WILDCARD)."""

    fighter: str
    card: CardId
    counts_as: CardId

    def __init__(self, fighter: str, card: CardId, counts_as: CardId) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "counts_as", counts_as)


@dataclass(frozen=True, slots=True)
class CardsRemoved(Event):
    """Cards taken out of the fighter's deck: for the rest of the Day (Laughter) or for good (Slaughter)."""

    fighter: str
    cards: tuple[CardId, ...]
    for_good: bool

    def __init__(self, fighter: str, cards: tuple[CardId, ...], for_good: bool) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "for_good", for_good)


@dataclass(frozen=True, slots=True)
class CardsToHand(Event):
    """Cards moved from an ability (or the table) into the fighter's hand."""

    fighter: str
    cards: tuple[CardId, ...]
    origin: str

    def __init__(self, fighter: str, cards: tuple[CardId, ...], origin: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "origin", origin)


@dataclass(frozen=True, slots=True)
class CardReturned(Event):
    """A card went back into the fighter's deck: on top, or shuffled in."""

    fighter: str
    card: CardId
    where: str  # "top" or "shuffled"

    def __init__(self, fighter: str, card: CardId, where: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "where", where)


@dataclass(frozen=True, slots=True)
class CombatEnded(Event):
    result: str  # "victory", "defeat" or "escaped"

    def __init__(self, result: str) -> None:
        object.__setattr__(self, "result", result)


# --- foresight (The High Priestess) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardsPeeked(Event):
    """A fighter looked at cards from the top of their deck; only they see which (HP-PEEK, HP-YES-NO)."""

    fighter: str
    cards: tuple[CardId, ...]

    def __init__(self, fighter: str, cards: tuple[CardId, ...]) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class DeckStacked(Event):
    """Peeked cards went back: ``top`` in the order they will be drawn, ``bottom`` shuffled under the deck."""

    fighter: str
    top: tuple[CardId, ...]
    bottom: int

    def __init__(self, fighter: str, top: tuple[CardId, ...], bottom: int) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "top", top)
        object.__setattr__(self, "bottom", bottom)


@dataclass(frozen=True, slots=True)
class IntentsOffered(Event):
    """An adversary drew two intents face up; a fighter picks the one it keeps (HP-BETTER-NOT-TELL)."""

    adversary: str
    cards: tuple[CardId, ...]

    def __init__(self, adversary: str, cards: tuple[CardId, ...]) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class IntentQueued(Event):
    """An adversary's intent for next round, drawn ahead of time (HP-YES-NO); ``card`` None while face down."""

    adversary: str
    card: CardId | None

    def __init__(self, adversary: str, card: CardId | None) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class HarmUndone(Event):
    """A player's HP and injuries were put back as they were (HP-MISTAKE-CORRECTED)."""

    fighter: str
    hp: int
    injuries_removed: tuple[str, ...]

    def __init__(self, fighter: str, hp: int, injuries_removed: tuple[str, ...]) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "hp", hp)
        object.__setattr__(self, "injuries_removed", injuries_removed)


@dataclass(frozen=True, slots=True)
class CardsSearched(Event):
    """Cards were looked for in a deck and put in the hand (Fishing); not a draw."""

    fighter: str
    cards: tuple[CardId, ...]

    def __init__(self, fighter: str, cards: tuple[CardId, ...]) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, slots=True)
class IntentDiscarded(Event):
    """An adversary's intent was thrown away before it acted; it does nothing this round.

    ``why`` says what did it, for the log: "charmed" (Charm), "driven crazy" (You're Driving Me Crazy)."""

    adversary: str
    card: CardId
    why: str

    def __init__(self, adversary: str, card: CardId, why: str) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "why", why)


@dataclass(frozen=True, slots=True)
class InjuryTreated(Event):
    """An injury was removed (``becomes`` empty) or downgraded to ``becomes`` mid-fight (Heal)."""

    fighter: str
    injury: str
    becomes: str

    def __init__(self, fighter: str, injury: str, becomes: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "injury", injury)
        object.__setattr__(self, "becomes", becomes)


# --- The Magician ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpellBorrowed(Event):
    """A fighter may cast a spell nobody learned for the rest of the fight (MAG-SPELLBOOK)."""

    fighter: str
    spell: str

    def __init__(self, fighter: str, spell: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "spell", spell)


@dataclass(frozen=True, slots=True)
class TrickCardShown(Event):
    """The GM showed one of the three face-down cards of Three Card Monte (MAG-THREE-CARD-MONTE)."""

    fighter: str
    card: CardId

    def __init__(self, fighter: str, card: CardId) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class TrickGuessed(Event):
    """The fighter picked one of Three Card Monte's mixed cards; ``right`` when it was the one shown."""

    fighter: str
    card: CardId
    right: bool

    def __init__(self, fighter: str, card: CardId, right: bool) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "right", right)


@dataclass(frozen=True, slots=True)
class DamageAvoided(Event):
    """Damage that would have hit the fighter never landed (MAG-DISAPPEARING-ACT)."""

    fighter: str
    source: str
    amount: int

    def __init__(self, fighter: str, source: str, amount: int) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "amount", amount)


# --- items (ITM-*) -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ItemUsed(Event):
    """A fighter used one of their items; ``effect`` says what it did, in a few words."""

    fighter: str
    item: str
    effect: str

    def __init__(self, fighter: str, item: str, effect: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "item", item)
        object.__setattr__(self, "effect", effect)


@dataclass(frozen=True, slots=True)
class ItemExhausted(Event):
    """An Exhaust item was used up and leaves the fighter's belongings."""

    fighter: str
    item: str

    def __init__(self, fighter: str, item: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "item", item)


@dataclass(frozen=True, slots=True)
class CardsStowed(Event):
    """Cards went onto an item: the Backpack's card from the deck, a card kept face down on the Headphones."""

    fighter: str
    item: str
    cards: tuple[CardId, ...]
    origin: str  # "deck" (drawn) or "check" (the card a check was won with)

    def __init__(self, fighter: str, item: str, cards: tuple[CardId, ...], origin: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "item", item)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "origin", origin)


@dataclass(frozen=True, slots=True)
class CardSwapped(Event):
    """A card from the hand changed places with the card on an item (the Backpack)."""

    fighter: str
    item: str
    given: CardId
    taken: CardId

    def __init__(self, fighter: str, item: str, given: CardId, taken: CardId) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "item", item)
        object.__setattr__(self, "given", given)
        object.__setattr__(self, "taken", taken)


@dataclass(frozen=True, slots=True)
class AttackWithstood(Event):
    """A gas or liquid attack could not touch a fighter in a sealed suit."""

    fighter: str
    source: str
    amount: int
    medium: str
    item: str

    def __init__(self, fighter: str, source: str, amount: int, medium: str, item: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "medium", medium)
        object.__setattr__(self, "item", item)


REVEALING: frozenset[type[Event]] = frozenset(
    {
        CardsDrawn,
        DeckShuffled,
        IntentDrawn,
        IntentReplaced,
        IntentRevealed,
        DeckTopShown,
        SkillCheckMade,
        CardsPeeked,
        DeckStacked,  # the cards put under the deck were shuffled
        IntentsOffered,
        IntentQueued,
        CardsSearched,
        TrickCardShown,
        TrickGuessed,
        CardsStowed,  # the Backpack's card came off the deck
    }
)


def reveals(event: Event) -> bool:
    """Whether this event showed a card nobody knew (undo stops before it)."""
    return type(event) in REVEALING


TALLIED: frozenset[type[Event]] = frozenset({DamageDealt, ShieldGained, HealthLost, InjuryTaken, CorruptionTaken})
"""The events a quiet fight (``CombatState.quiet``) still makes: what the balance lab counts, and what its
lookahead scores. Every other event is made only when somebody may be listening (a table, a log, a dry run)."""
