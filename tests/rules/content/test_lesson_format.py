"""Lesson files (docs/lesson-format.md): parsing, validation errors naming file, step and field, judging
the player's action, explanations filled from events, the replay from the seed, and the sandbox's hints."""

from __future__ import annotations

import pytest

from rt0table.assets import path
from rt0table.assets.bundled import bundled_text
from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.content.lesson import (
    LessonError,
    Verdict,
    judge,
    load_lesson,
    parse_lesson,
    render,
    replay,
    validate_lesson,
)
from rt0table.rules.rt0.content.scenario import observe
from rt0table.rules.rt0.fight.actions import Choose, EndTurn, PlayCard, parse_action
from rt0table.rules.rt0.fight.engine import apply
from rt0table.rules.rt0.fight.hints import suggest
from tests.helpers.fight_builders import bestiary

HEAD = """
seed = 5
[lesson]
title = "Test"
[[fighters]]
id = "sam"
zone = "B2"
[[adversaries]]
kind = "laborer"
zone = "B2"
intent = "8 of Swords"
[deck]
sam = ["7 of Wands", "3 of Swords", "6 of Cups", "4 of Pentacles", "2 of Cups"]
"""

STEP = """
[[teach]]
say = "Put the 7 of Wands on Unarmed Strike."
highlight = ["card:7 of Wands", "bin:unarmed_strike"]
do = 'play sam "7 of Wands" unarmed_strike'
after = "Now {sam.bins.unarmed_strike.count} card waits there."
"""


def lesson_text(*steps: str) -> str:
    return HEAD + "".join(steps)


def error_of(text: str) -> str:
    with pytest.raises(LessonError) as caught:
        load_lesson(text, "lesson.toml", bestiary())
    return str(caught.value)


def test_every_bundled_lesson_validates() -> None:
    files = sorted(path("lessons").glob("*.toml"))
    assert len(files) >= 6
    for file in files:
        lesson = load_lesson(file.read_text(encoding="utf-8"), file.name, bestiary())
        assert lesson.title and (lesson.steps or lesson.sandbox)
        assert all(step.say.strip() for step in lesson.steps)


def test_a_good_lesson_parses_into_steps() -> None:
    lesson = load_lesson(lesson_text(STEP), "lesson.toml", bestiary())
    (step,) = lesson.steps
    assert step.do == (parse_action('play sam "7 of Wands" unarmed_strike'),)
    assert [str(h) for h in step.highlight] == ["card:7 of Wands", "bin:unarmed_strike"]
    assert not step.explain_only


@pytest.mark.parametrize(
    ("step", "message"),
    [
        (
            '[[teach]]\nsay = "Look."\nhighlight = ["bn:defend"]\n',
            "lesson.toml: step 1: highlight[0]: unknown highlight target 'bn:defend'",
        ),
        (
            '[[teach]]\nsay = "Look."\nhighlight = ["bin:parry"]\n',
            "lesson.toml: step 1: highlight[0]: 'parry' is not an ability id",
        ),
        (
            '[[teach]]\nsay = "Look."\nhighlight = ["card:9 of Wands"]\n',
            "lesson.toml: step 1: highlight[0]: 9 of Wands is not in the hand on the table at this point",
        ),
        (
            '[[teach]]\nsay = "Look."\nhighlight = ["option:0"]\n',
            "lesson.toml: step 1: highlight[0]: option 0 is not offered",
        ),
        (
            '[[teach]]\nsay = "Look."\nhighlight = ["adversary:robot-1"]\n',
            "lesson.toml: step 1: highlight[0]: no adversary 'robot-1'",
        ),
        (
            '[[teach]]\nsay = "Defend."\ndo = \'play sam "7 of Wands" defend\'\n',
            "lesson.toml: step 1: do: the action play sam '7 of Wands' defend is not legal at this point: Defend",
        ),
        (
            '[[teach]]\nsay = "Hit."\ndo = "choose 0"\n',
            "lesson.toml: step 1: do: the action choose 0 is not legal at this point",
        ),
        ('[[teach]]\nsay = "Hit."\ndo = "punch sam"\n', "lesson.toml: step 1: do: cannot read action"),
        ('[[teach]]\nsay = ""\n', "lesson.toml: step 1: say: must be a text (it is required)"),
        ('[[teach]]\nsay = "Look."\nwait = 3\n', "lesson.toml: step 1: wait: is not a known key"),
        ('[[teach]]\nsay = "Look."\nafter = "Nice."\n', "lesson.toml: step 1: do: only a step with a scripted action"),
        (
            STEP.replace("{sam.bins.unarmed_strike.count}", "{sam.luck}"),
            "lesson.toml: step 1: after: unknown placeholder {sam.luck}",
        ),
        (
            STEP + 'goal = { "laborer-1.hp" = 3 }\n',
            "lesson.toml: step 1: goal: laborer-1.hp = 3 does not hold after the scripted actions (it is 20)",
        ),
        ('[[teach]]\nsay = "Look."\nany_of = ["end sam"]\n', "lesson.toml: step 1: do: only a step with a scripted"),
    ],
)
def test_validation_errors_name_the_file_the_step_and_the_field(step: str, message: str) -> None:
    assert error_of(lesson_text(step)).startswith(message)


def test_file_level_errors() -> None:
    no_meta = HEAD.replace('[lesson]\ntitle = "Test"\n', "")
    assert error_of(no_meta).startswith("lesson.toml: lesson: a lesson file needs")
    assert error_of(HEAD).startswith("lesson.toml: teach: a lesson needs at least one [[teach]] step")
    assert error_of(HEAD.replace('title = "Test"', 'title = "Test"\ncolour = 3') + STEP).startswith(
        "lesson.toml: lesson.colour: is not a known key"
    )
    assert error_of(HEAD.replace('zone = "B2"', 'zone = "Z9"', 1) + STEP).startswith("lesson.toml: fighters[0].zone")
    finish = HEAD.replace('title = "Test"', 'title = "Test"\nfinish = { "sam.hp" = 3 }') + STEP
    assert error_of(finish).startswith("lesson.toml: lesson.finish: sam.hp = 3 does not hold at the end of the script")
    sandbox = HEAD.replace('title = "Test"', 'title = "Test"\nsandbox = true') + STEP
    assert error_of(sandbox).startswith("lesson.toml: step 1: do: a sandbox's steps only explain")


def test_judging_the_players_action() -> None:
    text = lesson_text(
        STEP,
        '[[teach]]\nsay = "Any card on Movement."\ndo = \'play sam "2 of Cups" move_skill\'\n'
        'any_play_on = "move_skill"\n',
    )
    lesson = parse_lesson(text, "lesson.toml")
    start = replay(lesson, bestiary(), 0).game.state
    first, second = lesson.steps
    scripted = first.do[0]
    after, _ = apply(start, scripted)
    assert judge(first, [], scripted, after) is Verdict.DONE
    wrong = PlayCard("sam", by_name("3 of Swords"), "unarmed_strike")
    assert judge(first, [], wrong, apply(start, wrong)[0]) is Verdict.OFF
    free = type(first)(**{**{f: getattr(first, f) for f in first.__dataclass_fields__}, "free": True})
    assert judge(free, [], wrong, apply(start, wrong)[0]) is Verdict.FOLLOWED
    other = PlayCard("sam", by_name("6 of Cups"), "move_skill")
    assert judge(second, [], other, apply(start, other)[0]) is Verdict.DONE
    two = type(first)(
        **{
            **{f: getattr(first, f) for f in first.__dataclass_fields__},
            "do": (scripted, PlayCard("sam", by_name("3 of Swords"), "unarmed_strike")),
        }
    )
    assert judge(two, [], scripted, after) is Verdict.PROGRESS


def test_a_goal_accepts_another_route() -> None:
    text = lesson_text(
        STEP,
        '[[teach]]\nsay = "Make 10."\ndo = \'play sam "3 of Swords" unarmed_strike\'\ngoal = { pending = "strike" }\n',
    )
    lesson = load_lesson(text, "lesson.toml", bestiary())
    state = replay(lesson, bestiary(), 1).game.state
    assert judge(lesson.steps[1], [], lesson.steps[1].do[0], apply(state, lesson.steps[1].do[0])[0]) is Verdict.DONE


def test_explanations_quote_the_events_and_the_state() -> None:
    lesson = load_lesson(lesson_text(STEP), "lesson.toml", bestiary())
    game = replay(lesson, bestiary(), 1).game
    events = game.push(PlayCard("sam", by_name("3 of Swords"), "unarmed_strike"))
    events += game.push(Choose(0))
    assert render("{damage} damage, {laborer-1.hp} HP left", game.state, events) == "5 damage, 15 HP left"
    game.push(PlayCard("sam", by_name("6 of Cups"), "defend"))
    events = game.push(PlayCard("sam", by_name("4 of Pentacles"), "defend"))
    events += game.push(EndTurn("sam"))
    assert render("{taken} {soaked} {lost} {sam.hp} {round}", game.state, events) == "8 5 3 17 2"


def test_replay_rebuilds_the_same_fight_from_the_seed() -> None:
    lesson = load_lesson(bundled_text("lessons", "01_strike_and_defend.toml"), "01", bestiary())
    once, twice = replay(lesson, bestiary(), 4), replay(lesson, bestiary(), 4)
    assert observe(once.game.state, "laborer-1.hp") == 15
    assert once.game.state == twice.game.state
    assert [i for i, _ in once.actions] == [1, 2, 3]


def test_hints_answer_questions_and_prefer_a_finishing_blow() -> None:
    lesson = load_lesson(lesson_text(STEP), "lesson.toml", bestiary())
    game = replay(lesson, bestiary(), 1).game
    hint = suggest(game.state)
    assert hint is not None
    assert hint.action == PlayCard("sam", by_name("3 of Swords"), "unarmed_strike")
    assert "completes Unarmed Strike" in hint.text
    game.push(hint.action)
    hint = suggest(game.state)
    assert hint is not None and hint.action == Choose(0) and "5 damage" in hint.text


def test_validation_does_not_change_the_lesson() -> None:
    lesson = parse_lesson(lesson_text(STEP), "lesson.toml")
    validate_lesson(lesson, bestiary())
    validate_lesson(lesson, bestiary())


@pytest.mark.rule("ITM-TRASH-CAN-LID")
def test_a_lesson_can_give_a_fighter_items_and_teach_their_use() -> None:
    text = HEAD.replace('id = "sam"\n', 'id = "sam"\nitems = ["Trash Can Lid", "EVA Suit"]\nsuited = true\n') + (
        '[[teach]]\nsay = "Raise the lid."\ndo = "activate sam item_trash_can_lid"\ngoal = { "sam.shield" = 13 }\n'
    )
    lesson = load_lesson(text, "lesson.toml", bestiary())
    start = replay(lesson, bestiary(), 0).game.state
    assert observe(start, "sam.items") == ["Trash Can Lid", "EVA Suit"] and observe(start, "sam.suited") is True
    assert observe(start, "sam.shield") == 3, "the suit's Shield as the turn starts"
    after, _ = apply(start, lesson.steps[0].do[0])
    assert observe(after, "sam.shield") == 13 and observe(after, "sam.items") == ["EVA Suit"]
    assert "items" in error_of(HEAD.replace('id = "sam"\n', 'id = "sam"\nitems = ["Towel"]\n') + STEP)
