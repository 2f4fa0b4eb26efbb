"""Adversaries on their own: drawing intents, moving, choosing whom to hit, carrying out the plan."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from ..cards import CARDS, CardId
from ..content.adversaries import IntentPlan, Step
from .decisions import ask, context_of, continuation, decision_context, decision_targets, resolver, target_of
from .effects import damage_fighter, gain_shield, heal, injure, move
from .events import (
    AttackWithstood,
    DamageAvoided,
    DamageDealt,
    DeckShuffled,
    Event,
    HealthRegained,
    InjuryGiven,
    IntentCarriedOut,
    IntentDrawn,
    IntentQueued,
    IntentReplaced,
    IntentRevealed,
    IntentsOffered,
    ShieldGained,
)
from .modifiers import EVA_SUIT, SEALED_AGAINST, wearing_suit
from .registry import everyone_hooked, hooks
from .state import (
    GM,
    Adversary,
    CombatState,
    Context,
    Fighter,
    FighterKind,
    FighterTarget,
    Option,
    PendingDecision,
    Target,
)
from .zones import Zone, distance, step_toward, zone_name

GM_TARGET: Final = "gm-target"
SUIT_NAME: Final = tuple(card.suit.value for card in CARDS)
"""Each card's suit by name, by card id: an Enum's ``value`` is a Python property, read for every intent."""
INTENT_PICK: Final = "intent-pick"


@dataclass(frozen=True, slots=True)
class TargetChoice(Context):
    """The GM picks whom a Strategic or Dimwitted adversary's damage step hits (its options: FighterTargets)."""

    adversary: str
    plan: tuple[str, bool]  # the suit whose plan runs, and whether it is the union plan
    step: int  # the damage step's index in that plan
    amount: int  # the damage it deals

    def __init__(self, adversary: str, plan: tuple[str, bool], step: int, amount: int) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "plan", plan)
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "amount", amount)


decision_context(TargetChoice, GM_TARGET)
decision_targets(GM_TARGET, FighterTarget)


def _draw_gm_card(state: CombatState, events: list[Event]) -> CardId:
    pile = state.piles[GM]
    if not pile.draw:
        state.rng = pile.shuffle_discard_in(state.rng)
        if not state.quiet:
            events.append(DeckShuffled(GM))
    return pile.draw.pop()


def draw_intent(state: CombatState, adversary: Adversary, events: list[Event], later: bool = False) -> None:
    """ADV-INTENT: a GM card, face down if the adversary hides intents; a Major is swapped at once.

    While a fighter ``foresees_intents`` (HP-BETTER-NOT-TELL) intents come face up, two at a time, and that
    fighter picks the one kept. ``later``: the intent is for next round and waits in ``state.queued_intents``.
    """
    seer = foreseer(state)
    card, hidden = _pull(state, adversary, events)
    if seer is None:
        _set_intent(state, adversary, card, hidden, later, events)
        return
    other, _ = _pull(state, adversary, events)
    if not state.quiet:
        events.append(IntentsOffered(adversary.id, (card, other)))
    pairs = ((card, other), (other, card))
    options = [Option(f"{adversary.name} keeps {CARDS[a].name}", IntentTarget(a, b)) for a, b in pairs]
    prompt = f"Which intent does {adversary.name} keep{' for next round' if later else ''}?"
    ask(state, INTENT_PICK, seer.id, prompt, options, events, IntentPick(adversary.id, later))


def _pull(state: CombatState, adversary: Adversary, events: list[Event]) -> tuple[CardId, bool]:
    """One intent card by the drawing rule, and whether it lies face down."""
    kind = state.bestiary[adversary.kind]
    card = _draw_gm_card(state, events)
    hidden = kind.hidden_intents
    # Ruling ADV-INTENT: a face-down replacement that is itself a Major is replaced again. The Major is never the
    # adversary's intent (nor next round's, nor one offered), so IntentReplaced alone tells of it.
    while kind.plan_for(SUIT_NAME[card]).redraw_face_down:
        state.piles[GM].discard.append(card)
        if not state.quiet:
            events.append(IntentReplaced(adversary.id, card))
        card = _draw_gm_card(state, events)
        hidden = True
    return card, hidden and foreseer(state) is None


@dataclass(frozen=True, slots=True)
class IntentPick(Context):
    """A foreseer picks one of two intents for an adversary: whose, and whether it is for next round."""

    adversary: str
    later: bool

    def __init__(self, adversary: str, later: bool) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "later", later)


decision_context(IntentPick, INTENT_PICK)


@dataclass(frozen=True, slots=True)
class IntentTarget(Target):
    """The intent kept, and the one that goes to the discard."""

    kept: CardId
    dropped: CardId

    def __init__(self, kept: CardId, dropped: CardId) -> None:
        object.__setattr__(self, "kept", kept)
        object.__setattr__(self, "dropped", dropped)


decision_targets(INTENT_PICK, IntentTarget)


@resolver(INTENT_PICK)
def _intent_pick(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    pick = context_of(decision, IntentPick)
    chosen = target_of(option, IntentTarget)
    state.piles[GM].discard.append(chosen.dropped)
    _set_intent(state, state.adversary(pick.adversary), chosen.kept, False, pick.later, events)


def _set_intent(
    state: CombatState, adversary: Adversary, card: CardId, hidden: bool, later: bool, events: list[Event]
) -> None:
    if later:
        state.queued_intents[adversary.id] = (card, hidden)
        if not state.quiet:
            events.append(IntentQueued(adversary.id, None if hidden else card))
        return
    adversary.intent, adversary.intent_hidden = card, hidden
    if not state.quiet:
        events.append(IntentDrawn(adversary.id, None if hidden else card))
    for watcher, ability in everyone_hooked(state, lambda h: h.intent_drawn):
        ability.intent_drawn(state, watcher, adversary, events)


def next_intent(state: CombatState, adversary: Adversary, events: list[Event]) -> None:
    """The round's intent: the one drawn ahead of time (HP-YES-NO) if there is one, else a fresh draw."""
    queued = state.queued_intents.pop(adversary.id, None)
    if queued is None:
        if adversary.active:
            draw_intent(state, adversary, events)
        return
    card, hidden = queued
    if not adversary.active:
        state.piles[GM].discard.append(card)
        return
    _set_intent(state, adversary, card, hidden and foreseer(state) is None, False, events)


def foreseer(state: CombatState) -> Fighter | None:
    """The fighter who sees every intent and picks from two (HP-BETTER-NOT-TELL), if any."""
    for fighter in state.fighters:
        if fighter.in_combat:
            for ability in hooks(fighter.abilities).foresees_intents:
                if ability.foresees_intents(state, fighter):
                    return fighter
    return None


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
    nearest = candidates[0]  # ``min`` by distance written out (a key function is a generic call per fighter)
    least = distance(adversary.zone, nearest.zone or adversary.zone)
    for fighter in candidates:
        away = distance(adversary.zone, fighter.zone or adversary.zone)
        if away < least:  # strictly nearer: the first of equals stays, as with ``min``
            nearest, least = fighter, away
    return nearest


def default_target(candidates: list[Fighter]) -> Fighter | None:
    """CMB-TARGETING: most Shield; with no Shield anywhere, least HP; ties to the earliest seat."""
    candidates = _preferred(candidates)
    if not candidates:
        return None
    chosen = candidates[0]  # ``max``/``min`` with a key written out; each keeps the first of equals
    if any(f.shield for f in candidates):
        for fighter in candidates:
            if fighter.shield > chosen.shield:
                chosen = fighter
        return chosen
    for fighter in candidates:
        if fighter.hp < chosen.hp:
            chosen = fighter
    return chosen


def reachable(state: CombatState, adversary: Adversary, ranged: bool) -> list[Fighter]:
    return [f for f in _present(state) if ranged or f.zone == adversary.zone]


# --- carrying out an intent ----------------------------------------------------------------------


def plan_of(state: CombatState, adversary: Adversary) -> IntentPlan:
    assert adversary.intent is not None
    kind = state.bestiary[adversary.kind]
    plan = kind.plan_for(SUIT_NAME[adversary.intent])
    if plan.union is not None and f"union:{adversary.kind}:{SUIT_NAME[adversary.intent]}" in state.round_flags:
        return IntentPlan(plan.union)
    return plan


def carry_out(state: CombatState, adversary: Adversary, events: list[Event]) -> None:
    """Reveal, then do every step of the plan; a GM targeting choice pauses and resumes through a decision."""
    assert adversary.intent is not None
    if adversary.intent_hidden:
        adversary.intent_hidden = False
        if not state.quiet:
            events.append(IntentRevealed(adversary.id, adversary.intent))
    suit = SUIT_NAME[adversary.intent]
    plan = plan_of(state, adversary)
    use_union = plan is not state.bestiary[adversary.kind].plan_for(suit)
    if plan.union is not None:
        state.round_flags.append(f"union:{adversary.kind}:{suit}")
    if not state.quiet:
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
        if not adversary.active:
            return  # struck down in the middle of its own plan (MAG-SMOKE-AND-MIRRORS turns a hit back)
        step = steps[index]
        if step.do == "move":
            _advance(state, adversary, step.amount, events)
        elif step.do == "heal":
            heal(state, adversary, step.amount, events)
        elif step.do == "shield":
            gain_shield(state, adversary, step.amount, events)
        elif step.do == "shield_allies":
            for other in _allies_in_zone(state, adversary):
                gain_shield(state, other, step.amount, events)
        elif step.do in ("damage", "injure"):
            amount = step.amount + step.per_ally_in_zone * len(_allies_in_zone(state, adversary))
            candidates = reachable(state, adversary, step.ranged)
            if step.do == "injure":  # ruling ADV-INJURE: Eddies take no injuries, so it looks past them
                candidates = [f for f in candidates if f.kind is FighterKind.PLAYER]
            if state.bestiary[adversary.kind].targeting != "default" and len(candidates) > 1:
                what = f"gives {step.injury}" if step.do == "injure" else f"deals {amount} damage"
                options = [Option(f"{adversary.name} hits {f.name}", FighterTarget(f.id)) for f in candidates]
                prompt = f"{adversary.name} {what}. Whom does it hit?"
                context = TargetChoice(adversary.id, which, index, amount)
                ask(state, GM_TARGET, GM, prompt, options, events, context)
                return
            target = default_target(candidates)
            if target is not None and step.do == "injure":
                injure(state, target, step.injury, events)
            elif target is not None and _hit(state, adversary, target, amount, step, events):
                _resume_after_injury(state, adversary, which, index + 1)
                return


def _hit(
    state: CombatState, adversary: Adversary, target: Fighter, amount: int, step: Step, events: list[Event]
) -> bool:
    """Damage a fighter; True when that knocked them down and the GM now picks their injury.

    ITM-EVA-SUIT: a gas or liquid attack does nothing to a fighter wearing the suit."""
    if step.kind in SEALED_AGAINST and wearing_suit(target.items, target.marks):
        if not state.quiet:
            events.append(AttackWithstood(target.id, adversary.id, amount, step.kind, EVA_SUIT))
        return False
    waiting = len(state.decisions)
    damage_fighter(state, adversary.id, target, amount, step.ranged, events)
    return len(state.decisions) > waiting


# "hit-me" too: Hit Me is asked after the hit, so it can be the decision the plan waits on (its resolver carries the
# plan on, as the injury's does)
@dataclass(frozen=True, slots=True)
class PlanLeft(Context):
    """The rest of an adversary's plan, waiting on the decision its hit caused (the fighter's injury, or where they
    reappear); ``then`` is "plan", as the tuple it replaced began."""

    then: str
    adversary: str
    plan: tuple[str, bool]
    start: int

    def __init__(self, then: str, adversary: str, plan: tuple[str, bool], start: int) -> None:
        object.__setattr__(self, "then", then)
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "plan", plan)
        object.__setattr__(self, "start", start)


decision_context(PlanLeft, "injury", "disappear", "hit-me")


def _resume_after_injury(state: CombatState, adversary: Adversary, which: tuple[str, bool], start: int) -> None:
    """Ruling CMB-ZERO-HP: the injury (and the 15 HP) comes first; the rest of the plan waits for it."""
    state.decisions[-1] = replace(state.decisions[-1], context=PlanLeft("plan", adversary.id, which, start))


@continuation(PlanLeft)
def _carry_on_plan(state: CombatState, left: PlanLeft, events: list[Event]) -> None:
    run_steps(state, state.adversary(left.adversary), left.plan, left.start, events)


@resolver(GM_TARGET)
def _gm_target(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    choice = context_of(decision, TargetChoice)
    adversary = state.adversary(choice.adversary)
    which = choice.plan
    step = _steps_of(state, adversary, which)[choice.step]
    target = state.fighter(target_of(option, FighterTarget).fighter)
    if step.do == "injure":
        injure(state, target, step.injury, events)
    elif _hit(state, adversary, target, choice.amount, step, events):
        _resume_after_injury(state, adversary, which, choice.step + 1)
        return
    run_steps(state, adversary, which, choice.step + 1, events)


def _allies_in_zone(state: CombatState, adversary: Adversary) -> list[Adversary]:
    return [a for a in state.adversaries if a is not adversary and a.active and a.zone == adversary.zone]


def _advance(state: CombatState, adversary: Adversary, steps: int, events: list[Event]) -> None:
    """ZON-ADV-MOVE: toward the nearest fighter, and not at all when already sharing a zone with one.

    EDDY-SHEET: an adversary held by The Hanged Man (a round flag ``held:<id>``) does not move this round.
    """
    if held_flag(adversary.id) in state.round_flags:
        return
    for _ in range(steps):
        target = chase_target(state, adversary)
        if target is None or target.zone is None or target.zone == adversary.zone:
            return
        if any(f.zone == adversary.zone for f in _present(state)):
            return
        move(state, adversary, step_toward(state.room, adversary.zone, target.zone), events)


def held_flag(adversary_id: str) -> str:
    """The round flag that keeps an adversary where it stands until the next round starts."""
    return f"held:{adversary_id}"


def describe_plan(steps: tuple[Step, ...]) -> str:
    """A plan in words (``IntentCarriedOut``'s); each plan's worked out once, kept by the identity of its steps."""
    kept = _DESCRIBED.get(id(steps))
    if kept is not None and kept[0] is steps:  # the entry holds the tuple, so its id cannot be another's meanwhile
        return kept[1]
    words = _plan_words(steps)
    if len(_DESCRIBED) >= 512:  # plans built on the fly (unions) must not pile up
        _DESCRIBED.clear()
    _DESCRIBED[id(steps)] = (steps, words)
    return words


_DESCRIBED: Final[dict[int, tuple[tuple[Step, ...], str]]] = {}


def _plan_words(steps: tuple[Step, ...]) -> str:
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
        elif step.do == "injure":
            parts.append(f"{'ranged ' if step.ranged else ''}gives {step.injury}")
    return ", ".join(parts) or "nothing"


# --- what an intent would do now ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PreviewHit:
    """One blow the intent would land: ``blocked`` of ``amount`` soaked by the target's current Shield."""

    target: str
    amount: int
    blocked: int
    hp_after: int

    def __init__(self, target: str, amount: int, blocked: int, hp_after: int) -> None:
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "blocked", blocked)
        object.__setattr__(self, "hp_after", hp_after)


@dataclass(frozen=True, slots=True)
class IntentPreview:
    """What an adversary's face-up intent would do if it acted now, against everyone's current Shield."""

    adversary: str
    hidden: bool
    plan: str  # the plan in words ("move 1, 8 damage"); empty while face down
    hits: tuple[PreviewHit, ...] = ()
    moves_to: Zone | None = None
    gm_chooses: tuple[str, ...] = ()  # fighter ids the GM would pick among (strategic, dimwitted)
    text: str = ""

    def __init__(
        self,
        adversary: str,
        hidden: bool,
        plan: str,
        hits: tuple[PreviewHit, ...] = (),
        moves_to: Zone | None = None,
        gm_chooses: tuple[str, ...] = (),
        text: str = "",
    ) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "hidden", hidden)
        object.__setattr__(self, "plan", plan)
        object.__setattr__(self, "hits", hits)
        object.__setattr__(self, "moves_to", moves_to)
        object.__setattr__(self, "gm_chooses", gm_chooses)
        object.__setattr__(self, "text", text)


def preview_intent(state: CombatState, adversary: Adversary) -> IntentPreview | None:
    """Dry-run the intent on a copy of the state, so the preview can never disagree with the rule.

    Each adversary is previewed on its own against the Shield everyone has now; adversaries acting
    earlier in the turn may use some of it up first. None when the adversary has no intent.
    """
    if not adversary.active or adversary.intent is None:
        return None
    if adversary.intent_hidden:
        return IntentPreview(adversary.id, True, "", text="Face down: shown when it acts.")
    trial = state.clone()
    ghost = trial.adversary(adversary.id)
    assert ghost.intent is not None
    suit = SUIT_NAME[ghost.intent]
    plan = plan_of(trial, ghost)
    use_union = plan is not trial.bestiary[ghost.kind].plan_for(suit)
    events: list[Event] = []
    run_steps(trial, ghost, (suit, use_union), 0, events)
    hits = tuple(
        PreviewHit(e.target, e.amount, e.blocked, e.hp_after)
        for e in events
        if isinstance(e, DamageDealt) and e.source == adversary.id
    )
    moves_to = ghost.zone if ghost.zone != adversary.zone else None
    choosing = next(
        (d for d in trial.decisions if d.kind == GM_TARGET and context_of(d, TargetChoice).adversary == adversary.id),
        None,
    )
    gm_chooses = tuple(target_of(o, FighterTarget).fighter for o in choosing.options) if choosing else ()
    words = describe_plan(plan.steps)
    text = intent_words(state, adversary.id, plan.steps, events, moves_to, gm_chooses)
    return IntentPreview(adversary.id, False, words, hits, moves_to, gm_chooses, text)


def intent_words(
    state: CombatState,
    adversary_id: str,
    steps: tuple[Step, ...],
    events: list[Event],
    moves_to: Zone | None,
    gm_chooses: tuple[str, ...],
) -> str:
    """What an intent's dry run did, in words: the plan, then where it moves, whom it hits and for how much."""
    words = describe_plan(steps)
    parts: list[str] = []
    if moves_to is not None:
        parts.append(f"moves to {zone_name(moves_to)}")
    hits = [e for e in events if isinstance(e, DamageDealt) and e.source == adversary_id]
    for hit in hits:
        soaked = f" ({hit.blocked} blocked)" if hit.blocked else ""
        parts.append(f"hits {state.name_of(hit.target)} for {hit.amount}{soaked} → {hit.hp_after} HP")
    if gm_chooses:
        parts.append("the GM picks whom it hits: " + " or ".join(state.name_of(f) for f in gm_chooses))
    avoided = [e for e in events if isinstance(e, DamageAvoided) and e.source == adversary_id]
    for miss in avoided:
        parts.append(f"{state.name_of(miss.fighter)} avoids its {miss.amount} damage")
    given = any(isinstance(e, InjuryGiven) for e in events)
    if any(step.do in ("damage", "injure") for step in steps) and not (hits or gm_chooses or avoided or given):
        parts.append("nobody in reach to hit")
    for event in events:
        if isinstance(event, InjuryGiven):
            parts.append(f"{state.name_of(event.fighter)} takes {event.injury}")
        if isinstance(event, HealthRegained) and event.who == adversary_id:
            parts.append(f"regains {event.amount} HP" if event.amount else "already at full HP")
        elif isinstance(event, ShieldGained):
            parts.append(f"{state.name_of(event.who)} gains {event.amount} Shield")
    return f"{words}: " + ", ".join(parts) if parts else words
