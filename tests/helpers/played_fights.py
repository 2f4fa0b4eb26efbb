"""Fights played by a seeded random hand, for the replay viewer's tests: a timeline and every ply's state hash."""

from __future__ import annotations

import random

from rt0table.desktop.table.fight_session import Session
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.campaign import Campaign
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game, legal_actions, new_combat
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.fight.state import CombatState, Phase
from tests.helpers.fight_builders import bestiary

ROBOT_FIGHT = fp.FightPlan(21, 3, (AdversarySetup("training_robot", (2, 0)),))


def random_fight(plies: int, seed: int = 5) -> tuple[CombatState, list[Action], list[str]]:
    """A two-player fight against a robot, ``plies`` random legal actions (fewer if it ends): the opening state,
    the actions and the hash after each ply (index 0: the opening)."""
    players = [FighterSetup("a", "Ada", (0, 2)), FighterSetup("b", "Bo", (1, 2))]
    opening, _ = new_combat(seed, 3, players, [AdversarySetup("training_robot", (2, 0))], bestiary())
    game, pick = Game(opening.clone()), random.Random(seed)
    actions, hashes = [], [state_hash(opening)]
    while len(actions) < plies and game.state.phase is not Phase.OVER:
        action = pick.choice(legal_actions(game.state))
        game.push(action)
        actions.append(action)
        hashes.append(state_hash(game.state))
    return opening, actions, hashes


def play_randomly(session: Session, plies: int, seed: int = 5) -> list[str]:
    """Play a session on by a seeded random hand; the hash after each ply played."""
    pick, hashes = random.Random(seed), []
    for _ in range(plies):
        if session.state.phase is Phase.OVER:
            break
        assert session.submit(pick.choice(legal_actions(session.state)))
        hashes.append(state_hash(session.state))
    return hashes


def robot_campaign(campaign: Campaign) -> fp.FightPlan:
    """The robot fight for this campaign's party (default zones)."""
    return fp.FightPlan(ROBOT_FIGHT.seed, 3, ROBOT_FIGHT.adversaries, fp.default_zones(campaign, 3))
