"""The GM stand-in: answers the GM's decisions in a solo fight, by the book where it says how.

The book leaves four calls to the GM in a fight (ruling SOLO-GM in docs/rulings.md):

- ``gm-target``: a Strategic adversary "chooses wisely", a Dimwitted one "chooses badly". Wisely is read
  as the most harm: a knock-down first, then the most HP lost past Shield, then the fighter lower on HP;
  badly is the reverse. Ties go to the earliest seat, as in default targeting.
- ``injury``: "a Major Injury of the GM's choice", thematically appropriate. Nothing in the state says
  what kind of blow it was, so every Major on offer is equally likely, picked with the fight's own
  random state (not advanced, so the same fight and the same choices give the same injury).
- ``check-difficulty``: only the player knows the task in the fiction, so by default the player sets it
  (``Policy.player_sets_difficulty``); a stand-in told to set it says Medium, the book's "a trained
  person can probably do this".

Any other GM decision (one the engine may add later) is picked uniformly in the same seeded way. Pure,
deterministic, Qt-free: ``choose(state)`` is all a front-end needs.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from .. import rng
from ..abilities.basic import CHECK_DIFFICULTY, DifficultyTarget, ReadingTarget
from ..campaign.skill_check import Difficulty
from ..fight.actions import Choose
from ..fight.decisions import context_of, target_of
from ..fight.intents import GM_TARGET, TargetChoice
from ..fight.state import GM, CombatState, Fighter, FighterTarget, PendingDecision

TARGET = GM_TARGET
INJURY = "injury"
DIFFICULTY = CHECK_DIFFICULTY
WORSE = "gm-worse"
DEFAULT_DIFFICULTY = Difficulty.MEDIUM


@dataclass(frozen=True, slots=True)
class Policy:
    """How the stand-in plays the GM; the defaults are the app's solo rulings."""

    player_sets_difficulty: bool = True
    difficulty: Difficulty = DEFAULT_DIFFICULTY


@dataclass(frozen=True, slots=True)
class GmChoice:
    """The stand-in's answer: the option index, its label, the action to submit and one line of why."""

    kind: str
    index: int
    label: str
    reason: str

    @property
    def action(self) -> Choose:
        return Choose(self.index)


def is_gm_decision(state: CombatState) -> bool:
    """True while the head decision is the GM's."""
    pending = state.pending
    return pending is not None and pending.actor == GM


def leaves_to_player(decision: PendingDecision, policy: Policy) -> bool:
    """True for a GM decision that the solo player makes themselves under this policy."""
    return decision.kind == DIFFICULTY and policy.player_sets_difficulty


def choose(state: CombatState, policy: Policy = Policy()) -> GmChoice | None:
    """The GM's answer to the pending decision; None when nothing is pending for the GM."""
    pending = state.pending
    if pending is None or pending.actor != GM:
        return None
    if pending.kind == TARGET:
        return _target(state, pending)
    if pending.kind == INJURY:
        return _uniform(state, pending, "Majors on offer (the book sets no default)")
    if pending.kind == DIFFICULTY:
        return _difficulty(pending, policy)
    if pending.kind == WORSE:
        return _worse(pending)
    return _uniform(state, pending, "options (no rule says how to choose)")


def respond(state: CombatState, policy: Policy = Policy()) -> GmChoice | None:
    """What a solo session submits for the GM now: ``choose`` minus the decisions the player keeps."""
    pending = state.pending
    if pending is None or pending.actor != GM or leaves_to_player(pending, policy):
        return None
    return choose(state, policy)


# --- targeting -------------------------------------------------------------------------------------


def harm(fighter: Fighter, amount: int) -> tuple[bool, int, int]:
    """How much a hit of ``amount`` hurts: (knocks down, HP lost past Shield, minus the HP left)."""
    lost = min(fighter.hp, max(0, amount - fighter.shield))
    return lost >= fighter.hp, lost, -(fighter.hp - lost)


def _target(state: CombatState, decision: PendingDecision) -> GmChoice:
    choice = context_of(decision, TargetChoice)
    adversary, amount = state.adversary(choice.adversary), choice.amount
    wise = state.bestiary[adversary.kind].targeting != "dimwitted"
    fighters = [state.fighter(target_of(option, FighterTarget).fighter) for option in decision.options]
    scores = [harm(f, amount) for f in fighters]
    best = max(scores) if wise else min(scores)
    index = scores.index(best)  # the earliest seat among equals
    fighter = fighters[index]
    knocked, lost, _ = best
    what = "knocks them down" if knocked else f"costs {lost} HP past Shield"
    if wise:
        reason = f"{adversary.name} is Strategic and picks the hardest blow: on {fighter.name} it {what}"
    else:
        reason = f"{adversary.name} is Dimwitted and picks the softest blow: on {fighter.name} it {what}"
    return GmChoice(decision.kind, index, decision.options[index].label, reason)


# --- difficulty --------------------------------------------------------------------------------------


def _difficulty(decision: PendingDecision, policy: Policy) -> GmChoice:
    levels = [target_of(o, DifficultyTarget).difficulty for o in decision.options]
    index = levels.index(policy.difficulty) if policy.difficulty in levels else 0
    level = levels[index]
    reason = f"the oracle sets in-fight checks at {level.title} unless you set them yourself"
    return GmChoice(decision.kind, index, decision.options[index].label, reason)


# --- Penalty ----------------------------------------------------------------------------------------


def _worse(decision: PendingDecision) -> GmChoice:
    """SKL-PENALTY: the card that reads worse (Critical Failure, Failure, Success, Critical Success from the bottom),
    the first of equals: the order the odds shown assume, so they stay exact in solo."""
    ranks = [target_of(option, ReadingTarget).rank for option in decision.options]
    index = ranks.index(min(ranks))
    label = decision.options[index].label
    return GmChoice(decision.kind, index, label, f"the worse of the two by the order of outcomes: {label}")


# --- a fair, seeded pick -------------------------------------------------------------------------------


def seed_for(state: CombatState, decision: PendingDecision) -> int:
    """A seed from the fight's random state and the decision itself; it never advances the fight's state."""
    text = "|".join((decision.kind, decision.prompt, *(o.label for o in decision.options), str(state.round)))
    return (state.rng ^ (zlib.crc32(text.encode("utf-8")) << 32) ^ zlib.crc32(text[::-1].encode("utf-8"))) & (
        (1 << 64) - 1
    )


def uniform_index(state: CombatState, decision: PendingDecision) -> int:
    """An index in ``range(len(options))``, every one equally likely over seeds (rejection sampling)."""
    _, index = rng.below(seed_for(state, decision), len(decision.options))
    return index


def _uniform(state: CombatState, decision: PendingDecision, among: str) -> GmChoice:
    """``among`` names what was drawn from: "Majors on offer (the book sets no default)"."""
    index = uniform_index(state, decision)
    label = decision.options[index].label
    reason = f"{label}, drawn at random from the {len(decision.options)} {among}"
    return GmChoice(decision.kind, index, label, reason)


@dataclass(slots=True)
class GmStandIn:
    """The stand-in as a session's responder (``Session.set_responder``); the policy may change mid-fight."""

    policy: Policy = Policy()

    def respond(self, state: CombatState) -> GmChoice | None:
        return respond(state, self.policy)
