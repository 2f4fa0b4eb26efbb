"""A solo one-shot of Act 1 in Paradise Lua, by clicks, drags and keys: the new-game screen's one-shot with the
ready-made party, the party moved on the map by a drag and by keys, a draw for inspiration beside the oracle, a fight
called at a place, set up and won on the table, the first Day ended; all of it in the journal and the save."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.fight_setup import FightSetupScreen
from rt0table.desktop.flow.mode_screen import ModeScreen
from rt0table.desktop.flow.playthrough import Mode
from rt0table.desktop.flow.resume import restore
from rt0table.desktop.flow.summary_screen import SummaryScreen
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.paradise_lua.inspiration_panel import InspirationPanel
from rt0table.desktop.paradise_lua.map_screen import MapScreen
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.paradise_lua.world_map import Spot
from rt0table.rules.rt0.story.chronicle import to_markdown
from tests.helpers.flow_steps import current, start_fight
from tests.helpers.table_keys import K, press, win_the_fight
from tests.helpers.widgets import click

LEFT = Qt.MouseButton.LeftButton
AIR = "MAP-AIRLOCK"


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    main = MainWindow(tmp_path)
    main.table_settings.replay_step_ms = 0
    main.table_settings.return_ms = 0
    main.resize(1280, 800)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    yield main


def drag_party_to(qtbot: QtBot, screen: MapScreen, key: str) -> None:
    scene, view = screen.scene(), screen.view
    start = scene.token.sceneBoundingRect().center()
    target = scene.places[key].sceneBoundingRect().center()
    qtbot.mousePress(view.viewport(), LEFT, pos=view.mapFromScene(start))
    qtbot.mouseMove(view.viewport(), pos=view.mapFromScene(start + QPointF(10, 10)))
    qtbot.mouseMove(view.viewport(), pos=view.mapFromScene(target))
    qtbot.mouseRelease(view.viewport(), LEFT, pos=view.mapFromScene(target))


def key_party_to(qtbot: QtBot, screen: MapScreen, spot: Spot) -> None:
    screen.view.setFocus()
    for _ in range(screen.current_exits().index(spot)):
        qtbot.keyClick(screen.view, Qt.Key.Key_Right)
    qtbot.keyClick(screen.view, Qt.Key.Key_Return)


def shoot(window: MainWindow, size: tuple[int, int], name: str) -> None:
    from tests.helpers.widgets import shoot as save

    window.resize(*size)
    QApplication.processEvents()
    save(window, name)


@pytest.mark.rule("ACT-ONE-SHOT", "ACT-1-Q1-ARRIVAL", "MAP-AIRLOCK", "GM-TAROT-IMPROV", "GM-COMBAT-SCALING")
def test_a_solo_one_shot_moves_draws_fights_and_ends_its_first_day_all_journalled_and_saved(
    qtbot: QtBot, window: MainWindow
) -> None:
    # New game: solo, the one-shot of Act 1 with the ready-made party.
    click(qtbot, window.title_screen.buttons["new"])
    mode = current(window)
    assert isinstance(mode, ModeScreen)
    mode.setting_pick.setFocus()
    qtbot.keyClick(mode.setting_pick, Qt.Key.Key_Down)
    qtbot.keyClick(mode.setting_pick, Qt.Key.Key_Down)
    assert mode.setting() == "lua-one-shot"
    click(qtbot, mode.buttons[Mode.SOLO])
    between = current(window)
    assert isinstance(between, BetweenFightsScreen) and between.tabs.currentIndex() == 0
    playthrough = window.navigator.playthrough
    assert playthrough is not None and window.autosave is not None and window.store is not None
    assert [m.character.name for m in playthrough.campaign.members] == ["Juno Park", "Ada Okafor", "Tam Reyes"]
    lua = playthrough.story.lua
    assert lua is not None and lua.one_shot and lua.act == 1 and lua.at == Spot(AIR, "PASSENGER")
    screen = between.tabs.widget(0)
    assert isinstance(screen, MapScreen)
    screen.view.fit()
    shoot(window, (1024, 640), "lua-map-1024x640")
    shoot(window, (1280, 800), "lua-map-1280x800")

    # The map: to the Hangar by a drag, on to the Cargo Port by keys; Ctrl+Z takes the last move back, and again.
    drag_party_to(qtbot, screen, "HUB")
    key_party_to(qtbot, screen, Spot(AIR, "CARGO"))
    assert playthrough.story.lua is not None and playthrough.story.lua.at == Spot(AIR, "CARGO")
    qtbot.keyClick(screen.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert playthrough.story.lua.at == Spot(AIR, "HUB")
    key_party_to(qtbot, screen, Spot(AIR, "CARGO"))
    assert playthrough.story.lua.at == Spot(AIR, "CARGO")

    # Draw for inspiration from the oracle dock: three cards, a reveal (undo stops there).
    panel = between.oracle.findChild(InspirationPanel) if between.oracle is not None else None
    assert isinstance(panel, InspirationPanel)
    panel.count.setValue(3)
    click(qtbot, panel.draw_button)
    drawn = playthrough.story.lua.oracle
    assert len(drawn.order) == 75 and panel.reading.text().count("<b>") == 3
    assert "At Cargo Port" in panel.reading.text()
    assert playthrough.undo_refusal() is not None

    # A fight with the Dockworkers at the Cargo Port: one Laborer for each of the three, set up and won.
    assert screen.fight_faction.currentData() == "FAC-DOCKWORKERS"
    click(qtbot, screen.fight_button)
    setup = current(window)
    assert isinstance(setup, FightSetupScreen) and setup.foes == ["laborer", "laborer", "laborer"]
    start_fight(qtbot, setup)
    table = current(window)
    assert isinstance(table, TableScreen)
    win_the_fight(qtbot, table)
    assert table.session.state.result == "victory"
    press(qtbot, table, K.Key_Return)
    summary = current(window)
    assert isinstance(summary, SummaryScreen)
    click(qtbot, summary.done_button)
    between = current(window)
    assert isinstance(between, BetweenFightsScreen)
    assert playthrough.story.lua.fight is None and len(playthrough.story.finished) == 1

    # The first Day ends.
    between.tabs.setCurrentIndex(1)  # the Day tab, after the map
    click(qtbot, between.day.end_day_button)
    assert playthrough.campaign.day == 2

    # All of it is in the journal, in order.
    lines = [line.text for line in playthrough.story.chronicle if line.text]
    expected = [
        "The party goes to Hangar for the first time.",
        "The party goes to Cargo Port for the first time.",
        "Inspiration at Cargo Port (",
        "A fight with The Dockworkers at Cargo Port: Laborer, Laborer, Laborer.",
        "Fight 1 begins against Laborer 1, Laborer 2, Laborer 3.",
        "Fight 1: victory after",
        "The party won the fight with The Dockworkers at Cargo Port.",
        "Day 1 ends.",
    ]
    found = [next(i for i, line in enumerate(lines) if line.startswith(start)) for start in expected]
    assert found == sorted(found)
    assert lines.count("The party goes to Cargo Port for the first time.") == 1  # the undone move left no line
    assert "Inspiration at Cargo Port" in to_markdown(playthrough.story)

    # And in the save: the place, the places visited, the oracle deck, the fight's end, the journal.
    saved = restore(window.store.load(window.autosave.game_id)).playthrough
    assert saved.story.lua == playthrough.story.lua
    assert saved.story.chronicle == playthrough.story.chronicle
    assert saved.campaign == playthrough.campaign and len(saved.story.finished) == 1
