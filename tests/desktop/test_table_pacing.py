"""The paced replay re-applies no rule: every event is patched or named as off the board, and the patched
figures equal the engine's own state after every step of random fights."""

from __future__ import annotations

import random

from rt0table.desktop.table.pacing import BOARD_EVENTS, OFF_BOARD, show_event
from rt0table.rules.rt0.fight import events as ev
from rt0table.rules.rt0.fight.engine import apply, legal_actions
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.rt0_seam import sample_fight

EVENT_CLASSES = {c for c in vars(ev).values() if isinstance(c, type) and issubclass(c, ev.Event) and c is not ev.Event}


def test_every_event_class_is_patched_or_named_off_the_board() -> None:
    assert not BOARD_EVENTS & OFF_BOARD
    assert BOARD_EVENTS | OFF_BOARD == EVENT_CLASSES, sorted(
        c.__name__ for c in EVENT_CLASSES ^ (BOARD_EVENTS | OFF_BOARD)
    )


def figures(state: CombatState) -> list[object]:
    """What the board draws of each figure while a replay runs."""
    people = [(f.id, f.hp, f.shield, f.zone, tuple(f.injuries), f.dead) for f in state.fighters]
    foes = [
        (a.id, max(a.hp, 0), a.shield, a.zone, a.fate, a.intent_hidden, None if a.intent_hidden else a.intent)
        for a in state.adversaries
    ]
    return [*people, *foes]


def test_the_patched_board_ends_where_the_engine_does() -> None:
    seen: set[type[ev.Event]] = set()
    for seed in range(40):
        draw = random.Random(seed)
        state, _ = sample_fight(seed).start(seed)
        for _ in range(60):
            legal = legal_actions(state)
            if not legal:
                break
            after, events = apply(state, draw.choice(legal))
            display = state.clone()
            for event in events:
                show_event(display, event)
                seen.add(type(event))
            assert figures(display) == figures(after), (seed, [type(e).__name__ for e in events])
            state = after
    assert {ev.DamageDealt, ev.Moved, ev.IntentDrawn, ev.HealthLost} <= seen  # the walk met the board's events
