"""Shared by the tests and their child processes: a fight from the bundled book, played at random."""

from __future__ import annotations

import random

from rt0table.desktop.saves import Recorder
from rt0table.rules.rt0.content.adversaries import bundled_bestiary
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.traits import Trait


def book_setup(seed: int = 7) -> CombatSetup:
    bestiary = bundled_bestiary("book.json")
    return CombatSetup(
        seed=seed,
        room_size=3,
        fighters=(
            FighterSetup("mara", "Mara", (0, 0), frozenset({Trait.STRONG})),
            FighterSetup("jo", "Jo", (1, 1)),
        ),
        adversaries=(AdversarySetup("laborer", (2, 2)), AdversarySetup("training_robot", (2, 1))),
        bestiary=bestiary,
    )


def play_random(game: Game, recorder: Recorder, rnd: random.Random, steps: int, undo_rate: float = 0.15) -> int:
    """Play up to ``steps`` random legal actions (sometimes undoing one), recording each; returns rows written."""
    written = 0
    for _ in range(steps):
        if game.can_undo() and rnd.random() < undo_rate:
            game.undo()
            recorder.record_undo(game.state)
        else:
            actions = game.legal_actions()
            if not actions:
                break
            action = rnd.choice(actions)
            game.push(action)
            recorder.record(action, game.state)
        written += 1
    return written
