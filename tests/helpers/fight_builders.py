"""Small builders for rules tests: a bestiary, a fight, cards given or stacked by name, a decision answered."""

from __future__ import annotations

from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.content.adversaries import AdversaryKind, bundled_bestiary
from rt0table.rules.rt0.fight.actions import Choose
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, apply, new_combat
from rt0table.rules.rt0.fight.events import Event
from rt0table.rules.rt0.fight.state import CombatState, Fighter

BOOK = bundled_bestiary("book.json")


def bestiary() -> dict[str, AdversaryKind]:
    return dict(BOOK)


def fight(fighters: list[FighterSetup], adversaries: list[AdversarySetup], seed: int = 3, room: int = 3) -> CombatState:
    state, _ = new_combat(seed, room, fighters, adversaries, bestiary())
    return state


def give(state: CombatState, fighter: Fighter, *names: str) -> list[int]:
    """Put named cards in the fighter's hand, taking them from wherever they are in the fighter's pile."""
    pile = state.piles[fighter.pile]
    cards = [by_name(name) for name in names]
    for card in cards:
        for place in (pile.draw, pile.discard, fighter.hand):
            if card in place:
                place.remove(card)
                break
        fighter.hand.append(card)
    return cards


def choose(state: CombatState, text: str) -> tuple[CombatState, list[Event]]:
    """Answer the pending decision with the option whose label contains ``text``."""
    assert state.pending is not None, f"nothing pending to answer with {text!r}"
    labels = [o.label for o in state.pending.options]
    matches = [i for i, label in enumerate(labels) if label == text] or [
        i for i, label in enumerate(labels) if text in label
    ]
    assert len(matches) == 1, f"{text!r} among {labels}"
    return apply(state, Choose(matches[0]))


def stack(state: CombatState, fighter: Fighter, *names: str) -> list[int]:
    """Put named cards on top of the fighter's deck; the first named is drawn first."""
    pile = state.piles[fighter.pile]
    cards = [by_name(name) for name in names]
    for card in cards:
        for place in (pile.draw, pile.discard, fighter.hand):
            if card in place:
                place.remove(card)
    pile.draw.extend(reversed(cards))
    return cards


def drill(zone: tuple[int, int] = (0, 0), room: int = 1) -> tuple[CombatState, str]:
    state, _ = new_combat(
        4, room, [FighterSetup("mara", "Mara", zone)], [AdversarySetup("training_robot", (0, 0))], BOOK
    )
    return state, "training_robot-1"
