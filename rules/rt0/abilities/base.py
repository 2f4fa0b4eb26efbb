"""The Ability contract and the registry every bin is found through.

An ability is a bin: it says which cards it takes (``accepts``), how full it is
(``progress``) and what it does when full (``resolve``). Abilities that react to the
fight declare hooks (``on_draw``, ``at_turn_end``, ``before_damage`` …); the engine calls
every hook of a fighter's abilities through ``hooks`` in the order the fighter holds them.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import ClassVar

from ..cards import ALL_IDS, CARDS, FOOL, CardId, Suit
from ..fight.effects import take_corruption
from ..fight.events import AbilityResolved, Event
from ..fight.identity import face, is_wild
from ..fight.registry import ABILITIES as ABILITIES
from ..fight.registry import hooks
from ..fight.state import Adversary, CombatState, Fighter
from ..traits import Arcana, Skill, Spell


@dataclass(frozen=True, slots=True)
class SwitchOn:
    """An upgrade switched on at will, for Corruption, that stays on for the rest of the fight."""

    mark: str  # the ``fighter.marks`` key that says it is on
    offer: str  # the at-will action's label
    corruption: int
    why: str  # the reason ``CorruptionTaken`` gives

    def __init__(self, mark: str, offer: str, corruption: int, why: str) -> None:
        object.__setattr__(self, "mark", mark)
        object.__setattr__(self, "offer", offer)
        object.__setattr__(self, "corruption", corruption)
        object.__setattr__(self, "why", why)


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a bin is: ``have`` of ``need`` (a sum or a count), plus what may come next."""

    have: int
    need: int
    unit: str  # "sum" or "cards"
    next_hint: str = ""

    def __str__(self) -> str:
        text = f"{self.have} / {self.need}" if self.unit == "sum" else f"{self.have} of {self.need} cards"
        return f"{text} — next: {self.next_hint}" if self.next_hint else text

    def __init__(self, have: int, need: int, unit: str, next_hint: str = "") -> None:
        object.__setattr__(self, "have", have)
        object.__setattr__(self, "need", need)
        object.__setattr__(self, "unit", unit)
        object.__setattr__(self, "next_hint", next_hint)


class Ability:
    """A bin. Subclasses set the class attributes and override the hooks they need."""

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]  # the rule in the app's own words, for hover help
    keeps_cards: ClassVar[bool] = False  # cards stay between turns ("cards remain there")
    suits: ClassVar[Collection[Suit] | None] = None  # None: any card
    arcana: ClassVar[Arcana | None] = None  # whose Arcana Ability this is; None for everyone's
    upgrade: ClassVar[str] = ""  # the name of its Corruption Upgrade
    playable: ClassVar[bool] = True  # False: cards only arrive through other effects (Unlikely Helmet)
    passive: ClassVar[bool] = False  # True: a standing rule, not a bin (no cards; UIs need not draw it)
    innate: ClassVar[Arcana | None] = None  # every fighter of this Arcana carries it (HP-PEEK), unchosen
    spell: ClassVar[Spell | None] = None  # the spell this bin casts (``SpellAbility``); None for every other bin
    companions: ClassVar[tuple[str, ...]] = ()  # bins that come into the fight with this one (Kitchen Sink's)
    switch_on: ClassVar[SwitchOn | None] = None  # its upgrade, when that is switched on at will (the one activation)

    accepted: ClassVar[frozenset[CardId] | None] = None  # the card ids ``suits`` lets in, worked out once

    def __init_subclass__(cls) -> None:
        if vars(cls).get("suits") is not None:
            wanted = cls.suits or ()
            cls.accepted = frozenset(card.id for card in CARDS if card.suit in wanted)
        if "id" in vars(cls):
            ABILITIES[cls.id] = cls()

    def __init__(self) -> None:
        # The class's settings ``accepts`` and ``takes`` read, copied onto the one instance: compiled, an instance
        # attribute is a field of the C struct, where a class attribute is a look-up through the type's dicts.
        # ``accepted`` as one byte per card id (1: it fits): an index where a set look-up hashed the card
        accepted = self.accepted
        self.fits: bytes | None = None if accepted is None else bytes(card in accepted for card in ALL_IDS)
        self.can_play: bool = self.playable
        self.fit_suits: frozenset[Suit] = frozenset(self.suits or ())  # ``takes``'s suits, not a new set per card

    # --- taking cards -----------------------------------------------------------------------------

    def accepts(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        """Whether the card may go here now (the fast question ``legal_actions`` asks)."""
        if not self.can_play:
            return False
        if hooks(fighter.abilities).permits:
            verdict = permission(state, fighter, self.id, card)
            if verdict is not None:
                return verdict
        return self.takes(state, fighter, card)

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        """This bin's own condition on the card (suits by default; a wild Fool fits any suit)."""
        accepted = self.fits
        if accepted is None:
            return True
        if card != FOOL and not fighter.counts_as:  # the card counts as itself: the common, fast case
            if 0 <= card < len(accepted) and accepted[card]:
                return True  # its own suit fits, and extra_suits only ever add suits
            if not hooks(fighter.abilities).extra_suits:
                return False
        if is_wild(fighter, card):
            return True
        return bool(suits_of(state, fighter, card) & self.fit_suits)

    def refusal(self, state: CombatState, fighter: Fighter, card: CardId) -> str | None:
        """Why this card may not go here now, or None when it may."""
        return None if self.accepts(state, fighter, card) else self.why_not(state, fighter, card)

    def why_not(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        """The words for a card ``accepts`` refused: an ability's "cannot" first, else this bin's own reason."""
        return forbidden(state, fighter, self.id, card) or self.reason(state, fighter, card)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        """The words for a refused card (only asked once ``accepts`` said no)."""
        if not self.playable:
            return f"Cards reach {self.name} only through another ability."
        if self.suits is not None and not self.takes(state, fighter, card):
            wanted = " or ".join(suit.value for suit in self.suits)
            return f"{self.name} takes {wanted}; {CARDS[card].name} is {_suit_phrase(card)}."
        return f"{self.name} does not take {CARDS[card].name} now."

    # --- filling and firing -----------------------------------------------------------------------

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        """How far these cards on the bin get it."""
        raise NotImplementedError

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        done = self.progress(state, fighter, cards)
        return done.have >= done.need

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        raise NotImplementedError

    def preview(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        """What playing this card here would do, in a few words."""
        if is_wild(fighter, card):
            return f"{self.name}: The Fool becomes the card you name"
        cards = [*fighter.bins.get(self.id, ()), card]
        if self.is_complete(state, fighter, cards):
            return f"completes {self.name}: {self.effect_text(fighter)}"
        return f"{self.name}: {self.progress(state, fighter, cards)}"

    def effect_text(self, fighter: Fighter) -> str:
        return "fires"

    def announce(self, state: CombatState, fighter: Fighter, cards: list[CardId], events: list[Event]) -> None:
        if not state.quiet:
            events.append(AbilityResolved(fighter.id, self.id, tuple(cards)))

    # --- at will (Activate actions) ---------------------------------------------------------------

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        """Things the fighter may do with this ability at will on their turn, as labels."""
        switch = self.switch_on
        if switch is None or self.id not in fighter.upgrades or fighter.marks.get(switch.mark):
            return []
        return [switch.offer]

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        switch = self.switch_on
        if switch is None:
            raise NotImplementedError
        take_corruption(fighter, switch.corruption, switch.why, events)
        fighter.marks[switch.mark] = 1

    # --- hooks (override only what the ability reacts to) -----------------------------------------

    def on_draw(self, state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
        """A card was just drawn into the fighter's hand."""

    def at_turn_start(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        """The fighter's turn begins, after the draw."""

    def at_turn_end(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        """The fighter's turn ends, before unplayed cards are discarded."""

    def before_damage(self, state: CombatState, fighter: Fighter, amount: int, source: str, events: list[Event]) -> int:
        """Damage is about to land on the fighter: return how much still lands."""
        return amount

    def after_damage(self, state: CombatState, fighter: Fighter, amount: int, source: str, events: list[Event]) -> None:
        """Damage landed on the fighter (even if Shield took all of it)."""

    def damage_bonus(self, state: CombatState, fighter: Fighter, ranged: bool, magic: bool) -> int:
        """Extra damage this ability adds to damage the fighter deals."""
        return 0

    def shield_bonus(self, state: CombatState, fighter: Fighter) -> int:
        """Extra Shield this ability adds to Shield the fighter's abilities generate."""
        return 0

    def extra_suits(self, state: CombatState, fighter: Fighter, card: CardId) -> frozenset[Suit]:
        """Suits this ability makes the fighter's cards count as, beyond their own."""
        return frozenset()

    def permits(self, state: CombatState, fighter: Fighter, ability: str, card: CardId) -> bool | None:
        """Overrule whether ``card`` may go on ``ability``: True allows, False forbids, None has no say."""
        return None

    def forbids(self, state: CombatState, fighter: Fighter, ability: str, card: CardId) -> str | None:
        """Why this ability's ``permits`` refuses ``card`` on ``ability`` (shown instead of the bin's own words)."""
        return None

    def catches(self, state: CombatState, fighter: Fighter, source: str, card: CardId) -> bool:
        """Whether this bin takes ``card`` instead of the discard pile when bin ``source`` fires."""
        return False

    def on_fire(self, state: CombatState, fighter: Fighter, ability: str, events: list[Event]) -> None:
        """One of the fighter's bins just fired (its cards are being spent)."""

    def on_discard(
        self, state: CombatState, fighter: Fighter, ability: str, cards: list[CardId], events: list[Event]
    ) -> None:
        """Cards left one of the fighter's bins for the discard pile (fired, end of turn, The Tower …)."""

    def on_cast(self, state: CombatState, fighter: Fighter, spell: Spell, first: bool, events: list[Event]) -> None:
        """The fighter just cast ``spell``; ``first``: not cast before in this fight (MAG-NEXT-TRICK)."""

    def damage_kind(self, state: CombatState, fighter: Fighter, ranged: bool, magic: bool) -> tuple[bool, bool]:
        """What the fighter's damage counts as: (ranged, magic)."""
        return ranged, magic

    def strike_misses(
        self, state: CombatState, fighter: Fighter, adversary: Adversary, amount: int, events: list[Event]
    ) -> bool:
        """The fighter is about to deal ``amount`` damage to ``adversary``: True makes it miss (none is dealt)."""
        return False

    def zone_only(self, state: CombatState, fighter: Fighter) -> bool:
        """Whether the fighter's effects on every adversary reach only the adversaries in their zone."""
        return False

    def reach_all(self, state: CombatState, fighter: Fighter) -> bool:
        """Whether the fighter's effects on every adversary in their zone reach every adversary instead."""
        return False

    def shares_shield(self, state: CombatState, fighter: Fighter) -> bool:
        """Whether Shield the fighter generates for themself goes to every player instead."""
        return False

    def foresees_intents(self, state: CombatState, fighter: Fighter) -> bool:
        """Whether intents are drawn face up, two at a time, with this fighter picking the one kept."""
        return False

    def damage_multiplier(self, state: CombatState, fighter: Fighter, ranged: bool, magic: bool) -> int:
        """What damage the fighter deals is multiplied by, after every bonus (Rage: non-magic damage x2)."""
        return 1

    def shield_multiplier(self, state: CombatState, fighter: Fighter) -> int:
        """What Shield the fighter's abilities generate is multiplied by, after every bonus (Dodge: x2)."""
        return 1

    def shield_generated(self, state: CombatState, fighter: Fighter, amount: int, events: list[Event]) -> None:
        """The fighter's own ability just generated ``amount`` Shield (bonuses and multipliers included)."""

    def receives_shield(self, state: CombatState, fighter: Fighter, amount: int) -> int:
        """Shield about to reach the fighter from any source (their own ability, a share, a spell, an Eddy's row):
        what they gain of it (Broken Leg on a Slow Report Card: nothing). Every gain passes ``effects.gain_shield``."""
        return amount

    def skill_refusal(self, state: CombatState, fighter: Fighter, skill: Skill) -> str | None:
        """Why the fighter cannot make a check of this skill in the fight (Delirium on a Dull Report Card), or None."""
        return None

    def adversary_damaged(
        self, state: CombatState, fighter: Fighter, adversary: Adversary, dealer: str, amount: int, events: list[Event]
    ) -> None:
        """Any fighter (``dealer``) just dealt ``amount`` damage to an adversary (before its Shield).

        Heard by every fighter in the fight, not only the dealer (Charm ends when anyone hits the charmed one)."""

    def intent_drawn(self, state: CombatState, fighter: Fighter, adversary: Adversary, events: list[Event]) -> None:
        """An adversary just took a new intent for this round (heard by every fighter in the fight)."""

    def intercepts_draw(self, state: CombatState, owner: Fighter, drawer: Fighter) -> bool:
        """Whether ``drawer`` may refuse a card they just drew, through this ability ``owner`` holds.

        Asked of every fighter's abilities (Happy Accident lends Crisis Averted to the others).
        """
        return False


def permission(state: CombatState, fighter: Fighter, ability: str, card: CardId) -> bool | None:
    """The first ability with a say on this play decides; a refusal beats a permission."""
    verdicts = [h.permits(state, fighter, ability, card) for h in hooks(fighter.abilities).permits]
    if False in verdicts:
        return False
    return True if True in verdicts else None


def forbidden(state: CombatState, fighter: Fighter, ability: str, card: CardId) -> str | None:
    """The words of the first ability that forbids this play and says why (an injury's "cannot"), or None."""
    for hook in hooks(fighter.abilities).forbids:
        why = hook.forbids(state, fighter, ability, card)
        if why:
            return why
    return None


def suits_of(state: CombatState, fighter: Fighter, card: CardId) -> frozenset[Suit]:
    """The card's suit as the fighter counts it, plus any suits abilities add (Magic Wand)."""
    suits = frozenset((face(fighter, card).suit,))
    for ability in hooks(fighter.abilities).extra_suits:
        suits |= ability.extra_suits(state, fighter, card)
    return suits


def _suit_phrase(card: CardId) -> str:
    suit = CARDS[card].suit
    return "a Major Arcana" if suit is Suit.MAJOR else f"one of the {suit.value}"


def card_sum(fighter: Fighter, cards: list[CardId]) -> int:
    total = 0
    for card in cards:  # a loop, not sum() over a generator: asked after every card played on a sum bin
        total += face(fighter, card).value
    return total
