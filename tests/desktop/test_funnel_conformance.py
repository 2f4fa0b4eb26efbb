"""The one funnel keeps the same promises for every game: random play with undos mixed in, through ``Funnel``, on
every registered ruleset and on RT:0's playthrough. An undo gives back exactly the state before the step (its hash),
never goes behind a step that revealed something, takes the stand-in's answers back with the step that called for
them, and a funnel that forgets holds nothing from before the last reveal."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot

from rt0table.desktop.saves.funnel_step import Step
from rt0table.desktop.seam_session import Funnel, Reply
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.story_seam import STORY, StorySetup
from rt0table.rules.rt0.story.tale import Story
from rt0table.rules.rulesets import RULESETS, ruleset
from rt0table.rules.seam import IllegalAction
from tests.helpers.sample_party import fool, magician, party

GAMES = sorted(RULESETS)
EXAMPLES = settings(
    max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)


class Kept:
    """A recorder that keeps the hash after every row it is given, as a save's log would."""

    def __init__(self, hash_of: Any) -> None:
        self.hash_of = hash_of
        self.rows: list[tuple[str, str]] = []

    def record(self, step: Step[Any, Any, Any], state: Any) -> None:
        self.rows.append(("action", self.hash_of(state)))

    def record_undo(self, step: Step[Any, Any, Any]) -> None:
        self.rows.append(("undo", self.hash_of(step.before)))

    def record_oracle(self, move: Any, state: Any) -> None:
        raise AssertionError("no oracle in this test")


def in_force(rows: list[tuple[str, str]]) -> list[str]:
    """The hashes of the actions in force, walking the rows as a stack (as loading a save does)."""
    stack: list[str] = []
    for kind, digest in rows:
        if kind == "undo":
            stack.pop()
        else:
            stack.append(digest)
    return stack


@pytest.mark.parametrize("key", GAMES)
@EXAMPLES
@given(seed=st.integers(0, 2**31 - 1))
def test_every_games_funnel_undoes_exactly_and_never_behind_a_reveal(qtbot: QtBot, key: str, seed: int) -> None:
    rules = ruleset(key)
    draw = random.Random(seed)
    state, _ = rules.new_state(rules.sample_setup(seed), seed)
    kept = Kept(rules.state_hash)
    funnel: Funnel[Any, Any, Any] = Funnel(rules, state, kept, forgets=draw.random() < 0.5)
    hashes = [rules.state_hash(state)]  # the hash in force after each step, oldest first
    for _ in range(40):
        legal = list(rules.legal_actions(funnel.state))
        if rules.is_over(funnel.state) or not legal:
            break
        if funnel.steps and draw.random() < 0.3:
            why, top = funnel.undo_refusal(), funnel.steps[-1]
            if why is None:
                assert not funnel.revealed(top)
                assert funnel.undo() and rules.state_hash(funnel.state) == hashes[-2]
                hashes.pop()
            else:
                assert funnel.revealed(top) and not funnel.undo() and rules.state_hash(funnel.state) == hashes[-1]
            continue
        step = funnel.play(draw.choice(legal))
        hashes.append(rules.state_hash(funnel.state))
        if funnel.forgets:
            assert funnel.steps[0] is step or not any(funnel.revealed(s) for s in funnel.steps[1:])
    assert in_force(kept.rows) == hashes[1:], "the save's rows in force are the steps in force, step for step"


def test_the_stand_ins_answers_go_back_with_the_step_that_called_for_them(qtbot: QtBot) -> None:
    start = STORY.new_state(StorySetup("solo", party(fool("Pip"), magician("Mo"))), 4)[0]
    funnel: Funnel[Story, ops.Played, Any] = Funnel(STORY, start)
    notes = iter(["the GM notes one", "the GM notes two"])

    def answer(story: Story) -> Reply[ops.Played] | None:
        if len(story.notes) % 3 == 0:
            return None
        return Reply(ops.WriteNote(next(notes, "more")))

    funnel.set_responder(answer)
    funnel.submit(ops.WriteNote("the player's"))  # the stand-in answers twice after it
    assert [n.text for n in funnel.state.notes] == ["the player's", "the GM notes one", "the GM notes two"]
    assert [s.stand_in for s in funnel.steps] == [False, True, True]
    funnel.set_responder(None)
    assert funnel.undo() and funnel.state is start and funnel.steps == []


def test_a_refused_step_leaves_the_funnel_as_it_was(qtbot: QtBot) -> None:
    start = STORY.new_state(StorySetup("solo", party(fool("Pip"))), 4)[0]
    kept = Kept(lambda story: str(len(story.notes)))
    funnel: Funnel[Story, ops.Played, Any] = Funnel(STORY, start, kept)
    said: list[str] = []
    funnel.refused.connect(said.append)
    assert not funnel.submit(ops.EditNote(3, "no such note"))
    with pytest.raises(IllegalAction):
        funnel.play(ops.DeleteNote(3))
    assert (
        funnel.state is start
        and funnel.steps == []
        and kept.rows == []
        and said == ["There is no note 3 in the journal."]
    )
