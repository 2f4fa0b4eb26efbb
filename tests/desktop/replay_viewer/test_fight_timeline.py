"""The replay viewer's timeline gives the state after any ply exactly, forward, back and across checkpoints."""

from __future__ import annotations

from rt0table.desktop.replay_viewer.fight_timeline import EVERY, FightTimeline
from rt0table.rules.rt0.fight.serialize import state_hash
from tests.helpers.played_fights import random_fight


def test_every_ply_of_a_long_fight_comes_back_exactly_in_any_order() -> None:
    opening, actions, hashes = random_fight(EVERY * 2 + 17)
    timeline = FightTimeline(opening, actions)
    assert len(timeline) == len(actions) > EVERY * 2
    assert set(timeline.checkpoints) == {0, EVERY, 2 * EVERY}
    for ply in (len(actions), 0, EVERY, EVERY - 1, EVERY + 1, 2 * EVERY + 3, 5, len(actions) - 1):
        assert state_hash(timeline.state_at(ply)) == hashes[ply], ply
    assert state_hash(timeline.state_at(10_000)) == hashes[-1]  # clamped to the ends
    assert state_hash(timeline.state_at(-3)) == hashes[0]


def test_a_step_gives_the_states_either_side_and_the_shown_states_are_copies() -> None:
    opening, actions, hashes = random_fight(30)
    timeline = FightTimeline(opening, actions)
    before, after, events = timeline.step(12)
    assert state_hash(before) == hashes[11] and state_hash(after) == hashes[12] and events
    shown = timeline.state_at(12)
    shown.round += 5  # a viewer that changed what it was shown changes nothing kept
    assert state_hash(timeline.state_at(12)) == hashes[12]
    assert len(timeline.lines) == len(actions) + 1
    assert (
        timeline.lines_upto(len(actions))[-len(timeline.lines[-1]) :] == list(timeline.lines[-1])
        or not timeline.lines[-1]
    )
