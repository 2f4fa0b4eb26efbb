"""A suggestion for the sandbox's Hint button: one reasonable next action and why, never the best play.

Pure and Qt-free. The rules of thumb: answer a pending question; finish a bin that hits something in
reach; raise Shield when an adversary means to hit; add to a bin that is on its way; walk towards the
nearest adversary when nobody is in reach (a punch beats a ranged hit); otherwise end the turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..abilities import ABILITIES
from ..cards import CARDS, Suit
from .actions import Action, Choose, EndTurn, PlayCard
from .decisions import target_of
from .engine import legal_actions
from .identity import face
from .intents import preview_intent
from .state import CombatState, Fighter, StrikeTarget, ZoneTarget
from .zones import Zone


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    text: str


def _distance(a: Zone, b: Zone) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _threatened(state: CombatState) -> bool:
    """Does some adversary's intent, as it stands, deal damage this round?"""
    for foe in state.adversaries:
        if foe.active and foe.intent is not None and not foe.intent_hidden:
            preview = preview_intent(state, foe)
            if preview is not None and preview.hits:
                return True
    return False


def _choice(state: CombatState) -> Hint | None:
    pending = state.pending
    if pending is None:
        return None
    best = 0
    if pending.kind == "strike":
        # the hardest hit, on whoever has the least HP left
        def score(index: int) -> tuple[int, int]:
            hit = target_of(pending.options[index], StrikeTarget)
            return (hit.amount, -state.adversary(hit.adversary).hp)

        best = max(range(len(pending.options)), key=score)
    elif pending.kind == "step":
        fighter = state.fighter(pending.actor)
        foes = [a.zone for a in state.adversaries if a.active]
        zones = [(i, o.value.zone) for i, o in enumerate(pending.options) if isinstance(o.value, ZoneTarget)]
        if foes and zones and fighter.zone is not None:
            best = min(zones, key=lambda pair: min(_distance(pair[1], z) for z in foes))[0]
    label = pending.options[best].label
    return Hint(Choose(best), f"Choose “{label}”.")


def _score(state: CombatState, fighter: Fighter, play: PlayCard) -> int:
    ability = ABILITIES[play.ability]
    cards = [*fighter.bins.get(play.ability, []), play.card]
    completes = ability.is_complete(state, fighter, cards)
    in_reach = any(a.active and a.zone == fighter.zone for a in state.adversaries)
    card_face = face(fighter, play.card)
    if play.ability == "unarmed_strike":
        return 100 if completes and in_reach else 65 if completes else 50 + card_face.value
    if play.ability == "defend":
        return (90 if _threatened(state) else 45) if completes else 40 + card_face.value
    if play.ability == "concentrate":
        return 80 if completes else 60
    if play.ability == "move_skill" and not in_reach and card_face.suit is not Suit.MAJOR:
        # a punch is worth walking for; low cards are the cheap ones to walk with
        return 75 if completes else max(1, 55 - card_face.value)
    return 0


def suggest(state: CombatState) -> Hint | None:
    """A next action for whoever acts now, with a sentence saying why; None once the fight is over."""
    choice = _choice(state)
    if choice is not None:
        return choice
    fighter = state.active_fighter
    if fighter is None:
        return None
    plays = [a for a in legal_actions(state) if isinstance(a, PlayCard)]
    scored = [(score, play) for play in plays if (score := _score(state, fighter, play)) > 0]
    if scored:
        _, play = max(scored, key=lambda pair: pair[0])
        preview = ABILITIES[play.ability].preview(state, fighter, play.card)
        return Hint(play, f"Try the {CARDS[play.card].name} on {ABILITIES[play.ability].name}: {preview}.")
    return Hint(EndTurn(fighter.id), "Nothing useful is left in your hand: end the turn.")
