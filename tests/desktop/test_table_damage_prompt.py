"""The table's damage prompt says what will land, and a flyer says it flies (ZON-FLYING, CMB-SHIELD)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.cli.simulation_cli import bestiary
from rt0table.rules.rt0.content.scenario import parse_scenario, start
from tests.desktop.conftest import MakeTable, shoot

FLYING = Path(__file__).resolve().parents[1] / "scenarios" / "flying.toml"
LEFT = Qt.MouseButton.LeftButton


@pytest.mark.rule("ZON-FLYING", "CMB-SHIELD")
def test_the_prompt_offers_what_lands_on_a_drone_and_the_panel_says_it_flies(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    game = start(parse_scenario(FLYING.read_text(encoding="utf-8"), FLYING.name), bestiary())
    screen = make_table(game)
    scene, view = screen.scene, screen.view
    drone = scene.foes["drone-1"]
    assert drone.flying and "Flying: only Ranged damage hurts it fully" in drone.toolTip()
    king = next(item for item in scene.hand_items if item.card == by_name("King of Swords"))
    start_at = view.mapFromScene(king.sceneBoundingRect().center())
    target = view.mapFromScene(scene.bins["unarmed_strike"].sceneBoundingRect().center())
    qtbot.mousePress(view.viewport(), LEFT, pos=start_at)
    qtbot.mouseMove(view.viewport(), pos=start_at + QPointF(0, -30).toPoint())
    qtbot.mouseMove(view.viewport(), pos=target)
    qtbot.mouseRelease(view.viewport(), LEFT, pos=target)
    labels = [button.label for button in scene.prompt.buttons]
    assert any("1 lands (Flying)" in label for label in labels), labels
    shoot(screen, "damage-prompt-drone")
    qtbot.keyClick(view, Qt.Key.Key_1)  # the melee option: 7 offered, 1 lands
    assert screen.session.state.adversary("drone-1").hp == 5
