"""The lab's players: brick, greedy and a one-ply lookahead, each a function from a state to one legal action."""

from __future__ import annotations

from typing import Final

from ..cli.simulation import Policy, brick, greedy
from ..fight.actions import Action
from ..fight.engine import apply_unchecked, legal_actions
from ..fight.events import DamageDealt, Event, ShieldGained
from ..fight.intents import preview_intent
from ..fight.state import CombatState


def quick_greedy(state: CombatState) -> Action:
    """``simulation.greedy``'s choice without listing every legal action: ``simulation.brick``'s search.

    ``legal_actions`` lists a card's plays in hand order (each card once) and a play is legal exactly when the bin
    ``accepts`` the card, so the first legal play on the first bin of ``BASE_PRIORITY`` is the brick's; a question
    takes its first option. The differential test holds it to ``greedy`` over the random-play space.
    """
    return brick(state)


def lookahead(state: CombatState) -> Action:
    """Each legal action tried on a copy, scored by ``score``; the best wins, the first listed on a tie.

    ``legal_actions`` lists actions in a fixed order, so the same state always gets the same choice.
    """
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    best = actions[0]
    best_score = -(1 << 30)
    for action in actions:
        trial = state.clone()
        trial.quiet = True  # the score reads only tallied events
        value = score(trial, apply_unchecked(trial, action))
        if value > best_score:
            best, best_score = action, value
    return best


def score(after: CombatState, events: list[Event]) -> int:
    """Damage the players dealt, minus what the adversaries' face-up intents would take from them now, plus the
    Shield the players gained (all counted in the events of the one action tried, the threat on the state after it).
    """
    fighters = {f.id for f in after.fighters}
    dealt = 0
    shield = 0
    for event in events:
        if isinstance(event, DamageDealt):
            if event.source in fighters and event.target not in fighters:
                dealt += event.amount
        elif isinstance(event, ShieldGained) and event.who in fighters:
            shield += event.amount
    return dealt - threat(after) + shield


def threat(state: CombatState) -> int:
    """HP the players would lose if every face-up intent acted now against the Shield they hold (each on its own)."""
    if state.result is not None:
        return 0
    total = 0
    for adversary in state.adversaries:
        preview = preview_intent(state, adversary)
        if preview is not None:
            for hit in preview.hits:
                total += hit.amount - hit.blocked
    return total


POLICIES: Final[dict[str, Policy]] = {"brick": brick, "greedy": quick_greedy, "lookahead": lookahead}
"""Every policy a run spec may name (``run_spec.POLICY_NAMES``), as the lab plays them."""

FULL_POLICIES: Final[dict[str, Policy]] = {"brick": brick, "greedy": greedy, "lookahead": lookahead}
"""The same policies as the full engine's simulations play them (the differential test's reference)."""
