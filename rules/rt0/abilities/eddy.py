"""Eddy's combat table (EDDY-SHEET): one bin per row, so dropping a card on a row picks that row.

A card may match several rows (a Sword matches "any card" and "Swords or Wands"; The Chariot matches
"any card", "any Major Arcana" and its own row): each row is its own bin and takes exactly the cards it
names, so the player picks the row by where the card goes (ruling EDDY-SHEET).

Every row is a short program of steps (plain data). Steps run in order; a step that needs a choice parks a
decision whose context is ``(row, step index)``, and the decision's resolver carries the row on from the
next step. The Fool and Wheel of Fortune hand over to another row's program.

An Eddy plays at most two cards a turn (counted with a round flag, since an Eddy has one turn a round);
the third card stays in hand and is discarded when the turn ends. Eddies draw from the shared "eddies"
pile, and nothing here adds cards to or takes cards out of any deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from ..cards import (
    CARDS,
    CHARIOT,
    EMPEROR,
    EMPRESS,
    FOOL,
    HANGED_MAN,
    HIEROPHANT,
    HIGH_PRIESTESS,
    SUN,
    TOWER,
    WHEEL_OF_FORTUNE,
    CardId,
    Suit,
)
from ..fight.decisions import ask, context_of, decision_context, decision_targets, resolver, target_of
from ..fight.effects import (
    damage_adversary,
    damage_fighter,
    discard_ability,
    draw,
    gain_shield,
    move,
    play_from_hand,
    strike_options,
    tower_rule,
)
from ..fight.events import (
    AdversaryHeld,
    CardsDiscarded,
    CardsDrawn,
    DamageWasted,
    DeckShuffled,
    DeckTopShown,
    EffectWasted,
    Event,
    HealthRegained,
    IntentRevealed,
)
from ..fight.intents import held_flag
from ..fight.state import (
    NOBODY,
    START_HP,
    AidTarget,
    CombatState,
    Context,
    Fighter,
    FighterKind,
    FighterTarget,
    Option,
    PendingDecision,
    StrikeTarget,
    Target,
    ZoneTarget,
)
from ..fight.zones import Zone, zone_name
from .base import ABILITIES, Ability, Progress

PLAYS_PER_TURN = 2  # EDDY-SHEET: draws 3, plays 2, discards the third
TOWER_BLAST = 5  # magic ranged damage to everyone else in the Eddy's zone
TOWER_SELF_DAMAGE = 20  # the Eddy's own share of the blast

Step = tuple[str, int]  # (what, amount)


def play_flag(fighter_id: str) -> str:
    return f"eddy-play:{fighter_id}"


def plays_this_turn(state: CombatState, fighter: Fighter) -> int:
    """Cards this Eddy has played this turn (an Eddy has one turn a round, and round flags clear each round)."""
    return state.round_flags.count(play_flag(fighter.id))


# --- the rows as bins ------------------------------------------------------------------------------


class EddyRow(Ability):
    """One row of the Eddy's combat table: one card fires it, and the card goes to the shared discard."""

    named: ClassVar[tuple[CardId, ...]] = ()  # the Majors a named row takes; empty: decided by ``suits``
    steps: ClassVar[tuple[Step, ...]] = ()

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        if plays_this_turn(state, fighter) >= PLAYS_PER_TURN:
            return False
        if card == TOWER and self.id != TowerRow.id:
            return False
        if self.named and card not in self.named:
            return False
        return super().takes(state, fighter, card)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        if plays_this_turn(state, fighter) >= PLAYS_PER_TURN:
            return (
                f"{fighter.name} has already played {PLAYS_PER_TURN} cards this turn; "
                "the card left over is discarded when the turn ends."
            )
        if card == TOWER and self.id != TowerRow.id:
            return "The Tower has to go on its own row: it is played the moment it is drawn."
        if self.named and card not in self.named:
            wanted = " or ".join(CARDS[c].name for c in self.named)
            return f"This row takes {wanted}, not {CARDS[card].name}."
        return super().reason(state, fighter, card)

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), 1, "cards")

    def effect_text(self, fighter: Fighter) -> str:
        return self.summary

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = discard_ability(state, fighter, self.id, events)
        self.announce(state, fighter, cards, events)
        if state.active_fighter is fighter:
            state.round_flags.append(play_flag(fighter.id))
        run_row(state, fighter, self.id, 0, events)


class AnyCard(EddyRow):
    id = "eddy_move"
    name = "Any card"
    summary = "Move one zone."
    steps = (("step", 1),)


class CupsOrPentacles(EddyRow):
    id = "eddy_shield"
    name = "Cups or Pentacles"
    summary = "Gain 2 Shield, or give 2 Shield to another player in your zone."
    suits = (Suit.CUPS, Suit.PENTACLES)
    steps = (("shield", 2),)


class SwordsOrWands(EddyRow):
    id = "eddy_strike"
    name = "Swords or Wands"
    summary = "Deal 2 melee damage."
    suits = (Suit.SWORDS, Suit.WANDS)
    steps = (("melee", 2),)


class AnyMajor(EddyRow):
    id = "eddy_major"
    name = "Any Major Arcana"
    summary = "Deal 1 melee damage to an adversary in your zone, and give 1 Shield to another player in your zone."
    suits = (Suit.MAJOR,)
    steps = (("melee", 1), ("shield_other", 1))


class Chariot(EddyRow):
    id = "eddy_chariot"
    name = "The Chariot"
    summary = "Move to any zone of the room."
    named = (CHARIOT,)
    steps = (("anywhere", 0),)


class EmpressEmperor(EddyRow):
    id = "eddy_mend"
    name = "The Empress / The Emperor"
    summary = "Restore 2 HP to a player in your zone."
    named = (EMPRESS, EMPEROR)
    steps = (("heal", 2),)


class Fool(EddyRow):
    id = "eddy_fool"
    name = "The Fool"
    summary = "Use any other row of the table except The Sun."
    named = (FOOL,)
    steps = (("fool", 0),)


class HangedMan(EddyRow):
    id = "eddy_hanged_man"
    name = "The Hanged Man"
    summary = "An adversary in your zone cannot move this round."
    named = (HANGED_MAN,)
    steps = (("hold", 0),)


class Hierophant(EddyRow):
    id = "eddy_hierophant"
    name = "The Hierophant"
    summary = "A player of your choice may draw an extra card."
    named = (HIEROPHANT,)
    steps = (("extra_draw", 1),)


class HighPriestess(EddyRow):
    id = "eddy_high_priestess"
    name = "The High Priestess"
    summary = "Turn a face-down card on the table face up (a hidden intent)."
    named = (HIGH_PRIESTESS,)
    steps = (("flip", 0),)


class Sun(EddyRow):
    id = "eddy_sun"
    name = "The Sun"
    summary = (
        "All of: move to any zone; deal 2 melee damage; give 2 Shield to a player in your zone; turn a face-down "
        "card face up (a hidden intent, or the top of a deck, which stays visible); a player may draw an extra "
        "card; an adversary in your zone cannot move this round."
    )
    named = (SUN,)
    steps = (("anywhere", 0), ("melee", 2), ("shield", 2), ("flip_any", 0), ("extra_draw", 1), ("hold", 0))


class TowerRow(EddyRow):
    id = "eddy_tower"
    name = "The Tower"
    summary = (
        "Played the moment it is drawn: explode for 5 magic ranged damage to everyone else in your zone, "
        "friend or foe, and take 20 damage."
    )
    named = (TOWER,)
    steps = (("explode", TOWER_BLAST),)


class WheelOfFortune(EddyRow):
    id = "eddy_wheel"
    name = "Wheel of Fortune"
    summary = (
        "Turn over the next card of the Eddies' deck and discard it: a Major Arcana fires The Tower's row, "
        "any other card The Sun's."
    )
    named = (WHEEL_OF_FORTUNE,)
    steps = (("wheel", 0),)


EDDY_ABILITIES: Final = (
    AnyCard.id,
    CupsOrPentacles.id,
    SwordsOrWands.id,
    AnyMajor.id,
    Chariot.id,
    EmpressEmperor.id,
    Fool.id,
    HangedMan.id,
    Hierophant.id,
    HighPriestess.id,
    Sun.id,
    TowerRow.id,
    WheelOfFortune.id,
)


def row_steps(row: str) -> tuple[Step, ...]:
    ability = ABILITIES[row]
    assert isinstance(ability, EddyRow)
    return ability.steps


@tower_rule(FighterKind.EDDY)
def _tower_drawn(state: CombatState, eddy: Fighter, events: list[Event]) -> None:
    """The Tower replaces Catastrophe for an Eddy: it goes straight onto its row and fires."""
    play_from_hand(state, eddy, TOWER, TowerRow.id, events)


# --- running a row ---------------------------------------------------------------------------------


def run_row(state: CombatState, eddy: Fighter, row: str, start: int, events: list[Event]) -> None:
    """Carry out the row's steps from ``start``; stop where a step waits on a decision (it carries on later).

    A destroyed Eddy (its own Tower, drawn mid-row through The Sun's extra card) does nothing more.
    """
    steps = row_steps(row)
    for index in range(start, len(steps)):
        if not eddy.in_combat:
            return
        what, amount = steps[index]
        if STEPS[what](state, eddy, amount, (row, index), events):
            return


EDDY_KINDS = (
    "eddy-move",
    "eddy-strike",
    "eddy-shield",
    "eddy-heal",
    "eddy-hold",
    "eddy-draw",
    "eddy-flip",
    "eddy-fool",
)


@dataclass(frozen=True, slots=True)
class RowAt(Context):
    """Where an Eddy's row waits on this decision: the row, and the step's index in it."""

    row: str
    index: int

    def __init__(self, row: str, index: int) -> None:
        object.__setattr__(self, "row", row)
        object.__setattr__(self, "index", index)


decision_context(RowAt, *EDDY_KINDS)


@dataclass(frozen=True, slots=True)
class FlipTarget(Target):
    """A face-down card to turn up: ``what`` "intent" (``key``: the adversary) or "deck" (``key``: the pile)."""

    what: str
    key: str

    def __init__(self, what: str, key: str) -> None:
        object.__setattr__(self, "what", what)
        object.__setattr__(self, "key", key)


@dataclass(frozen=True, slots=True)
class RowTarget(Target):
    """The row The Fool plays as."""

    row: str

    def __init__(self, row: str) -> None:
        object.__setattr__(self, "row", row)


decision_targets("eddy-flip", FlipTarget)
decision_targets("eddy-fool", RowTarget)


def _carry_on(state: CombatState, decision: PendingDecision, events: list[Event]) -> None:
    at = context_of(decision, RowAt)
    run_row(state, state.fighter(decision.actor), at.row, at.index + 1, events)


def _ask(
    state: CombatState,
    kind: str,
    eddy: Fighter,
    prompt: str,
    options: list[Option],
    at: tuple[str, int],
    events: list[Event],
) -> bool:
    ask(state, kind, eddy.id, prompt, options, events, RowAt(*at))
    return True


def _friends_here(state: CombatState, eddy: Fighter) -> list[Fighter]:
    """Everyone on the players' side in the Eddy's zone, the Eddy first (ruling: Eddies count as players)."""
    here = [f for f in state.fighters if f.in_combat and f.zone == eddy.zone and f is not eddy]
    return [eddy, *here]


def _wasted(state: CombatState, eddy: Fighter, effect: str, reason: str, events: list[Event]) -> bool:
    if not state.quiet:
        events.append(EffectWasted(eddy.id, effect, reason))
    return False


# --- the steps (each returns True when a decision now carries the row on) -----------------------


def _step(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    assert eddy.zone is not None
    options = [Option(f"Move to {zone_name(z)}", ZoneTarget(*z)) for z in state.room.neighbours(eddy.zone)]
    options.append(Option("Stay put", ZoneTarget(*eddy.zone)))
    return _ask(state, "eddy-move", eddy, f"{eddy.name}: move where?", options, at, events)


def _anywhere(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    assert eddy.zone is not None
    options = [Option(f"Move to {zone_name(z)}", ZoneTarget(*z)) for z in state.room.zones() if z != eddy.zone]
    options.append(Option("Stay put", ZoneTarget(*eddy.zone)))
    return _ask(state, "eddy-move", eddy, f"{eddy.name}: move to which zone?", options, at, events)


decision_targets("eddy-move", ZoneTarget)


@resolver("eddy-move")
def _move_chosen(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    eddy = state.fighter(decision.actor)
    destination: Zone = target_of(option, ZoneTarget).zone
    if destination != eddy.zone:
        move(state, eddy, destination, events)
    _carry_on(state, decision, events)


def _melee(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    options = strike_options(state, eddy, amount, False, False)
    if not options:
        reason = "no adversary in reach" if any(a.active for a in state.adversaries) else "no adversary left"
        if not state.quiet:
            events.append(DamageWasted(eddy.id, amount, reason))
        return False
    return _ask(state, "eddy-strike", eddy, f"{eddy.name}: where does the damage go?", options, at, events)


decision_targets("eddy-strike", StrikeTarget)


decision_targets("eddy-strike", StrikeTarget)  # saved eddy strikes read back typed, as "strike" does


@resolver("eddy-strike")
def _strike_chosen(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    hit = target_of(option, StrikeTarget)
    eddy = state.fighter(decision.actor)
    damage_adversary(state, eddy, state.adversary(hit.adversary), hit.amount, hit.ranged, hit.magic, events)
    _carry_on(state, decision, events)


def _shield(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    return _offer_shield(state, eddy, _friends_here(state, eddy), amount, at, events)


def _shield_other(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    others = _friends_here(state, eddy)[1:]
    if not others:
        return _wasted(state, eddy, f"{amount} Shield", "no other player in the zone", events)
    return _offer_shield(state, eddy, others, amount, at, events)


def _offer_shield(
    state: CombatState, eddy: Fighter, whom: list[Fighter], amount: int, at: tuple[str, int], events: list[Event]
) -> bool:
    options = [Option(f"{amount} Shield to {f.name}", AidTarget(f.id, amount)) for f in whom]
    return _ask(state, "eddy-shield", eddy, f"{eddy.name}: who gets the Shield?", options, at, events)


decision_targets("eddy-shield", AidTarget)
decision_targets("eddy-heal", AidTarget)
decision_targets("eddy-hold", FighterTarget)
decision_targets("eddy-draw", FighterTarget)


@resolver("eddy-shield")
def _shield_chosen(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    aid = target_of(option, AidTarget)
    gain_shield(state, state.fighter(aid.fighter), aid.amount, events)
    _carry_on(state, decision, events)


def _heal(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    options = [Option(f"Restore {amount} HP to {f.name}", AidTarget(f.id, amount)) for f in _friends_here(state, eddy)]
    return _ask(state, "eddy-heal", eddy, f"{eddy.name}: whom to patch up?", options, at, events)


@resolver("eddy-heal")
def _heal_chosen(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    aid = target_of(option, AidTarget)
    fighter = state.fighter(aid.fighter)
    gained = max(0, min(aid.amount, START_HP - fighter.hp))  # ruling: never above the 20 HP a fight starts with
    fighter.hp += gained
    if not state.quiet:
        events.append(HealthRegained(fighter.id, gained, fighter.hp))
    _carry_on(state, decision, events)


def _hold(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    here = [a for a in state.adversaries if a.active and a.zone == eddy.zone]
    if not here:
        return _wasted(state, eddy, "hold an adversary in place", "no adversary in the zone", events)
    options = [Option(f"{a.name} cannot move this round", FighterTarget(a.id)) for a in here]
    return _ask(state, "eddy-hold", eddy, f"{eddy.name}: which adversary is stuck?", options, at, events)


@resolver("eddy-hold")
def _hold_chosen(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    adversary_id = target_of(option, FighterTarget).fighter
    if held_flag(adversary_id) not in state.round_flags:
        state.round_flags.append(held_flag(adversary_id))
    if not state.quiet:
        events.append(AdversaryHeld(adversary_id, decision.actor))
    _carry_on(state, decision, events)


def _extra_draw(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    options = [Option(f"{f.name} draws an extra card", FighterTarget(f.id)) for f in state.fighters if f.in_combat]
    options.append(Option("Nobody draws", NOBODY))
    return _ask(state, "eddy-draw", eddy, f"{eddy.name}: who may draw an extra card?", options, at, events)


@resolver("eddy-draw")
def _draw_chosen(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    chosen = target_of(option, FighterTarget)
    if chosen != NOBODY:
        draw(state, state.fighter(chosen.fighter), 1, events)
    _carry_on(state, decision, events)


def _flip(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    return _offer_flip(state, eddy, False, at, events)


def _flip_any(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    return _offer_flip(state, eddy, True, at, events)


def _offer_flip(state: CombatState, eddy: Fighter, decks: bool, at: tuple[str, int], events: list[Event]) -> bool:
    """Face-down intents; with ``decks`` (The Sun) also the top card of any deck on the players' side."""
    options = [
        Option(f"Turn up {a.name}'s intent", FlipTarget("intent", a.id))
        for a in state.adversaries
        if a.active and a.intent is not None and a.intent_hidden
    ]
    if decks:
        for key in dict.fromkeys(f.pile for f in state.fighters if f.in_combat):
            pile = state.piles[key]
            if pile.draw and pile.face_up_top is None:
                options.append(Option(f"Turn up the top of {_deck_owner(state, key)}", FlipTarget("deck", key)))
    if not options:
        return _wasted(state, eddy, "turn a card face up", "no face-down card on the table", events)
    return _ask(state, "eddy-flip", eddy, f"{eddy.name}: which card turns face up?", options, at, events)


def _deck_owner(state: CombatState, key: str) -> str:
    owners = [f for f in state.fighters if f.pile == key]
    if len(owners) == 1 and owners[0].kind is FighterKind.PLAYER:
        return f"{owners[0].name}'s deck"
    return "the Eddies' deck"


@resolver("eddy-flip")
def _flip_chosen(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    flip = target_of(option, FlipTarget)
    what, key = flip.what, flip.key
    if what == "intent":
        adversary = state.adversary(key)
        assert adversary.intent is not None
        adversary.intent_hidden = False
        if not state.quiet:
            events.append(IntentRevealed(adversary.id, adversary.intent))
    else:
        pile = state.piles[key]
        pile.shown = pile.draw[-1]
        if not state.quiet:
            events.append(DeckTopShown(key, pile.shown))
    _carry_on(state, decision, events)


def _fool(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    options = [
        Option(f"{ABILITIES[row].name}: {ABILITIES[row].summary}", RowTarget(row))
        for row in EDDY_ABILITIES
        if row not in (Fool.id, Sun.id)
    ]
    return _ask(state, "eddy-fool", eddy, f"{eddy.name}: The Fool plays as which row?", options, at, events)


@resolver("eddy-fool")
def _fool_chosen(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    run_row(state, state.fighter(decision.actor), target_of(option, RowTarget).row, 0, events)


def _wheel(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    """Draw and discard one card; a Major fires The Tower's row, anything else The Sun's."""
    pile = state.piles[eddy.pile]
    if not pile.draw and pile.discard:
        state.rng = pile.shuffle_discard_in(state.rng)
        if not state.quiet:
            events.append(DeckShuffled(eddy.pile))
    if not pile.draw:
        return _wasted(state, eddy, "turn over a card", "the Eddies' deck is empty", events)
    card = pile.draw.pop()
    if not state.quiet:
        events.append(CardsDrawn(eddy.id, (card,)))
    pile.discard.append(card)
    if not state.quiet:
        events.append(CardsDiscarded(eddy.id, (card,), WheelOfFortune.id))
    run_row(state, eddy, TowerRow.id if CARDS[card].is_major else Sun.id, 0, events)
    return True


def _explode(state: CombatState, eddy: Fighter, amount: int, at: tuple[str, int], events: list[Event]) -> bool:
    """Everyone else in the zone, foe then friend, takes the blast; then the Eddy takes 20; the turn ends."""
    for adversary in [a for a in state.adversaries if a.active and a.zone == eddy.zone]:
        damage_adversary(state, eddy, adversary, amount, True, True, events)
    for other in [f for f in state.fighters if f is not eddy and f.in_combat and f.zone == eddy.zone]:
        damage_fighter(state, eddy.id, other, amount, True, events, magic=True)
    damage_fighter(state, eddy.id, eddy, TOWER_SELF_DAMAGE, False, events)
    if state.active_fighter is eddy:
        state.ending_turn = True
    return False


STEPS = {
    "step": _step,
    "anywhere": _anywhere,
    "melee": _melee,
    "shield": _shield,
    "shield_other": _shield_other,
    "heal": _heal,
    "hold": _hold,
    "extra_draw": _extra_draw,
    "flip": _flip,
    "flip_any": _flip_any,
    "fool": _fool,
    "wheel": _wheel,
    "explode": _explode,
}
