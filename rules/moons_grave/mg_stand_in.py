"""A GM stand-in for Moon's Grave: a plain, deterministic choice for whoever must decide (solo play runs the NPCs
with it; simulations can run everyone). Always one of ``legal_actions``; no randomness of its own."""

from __future__ import annotations

from ..seam import Seat
from .combat_round import deciders, legal_actions
from .mg_actions import Bid, MgAction, PassPerk, Plan, RollDice, Soak, TriggerPerk, TurnAction, Vie, Withdraw
from .mg_state import MgState


def _plan(state: MgState, options: list[MgAction]) -> MgAction:
    """One action (the most an NPC may plan), with the weapon of its best attack talent."""
    plans = [a for a in options if isinstance(a, Plan) and a.actions == 1]
    fighter = state.fighter(plans[0].fighter)
    corps = state.corps()

    def strength(plan: Plan) -> int:
        return fighter.talent(fighter.weapon(plan.weapon, corps).attack)

    return max(plans, key=lambda p: (strength(p), p.weapon))


def _attack(state: MgState, options: list[MgAction]) -> MgAction | None:
    """Attack the enemy whose defence against her active weapon is lowest, the hurt ones first."""
    attacks = [a for a in options if isinstance(a, TurnAction) and a.action == "Attack"]
    if not attacks:
        return None
    fighter = state.fighter(attacks[0].fighter)
    weapon = state.active_weapon(fighter)

    def ease(action: TurnAction) -> tuple[int, int, str]:
        target = state.fighter(action.target)
        wounds = target.damage + sum(t.exhausted for t in target.tracks)
        return (target.talent(weapon.defence), -wounds, target.id)

    return min(attacks, key=ease)


def _soak(state: MgState, options: list[MgAction]) -> MgAction:
    """Curses first; the smallest track that covers the damage, else the biggest one left."""
    soaks = [a for a in options if isinstance(a, Soak)]
    fighter = state.fighter(soaks[0].fighter)
    tracks = {t.id: t for t in fighter.tracks}
    damage = state.damage_queue[0][1]

    def preference(soak: Soak) -> tuple[int, int, int]:
        track = tracks[soak.track]
        covers = track.capacity >= damage
        lasting = 1 if track.handicap or track.bleeding_out else 0  # a curse costs nothing afterwards
        return (lasting, 0 if covers else 1, track.capacity if covers else -track.capacity)

    return min(soaks, key=preference)


def stand_in_choice(state: MgState, seat: Seat | None = None) -> MgAction | None:
    """The stand-in's answer for the first fighter asked now (of ``seat``, e.g. "gm", if given), or None."""
    asked = [f for f in deciders(state) if seat is None or state.fighter(f).seat == seat]
    options = [a for a in legal_actions(state) if asked and a.fighter == asked[0]]
    if not options:
        return None
    phase = state.phase
    if phase == "plan":
        return _plan(state, options)
    if phase == "vie":
        return Vie(options[0].fighter, True)
    if phase == "withdraw":
        return Withdraw(options[0].fighter, False)
    if phase == "bid":
        return Bid(options[0].fighter, 0)
    if phase in ("roll", "vie_roll"):
        return RollDice(options[0].fighter)
    if phase == "perks":
        perks = [a for a in options if isinstance(a, TriggerPerk)]
        fighter = state.fighter(options[0].fighter)
        cost = {p.id: p.cost for p in fighter.perks}
        return min(perks, key=lambda a: (cost[a.perk], a.perk, a.dice)) if perks else PassPerk(fighter.id)
    if phase == "soak":
        return _soak(state, options)
    return _attack(state, options) or TurnAction(options[0].fighter, "Finish")
