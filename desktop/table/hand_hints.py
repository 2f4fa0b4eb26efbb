"""What the hand can do right now, read once per step: which cards each bin takes, which would make it fire, and
which cards are playable at all. The engine's legal actions and each ability's own completion test decide; the
table only lights cards from these sets, so hovering a bin or dragging a card asks the rules nothing."""

from __future__ import annotations

from dataclasses import dataclass

from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.cards import CardId
from rt0table.rules.rt0.fight.actions import Action, PlayCard
from rt0table.rules.rt0.fight.engine import legal_actions
from rt0table.rules.rt0.fight.state import CombatState


@dataclass(frozen=True)
class HandHints:
    takes: dict[str, frozenset[CardId]]  # ability id -> the hand cards it takes now
    completes: dict[str, frozenset[CardId]]  # ability id -> the hand cards that would make it fire

    @property
    def playable(self) -> frozenset[CardId]:
        """Every hand card some bin takes now."""
        return frozenset(card for cards in self.takes.values() for card in cards)


NO_HINTS = HandHints({}, {})


def hand_hints(state: CombatState, actions: list[Action] | None = None) -> HandHints:
    """The active fighter's plays, by bin; none while a decision is pending or nobody's turn is on."""
    fighter = state.active_fighter
    if fighter is None or state.pending is not None:
        return NO_HINTS
    found = legal_actions(state) if actions is None else actions
    takes: dict[str, set[CardId]] = {}
    completes: dict[str, set[CardId]] = {}
    for action in found:
        if not isinstance(action, PlayCard) or action.fighter != fighter.id:
            continue
        takes.setdefault(action.ability, set()).add(action.card)
        cards = [*fighter.bins.get(action.ability, []), action.card]
        if ABILITIES[action.ability].is_complete(state, fighter, cards):  # the test the engine settles a bin by
            completes.setdefault(action.ability, set()).add(action.card)
    return HandHints({a: frozenset(c) for a, c in takes.items()}, {a: frozenset(c) for a, c in completes.items()})
