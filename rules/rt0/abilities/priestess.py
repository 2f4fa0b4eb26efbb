"""The High Priestess: her look at the top two cards (HP-PEEK) and her Arcana Abilities (HP-*).

Every piece is an Ability in the one mechanism: bins that take cards, passives with ``playable =
False``, and hooks the engine already dispatches. Per-fight switches live in ``fighter.marks``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .. import rng
from ..cards import CARDS, HIGH_PRIESTESS, CardId, Suit
from ..fight.decisions import ask, context_of, decision_context, decision_targets, resolver, target_of, variadic
from ..fight.effects import (
    adversaries_near,
    area_damage,
    discard_ability,
    draw,
    generate_shield,
    offer_strike,
    take_corruption,
    take_into_hand,
)
from ..fight.events import CardsPeeked, DeckShuffled, DeckStacked, Event, HarmUndone, IntentRevealed
from ..fight.identity import face, forget, value
from ..fight.intents import draw_intent, redraw_intent
from ..fight.state import (
    AnswerTarget,
    CardsTarget,
    CardTarget,
    Checkpoint,
    CombatState,
    Context,
    Fighter,
    FighterKind,
    FighterTarget,
    Option,
    PendingDecision,
)
from ..traits import Arcana
from .base import ABILITIES, Ability, Progress

HP = Arcana.HIGH_PRIESTESS


def is_priestess(fighter: Fighter, card: CardId) -> bool:
    """The High Priestess, or a card counting as her (HP-FOOL)."""
    return face(fighter, card).id == HIGH_PRIESTESS


def _holds_priestess(fighter: Fighter, ability: str) -> bool:
    return any(is_priestess(fighter, c) for c in fighter.bins.get(ability, ()))


def _yes_no(options: tuple[str, str]) -> list[Option]:
    return [Option(options[0], AnswerTarget(True)), Option(options[1], AnswerTarget(False))]


def _yes(option: Option) -> bool:
    return target_of(option, AnswerTarget).yes


@dataclass(frozen=True, slots=True)
class Peeked(Context):
    """The top cards of the deck Second Sight looked at, first drawn first (saved as their bare list)."""

    cards: tuple[CardId, ...]

    def __init__(self, cards: tuple[CardId, ...]) -> None:
        object.__setattr__(self, "cards", cards)


variadic(Peeked)
decision_context(Peeked, "second-sight")


@dataclass(frozen=True, slots=True)
class Sorting(Context):
    """YES NO sorts the cards it looked at one by one: those looked at, those sent down so far, the reading's mode
    ("yes_no", "good_bye" or "gift") and the card now asked about."""

    looked: tuple[CardId, ...]
    bottom: tuple[CardId, ...]
    mode: str
    index: int

    def __init__(self, looked: tuple[CardId, ...], bottom: tuple[CardId, ...], mode: str, index: int) -> None:
        object.__setattr__(self, "looked", looked)
        object.__setattr__(self, "bottom", bottom)
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "index", index)


decision_context(Sorting, "yes-no-sort")


@dataclass(frozen=True, slots=True)
class Ordering(Context):
    """YES NO puts the kept cards back in an order: those looked at, those sent down, the order so far, the mode."""

    looked: tuple[CardId, ...]
    bottom: tuple[CardId, ...]
    order: tuple[CardId, ...]
    mode: str

    def __init__(
        self,
        looked: tuple[CardId, ...],
        bottom: tuple[CardId, ...],
        order: tuple[CardId, ...],
        mode: str,
    ) -> None:
        object.__setattr__(self, "looked", looked)
        object.__setattr__(self, "bottom", bottom)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "mode", mode)


decision_context(Ordering, "yes-no-order", "good-bye-priestess")
decision_targets("second-sight", CardsTarget)
decision_targets("yes-no-order", CardTarget)
for _kind in ("better-not-tell", "good-bye", "yes-no-sort", "good-bye-priestess", "origami", "astronomy"):
    decision_targets(_kind, AnswerTarget)


def _peek(state: CombatState, fighter: Fighter, count: int, events: list[Event]) -> list[CardId]:
    """The next ``count`` cards of the fighter's deck, first drawn first; a short deck takes its discard in."""
    pile = state.piles[fighter.pile]
    if len(pile.draw) < count and pile.discard:
        state.rng = pile.shuffle_discard_in(state.rng)
        if not state.quiet:
            events.append(DeckShuffled(fighter.pile))
    cards = pile.top(count)
    if cards and not state.quiet:
        events.append(CardsPeeked(fighter.id, tuple(cards)))
    return cards


class _Passive(Ability):
    """A standing rule with no cards of its own."""

    playable = False
    passive = True

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(0, 0, "cards")

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        return False


# --- HP-PEEK ---------------------------------------------------------------------------------------


class SecondSight(_Passive):
    """HP-PEEK: every High Priestess carries it (``innate``); the turn loop knows nothing of it."""

    id = "second_sight"
    name = "Second Sight"
    summary = "At the start of each of your combat turns, look at your top two cards; draw both, one or none."
    innate = HP

    def at_turn_start(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        if state.ending_turn:  # The Tower already ended the turn
            return
        top = _peek(state, fighter, 2, events)
        if not top:
            return
        prompt = "Second Sight: which of the top cards of your deck do you draw?"
        ask(state, "second-sight", fighter.id, prompt, _sight_options(top), events, Peeked(tuple(top)), private=True)


def _sight_options(top: list[CardId]) -> list[Option]:
    """Second Sight's options for these top cards: worked out once per pair of cards (options are values, and
    asked every turn of every High Priestess, their labels were most of the question's cost)."""
    key = top[0] * len(CARDS) + top[1] if len(top) == 2 else len(CARDS) * len(CARDS) + top[0]
    known = _SIGHT_OPTIONS[key]
    if known is None:
        names = [CARDS[c].name for c in top]
        options = []
        if len(top) == 2:
            options.append(Option(f"Draw both: {names[0]} and {names[1]}", CardsTarget((0, 1))))
        options += [Option(f"Draw only {name}", CardsTarget((i,))) for i, name in enumerate(names)]
        options.append(Option("Draw neither", CardsTarget(())))
        known = _SIGHT_OPTIONS[key] = tuple(options)
    return list(known)


_SIGHT_OPTIONS: Final[list[tuple[Option, ...] | None]] = [None] * (len(CARDS) * (len(CARDS) + 1))
"""By pair of top cards (first, second), then by one card alone."""


@resolver("second-sight")
def _second_sight(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    if state.ending_turn:  # The Tower was kept while this waited (Crisis Averted asked first): the turn is over
        return
    pile = state.piles[fighter.pile]
    top = context_of(decision, Peeked).cards
    chosen = [top[i] for i in target_of(option, CardsTarget).places if top[i] in pile.draw]
    for card in chosen:
        pile.draw.remove(card)
    if chosen:
        take_into_hand(state, fighter, chosen, events)


# --- HP-ALL-SIGNS / HP-BETTER-NOT-TELL --------------------------------------------------------------

SIGNS = (2, 3, 4, 9)
SIGNS_OPEN = "all_signs_open"  # marks: The High Priestess has taken her place on All Signs Point to Yes
BETTER_NOT_TELL = "better_not_tell"  # marks: Better Not Tell You Now was paid for while she is there
SIGN_DAMAGE = 7
BETTER_NOT_TELL_DAMAGE = 3


def _is_sign(fighter: Fighter, card: CardId) -> bool:
    """A Minor Two, Three, Four or Nine (ruling HP-ALL-SIGNS: Majors already go on Concentrate)."""
    card_face = face(fighter, card)
    return not card_face.is_major and card_face.value in SIGNS


class AllSignsPointToYes(Ability):
    """HP-ALL-SIGNS, upgraded by Better Not Tell You Now (HP-BETTER-NOT-TELL)."""

    id = "all_signs_point_to_yes"
    name = "All Signs Point to Yes"
    summary = (
        "Place The High Priestess here. While she stays, Twos, Threes, Fours and Nines may go on Concentrate and "
        "gather here when it fires. Discard her when you like (or to The Tower): 7 magic damage per gathered card "
        "to every adversary in your zone. Better Not Tell You Now (1 Corruption): every intent face up, drawn two "
        "at a time for you to pick from, and 3 ranged magic damage to every adversary when she leaves."
    )
    keeps_cards = True
    arcana = HP
    upgrade = "Better Not Tell You Now"

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        return is_priestess(fighter, card) and not _holds_priestess(fighter, self.id)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        if _holds_priestess(fighter, self.id):
            return "The High Priestess is already on All Signs Point to Yes."
        return f"All Signs Point to Yes takes only The High Priestess; {CARDS[card].name} is not her."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        signs = sum(1 for c in cards if not is_priestess(fighter, c))
        hint = "2, 3, 4 or 9 through Concentrate" if fighter.marks.get(SIGNS_OPEN) else "The High Priestess"
        return Progress(signs, signs, "cards", hint)

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        """Complete the moment she arrives: that is when the upgrade is offered."""
        return not fighter.marks.get(SIGNS_OPEN) and any(is_priestess(fighter, c) for c in cards)

    def effect_text(self, fighter: Fighter) -> str:
        return "Twos, Threes, Fours and Nines may go on Concentrate and gather here"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        fighter.marks[SIGNS_OPEN] = 1
        self.announce(state, fighter, fighter.bins[self.id].copy(), events)
        if self.id in fighter.upgrades:
            options = _yes_no(("Take 1 Corruption: Better Not Tell You Now", "No"))
            ask(state, "better-not-tell", fighter.id, "Better Not Tell You Now?", options, events)

    def _open(self, fighter: Fighter) -> bool:
        return bool(fighter.marks.get(SIGNS_OPEN)) and _holds_priestess(fighter, self.id)

    def permits(self, state: CombatState, fighter: Fighter, ability: str, card: CardId) -> bool | None:
        if ability == "concentrate" and self._open(fighter) and _is_sign(fighter, card):
            return True
        return None

    def catches(self, state: CombatState, fighter: Fighter, source: str, card: CardId) -> bool:
        return source == "concentrate" and self._open(fighter) and _is_sign(fighter, card)

    def foresees_intents(self, state: CombatState, fighter: Fighter) -> bool:
        return bool(fighter.marks.get(BETTER_NOT_TELL)) and self._open(fighter)

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        if not self._open(fighter):
            return []
        signs = len(fighter.bins[self.id]) - 1
        return [f"Discard The High Priestess: {SIGN_DAMAGE * signs} magic damage to every adversary in your zone"]

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        discard_ability(state, fighter, self.id, events)  # on_discard deals the damage

    def on_discard(
        self, state: CombatState, fighter: Fighter, ability: str, cards: list[CardId], events: list[Event]
    ) -> None:
        if ability != self.id or not any(is_priestess(fighter, c) for c in cards):
            return
        better_not_tell = fighter.marks.pop(BETTER_NOT_TELL, 0)
        fighter.marks.pop(SIGNS_OPEN, None)
        signs = sum(1 for c in cards if not is_priestess(fighter, c))
        area_damage(state, fighter, SIGN_DAMAGE * signs, False, True, events)
        if better_not_tell:
            area_damage(state, fighter, BETTER_NOT_TELL_DAMAGE, True, True, events, everywhere=True)


@resolver("better-not-tell")
def _better_not_tell(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    if not _yes(option):
        return
    fighter = state.fighter(decision.actor)
    take_corruption(fighter, 1, "Better Not Tell You Now", events)
    fighter.marks[BETTER_NOT_TELL] = 1
    for adversary in state.adversaries:
        if adversary.intent is not None and adversary.intent_hidden:
            adversary.intent_hidden = False
            if not state.quiet:
                events.append(IntentRevealed(adversary.id, adversary.intent))
    for adversary_id, (card, _) in state.queued_intents.items():
        state.queued_intents[adversary_id] = (card, False)


# --- HP-YES-NO / HP-GOOD-BYE ------------------------------------------------------------------------

LOOK = 5
YES_NO_DRAW = 3
GIFT = "yes_no_gift"  # marks on another player: GOOD BYE lets them do YES NO once


class YesNo(Ability):
    """HP-YES-NO, upgraded by GOOD BYE (HP-GOOD-BYE)."""

    id = "yes_no"
    name = "YES NO"
    summary = (
        "Place The High Priestess here: look at your top five cards, send any of them shuffled to the bottom and "
        "order the rest, draw three, and draw every adversary's intent for next round now. She is discarded at the "
        "end of your turn. GOOD BYE (1 Corruption): she may go back into your deck under the cards you kept on top, "
        "and every other player may do YES NO once."
    )
    arcana = HP
    upgrade = "GOOD BYE"

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        return is_priestess(fighter, card) and not fighter.bins.get(self.id)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        if fighter.bins.get(self.id):
            return "YES NO already holds The High Priestess this turn."
        return f"YES NO takes only The High Priestess; {CARDS[card].name} is not her."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), 1, "cards")

    def effect_text(self, fighter: Fighter) -> str:
        return "look at five, draw three, foresee next round's intents"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        self.announce(state, fighter, fighter.bins[self.id].copy(), events)
        if self.id in fighter.upgrades:
            options = _yes_no(("Take 1 Corruption: GOOD BYE", "No"))
            ask(state, "good-bye", fighter.id, "GOOD BYE?", options, events)
            return
        begin_reading(state, fighter, "yes_no", events)


@resolver("good-bye")
def _good_bye(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    if _yes(option):
        take_corruption(fighter, 1, "GOOD BYE", events)
    begin_reading(state, fighter, "good_bye" if _yes(option) else "yes_no", events)


def begin_reading(state: CombatState, fighter: Fighter, mode: str, events: list[Event]) -> None:
    """The YES NO action: ``mode`` is "yes_no", "good_bye" (upgraded, paid) or "gift" (another player's)."""
    looked = _peek(state, fighter, LOOK, events)
    _ask_sort(state, fighter, tuple(looked), (), mode, events)


def _ask_sort(
    state: CombatState,
    fighter: Fighter,
    looked: tuple[CardId, ...],
    bottom: tuple[CardId, ...],
    mode: str,
    events: list[Event],
    index: int = 0,
) -> None:
    if index < len(looked):
        name = CARDS[looked[index]].name
        options = [
            Option(f"Keep {name} on top", AnswerTarget(False)),
            Option(f"Put {name} at the bottom", AnswerTarget(True)),
        ]
        prompt = f"YES NO: card {index + 1} of {len(looked)}, {name}: keep it on top or send it to the bottom?"
        context = Sorting(looked, bottom, mode, index)
        ask(state, "yes-no-sort", fighter.id, prompt, options, events, context, private=True)
        return
    _ask_order(state, fighter, looked, bottom, (), mode, events)


@resolver("yes-no-sort")
def _yes_no_sort(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    sorting = context_of(decision, Sorting)
    looked, bottom, index = sorting.looked, sorting.bottom, sorting.index
    if _yes(option):
        bottom = (*bottom, looked[index])
    _ask_sort(state, state.fighter(decision.actor), looked, bottom, sorting.mode, events, index + 1)


def _ask_order(
    state: CombatState,
    fighter: Fighter,
    looked: tuple[CardId, ...],
    bottom: tuple[CardId, ...],
    order: tuple[CardId, ...],
    mode: str,
    events: list[Event],
) -> None:
    left = [c for c in looked if c not in bottom and c not in order]
    if len(left) > 1:
        options = [Option(f"{CARDS[c].name} next", CardTarget(c)) for c in left]
        prompt = f"YES NO: which card lies {'on top' if not order else 'next'}?"
        context = Ordering(looked, bottom, order, mode)
        ask(state, "yes-no-order", fighter.id, prompt, options, events, context, private=True)
        return
    order = (*order, *left)
    if mode == "good_bye" and _holds_priestess(fighter, YesNo.id):
        options = _yes_no(("Put The High Priestess back in your deck, under these cards", "Leave her on YES NO"))
        context = Ordering(looked, bottom, order, mode)
        ask(state, "good-bye-priestess", fighter.id, "GOOD BYE: where does she go?", options, events, context)
        return
    _finish_reading(state, fighter, looked, bottom, order, False, mode, events)


@resolver("yes-no-order")
def _yes_no_order(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    at = context_of(decision, Ordering)
    order = (*at.order, target_of(option, CardTarget).card)
    _ask_order(state, state.fighter(decision.actor), at.looked, at.bottom, order, at.mode, events)


@resolver("good-bye-priestess")
def _good_bye_priestess(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    at = context_of(decision, Ordering)
    fighter = state.fighter(decision.actor)
    _finish_reading(state, fighter, at.looked, at.bottom, at.order, _yes(option), at.mode, events)


def _finish_reading(
    state: CombatState,
    fighter: Fighter,
    looked: tuple[CardId, ...],
    bottom: tuple[CardId, ...],
    order: tuple[CardId, ...],
    priestess_back: bool,
    mode: str,
    events: list[Event],
) -> None:
    """Deck from the top: kept cards in order, (GOOD BYE) The High Priestess, the rest, the shuffled bottom."""
    pile = state.piles[fighter.pile]
    rest = [c for c in pile.draw if c not in looked]
    under = list(bottom)
    state.rng = rng.shuffle(state.rng, under)
    middle: list[CardId] = []
    if priestess_back:
        middle = [c for c in fighter.bins[YesNo.id] if is_priestess(fighter, c)]
        fighter.bins[YesNo.id] = [c for c in fighter.bins[YesNo.id] if c not in middle]
        forget(fighter, middle)
    pile.draw[:] = [*under, *rest, *middle, *reversed(order)]
    if not state.quiet:
        events.append(DeckStacked(fighter.id, (*order, *middle), len(under)))
    draw(state, fighter, YES_NO_DRAW, events)
    for adversary in state.adversaries:
        if adversary.active and adversary.id not in state.queued_intents:
            draw_intent(state, adversary, events, later=True)
    if mode == "good_bye":
        for other in state.fighters:
            if other is not fighter and other.kind is FighterKind.PLAYER and other.in_combat:
                if GoodByeVision.id not in other.abilities:
                    other.abilities = (*other.abilities, GoodByeVision.id)
                other.marks[GIFT] = 1


class GoodByeVision(_Passive):
    """HP-GOOD-BYE: carried by the other players once a GOOD BYE spills over; one YES NO of their own."""

    id = "good_bye_vision"
    name = "GOOD BYE"
    summary = "The High Priestess's vision spilled over: once, on your turn, do YES NO with your own deck."

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        if not fighter.marks.get(GIFT):
            return []
        return ["YES NO: look at your top five, draw three, foresee next round's intents"]

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        fighter.marks.pop(GIFT, None)
        begin_reading(state, fighter, "gift", events)

    def at_turn_end(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        fighter.marks.pop(GIFT, None)  # ruling HP-GOOD-BYE: the chance lasts until the end of their next turn


# --- HP-ORIGAMI / HP-ROLLING-BONES ------------------------------------------------------------------

FOLDS = 5
ROLLING_BONES = "rolling_bones"
ROLLING_BONES_DAMAGE = 3


class OrigamiFolding(Ability):
    """HP-ORIGAMI, upgraded by Rolling Bones (HP-ROLLING-BONES)."""

    id = "origami_folding"
    name = "Origami Folding"
    summary = (
        "Cards Concentrate would discard come here instead. At five you may deal 1 magic damage to every adversary "
        "in your zone and make one of them redraw its intent; then they are discarded. Rolling Bones (1 Corruption "
        "to switch on): every Concentrate also deals 3 magic damage."
    )
    keeps_cards = True
    playable = False
    arcana = HP
    upgrade = "Rolling Bones"

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        return "Origami Folding fills only with the cards Concentrate spends."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), FOLDS, "cards", "cards from Concentrate")

    def effect_text(self, fighter: Fighter) -> str:
        return "1 magic damage to every adversary in your zone, and one redraws its intent"

    def catches(self, state: CombatState, fighter: Fighter, source: str, card: CardId) -> bool:
        return source == "concentrate"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        if not adversaries_near(state, fighter):
            _fold(state, fighter, False, events)
            return
        options = _yes_no(("Fold: 1 magic damage to every adversary in your zone, one redraws", "Just discard them"))
        ask(state, "origami", fighter.id, "Origami Folding is full.", options, events)

    def on_fire(self, state: CombatState, fighter: Fighter, ability: str, events: list[Event]) -> None:
        if ability == "concentrate" and fighter.marks.get(ROLLING_BONES):
            offer_strike(state, fighter, [(ROLLING_BONES_DAMAGE, False, True)], events, "Rolling Bones")

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        if self.id not in fighter.upgrades or fighter.marks.get(ROLLING_BONES):
            return []
        return ["Rolling Bones: take 1 Corruption; from now on every Concentrate deals 3 magic damage"]

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        take_corruption(fighter, 1, "Rolling Bones", events)
        fighter.marks[ROLLING_BONES] = 1


def _fold(state: CombatState, fighter: Fighter, strike: bool, events: list[Event]) -> None:
    cards = discard_ability(state, fighter, OrigamiFolding.id, events, fired=True)
    ABILITIES[OrigamiFolding.id].announce(state, fighter, cards, events)
    if not strike:
        return
    area_damage(state, fighter, 1, False, True, events)
    targets = [a for a in state.adversaries if a.active and a.zone == fighter.zone]
    options = [Option(f"{a.name} redraws its intent", FighterTarget(a.id)) for a in targets]
    ask(state, "origami-redraw", fighter.id, "Origami Folding: who redraws their intent?", options, events)


@resolver("origami")
def _origami(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    _fold(state, state.fighter(decision.actor), _yes(option), events)


decision_targets("origami-redraw", FighterTarget)


@resolver("origami-redraw")
def _origami_redraw(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    adversary = state.adversary(target_of(option, FighterTarget).fighter)
    if adversary.active:
        redraw_intent(state, adversary, events)


# --- HP-LUCKY-NUMBERS / HP-MISTAKE-CORRECTED -----------------------------------------------------------

LUCKY = (3, 4, 5, 6, 7, 8)
LUCKY_SEVEN = 7
LUCKY_SHIELD = 4
LUCKY_RETURNED = "lucky_numbers_round"  # marks: the round the cards last went back to the hand
MISTAKE_CORRUPTION = 2


class LuckyNumbers(Ability):
    """HP-LUCKY-NUMBERS, upgraded by A Mistake Will Soon Be Corrected (HP-MISTAKE-CORRECTED)."""

    id = "lucky_numbers"
    name = "Lucky Numbers"
    summary = (
        "Every 7 you draw gives 4 Shield at once. Place a 3, 4, 5, 6, 7 and 8 here, one of each (Majors count by "
        "their number); with all six, they come back to your hand as draws, once a turn. A Mistake Will Soon Be "
        "Corrected (2 Corruption): undo the HP damage and injuries players took since your last turn."
    )
    keeps_cards = True
    arcana = HP
    upgrade = "A Mistake Will Soon Be Corrected"

    def _numbers(self, fighter: Fighter) -> set[int]:
        return {value(fighter, c) for c in fighter.bins.get(self.id, ())}

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        number = value(fighter, card)
        if number not in LUCKY or number in self._numbers(fighter):
            return False
        full_soon = len(self._numbers(fighter)) == len(LUCKY) - 1
        return not (full_soon and fighter.marks.get(LUCKY_RETURNED) == state.round)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        number = value(fighter, card)
        if number not in LUCKY:
            return f"Lucky Numbers takes a 3, 4, 5, 6, 7 or 8; {CARDS[card].name} counts {number}."
        if number in self._numbers(fighter):
            return f"Lucky Numbers already holds a {number}; place the other numbers first."
        return "Lucky Numbers already came back to your hand this turn; the sixth number must wait."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        have = {value(fighter, c) for c in cards}
        missing = " ".join(str(n) for n in LUCKY if n not in have)
        return Progress(len(cards), len(LUCKY), "cards", missing)

    def effect_text(self, fighter: Fighter) -> str:
        return "all six come back to your hand as draws"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = fighter.bins[self.id].copy()
        fighter.bins[self.id].clear()
        forget(fighter, cards)
        fighter.marks[LUCKY_RETURNED] = state.round
        self.announce(state, fighter, cards, events)
        take_into_hand(state, fighter, cards, events)

    def on_draw(self, state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
        if value(fighter, card) == LUCKY_SEVEN:
            generate_shield(state, fighter, LUCKY_SHIELD, events)

    # A Mistake Will Soon Be Corrected: the checkpoint is taken as each of the fighter's turns ends.

    def at_turn_end(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        if self.id in fighter.upgrades:
            state.checkpoints[fighter.id] = {
                p.id: Checkpoint(p.hp, tuple(p.injuries)) for p in state.fighters if p.kind is FighterKind.PLAYER
            }

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        if self.id not in fighter.upgrades or not _harm_since(state, fighter):
            return []
        return ["A Mistake Will Soon Be Corrected: take 2 Corruption, undo players' HP damage and injuries"]

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        take_corruption(fighter, MISTAKE_CORRUPTION, "A Mistake Will Soon Be Corrected", events)
        for player, checkpoint, injuries in _harm_since(state, fighter):
            for injury in injuries:
                index_of = len(player.injuries) - 1 - player.injuries[::-1].index(injury)
                del player.injuries[index_of]
            player.hp = checkpoint.hp if injuries else max(player.hp, checkpoint.hp)
            if not state.quiet:
                events.append(HarmUndone(player.id, player.hp, injuries))


def _harm_since(state: CombatState, fighter: Fighter) -> list[tuple[Fighter, Checkpoint, tuple[str, ...]]]:
    """Players who lost HP or gained injuries since the fighter's last turn ended, with what to undo."""
    checkpoints = state.checkpoints.get(fighter.id, {})
    harmed = []
    for player in state.fighters:
        checkpoint = checkpoints.get(player.id)
        if checkpoint is None or player.dead:
            continue
        new = list(player.injuries)
        for injury in checkpoint.injuries:
            if injury in new:
                new.remove(injury)
        if new or player.hp < checkpoint.hp:
            harmed.append((player, checkpoint, tuple(new)))
    return harmed


# --- HP-PALM-READING / HP-COLD-READING ------------------------------------------------------------------

COLD_READING = "cold_reading"
KING, QUEEN = 14, 13


class PalmReading(_Passive):
    """HP-PALM-READING, upgraded by Cold Reading (HP-COLD-READING). It takes no cards: it reads every draw."""

    id = "palm_reading"
    name = "Palm Reading"
    summary = (
        "Every card you draw: a 5 draws another card, a King deals 1 damage, a Queen gives 1 Shield. Cold Reading "
        "(1 Corruption to switch on): every card you draw also deals 1 damage."
    )
    arcana = HP
    upgrade = "Cold Reading"

    def on_draw(self, state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
        card_face = face(fighter, card)
        if card_face.value == 5:
            draw(state, fighter, 1, events)
        elif card_face.suit is not Suit.MAJOR and card_face.value == KING:
            offer_strike(state, fighter, [(1, False, False)], events, "Palm Reading")
        elif card_face.suit is not Suit.MAJOR and card_face.value == QUEEN:
            generate_shield(state, fighter, 1, events)
        if fighter.marks.get(COLD_READING):
            offer_strike(state, fighter, [(1, False, False)], events, "Cold Reading")

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        if self.id not in fighter.upgrades or fighter.marks.get(COLD_READING):
            return []
        return ["Cold Reading: take 1 Corruption; from now on every card you draw deals 1 damage"]

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        take_corruption(fighter, 1, "Cold Reading", events)
        fighter.marks[COLD_READING] = 1


# --- HP-BALLISTICS / HP-ASTRONOMY -----------------------------------------------------------------------

ASTRONOMY = "astronomy"  # marks: 1 when the Wand went on Astronomy, 0 on Ballistics; absent before the choice


class Ballistics(Ability):
    """HP-BALLISTICS, upgraded by Astronomy (HP-ASTRONOMY): one bin, the Wand's place chosen as it lands."""

    id = "ballistics"
    name = "Ballistics"
    summary = (
        "One Wand, discarded at the end of your turn. While it is here all your damage is ranged magic damage, and "
        "effects on every adversary in your zone reach every adversary. Astronomy (1 Corruption, instead): Shield "
        "you generate for yourself goes to every player."
    )
    suits = (Suit.WANDS,)
    arcana = HP
    upgrade = "Astronomy"

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        return not fighter.bins.get(self.id) and super().takes(state, fighter, card)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        if fighter.bins.get(self.id):
            return "Ballistics holds one Wand at a time."
        return super().reason(state, fighter, card)

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), 1, "cards")

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        """Only an upgraded Ballistics fires, to ask where the Wand goes."""
        return bool(cards) and self.id in fighter.upgrades and ASTRONOMY not in fighter.marks

    def preview(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        return f"{self.name}: your damage becomes ranged magic damage this turn"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        options = _yes_no(("Astronomy: take 1 Corruption, your Shield goes to every player", "Ballistics"))
        ask(state, "astronomy", fighter.id, "Ballistics or Astronomy?", options, events)

    def _wand(self, fighter: Fighter, astronomy: bool) -> bool:
        return bool(fighter.bins.get(self.id)) and bool(fighter.marks.get(ASTRONOMY)) == astronomy

    def damage_kind(self, state: CombatState, fighter: Fighter, ranged: bool, magic: bool) -> tuple[bool, bool]:
        return (True, True) if self._wand(fighter, False) else (ranged, magic)

    def reach_all(self, state: CombatState, fighter: Fighter) -> bool:
        return self._wand(fighter, False)

    def shares_shield(self, state: CombatState, fighter: Fighter) -> bool:
        return self._wand(fighter, True)

    def on_discard(
        self, state: CombatState, fighter: Fighter, ability: str, cards: list[CardId], events: list[Event]
    ) -> None:
        if ability == self.id:
            fighter.marks.pop(ASTRONOMY, None)


@resolver("astronomy")
def _astronomy(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    if _yes(option):
        take_corruption(fighter, 1, "Astronomy", events)
    fighter.marks[ASTRONOMY] = 1 if _yes(option) else 0


PRIESTESS_ABILITIES = (
    AllSignsPointToYes.id,
    YesNo.id,
    OrigamiFolding.id,
    LuckyNumbers.id,
    PalmReading.id,
    Ballistics.id,
)
