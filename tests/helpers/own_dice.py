"""The player's own dice typed into the oracle panel, by real clicks and keys, for the next question only."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from rt0table.desktop.solo.oracle_panel import OraclePanel
from tests.helpers.widgets import LEFT, set_spin, tick_box


def ask_with(qtbot: QtBot, panel: OraclePanel, question: str, *dice: int) -> None:
    """Ask ``question`` with these dice typed in (Chance first, then Risk, then a Twist's two if one comes due),
    then go back to the oracle's own dice."""
    if not panel.own_dice.isChecked():
        tick_box(qtbot, panel.own_dice)
    chance = panel.dice_edge().chance_dice
    risk = panel.dice_edge().risk_dice
    for spin, value in zip(panel.chance_spins[:chance] + panel.risk_spins[:risk], dice, strict=False):
        set_spin(qtbot, spin, value)
    for spin, value in zip(panel.twist_spins, dice[chance + risk :], strict=False):
        set_spin(qtbot, spin, value)
    qtbot.keyClicks(panel.question, question)
    qtbot.mouseClick(panel.roll_button, LEFT)
    tick_box(qtbot, panel.own_dice)
