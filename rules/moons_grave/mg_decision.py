"""The question the fight is waiting on, for a table to ask: who, what, whether it is secret, and the options."""

from __future__ import annotations

from dataclasses import dataclass

from ..seam import Seat
from .combat_round import deciders, legal_actions
from .mg_actions import MgAction
from .mg_state import MgState


@dataclass(frozen=True, slots=True)
class MgDecision:
    kind: str  # the phase: plan, vie, withdraw, bid, vie_roll, turn, roll, perks, soak
    fighters: tuple[str, ...]
    seats: frozenset[Seat]
    secret: bool  # answers are sealed until everyone asked has answered (tied plans, bids)
    prompt: str
    options: tuple[MgAction, ...]


def _prompt(state: MgState, names: str) -> str:
    phase = state.phase
    if phase == "plan":
        return f"{names}: how many actions this round, and with which weapon?"
    if phase == "vie":
        return f"{names}: vie for the next turn?"
    if phase == "withdraw":
        return f"{names}: others are vying too. Withdraw, or stay in?"
    if phase == "bid":
        return f"{names}: Initiative is tied. Spend followers for +1 each?"
    if phase in ("roll", "vie_roll") and state.roll is not None:
        dice = f"{state.roll.dice} {'die' if state.roll.dice == 1 else 'dice'}"
        return f"{names}: roll {dice} vs {state.roll.difficulty}."
    if phase == "perks":
        return f"{names}: trigger a perk with these dice, or pass?"
    if phase == "soak":
        return f"{names}: soak {state.damage_queue[0][1]} damage with which track?"
    return f"{names}: choose an action for this turn."


def pending_decision(state: MgState) -> MgDecision | None:
    """None once the fight is over."""
    who = tuple(deciders(state))
    if not who:
        return None
    names = ", ".join(state.fighter(f).name for f in who)
    secret = state.phase == "bid" or (state.phase == "plan" and len(state.asked) > 1)
    seats = frozenset(state.fighter(f).seat for f in who)
    return MgDecision(state.phase, who, seats, secret, _prompt(state, names), tuple(legal_actions(state)))
