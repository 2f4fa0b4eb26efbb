"""A lab fight starts from exactly the state ``FightSetup.start`` gives, though its seed-free part is built once.

``fight_row.start`` lays out a set-up's room, fighters, bins, marks, unshuffled decks and adversaries once
(``engine.combat_table``) and opens a clone of it for each seed (``engine.open_combat``). Across the random-play
space, and for several seeds in turn on one set-up (so a fight played on one clone cannot leak into the next), the
opening state must encode to the same value and hash, with the same opening events. The options the rules now keep
(Second Sight's, a plain strike's) must equal the ones built afresh.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rt0table.rules.rt0.abilities.priestess import _sight_options
from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.cli.simulation import brick
from rt0table.rules.rt0.fight.effects import strike_options
from rt0table.rules.rt0.fight.engine import apply_unchecked
from rt0table.rules.rt0.fight.rt0_setup import FightSetup
from rt0table.rules.rt0.fight.serialize import encode, state_hash
from rt0table.rules.rt0.fight.state import CardsTarget, CombatState, Option, StrikeTarget
from rt0table.rules.rt0.lab import fight_row
from tests.helpers.random_fights import fights
from tests.helpers.random_play import BESTIARY, SOAK, Fight
from tests.rules.lab.lab_fixtures import SETUP

EXAMPLES = int(os.environ.get("RT0_SOAK_EXAMPLES", "400")) if SOAK else 16


def _same_opening(setup: FightSetup, seed: int) -> CombatState:
    state, events = fight_row.start(setup, seed)
    fresh, fresh_events = setup.start(seed)
    assert encode(state) == encode(fresh)
    assert state_hash(state) == state_hash(fresh)
    assert events == fresh_events
    return state


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights(), st.booleans(), st.integers(0, 9), st.lists(st.integers(0, 2**64 - 1), min_size=2, max_size=3))
def test_a_lab_fight_opens_as_the_set_up_starts_it(fight: Fight, practice: bool, day: int, seeds: list[int]) -> None:
    setup = FightSetup(fight.room, fight.fighters, fight.adversaries, BESTIARY, practice, day)
    for seed in [*seeds, seeds[0]]:  # the first seed again after the others: the kept table is unchanged
        state = _same_opening(setup, seed)
        for _ in range(12):  # play on the clone: nothing of it may reach the table the next fight clones
            if state.result is not None:
                break
            apply_unchecked(state, brick(state))


def test_a_new_set_up_gets_its_own_table() -> None:
    other = FightSetup(SETUP.room_size, SETUP.fighters[:2], SETUP.adversaries[:1], SETUP.bestiary)
    for setup in (SETUP, other, SETUP):
        _same_opening(setup, 11)


def test_kept_strike_options_are_the_ones_built_afresh() -> None:
    state, _ = SETUP.start(3)
    fighter, laborer = state.fighters[0], state.adversaries[0]
    laborer.zone = fighter.zone
    expected = Option(f"4 ranged damage to {laborer.name}", StrikeTarget(laborer.id, 4, True, False))
    assert strike_options(state, fighter, 4, True, False)[0] == expected
    assert strike_options(state, fighter, 4, True, False)[0] == expected  # kept, the same value
    laborer.name = "Big Lou"  # the same id under another name (another fight's set-up) is not mistaken for it
    assert strike_options(state, fighter, 4, False, True)[0].label == "4 magic damage to Big Lou"
    assert strike_options(state, fighter, 4, True, False)[0].label == "4 ranged damage to Big Lou"
    laborer.shield = 1  # a landing note: built each time, never kept
    assert (
        strike_options(state, fighter, 4, True, False)[0].label
        == "4 ranged damage to Big Lou: 3 lands (Shield blocks 1)"
    )
    laborer.shield = 0
    assert strike_options(state, fighter, 4, True, False)[0].label == "4 ranged damage to Big Lou"


def test_kept_second_sight_options_are_the_ones_built_afresh() -> None:
    last = len(CARDS) - 1
    for top in ([5, last], [last, 5], [0, 1], [1, 0], [0], [1], [last]):  # each key once, then again
        names = [CARDS[c].name for c in top]
        expected = [Option(f"Draw only {name}", CardsTarget((i,))) for i, name in enumerate(names)]
        if len(top) == 2:
            expected.insert(0, Option(f"Draw both: {names[0]} and {names[1]}", CardsTarget((0, 1))))
        expected.append(Option("Draw neither", CardsTarget(())))
        assert _sight_options(top) == expected
        assert _sight_options(top) == expected
