"""The round (CMB-ROUND): intents, player turns in order, adversary turns, shields dropped.

``settle`` moves the fight forward through every step that needs nobody's choice and stops
at the next player action, decision, or the end of the fight.
"""

from __future__ import annotations

from typing import Final

from ..abilities import ABILITIES
from ..campaign.injuries import turn_start_hp_loss
from ..traits import Trait
from .effects import discard_ability, discard_hand, draw, lose_hp
from .events import CombatEnded, Event, IntentSpent, RoundStarted, ShieldDropped, TurnEnded, TurnStarted
from .intents import carry_out, discard_intent, next_intent
from .modifiers import draws_per_turn
from .registry import hooks
from .state import CombatState, Fighter, FighterKind, Phase

EDDY_HAND: Final = 3  # EDDY-SHEET: an Eddy draws 3 and plays 2
# Phase.X read once: on CPython 3.11 an Enum member read off its class costs ~60 ns, a module name ~10 ns,
# and these are tested several times per action.
# Final: mypyc keeps a Final module name in a C static, where any other name is a look-up in the module's dict.
_ROUND_START: Final = Phase.ROUND_START
_PLAYER_TURN: Final = Phase.PLAYER_TURN
_OVER: Final = Phase.OVER


def turn_order(state: CombatState) -> list[str]:
    """CMB-ORDER: Eddies, then Fast, then neither, then Slow; seat order breaks ties (ruling)."""
    fighters = state.fighters  # a stable sort by rank written out (a key function is a generic call per fighter)
    if len(fighters) == 1:  # a lone fighter (practice, the brick bench): nothing to sort, every round
        return [fighters[0].id]
    ranks = [_rank(f) for f in fighters]
    return [fighters[i].id for rank in range(4) for i in range(len(fighters)) if ranks[i] == rank]


def _rank(fighter: Fighter) -> int:
    if fighter.kind is FighterKind.EDDY:
        return 0
    if Trait.FAST in fighter.traits:
        return 1
    return 3 if Trait.SLOW in fighter.traits else 2


def can_act(fighter: Fighter) -> bool:
    """In the fight, alive, and not incapacitated by a Critical Injury (ruling INJ-CRITICAL)."""
    return fighter.in_combat and (not fighter.injuries or "Critical Injury" not in fighter.injuries)  # usually none


def settle(state: CombatState, events: list[Event]) -> None:
    while not state.decisions and state.phase is not _OVER:
        if _check_end(state, events):
            return
        phase = state.phase
        if phase is _ROUND_START:
            _start_round(state, events)
        elif phase is _PLAYER_TURN:
            fighter = state.active_fighter
            if fighter is None:
                _begin_adversary_turn(state, events)
            elif state.ending_turn or not can_act(fighter):
                finish_turn(state, fighter, events)
            else:
                return  # waiting for the active fighter
        else:
            _next_adversary(state, events)


def _check_end(state: CombatState, events: list[Event]) -> bool:
    """CMB-END: every adversary out (victory), or no fighter left standing in the fight.

    A practice fight has no victory (it may have no adversary at all) but still ends when nobody can act.
    The usual answer (fight on) is found first and cheaply: this runs after every action.
    """
    for fighter in state.fighters:  # a plain loop, not any(): a generator per action cost more than the test
        if can_act(fighter):
            if state.practice or _adversaries_remain(state):
                return False
            break
    if not state.practice and not _adversaries_remain(state):
        result = "victory"
    elif not any(f.in_combat for f in state.fighters):
        result = "defeat" if all(f.dead for f in state.fighters) else "escaped"
    else:
        result = "defeat"  # ruling CMB-END: everyone still here is incapacitated
    state.phase, state.result = Phase.OVER, result
    if not state.quiet:
        events.append(CombatEnded(result))
    return True


def _adversaries_remain(state: CombatState) -> bool:
    """Someone is still fighting, or is down and waiting for the victor to say what became of them."""
    for adversary in state.adversaries:  # noqa: SIM110 - a loop, not any(): asked after every action
        if adversary.fate is None:
            return True
    return False


def _start_round(state: CombatState, events: list[Event]) -> None:
    state.round += 1
    state.round_flags.clear()
    if not state.quiet:
        events.append(RoundStarted(state.round))
    for adversary in state.adversaries:
        if adversary.intent is None:  # a prepared fight may bring round 1's intents
            next_intent(state, adversary, events)
    state.order = turn_order(state)
    state.turn = 0
    state.phase = Phase.PLAYER_TURN
    _start_turn(state, events)


def _start_turn(state: CombatState, events: list[Event]) -> None:
    """CMB-TURN: draw up (a kept hand stays); The Tower ends the turn through Catastrophe."""
    fighter = state.active_fighter
    if fighter is None or not can_act(fighter):
        return
    fighter.honked = False
    if not state.quiet:
        events.append(TurnStarted(fighter.id))
    count = EDDY_HAND if fighter.kind is FighterKind.EDDY else draws_per_turn(fighter.arcana)
    draw(state, fighter, count, events)
    _lose_hp_at_turn_start(state, fighter, events)
    for ability in hooks(fighter.abilities).at_turn_start:
        ability.at_turn_start(state, fighter, events)


def _lose_hp_at_turn_start(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """INJ-MAJOR / INJ-MINOR: Bleeding Out and Bandaged Wound cost HP, past any Shield, after the turn's draw."""
    if not fighter.injuries:  # the usual case, every turn: no catalogue look-ups
        return
    for injury, amount in turn_start_hp_loss(fighter.injuries):
        if fighter.hp == 0 or not fighter.in_combat:
            return
        lose_hp(state, fighter, amount, injury, events)


def finish_turn(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """Cards left in hand and on bins that do not keep cards are discarded (ruling CMB-TURN).

    The at_turn_end hooks run first, once; when they ask something, the turn waits (``ending_turn``) and
    ``settle`` comes back here once every answer is in.
    """
    if not state.turn_closing:
        state.turn_closing = state.ending_turn = True
        for ability in hooks(fighter.abilities).at_turn_end:
            ability.at_turn_end(state, fighter, events)
        if state.decisions:
            return
    state.turn_closing = state.ending_turn = False
    _discard_bins(state, fighter, events)
    discard_hand(state, fighter, events)
    if not state.quiet:
        events.append(TurnEnded(fighter.id))
    state.turn += 1
    _start_turn(state, events)


def _discard_bins(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """The cards on every bin that does not keep them go, bins in sorted order (a saved and reloaded state must
    discard in the same order as the one it was saved from)."""
    bins = fighter.bins
    if hooks(fighter.abilities).on_discard:  # a hook may fill or empty a later bin: each is asked in its turn
        for ability_id in sorted(bins):
            if bins[ability_id] and not ABILITIES[ability_id].keeps_cards:
                discard_ability(state, fighter, ability_id, events)
        return
    # no hook: discarding one bin changes no other, so the bins to discard are known at once; usually one or none,
    # and sorting is needed only when there are more
    going = [ability_id for ability_id, cards in bins.items() if cards and not ABILITIES[ability_id].keeps_cards]
    if len(going) > 1:
        going.sort()
    for ability_id in going:
        discard_ability(state, fighter, ability_id, events)


def _begin_adversary_turn(state: CombatState, events: list[Event]) -> None:
    """CMB-SHIELD: once every player has acted, adversary Shield is gone."""
    for adversary in state.adversaries:
        if adversary.shield:
            if not state.quiet:
                events.append(ShieldDropped(adversary.id, adversary.shield))
            adversary.shield = 0
    state.phase, state.acting = Phase.ADVERSARY_TURN, 0


def _next_adversary(state: CombatState, events: list[Event]) -> None:
    if state.acting >= len(state.adversaries):
        _end_round(state, events)
        return
    adversary = state.adversaries[state.acting]
    state.acting += 1
    if adversary.active and adversary.intent is not None:
        carry_out(state, adversary, events)
    if adversary.intent is not None and not state.quiet:
        events.append(IntentSpent(adversary.id))
    discard_intent(state, adversary)


def _end_round(state: CombatState, events: list[Event]) -> None:
    """CMB-SHIELD: player Shield lasts until the adversaries have struck."""
    for fighter in state.fighters:
        if fighter.shield:
            if not state.quiet:
                events.append(ShieldDropped(fighter.id, fighter.shield))
            fighter.shield = 0
    state.phase = Phase.ROUND_START
