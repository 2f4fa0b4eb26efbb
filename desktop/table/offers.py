"""What the engine offers beyond playing cards: activations (``Activate``) and Arcana Abilities to bring in
(``AddAbility``), read from ``legal_actions`` with the words to show for each. No rule is decided here.
"""

from __future__ import annotations

from dataclasses import dataclass

from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.fight.actions import Action, Activate, AddAbility
from rt0table.rules.rt0.fight.engine import legal_actions
from rt0table.rules.rt0.fight.state import CombatState

ADD_COST = 1  # Corruption for an Arcana Ability brought in mid-fight (CMB-CHOOSE-ABILITIES)


@dataclass(frozen=True)
class Offer:
    action: Action
    label: str  # what the button says
    detail: str = ""  # the line under it (an ability's summary)


@dataclass(frozen=True)
class Offers:
    activations: dict[str, list[Offer]]  # ability id -> its activations, in the engine's order
    additions: list[Offer]

    def for_ability(self, ability: str) -> list[Offer]:
        return self.activations.get(ability, [])

    @property
    def every_activation(self) -> list[Offer]:
        return [offer for offers in self.activations.values() for offer in offers]


NONE = Offers({}, [])


def offers(state: CombatState, actions: list[Action] | None = None) -> Offers:
    """The activations and additions among the legal actions, labelled as the abilities word them."""
    fighter = state.active_fighter
    if fighter is None or state.pending is not None:
        return NONE
    actions = legal_actions(state) if actions is None else actions
    labels: dict[str, list[str]] = {}
    activations: dict[str, list[Offer]] = {}
    additions: list[Offer] = []
    for action in actions:
        if isinstance(action, Activate):
            if action.ability not in labels:
                labels[action.ability] = ABILITIES[action.ability].activations(state, fighter)
            words = labels[action.ability]
            label = words[action.option] if action.option < len(words) else ABILITIES[action.ability].name
            activations.setdefault(action.ability, []).append(Offer(action, label))
        elif isinstance(action, AddAbility):
            rule = ABILITIES[action.ability]
            additions.append(Offer(action, rule.name, rule.summary))
    return Offers(activations, additions)
