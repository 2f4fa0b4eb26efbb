"""Undo between fights survives closing the app: each change row records how far undo reached after it, and the
save reopened in a new window takes back the same steps with Ctrl+Z, and no further (issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.resume import restore
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.saves import SaveStore
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import day as clock
from tests.helpers.day_screens import pick, scarred, show
from tests.helpers.flow_steps import current
from tests.helpers.widgets import click, named

PLAN = clock.PART_OF_MY_PLAN  # Mira is a Magician: her Arcana's once-a-Day ability


def ctrl_z(qtbot: QtBot, widget: QWidget) -> None:
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)


def combo(parent: QWidget, name: str) -> QComboBox:
    found = named(parent, name)
    assert isinstance(found, QComboBox)
    return found


def reopened(qtbot: QtBot, folder: Path) -> tuple[MainWindow, BetweenFightsScreen]:
    """A new window on the folder, the save opened with Continue, as a player would."""
    window = MainWindow(folder)
    window.resize(1280, 800)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    click(qtbot, window.title_screen.buttons["continue"])
    screen = current(window)
    assert isinstance(screen, BetweenFightsScreen)
    return window, screen


@pytest.mark.rule("DAY-FOOD", "INJ-MINOR", "DAY-CLOCK")
def test_ctrl_z_after_reopening_takes_back_the_choices_made_before(qtbot: QtBot, own_save_folder: Path) -> None:
    screen = scarred(cp.SCAR)
    show(qtbot, screen)
    p, day = screen.playthrough, screen.day
    with SaveStore(own_save_folder) as store:
        keeper = Autosave.start(store, p)
        pick(combo(day, "day-meal-mira"), cp.Meal.INEDIBLE)  # a Day choice
        pick(combo(day, "day-scar-pick-mira-0"), "defend")
        click(qtbot, named(day, "day-scar-block-mira"))  # an ability choice: the scar blocks Defend today
        click(qtbot, named(day, f"power-mira-{PLAN}"))  # her Arcana's ability, spent for today
        assert p.undo_reach == 3
        keeper.playthrough.funnel.recorder = None
    screen.close()

    window, back = reopened(qtbot, own_save_folder)
    again = back.playthrough
    assert again.campaign.clock.used_by("mira") == (PLAN,) and again.undo_reach == 3
    ctrl_z(qtbot, back.day)
    assert again.campaign.clock.used_by("mira") == ()
    assert named(back.day, f"power-mira-{PLAN}").isEnabled()
    assert again.campaign.member("mira").scar_blocks == ("defend",)  # one step at a time, as before the reload
    window.close()

    window, back = reopened(qtbot, own_save_folder)  # the undo is in the save too, and so is what is left of reach
    again = back.playthrough
    assert again.campaign.clock.used_by("mira") == () and again.undo_reach == 2
    ctrl_z(qtbot, back.day)
    assert again.campaign.member("mira").scar_blocks == ()
    ctrl_z(qtbot, back.day)
    assert again.story.choices.meal("mira") is cp.Meal.EDIBLE
    assert combo(back.day, "day-meal-mira").currentData() is cp.Meal.EDIBLE
    ctrl_z(qtbot, back.day)  # nothing from before the save was made is taken back
    assert "Nothing to undo" in back.day.error.text()
    window.close()

    with SaveStore(own_save_folder) as store:
        game_id = store.newest()
        assert game_id is not None
        saved = restore(store.load(game_id)).playthrough
    assert saved.story.choices.meal("mira") is cp.Meal.EDIBLE and saved.campaign == again.campaign
    assert saved.undo_reach == 0


def test_a_reveal_leaves_nothing_to_undo_after_reopening(qtbot: QtBot, own_save_folder: Path) -> None:
    """Ending the Day (which may draw) or any reveal clears the reach; a save written before this version records
    none, and opens with nothing to undo."""
    screen = scarred()
    show(qtbot, screen)
    p, day = screen.playthrough, screen.day
    with SaveStore(own_save_folder) as store:
        keeper = Autosave.start(store, p)
        pick(combo(day, "day-meal-mira"), cp.Meal.INEDIBLE)
        db = keeper.store._game(keeper.game_id).db
        rows = db.execute("SELECT action FROM log WHERE kind = 'story'").fetchall()
        assert '"reach":1' in rows[-1][0]
        with db.conn:  # as an older version wrote it: no reach
            db.execute("UPDATE log SET action = json_remove(action, '$.reach') WHERE kind = 'story'")
        keeper.playthrough.funnel.recorder = None
    screen.close()
    window, back = reopened(qtbot, own_save_folder)
    assert back.playthrough.story.choices.meal("mira") is cp.Meal.INEDIBLE and back.playthrough.undo_reach == 0
    window.close()
