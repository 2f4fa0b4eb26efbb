"""The primitive things abilities and intents do: draw, discard, damage, shield, heal, move.

Every ability and every adversary goes through these, so numbers, events and edge cases
(reshuffles, The Tower, Flying, 0 HP) live in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import rng
from .cards import ALL_IDS, CARDS, FOOL, TOWER, CardId, Suit
from .decisions import ask, resolver
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
    Event,
    FateChosen,
    FighterDied,
    HealthLost,
    HealthRegained,
    InjuryTaken,
    Moved,
    ShieldGained,
)
from .identity import forget, is_wild
from .modifiers import catastrophe_shield
from .registry import ABILITIES, hooked
from .state import GM, HP_AFTER_INJURY, Adversary, CombatState, Fighter, Option, PendingDecision
from .zones import Zone

MAJOR_INJURIES = (
    "Bleeding Out",
    "Broken Arm",
    "Broken Leg",
    "Concussion",
    "Curse",
    "Delerium",
    "Disease",
    "Heart Palpitations",
    "Unresolved Trauma",
)
CRITICAL_INJURY = "Critical Injury"
FATES = ("killed", "incapacitated", "scared")


# --- cards -----------------------------------------------------------------------------------


FollowUp = Callable[[CombatState, Fighter, list[CardId], tuple[Any, ...], list[Event]], None]
FOLLOW_UPS: dict[str, FollowUp] = {}
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
    context: tuple[Any, ...] = (),
) -> list[CardId]:
    """Draw into the fighter's hand, reshuffling when the pile runs short; The Tower strikes at once.

    ``then`` names a follow-up (``after_draw``) that acts on the drawn cards. A drawn card that does something
    the moment it is drawn (The Tower, or any card with a follow-up) may first be refused through an
    ``intercepts_draw`` hook (Crisis Averted); the rest of the draw then waits for that decision.
    """
    pile = state.piles[fighter.pile]
    if len(pile.draw) < count and pile.discard:
        state.rng = pile.shuffle_discard_in(state.rng)
        events.append(DeckShuffled(fighter.pile))
    drawn = [pile.draw.pop() for _ in range(min(count, len(pile.draw)))]
    fighter.hand.extend(drawn)
    events.append(CardsDrawn(fighter.id, tuple(drawn)))
    live = drawn if then else [card for card in drawn if card == TOWER]
    if live and _may_avert(state, fighter):
        _offer_avert(state, fighter, drawn, live, then, context, events)
    else:
        _drawn(state, fighter, drawn, then, context, events)
    return drawn


def _drawn(
    state: CombatState, fighter: Fighter, drawn: list[CardId], then: str, context: tuple[Any, ...], events: list[Event]
) -> None:
    """What drawn cards do once drawn for good: The Tower, on_draw hooks, the drawing effect's follow-up."""
    if TOWER in drawn and TOWER in fighter.hand:
        catastrophe(state, fighter, events)
    for ability in hooked(fighter.abilities, "on_draw"):
        for card in drawn:
            ability.on_draw(state, fighter, card, events)
    if then:
        FOLLOW_UPS[then](state, fighter, drawn, context, events)


def _may_avert(state: CombatState, drawer: Fighter) -> bool:
    return any(
        ability.intercepts_draw(state, owner, drawer)
        for owner in state.fighters
        for ability in hooked(owner.abilities, "intercepts_draw")
    )


def _offer_avert(
    state: CombatState,
    fighter: Fighter,
    drawn: list[CardId],
    live: list[CardId],
    then: str,
    context: tuple[Any, ...],
    events: list[Event],
) -> None:
    options = [Option(f"Shuffle {CARDS[c].name} back for {AVERT_HP} HP", (c,)) for c in live if c in fighter.hand]
    options.append(Option("Keep what was drawn", (None,)))
    prompt = "Crisis Averted: shuffle a card you just drew back into your deck?"
    ask(state, "avert", fighter.id, prompt, options, events, (tuple(drawn), tuple(live), then, context))


@resolver("avert")
def _avert(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    drawn, live, then, context = decision.context
    drawn, live = list(drawn), list(live)
    card = option.value[0]
    if card is None:
        _drawn(state, fighter, drawn, then, tuple(context), events)
        return
    lose_hp(state, fighter, AVERT_HP, f"Crisis Averted on {CARDS[card].name}", events)
    fighter.hand.remove(card)
    forget(fighter, [card])
    pile = state.piles[fighter.pile]
    pile.draw.append(card)
    state.rng = rng.shuffle(state.rng, pile.draw)
    events.append(CardReturned(fighter.id, card, "shuffled"))
    events.append(DeckShuffled(fighter.pile))
    drawn.remove(card)
    live.remove(card)
    if live:
        _offer_avert(state, fighter, drawn, live, then, tuple(context), events)
    else:
        _drawn(state, fighter, drawn, then, tuple(context), events)


def lose_hp(state: CombatState, fighter: Fighter, amount: int, why: str, events: list[Event]) -> None:
    """HP paid as a cost: Shield does not take it and it is not Damage (no after_damage hooks)."""
    fighter.hp = max(0, fighter.hp - amount)
    events.append(HealthLost(fighter.id, amount, fighter.hp, why))
    if fighter.hp == 0:
        knocked_down(state, fighter, events)


def discard_ability(state: CombatState, fighter: Fighter, ability: str, events: list[Event]) -> list[CardId]:
    cards = fighter.bins.get(ability)
    if not cards:
        return []
    taken = cards.copy()
    cards.clear()
    forget(fighter, taken)
    state.piles[fighter.pile].discard.extend(taken)
    events.append(CardsDiscarded(fighter.id, tuple(taken), ability))
    return taken


def discard_hand(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    if fighter.hand:
        forget(fighter, fighter.hand)
        state.piles[fighter.pile].discard.extend(fighter.hand)
        events.append(CardsDiscarded(fighter.id, tuple(fighter.hand), "hand"))
        fighter.hand.clear()


def catastrophe(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """CMB-CATASTROPHE: The Tower and every card on every ability go, the deck is reshuffled, the turn ends."""
    fighter.hand.remove(TOWER)
    state.piles[fighter.pile].discard.append(TOWER)
    events.append(CardsDiscarded(fighter.id, (TOWER,), "catastrophe"))
    for ability in list(fighter.bins):
        discard_ability(state, fighter, ability, events)
    pile = state.piles[fighter.pile]
    state.rng = pile.shuffle_discard_in(state.rng)
    events.append(DeckShuffled(fighter.pile))
    shield = catastrophe_shield(fighter.traits)
    events.append(CatastropheStruck(fighter.id, shield))
    if shield:
        gain_shield(fighter, shield, events)
    if state.active_fighter is fighter:
        state.ending_turn = True


def place(state: CombatState, fighter: Fighter, card: CardId, ability: str, events: list[Event]) -> None:
    """Put a card on a bin (from the hand or through another effect); a wild Fool is named first."""
    faces = wildcard_faces(state, fighter, ability) if is_wild(fighter, card) else []
    fighter.bins.setdefault(ability, []).append(card)
    events.append(CardPlaced(fighter.id, card, ability))
    if faces:
        options = [Option(f"The Fool counts as {CARDS[face].name}", (ability, face)) for face in faces]
        ask(state, "wildcard", fighter.id, "What does The Fool count as?", options, events)
        return
    settle_bin(state, fighter, ability, events)


def settle_bin(state: CombatState, fighter: Fighter, ability: str, events: list[Event]) -> None:
    """Fire the bin if the cards on it now complete it."""
    rule = ABILITIES[ability]
    if rule.is_complete(state, fighter, fighter.bins[ability]):
        rule.resolve(state, fighter, events)


@resolver("wildcard")
def _wildcard(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    ability, declared = option.value
    fighter = state.fighter(decision.actor)
    fighter.counts_as[FOOL] = declared
    events.append(CardDeclared(fighter.id, FOOL, declared))
    settle_bin(state, fighter, ability, events)


def wildcard_faces(state: CombatState, fighter: Fighter, ability_id: str) -> list[CardId]:
    """The cards a wild Fool could become on this bin, one per distinct (suit, value) the bin cares about."""
    ability = ABILITIES[ability_id]
    seen: dict[tuple[Suit | None, int], CardId] = {}
    for candidate in ALL_IDS:
        if candidate == FOOL:
            continue
        fighter.counts_as[FOOL] = candidate
        try:
            if ability.takes(state, fighter, FOOL):
                key = (CARDS[candidate].suit if ability.suits is not None else None, CARDS[candidate].value)
                seen.setdefault(key, candidate)
        finally:
            del fighter.counts_as[FOOL]
    return list(seen.values())


# --- shield and health -------------------------------------------------------------------------


def gain_shield(who: Fighter | Adversary, amount: int, events: list[Event]) -> None:
    who.shield += amount
    events.append(ShieldGained(who.id, amount, who.shield))


def generate_shield(state: CombatState, fighter: Fighter, amount: int, events: list[Event]) -> None:
    """Shield a fighter's own ability makes: abilities such as Unlikely Helmet add to it."""
    amount += sum(a.shield_bonus(state, fighter) for a in hooked(fighter.abilities, "shield_bonus"))
    gain_shield(fighter, amount, events)


def take_corruption(fighter: Fighter, amount: int, why: str, events: list[Event]) -> None:
    """Corruption taken mid-fight; the campaign marks it on the sheet once the fight is over."""
    fighter.corruption_gained += amount
    events.append(CorruptionTaken(fighter.id, amount, why))


def heal(state: CombatState, who: Adversary, amount: int, events: list[Event]) -> None:
    """Regain HP up to the adversary's printed HP (ruling ADV-INTENT: no healing past full)."""
    top = state.bestiary[who.kind].hp
    gained = max(0, min(amount, top - who.hp))
    who.hp += gained
    events.append(HealthRegained(who.id, gained, who.hp))


def _absorb(who: Fighter | Adversary, amount: int) -> int:
    blocked = min(who.shield, amount)
    who.shield -= blocked
    return blocked


# --- damage to adversaries ---------------------------------------------------------------------


def strike_options(state: CombatState, fighter: Fighter, amount: int, ranged: bool, magic: bool) -> list[Option]:
    """Every adversary this damage could reach (CMB-DAMAGE-MELEE / CMB-DAMAGE-RANGED), as options."""
    kind = ("ranged " if ranged else "") + ("magic " if magic else "")
    options = []
    for adversary in state.adversaries:
        if adversary.active and (ranged or adversary.zone == fighter.zone):
            label = f"{amount} {kind}damage to {adversary.name}"
            options.append(Option(label, (adversary.id, amount, ranged, magic)))
    return options


def offer_strike(
    state: CombatState, fighter: Fighter, modes: list[tuple[int, bool, bool]], events: list[Event], source: str
) -> None:
    """Ask where damage goes; each mode is (amount, ranged, magic). Unreachable damage is wasted."""
    bonuses = hooked(fighter.abilities, "damage_bonus")
    if bonuses:
        modes = [(amount + sum(b.damage_bonus(state, fighter, r, m) for b in bonuses), r, m) for amount, r, m in modes]
    options = [opt for amount, ranged, magic in modes for opt in strike_options(state, fighter, amount, ranged, magic)]
    if not options:
        best = max(amount for amount, _, _ in modes)
        reason = "no adversary in reach" if any(a.active for a in state.adversaries) else "no adversary left"
        events.append(DamageWasted(fighter.id, best, reason))
        return
    ask(state, "strike", fighter.id, f"{source}: where does the damage go?", options, events)


@resolver("strike")
def _strike(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    adversary_id, amount, ranged, magic = option.value
    damage_adversary(state, state.fighter(decision.actor), state.adversary(adversary_id), amount, ranged, magic, events)


def damage_adversary(
    state: CombatState,
    fighter: Fighter,
    adversary: Adversary,
    amount: int,
    ranged: bool,
    magic: bool,
    events: list[Event],
) -> None:
    """Shield absorbs first; a Flying adversary takes at most 1 from anything but Ranged (ZON-FLYING)."""
    if state.bestiary[adversary.kind].flying and not ranged:
        amount = min(amount, 1)
    blocked = _absorb(adversary, amount)
    adversary.hp = max(0, adversary.hp - (amount - blocked))
    events.append(DamageDealt(fighter.id, adversary.id, amount, blocked, adversary.hp, ranged, magic))
    if adversary.hp == 0:
        events.append(AdversaryDefeated(adversary.id, fighter.id))
        options = [Option(f"{adversary.name} is {fate}", (adversary.id, fate)) for fate in FATES]
        ask(state, "fate", fighter.id, f"{adversary.name} is down. What became of them?", options, events)


@resolver("fate")
def _fate(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    adversary_id, fate = option.value
    state.adversary(adversary_id).fate = fate
    events.append(FateChosen(adversary_id, fate))


# --- damage to fighters ------------------------------------------------------------------------


def damage_fighter(
    state: CombatState, source: str, fighter: Fighter, amount: int, ranged: bool, events: list[Event]
) -> None:
    for ability in hooked(fighter.abilities, "before_damage"):
        amount = ability.before_damage(state, fighter, amount, source, events)
        if amount <= 0:
            return
    blocked = _absorb(fighter, amount)
    fighter.hp = max(0, fighter.hp - (amount - blocked))
    events.append(DamageDealt(source, fighter.id, amount, blocked, fighter.hp, ranged, False))
    if fighter.hp == 0:
        knocked_down(state, fighter, events)
    for ability in hooked(fighter.abilities, "after_damage"):
        ability.after_damage(state, fighter, amount, source, events)


def knocked_down(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """CMB-ZERO-HP: the GM picks a Major Injury (a second Major is Critical; a second Critical kills)."""
    if CRITICAL_INJURY in fighter.injuries:
        fighter.dead = True
        events.append(FighterDied(fighter.id))
        return
    if any(injury in MAJOR_INJURIES for injury in fighter.injuries):
        take_injury(fighter, CRITICAL_INJURY, "critical", events)
        return
    options = [Option(name, (fighter.id, name)) for name in MAJOR_INJURIES if name not in fighter.injuries]
    ask(state, "injury", GM, f"{fighter.name} is at 0 HP. Choose a Major Injury.", options, events)


@resolver("injury")
def _injury(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter_id, name = option.value
    take_injury(state.fighter(fighter_id), name, "major", events)


def take_injury(fighter: Fighter, name: str, severity: str, events: list[Event]) -> None:
    fighter.injuries.append(name)
    fighter.hp = HP_AFTER_INJURY
    events.append(InjuryTaken(fighter.id, name, severity, fighter.hp))


# --- movement ----------------------------------------------------------------------------------


def move(who: Fighter | Adversary, destination: Zone, events: list[Event]) -> None:
    origin = who.zone
    assert origin is not None
    who.zone = destination
    events.append(Moved(who.id, origin, destination))
