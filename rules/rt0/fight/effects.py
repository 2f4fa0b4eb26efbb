"""The primitive things abilities and intents do: draw, discard, damage, shield, heal, move.

Every ability and every adversary goes through these, so numbers, events and edge cases
(reshuffles, The Tower, Flying, 0 HP) live in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .. import rng
from ..campaign.injuries import CRITICAL, INJURIES, MAJORS, Severity, escalation
from ..cards import ALL_IDS, CARDS, FOOL, TOWER, CardId, Suit
from ..traits import Spell
from .decisions import ask, carry_on, context_of, decision_context, decision_targets, resolver, target_of
from .events import (
    AdversaryDefeated,
    CardDeclared,
    CardPlaced,
    CardReturned,
    CardsDiscarded,
    CardsDrawn,
    CatastropheStruck,
    CorruptionTaken,
    DamageDealt,
    DamageWasted,
    DeckShuffled,
    EddyDestroyed,
    Event,
    FateChosen,
    FighterDied,
    HealthLost,
    HealthRegained,
    InjuryGiven,
    InjuryTaken,
    Moved,
    ShieldGained,
)
from .identity import forget, is_wild
from .modifiers import catastrophe_shield
from .registry import ABILITIES, everyone_hooked, hooks
from .state import (
    GM,
    HP_AFTER_INJURY,
    NO_CONTEXT,
    Adversary,
    CombatState,
    Context,
    FateTarget,
    Fighter,
    FighterKind,
    InjuryTarget,
    Option,
    PendingDecision,
    StrikeTarget,
    Target,
)
from .zones import Zone

if TYPE_CHECKING:
    from ..abilities.base import Ability

FATES: Final = ("killed", "incapacitated", "scared")
GROUNDED: Final = "grounded"  # adversary.marks: it has lost Flying for the rest of the fight

TowerRule = Callable[[CombatState, Fighter, list[Event]], None]
TOWER_RULES: Final[dict[FighterKind, TowerRule]] = {}


def tower_rule(kind: FighterKind) -> Callable[[TowerRule], TowerRule]:
    """Register what The Tower does when a fighter of this kind draws it (default: Catastrophe)."""

    def register(function: TowerRule) -> TowerRule:
        TOWER_RULES[kind] = function
        return function

    return register


# --- cards -----------------------------------------------------------------------------------


FollowUp = Callable[[CombatState, Fighter, list[CardId], Context, list[Event]], None]
FOLLOW_UPS: Final[dict[str, FollowUp]] = {}
AVERT_HP = 2  # FOOL-CRISIS-AVERTED: HP paid to shuffle a drawn card back


def after_draw(kind: str) -> Callable[[FollowUp], FollowUp]:
    """Register what an effect does with the cards it drew (``draw(..., then=kind)``)."""

    def register(function: FollowUp) -> FollowUp:
        FOLLOW_UPS[kind] = function
        return function

    return register


def draw(
    state: CombatState,
    fighter: Fighter,
    count: int,
    events: list[Event],
    then: str = "",
    context: Context = NO_CONTEXT,
) -> list[CardId]:
    """Draw into the fighter's hand, reshuffling when the pile runs short; The Tower strikes at once.

    CMB-TOWER: for a player The Tower is Catastrophe; other kinds register their own rule (EDDY-SHEET: it explodes).
    ``then`` names a follow-up (``after_draw``) that acts on the drawn cards, with ``context`` (a typed ``Context``;
    ``NO_CONTEXT``, as every follow-up takes today) for what else it needs. A drawn card that does something
    the moment it is drawn (The Tower, or any card with a follow-up) may first be refused through an
    ``intercepts_draw`` hook (Crisis Averted); the rest of the draw then waits for that decision.
    """
    pile = state.piles[fighter.pile]
    if len(pile.draw) < count and pile.discard:
        state.rng = pile.shuffle_discard_in(state.rng)
        if not state.quiet:
            events.append(DeckShuffled(fighter.pile))
    drawn = [pile.draw.pop() for _ in range(min(count, len(pile.draw)))]
    fighter.hand.extend(drawn)
    if not state.quiet:
        events.append(CardsDrawn(fighter.id, tuple(drawn)))
    live = drawn if then else [card for card in drawn if card == TOWER]
    if live and _may_avert(state, fighter):
        _offer_avert(state, fighter, drawn, live, then, context, events)
    else:
        _drawn(state, fighter, drawn, then, context, events)
    return drawn


def _drawn(
    state: CombatState, fighter: Fighter, drawn: list[CardId], then: str, context: Context, events: list[Event]
) -> None:
    """What the cards kept from a draw do: what any drawn card does (``arrived``), then the drawing effect's
    follow-up on them."""
    arrived(state, fighter, drawn, events)
    if then:
        FOLLOW_UPS[then](state, fighter, drawn, context, events)


def _may_avert(state: CombatState, drawer: Fighter) -> bool:
    return any(
        ability.intercepts_draw(state, owner, drawer)
        for owner in state.fighters
        for ability in hooks(owner.abilities).intercepts_draw
    )


AVERT = "avert"


@dataclass(frozen=True, slots=True)
class AvertAsked(Context):
    """Crisis Averted waits on a draw: the cards drawn, those that would act now, and the draw's follow-up with
    its own context (saved as ``[]``, the empty tuple it was, while a follow-up takes none)."""

    drawn: tuple[CardId, ...]
    live: tuple[CardId, ...]
    then: str
    context: Context


decision_context(AvertAsked, AVERT)


@dataclass(frozen=True, slots=True)
class AvertTarget(Target):
    """The card shuffled back, or None to keep what was drawn."""

    card: CardId | None

    def __init__(self, card: CardId | None) -> None:
        object.__setattr__(self, "card", card)


decision_targets(AVERT, AvertTarget)


def _offer_avert(
    state: CombatState,
    fighter: Fighter,
    drawn: list[CardId],
    live: list[CardId],
    then: str,
    context: Context,
    events: list[Event],
) -> None:
    options = [
        Option(f"Shuffle {CARDS[c].name} back for {AVERT_HP} HP", AvertTarget(c)) for c in live if c in fighter.hand
    ]
    options.append(Option("Keep what was drawn", AvertTarget(None)))
    prompt = "Crisis Averted: shuffle a card you just drew back into your deck?"
    ask(state, AVERT, fighter.id, prompt, options, events, AvertAsked(tuple(drawn), tuple(live), then, context))


@resolver(AVERT)
def _avert(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    asked = context_of(decision, AvertAsked)
    drawn, live, then, context = list(asked.drawn), list(asked.live), asked.then, asked.context
    card = target_of(option, AvertTarget).card
    if card is None:
        _drawn(state, fighter, drawn, then, context, events)
        return
    lose_hp(state, fighter, AVERT_HP, "Crisis Averted", events)  # not the card: the log is on screen for all
    fighter.hand.remove(card)
    forget(fighter, [card])
    pile = state.piles[fighter.pile]
    pile.draw.append(card)
    state.rng = rng.shuffle(state.rng, pile.draw)
    if not state.quiet:
        events.append(CardReturned(fighter.id, card, "shuffled"))
        events.append(DeckShuffled(fighter.pile))
    drawn.remove(card)
    live.remove(card)
    if live:
        _offer_avert(state, fighter, drawn, live, then, context, events)
    else:
        _drawn(state, fighter, drawn, then, context, events)


def lose_hp(state: CombatState, fighter: Fighter, amount: int, why: str, events: list[Event]) -> None:
    """HP lost without Damage (a cost such as Crisis Averted's, an injury's bleeding): Shield does not take it
    and no after_damage hooks hear of it."""
    fighter.hp = max(0, fighter.hp - amount)
    events.append(HealthLost(fighter.id, amount, fighter.hp, why))
    if fighter.hp == 0:
        knocked_down(state, fighter, events)


def take_into_hand(state: CombatState, fighter: Fighter, drawn: list[CardId], events: list[Event]) -> None:
    """Cards reach the hand as a draw: The Tower strikes, ``on_draw`` hooks react (HP-PEEK, HP-LUCKY-NUMBERS)."""
    fighter.hand.extend(drawn)
    if not state.quiet:
        events.append(CardsDrawn(fighter.id, tuple(drawn)))
    arrived(state, fighter, drawn, events)


def arrived(state: CombatState, fighter: Fighter, drawn: list[CardId], events: list[Event]) -> None:
    """What cards just drawn into the hand do at once: The Tower strikes by fighter kind (``TOWER_RULES``),
    then ``on_draw`` hooks react. ``draw`` calls it only for the cards kept (not shuffled back by Crisis
    Averted), once the choice is made."""
    if TOWER in drawn and TOWER in fighter.hand:
        TOWER_RULES.get(fighter.kind, catastrophe)(state, fighter, events)
    for ability in hooks(fighter.abilities).on_draw:
        for card in drawn:
            ability.on_draw(state, fighter, card, events)


def discard_ability(
    state: CombatState, fighter: Fighter, ability: str, events: list[Event], fired: bool = False
) -> list[CardId]:
    """Empty a bin into the discard pile. ``fired``: the bin is spending its cards because it fired, so
    other bins may catch them instead (``catches``: Origami Folding, All Signs Point to Yes) and
    ``on_fire`` hooks hear of it."""
    cards = fighter.bins.get(ability)
    if not cards:
        return []
    taken = cards.copy()
    cards.clear()
    found = hooks(fighter.abilities)
    caught = _caught(state, fighter, ability, taken, found.catches) if fired and found.catches else None
    if caught:
        kept = {card for card, _ in caught}
        gone = [card for card in taken if card not in kept]
    else:  # the usual case: nothing caught, every card goes (on_discard hooks get a list of their own)
        gone = taken.copy() if found.on_discard else taken
    forget(fighter, gone)
    if gone:
        state.piles[fighter.pile].discard.extend(gone)
        if not state.quiet:
            events.append(CardsDiscarded(fighter.id, tuple(gone), ability))
        for hook in found.on_discard:
            hook.on_discard(state, fighter, ability, gone, events)
    if caught:  # not ``caught or ()``: compiled, iterating a list-or-tuple is a generic iterator every time
        _place_caught(state, fighter, caught, events)
    if fired:
        for hook in hooks(fighter.abilities).on_fire:
            hook.on_fire(state, fighter, ability, events)
    return taken


def _caught(
    state: CombatState, fighter: Fighter, ability: str, taken: list[CardId], catchers: tuple[Ability, ...]
) -> list[tuple[CardId, list[str]]]:
    """The cards of a fired bin that other bins catch (``catches``), each with the bins that want it."""
    caught = []
    for card in taken:
        wanted = [c.id for c in catchers if c.id != ability and c.catches(state, fighter, ability, card)]
        if wanted:
            caught.append((card, wanted))
    return caught


def _place_caught(
    state: CombatState, fighter: Fighter, caught: list[tuple[CardId, list[str]]], events: list[Event]
) -> None:
    """Each caught card goes on the bin that wants it, or the fighter is asked which, when several do."""
    for card, wanted in caught:
        if len(wanted) == 1:
            place(state, fighter, card, wanted[0], events)
        else:
            options = [Option(f"{CARDS[card].name} goes on {ABILITIES[w].name}", PlaceTarget(card, w)) for w in wanted]
            ask(state, "catch", fighter.id, f"Where does {CARDS[card].name} go?", options, events)


def discard_cards(state: CombatState, fighter: Fighter, ability: str, cards: list[CardId], events: list[Event]) -> None:
    """Some of a bin's cards go to the discard pile, the rest stay (Magic Wand, Disappearing Act)."""
    bin_cards = fighter.bins.get(ability, [])
    gone = [card for card in cards if card in bin_cards]
    if not gone:
        return
    for card in gone:
        bin_cards.remove(card)
    forget(fighter, gone)
    state.piles[fighter.pile].discard.extend(gone)
    if not state.quiet:
        events.append(CardsDiscarded(fighter.id, tuple(gone), ability))
    for hook in hooks(fighter.abilities).on_discard:
        hook.on_discard(state, fighter, ability, gone, events)


def cast_spell(state: CombatState, fighter: Fighter, spell: Spell, events: list[Event]) -> None:
    """The fighter casts a spell: it is counted for the fight and ``on_cast`` hooks hear of it.

    Every spell bin calls it as it casts (``SpellAbility.resolve``); anything else that casts a spell does too.
    """
    key = cast_mark(spell)
    first = not fighter.marks.get(key)
    fighter.marks[key] = fighter.marks.get(key, 0) + 1
    for hook in hooks(fighter.abilities).on_cast:
        hook.on_cast(state, fighter, spell, first, events)


def cast_mark(spell: Spell) -> str:
    """The ``fighter.marks`` key counting how often a spell was cast this fight."""
    return f"cast:{spell.value}"


@dataclass(frozen=True, slots=True)
class PlaceTarget(Target):
    """A card and the bin it goes on."""

    card: CardId
    ability: str

    def __init__(self, card: CardId, ability: str) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "ability", ability)


decision_targets("catch", PlaceTarget)


@resolver("catch")
def _catch(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    placed = target_of(option, PlaceTarget)
    place(state, state.fighter(decision.actor), placed.card, placed.ability, events)


def discard_hand(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    if fighter.hand:
        forget(fighter, fighter.hand)
        state.piles[fighter.pile].discard.extend(fighter.hand)
        if not state.quiet:
            events.append(CardsDiscarded(fighter.id, tuple(fighter.hand), "hand"))
        fighter.hand.clear()


def catastrophe(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """CMB-CATASTROPHE: The Tower and every card on every ability go, the deck is reshuffled, the turn ends.

    The Tower is usually in the hand; one shown but never drawn (MAG-THREE-CARD-MONTE) is shuffled in where it is.
    """
    if TOWER in fighter.hand:
        fighter.hand.remove(TOWER)
        state.piles[fighter.pile].discard.append(TOWER)
        if not state.quiet:
            events.append(CardsDiscarded(fighter.id, (TOWER,), "catastrophe"))
    for ability in sorted(fighter.bins):  # sorted: independent of the order the bins were first used
        discard_ability(state, fighter, ability, events)
    pile = state.piles[fighter.pile]
    state.rng = pile.shuffle_discard_in(state.rng)
    shield = catastrophe_shield(fighter.traits)
    if not state.quiet:
        events.append(DeckShuffled(fighter.pile))
        events.append(CatastropheStruck(fighter.id, shield))
    if shield:
        gain_shield(state, fighter, shield, events)
    if state.active_fighter is fighter:
        state.ending_turn = True


def play_from_hand(state: CombatState, fighter: Fighter, card: CardId, ability: str, events: list[Event]) -> None:
    """A card leaves the hand for a bin."""
    fighter.hand.remove(card)
    place(state, fighter, card, ability, events)


def place(state: CombatState, fighter: Fighter, card: CardId, ability: str, events: list[Event]) -> None:
    """Put a card on a bin (from the hand or through another effect); a wild Fool is named first."""
    faces = wildcard_faces(state, fighter, ability) if is_wild(fighter, card) else []
    fighter.bins.setdefault(ability, []).append(card)
    if not state.quiet:
        events.append(CardPlaced(fighter.id, card, ability))
    if faces:
        options = [Option(f"The Fool counts as {CARDS[face].name}", FaceTarget(ability, face)) for face in faces]
        ask(state, "wildcard", fighter.id, "What does The Fool count as?", options, events)
        return
    settle_bin(state, fighter, ability, events)


def settle_bin(state: CombatState, fighter: Fighter, ability: str, events: list[Event]) -> None:
    """Fire the bin if the cards on it now complete it."""
    rule = ABILITIES[ability]
    if rule.is_complete(state, fighter, fighter.bins[ability]):
        rule.resolve(state, fighter, events)


@dataclass(frozen=True, slots=True)
class FaceTarget(Target):
    """What a wild Fool on this bin counts as."""

    ability: str
    face: CardId

    def __init__(self, ability: str, face: CardId) -> None:
        object.__setattr__(self, "ability", ability)
        object.__setattr__(self, "face", face)


decision_targets("wildcard", FaceTarget)


@resolver("wildcard")
def _wildcard(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    named = target_of(option, FaceTarget)
    ability, declared = named.ability, named.face
    fighter = state.fighter(decision.actor)
    fighter.counts_as[FOOL] = declared
    if not state.quiet:
        events.append(CardDeclared(fighter.id, FOOL, declared))
    settle_bin(state, fighter, ability, events)


def wildcard_faces(state: CombatState, fighter: Fighter, ability_id: str) -> list[CardId]:
    """The cards a wild Fool could become on this bin, one per distinct (suit, value) the bin cares about."""
    ability = ABILITIES[ability_id]
    suited = ability.suits is not None
    seen: dict[tuple[Suit | None, int], CardId] = {}
    for candidate in ALL_IDS:
        if candidate == FOOL:
            continue
        card = CARDS[candidate]
        key = (card.suit if suited else None, card.value)
        if key in seen:  # the first candidate with this face is kept: a later one need not be tried
            continue
        fighter.counts_as[FOOL] = candidate
        try:
            if ability.takes(state, fighter, FOOL):
                seen[key] = candidate
        finally:
            del fighter.counts_as[FOOL]
    return list(seen.values())


# --- shield and health -------------------------------------------------------------------------


def gain_shield(state: CombatState, who: Fighter | Adversary, amount: int, events: list[Event]) -> None:
    """Every Shield anyone gains passes here: a fighter's ``receives_shield`` hooks may stop it (Broken Leg)."""
    offered, stopped_by = amount, ""
    if isinstance(who, Fighter):
        for ability in hooks(who.abilities).receives_shield:
            amount = ability.receives_shield(state, who, amount)
            if amount < offered and not stopped_by:
                stopped_by = ability.name
        who.shield += amount  # in each branch: compiled, the field of a known class, not an attribute by name
    else:
        who.shield += amount
    events.append(ShieldGained(who.id, amount, who.shield, offered - amount, stopped_by))


def generate_shield(state: CombatState, fighter: Fighter, amount: int, events: list[Event]) -> None:
    """Shield a fighter's own ability makes: abilities such as Unlikely Helmet add to it; Astronomy
    (``shares_shield``) gives the same amount to every player in the fight instead."""
    amount = shield_amount(state, fighter, amount)
    sharers = hooks(fighter.abilities).shares_shield  # usually none: skip building a generator for any()
    if sharers and any(a.shares_shield(state, fighter) for a in sharers):
        for player in state.fighters:
            if player.kind is FighterKind.PLAYER and player.in_combat:
                gain_shield(state, player, amount, events)
    else:
        gain_shield(state, fighter, amount, events)
    for ability in hooks(fighter.abilities).shield_generated:
        ability.shield_generated(state, fighter, amount, events)


def shield_amount(state: CombatState, fighter: Fighter, amount: int) -> int:
    """Shield a fighter's ability generates, bonuses added and then multipliers (Dodge) applied."""
    bonuses = hooks(fighter.abilities).shield_bonus  # usually none: skip building a generator for sum()
    if bonuses:
        amount += sum(a.shield_bonus(state, fighter) for a in bonuses)
    for ability in hooks(fighter.abilities).shield_multiplier:
        amount *= ability.shield_multiplier(state, fighter)
    return amount


def take_corruption(fighter: Fighter, amount: int, why: str, events: list[Event]) -> None:
    """Corruption taken mid-fight; the campaign marks it on the sheet once the fight is over."""
    fighter.corruption_gained += amount
    events.append(CorruptionTaken(fighter.id, amount, why))


def heal(state: CombatState, who: Adversary, amount: int, events: list[Event]) -> None:
    """Regain HP up to the adversary's printed HP (ruling ADV-INTENT: no healing past full)."""
    top = state.bestiary[who.kind].hp
    gained = max(0, min(amount, top - who.hp))
    who.hp += gained
    if not state.quiet:
        events.append(HealthRegained(who.id, gained, who.hp))


def _absorb(who: Fighter | Adversary, amount: int) -> int:
    blocked = min(who.shield, amount)
    who.shield -= blocked
    return blocked


# --- damage to adversaries ---------------------------------------------------------------------


def strike_options(state: CombatState, fighter: Fighter, amount: int, ranged: bool, magic: bool) -> list[Option]:
    """Every adversary this damage could reach (CMB-DAMAGE-MELEE / CMB-DAMAGE-RANGED), as options."""
    options = []
    for adversary in state.adversaries:
        if adversary.active and (ranged or adversary.zone == fighter.zone):
            note = landing_note(state, adversary, amount, ranged)
            if note:
                options.append(_strike_option(adversary, amount, ranged, magic, note))
            else:  # the common case, an option the same every time: kept (options are values)
                options.append(_plain_strike(adversary, amount, ranged, magic))
    return options


def _strike_option(adversary: Adversary, amount: int, ranged: bool, magic: bool, note: str) -> Option:
    kind = ("ranged " if ranged else "") + ("magic " if magic else "")
    label = f"{amount} {kind}damage to {adversary.name}{note}"
    return Option(label, StrikeTarget(adversary.id, amount, ranged, magic))


def _plain_strike(adversary: Adversary, amount: int, ranged: bool, magic: bool) -> Option:
    """``_strike_option`` with no landing note, kept by adversary id, then damage and kind (its name checked)."""
    by_kind = _PLAIN_STRIKES.get(adversary.id)
    if by_kind is None:
        by_kind = _PLAIN_STRIKES[adversary.id] = {}
    key = amount * 4 + (2 if ranged else 0) + (1 if magic else 0)
    kept = by_kind.get(key)
    if kept is None or kept[0] != adversary.name:
        kept = by_kind[key] = (adversary.name, _strike_option(adversary, amount, ranged, magic, ""))
    return kept[1]


_PLAIN_STRIKES: Final[dict[str, dict[int, tuple[str, Option]]]] = {}


def flying_cut(state: CombatState, adversary: Adversary, amount: int, ranged: bool) -> int:
    """ZON-FLYING: what is left of the damage once Flying has cut it (at most 1 unless Ranged or grounded)."""
    if state.bestiary[adversary.kind].flying and not ranged and not adversary.marks.get(GROUNDED):
        return min(amount, 1)
    return amount


def landing_note(state: CombatState, adversary: Adversary, amount: int, ranged: bool) -> str:
    """What of the damage would reach the adversary's HP, said only when Flying or Shield take some of it."""
    cut = flying_cut(state, adversary, amount, ranged)
    blocked = min(adversary.shield, cut)
    if cut == amount and not blocked:
        return ""
    reasons = ["Flying"] if cut != amount else []
    if blocked:
        reasons.append(f"Shield blocks {blocked}")
    return f": {cut - blocked} lands ({', '.join(reasons)})"


def offer_strike(
    state: CombatState, fighter: Fighter, modes: list[tuple[int, bool, bool]], events: list[Event], source: str
) -> None:
    """Ask where damage goes; each mode is (amount, ranged, magic). Unreachable damage is wasted."""
    found = hooks(fighter.abilities)
    if found.damage_kind:
        modes = [(amount, *damage_kind(state, fighter, ranged, magic)) for amount, ranged, magic in modes]
    if found.damage_bonus or found.damage_multiplier:
        modes = [(damage_amount(state, fighter, amount, r, m), r, m) for amount, r, m in modes]
    options = [opt for amount, ranged, magic in modes for opt in strike_options(state, fighter, amount, ranged, magic)]
    if not options:
        if not state.quiet:
            best = max(amount for amount, _, _ in modes)
            reason = "no adversary in reach" if any(a.active for a in state.adversaries) else "no adversary left"
            events.append(DamageWasted(fighter.id, best, reason))
        return
    ask(state, "strike", fighter.id, f"{source}: where does the damage go?", options, events)


def damage_amount(state: CombatState, fighter: Fighter, amount: int, ranged: bool, magic: bool) -> int:
    """Damage of this kind the fighter deals, bonuses added and then multipliers (Rage) applied."""
    bonuses = hooks(fighter.abilities).damage_bonus  # usually none: skip building a generator for sum()
    if bonuses:
        amount += sum(b.damage_bonus(state, fighter, ranged, magic) for b in bonuses)
    for ability in hooks(fighter.abilities).damage_multiplier:
        amount *= ability.damage_multiplier(state, fighter, ranged, magic)
    return amount


decision_targets("strike", StrikeTarget)


@resolver("strike")
def _strike(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    hit = target_of(option, StrikeTarget)
    fighter, adversary = state.fighter(decision.actor), state.adversary(hit.adversary)
    damage_adversary(state, fighter, adversary, hit.amount, hit.ranged, hit.magic, events)


def damage_adversary(
    state: CombatState,
    fighter: Fighter,
    adversary: Adversary,
    amount: int,
    ranged: bool,
    magic: bool,
    events: list[Event],
) -> None:
    """Shield absorbs first; a Flying adversary takes at most 1 from anything but Ranged (ZON-FLYING) unless an
    effect grounded it (``adversary.marks[GROUNDED]``: Fishing). Every fighter's ``adversary_damaged`` hears of it.
    A ``strike_misses`` hook (Blinded) may first make it miss."""
    misses = hooks(fighter.abilities).strike_misses  # usually none
    if misses and any(a.strike_misses(state, fighter, adversary, amount, events) for a in misses):
        return
    if hooks(fighter.abilities).damage_kind:
        ranged, magic = damage_kind(state, fighter, ranged, magic)
    amount = flying_cut(state, adversary, amount, ranged)
    blocked = _absorb(adversary, amount)
    adversary.hp = max(0, adversary.hp - (amount - blocked))
    events.append(DamageDealt(fighter.id, adversary.id, amount, blocked, adversary.hp, ranged, magic))
    for watcher, ability in everyone_hooked(state, lambda h: h.adversary_damaged):
        ability.adversary_damaged(state, watcher, adversary, fighter.id, amount, events)
    if adversary.hp == 0:
        if not state.quiet:
            events.append(AdversaryDefeated(adversary.id, fighter.id))
        options = [Option(f"{adversary.name} is {fate}", FateTarget(adversary.id, fate)) for fate in FATES]
        ask(state, "fate", fighter.id, f"{adversary.name} is down. What became of them?", options, events)


def damage_kind(state: CombatState, fighter: Fighter, ranged: bool, magic: bool) -> tuple[bool, bool]:
    """What damage the fighter deals counts as once abilities such as Ballistics have their say."""
    for ability in hooks(fighter.abilities).damage_kind:
        ranged, magic = ability.damage_kind(state, fighter, ranged, magic)
    return ranged, magic


def adversaries_near(state: CombatState, fighter: Fighter) -> list[Adversary]:
    """The adversaries an "every adversary in your zone" effect reaches (every one under ``reach_all``)."""
    everywhere = any(a.reach_all(state, fighter) for a in hooks(fighter.abilities).reach_all)
    return [a for a in state.adversaries if a.active and (everywhere or a.zone == fighter.zone)]


def every_adversary(state: CombatState, fighter: Fighter) -> list[Adversary]:
    """The adversaries an effect on every adversary reaches: all still fighting, or under a ``zone_only`` hook
    (Blinded) only those in the fighter's zone."""
    narrowed = hooks(fighter.abilities).zone_only
    if narrowed and any(a.zone_only(state, fighter) for a in narrowed):
        return [a for a in state.adversaries if a.active and a.zone == fighter.zone]
    return [a for a in state.adversaries if a.active]


def area_damage(
    state: CombatState,
    fighter: Fighter,
    amount: int,
    ranged: bool,
    magic: bool,
    events: list[Event],
    everywhere: bool = False,
) -> None:
    """The same damage to every adversary in the fighter's zone (``everywhere``: to every adversary)."""
    ranged, magic = damage_kind(state, fighter, ranged, magic)
    amount = damage_amount(state, fighter, amount, ranged, magic)
    if amount <= 0:
        return
    targets = every_adversary(state, fighter) if everywhere else adversaries_near(state, fighter)
    for adversary in targets:
        damage_adversary(state, fighter, adversary, amount, ranged, magic, events)


decision_targets("fate", FateTarget)


@resolver("fate")
def _fate(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    chosen = target_of(option, FateTarget)
    state.adversary(chosen.adversary).fate = chosen.fate
    if not state.quiet:
        events.append(FateChosen(chosen.adversary, chosen.fate))


# --- damage to fighters ------------------------------------------------------------------------


def damage_fighter(
    state: CombatState,
    source: str,
    fighter: Fighter,
    amount: int,
    ranged: bool,
    events: list[Event],
    magic: bool = False,
) -> None:
    for ability in hooks(fighter.abilities).before_damage:
        amount = ability.before_damage(state, fighter, amount, source, events)
        if amount <= 0:
            return
    blocked = _absorb(fighter, amount)
    fighter.hp = max(0, fighter.hp - (amount - blocked))
    events.append(DamageDealt(source, fighter.id, amount, blocked, fighter.hp, ranged, magic))
    if fighter.hp == 0:
        knocked_down(state, fighter, events)
    for ability in hooks(fighter.abilities).after_damage:
        ability.after_damage(state, fighter, amount, source, events)


def knocked_down(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """CMB-ZERO-HP: the GM picks a Major Injury (a second Major is Critical; a second Critical kills).

    EDDY-SHEET (ruling): an Eddy takes no injuries; at 0 HP it is destroyed and out of the fight.
    """
    if fighter.kind is FighterKind.EDDY:
        fighter.dead = True
        if not state.quiet:
            events.append(EddyDestroyed(fighter.id))
        return
    received = escalation(fighter.injuries, Severity.MAJOR)  # the campaign's one escalation rule
    if received is None:
        fighter.dead = True
        if not state.quiet:
            events.append(FighterDied(fighter.id))
        return
    if received is Severity.CRITICAL:
        take_injury(fighter, CRITICAL, received.value, events)
        return
    options = [Option(name, InjuryTarget(fighter.id, name)) for name in MAJORS if name not in fighter.injuries]
    ask(state, "injury", GM, f"{fighter.name} is at 0 HP. Choose a Major Injury.", options, events)


decision_targets("injury", InjuryTarget)


@resolver("injury")
def _injury(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    chosen = target_of(option, InjuryTarget)
    take_injury(state.fighter(chosen.fighter), chosen.injury, Severity.MAJOR.value, events)
    carry_on(state, decision.context, events)  # e.g. the rest of an adversary's plan (ruling CMB-ZERO-HP)


def injure(state: CombatState, fighter: Fighter, name: str, events: list[Event]) -> None:
    """ADV-INJURE (ruling): an injury given directly, not through Damage: Shield does not stop it and HP stays as it
    is; a Major on a Major is Critical and a Critical on a Critical kills, as at 0 HP."""
    received = escalation(fighter.injuries, INJURIES[name].severity)
    if received is None:
        fighter.dead = True
        if not state.quiet:
            events.append(FighterDied(fighter.id))
        return
    if received is not INJURIES[name].severity:
        name = CRITICAL
    fighter.injuries.append(name)
    if not state.quiet:
        events.append(InjuryGiven(fighter.id, name, received.value))


def take_injury(fighter: Fighter, name: str, severity: str, events: list[Event]) -> None:
    fighter.injuries.append(name)
    fighter.hp = HP_AFTER_INJURY
    events.append(InjuryTaken(fighter.id, name, severity, fighter.hp))


# --- movement ----------------------------------------------------------------------------------


def move(state: CombatState, who: Fighter | Adversary, destination: Zone, events: list[Event]) -> None:
    origin = who.zone
    assert origin is not None
    who.zone = destination
    if not state.quiet:
        events.append(Moved(who.id, origin, destination))
