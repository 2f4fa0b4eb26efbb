"""The Loner lesson (the book's first session, Appendix A) from the Demo's list to its end on the real screens: once
by keys, once by mouse; the file's errors name the file and the field."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.demo.lesson_fields import LessonError
from rt0table.desktop.demo.lessons_done import lessons_done_path
from rt0table.desktop.demo.screen import DemoScreen
from rt0table.desktop.loner.loner_lessons import STEPS, LonerLessonScreen, bundled_lessons, read_lesson, steps_done
from rt0table.desktop.loner.story_screen import PAGES, StoryScreen
from rt0table.desktop.table.settings import TableSettings
from tests.helpers.widgets import click

CTRL = Qt.KeyboardModifier.ControlModifier
LESSON = bundled_lessons()[0]


def key(
    qtbot: QtBot, widget: QWidget, k: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    qtbot.keyClick(widget, k, modifier)
    QApplication.processEvents()


def page(story: StoryScreen) -> str:
    return PAGES[story.pages.currentIndex()]


def button(story: StoryScreen, name: str) -> QPushButton:
    found = story.findChild(QPushButton, name)
    assert found is not None, name
    return found


def press(qtbot: QtBot, story: StoryScreen, name: str, by_mouse: bool) -> None:
    """A button of the story screen: clicked, or reached by keys (Tab order aside: focus it, then Space)."""
    if by_mouse:
        click(qtbot, button(story, name))
    else:
        button(story, name).setFocus()
        key(qtbot, button(story, name), Qt.Key.Key_Space)


def example(qtbot: QtBot, screen: LonerLessonScreen, by_mouse: bool) -> None:
    if by_mouse:
        click(qtbot, screen.example)
    else:
        key(qtbot, screen.story or screen.creation, Qt.Key.Key_F1)


def settle(qtbot: QtBot, screen: LonerLessonScreen, story: StoryScreen, by_mouse: bool) -> None:
    """A Twist the dice made due, or a Meanwhile the transition rolled: the banner explains, the learner plays it."""
    while page(story) in ("twist", "meanwhile"):
        assert screen.note.text() == LESSON.hint(page(story))
        if page(story) == "twist":
            press(qtbot, story, "loner-twist", by_mouse)
        else:
            story.holder_new.setText("Doubles the Patrols")
            press(qtbot, story, "loner-meanwhile", by_mouse)


def play(qtbot: QtBot, screen: LonerLessonScreen, by_mouse: bool) -> StoryScreen:
    """Every step of the lesson, its example filled in by the banner's button (or F1) and the real buttons pressed."""
    seen: list[int] = []
    assert (
        screen.step is not None and screen.step.step == "protagonist" and not screen.creation.start_button.isEnabled()
    )
    screen.creation.fields["name"].setFocus()
    example(qtbot, screen, by_mouse)
    assert screen.creation.fields["concept"].text() == "Soft-Spoken Lock Keeper"
    if by_mouse:
        click(qtbot, screen.creation.start_button)
    else:
        key(qtbot, screen.creation.fields["name"], Qt.Key.Key_Return)
    story = screen.story
    assert story is not None and story.state.protagonist.name == "Tamsin Roe"
    assert [c.name for c in story.state.npcs] == ["Sergeant Brask"] and story.state.setting == LESSON.setting
    for _ in range(40):
        step = screen.step
        if step is None:
            break
        seen.append(screen.progress)
        settle(qtbot, screen, story, by_mouse)
        if step.step == "setup":
            press(qtbot, story, "loner-build", by_mouse)
        elif step.step in ("frame", "ask", "close"):
            example(qtbot, screen, by_mouse)
            names = {"frame": "loner-open-scene", "ask": "loner-ask", "close": "loner-close"}
            if by_mouse:
                press(qtbot, story, names[step.step], by_mouse)
            else:  # Return in the step's last field
                key(
                    qtbot,
                    {"frame": story.goal, "ask": story.tags_for, "close": story.outcome}[step.step],
                    Qt.Key.Key_Return,
                )
        elif step.step == "conflict" and story.state.bout is None:
            example(qtbot, screen, by_mouse)  # ticks Sergeant Brask
            if by_mouse:
                click(qtbot, button(story, "loner-start-conflict"))
            else:
                story.opponents.setCurrentRow(0)
                key(qtbot, story.opponents, Qt.Key.Key_Return)
            assert page(story) == "conflict", story.problem_line.text()
            assert screen.note.text() == LESSON.hint("conflict")
        elif step.step == "conflict":
            example(qtbot, screen, by_mouse)
            assert story.strike_for.text() == "Ring of Sluice Keys" and "deal 3" in story.damage.text()
            press(qtbot, story, "loner-strike", by_mouse) if by_mouse else key(qtbot, story, Qt.Key.Key_Return, CTRL)
        elif step.step == "transition":
            press(qtbot, story, "loner-transition", by_mouse)
        else:
            press(qtbot, story, "loner-end-session", by_mouse)
        assert not story.problem_line.text(), story.problem_line.text()
    assert screen.step is None and story.state.phase == "between"
    assert sorted(set(seen)) == list(range(1, len(LESSON.steps)))  # every step after the Protagonist, in order
    assert screen.where.text().endswith("done") and screen.say.text() == LESSON.done
    return story


def test_the_bundled_lesson_walks_a_whole_first_session() -> None:
    assert [s.step for s in LESSON.steps] == list(STEPS)
    assert all(s.say for s in LESSON.steps)


def test_progress_follows_the_journal_in_order_and_an_undone_step_is_to_do_again() -> None:
    assert steps_done(LESSON, None) == 0
    assert steps_done(LESSON, []) == 1
    assert steps_done(LESSON, ["setup", "asked", "framed"]) == 3  # the framing question before the scene is no step
    assert steps_done(LESSON, ["setup", "framed", "asked", "conflict", "conflict-over", "closed"]) == 6
    assert steps_done(LESSON, ["setup", "framed", "asked", "conflict", "closed", "transition"]) == 4


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": "five"}, "01_x.json: seed: must be a whole number"),
        ({"steps": [{"step": "frame", "say": "s"}]}, "steps[0].step: a lesson begins by making the Protagonist"),
        ({"steps": [{"step": "protagonist", "say": "s"}, {"step": "dance", "say": "s"}]}, "steps[1]: step: 'dance'"),
        (
            {
                "steps": [
                    {"step": "protagonist", "say": "s"},
                    {"step": "ask", "say": "s"},
                    {"step": "frame", "say": "s"},
                ]
            },
            "steps[2].step: 'frame' must come later",
        ),
        ({"steps": [{"step": "protagonist", "say": "s", "example": {"where": "x"}}]}, "steps[0].example.where: is not"),
        ({"cast": [{"name": "", "concept": "c"}]}, "01_x.json: cast[0]: a promoted character needs a name"),
        ({"cast": []}, "cast: a conflict step needs someone in the cast"),
        ({"hints": {"lunch": "x"}}, "hints.lunch: is not a phase"),
    ],
)
def test_a_lesson_file_that_does_not_fit_is_refused_naming_the_file_and_field(
    change: dict[str, object], message: str
) -> None:
    data = json.loads(json.dumps({**_raw(), **change}))
    with pytest.raises(LessonError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_lesson("01_x.json", json.dumps(data))


def _raw() -> dict[str, object]:
    from rt0table.assets.bundled import bundled_text

    data = json.loads(bundled_text("loner", "lessons", "01_first_session.json"))
    assert isinstance(data, dict)
    return data


def test_the_lesson_opens_from_the_demo_and_plays_to_its_end_by_keys(qtbot: QtBot) -> None:
    demo = DemoScreen(TableSettings(), entries=[])
    qtbot.addWidget(demo)
    demo.resize(1280, 800)
    demo.show()
    row = demo.picker.game_buttons["loner"][0]
    assert row.text() == f"1. {LESSON.title}"
    row.setFocus()
    key(qtbot, row, Qt.Key.Key_Space)
    screen = demo.currentWidget()
    assert isinstance(screen, LonerLessonScreen)
    story = play(qtbot, screen, by_mouse=False)
    assert not screen.next_lesson.isVisible()  # the only Loner lesson: nothing follows it
    assert json.loads(lessons_done_path().read_text()) == ["lo-01_first_session"]
    assert demo.picker.game_buttons["loner"][0].text().startswith("✓ ")
    key(qtbot, story, Qt.Key.Key_Return, CTRL)  # the session after the lesson goes on as any game does
    assert story.state.session == 2


def test_the_lesson_by_mouse_and_next_lesson_opens_the_one_after(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    second = replace(LESSON, name="02_again.json", title="Again")
    monkeypatch.setattr("rt0table.desktop.loner.loner_lessons.bundled_lessons", lambda: [LESSON, second])
    demo = DemoScreen(TableSettings(), entries=[])
    qtbot.addWidget(demo)
    demo.resize(1280, 800)
    demo.show()
    click(qtbot, demo.picker.game_buttons["loner"][0])
    screen = demo.currentWidget()
    assert isinstance(screen, LonerLessonScreen)
    play(qtbot, screen, by_mouse=True)
    assert screen.next_lesson.isVisible()
    click(qtbot, screen.next_lesson)
    after = demo.currentWidget()
    assert isinstance(after, LonerLessonScreen) and after.lesson is second and after.story is None
