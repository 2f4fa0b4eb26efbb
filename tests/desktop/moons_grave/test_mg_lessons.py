"""Moon's Grave lessons: data checked at load, picked from the demo, each played to its end on the real table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.demo.screen import DemoScreen
from rt0table.desktop.moons_grave.mg_lessons import LessonError, MgLessonScreen, bundled_lessons, read_lesson
from rt0table.desktop.table.settings import TableSettings
from rt0table.rules.moons_grave.mg_actions import Plan, TriggerPerk, TurnAction, Vie
from rt0table.rules.moons_grave.mg_stand_in import stand_in_choice
from tests.helpers.mg_tables import LEFT, drag

KEY = Qt.Key


OPEN: list[DemoScreen] = []  # the demo screens alive while their test runs


def open_lesson(qtbot: QtBot, name: str) -> MgLessonScreen:
    demo = DemoScreen(TableSettings())
    OPEN[:] = [demo]
    qtbot.addWidget(demo)
    demo.resize(1280, 800)
    demo.show()
    button = next(b for b in demo.picker.game_buttons["moons-grave"] if b.objectName() == f"mg-lesson-{name}")
    qtbot.mouseClick(button, LEFT)
    screen = demo.currentWidget()
    assert isinstance(screen, MgLessonScreen)
    return screen


def drive(qtbot: QtBot, lesson: MgLessonScreen, plan: int, faces: list[int]) -> None:
    """Plan ``plan`` actions, vie, attack the first foe by dragging, and type ``faces`` in for every player roll;
    anything else as the stand-in's policy would, by Enter on its row; until the lesson is done."""
    screen = lesson.game.screen
    for _ in range(200):
        if lesson.done:
            return
        state = lesson.game.session.state
        assert state.phase != "over", "the fight ended before the lesson's goal"
        mine = screen.my_actions()
        if state.phase == "plan" and any(isinstance(a, Plan) for a in mine):
            qtbot.keyClick(screen.view, getattr(KEY, f"Key_{plan}"))
        elif state.phase in ("roll", "vie_roll") and state.roll is not None and state.roll.purpose != "initiative":
            qtbot.keyClick(screen.view, getattr(KEY, f"Key_{faces[len(state.roll.faces) % len(faces)]}"))
        elif state.phase == "vie" and Vie(mine[0].fighter, True) in mine:
            screen.choices.setCurrentRow(mine.index(Vie(mine[0].fighter, True)))
            qtbot.keyClick(screen.choices, KEY.Key_Return)
        elif state.phase == "turn" and any(isinstance(a, TurnAction) and a.action == "Attack" for a in mine):
            foe = next(f for f in state.living() if f.npc)
            drag(qtbot, lesson.game, screen.scene.tokens["action:Attack"], screen.scene.cards[foe.id])
        else:
            wanted = stand_in_choice(state, "p1")
            screen.choices.setCurrentRow(mine.index(wanted))
            qtbot.keyClick(screen.choices, KEY.Key_Return)
    raise AssertionError("the lesson never ended")


def test_the_three_lessons_load_from_data() -> None:
    assert [lesson.goal for lesson in bundled_lessons()] == ["surge", "fumble", "perk"]


def test_a_bad_lesson_file_is_named_with_its_field() -> None:
    with pytest.raises(LessonError, match=r"x\.json: goal: 'win' is not a goal"):
        read_lesson("x.json", '{"title": "t", "summary": "s", "seed": 1, "foes": ["Sergeant (3)"], "goal": "win",'
                    ' "hints": {}, "done": "d"}')  # fmt: skip
    with pytest.raises(LessonError, match=r"x\.json: hints\.dance: is not a phase"):
        read_lesson("x.json", '{"title": "t", "summary": "s", "seed": 1, "foes": ["Sergeant (3)"], "goal": "perk",'
                    ' "hints": {"dance": "no"}, "done": "d"}')  # fmt: skip


def test_rolling_and_surges_is_played_to_its_end(qtbot: QtBot) -> None:
    lesson = open_lesson(qtbot, "01_rolling_and_surges")
    assert "Plan one action" in lesson.game.screen.prompt.text()
    drive(qtbot, lesson, plan=1, faces=[6, 4])
    assert "done" in lesson.banner.text() and "surged" in lesson.banner.text()


def test_fumble_risk_is_played_to_its_end(qtbot: QtBot) -> None:
    lesson = open_lesson(qtbot, "02_fumble_risk")
    drive(qtbot, lesson, plan=3, faces=[1])
    steps = lesson.game.session.steps
    assert any(isinstance(s.action, Plan) and s.action.fighter == "pc1" and s.action.actions == 3 for s in steps)
    fumbles = [e for s in steps for e in s.events if e.kind == "fumble" and e.fighter == "pc1"]
    assert len(fumbles) == 1
    assert "A fumble" in lesson.banner.text()


def test_paying_perks_is_played_to_its_end_by_dragging_a_star_onto_a_perk(qtbot: QtBot) -> None:
    lesson = open_lesson(qtbot, "03_paying_perks")
    screen = lesson.game.screen
    for _ in range(200):
        state = lesson.game.session.state
        if state.phase == "perks" and screen.my_actions() and not lesson.done:
            break
        mine = screen.my_actions()
        assert mine, "waiting on nobody"
        if state.phase == "plan":
            qtbot.keyClick(screen.view, KEY.Key_1)
        elif state.phase == "roll":
            qtbot.keyClick(screen.view, KEY.Key_2)  # a ★
        else:
            if state.phase == "turn":
                foe = next(f for f in state.living() if f.npc)
                drag(qtbot, lesson.game, screen.scene.tokens["action:Attack"], screen.scene.cards[foe.id])
            else:
                wanted = stand_in_choice(state, "p1")
                screen.choices.setCurrentRow(mine.index(wanted))
                qtbot.keyClick(screen.choices, KEY.Key_Return)
    pay = next(a for a in screen.my_actions() if isinstance(a, TriggerPerk))
    assert not lesson.done
    for die in pay.dice:
        drag(qtbot, lesson.game, screen.scene.tokens[f"die:{die}"], screen.scene.perks[pay.perk])
    assert lesson.done and "The perk fired" in lesson.banner.text()
