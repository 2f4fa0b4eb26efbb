"""Keys typed at a solo table stay with the table: Tab never carries them into the oracle beside it, and the
oracle gets them only once the player moves there on purpose (F6, or a click)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.solo.dock import SoloDock
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.loner.journal import QuestionEntry
from tests.desktop.conftest import MakeTable
from tests.helpers.solo_tables import solo_table

K = Qt.Key
LEFT = Qt.MouseButton.LeftButton
# Tab and Shift+Tab between number keys and Enter: once Tab had moved focus to the oracle's question, "12" and Enter
# asked it a question.
TYPED = [
    K.Key_Tab,
    K.Key_1,
    K.Key_2,
    K.Key_Return,
    K.Key_Backtab,
    K.Key_3,
    K.Key_Space,
    K.Key_Tab,
    K.Key_Tab,
    K.Key_4,
    K.Key_5,
    K.Key_Enter,
    K.Key_9,
    K.Key_0,
]


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "no widget has the keyboard"
    return widget


def oracle_entries(dock: SoloDock) -> list[object]:
    """What the oracle itself put in the journal (the fight's own steps are written by the game)."""
    written = {w.entry for w in dock.solo.written}
    return [e for e in dock.solo.journal.entries if e.id not in written]


def table_with_the_keyboard(qtbot: QtBot, make_table: MakeTable) -> tuple[TableScreen, SoloDock]:
    screen, dock = solo_table(make_table)
    screen.activateWindow()
    screen.view.setFocus()
    qtbot.waitUntil(lambda: screen.view.hasFocus())
    return screen, dock


def test_tab_and_number_keys_at_a_solo_table_never_reach_the_oracle(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, dock = table_with_the_keyboard(qtbot, make_table)
    asked: list[None] = []
    dock.panel.state_changed.connect(lambda: asked.append(None))
    before, oracle = oracle_entries(dock), dock.panel.state
    picked = False
    for _ in range(3):
        for key in TYPED:
            qtbot.keyClick(focused(), key)  # where a real key goes: the widget with the keyboard
            assert focused() is screen.view, f"{key.name} moved the keyboard off the table"
            picked = picked or screen.controller.pick is not None
    assert asked == [] and oracle_entries(dock) == before and dock.panel.state.journal == oracle.journal
    assert dock.panel.question.text() == ""
    assert picked, "the number keys were the table's: they picked up cards"


def test_f6_or_a_click_moves_the_keys_to_the_oracle_and_back(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, dock = table_with_the_keyboard(qtbot, make_table)
    panel = dock.panel
    qtbot.keyClick(focused(), K.Key_F6)
    assert focused() is panel.tabs.tabBar()
    qtbot.keyClick(focused(), K.Key_F6)
    assert focused() is screen.view
    # A click in the question box is on purpose: what is typed there is asked.
    qtbot.mouseClick(panel.question, LEFT)
    assert focused() is panel.question
    qtbot.keyClicks(focused(), "Is anyone watching?")
    qtbot.keyClick(focused(), K.Key_Return)
    assert isinstance(dock.solo.journal.entries[-1], QuestionEntry)
    # A click back on the table gives it the keys again: the number keys pick up cards, not questions.
    entries = len(oracle_entries(dock))
    view = screen.view
    hand = screen.scene.hand_label.sceneBoundingRect()
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.mapFromScene(hand.left() + 2, hand.top() + 2))
    assert focused() is view
    qtbot.keyClick(focused(), K.Key_1)
    qtbot.keyClick(focused(), K.Key_Return)
    assert screen.controller.pick is not None or screen.session.game.actions
    assert len(oracle_entries(dock)) == entries and panel.question.text() == ""
