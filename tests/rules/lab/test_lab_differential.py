"""The lab's fast path against the full engine, across the space the random-play test draws from.

The lab plays a fight straight on one state (``apply_unchecked``: no refusal check, no copies, no undo) and tallies
it from the events as they come. The full engine here plays the same seed and policy through ``engine.apply``
(checked, copying the state each step) and through ``Game.push`` as the table does, with the tallies counted
independently below. Every fight must end in the same state (hash), after the same actions, with the same tallies.
Every Arcana, Arcana Ability, upgrade, spell, injury, item, Eddy, adversary and room of the random-play strategy can
be drawn (its own test proves the strategy reaches each). Under ``make test-compiled`` both sides run compiled.
``RT0_SOAK=1`` draws many more examples.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rt0table.rules.rt0.fight.engine import apply, apply_unchecked
from rt0table.rules.rt0.fight.events import (
    TALLIED,
    CorruptionTaken,
    DamageDealt,
    Event,
    HealthLost,
    InjuryTaken,
    ShieldGained,
)
from rt0table.rules.rt0.fight.rt0_setup import FightSetup
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.lab.fight_row import UNFINISHED, FightRow, play_fight, replay_game, start
from rt0table.rules.rt0.lab.policies import FULL_POLICIES, POLICIES
from rt0table.rules.rt0.lab.run_spec import POLICY_NAMES, RunSpec
from tests.helpers.random_fights import fights
from tests.helpers.random_play import BESTIARY, SOAK, Fight

EXAMPLES = int(os.environ.get("RT0_SOAK_EXAMPLES", "400")) if SOAK else 24


def full_engine_row(spec: RunSpec, index: int) -> FightRow:
    """The fight on the checked, copying ``apply`` with the simulations' policies (``greedy`` from the list of
    legal actions), tallied from its events by this test's own count."""
    policy = FULL_POLICIES[spec.policy]
    state, opening = spec.setup.start(spec.fight_seed(index))
    ids = [f.id for f in state.fighters]
    foes = {a.id for a in state.adversaries}
    before = {f.id: f.corruption_gained for f in state.fighters}
    events: list[Event] = list(opening)
    actions = 0
    while state.result is None and state.round < spec.max_rounds and actions < spec.max_actions:
        state, step = apply(state, policy(state))
        events += step
        actions += 1

    def total(kind: type[Event], who: str, amount: str, owner: str) -> int:
        return sum(getattr(e, amount) for e in events if isinstance(e, kind) and getattr(e, owner) == who)

    corruption = tuple(total(CorruptionTaken, f, "amount", "fighter") for f in ids)
    assert corruption == tuple(state.fighter(f).corruption_gained - before[f] for f in ids)
    return FightRow(
        index,
        spec.fight_seed(index),
        state.result or UNFINISHED,
        state.round,
        actions,
        tuple(
            sum(e.amount for e in events if isinstance(e, DamageDealt) and e.source == f and e.target in foes)
            for f in ids
        ),
        tuple(
            sum(e.amount - e.blocked for e in events if isinstance(e, DamageDealt) and e.target == f)
            + total(HealthLost, f, "amount", "fighter")
            for f in ids
        ),
        tuple(sum(1 for e in events if isinstance(e, InjuryTaken) and e.fighter == f) for f in ids),
        corruption,
        tuple(total(ShieldGained, f, "amount", "who") for f in ids),
        state_hash(state),
    )


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(fights(), st.sampled_from(POLICY_NAMES), st.integers(0, 2**64 - 1), st.integers(0, 10**6))
def test_the_lab_plays_every_fight_as_the_full_engine_does(fight: Fight, policy: str, seed: int, index: int) -> None:
    setup = FightSetup(fight.room, fight.fighters, fight.adversaries, BESTIARY)
    spec = RunSpec(setup, policy, index + 1, seed, max_rounds=25, max_actions=40 if policy == "lookahead" else 200)
    lab = play_fight(spec, index, hashed=True)
    assert lab == full_engine_row(spec, index), f"seed={seed} index={index} policy={policy}"
    assert play_fight(spec, index, hashed=True, checked=True) == lab
    game = replay_game(spec, index)
    assert (state_hash(game.state), len(game.steps)) == (lab.state_hash, lab.actions)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(fights(), st.sampled_from(POLICY_NAMES), st.integers(0, 2**64 - 1))
def test_a_quiet_fight_makes_only_the_tallied_events_and_the_same_ones(fight: Fight, policy: str, seed: int) -> None:
    """The lab's quiet fight against the same fight on a table: its events are exactly the table's tallied ones,
    in the same order, and it ends in the same state."""
    setup = FightSetup(fight.room, fight.fighters, fight.adversaries, BESTIARY)
    quiet, heard = start(setup, seed, quiet=True)
    told, kept = setup.start(seed)
    choose = POLICIES[policy]
    actions = 0
    while quiet.result is None and quiet.round < 25 and actions < (40 if policy == "lookahead" else 200):
        action = choose(quiet)
        assert action == choose(told)
        heard += apply_unchecked(quiet, action)
        told, step = apply(told, action)
        kept += step
        actions += 1
    assert quiet.quiet and not told.quiet
    assert {type(e) for e in heard} <= TALLIED
    assert heard == [e for e in kept if type(e) in TALLIED], f"seed={seed} policy={policy}"
    assert state_hash(quiet) == state_hash(told)
