"""Games of The Restless put in a known spot: a started party, a Target on the table, a die showing a given face."""

from __future__ import annotations

from dataclasses import replace

from rt0table.rules.restless.rs_actions import Keep, RsAction, RsEvent, Take
from rt0table.rules.restless.rs_play import apply, legal_actions, new_game
from rt0table.rules.restless.rs_practice import practice_pack, setup_from
from rt0table.rules.restless.rs_state import Hero, Roll, RsState, with_hero

PARTY = ("ash-warden", "lantern-widow", "tide-clerk", "bone-mason")


def opening(seed: int = 1, seats: tuple[str, ...] = ("p1",), encounters: int = 4) -> RsState:
    return new_game(setup_from(practice_pack(), seats, encounters), seed)[0]


def step(state: RsState, action: RsAction) -> tuple[RsState, list[RsEvent]]:
    return apply(state, action)


def started(seed: int = 1, seats: tuple[str, ...] = ("p1",), encounters: int = 4) -> RsState:
    """Set-up done the plain way (first cards kept, items to the first Character with room): Realm 1 laid out."""
    state = opening(seed, seats, encounters)
    while state.phase in ("characters", "starters", "give"):
        legal = legal_actions(state)
        choice = next((a for a in legal if isinstance(a, Keep | Take)), legal[0])
        state, _ = apply(state, choice)
    return state


def party(state: RsState, cards: tuple[str, ...] = PARTY, items: tuple[tuple[str, ...], ...] = ()) -> RsState:
    """The party replaced by these Character cards (seat order as given), holding ``items``, at full Health."""
    heroes = []
    for n, card in enumerate(cards):
        held = items[n] if n < len(items) else ()
        heroes.append(Hero(card, state.seats[n % len(state.seats)], state.card(card).health, items=held))
    return replace(state, party=tuple(heroes), loose=())


def fight(state: RsState, target: str, health: int | None = None) -> RsState:
    """``target`` on the table in Combat, round 1, nobody has acted."""
    heroes = tuple(replace(h, acted=False, sideways=False) for h in state.party)
    hp = state.card(target).health if health is None else health
    return replace(state, party=heroes, phase="combat", current=target, target_health=hp, round=1, row=state.row)


def die_shows(state: RsState, hero: str, face: int, kind: str = "combat", item: str = "", modifier: int = 0) -> RsState:
    """The die on the table for ``hero`` shows ``face`` (the hero has taken its turn)."""
    state = with_hero(state, replace(state.hero(hero), acted=True))
    return replace(state, phase="roll", roll=Roll(hero, kind, item, face, modifier))


def hero(state: RsState, card: str) -> Hero:
    return state.hero(card)


def kinds(events: list[RsEvent]) -> list[str]:
    return [e.kind for e in events]
