"""The engine announces each decision once, when it comes up: never twice, and never one that is not pending."""

from __future__ import annotations

import random

from rt0table.rules.rt0.fight.engine import apply, legal_actions
from rt0table.rules.rt0.fight.events import DecisionMade, DecisionRequested
from rt0table.rules.rt0.rt0_seam import sample_fight


def test_each_decision_is_announced_once_in_random_fights() -> None:
    asked = 0
    for seed in range(60):
        draw = random.Random(seed)
        state, events = sample_fight(seed).start(seed)
        announced = False
        for _ in range(80):
            for event in events:
                if isinstance(event, DecisionRequested):
                    assert not announced, (seed, event)  # a second announcement before the first was answered
                    announced, asked = True, asked + 1
                elif isinstance(event, DecisionMade):
                    announced = False
            pending = state.pending
            assert announced == (pending is not None), seed
            legal = legal_actions(state)
            if not legal:
                break
            state, events = apply(state, draw.choice(legal))
    assert asked > 50  # the fights asked plenty
