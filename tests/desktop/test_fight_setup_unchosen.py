"""CMB-CHOOSE-ABILITIES: starting a fight with Arcana Abilities left unchosen asks first, by mouse or by keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.fight_setup import FightSetupScreen
from rt0table.rules.rt0.campaign import fight_plan as fp
from tests.helpers.fight_builders import bestiary
from tests.helpers.sample_party import fool, magician, party
from tests.helpers.widgets import click, named


def abilities_page(qtbot: QtBot) -> tuple[FightSetupScreen, list[fp.FightPlan]]:
    screen = FightSetupScreen(party(fool(), magician()), bestiary(), seed=4)
    qtbot.addWidget(screen)
    screen.resize(1024, 640)
    screen.show()
    qtbot.waitExposed(screen)
    screen.add_foe("training_robot")
    click(qtbot, screen.next_button)
    started: list[fp.FightPlan] = []
    screen.started.connect(started.append)
    return screen, started


@pytest.mark.rule("CMB-CHOOSE-ABILITIES")
def test_start_asks_who_has_not_chosen_then_a_second_press_goes_ahead(qtbot: QtBot) -> None:
    screen, started = abilities_page(qtbot)
    click(qtbot, screen.start_button)
    assert started == []
    assert screen.start_button.text() == "Start anyway"
    assert screen.start_status.text() == (
        "Not every Arcana Ability is chosen: Pip (chosen 0 of 2), Mo (chosen 0 of 2). Start anyway, or tick them first?"
    )
    qtbot.keyClick(screen.start_button, Qt.Key.Key_Space)  # the focus is on it: a key press answers
    assert len(started) == 1 and started[0].abilities == {"a": (), "b": ()}


@pytest.mark.rule("CMB-CHOOSE-ABILITIES")
def test_ticking_after_the_question_asks_again_and_a_full_choice_starts_at_once(qtbot: QtBot) -> None:
    screen, started = abilities_page(qtbot)
    click(qtbot, screen.start_button)
    fool_picker, magician_picker = screen.pickers["a"], screen.pickers["b"]
    first, second = [box for box in fool_picker.boxes.values() if box.isEnabled()][:2]
    click(qtbot, first)
    assert screen.start_button.text() == "Start the fight"  # a change withdraws the question
    click(qtbot, screen.start_button)
    assert started == [] and "Pip (chosen 1 of 2), Mo (chosen 0 of 2)" in screen.start_status.text()
    click(qtbot, second)
    for box in [box for box in magician_picker.boxes.values() if box.isEnabled()][:2]:
        click(qtbot, box)
    assert fool_picker.short() == magician_picker.short() == 0
    click(qtbot, screen.start_button)
    assert len(started) == 1 and all(len(chosen) == 2 for chosen in started[0].abilities.values())
    assert named(screen, "fight-start") is screen.start_button
