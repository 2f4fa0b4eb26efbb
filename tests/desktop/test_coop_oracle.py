"""An RT:0 co-op game with nobody running it: the oracle dock and the GM stand-in, as in solo (issue 21)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.characters.party_editor import PartyEditor
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.fight_setup import FightSetupScreen
from rt0table.desktop.flow.mode_screen import ModeScreen
from rt0table.desktop.flow.playthrough import Mode
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.solo.dock import SoloDock
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.loner.journal import QuestionEntry
from tests.helpers.flow_steps import current, fill_ines, set_up_robot_fight, start_fight
from tests.helpers.widgets import click


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = MainWindow()
    main.table_settings.replay_step_ms = 0
    main.table_settings.return_ms = 0
    main.resize(1280, 800)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    yield main


@pytest.mark.rule("LONER-TOGETHER-NOGM")
def test_a_co_op_table_without_a_gm_asks_the_oracle_and_the_stand_in_plays_the_gm(
    qtbot: QtBot, window: MainWindow
) -> None:
    click(qtbot, window.title_screen.buttons["new"])
    mode = current(window)
    assert isinstance(mode, ModeScreen)
    click(qtbot, mode.no_gm_box)
    assert mode.no_gm_box.isChecked()
    click(qtbot, mode.buttons[Mode.HOT_SEAT])
    editor = current(window)
    assert isinstance(editor, PartyEditor) and editor.creation is not None
    fill_ines(qtbot, editor.creation)
    click(qtbot, editor.creation.finish_button)
    click(qtbot, editor.done_button)

    between = current(window)
    assert isinstance(between, BetweenFightsScreen)
    playthrough = window.navigator.playthrough
    assert playthrough is not None and playthrough.mode is Mode.HOT_SEAT
    dock = between.oracle
    assert isinstance(dock, SoloDock) and dock.isVisible()
    qtbot.keyClicks(dock.panel.question, "Is the hangar empty?")
    click(qtbot, dock.panel.roll_button)
    asked = playthrough.solo.journal.entries[-1] if playthrough.solo else None
    assert isinstance(asked, QuestionEntry) and asked.question == "Is the hangar empty?"

    click(qtbot, between.day.next_button)
    setup = current(window)
    assert isinstance(setup, FightSetupScreen)
    set_up_robot_fight(qtbot, setup)
    click(qtbot, setup.next_button)
    start_fight(qtbot, setup)
    table = current(window)
    assert isinstance(table, TableScreen)
    fight_dock = table.solo_dock  # type: ignore[attr-defined]
    assert isinstance(fight_dock, SoloDock) and fight_dock.gm_box.isVisibleTo(fight_dock)
    assert fight_dock.solo.journal.entries[0] == asked
    assert table.settings.hot_seat  # still a shared screen: the curtain stays


def test_a_co_op_table_with_a_gm_has_no_oracle(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window.title_screen.buttons["new"])
    click(qtbot, current(window).buttons[Mode.HOT_SEAT])  # type: ignore[attr-defined]
    editor = current(window)
    assert isinstance(editor, PartyEditor) and editor.creation is not None
    fill_ines(qtbot, editor.creation)
    click(qtbot, editor.creation.finish_button)
    click(qtbot, editor.done_button)
    between = current(window)
    assert isinstance(between, BetweenFightsScreen) and between.oracle is None
