"""The game: set-up, the one legality predicate (``refusal``), and ``apply`` with what follows on its own (``settle``).

``legal_actions`` is every candidate ``refusal`` lets through, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations
from typing import Any

from ..dice.dice_rng import below, seeded
from ..seam import IllegalAction
from .rs_actions import (
    Absorb,
    Accept,
    Adjust,
    Attack,
    Buy,
    ChooseDrawer,
    Discard,
    EndRest,
    FaceGod,
    FinalNight,
    Flee,
    Give,
    Heal,
    Keep,
    MoveCard,
    Pick,
    PlayRest,
    Proceed,
    Redraw,
    Refuse,
    Reroll,
    RsAction,
    RsEvent,
    Sell,
    Take,
    TurnCard,
    Use,
)
from .rs_cards import Effect
from .rs_effects import (
    armor_sources,
    clamp,
    damage_bonus,
    die_defense,
    discard_card,
    gated,
    heal,
    lose_health,
    max_health,
    party_traits,
    roll_modifier,
    room_refusal,
    take_counter,
    target_attack,
)
from .rs_journey import (
    FINAL_NIGHT_HEAL,
    REST_HEAL,
    REST_REROLLS,
    TRADER_WARES,
    carry_out,
    draw,
    enter_realm,
    first_living,
    fresh_piles,
    lay_wares,
    leave_encounter,
    meet_next,
    name,
    recharge_all,
    replace_dead,
    reveal_to_party,
    shuffle,
    to_bottom,
)
from .rs_state import Hero, Hit, Roll, RsSetup, RsState, with_hero, with_mark, with_pile

OFFERED = 6  # Characters and Starter Items offered at set-up (L38, L40)
KEPT = 4
START_REROLLS = 5  # L42
SETUP_PHASES = ("characters", "starters", "give")
FIGHT = ("combat", "god")
CALM = ("give", "between", "encounter", "rest")
HANDS = (*CALM, *FIGHT)
ADJUSTABLE = ("health", "armor", "rerolls", "counters", "target")


def new_game(setup: RsSetup, seed: int) -> tuple[RsState, list[RsEvent]]:
    """Shuffle every deck, draw the 3 Rests face down, gain 5 Reroll Counters, offer 6 Characters."""
    piles, rng = fresh_piles(setup.cards, seeded(seed))
    state = RsState(setup.cards, setup.seats, setup.encounters_per_realm, "characters", rng, piles)
    events = [RsEvent("shuffled", f"Every deck of {setup.pack_name} is shuffled.")]
    rests: list[str] = []
    for _ in range(setup.rests):
        state, card = draw(state, "rests", events)
        if card:
            rests.append(card)
    state = replace(state, rests=tuple(rests), rerolls=START_REROLLS)
    events.append(RsEvent("rests", f"{len(rests)} Rest cards lie face down; the party has {START_REROLLS} Rerolls."))
    state = replace(state, starters=setup.starters, party_size=max(1, min(KEPT, setup.party_size)))
    return offer(state, "characters", events), events


def offer(state: RsState, deck: str, events: list[RsEvent]) -> RsState:
    offered: list[str] = []
    for _ in range(OFFERED):
        state, card = draw(state, deck, events)
        if card:
            offered.append(card)
    events.append(RsEvent("drawn", f"On offer: {', '.join(name(state, c) for c in offered)}."))
    return replace(state, offered=tuple(offered))


# ---- candidates and the one legality predicate ----


def held(state: RsState) -> list[tuple[Hero, str]]:
    return [(h, i) for h in state.party for i in h.items]


def candidates(state: RsState) -> list[RsAction]:
    """Every action the state could allow, of every shape; ``refusal`` decides which it does."""
    out: list[RsAction] = []
    heroes = [h.card for h in state.party]
    if state.phase in ("characters", "starters"):
        out += [Keep(tuple(c)) for c in combinations(state.offered, _keeping(state))]
    out += [Take(c, h) for c in state.loose for h in heroes]
    for holder, item in held(state):
        out += [Give(item, h) for h in heroes if h != holder.card]
        out += [Discard(item), Sell(item), TurnCard(item)]
        out += [Use(item, holder.card), Attack(holder.card, item)]
        out += [Buy(w, holder.card, item) for w in state.wares]
        out += [Absorb(item)]
    out += [Discard(c) for c in state.loose] + [Redraw(c) for c in state.loose]
    out += [Use(c, h) for c in state.loose for h in heroes]
    for h in heroes:
        out += [Attack(h, ""), Heal(h), ChooseDrawer(h)]
        out += [Buy(w, h, "") for w in state.wares]
        out += [Adjust(what, h, d) for what in ("health", "armor") for d in (-1, 1)]
    out += [Adjust(what, "", d) for what in ("rerolls", "target") for d in (-1, 1)]
    out += [MoveCard(c) for pile in state.piles for c in pile.discard]
    out += [Adjust("counters", c, d) for _, c in held(state) for d in (-1, 1)]
    out += [Pick(c) for c in state.offered if state.phase == "pick"]
    out += [Proceed(), PlayRest(), EndRest(), Reroll(), Accept(), Absorb(""), Flee(), FinalNight(), FaceGod(), Refuse()]
    return list(dict.fromkeys(out))


def legal_actions(state: RsState) -> list[RsAction]:
    return [a for a in candidates(state) if refusal(state, a) is None]


def refusal(state: RsState, action: RsAction) -> str | None:
    """Why ``action`` is not allowed now, in a player's words; None when it is."""
    if state.phase == "over":
        return "The game is over."
    rule = REFUSALS.get(type(action))
    if rule is None:
        return "That is not an action of The Restless."
    try:
        return rule(state, action) or _face_refusal(state, action)
    except KeyError as missing:
        return f"There is no {missing} in this game."


def typed_face(action: RsAction) -> int | None:
    """The physical d20 face an action carries (None: the table rolls its own)."""
    return action.face if isinstance(action, Attack | Reroll | Accept | Flee | Absorb) else None


def _face_refusal(state: RsState, action: RsAction) -> str | None:
    """A typed face is a d20's face, and only for a step that rolls one: the step is the same action as without
    it (legal_actions lists that one), the face only says how the die landed."""
    if not isinstance(action, Attack | Reroll | Accept | Flee | Absorb) or action.face is None:
        return None
    face = action.face
    if not 1 <= face <= 20:
        return f"A d20 shows 1 to 20; {face} is not one of its faces."
    _, events = apply(state, replace(action, face=None))
    if not any(e.kind == "rolled" for e in events):
        return "This step rolls no d20, so there is no face to type in."
    return None


def _phase(state: RsState, phases: tuple[str, ...], what: str) -> str | None:
    return None if state.phase in phases else f"{what} is not possible now ({state.phase.replace('-', ' ')})."


def _living(state: RsState, hero_id: str) -> Hero | str:
    hero = state.hero(hero_id)
    return f"{name(state, hero.card)} is dead." if hero.dead else hero


def _keep(state: RsState, a: Keep) -> str | None:
    if state.phase not in ("characters", "starters"):
        return "There is nothing on offer to keep."
    want = _keeping(state)
    if len(a.cards) != want or len(set(a.cards)) != want or any(c not in state.offered for c in a.cards):
        return f"Keep {want} different cards of those on offer."
    if list(a.cards) != [c for c in state.offered if c in a.cards]:
        return "Name the kept cards in the order they are offered."
    return None


def _keeping(state: RsState) -> int:
    """4 of the 6 (fewer Characters in a challenge run)."""
    wanted = state.party_size if state.phase == "characters" else KEPT
    return min(wanted, len(state.offered))


def _take(state: RsState, a: Take) -> str | None:
    why = _phase(state, HANDS, "Taking an item")
    if why or a.card not in state.loose:
        return why or f"{name(state, a.card)} is not lying free to take."
    hero = _living(state, a.hero)
    if isinstance(hero, str):
        return hero
    if state.card(a.card).kind != "item":
        return "A Nothing card is not an item; discard it or reroll it."
    return room_refusal(state, hero, a.card)


def _give(state: RsState, a: Give) -> str | None:
    if state.phase in FIGHT:
        return "Characters cannot trade items during Combat."
    why = _phase(state, CALM, "Trading")
    holder = state.holder(a.card)
    if why or holder is None:
        return why or f"{name(state, a.card)} is not in anyone's Inventory."
    hero = _living(state, a.hero)
    if isinstance(hero, str):
        return hero
    return "It is already theirs." if holder.card == a.hero else room_refusal(state, hero, a.card)


def _discard(state: RsState, a: Discard) -> str | None:
    why = _phase(state, HANDS, "Discarding")
    if why is None and state.holder(a.card) is None and a.card not in state.loose:
        return f"{name(state, a.card)} is not in play."
    return why


def _redraw(state: RsState, a: Redraw) -> str | None:
    why = _phase(state, HANDS, "Rerolling a Nothing")
    if why or a.card not in state.loose or state.card(a.card).kind != "nothing":
        return why or "Only a revealed Nothing card can be rerolled."
    return None if state.rerolls else "No Reroll Counters are left."


def _proceed(state: RsState, a: Proceed) -> str | None:
    if state.phase == "give":
        return "Give every kept Starter Item to a Character first."
    return _phase(state, ("between", "encounter", "final-night"), "Moving on")


def _play_rest(state: RsState, a: PlayRest) -> str | None:
    why = _phase(state, ("between", "encounter"), "Resting")
    if why:
        return why
    if not state.rests:
        return "The party has no Rest cards left."
    if not state.rest_allowed:
        return "A Rest may follow a defeated Target or a Non-Combat Encounter (not a flight)."
    return None


def _heal(state: RsState, a: Heal) -> str | None:
    why = _phase(state, ("rest",), "Healing with Reroll Counters")
    hero = _living(state, a.hero)
    if why or isinstance(hero, str):
        return why or str(hero)
    if not state.rerolls:
        return "No Reroll Counters are left."
    return None if hero.health < max_health(state, hero) else f"{name(state, hero.card)} is at Max Health."


def _end_rest(state: RsState, a: EndRest) -> str | None:
    return _phase(state, ("rest",), "Ending a Rest")


def _attack(state: RsState, a: Attack) -> str | None:
    why = _phase(state, FIGHT, "Attacking")
    hero = _living(state, a.hero)
    if why or isinstance(hero, str):
        return why or str(hero)
    if hero.acted:
        return f"{name(state, hero.card)} has had a turn this round; the others go first."
    if not a.item:
        return None
    if a.item not in hero.items:
        return f"{name(state, hero.card)} does not hold {name(state, a.item)}."
    card = state.card(a.item)
    if card.item_type not in ("melee", "ranged", "spell"):
        return f"{card.name} is not a Weapon or Spell."
    if card.rest_symbol:
        return f"{card.name} is used only while Resting."
    if card.active and state.mark(a.item).spent:
        return f"{card.name} lies sideways until it is recharged."
    if card.item_type == "spell" and card.counters and state.mark(a.item).counters <= 0:
        return f"{card.name} has no uses left."
    return None


def _use(state: RsState, a: Use) -> str | None:
    why = _phase(state, HANDS, "Using an item")
    hero = _living(state, a.hero)
    if why or isinstance(hero, str):
        return why or str(hero)
    shared = state.phase == "rest" and a.card in state.loose
    if a.card not in hero.items and not shared:
        return f"{name(state, hero.card)} does not hold {name(state, a.card)}."
    card = state.card(a.card)
    if card.kind != "item" or (card.item_type != "consumable" and not card.active):
        return f"{card.name} is not used up or recharged; it works while held or in an attack."
    if card.rest_symbol and state.phase != "rest":
        return f"{card.name} bears the Rest symbol: only while Resting."
    needs_target = any(e.do == "strike" for e in card.effects)
    if needs_target and state.phase not in FIGHT:
        return f"{card.name} needs a Target."
    if card.active and state.mark(a.card).spent:
        return f"{card.name} lies sideways until it is recharged."
    if card.item_type == "consumable" and state.mark(a.card).counters <= 0:
        return f"{card.name} has no Counters left."
    if state.phase in FIGHT and card.item_type == "consumable" and hero.sideways:
        return f"{name(state, hero.card)} has used a Consumable this round (turned sideways)."
    return None


def _reroll(state: RsState, a: Reroll) -> str | None:
    if state.phase != "roll":
        return "There is no die on the table."
    return None if state.rerolls else "No Reroll Counters are left."


def _accept(state: RsState, a: Accept) -> str | None:
    return None if state.phase == "roll" else "There is no die on the table."


def _absorb(state: RsState, a: Absorb) -> str | None:
    if state.phase != "armor":
        return "No damage is waiting for Armor."
    hero = state.hero(state.hits[0].hero)
    return None if a.source in armor_sources(state, hero) else "That holds no Armor Counter of this Character."


def _flee(state: RsState, a: Flee) -> str | None:
    if state.phase == "god":
        return "Nobody flees a Traitor God."
    return _phase(state, ("combat",), "Fleeing")


def at_trader(state: RsState) -> bool:
    if state.phase != "encounter":
        return False
    return (bool(state.current) and state.card(state.current).trader) or (not state.current and state.final_night)


def _buy(state: RsState, a: Buy) -> str | None:
    if not at_trader(state) or a.card not in state.wares:
        return "No Trader offers that now."
    hero = _living(state, a.hero)
    if isinstance(hero, str):
        return hero
    if a.pay_with and a.pay_with not in hero.items:
        return f"{name(state, hero.card)} does not hold {name(state, a.pay_with)}."
    paid = state.card(a.pay_with).value if a.pay_with else 0
    price = state.card(a.card).value
    if paid + state.rerolls < price:
        return f"{name(state, a.card)} costs {price}; the party has {paid} in goods and {state.rerolls} Rerolls."
    lighter = replace(hero, items=tuple(i for i in hero.items if i != a.pay_with))
    return room_refusal(state, lighter, a.card)


def _sell(state: RsState, a: Sell) -> str | None:
    if not at_trader(state):
        return "There is no Trader here to sell to."
    return None if state.holder(a.card) else f"{name(state, a.card)} is not in anyone's Inventory."


def _pick(state: RsState, a: Pick) -> str | None:
    if state.phase != "pick" or a.card not in state.offered:
        return "That card is not among those to pick from."
    return None


def _drawer(state: RsState, a: ChooseDrawer) -> str | None:
    if state.phase != "drops":
        return "There are no Drops to draw."
    hero = _living(state, a.hero)
    return hero if isinstance(hero, str) else None


def _final_night(state: RsState, a: FinalNight) -> str | None:
    return _phase(state, ("final-night",), "The final night")


def _final_choice(state: RsState, a: FaceGod | Refuse) -> str | None:
    return _phase(state, ("final-choice",), "The final battle")


def _adjust(state: RsState, a: Adjust) -> str | None:
    why = _phase(state, HANDS, "A hand adjustment")
    if why:
        return why
    if a.what not in ADJUSTABLE or a.delta not in (-1, 1):
        return "Adjust health, armor, rerolls or counters by one at a time."
    if a.what == "rerolls":
        return "Reroll Counters cannot go below 0." if a.who or state.rerolls + a.delta < 0 else None
    if a.what == "target":
        if state.phase not in FIGHT or a.who:
            return "There is no Target on the table."
        return None if state.target_health + a.delta >= 0 else "A Target's Health cannot go below 0."
    if a.what == "counters":
        if state.holder(a.who) is None:
            return "Counters go on items in an Inventory."
        return None if state.mark(a.who).counters + a.delta >= 0 else "Counters cannot go below 0."
    hero = _living(state, a.who)
    if isinstance(hero, str):
        return hero
    if a.what == "armor":
        return None if hero.armor + a.delta >= 0 else "Armor cannot go below 0."
    if hero.health + a.delta > max_health(state, hero):
        return "Health cannot go past Max Health."
    return None


def _turn(state: RsState, a: TurnCard) -> str | None:
    why = _phase(state, HANDS, "Turning a card")
    if why or state.holder(a.card) is None or not state.card(a.card).active:
        return why or "Only an Active item in an Inventory turns sideways."
    return None


def _move_card(state: RsState, a: MoveCard) -> str | None:
    why = _phase(state, HANDS, "Moving a card by hand")
    if why:
        return why
    if not any(a.card in pile.discard for pile in state.piles):
        return f"{name(state, a.card)} is not in a discard pile."
    return None if state.card(a.card).kind == "item" else "Only an item comes back into play by hand."


REFUSALS: dict[type, Callable[[RsState, Any], str | None]] = {
    Keep: _keep,
    Take: _take,
    Give: _give,
    Discard: _discard,
    Redraw: _redraw,
    Proceed: _proceed,
    PlayRest: _play_rest,
    Heal: _heal,
    EndRest: _end_rest,
    Attack: _attack,
    Use: _use,
    Reroll: _reroll,
    Accept: _accept,
    Absorb: _absorb,
    Flee: _flee,
    Buy: _buy,
    Sell: _sell,
    Pick: _pick,
    ChooseDrawer: _drawer,
    FinalNight: _final_night,
    FaceGod: _final_choice,
    Refuse: _final_choice,
    Adjust: _adjust,
    TurnCard: _turn,
    MoveCard: _move_card,
}


# ---- carrying out ----


def apply(state: RsState, action: RsAction) -> tuple[RsState, list[RsEvent]]:
    """The state after ``action`` and its events; IllegalAction (the refusal) leaves ``state`` as it was."""
    why = refusal(state, action)
    if why is not None:
        raise IllegalAction(why)
    events: list[RsEvent] = []
    state = DOERS[type(action)](state, action, events)
    rolled = any(e.kind == "rolled" for e in events)  # one d20 at most per step: a typed face is used once
    return settle(state, events, None if rolled else typed_face(action)), events


def _do_keep(state: RsState, a: Keep, events: list[RsEvent]) -> RsState:
    deck = "characters" if state.phase == "characters" else "starter-items"
    back = [c for c in state.offered if c not in a.cards]
    pile = state.pile(deck)
    order, rng = shuffle((*pile.draw, *back), state.rng)  # the unused go back into the deck (L38)
    state = replace(with_pile(state, replace(pile, draw=order)), rng=rng, offered=())
    events.append(RsEvent("shuffled", f"Kept {', '.join(name(state, c) for c in a.cards)}; the rest go back."))
    if deck == "characters":
        seats = state.seats
        party = tuple(Hero(c, seats[i % len(seats)], state.card(c).health) for i, c in enumerate(a.cards))
        state = replace(state, party=party)
        if not state.starters:  # a challenge run starts with no items (L221)
            return enter_realm(state, 1, events)
        return replace(offer(state, "starter-items", events), phase="starters")
    return replace(state, loose=a.cards, phase="give")


def _do_take(state: RsState, a: Take, events: list[RsEvent]) -> RsState:
    hero = state.hero(a.hero)
    state = replace(state, loose=tuple(c for c in state.loose if c != a.card))
    state = with_hero(state, replace(hero, items=(*hero.items, a.card)))
    events.append(RsEvent("take", f"{name(state, hero.card)} takes {name(state, a.card)}."))
    if state.phase == "give" and not state.loose:
        return enter_realm(state, 1, events)
    return state


def _move(state: RsState, item: str, to: str) -> RsState:
    giver = state.holder(item)
    if giver is not None:
        state = with_hero(state, replace(giver, items=tuple(i for i in giver.items if i != item)))
    taker = state.hero(to)
    return with_hero(state, replace(taker, items=(*taker.items, item)))


def _do_give(state: RsState, a: Give, events: list[RsEvent]) -> RsState:
    events.append(RsEvent("give", f"{name(state, a.card)} goes to {name(state, a.hero)}."))
    return _move(state, a.card, a.hero)


def _drop_item(state: RsState, item: str) -> RsState:
    holder = state.holder(item)
    if holder is not None:
        state = with_hero(state, replace(holder, items=tuple(i for i in holder.items if i != item)))
    return discard_card(replace(state, loose=tuple(c for c in state.loose if c != item)), item)


def _do_discard(state: RsState, a: Discard, events: list[RsEvent]) -> RsState:
    events.append(RsEvent("discard", f"{name(state, a.card)} is discarded."))
    state = _drop_item(state, a.card)
    if state.phase == "give" and not state.loose:
        return enter_realm(state, 1, events)
    return state


def _do_redraw(state: RsState, a: Redraw, events: list[RsEvent]) -> RsState:
    state = _drop_item(replace(state, rerolls=state.rerolls - 1), a.card)
    revealer = first_living(state)
    return reveal_to_party(state, "loot", 1, revealer.card if revealer else "", events)


def _do_proceed(state: RsState, a: Proceed, events: list[RsEvent]) -> RsState:
    if state.phase == "final-night":
        return meet_next(replace(state, final_night=True), events)
    return meet_next(leave_encounter(state, events), events)


def _do_play_rest(state: RsState, a: PlayRest, events: list[RsEvent]) -> RsState:
    card, rests = state.rests[0], state.rests[1:]
    events.append(RsEvent("revealed", f"The party Rests: {name(state, card)}."))
    state = replace(state, rests=rests, rest_bonus=card, phase="rest", rerolls=state.rerolls + REST_REROLLS)
    state = recharge_all(replace_dead(state, events))
    events.append(RsEvent("rerolls", f"The party gains {REST_REROLLS} Reroll Counters ({state.rerolls})."))
    revealer = first_living(state)
    if revealer:
        state = carry_out(state, _immediate(state, card), revealer.card, events, party=True)
    return state


def _immediate(state: RsState, card: str) -> list[Effect]:
    """A Rest card's effects that happen now; its roll and damage bonuses hold until the next Rest instead."""
    return [e for e in gated(state.card(card).effects, party_traits(state)) if e.do not in PASSIVE]


PASSIVE = ("roll_bonus", "damage_bonus", "target_defense", "target_attack", "target_health")


def _do_heal(state: RsState, a: Heal, events: list[RsEvent]) -> RsState:
    return heal(replace(state, rerolls=state.rerolls - 1), a.hero, REST_HEAL, events)


def _do_end_rest(state: RsState, a: EndRest, events: list[RsEvent]) -> RsState:
    for card in state.loose:  # what no Inventory took from the shared Inventory is left behind (see rulings)
        state = discard_card(state, card)
    events.append(RsEvent("rest-ends", "The Rest ends."))
    return replace(state, loose=(), phase="encounter" if state.current else "between")


def d20(state: RsState, face: int | None) -> tuple[int, int]:
    """(the rng after, the face): the player's physical die when typed in, else the table's own draw."""
    if face is not None:
        return state.rng, face  # the seed is untouched: the typed face is in the saved action, so replays agree
    rng, index = below(state.rng, 20)
    return rng, index + 1


def _roll(
    state: RsState, hero: str, kind: str, item: str, shots: int, events: list[RsEvent], face: int | None = None
) -> RsState:
    rng, rolled = d20(state, face)
    who = state.hero(hero)
    modifier = roll_modifier(state, who, kind, unarmed=kind == "combat" and not item)
    roll = Roll(hero, kind, item, rolled, modifier, shots)
    events.append(RsEvent("rolled", _roll_line(state, roll, face is not None)))
    return replace(state, rng=rng, roll=roll, phase="roll")


def _roll_line(state: RsState, roll: Roll, by_hand: bool = False) -> str:
    shown = (
        f"{roll.face}" if not roll.modifier else f"{roll.face} {roll.modifier:+d} = {clamp(roll.face + roll.modifier)}"
    )
    hand = " by hand" if by_hand else ""
    return f"{name(state, roll.hero)} rolls {shown}{hand} ({roll.kind}) against Die Defense {die_defense(state)}."


def _do_attack(state: RsState, a: Attack, events: list[RsEvent]) -> RsState:
    hero = state.hero(a.hero)
    state = with_hero(state, replace(hero, acted=True, sideways=False))  # a new turn: the sideways mark resets
    kind, shots = "combat", 1
    if a.item:
        card = state.card(a.item)
        kind, shots = card.roll_kind(), (card.shots if card.item_type == "ranged" else 1)
        mark = state.mark(a.item)
        if card.active:
            state = with_mark(state, replace(mark, spent=True))
        if card.item_type == "spell" and card.counters:
            state = with_mark(state, replace(mark, counters=mark.counters - 1))
    with_what = name(state, a.item) if a.item else "Unarmed"
    events.append(RsEvent("attack", f"{name(state, a.hero)} attacks {name(state, state.current)} ({with_what})."))
    return _roll(state, a.hero, kind, a.item, shots - 1, events, a.face)


def _do_use(state: RsState, a: Use, events: list[RsEvent]) -> RsState:
    card = state.card(a.card)
    hero = state.hero(a.hero)
    events.append(RsEvent("use", f"{name(state, a.hero)} uses {card.name}."))
    mark = state.mark(a.card)
    if card.item_type == "consumable":
        state = with_mark(state, replace(mark, counters=mark.counters - 1))
        if state.phase in FIGHT:
            state = with_hero(state, replace(hero, sideways=True))
    if card.active:
        state = with_mark(state, replace(state.mark(a.card), spent=True))
    trait = frozenset({state.card(hero.card).trait})
    state = carry_out(state, gated(card.effects, trait), a.hero, events)
    if card.item_type == "consumable" and state.mark(a.card).counters <= 0:
        events.append(RsEvent("discard", f"{card.name} is used up."))
        state = _drop_item(state, a.card)
    return state


def _do_reroll(state: RsState, a: Reroll, events: list[RsEvent]) -> RsState:
    assert state.roll is not None
    rng, face = d20(state, a.face)
    roll = replace(state.roll, face=face, rerolls=state.roll.rerolls + 1)
    state = replace(state, rng=rng, roll=roll, rerolls=state.rerolls - 1)
    events.append(RsEvent("rolled", f"Reroll ({state.rerolls} left): {_roll_line(state, roll, a.face is not None)}"))
    return state


def chain_hits(state: RsState, attacker: str, damage: int) -> tuple[Hit, ...]:
    """Chain Magic: 1 point to the attacker, then the next living Character to the left, round again while damage
    remains (RS-CHAIN-MAGIC; seat order is "to the left")."""
    living = [h.card for h in state.living()]
    if not living or attacker not in living:
        return ()
    start = living.index(attacker)
    return tuple(Hit(living[(start + n) % len(living)], 1, "target") for n in range(damage))


def god_attack(state: RsState, roll: int) -> tuple[int, bool]:
    for attack in state.card(state.god).attacks:
        if attack.low <= roll <= attack.high:
            return attack.damage, attack.chain
    return 0, False


def attack_damage(state: RsState, hero: Hero, item: str) -> int:
    """A Weapon's or Spell's damage replaces the Unarmed Attack Power; bonuses add (RS-ITEM-MELEE)."""
    base = state.card(item).damage if item else state.card(hero.card).unarmed_attack
    return max(0, base + damage_bonus(state, hero))


def _do_accept(state: RsState, a: Accept, events: list[RsEvent]) -> RsState:
    roll = state.roll
    assert roll is not None
    total, defense = clamp(roll.face + roll.modifier), die_defense(state)
    hero = state.hero(roll.hero)
    state = replace(state, roll=None)
    if roll.kind == "dodge":
        if total < defense:  # a Dodge equal to the Die Defense succeeds (see rulings)
            state = replace(state, hits=(*state.hits, Hit(roll.hero, 1, "flee")))
        events.append(RsEvent("dodge", f"{name(state, roll.hero)} {'fails' if total < defense else 'gets'} away."))
        return replace(state, phase="fleeing")
    back = "god" if state.current == state.god else "combat"
    if total >= defense:
        damage = attack_damage(state, hero, roll.item)
        state = replace(state, target_health=state.target_health - damage)
        events.append(RsEvent("hit", f"Hit: {name(state, state.current)} takes {damage} ({state.target_health} left)."))
        if roll.shots_left and state.target_health > 0:
            return _roll(state, roll.hero, roll.kind, roll.item, roll.shots_left - 1, events, a.face)
        return replace(state, phase=back)
    if roll.kind == "ranged":
        events.append(RsEvent("miss", "Missed; nobody is hurt."))
        if roll.shots_left:
            return _roll(state, roll.hero, roll.kind, roll.item, roll.shots_left - 1, events, a.face)
        return replace(state, phase=back)
    if back == "god":
        damage, chain = god_attack(state, total)
    else:
        damage, chain = target_attack(state), state.card(state.current).chain_magic
    events.append(RsEvent("miss", f"Missed: {name(state, state.current)} strikes back for {damage}."))
    hits = chain_hits(state, roll.hero, damage) if chain else (Hit(roll.hero, damage, "target"),)
    return replace(state, phase=back, hits=(*state.hits, *hits))


def _do_absorb(state: RsState, a: Absorb, events: list[RsEvent]) -> RsState:
    return _absorb_point(state, a.source, events)


def _absorb_point(state: RsState, source: str, events: list[RsEvent]) -> RsState:
    hit = state.hits[0]
    state = take_counter(state, hit.hero, source)
    where = name(state, source) if source else "their card"
    events.append(RsEvent("armor", f"{name(state, hit.hero)}'s Armor ({where}) stops 1 damage."))
    rest = (replace(hit, amount=hit.amount - 1),) if hit.amount > 1 else ()
    return replace(state, hits=(*rest, *state.hits[1:]))


def _do_flee(state: RsState, a: Flee, events: list[RsEvent]) -> RsState:
    events.append(RsEvent("flee", f"The party flees {name(state, state.current)}: each Character rolls a Dodge."))
    return replace(state, phase="fleeing", fleeing=tuple(h.card for h in state.living()))


def _do_buy(state: RsState, a: Buy, events: list[RsEvent]) -> RsState:
    price = state.card(a.card).value
    paid = state.card(a.pay_with).value if a.pay_with else 0
    if a.pay_with:
        state = _drop_item(state, a.pay_with)
    state = replace(state, rerolls=state.rerolls - (price - paid), wares=tuple(w for w in state.wares if w != a.card))
    hero = state.hero(a.hero)
    state = with_hero(state, replace(hero, items=(*hero.items, a.card)))
    change = f"; change: {paid - price} Rerolls" if paid > price else ""
    events.append(RsEvent("buy", f"{name(state, a.hero)} buys {name(state, a.card)} for {price}{change}."))
    return state


def _do_sell(state: RsState, a: Sell, events: list[RsEvent]) -> RsState:
    value = state.card(a.card).value
    events.append(RsEvent("sell", f"{name(state, a.card)} is sold for {value} Reroll Counters."))
    return replace(_drop_item(state, a.card), rerolls=state.rerolls + value)


def _do_pick(state: RsState, a: Pick, events: list[RsEvent]) -> RsState:
    for card in state.offered:
        if card != a.card:
            state = to_bottom(state, card)
    events.append(RsEvent("pick", f"Picked {name(state, a.card)}; the others go to the bottom of their deck."))
    return replace(state, loose=(*state.loose, a.card), offered=(), phase=state.back, back="", picker="")


def _do_drawer(state: RsState, a: ChooseDrawer, events: list[RsEvent]) -> RsState:
    target = state.card(state.current)
    state = replace(state, rerolls=state.rerolls + target.drop_rerolls)
    events.append(RsEvent("drops", f"{name(state, a.hero)} draws the Drops: {target.drop_rerolls} Rerolls."))
    state = reveal_to_party(state, "loot", target.drop_loot, a.hero, events)
    state = reveal_to_party(state, "treasure", target.drop_treasure, a.hero, events)
    state = replace(state, loose=(*state.loose, *state.drops), drops=())
    state = replace(discard_card(state, state.current), current="", target_health=0, phase="between")
    if state.then_fight:  # a Combat Encounter at once: the after-battle step is skipped (RS-CMB-AFTER)
        return meet_next(replace(state, then_fight=False), events)
    return replace(state, rest_allowed=True)


def _do_final_night(state: RsState, a: FinalNight, events: list[RsEvent]) -> RsState:
    card, rests = state.rests[0], state.rests[1:]
    events.append(RsEvent("revealed", f"The final night with fellow travellers: {name(state, card)}."))
    state = replace(state, rests=rests, rest_bonus=card, final_night=True, phase="encounter", current="")
    for hero in state.living():
        state = heal(state, hero.card, FINAL_NIGHT_HEAL, events)
    revealer = first_living(state)
    if revealer:
        state = carry_out(state, _immediate(state, card), revealer.card, events, party=True)
        state = lay_wares(state, TRADER_WARES, revealer.card, events)
    return replace(state, rest_allowed=False)


def _do_face_god(state: RsState, a: FaceGod, events: list[RsEvent]) -> RsState:
    god = state.card(state.god)
    state = replace(state, current=state.god, phase="god", round=1, target_health=god.health, realm=state.realm)
    state = replace(state, party=tuple(replace(h, acted=False, sideways=False) for h in state.party))
    events.append(RsEvent("combat", f"The final battle: {god.name} ({god.health} Health)."))
    return state


def _do_refuse(state: RsState, a: Refuse, events: list[RsEvent]) -> RsState:
    events.append(RsEvent("over", "The party refuses the battle; the smoke takes them all. The game is over."))
    party = tuple(replace(h, dead=True, health=0) for h in state.party)
    return replace(state, party=party, phase="over", result="refused")


def _do_adjust(state: RsState, a: Adjust, events: list[RsEvent]) -> RsState:
    events.append(RsEvent("adjust", f"By hand: {a.what} {a.delta:+d} {name(state, a.who) if a.who else ''}".strip()))
    if a.what == "rerolls":
        return replace(state, rerolls=state.rerolls + a.delta)
    if a.what == "target":
        return replace(state, target_health=state.target_health + a.delta)
    if a.what == "counters":
        mark = state.mark(a.who)
        return with_mark(state, replace(mark, counters=mark.counters + a.delta))
    hero = state.hero(a.who)
    if a.what == "armor":
        return with_hero(state, replace(hero, armor=hero.armor + a.delta))
    if a.delta < 0:
        return lose_health(state, a.who, 1, "other", events)
    return with_hero(state, replace(hero, health=hero.health + 1))


def _do_turn(state: RsState, a: TurnCard, events: list[RsEvent]) -> RsState:
    mark = state.mark(a.card)
    events.append(RsEvent("turn", f"By hand: {name(state, a.card)} turned {'upright' if mark.spent else 'sideways'}."))
    return with_mark(state, replace(mark, spent=not mark.spent))


def _do_move_card(state: RsState, a: MoveCard, events: list[RsEvent]) -> RsState:
    pile = state.pile(state.card(a.card).deck)
    state = with_pile(state, replace(pile, discard=tuple(c for c in pile.discard if c != a.card)))
    events.append(RsEvent("adjust", f"By hand: {name(state, a.card)} comes back from the discard pile."))
    return replace(state, loose=(*state.loose, a.card))


DOERS: dict[type, Callable[[RsState, Any, list[RsEvent]], RsState]] = {
    Keep: _do_keep,
    Take: _do_take,
    Give: _do_give,
    Discard: _do_discard,
    Redraw: _do_redraw,
    Proceed: _do_proceed,
    PlayRest: _do_play_rest,
    Heal: _do_heal,
    EndRest: _do_end_rest,
    Attack: _do_attack,
    Use: _do_use,
    Reroll: _do_reroll,
    Accept: _do_accept,
    Absorb: _do_absorb,
    Flee: _do_flee,
    Buy: _do_buy,
    Sell: _do_sell,
    Pick: _do_pick,
    ChooseDrawer: _do_drawer,
    FinalNight: _do_final_night,
    FaceGod: _do_face_god,
    Refuse: _do_refuse,
    Adjust: _do_adjust,
    TurnCard: _do_turn,
    MoveCard: _do_move_card,
}


# ---- what follows on its own ----


def settle(state: RsState, events: list[RsEvent], face: int | None = None) -> RsState:
    """Deal the damage waiting (asking which Armor when there is a choice), then end the Target, the round, the
    flight or the game as the numbers say; ``face`` is a typed d20 for a Dodge this rolls."""
    state = _deal_hits(state, events)
    if state.phase == "armor" or state.phase == "over":
        return state
    if state.phase not in SETUP_PHASES and state.party and not state.living():
        events.append(RsEvent("over", "The whole party is dead. The game is over."))
        return replace(state, phase="over", result="lost", roll=None, hits=())
    if state.phase in FIGHT and state.target_health <= 0:
        return _target_dies(state, events)
    if state.phase in FIGHT and all(h.acted for h in state.living()):
        party = tuple(replace(h, acted=False) for h in state.party)
        state = recharge_all(replace(state, party=party, round=state.round + 1))
        events.append(RsEvent("round", f"Round {state.round}: every Character may act again."))
    if state.phase == "fleeing":
        return _next_dodge(state, events, face)
    return state


def _deal_hits(state: RsState, events: list[RsEvent]) -> RsState:
    """One point of Armor per point of damage (see rulings), the Character choosing when it has several sources."""
    while state.hits:
        hit = state.hits[0]
        hero = state.hero(hit.hero)
        if hero.dead or hit.amount <= 0:
            state = replace(state, hits=state.hits[1:])
            continue
        sources = [] if hit.health_only else armor_sources(state, hero)
        if len(sources) > 1:
            if state.phase != "armor":
                state = replace(state, after_armor=state.phase, phase="armor")
            return state
        if sources:
            state = _absorb_point(state, sources[0], events)
            continue
        state = replace(state, hits=state.hits[1:])
        state = lose_health(state, hit.hero, hit.amount, hit.cause, events)
    if state.phase == "armor":
        state = replace(state, phase=state.after_armor, after_armor="")
    return state


def _target_dies(state: RsState, events: list[RsEvent]) -> RsState:
    state = recharge_all(replace(state, party=tuple(replace(h, acted=False, sideways=False) for h in state.party)))
    if state.current == state.god:
        events.append(RsEvent("over", f"{name(state, state.god)} dies. The world ends; the party has won."))
        return replace(state, phase="over", result="won", roll=None)
    events.append(RsEvent("defeated", f"{name(state, state.current)} is defeated."))
    return replace(state, phase="drops", round=0)


def _next_dodge(state: RsState, events: list[RsEvent], face: int | None = None) -> RsState:
    while state.fleeing and state.hero(state.fleeing[0]).dead:
        state = replace(state, fleeing=state.fleeing[1:])
    if state.fleeing:
        hero, rest = state.fleeing[0], state.fleeing[1:]
        return _roll(replace(state, fleeing=rest), hero, "dodge", "", 0, events, face)
    for item in state.drops:  # the Target fled from keeps nothing for the party (see rulings)
        state = discard_card(state, item)
    state = replace(discard_card(state, state.current), current="", drops=(), target_health=0, round=0)
    party = tuple(replace(h, acted=False, sideways=False) for h in state.party)
    events.append(RsEvent("fled", "The party has fled; no Rest until a Target falls or a Non-Combat Encounter."))
    return replace(recharge_all(replace(state, party=party)), phase="between", rest_allowed=False)
