"""What every ruleset in ``rules/rulesets.py`` must do, checked through ``seam.Ruleset`` alone.

Each test runs on every registered game. Reachable states come from the game's own ``sample_setup`` and random
legal play; ``action_space`` supplies actions of every shape, legal or not (for RT:0: every card id, unknown ones
included, on every bin). The everyday run draws a small fixed set of examples; ``RT0_SOAK=1`` draws many more
(``RT0_SOAK_EXAMPLES``, default 300).
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rt0table.rules.rulesets import RULESETS, ruleset
from rt0table.rules.seam import OMNISCIENT, RulesError, Ruleset
from tests.helpers.one_predicate import check_one_predicate, check_refused_changes_nothing

SOAK = os.environ.get("RT0_SOAK", "") not in ("", "0")
EXAMPLES = int(os.environ.get("RT0_SOAK_EXAMPLES", "300")) if SOAK else 6
STEPS = 60 if SOAK else 24
GAMES = sorted(RULESETS)
EXAMPLE = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
AnyRuleset = Ruleset[Any, Any, Any, Any]


def walk(rules: AnyRuleset, seed: int, steps: int = STEPS) -> Iterator[tuple[Any, Any, list[Any]]]:
    """(state, the action taken from it or None at the end, that action's events) along one random legal game."""
    draw = random.Random(seed)
    state, _ = rules.new_state(rules.sample_setup(seed), seed)
    for _ in range(steps):
        legal = list(rules.legal_actions(state))
        if rules.is_over(state) or not legal:
            break
        action = draw.choice(legal)
        after, events = rules.apply(state, action)
        yield state, action, events
        state = after
    yield state, None, []


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


seeds = st.integers(0, 2**32 - 1)


@pytest.mark.parametrize("key", GAMES)
@EXAMPLE
@given(seed=seeds)
def test_codec_round_trips_keep_the_state_hash(key: str, seed: int) -> None:
    rules = ruleset(key)
    for state, action, _ in walk(rules, seed):
        again = rules.decode_state(through_json(rules.encode_state(state)))
        assert rules.state_hash(again) == rules.state_hash(state)
        assert list(rules.legal_actions(again)) == list(rules.legal_actions(state))
        if action is not None:
            assert rules.decode_action(through_json(rules.encode_action(action))) == action


@pytest.mark.parametrize("key", GAMES)
@EXAMPLE
@given(seed=seeds)
def test_a_set_up_read_back_starts_the_same_game(key: str, seed: int) -> None:
    rules = ruleset(key)
    setup = rules.sample_setup(seed)
    again = rules.decode_setup(through_json(rules.encode_setup(setup)))
    assert rules.state_hash(rules.new_state(again, seed)[0]) == rules.state_hash(rules.new_state(setup, seed)[0])


@pytest.mark.rule("CARD-78")
@pytest.mark.parametrize("key", GAMES)
@EXAMPLE
@given(seed=seeds)
def test_refusal_is_none_exactly_for_the_legal_actions(key: str, seed: int) -> None:
    """One truth for legality: over every action of every shape (unknown card ids too), in reachable states."""
    rules = ruleset(key)
    for state, _, _ in walk(rules, seed):
        check_one_predicate(rules, state)


@pytest.mark.parametrize("key", GAMES)
@EXAMPLE
@given(seed=seeds)
def test_a_refused_action_raises_and_changes_nothing(key: str, seed: int) -> None:
    rules = ruleset(key)
    pick = random.Random(seed)
    for state, _, _ in walk(rules, seed, STEPS // 2):
        refused = [a for a in rules.action_space(state) if rules.refusal(state, a) is not None]
        check_refused_changes_nothing(rules, state, pick.sample(refused, min(len(refused), 25)))


@pytest.mark.parametrize("key", GAMES)
@EXAMPLE
@given(seed=seeds)
def test_apply_leaves_its_input_as_it_was(key: str, seed: int) -> None:
    """States are values: the state a step started from is still there to go back to (undo)."""
    rules = ruleset(key)
    for state, action, _ in walk(rules, seed):
        if action is None:
            break
        before = rules.state_hash(state)
        rules.apply(state, action)
        assert rules.state_hash(state) == before


@pytest.mark.parametrize("key", GAMES)
@EXAMPLE
@given(seed=seeds)
def test_the_same_seed_and_actions_replay_the_same_game(key: str, seed: int) -> None:
    """Deterministic replay (what saves and undo rest on): same hashes, same events, same reveals."""
    rules = ruleset(key)
    path = list(walk(rules, seed))
    state, _ = rules.new_state(rules.decode_setup(through_json(rules.encode_setup(rules.sample_setup(seed)))), seed)
    for recorded, action, events in path:
        assert rules.state_hash(state) == rules.state_hash(recorded)
        if action is None:
            break
        state, again = rules.apply(state, rules.decode_action(through_json(rules.encode_action(action))))
        assert [rules.narrate(state, e) for e in again] == [rules.narrate(state, e) for e in events]
        assert [rules.reveals(e) for e in again] == [rules.reveals(e) for e in events]


@pytest.mark.parametrize("key", GAMES)
@EXAMPLE
@given(seed=seeds)
def test_a_game_reveals_something_and_a_step_that_reveals_nothing_can_be_taken_back(key: str, seed: int) -> None:
    """Undo stops at a reveal: a game shows something early (a deal, a draw, a roll; in its opening or its first
    steps), and a step revealing nothing is taken back exactly (its state before is intact, and the same action
    from it gives the same hash: nothing hidden decided it)."""
    rules = ruleset(key)
    setup = rules.sample_setup(seed)
    _, opening = rules.new_state(setup, seed)
    revealed = any(rules.reveals(e) for e in opening)
    for state, action, events in walk(rules, seed):
        if action is None or any(rules.reveals(e) for e in events):
            revealed = revealed or action is not None
            continue
        once = rules.state_hash(rules.apply(state, action)[0])
        assert rules.state_hash(rules.apply(state, action)[0]) == once
    assert revealed, "a game shows something in its opening or first steps (a deal, a draw, a roll)"


@pytest.mark.parametrize("key", GAMES)
@EXAMPLE
@given(seed=seeds)
def test_observe_hides_without_losing_the_game(key: str, seed: int) -> None:
    """The omniscient seat sees the state itself; any seat's view encodes to JSON (its hidden cards masked, so it is
    not a state a save could hold: decoding refuses it), observing it again changes nothing, and observing never
    changes the state observed."""
    rules = ruleset(key)
    for state, _, _ in walk(rules, seed, STEPS // 2):
        before = rules.state_hash(state)
        assert rules.state_hash(rules.observe(state, OMNISCIENT)) == before
        for seat in {*rules.seats_to_act(state), "gm", "somebody-else"}:
            seen = rules.observe(state, seat)
            assert rules.state_hash(rules.observe(seen, seat)) == rules.state_hash(seen)
            assert through_json(rules.encode_state(seen)) == rules.encode_state(seen)
        assert rules.state_hash(state) == before


@pytest.mark.parametrize("key", GAMES)
@EXAMPLE
@given(seed=seeds)
def test_someone_acts_until_the_game_is_over(key: str, seed: int) -> None:
    rules = ruleset(key)
    for state, _, _ in walk(rules, seed):
        legal = list(rules.legal_actions(state))
        if rules.is_over(state):
            assert not legal and not rules.seats_to_act(state)
        else:
            assert legal and rules.seats_to_act(state)


@pytest.mark.parametrize("key", GAMES)
def test_damaged_data_is_refused_with_a_rules_error(key: str) -> None:
    rules = ruleset(key)
    for broken in (None, [], "state", {"format": "x"}, {}):
        with pytest.raises(RulesError):
            rules.decode_state(broken)
        with pytest.raises(RulesError):
            rules.decode_action(broken)
        with pytest.raises(RulesError):
            rules.decode_setup(broken)


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(RulesError, match="no game called 'chess'"):
        ruleset("chess")


@pytest.mark.parametrize("key", GAMES)
def test_every_game_is_filed_under_its_own_key(key: str) -> None:
    assert ruleset(key).key == key and ruleset(key).title
