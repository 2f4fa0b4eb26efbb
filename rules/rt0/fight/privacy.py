"""What one seat may see of a fight (OpenSpiel's observer): the hot-seat privacy rule, as pure functions.

A seat is a player's fighter id, ``GM`` for whoever runs the opposition, or ``OMNISCIENT`` (replays, tests,
simulations). Private to one seat: a fighter's hand (its own), the cards lying face down on its bins, and a
private decision's options and context (cards its actor peeked at). Private to nobody but OMNISCIENT: the order
and content of every draw pile, the shuffle seed, and intents lying face down. The table's curtain asks
``sees_decision`` and ``sees_hand``; ``observe`` builds the whole masked state from the same two rules.
"""

from __future__ import annotations

from dataclasses import replace

from ...seam import OMNISCIENT, Seat
from ..cards import CardId
from .deck import Pile
from .state import NO_CONTEXT, CombatState, Fighter, HiddenTarget, Option, PendingDecision, Phase

HIDDEN_CARD: CardId = -1  # a card the seat may not see; never a real card id, so nothing can play it
HIDDEN_LABEL = "a hidden choice"


def sees_decision(decision: PendingDecision, seat: Seat) -> bool:
    """Whether ``seat`` may see this decision's options: a private one only its actors may."""
    return not decision.private or seat == OMNISCIENT or seat in decision.seats


def sees_pending(state: CombatState, seat: Seat) -> bool:
    """Whether ``seat`` may see the pending decision's options (True when none is pending or the fight is over)."""
    pending = state.pending
    return pending is None or state.phase is Phase.OVER or sees_decision(pending, seat)


def sees_hand(fighter_id: str, seat: Seat) -> bool:
    """A hand is its fighter's own to look at."""
    return seat in (OMNISCIENT, fighter_id)


def observe(state: CombatState, seat: Seat) -> CombatState:
    """The fight as ``seat`` may see it: a copy with what is private to others replaced by ``HIDDEN_CARD``."""
    if seat == OMNISCIENT:
        return state
    seen = state.clone()
    seen.rng = 0  # the seed would tell every shuffle to come
    seen.piles = {key: Pile([HIDDEN_CARD] * len(p.draw), p.discard.copy()) for key, p in state.piles.items()}
    for fighter in seen.fighters:
        if not sees_hand(fighter.id, seat):
            _hide_fighter(fighter)
    for adversary in seen.adversaries:
        if adversary.intent is not None and adversary.intent_hidden:
            adversary.intent = HIDDEN_CARD
    seen.queued_intents = {
        who: ((HIDDEN_CARD, True) if down else (card, down)) for who, (card, down) in seen.queued_intents.items()
    }
    seen.decisions = [d if sees_decision(d, seat) else _hide_decision(d) for d in seen.decisions]
    return seen


def _hide_fighter(fighter: Fighter) -> None:
    fighter.hand = [HIDDEN_CARD] * len(fighter.hand)
    if fighter.face_down:
        down = set(fighter.face_down)
        fighter.bins = {k: [HIDDEN_CARD if c in down else c for c in v] for k, v in fighter.bins.items()}
        fighter.face_down = [HIDDEN_CARD] * len(fighter.face_down)
        fighter.counts_as = {c: n for c, n in fighter.counts_as.items() if c not in down}


def _hide_decision(decision: PendingDecision) -> PendingDecision:
    """The decision with as many options, each unreadable, and no context: Choose indices still line up."""
    hidden = tuple(Option(HIDDEN_LABEL, HiddenTarget()) for _ in decision.options)
    return replace(decision, options=hidden, context=NO_CONTEXT)
