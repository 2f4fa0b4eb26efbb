"""Items in a fight (ITM-*): each item a fighter carries is a standing rule (a passive ability) of their own.

``engine.fight_abilities`` brings one per distinct item carried (``ITEM_ABILITIES``); what an item does at will is an
``Activate`` action (so ``legal_actions``, ``refusal`` and ``apply`` know it like any other), and what it does on
its own goes through the ordinary hooks. An Exhaust item leaves ``Fighter.items`` when used; its rule stays among the
abilities but offers and does nothing more once the last copy is gone (``carried``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from .. import rng
from ..campaign.injuries import CRITICAL, Severity, escalation
from ..campaign.items import ITEMS
from ..campaign.skill_check import (
    CheckResult,
    Difficulty,
    Edge,
    SkillCheck,
    combine_edges,
    effective_difficulty,
    make_check,
)
from ..cards import CARDS, TOWER, CardId
from ..fight.decisions import ask, context_of, decision_context, decision_targets, resolver, target_of
from ..fight.effects import draw, gain_shield
from ..fight.events import (
    CardReturned,
    CardsStowed,
    CardsToHand,
    CardSwapped,
    DeckShuffled,
    Event,
    FighterDied,
    InjuryTaken,
    InjuryTreated,
    ItemExhausted,
    ItemUsed,
    SkillCheckMade,
)
from ..fight.modifiers import CANS_DRUNK, EVA_SUIT, HEADPHONES, SUITED, wearing_suit
from ..fight.state import AnswerTarget, CombatState, Context, Fighter, Option, PendingDecision
from ..traits import Skill
from .base import Ability, Progress
from .injury_effects import MORNING_START, check_terms

BACKPACK: Final = "Backpack"
PAN: Final = "Cast Iron Pan"
LID, MORNING = "Trash Can Lid", "Morning Start"
GROGGY, WITHDRAWAL, PALPITATIONS = "Groggy", "Morning Start Withdrawal", "Heart Palpitations"
HEADPHONES_HOLD = 3  # ITM-HEADPHONES: up to 3 cards
LID_SHIELD = 10  # ITM-TRASH-CAN-LID
SUIT_SHIELD = 3  # ITM-EVA-SUIT: 3 Shield on every combat turn
MORNING_DRAW = 5  # ITM-MORNING-START


class Belonging(Ability):
    """An item carried into the fight: no cards played on it; a badge on the table shows it."""

    playable = False
    passive = True
    item: ClassVar[str] = ""

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(0, 0, "cards")

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        return False

    def carried(self, fighter: Fighter) -> bool:
        """Whether the fighter still has this item (an Exhaust item used up is gone)."""
        return self.item in fighter.items


def exhaust(state: CombatState, fighter: Fighter, name: str, events: list[Event]) -> None:
    """ITM-LIST Exhaust: one copy of the item leaves the fighter's belongings."""
    if ITEMS[name].exhausts and name in fighter.items:
        fighter.items.remove(name)
        if not state.quiet:
            events.append(ItemExhausted(fighter.id, name))


class Backpack(Belonging):
    """ITM-BACKPACK: a card from the deck rides on it; on your turn swap a hand card with it."""

    id = "item_backpack"
    name = BACKPACK
    item = BACKPACK
    summary = ITEMS[BACKPACK].summary

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        held = fighter.stowed.get(BACKPACK)
        if not held or not self.carried(fighter):
            return []
        return [f"Swap {CARDS[c].name} with the Backpack's {CARDS[held[0]].name}" for c in dict.fromkeys(fighter.hand)]

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        given = list(dict.fromkeys(fighter.hand))[index]
        held = fighter.stowed[BACKPACK]
        taken = held.pop()
        fighter.hand.remove(given)
        held.append(given)
        fighter.hand.append(taken)
        if not state.quiet:
            events.append(CardSwapped(fighter.id, BACKPACK, given, taken))


def pack_backpack(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """ITM-BACKPACK at the start of combat: the top card goes on the Backpack; The Tower is shuffled back and the
    next card taken instead."""
    pile = state.piles[fighter.pile]
    if not pile.draw:
        return
    card = pile.draw.pop()
    if card == TOWER and pile.draw:
        card = pile.draw.pop()
        pile.draw.append(TOWER)
        state.rng = rng.shuffle(state.rng, pile.draw)
        if not state.quiet:
            events.append(CardReturned(fighter.id, TOWER, "shuffled"))
    fighter.stowed.setdefault(BACKPACK, []).append(card)
    if not state.quiet:
        events.append(CardsStowed(fighter.id, BACKPACK, (card,), "deck"))


def unpack_headphones(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """ITM-HEADPHONES at the start of combat: the cards kept on the Headphones join the hand."""
    cards = fighter.stowed.pop(HEADPHONES, [])
    if cards:
        fighter.hand.extend(cards)
        if not state.quiet:
            events.append(CardsToHand(fighter.id, tuple(cards), HEADPHONES))


class CastIronPan(Belonging):
    """ITM-CAST-IRON-PAN: +1 on Unarmed Strike (``basic.UnarmedStrike`` adds ``items.weapon_bonus``)."""

    id = "item_cast_iron_pan"
    name = PAN
    item = PAN
    summary = ITEMS[PAN].summary


class EvaSuit(Belonging):
    """ITM-EVA-SUIT: worn, 3 Shield as each of the wearer's turns starts and no harm from gas or liquid; putting it
    on mid-fight takes the round and a Medium GYM check (``basic.put_on_suit``)."""

    id = "item_eva_suit"
    name = EVA_SUIT
    item = EVA_SUIT
    summary = ITEMS[EVA_SUIT].summary

    def at_turn_start(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        if wearing_suit(fighter.items, fighter.marks):
            if not state.quiet:
                events.append(
                    ItemUsed(fighter.id, EVA_SUIT, f"{SUIT_SHIELD} Shield from the armoured poncho and helmet")
                )
            gain_shield(state, fighter, SUIT_SHIELD, events)

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        if fighter.marks.get(SUITED) or not self.carried(fighter):
            return []
        return ["Put on the EVA Suit (ends the turn; a Medium GYM check)"]

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        put_on_suit(state, fighter, events)


def put_on_suit(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """ITM-EVA-SUIT (ruling): the rest of the turn goes on it (the turn ends) and a Medium GYM check, made as any
    check in a fight (SKL-IN-COMBAT), says whether it is on."""
    result = combat_check(state, fighter, Skill.GYM, Difficulty.MEDIUM, events)
    if result.succeeded:
        fighter.marks[SUITED] = 1
        if not state.quiet:
            events.append(ItemUsed(fighter.id, EVA_SUIT, "puts it on"))
    else:
        if not state.quiet:
            events.append(ItemUsed(fighter.id, EVA_SUIT, "cannot get into it this round"))
    state.ending_turn = True


def combat_check(
    state: CombatState, fighter: Fighter, skill: Skill, called: Difficulty, events: list[Event]
) -> CheckResult:
    """SKL-IN-COMBAT: ``draw_combat_check``, announced at once. The caller says what the result does."""
    check, result = draw_combat_check(state, fighter, skill, called, events)
    outcome = result.outcome.name.lower()
    if not state.quiet:
        events.append(
            SkillCheckMade(fighter.id, skill.value, check.difficulty.title, result.cards, outcome, result.reason)
        )
    return result


def draw_combat_check(
    state: CombatState, fighter: Fighter, skill: Skill, called: Difficulty, events: list[Event]
) -> tuple[SkillCheck, CheckResult]:
    """SKL-IN-COMBAT: a check from the fighter's deck with the discard shuffled in; A+/F, the injuries' terms and
    the EVA Suit's Penalty applied. Nothing is announced yet: under a Penalty the GM may still pick the card."""
    difficulty = effective_difficulty(called, skill, fighter.a_plus, fighter.failed)
    terms = check_terms(state, fighter, skill)  # Penalty (Withdrawal's without a Morning Start today)
    edge = combine_edges([terms.edge, *suit_edges(fighter, skill)])
    check = SkillCheck(difficulty, fighter.arcana, edge, True, terms.critical_failures)
    state.rng, result = make_check(state.piles[fighter.pile], state.rng, check)
    if not state.quiet:
        events.append(DeckShuffled(fighter.pile))
    return check, result


def suit_edges(fighter: Fighter, skill: Skill) -> list[Edge]:
    """ITM-EVA-SUIT: Penalty on every check but FINAID while the suit is on."""
    return [Edge.PENALTY] if wearing_suit(fighter.items, fighter.marks) and skill is not Skill.FINAID else []


class HeadphonesRule(Belonging):
    """ITM-HEADPHONES: a won FINAID check may be failed to keep its card (``basic`` asks); the kept cards join the
    hand as the fight starts (``unpack_headphones``)."""

    id = "item_headphones"
    name = HEADPHONES
    item = HEADPHONES
    summary = ITEMS[HEADPHONES].summary


def offer_headphones(
    state: CombatState, fighter: Fighter, skill: Skill, result: CheckResult, events: list[Event]
) -> None:
    """ITM-HEADPHONES: after a won FINAID check, the choice to fail it and keep its card face down (room for 3)."""
    room = HEADPHONES_HOLD - len(fighter.stowed.get(HEADPHONES, ()))
    if skill is not Skill.FINAID or not result.succeeded or HEADPHONES not in fighter.items or room <= 0:
        return
    options = [
        Option("Keep the success", AnswerTarget(False)),
        Option("Fail instead, and keep its card face down on the Headphones", AnswerTarget(True)),
    ]
    prompt = f"{fighter.name} won the FINAID check. Fail it instead, to keep its card for the next fight?"
    ask(state, HEADPHONES_CHOICE, fighter.id, prompt, options, events, CheckCard(result.kept.card), private=True)


HEADPHONES_CHOICE = "headphones"


@dataclass(frozen=True, slots=True)
class CheckCard(Context):
    """The card that decided the won check the Headphones may keep."""

    card: CardId

    def __init__(self, card: CardId) -> None:
        object.__setattr__(self, "card", card)


decision_context(CheckCard, HEADPHONES_CHOICE)
decision_targets(HEADPHONES_CHOICE, AnswerTarget)


@resolver(HEADPHONES_CHOICE)
def _headphones(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    if not target_of(option, AnswerTarget).yes:
        return
    fighter = state.fighter(decision.actor)
    card = context_of(decision, CheckCard).card
    pile = state.piles[fighter.pile]
    if card in pile.discard:
        pile.discard.remove(card)
    fighter.stowed.setdefault(HEADPHONES, []).append(card)
    if not state.quiet:
        events.append(ItemUsed(fighter.id, HEADPHONES, "the FINAID check counts as failed"))
        events.append(CardsStowed(fighter.id, HEADPHONES, (card,), "check"))


class TrashCanLid(Belonging):
    """ITM-TRASH-CAN-LID: 10 Shield, then it is used up."""

    id = "item_trash_can_lid"
    name = LID
    item = LID
    summary = ITEMS[LID].summary

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        return [f"Raise the Trash Can Lid: {LID_SHIELD} Shield (used up)"] if self.carried(fighter) else []

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        if not state.quiet:
            events.append(ItemUsed(fighter.id, LID, f"{LID_SHIELD} Shield"))
        exhaust(state, fighter, LID, events)
        gain_shield(state, fighter, LID_SHIELD, events)


class MorningStartCan(Belonging):
    """ITM-MORNING-START: draw 5, Groggy goes, Withdrawal comes (a second can the same Day: Heart Palpitations)."""

    id = "item_morning_start"
    name = MORNING
    item = MORNING
    summary = ITEMS[MORNING].summary

    def activations(self, state: CombatState, fighter: Fighter) -> list[str]:
        return [f"Drink a Morning Start: draw {MORNING_DRAW} (used up)"] if self.carried(fighter) else []

    def activate(self, state: CombatState, fighter: Fighter, index: int, events: list[Event]) -> None:
        if not state.quiet:
            events.append(ItemUsed(fighter.id, MORNING, f"draws {MORNING_DRAW}"))
        exhaust(state, fighter, MORNING, events)
        drink_morning_start(state, fighter, events)
        draw(state, fighter, MORNING_DRAW, events)


def drink_morning_start(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """The can's injuries, as ``campaign.use_item`` has them between fights; HP stays as it is."""
    had_one = bool(fighter.marks.get(MORNING_START))
    fighter.marks[MORNING_START] = fighter.marks.get(MORNING_START, 0) + 1
    fighter.marks[CANS_DRUNK] = fighter.marks.get(CANS_DRUNK, 0) + 1
    while GROGGY in fighter.injuries:
        fighter.injuries.remove(GROGGY)
        if not state.quiet:
            events.append(InjuryTreated(fighter.id, GROGGY, ""))
    if WITHDRAWAL not in fighter.injuries:
        fighter.injuries.append(WITHDRAWAL)
        events.append(InjuryTaken(fighter.id, WITHDRAWAL, Severity.MINOR.value, fighter.hp, MORNING))
    elif had_one:
        received = escalation(fighter.injuries, Severity.MAJOR)
        if received is None:
            fighter.dead = True
            if not state.quiet:
                events.append(FighterDied(fighter.id))
            return
        name = CRITICAL if received is Severity.CRITICAL else PALPITATIONS
        fighter.injuries.append(name)
        events.append(InjuryTaken(fighter.id, name, received.value, fighter.hp, "a second Morning Start today"))


class GrouchoGlasses(Belonging):
    """ITM-GROUCHO-GLASSES: acts at the check it names (``items.check_edges``); shown, nothing to do in a fight."""

    id = "item_groucho_glasses"
    name = "Groucho Glasses"
    item = "Groucho Glasses"
    summary = ITEMS["Groucho Glasses"].summary


class BlankKeycard(Belonging):
    """ITM-BLANK-KEYCARD: acts at the check it names (``items.check_steps``)."""

    id = "item_blank_keycard"
    name = "Blank Keycard"
    item = "Blank Keycard"
    summary = ITEMS["Blank Keycard"].summary


class FirstAidKit(Belonging):
    """ITM-FIRST-AID-KIT: acts at the check it names (``items.check_steps``)."""

    id = "item_first_aid_kit"
    name = "First Aid Kit"
    item = "First Aid Kit"
    summary = ITEMS["First Aid Kit"].summary


class TravelPots(Belonging):
    """ITM-TRAVEL-POTS: acts at the check it names (``items.check_steps``)."""

    id = "item_travel_pots"
    name = "Travel Pots"
    item = "Travel Pots"
    summary = ITEMS["Travel Pots"].summary


ITEM_ABILITIES: dict[str, str] = {
    c.item: c.id
    for c in (
        Backpack,
        GrouchoGlasses,
        BlankKeycard,
        CastIronPan,
        EvaSuit,
        FirstAidKit,
        HeadphonesRule,
        MorningStartCan,
        TrashCanLid,
        TravelPots,
    )
}
"""The standing rule each item brings into a fight, by item name."""
