"""Ctrl+Z between fights takes back everything since the last reveal, through the playthrough's one funnel."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.resume import restore
from rt0table.desktop.saves import SaveStore
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import day as clock
from rt0table.rules.rt0.campaign.skill_check import Difficulty
from rt0table.rules.rt0.traits import Skill
from tests.helpers.check_decks import stack
from tests.helpers.day_screens import open_tab, pick, scarred, show
from tests.helpers.widgets import click, named

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
PLAN = clock.PART_OF_MY_PLAN  # Mira is a Magician: her Arcana's once-a-Day ability


def ctrl_z(qtbot: QtBot, widget: QWidget) -> None:
    widget.setFocus()
    qtbot.keyClick(widget, K.Key_Z, CTRL)


def combo(parent: QWidget, name: str) -> QComboBox:
    found = named(parent, name)
    assert isinstance(found, QComboBox)
    return found


@pytest.mark.rule("DAY-FOOD", "INJ-MINOR", "DAY-CLOCK")
def test_ctrl_z_takes_back_the_last_ability_choice_and_the_last_day_choice(qtbot: QtBot, tmp_path: Path) -> None:
    screen = scarred(cp.SCAR)
    show(qtbot, screen)
    p = screen.playthrough
    store = SaveStore(tmp_path)
    keeper = Autosave.start(store, p)
    day = screen.day
    meal = combo(day, "day-meal-mira")
    meal.setFocus()
    qtbot.keyClick(meal, K.Key_Down)  # "ate something inedible", by the keyboard
    assert p.story.choices.meal("mira") is cp.Meal.INEDIBLE
    pick(combo(day, "day-scar-pick-mira-0"), "defend")
    click(qtbot, named(day, "day-scar-block-mira"))  # the scar blocks Defend today: an ability choice
    power = named(day, f"power-mira-{PLAN}")
    click(qtbot, power)  # her Arcana's ability, spent for today
    assert p.campaign.member("mira").scar_blocks == ("defend",)
    assert p.campaign.clock.used_by("mira") == (PLAN,)

    ctrl_z(qtbot, day)
    assert p.campaign.clock.used_by("mira") == ()
    assert named(day, f"power-mira-{PLAN}").isEnabled()
    assert p.campaign.member("mira").scar_blocks == ("defend",)  # one op at a time
    ctrl_z(qtbot, day)
    assert p.campaign.member("mira").scar_blocks == ()
    assert not named(day, "day-scar-block-mira").isHidden()  # asked again
    ctrl_z(qtbot, day)
    assert p.story.choices.meal("mira") is cp.Meal.EDIBLE and meal.currentData() is cp.Meal.EDIBLE
    ctrl_z(qtbot, day)  # nothing left: said, and nothing changes
    assert "Nothing to undo" in day.error.text()
    saved = restore(store.load(keeper.game_id)).playthrough
    assert saved.story.choices.meal("mira") is cp.Meal.EDIBLE and saved.campaign == p.campaign


@pytest.mark.rule("DAY-FOOD", "COR-DAY")
def test_ending_the_day_is_undone_and_food_is_asked_afresh_each_day(qtbot: QtBot) -> None:
    screen = scarred()
    show(qtbot, screen)
    p, day = screen.playthrough, screen.day
    meal = combo(day, "day-meal-mira")
    pick(meal, cp.Meal.NONE)
    end = named(day, "day-end")
    assert isinstance(end, QPushButton)
    click(qtbot, end)
    assert p.campaign.day == 2 and p.campaign.member("mira").corruption.owed == 3
    assert meal.currentData() is cp.Meal.EDIBLE  # issue 19 item 11: "no food" does not carry into Day 2
    ctrl_z(qtbot, day)  # ending the Day drew nothing: it comes back, with the choice made before it
    assert p.campaign.day == 1 and p.campaign.member("mira").corruption.owed == 0
    assert meal.currentData() is cp.Meal.NONE and day.day_label.text() == "Day 1"
    click(qtbot, end)
    click(qtbot, end)  # Day 2 ends fed
    assert p.campaign.day == 3 and p.campaign.member("mira").corruption.owed == 3


@pytest.mark.rule("SKL-ONCE-A-DAY")
def test_undo_stops_at_a_skill_check_draw(qtbot: QtBot) -> None:
    screen = scarred()
    show(qtbot, screen)
    p = screen.playthrough
    click(qtbot, named(screen.day, f"power-mira-{PLAN}"))
    open_tab(qtbot, screen, "Skill checks")
    checks = screen.checks
    stack(checks, "Mira", "4 of Cups")
    qtbot.keyClicks(checks.subject, "Hack the door panel")
    pick(checks.skill, Skill.SCI)
    pick(checks.difficulty, Difficulty.MEDIUM)
    click(qtbot, checks.draw_button)
    assert checks.outcome.text() == "Failure"
    drawn = p.story
    ctrl_z(qtbot, checks.draw_button)
    assert p.story is drawn and p.campaign.clock.used_by("mira") == (PLAN,)  # the draw showed a card: it stands
    assert "Nothing to undo" in screen.day.error.text()


def test_journal_notes_are_added_replaced_deleted_undone_and_exported_as_typed(qtbot: QtBot, tmp_path: Path) -> None:
    from markdown_it import MarkdownIt

    screen = scarred()
    show(qtbot, screen)
    p, day = screen.playthrough, screen.day
    qtbot.keyClicks(day.note_text, "Dockworker <Ines> *waits*")
    click(qtbot, named(day, "day-note-add"))
    assert [n.text for n in p.story.notes] == ["Dockworker <Ines> *waits*"] and day.note_text.text() == ""
    day.notes.setCurrentRow(0)
    qtbot.keyClicks(day.note_text, "<b>not</b> bold")
    click(qtbot, named(day, "day-note-edit"))
    assert [n.text for n in p.story.notes] == ["<b>not</b> bold"]
    ctrl_z(qtbot, day.notes)  # the edit comes back out
    assert [n.text for n in p.story.notes] == ["Dockworker <Ines> *waits*"]
    assert day.notes.item(0).text() == "Day 1: Dockworker <Ines> *waits*"
    day.notes.setCurrentRow(0)
    click(qtbot, named(day, "day-note-delete"))
    assert p.story.notes == ()
    ctrl_z(qtbot, day.notes)
    assert [n.text for n in p.story.notes] == ["Dockworker <Ines> *waits*"]
    written = day.export_journal(tmp_path / "journal.md").read_text(encoding="utf-8")
    html = MarkdownIt("commonmark").render(written)
    assert "<em>Note:</em> Dockworker &lt;Ines&gt; *waits*</li>" in html and "<em>waits" not in html
