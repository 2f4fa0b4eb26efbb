"""Adversaries on their own: drawing intents, moving, choosing whom to hit, carrying out the plan."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .adversaries import IntentPlan, Step
from .cards import CARDS, CardId
from .decisions import ask, continuation, resolver
from .effects import damage_fighter, gain_shield, heal, move
from .events import DeckShuffled, Event, IntentCarriedOut, IntentDrawn, IntentReplaced, IntentRevealed
from .state import GM, Adversary, CombatState, Fighter, FighterKind, Option, PendingDecision
from .zones import distance, step_toward


def _draw_gm_card(state: CombatState, events: list[Event]) -> CardId:
    pile = state.piles[GM]
    if not pile.draw:
        state.rng = pile.shuffle_discard_in(state.rng)
        events.append(DeckShuffled(GM))
    return pile.draw.pop()


def draw_intent(state: CombatState, adversary: Adversary, events: list[Event]) -> None:
    """ADV-INTENT: a GM card, face down if the adversary hides intents; a Major is swapped at once."""
    kind = state.bestiary[adversary.kind]
    card = _draw_gm_card(state, events)
    hidden = kind.hidden_intents
    # Ruling ADV-INTENT: a face-down replacement that is itself a Major is replaced again.
    while kind.plan_for(CARDS[card].suit.value).redraw_face_down:
        events.append(IntentDrawn(adversary.id, None if hidden else card))
        state.piles[GM].discard.append(card)
        events.append(IntentReplaced(adversary.id, card))
        card = _draw_gm_card(state, events)
        hidden = True
    adversary.intent, adversary.intent_hidden = card, hidden
    events.append(IntentDrawn(adversary.id, None if hidden else card))


def discard_intent(state: CombatState, adversary: Adversary) -> None:
    if adversary.intent is not None:
        state.piles[GM].discard.append(adversary.intent)
        adversary.intent, adversary.intent_hidden = None, False


def redraw_intent(state: CombatState, adversary: Adversary, events: list[Event]) -> None:
    discard_intent(state, adversary)
    draw_intent(state, adversary, events)


# --- whom to chase and whom to hit ---------------------------------------------------------------


def _present(state: CombatState) -> list[Fighter]:
    return [f for f in state.fighters if f.in_combat]


def _preferred(fighters: list[Fighter]) -> list[Fighter]:
    """Eddies are left alone while anyone else can be chosen (EDDY-SHEET)."""
    people = [f for f in fighters if f.kind is FighterKind.PLAYER]
    return people or fighters


def chase_target(state: CombatState, adversary: Adversary) -> Fighter | None:
    """ZON-ADV-MOVE: the nearest fighter; ties go to the earliest seat (ruling)."""
    candidates = _preferred(_present(state))
    if not candidates:
        return None
    return min(candidates, key=lambda f: distance(adversary.zone, f.zone or adversary.zone))


def default_target(candidates: list[Fighter]) -> Fighter | None:
    """CMB-TARGETING: most Shield; with no Shield anywhere, least HP; ties to the earliest seat."""
    candidates = _preferred(candidates)
    if not candidates:
        return None
    if any(f.shield for f in candidates):
        return max(candidates, key=lambda f: f.shield)  # max keeps the first of equals
    return min(candidates, key=lambda f: f.hp)


def reachable(state: CombatState, adversary: Adversary, ranged: bool) -> list[Fighter]:
    return [f for f in _present(state) if ranged or f.zone == adversary.zone]


# --- carrying out an intent ----------------------------------------------------------------------


def plan_of(state: CombatState, adversary: Adversary) -> IntentPlan:
    assert adversary.intent is not None
    kind = state.bestiary[adversary.kind]
    plan = kind.plan_for(CARDS[adversary.intent].suit.value)
    if plan.union is not None and f"union:{adversary.kind}:{CARDS[adversary.intent].suit.value}" in state.round_flags:
        return IntentPlan(plan.union)
    return plan


def carry_out(state: CombatState, adversary: Adversary, events: list[Event]) -> None:
    """Reveal, then do every step of the plan; a GM targeting choice pauses and resumes through a decision."""
    assert adversary.intent is not None
    if adversary.intent_hidden:
        adversary.intent_hidden = False
        events.append(IntentRevealed(adversary.id, adversary.intent))
    suit = CARDS[adversary.intent].suit.value
    plan = plan_of(state, adversary)
    use_union = plan is not state.bestiary[adversary.kind].plan_for(suit)
    if plan.union is not None:
        state.round_flags.append(f"union:{adversary.kind}:{suit}")
    events.append(IntentCarriedOut(adversary.id, adversary.intent, describe_plan(plan.steps)))
    run_steps(state, adversary, (suit, use_union), 0, events)


def _steps_of(state: CombatState, adversary: Adversary, which: tuple[str, bool]) -> tuple[Step, ...]:
    """The steps of a suit's plan, or of its Union replacement: plain data a decision can carry."""
    suit, use_union = which
    plan = state.bestiary[adversary.kind].plan_for(suit)
    return plan.union if use_union and plan.union is not None else plan.steps


def run_steps(
    state: CombatState, adversary: Adversary, which: tuple[str, bool], start: int, events: list[Event]
) -> None:
    steps = _steps_of(state, adversary, which)
    for index in range(start, len(steps)):
        step = steps[index]
        if step.do == "move":
            _advance(state, adversary, step.amount, events)
        elif step.do == "heal":
            heal(state, adversary, step.amount, events)
        elif step.do == "shield":
            gain_shield(adversary, step.amount, events)
        elif step.do == "shield_allies":
            for other in _allies_in_zone(state, adversary):
                gain_shield(other, step.amount, events)
        elif step.do == "damage":
            amount = step.amount + step.per_ally_in_zone * len(_allies_in_zone(state, adversary))
            candidates = reachable(state, adversary, step.ranged)
            if state.bestiary[adversary.kind].targeting != "default" and len(candidates) > 1:
                options = [Option(f"{adversary.name} hits {f.name}", (f.id,)) for f in candidates]
                prompt = f"{adversary.name} deals {amount} damage. Whom does it hit?"
                ask(state, "gm-target", GM, prompt, options, events, (adversary.id, which, index, amount))
                return
            target = default_target(candidates)
            if target is not None and _hit(state, adversary, target, amount, step.ranged, events):
                _resume_after_injury(state, adversary, which, index + 1)
                return


def _hit(
    state: CombatState, adversary: Adversary, target: Fighter, amount: int, ranged: bool, events: list[Event]
) -> bool:
    """Damage a fighter; True when that knocked them down and the GM now picks their injury."""
    waiting = len(state.decisions)
    damage_fighter(state, adversary.id, target, amount, ranged, events)
    return len(state.decisions) > waiting


def _resume_after_injury(state: CombatState, adversary: Adversary, which: tuple[str, bool], start: int) -> None:
    """Ruling CMB-ZERO-HP: the injury (and the 15 HP) comes first; the rest of the plan waits for it."""
    state.decisions[-1] = replace(state.decisions[-1], context=("plan", adversary.id, which, start))


@continuation("plan")
def _carry_on_plan(state: CombatState, data: tuple[Any, ...], events: list[Event]) -> None:
    adversary_id, which, start = data
    run_steps(state, state.adversary(adversary_id), (which[0], which[1]), start, events)


@resolver("gm-target")
def _gm_target(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    adversary_id, which, index, amount = decision.context
    adversary = state.adversary(adversary_id)
    ranged = _steps_of(state, adversary, which)[index].ranged
    if _hit(state, adversary, state.fighter(option.value[0]), amount, ranged, events):
        _resume_after_injury(state, adversary, which, index + 1)
        return
    run_steps(state, adversary, which, index + 1, events)


def _allies_in_zone(state: CombatState, adversary: Adversary) -> list[Adversary]:
    return [a for a in state.adversaries if a is not adversary and a.active and a.zone == adversary.zone]


def _advance(state: CombatState, adversary: Adversary, steps: int, events: list[Event]) -> None:
    """ZON-ADV-MOVE: toward the nearest fighter, and not at all when already sharing a zone with one."""
    for _ in range(steps):
        target = chase_target(state, adversary)
        if target is None or target.zone is None or target.zone == adversary.zone:
            return
        if any(f.zone == adversary.zone for f in _present(state)):
            return
        move(adversary, step_toward(state.room, adversary.zone, target.zone), events)


def describe_plan(steps: tuple[Step, ...]) -> str:
    parts = []
    for step in steps:
        if step.do == "move":
            parts.append(f"move {step.amount}")
        elif step.do == "damage":
            extra = f" +{step.per_ally_in_zone} per ally in its zone" if step.per_ally_in_zone else ""
            parts.append(f"{step.amount}{extra} {'ranged ' if step.ranged else ''}damage")
        elif step.do == "heal":
            parts.append(f"regain {step.amount} HP")
        elif step.do == "shield":
            parts.append(f"{step.amount} Shield")
        elif step.do == "shield_allies":
            parts.append(f"{step.amount} Shield to each ally in its zone")
    return ", ".join(parts) or "nothing"
