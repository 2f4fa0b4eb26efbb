"""Small builders for rules tests: a bestiary, a fight, and stacking cards by name."""

from __future__ import annotations

from rt0table.assets import path
from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.content.adversaries import AdversaryKind, load_bestiary
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, new_combat
from rt0table.rules.rt0.fight.state import CombatState, Fighter

BOOK = load_bestiary(path("adversaries", "book.json").read_text(encoding="utf-8"), "book.json")


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
