"""A GM-free stand-in for The Restless: a plain, deterministic choice for the party (simulations, solo hands-off
play, the whole-game tests). Always one of ``legal_actions``; no randomness of its own."""

from __future__ import annotations

from .rs_actions import (
    Absorb,
    Accept,
    Attack,
    Buy,
    ChooseDrawer,
    Discard,
    EndRest,
    FaceGod,
    FinalNight,
    Heal,
    Keep,
    Pick,
    PlayRest,
    Proceed,
    Reroll,
    RsAction,
    Take,
    Use,
)
from .rs_effects import clamp, die_defense, max_health
from .rs_play import attack_damage, legal_actions
from .rs_state import RsState

RESERVE = 2  # Reroll Counters kept back for Traders and Rests


def choose(state: RsState) -> RsAction:
    """The stand-in's action; the first legal action when no rule of thumb applies."""
    legal = legal_actions(state)
    if not legal:
        raise ValueError("nothing to choose: the game is over")
    for rule in (_setup, _die, _fight, _rest, _road):
        action = rule(state, legal)
        if action is not None:
            return action
    return legal[0]


def _first(legal: list[RsAction], kind: type) -> RsAction | None:
    return next((a for a in legal if isinstance(a, kind)), None)


def _setup(state: RsState, legal: list[RsAction]) -> RsAction | None:
    if state.phase == "characters":
        keeps = [a for a in legal if isinstance(a, Keep)]
        return max(keeps, key=lambda k: (sum(state.card(c).health for c in k.cards), k.cards))
    if state.phase == "starters":
        keeps = [a for a in legal if isinstance(a, Keep)]
        return max(keeps, key=lambda k: (sum(state.card(c).value for c in k.cards), k.cards))
    if state.phase in ("drops", "pick", "armor", "final-night", "final-choice"):
        for kind in (ChooseDrawer, Pick, Absorb, FinalNight, FaceGod):
            found = _first(legal, kind)
            if found is not None:
                return found
    return None


def _die(state: RsState, legal: list[RsAction]) -> RsAction | None:
    """Reroll a miss while Rerolls are above the reserve."""
    if state.phase != "roll" or state.roll is None:
        return None
    missed = clamp(state.roll.face + state.roll.modifier) < die_defense(state)
    if missed and state.rerolls > RESERVE and Reroll() in legal:
        return Reroll()
    return Accept()


def _fight(state: RsState, legal: list[RsAction]) -> RsAction | None:
    if state.phase not in ("combat", "god"):
        return None
    for action in legal:  # drink when badly hurt
        if isinstance(action, Use) and state.card(action.card).item_type == "consumable":
            hero = state.hero(action.hero)
            heals = any(e.do == "heal" for e in state.card(action.card).effects)
            if heals and hero.health * 2 <= max_health(state, hero):
                return action
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks:

        def power(a: Attack) -> tuple[int, str, str]:
            shots = state.card(a.item).shots if a.item else 1
            return (attack_damage(state, state.hero(a.hero), a.item) * shots, a.hero, a.item)

        return max(attacks, key=power)
    return None


def _rest(state: RsState, legal: list[RsAction]) -> RsAction | None:
    if state.phase != "rest":
        return None
    take = _first(legal, Take)
    if take is not None:
        return take
    heals = [a for a in legal if isinstance(a, Heal)]
    if heals and state.rerolls > RESERVE:
        return min(heals, key=lambda h: (state.hero(h.hero).health, h.hero))
    return EndRest()


def _road(state: RsState, legal: list[RsAction]) -> RsAction | None:
    """Between Encounters: pick up what fits, leave Nothing, buy what is affordable, Rest when hurt, go on."""
    take = _first(legal, Take)
    if take is not None:
        return take
    for action in legal:
        if isinstance(action, Discard) and action.card in state.loose:
            return action
    buys = [a for a in legal if isinstance(a, Buy) and not a.pay_with]
    affordable = [b for b in buys if state.card(b.card).value + RESERVE <= state.rerolls]
    if affordable:
        return affordable[0]
    hurt = sum(h.health for h in state.living()) * 2 < sum(max_health(state, h) for h in state.living())
    dead = any(h.dead for h in state.party)
    if PlayRest() in legal and (hurt or dead):
        return PlayRest()
    if Proceed() in legal:
        return Proceed()
    return None
