"""A screen reader can play: the table's view tells, through QAccessible, whose turn it is, the hand by number,
the bins with their progress, the figures, a question with its options, and the newest log line. Read back through
QAccessible after real keys (each part on its own, and what is announced: test_table_read_aloud.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.spoken import TABLE_NAME
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.cards import CARDS
from tests.desktop.conftest import MakeTable
from tests.helpers.table_games import offer_a_move

K = Qt.Key


def heard(screen: TableScreen) -> tuple[str, str]:
    face = QAccessible.queryAccessibleInterface(screen.view)
    assert face is not None
    return face.text(QAccessible.Text.Name), face.text(QAccessible.Text.Description)


def test_the_table_is_described_card_by_card_and_bin_by_bin(make_table: MakeTable) -> None:
    screen = make_table()
    name, description = heard(screen)
    assert name == TABLE_NAME
    state = screen.session.state
    mara = state.fighter("mara")
    for index, card in enumerate(mara.hand):
        assert f"{index + 1} {CARDS[card].name}" in description
    for item in screen.scene.bins.values():
        assert f"{item.letter} {item.name} ({item.progress})" in description
    assert "Laborer 1 20 HP" in description and "Mara 20 HP" in description
    assert "Round 1: Mara's turn" in description


def test_a_question_is_read_with_its_options(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    offer_a_move(qtbot, screen)
    description = heard(screen)[1]
    pending = screen.session.state.pending
    assert pending is not None and pending.prompt in description
    for option in pending.options:
        assert option.label in description


def test_behind_the_curtain_the_description_keeps_the_hand_to_itself(make_table: MakeTable) -> None:
    screen = make_table(hot_seat=True)
    assert screen.scene.curtain.isVisible()
    description = heard(screen)[1]
    assert "hidden behind the curtain" in description
    for card in screen.session.state.fighter("mara").hand:
        assert CARDS[card].name not in description
