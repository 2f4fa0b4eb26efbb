"""Onboarding that flows: "Learn to fight" first on the title, a quick start with a ready-made party built through
the character rules, and lessons marked done with a "Next lesson" button. Real clicks; the state is checked."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from rt0table.desktop.demo.lessons_done import lessons_done_path
from rt0table.desktop.demo.screen import DemoScreen
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.quick_start import READY_DRAFTS
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.table.settings import TableSettings
from rt0table.rules.rt0.campaign.party import Party
from tests.helpers.flow_steps import current
from tests.helpers.widgets import click

LEFT = Qt.MouseButton.LeftButton


def test_learn_to_fight_comes_first_and_the_quick_start_makes_a_ready_party(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(tmp_path / "saves")
    qtbot.addWidget(window)
    window.show()
    order = [w.text() for w in window.title_screen.findChildren(QPushButton)]
    assert order[:2] == ["Learn to fight", "Quick start: a ready-made party"]
    click(qtbot, window.title_screen.buttons["quick"])
    day = current(window)
    assert isinstance(day, BetweenFightsScreen)
    members = [m.character for m in day.playthrough.campaign.members]
    assert [c.name for c in members] == [d.name for d in READY_DRAFTS]
    party = Party()
    for draft, character in zip(READY_DRAFTS, members, strict=True):
        assert draft.problems(party.characters) == [] and draft.character() == character  # built by the rules
        party = Party((*party.characters, character))
    assert party.start_refusal() is None
    assert window.autosave is not None  # a real game, saved as it goes
    window.close()


def test_a_finished_lesson_is_marked_done_and_next_lesson_opens_the_next(qtbot: QtBot, config_folder: Path) -> None:
    demo = DemoScreen(TableSettings(replay_step_ms=0, return_ms=0))
    qtbot.addWidget(demo)
    demo.resize(1280, 800)
    demo.show()
    first = demo.picker.buttons[0]
    assert not first.text().startswith("✓")
    click(qtbot, first)
    lesson = demo.lesson
    assert lesson is not None and not lesson.banner.next_lesson.isVisible()
    for _ in range(100):  # "Show me ▶" does each step, "Next ▶" moves past each explanation
        if lesson.runner.finished:
            break
        qtbot.mouseClick(lesson.banner.forward, LEFT)
    assert lesson.runner.finished and lesson.banner.next_lesson.isVisible()
    done = lessons_done_path()
    assert done.is_relative_to(config_folder)
    assert json.loads(done.read_text()) == [demo.entries[0].path.stem]
    assert demo.picker.buttons[0].text().startswith("✓ ")
    qtbot.mouseClick(lesson.banner.next_lesson, LEFT)
    assert demo.lesson is not None and demo.lesson is not lesson
    assert demo.entry is demo.entries[1]
    again = DemoScreen(TableSettings())  # a later visit remembers it
    qtbot.addWidget(again)
    assert again.picker.buttons[0].text().startswith("✓ ") and not again.picker.buttons[1].text().startswith("✓")
