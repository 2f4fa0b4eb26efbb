"""The Magician's Arcana Abilities (MAG-*)."""

from __future__ import annotations

from ..cards import TOWER, CardId, Suit
from ..decisions import ask, resolver
from ..effects import damage_adversary, discard_ability, draw, take_corruption
from ..events import Event
from ..intents import redraw_intent
from ..state import CombatState, Fighter, Option, PendingDecision
from ..traits import Arcana
from .base import Ability, Progress

CHITS = "chits"  # marks key: empty Credit chits gained this fight (ITM-CREDITS)


class CheckBehindYourEars(Ability):
    """MAG-CHECK-EARS, upgraded by Miser's Dream (MAG-MISERS-DREAM)."""

    id = "check_behind_your_ears"
    name = "Check Behind Your Ears"
    summary = (
        "Any Pentacle, discarded at once: 1 damage to an adversary in your zone, which must redraw its intent, "
        "and you pocket an empty Credit chit. Miser's Dream: you may also draw a card (The Tower costs 1 Corruption)."
    )
    suits = (Suit.PENTACLES,)
    arcana = Arcana.MAGICIAN
    upgrade = "Miser's Dream"

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), 1, "cards")

    def effect_text(self, fighter: Fighter) -> str:
        return "1 damage and a redrawn intent, plus a Credit chit"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = discard_ability(state, fighter, self.id, events, fired=True)
        self.announce(fighter, cards, events)
        fighter.marks[CHITS] = fighter.marks.get(CHITS, 0) + 1
        targets = [a for a in state.adversaries if a.active and a.zone == fighter.zone]
        options = [Option(f"1 damage to {a.name}; it redraws its intent", (a.id,)) for a in targets]
        ask(state, "ears", fighter.id, "Whose ear hides the coin?", options, events)
        if self.id in fighter.upgrades:
            options = [Option("Draw a card", (True,)), Option("Don't draw", (False,))]
            ask(state, "misers-dream", fighter.id, "Miser's Dream: draw a card?", options, events)


@resolver("ears")
def _ears(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    adversary = state.adversary(option.value[0])
    damage_adversary(state, fighter, adversary, 1, False, False, events)
    if adversary.active:
        redraw_intent(state, adversary, events)


@resolver("misers-dream")
def _misers_dream(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    if not option.value[0]:
        return
    fighter = state.fighter(decision.actor)
    drawn = draw(state, fighter, 1, events)
    if TOWER in drawn:
        take_corruption(fighter, 1, "Miser's Dream drew The Tower", events)
