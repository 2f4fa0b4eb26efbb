"""What each intent card would make an adversary do, for the bestiary editor: a dry run of every suit's plan by the
fight engine itself, against one fighter a zone away, so the preview can never disagree with the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import by_name
from ..fight.engine import AdversarySetup, FighterSetup, new_combat
from ..fight.intents import describe_plan, preview_intent
from .adversaries import INTENT_KEYS, AdversaryKind

TRIAL_CARD = {"Swords": "2 of Swords", "Wands": "2 of Wands", "Cups": "2 of Cups", "Pentacles": "2 of Pentacles"}
TRIAL_CARD["Major"] = "The Magician"
FIGHTER = "A fighter"


@dataclass(frozen=True, slots=True)
class SuitPreview:
    """One suit: the plan in words, and what the dry run did (``outcome``: "" for a redraw)."""

    suit: str
    plan: str
    outcome: str
    union: str = ""  # what another of its kind does instead, once one has done the plan this round


def intent_previews(kind: AdversaryKind) -> tuple[SuitPreview, ...]:
    """Every suit's plan, dry-run in a 3x3 room: ``kind`` in A1, one 20 HP fighter without Shield next to it in A2."""
    previews = []
    for suit in INTENT_KEYS:
        plan = kind.plan_for(suit)
        union = describe_plan(plan.union) if plan.union is not None else ""
        if plan.redraw_face_down:
            previews.append(SuitPreview(suit, "draws another intent, face down, instead", "", union))
            continue
        state, _ = new_combat(1, 3, [FighterSetup("you", FIGHTER, (0, 1))], [AdversarySetup(kind.id, (0, 0))],
                              {kind.id: kind})  # fmt: skip
        adversary = state.adversaries[0]
        adversary.intent, adversary.intent_hidden = by_name(TRIAL_CARD[suit]), False
        seen = preview_intent(state, adversary)
        outcome = seen.text.removeprefix(f"{seen.plan}: ") if seen is not None and seen.text != seen.plan else ""
        previews.append(SuitPreview(suit, describe_plan(plan.steps), outcome, union))
    return tuple(previews)
