"""The decks and the road: seeded shuffles and draws, Realms and their Encounters, new Characters, Drops, Traders,
Pick From Multiple and the effects cards carry out when they are met or used."""

from __future__ import annotations

from dataclasses import replace

from ..dice.dice_rng import below
from .rs_actions import RsEvent
from .rs_cards import REALM_DECKS, Card, Effect, instance_ids
from .rs_effects import discard_card, gated, heal, party_traits, realm_bonus
from .rs_state import Hero, Hit, Pile, RsState, with_hero, with_pile

REST_REROLLS = 3  # L66
REST_HEAL = 2  # Health per Reroll Counter while Resting (L66)
FINAL_NIGHT_HEAL = 2  # L139
TRADER_WARES = 3  # RS-TRADER-INVENTORY: a Trader lays out 3 Treasures unless its card says otherwise


def shuffle(cards: tuple[str, ...], rng: int) -> tuple[tuple[str, ...], int]:
    """A seeded Fisher-Yates shuffle: the same seed gives the same order."""
    order = list(cards)
    for i in range(len(order) - 1, 0, -1):
        rng, j = below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order), rng


def fresh_piles(cards: tuple[Card, ...], rng: int) -> tuple[tuple[Pile, ...], int]:
    piles = []
    for deck in sorted({c.deck for c in cards}):
        instances = tuple(i for c in cards if c.deck == deck for i in instance_ids(c))
        order, rng = shuffle(instances, rng)
        piles.append(Pile(deck, order))
    return tuple(piles), rng


def draw(state: RsState, deck: str, events: list[RsEvent]) -> tuple[RsState, str]:
    """The top card of ``deck`` ("" if the deck and its discard are both empty); an empty deck first reshuffles
    its discard pile (RS-DECK-EMPTY)."""
    pile = state.pile(deck)
    if not pile.draw and pile.discard:
        order, rng = shuffle(pile.discard, state.rng)
        pile = Pile(deck, order)
        state = replace(with_pile(state, pile), rng=rng)
        events.append(RsEvent("shuffled", f"The {deck} deck is empty: its discard pile is shuffled into it."))
    if not pile.draw:
        return state, ""
    card = pile.draw[-1]
    state = with_pile(state, replace(pile, draw=pile.draw[:-1]))
    return state, card


def to_bottom(state: RsState, instance: str) -> RsState:
    """Cards not chosen go to the bottom of their deck, not the discard (RS-PICK-MULTIPLE)."""
    pile = state.pile(state.card(instance).deck)
    return with_pile(state, replace(pile, draw=(instance, *pile.draw)))


def name(state: RsState, instance: str) -> str:
    return state.card(instance).name


def first_living(state: RsState) -> Hero | None:
    """The Character who reveals cards the party meets (the first living one in seat order; see docs/rulings.md)."""
    living = state.living()
    return living[0] if living else None


def bind_sin(state: RsState, sin: str, hero_id: str, events: list[RsEvent]) -> RsState:
    """A Sin binds to whoever revealed it (RS-SIN)."""
    hero = state.hero(hero_id)
    events.append(RsEvent("sin", f"{name(state, sin)} binds to {name(state, hero.card)}."))
    return with_hero(state, replace(hero, sins=(*hero.sins, sin)))


def reveal_to_party(state: RsState, deck: str, count: int, revealer: str, events: list[RsEvent]) -> RsState:
    """Reveal ``count`` cards into the loose pile for the party; Sins bind to the revealer."""
    for _ in range(count):
        state, card = draw(state, deck, events)
        if not card:
            break
        events.append(RsEvent("drawn", f"{name(state, revealer)} reveals {name(state, card)} ({deck})."))
        if state.card(card).kind == "sin":
            state = bind_sin(state, card, revealer, events)
        else:
            state = replace(state, loose=(*state.loose, card))
    return state


# ---- Characters ----


def new_hero(state: RsState, card: str, seat: str) -> Hero:
    return Hero(card, seat, state.card(card).health)


def replace_dead(state: RsState, events: list[RsEvent]) -> RsState:
    """Every dead Character is replaced by a newly drawn one with no items (RS-REST-REVIVE, RS-CHAR-JOIN)."""
    for hero in state.party:
        if not hero.dead:
            continue
        state, card = draw(state, "characters", events)
        if not card:
            events.append(RsEvent("note", "No Character card is left to draw."))
            continue
        for sin in hero.sins:
            state = discard_card(state, sin)
        state = discard_card(state, hero.card)
        fresh = new_hero(state, card, hero.seat)
        state = replace(state, party=tuple(fresh if h.card == hero.card else h for h in state.party))
        events.append(RsEvent("drawn", f"{name(state, card)} joins the party in place of {name(state, hero.card)}."))
    return state


# ---- Realms and Encounters ----


def enter_realm(state: RsState, number: int, events: list[RsEvent]) -> RsState:
    """Draw the Realm card from the Realm ``number`` deck and lay its Encounters face down (RS-REALM-ENCOUNTERS);
    Realm 5 reveals the Traitor God (RS-REALM-GOD)."""
    if state.realm:
        state = discard_card(state, state.realm)
    if number > 1:
        state = replace_dead(state, events)
    state, realm = draw(state, REALM_DECKS[number - 1], events)
    state = replace(state, realm_number=number, realm=realm, rest_allowed=False, phase="between")
    events.append(RsEvent("revealed", f"Realm {number}: {name(state, realm)}."))
    count = state.card(realm).encounters or state.encounters_per_realm
    row: list[str] = []
    for _ in range(count):
        state, card = draw(state, "encounters", events)
        if card:
            row.append(card)
    state = replace(state, row=tuple(row))
    events.append(RsEvent("laid", f"{len(row)} Encounters lie face down."))
    if number == 5:
        state, god = draw(state, "traitor-gods", events)
        state = replace(state, god=god)
        events.append(RsEvent("revealed", f"The Traitor God at the end of the road: {name(state, god)}."))
    return state


def start_target(state: RsState, target: str, events: list[RsEvent]) -> RsState:
    card = state.card(target)
    state = replace(state, current=target, phase="combat", round=1, then_fight=False)
    state = replace(state, target_health=card.health + realm_bonus(state, "target_health"))
    state = replace(state, party=tuple(replace(h, acted=False, sideways=False) for h in state.party))
    events.append(RsEvent("combat", f"Combat: {card.name} ({state.target_health} Health)."))
    return state


def meet_next(state: RsState, events: list[RsEvent]) -> RsState:
    """Reveal the next Encounter of the row, or go on to the next Realm, the final night or the final choice."""
    if not state.row:
        if state.realm_number < 5:
            return enter_realm(state, state.realm_number + 1, events)
        if state.rests and not state.final_night:
            return replace(state, phase="final-night")
        return final_choice(state, events)
    card, row = state.row[0], state.row[1:]
    state = replace(state, row=row)
    events.append(RsEvent("revealed", f"The next Encounter is {name(state, card)}."))
    if state.card(card).combat:
        return start_target(replace(state, rest_allowed=False), card, events)
    state = replace(state, current=card, phase="encounter", rest_allowed=True)
    return meet_encounter(state, card, events)


def meet_encounter(state: RsState, card: str, events: list[RsEvent]) -> RsState:
    """A Non-Combat Encounter: its effects now, and a Trader's Inventory laid out."""
    revealer = first_living(state)
    if revealer is None:
        return state
    encounter = state.card(card)
    state = carry_out(state, gated(encounter.effects, party_traits(state)), revealer.card, events, party=True)
    if encounter.trader:
        state = lay_wares(state, encounter.wares or TRADER_WARES, revealer.card, events)
    return state


def lay_wares(state: RsState, count: int, revealer: str, events: list[RsEvent]) -> RsState:
    """A Trader's Inventory from the Treasure deck; a Sin in it binds to the revealer and its slot is refilled
    (RS-SIN, RS-TRADER-INVENTORY)."""
    wares: list[str] = []
    guard = 0
    while len(wares) < count and guard < 60:
        guard += 1
        state, card = draw(state, "treasure", events)
        if not card:
            break
        events.append(RsEvent("drawn", f"The Trader offers {name(state, card)}."))
        if state.card(card).kind == "sin":
            state = bind_sin(state, card, revealer, events)
            continue
        wares.append(card)
    return replace(state, wares=tuple(wares))


def final_choice(state: RsState, events: list[RsEvent]) -> RsState:
    """Before the Traitor God: the dead of Realm 5 return (RS-REALM-DEATHS-5); then fight or refuse."""
    state = replace_dead(state, events)
    return replace(state, phase="final-choice", current="", wares=())


def leave_encounter(state: RsState, events: list[RsEvent]) -> RsState:
    """Move on: the Encounter and a Trader's Inventory go to their discard piles; what nobody took is left behind."""
    if state.current and state.current != state.god:
        state = discard_card(state, state.current)
    for card in (*state.wares, *state.loose):
        state = discard_card(state, card)
    return replace(state, current="", wares=(), loose=(), rest_allowed=False, target_health=0)


# ---- effects carried out ----


def carry_out(
    state: RsState, effects: list[Effect], hero_id: str, events: list[RsEvent], party: bool = False
) -> RsState:
    """Immediate effects: on ``hero_id``, or on every living Character when ``party`` (an Encounter's)."""
    picks = [e for e in effects if e.do == "pick"]
    for effect in effects:
        targets = [h.card for h in state.living()] if party else [hero_id]
        if effect.do == "heal":
            for who in targets:
                state = heal(state, who, effect.amount, events)
        elif effect.do in ("hurt", "lose_health"):
            hits = tuple(Hit(who, effect.amount, "other", effect.do == "lose_health") for who in targets)
            state = replace(state, hits=(*state.hits, *hits))
        elif effect.do == "armor":
            for who in targets:
                hero = state.hero(who)
                state = with_hero(state, replace(hero, armor=hero.armor + effect.amount))
                events.append(RsEvent("armor", f"{name(state, who)} gains {effect.amount} Armor."))
        elif effect.do == "rerolls":
            state = replace(state, rerolls=state.rerolls + effect.amount)
            events.append(RsEvent("rerolls", f"The party gains {effect.amount} Reroll Counters ({state.rerolls})."))
        elif effect.do == "max_health":
            for who in targets:
                hero = state.hero(who)
                state = with_hero(state, replace(hero, max_bonus=hero.max_bonus + effect.amount))
                events.append(RsEvent("max-health", f"{name(state, who)}'s Max Health rises by {effect.amount}."))
        elif effect.do == "status":
            for who in targets:
                state = give_status(state, who, effect.name, events)
        elif effect.do == "recharge":
            for who in targets:
                state = recharge(state, state.hero(who).items)
        elif effect.do == "strike" and state.current and state.phase in ("combat", "god"):
            state = replace(state, target_health=state.target_health - effect.amount)
            events.append(RsEvent("strike", f"{name(state, state.current)} takes {effect.amount} damage."))
        elif effect.do == "draw":
            state = reveal_to_party(state, effect.deck, max(1, effect.amount), hero_id, events)
        elif effect.do == "add_combat":
            state = add_combat(state, effect.amount > 0, events)
        elif effect.do == "manual":
            events.append(RsEvent("manual", f"By hand: {effect.name or 'apply the card text'}."))
    if picks:
        state = start_pick(state, picks, hero_id, events)
    return state


def pick_size(picks: list[Effect]) -> int:
    """Two or more Pick From effects on one card combine: one more card per extra effect (RS-PICK-MULTIPLE)."""
    return max(2, picks[0].amount) + len(picks) - 1


def start_pick(state: RsState, picks: list[Effect], hero_id: str, events: list[RsEvent]) -> RsState:
    deck = picks[0].deck
    offered: list[str] = []
    for _ in range(pick_size(picks)):
        state, card = draw(state, deck, events)
        if card:
            offered.append(card)
            events.append(RsEvent("drawn", f"Pick From Multiple: {name(state, card)}."))
    sins = [c for c in offered if state.card(c).kind == "sin"]
    if sins:  # a Sin must be taken, and the party gets no Treasure (RS-SIN)
        for sin in sins:
            state = bind_sin(state, sin, hero_id, events)
        for card in offered:
            if card not in sins:
                state = to_bottom(state, card)
        events.append(RsEvent("note", "A Sin was revealed: no Treasure is taken from this pick."))
        return state
    if not offered:
        return state
    return replace(state, phase="pick", back=state.phase, offered=tuple(offered), picker=hero_id)


def add_combat(state: RsState, at_once: bool, events: list[RsEvent]) -> RsState:
    """Reveal Encounters until a Combat one comes; the others are shuffled back (RS-ENC-ADD-COMBAT). It goes first
    in the row; ``at_once`` fights it straight after this one, skipping the after-battle step."""
    passed: list[str] = []
    found = ""
    for _ in range(60):
        state, card = draw(state, "encounters", events)
        if not card:
            break
        events.append(RsEvent("drawn", f"Looking for a Combat Encounter: {name(state, card)}."))
        if state.card(card).combat:
            found = card
            break
        passed.append(card)
    pile = state.pile("encounters")
    order, rng = shuffle((*pile.draw, *passed), state.rng)
    state = replace(with_pile(state, replace(pile, draw=order)), rng=rng)
    if passed:
        events.append(RsEvent("shuffled", "The other Encounters are shuffled back into the deck."))
    if found:
        state = replace(state, row=(found, *state.row), then_fight=state.then_fight or at_once)
    return state


def give_status(state: RsState, hero_id: str, status: str, events: list[RsEvent]) -> RsState:
    """A Status Effect: never two of one kind (RS-STATUS-STACK)."""
    hero = state.hero(hero_id)
    if any(s.split("*")[0] == status for s in hero.statuses):
        events.append(RsEvent("note", f"{name(state, hero.card)} already has {name(state, status)}."))
        return state
    pile = state.pile("status-effects")
    copy = next((c for c in reversed(pile.draw) if c.split("*")[0] == status), "")
    if not copy:
        copy = next((c for c in pile.discard if c.split("*")[0] == status), "")
        if not copy:
            events.append(RsEvent("note", f"No {status} card is free to give."))
            return state
        pile = replace(pile, discard=tuple(c for c in pile.discard if c != copy))
    else:
        pile = replace(pile, draw=tuple(c for c in pile.draw if c != copy))
    state = with_pile(state, pile)
    events.append(RsEvent("status", f"{name(state, hero.card)} gains {name(state, copy)}."))
    return with_hero(state, replace(state.hero(hero_id), statuses=(*hero.statuses, copy)))


def recharge(state: RsState, items: tuple[str, ...]) -> RsState:
    """Active items stand upright again."""
    for mark in state.marks:
        if mark.card in items and mark.spent:
            state = replace(state, marks=tuple(replace(m, spent=False) if m is mark else m for m in state.marks))
    return state


def recharge_all(state: RsState) -> RsState:
    return replace(state, marks=tuple(replace(m, spent=False) for m in state.marks))
