"""Moon's Grave choices in a player's words, for the table's list of choices (the keyboard path to every action)."""

from __future__ import annotations

from rt0table.rules.dice.dice_odds import percent
from rt0table.rules.moons_grave.mg_actions import (
    Bid,
    EnterDie,
    MgAction,
    PassPerk,
    Plan,
    RollDice,
    Soak,
    TriggerPerk,
    TurnAction,
    Vie,
    Withdraw,
)
from rt0table.rules.moons_grave.mg_odds import action_odds
from rt0table.rules.moons_grave.mg_state import MgState
from rt0table.rules.moons_grave.surge_dice import SURGE_D6


def _name(state: MgState, fighter_id: str) -> str:
    return state.fighter(fighter_id).name if state.has(fighter_id) else fighter_id


def action_words(state: MgState, action: MgAction) -> str:
    """One line naming the choice, with its exact odds where it asks for a roll."""
    who = _name(state, action.fighter)
    if isinstance(action, Plan):
        risk = 0 if state.fighter(action.fighter).npc else max(0, action.actions - 1)
        plural = "s" * (action.actions != 1)
        return f"{who}: plan {action.actions} action{plural} with {action.weapon or 'bare hands'} (Fumble Risk {risk})"
    if isinstance(action, Vie):
        return f"{who}: {'vie for the turn' if action.vie else 'let the turn pass'}"
    if isinstance(action, Withdraw):
        return f"{who}: {'withdraw' if action.withdraw else 'stay in'}"
    if isinstance(action, Bid):
        return f"{who}: bid {action.followers} follower{'s' * (action.followers != 1)}"
    if isinstance(action, RollDice):
        return f"{who}: roll the dice"
    if isinstance(action, EnterDie):
        return f"{who}: type in a die showing {SURGE_D6.face(action.face).label}"
    if isinstance(action, PassPerk):
        return f"{who}: pass (no perk)"
    if isinstance(action, TriggerPerk):
        perk = next(p for p in state.fighter(action.fighter).perks if p.id == action.perk)
        dice = ", ".join(str(d + 1) for d in action.dice)
        return f"{who}: trigger {perk.title} [{perk.cost}] with dice {dice}"
    if isinstance(action, Soak):
        track = next(t for t in state.fighter(action.fighter).tracks if t.id == action.track)
        return f"{who}: soak with {track.name} ({track.capacity})"
    return _turn_words(state, action)


def _turn_words(state: MgState, action: TurnAction) -> str:
    who = _name(state, action.fighter)
    if action.action in ("Finish", "Rally"):
        text = f"{who}: {action.action}"
    elif action.action == "Swap":
        text = f"{who}: swap to the {action.target or 'bare hands'}"
    else:
        text = f"{who}: {action.action} {_name(state, action.target)}"
    odds = action_odds(state, action) if action.action != "Finish" else None
    return f"{text} ({percent(odds.success)})" if odds is not None else text
