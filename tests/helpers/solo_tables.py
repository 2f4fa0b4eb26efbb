"""A solo table with the oracle dock beside it, and a fight played to its end."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.solo.dock import SoloDock, attach_solo
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.fight.state import GM
from tests.desktop.conftest import MakeTable
from tests.helpers.solo_fights import greedy, knock_down_fight


def solo_table(make_table: MakeTable, game=None, seed: int = 5) -> tuple[TableScreen, SoloDock]:  # type: ignore[no-untyped-def]
    screen = make_table(game or knock_down_fight(seed=seed, card="9 of Swords"), size=(1600, 900))
    dock = attach_solo(screen, screen.session, SoloDock(source=random.Random(7)))
    return screen, dock


def play_to_the_end(qtbot: QtBot, screen: TableScreen, limit: int = 400) -> None:
    session = screen.session
    for _ in range(limit):
        state = session.state
        if state.result is not None:
            return
        pending = state.pending
        assert pending is None or pending.actor != GM, f"the GM's {pending.kind} was left waiting"
        if pending is not None:
            qtbot.keyClick(screen.view, Qt.Key.Key_1)  # the first option, by its number key
        else:
            assert session.submit(greedy(state))
    raise AssertionError("the fight did not end")
