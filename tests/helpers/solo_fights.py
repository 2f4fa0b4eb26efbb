"""Solo fights for the stand-in and journal tests: house adversaries, stacked intents, a greedy player."""

from __future__ import annotations

from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.content.adversaries import AdversaryKind, bundled_bestiary
from rt0table.rules.rt0.fight.actions import Action, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game, Preparation, legal_actions, new_combat
from rt0table.rules.rt0.fight.state import GM, CombatState
from rt0table.rules.rt0.traits import Trait

HOUSE = bundled_bestiary("house.json")
PRIORITY = ("unarmed_strike", "defend", "concentrate")


def house() -> dict[str, AdversaryKind]:
    return dict(HOUSE)


def knock_down_fight(
    seed: int = 5, kind: str = "executare", card: str = "5 of Swords", mara_hp: int = 3, jun_hp: int = 12
) -> Game:
    """Mara and Jun share A1 with one house adversary whose first intent is a hit of 7 or more."""
    fighters = [
        FighterSetup("mara", "Mara", (0, 0), frozenset({Trait.STRONG})),
        FighterSetup("jun", "Jun", (0, 0)),
    ]
    prepared = Preparation(intents={f"{kind}-1": (by_name(card), False)}, hp={"mara": mara_hp, "jun": jun_hp})
    state, events = new_combat(seed, 3, fighters, [AdversarySetup(kind, (0, 0))], house(), prepared=prepared)
    return Game(state, events)


def skill_check_fight(seed: int = 5) -> Game:
    """Mara alone, two cards short of a full Movement / Skill bin, beside an Executare."""
    fighters = [FighterSetup("mara", "Mara", (1, 1))]
    prepared = Preparation(hands={"mara": (by_name("2 of Cups"), by_name("3 of Cups"))})
    state, events = new_combat(seed, 3, fighters, [AdversarySetup("executare", (0, 0))], house(), prepared=prepared)
    return Game(state, events)


def greedy(state: CombatState) -> Action:
    """The player's side: strike, defend, concentrate, else end the turn; first option of a player's choice."""
    actions = legal_actions(state)
    pending = state.pending
    if pending is not None:
        assert pending.actor != GM, "the stand-in answers the GM's decisions"
        return Choose(0)
    for ability in PRIORITY:
        for action in actions:
            if isinstance(action, PlayCard) and action.ability == ability:
                return action
    return next(a for a in actions if isinstance(a, EndTurn))
