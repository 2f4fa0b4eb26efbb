"""The primitive things abilities and intents do: draw, discard, damage, shield, heal, move.

Every ability and every adversary goes through these, so numbers, events and edge cases
(reshuffles, The Tower, Flying, 0 HP) live in one place.
"""

from __future__ import annotations

from .cards import TOWER, CardId
from .decisions import ask, carry_on, resolver
from .events import (
    AdversaryDefeated,
    CardsDiscarded,
    CardsDrawn,
    CatastropheStruck,
    DamageDealt,
    DamageWasted,
    DeckShuffled,
    Event,
    FateChosen,
    FighterDied,
    HealthRegained,
    InjuryTaken,
    Moved,
    ShieldGained,
)
from .modifiers import catastrophe_shield
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


def draw(state: CombatState, fighter: Fighter, count: int, events: list[Event]) -> list[CardId]:
    """Draw into the fighter's hand, reshuffling when the pile runs short; The Tower strikes at once."""
    pile = state.piles[fighter.pile]
    if len(pile.draw) < count and pile.discard:
        state.rng = pile.shuffle_discard_in(state.rng)
        events.append(DeckShuffled(fighter.pile))
    drawn = [pile.draw.pop() for _ in range(min(count, len(pile.draw)))]
    fighter.hand.extend(drawn)
    events.append(CardsDrawn(fighter.id, tuple(drawn)))
    if TOWER in drawn:
        catastrophe(state, fighter, events)
    return drawn


def discard_ability(state: CombatState, fighter: Fighter, ability: str, events: list[Event]) -> list[CardId]:
    cards = fighter.bins.get(ability)
    if not cards:
        return []
    taken = cards.copy()
    cards.clear()
    state.piles[fighter.pile].discard.extend(taken)
    events.append(CardsDiscarded(fighter.id, tuple(taken), ability))
    return taken


def discard_hand(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    if fighter.hand:
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


# --- shield and health -------------------------------------------------------------------------


def gain_shield(who: Fighter | Adversary, amount: int, events: list[Event]) -> None:
    who.shield += amount
    events.append(ShieldGained(who.id, amount, who.shield))


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
    blocked = _absorb(fighter, amount)
    fighter.hp = max(0, fighter.hp - (amount - blocked))
    events.append(DamageDealt(source, fighter.id, amount, blocked, fighter.hp, ranged, False))
    if fighter.hp == 0:
        knocked_down(state, fighter, events)


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
    carry_on(state, decision.context, events)  # e.g. the rest of an adversary's plan (ruling CMB-ZERO-HP)


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
