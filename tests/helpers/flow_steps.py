"""Steps through the app's screens by clicks: a new character, a robot fight, the window's current page."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.characters.creation import CharacterCreation
from rt0table.desktop.flow.fight_setup import KIND_ROLE, FightSetupScreen
from rt0table.desktop.main_window import MainWindow
from tests.desktop.conftest import SCREENSHOTS
from tests.helpers.widgets import click, named

SEED = 5  # Ines beats the robot at 16 HP with this shuffle: one Supremacy tally, not two


def current(window: MainWindow) -> QWidget:
    widget = window.screens.currentWidget()
    assert widget is not None
    return widget


def fill_ines(qtbot: QtBot, page: CharacterCreation) -> None:
    """A Strong High Priestess: Dull, so no spells to pick."""
    for name in ("arcana-high_priestess", "ability-strong", "weakness-dull", "a_plus-gym", "failed-law"):
        click(qtbot, named(page, name))
    qtbot.keyClicks(page.name_edit, "Ines")
    qtbot.keyClicks(page.exceptional_edit, "reads the station's weather by its hum")
    qtbot.keyClicks(page.outfit_edit, "velvet hoodie, too many rings")


def set_up_robot_fight(qtbot: QtBot, setup: FightSetupScreen) -> None:
    click(qtbot, named(setup, "room-1"))
    robot = next(
        setup.bestiary_list.item(i)
        for i in range(setup.bestiary_list.count())
        if setup.bestiary_list.item(i).data(KIND_ROLE) == "training_robot"
    )
    assert robot.text().endswith("(book)")
    setup.bestiary_list.setCurrentItem(robot)
    click(qtbot, setup.add_button)
    setup.seed.setValue(SEED)


def shoot(window: MainWindow, name: str) -> Path:
    QApplication.processEvents()
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    assert window.grab().save(str(path))
    return path


def start_fight(qtbot: QtBot, setup: FightSetupScreen) -> None:
    """Press Start; when it asks about Arcana Abilities left unchosen (CMB-CHOOSE-ABILITIES), press it again."""
    click(qtbot, setup.start_button)
    if setup.start_button.text() == "Start anyway":
        click(qtbot, setup.start_button)
