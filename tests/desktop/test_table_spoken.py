"""A screen reader can play: the table's view tells, through QAccessible, whose turn it is, the hand by number,
the bins with their progress, the figures, a question with its options, and the newest log line; a refusal and
new log lines come first in it as they are announced. Read back through QAccessible after real keys and drags."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.spoken import TABLE_NAME
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.cards import CARDS
from tests.desktop.conftest import MakeTable
from tests.helpers.table_games import offer_a_move

K = Qt.Key
LEFT = Qt.MouseButton.LeftButton


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


def test_a_refusal_and_new_log_lines_are_announced(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    card = next(i for i in screen.scene.hand_items if CARDS[i.card].name == "6 of Wands")
    wrong = screen.scene.bins["defend"].sceneBoundingRect().center()
    viewport = screen.view.viewport()
    start = card.sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=screen.view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(start + QPointF(0, -40)))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(wrong))
    qtbot.mouseRelease(viewport, LEFT, pos=screen.view.mapFromScene(wrong))
    refusal = screen.scene.bins["defend"].refusal
    assert refusal and heard(screen)[1].startswith(refusal)
    assert card.card in screen.session.state.fighter("mara").hand  # refused: nothing moved
    qtbot.keyClick(screen.view, K.Key_E)  # Mara ends her turn: the log's new lines are said
    newest = screen.scene.log.last
    assert newest and newest in heard(screen)[1]


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
