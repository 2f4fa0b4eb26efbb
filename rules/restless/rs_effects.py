"""What the cards in play add up to (roll and damage bonuses, Max Health, a Realm's Targets), and harm to a Character.

Passive effects come from a Character's own card, its Equipment, Sins and Status Effects; party-wide from the last
Rest played, the Death Effects of the dead (RS-CHAR-DEATH-EFFECT) and the Realm (set aside against a Traitor God).
"""

from __future__ import annotations

from dataclasses import replace

from .rs_actions import RsEvent
from .rs_cards import Effect
from .rs_state import Hero, RsState, with_hero, with_mark, with_pile

# ---- what applies ----


def party_traits(state: RsState) -> frozenset[str]:
    """The Traits of the living party: a global card's tag needs one of them, and counts once (RS-TRAIT-PARTY)."""
    return frozenset(state.card(h.card).trait for h in state.living() if state.card(h.card).trait)


def gated(effects: tuple[Effect, ...], traits: frozenset[str]) -> list[Effect]:
    return [e for e in effects if not e.trait or e.trait in traits]


def in_god_battle(state: RsState) -> bool:
    return state.phase in ("god", "roll", "armor") and bool(state.current) and state.current == state.god


def global_effects(state: RsState) -> list[Effect]:
    """Party-wide effects in force: the last Rest's bonus, the dead's Death Effects, the Realm's rules."""
    traits = party_traits(state)
    found: list[Effect] = []
    if state.rest_bonus:
        found += gated(state.card(state.rest_bonus).effects, traits)
    for hero in state.party:
        if hero.dead:
            found += gated(state.card(hero.card).death_effect, traits)
    if state.realm and not in_god_battle(state):
        found += gated(state.card(state.realm).effects, traits)
    return found


def own_effects(state: RsState, hero: Hero) -> list[Effect]:
    """A Character's passive effects: its card, held Equipment (Trait-tagged ones for its Trait), Sins, Statuses."""
    trait = frozenset({state.card(hero.card).trait})
    found = gated(state.card(hero.card).effects, trait)
    for item in hero.items:
        card = state.card(item)
        if card.item_type == "equipment" and not card.active:
            found += gated(card.effects, trait)
    for bound in (*hero.sins, *hero.statuses):
        found += gated(state.card(bound).effects, trait)
    return found


def roll_modifier(state: RsState, hero: Hero, kind: str, unarmed: bool = False) -> int:
    """The sum of every roll bonus for this roll: ``kind`` or ``any``, and ``unarmed`` for an Unarmed attack."""
    total = 0
    for effect in [*own_effects(state, hero), *global_effects(state)]:
        if effect.do == "roll_bonus" and (effect.roll in (kind, "any") or (unarmed and effect.roll == "unarmed")):
            total += effect.amount
    return total


def damage_bonus(state: RsState, hero: Hero) -> int:
    return sum(e.amount for e in [*own_effects(state, hero), *global_effects(state)] if e.do == "damage_bonus")


def max_health(state: RsState, hero: Hero) -> int:
    passive = sum(e.amount for e in own_effects(state, hero) if e.do == "max_health")
    return max(1, state.card(hero.card).health + hero.max_bonus + passive)


def realm_bonus(state: RsState, do: str) -> int:
    """A Realm's change to its Targets (``target_defense``, ``target_attack``, ``target_health``); none for a God."""
    if not state.realm or in_god_battle(state) or state.current == state.god:
        return 0
    return sum(e.amount for e in gated(state.card(state.realm).effects, party_traits(state)) if e.do == do)


def die_defense(state: RsState) -> int:
    return state.card(state.current).die_defense + realm_bonus(state, "target_defense")


def target_attack(state: RsState) -> int:
    return max(0, state.card(state.current).attack + realm_bonus(state, "target_attack"))


def inventory_weight(state: RsState, hero: Hero) -> int:
    return sum(state.card(i).weight for i in hero.items)


def room_refusal(state: RsState, hero: Hero, item: str) -> str | None:
    """Both limits hold: a count of items and a total Weight (RS-ITEM-WEIGHT)."""
    card, who = state.card(item), state.card(hero.card)
    if len(hero.items) >= who.inventory_size:
        return f"{who.name}'s Inventory is full ({who.inventory_size} items)."
    if inventory_weight(state, hero) + card.weight > who.max_weight:
        return (
            f"{card.name} weighs {card.weight}; {who.name} carries {inventory_weight(state, hero)} of {who.max_weight}."
        )
    return None


def clamp(roll: int) -> int:
    """A modified roll never goes above 20 or below 1 (RS-CMB-CLAMP)."""
    return max(1, min(20, roll))


# ---- harm and death ----


def armor_sources(state: RsState, hero: Hero) -> list[str]:
    """Where the Character's Armor Counters are: "" for its card, else the items holding some."""
    sources = [""] if hero.armor > 0 else []
    return sources + [i for i in hero.items if state.card(i).armor and state.mark(i).armor > 0]


def take_counter(state: RsState, hero_id: str, source: str) -> RsState:
    hero = state.hero(hero_id)
    if source == "":
        return with_hero(state, replace(hero, armor=hero.armor - 1))
    mark = state.mark(source)
    return with_mark(state, replace(mark, armor=mark.armor - 1))


def lose_health(state: RsState, hero_id: str, amount: int, cause: str, events: list[RsEvent]) -> RsState:
    hero = state.hero(hero_id)
    name = state.card(hero.card).name
    health = max(0, hero.health - amount)
    state = with_hero(state, replace(hero, health=health))
    events.append(RsEvent("health", f"{name} loses {amount} Health ({health} left)."))
    if health <= 0:  # RS-CHAR-ZERO: 0 Health is dead
        state = kill(state, hero_id, cause, events)
    return state


def discard_card(state: RsState, instance: str) -> RsState:
    deck = state.card(instance).deck
    pile = state.pile(deck)
    state = with_pile(state, replace(pile, discard=(*pile.discard, instance)))
    return replace(state, marks=tuple(m for m in state.marks if m.card != instance))


def kill(state: RsState, hero_id: str, cause: str, events: list[RsEvent]) -> RsState:
    """A Character dies: Statuses go, its Death Effect holds, and its Inventory goes by the cause (RS-DROPS-DEATH,
    RS-DEATH-OTHER, RS-FLEE)."""
    hero = state.hero(hero_id)
    name = state.card(hero.card).name
    for status in hero.statuses:
        state = discard_card(state, status)
    state = with_hero(state, replace(hero, dead=True, health=0, statuses=(), sideways=False))
    if cause == "target":
        state = replace(state, drops=(*state.drops, *hero.items))
        where = "joins the Target's Drops"
    elif cause == "flee":
        for item in hero.items:
            state = discard_card(state, item)
        where = "is discarded"
    else:
        state = replace(state, loose=(*state.loose, *hero.items))
        where = "is left for the party to share"
    state = with_hero(state, replace(state.hero(hero_id), items=()))
    events.append(RsEvent("death", f"{name} dies; their Inventory {where}."))
    return state


def heal(state: RsState, hero_id: str, amount: int, events: list[RsEvent]) -> RsState:
    """Restore Health, never past Max Health (RS-MAXHP, RS-REST-HEAL)."""
    hero = state.hero(hero_id)
    health = min(max_health(state, hero), hero.health + amount)
    events.append(RsEvent("health", f"{state.card(hero.card).name} heals to {health} Health."))
    return with_hero(state, replace(hero, health=health))
