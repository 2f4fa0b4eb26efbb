"""A lesson as a ruleset over the bare fight (``content/lesson_rules.py``): one predicate, the lesson's own words.

Every bundled lesson is walked from its seed by random moves its rules allow, moving the lesson on as the runner does;
in every state the lesson's ``legal_actions`` is exactly what its ``refusal`` accepts over RT:0's actions of every
shape, a refused action raises that refusal and changes nothing, and what the rules allow is the fight's moves the
step allows.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rt0table.assets import path
from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.content.lesson import Lesson, Verdict, load_lesson, replay
from rt0table.rules.rt0.content.lesson_rules import EXPLAIN_ONLY, LessonRules
from rt0table.rules.rt0.fight import engine
from rt0table.rules.rt0.fight.actions import Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.rt0_seam import RT0
from tests.helpers.fight_builders import bestiary
from tests.helpers.one_predicate import check_one_predicate, check_refused_changes_nothing

LESSONS = {
    file.stem: load_lesson(file.read_text("utf-8"), file.name, bestiary()) for file in path("lessons").glob("*.toml")
}
MOVES = 40  # past the longest script, into the fight it leaves


def at_step(lesson: Lesson, index: int) -> tuple[LessonRules, CombatState]:
    return LessonRules(lesson, index), replay(lesson, bestiary(), index).game.state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(LESSONS)), seed=st.integers(0, 2**32 - 1))
def test_a_lessons_legal_actions_are_exactly_what_its_refusal_accepts(name: str, seed: int) -> None:
    lesson, draw = LESSONS[name], random.Random(seed)
    rules, state = at_step(lesson, 0)
    for _ in range(MOVES):
        legal = check_one_predicate(rules, state)
        fight = engine.legal_actions(state)
        assert set(legal) <= set(fight), "a lesson allows nothing the fight does not"
        off = [a for a in fight if a not in legal]
        check_refused_changes_nothing(rules, state, draw.sample(off, min(len(off), 8)))
        step = rules.step
        if step is not None and not lesson.sandbox and not step.free:
            said = EXPLAIN_ONLY if step.explain_only else step.off_script
            for action in off:  # refused in the lesson's words, not the fight's
                why = rules.refusal(state, action)
                assert why is not None and (why == said if said else why.startswith("This step asks you to ")), why
        else:
            assert legal == fight, "a free step, the sandbox and the fight after the script allow what the fight does"
        if step is not None and step.explain_only and not lesson.sandbox:
            assert legal == []
            rules = rules.read()
            continue
        if not legal:
            break
        action = draw.choice(legal)
        after, _ = rules.apply(state, action)
        verdict = rules.verdict(state, action, after)
        assert verdict is not Verdict.OFF
        rules, state = rules.moved_on(verdict, action), after


def test_a_scripted_step_allows_its_action_alone_and_says_what_it_asks() -> None:
    lesson = LESSONS["01_strike_and_defend"]
    rules, state = at_step(lesson, 1)
    seven = PlayCard("sam", by_name("7 of Wands"), "unarmed_strike")
    assert rules.legal_actions(state) == [seven]
    three = PlayCard("sam", by_name("3 of Swords"), "unarmed_strike")
    assert RT0.refusal(state, three) is None  # the fight allows it
    assert rules.refusal(state, three) == "Unarmed Strike takes Wands and Swords, and the 7 of Wands gets it started."
    assert rules.refusal(state, EndTurn("sam")) == rules.refusal(state, three)
    wrong_bin = PlayCard("sam", by_name("3 of Swords"), "defend")
    assert rules.refusal(state, wrong_bin) == RT0.refusal(state, wrong_bin)  # the fight's refusal comes first
    after, _ = rules.apply(state, seven)
    rules = rules.moved_on(rules.verdict(state, seven, after), seven)
    assert rules.index == 2 and not rules.lesson.steps[2].off_script
    assert rules.refusal(after, EndTurn("sam")) == "This step asks you to put the 3 of Swords on Unarmed Strike."


def test_a_goal_step_allows_every_route_to_the_goal_and_refuses_the_rest() -> None:
    lesson = LESSONS["07_fool_wildcard"]
    rules, state = at_step(lesson, 3)  # name the card The Fool stands for: anything that fires Unarmed Strike
    assert state.pending is not None and state.pending.kind == "wildcard"
    legal = rules.legal_actions(state)
    assert Choose(3) in legal and 1 < len(legal) < len(RT0.legal_actions(state))
    for action in RT0.legal_actions(state):
        after, _ = engine.apply(state, action)
        fires = after.pending is not None and after.pending.kind == "strike"
        assert (action in legal) == fires, action
        if not fires:
            assert rules.refusal(state, action) == lesson.steps[3].off_script
    bigger = next(a for a in legal if a != Choose(3))  # not the scripted choice, but it reaches the goal too
    rules.apply(state, bigger)
    assert rules.verdict(state, bigger) is Verdict.DONE and rules.moved_on(Verdict.DONE, bigger).index == 4


def test_a_free_step_the_sandbox_and_the_end_allow_what_the_fight_allows() -> None:
    lesson = LESSONS["01_strike_and_defend"]
    state = at_step(lesson, 1)[1]
    free = replace(lesson, steps=tuple(replace(s, free=True) if s.number == 2 else s for s in lesson.steps))
    three = PlayCard("sam", by_name("3 of Swords"), "unarmed_strike")
    free_rules = LessonRules(free, 1)
    assert free_rules.legal_actions(state) == RT0.legal_actions(state)
    assert free_rules.verdict(state, three) is Verdict.FOLLOWED
    assert free_rules.moved_on(Verdict.FOLLOWED, three) == free_rules
    ended = LessonRules(lesson, len(lesson.steps))
    assert ended.step is None and ended.legal_actions(state) == RT0.legal_actions(state)
    sandbox = LESSONS["06_sandbox"]
    rules, state = at_step(sandbox, 0)
    assert rules.step is not None and rules.step.explain_only
    assert rules.legal_actions(state) == RT0.legal_actions(state)  # acting at once ends its opening words
    first = rules.legal_actions(state)[0]
    assert rules.moved_on(rules.verdict(state, first), first).step is None


@pytest.mark.parametrize("name", sorted(n for n, lesson in LESSONS.items() if not lesson.sandbox))
def test_the_script_itself_is_never_refused(name: str) -> None:
    lesson = LESSONS[name]
    rules, state = at_step(lesson, 0)
    for step in lesson.steps:
        assert rules.step == step
        if step.explain_only:
            rules = rules.read()
            continue
        for action in step.do:
            assert rules.refusal(state, action) is None, (step.number, action)
            after, _ = rules.apply(state, action)
            rules, state = rules.moved_on(rules.verdict(state, action, after), action), after
    assert rules.step is None
