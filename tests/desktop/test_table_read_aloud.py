"""A screen reader can play RT:0's table: every card, bin, figure, token, option and log line is an accessible
child of the view, read back here through QAccessible (name, description, role, state, place on screen); keys move
the accessible focus, and a refused drop and new log lines are announced. Driven by real keys and a real drag."""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.spoken import TABLE_NAME
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.cards import CARDS
from tests.desktop.conftest import Heard, MakeTable
from tests.helpers.listening import children, named, table_face
from tests.helpers.table_games import offer_a_move

K = Qt.Key
R = QAccessible.Role
NAME, DESCRIPTION = QAccessible.Text.Name, QAccessible.Text.Description
LEFT = Qt.MouseButton.LeftButton


def screen_center(screen: TableScreen, item_rect_center: QPointF) -> QPoint:
    return screen.view.viewport().mapToGlobal(screen.view.mapFromScene(item_rect_center))


def test_every_part_of_the_table_is_a_child_with_words_role_and_place(make_table: MakeTable) -> None:
    screen = make_table()
    scene, state = screen.scene, screen.session.state
    face = table_face(screen.view)
    parts = children(face)
    mara = state.fighter("mara")
    expected = 1 + len(mara.hand) + len(scene.bins) + len(state.fighters) + len(state.adversaries) + 4 + 2
    assert face.childCount() == expected == len(parts)  # status, hand, bins, figures, room, piles, log, 2 buttons
    assert parts[0].role() == R.StatusBar and "Mara's turn" in parts[0].text(NAME)
    for index, card in enumerate(mara.hand):
        part = parts[1 + index]
        assert part.text(NAME) == f"{CARDS[card].name} in hand" and part.role() == R.ListItem
        assert part.text(DESCRIPTION).startswith(f"Key {index + 1}.")
        item = scene.hand_items[index]
        assert part.rect().contains(screen_center(screen, item.mapToScene(item.width / 2, item.height * 0.9)))
    strike = named(face, "Unarmed Strike bin")
    holder = scene.bins["unarmed_strike"]
    assert strike.role() == R.Button and ABILITIES["unarmed_strike"].summary in strike.text(DESCRIPTION)
    assert "Takes from the hand: 2 of Wands, 6 of Wands." in strike.text(DESCRIPTION)
    assert strike.rect().contains(screen_center(screen, holder.sceneBoundingRect().center()))
    point = strike.rect().center()
    assert face.childAt(point.x(), point.y()).text(NAME) == "Unarmed Strike bin"
    assert "20 HP" in named(face, "Mara, fighter").text(DESCRIPTION)
    assert "20/20 HP" in named(face, "Laborer 1, adversary").text(DESCRIPTION)
    room = named(face, "Room, 3 by 3 zones")
    tokens = [token.text(NAME) for token in children(room)]
    assert tokens == ["Mara in A3", "Jun in B3", "Laborer 1 in A1", "Laborer 2 in C1"]
    assert all(token.role() == R.Graphic and not token.rect().isEmpty() for token in children(room))
    log = named(face, "Log")
    assert log.role() == R.List and [line.text(NAME) for line in children(log)] == scene.log.lines
    undo = named(face, "Undo (Ctrl+Z)")
    assert undo.state().disabled and not named(face, "End Turn (E)").state().disabled


def test_keys_move_the_accessible_focus(qtbot: QtBot, make_table: MakeTable, listening: list[Heard]) -> None:
    screen = make_table()
    face = table_face(screen.view)
    assert face.focusChild() is None or face.focusChild().object() is not screen.scene.hand_items[1]
    qtbot.keyClick(screen.view, "2")  # picks up the 6 of Wands
    card = face.focusChild()
    assert card.text(NAME) == "6 of Wands in hand" and card.state().focused and card.state().selected
    assert Heard(QAccessible.Event.Focus, "6 of Wands in hand") in listening
    qtbot.keyClick(screen.view, K.Key_Tab)  # aims at the first bin that takes it
    aimed = face.focusChild()
    assert aimed.text(NAME) == "Unarmed Strike bin" and aimed.state().focused
    assert listening[-1] == Heard(QAccessible.Event.Focus, "Unarmed Strike bin")
    defend = named(face, "Defend bin")
    assert defend.state().disabled and "will not take 6 of Wands" in defend.text(DESCRIPTION)
    assert not named(face, "6 of Wands in hand").state().focused


def test_a_refused_drop_and_new_log_lines_are_announced(
    qtbot: QtBot, make_table: MakeTable, listening: list[Heard]
) -> None:
    screen = make_table()
    card = next(i for i in screen.scene.hand_items if CARDS[i.card].name == "6 of Wands")
    wrong = screen.scene.bins["defend"].sceneBoundingRect().center()
    viewport, start = screen.view.viewport(), card.sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=screen.view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(start + QPointF(0, -40)))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(wrong))
    qtbot.mouseRelease(viewport, LEFT, pos=screen.view.mapFromScene(wrong))
    refusal = screen.scene.bins["defend"].refusal
    assert Heard(QAccessible.Event.Focus, "Defend bin") in listening  # the drop aimed there, as Tab would
    said = [h for h in listening if h.kind == QAccessible.Event.Announcement]
    assert refusal and said == [Heard(QAccessible.Event.Announcement, refusal, urgent=True)]
    assert named(table_face(screen.view), "Defend bin").text(DESCRIPTION).startswith(f"Refused: {refusal}")
    assert table_face(screen.view).text(DESCRIPTION).startswith(refusal)  # the view's own description leads with it
    assert card.card in screen.session.state.fighter("mara").hand  # refused: nothing moved
    qtbot.keyClick(screen.view, K.Key_E)  # Mara ends her turn: the new lines are said, politely
    last = [h for h in listening if h.kind == QAccessible.Event.Announcement][-1]
    assert screen.scene.log.last in last.text and not last.urgent
    lines = children(named(table_face(screen.view), "Log"))
    assert lines[-1].text(NAME) == screen.scene.log.last and not lines[-1].state().invisible


def test_a_question_is_a_group_of_options_the_keys_walk(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    offer_a_move(qtbot, screen)
    pending = screen.session.state.pending
    assert pending is not None
    face = table_face(screen.view)
    question = named(face, f"Mara decides: {pending.prompt}")
    assert question.role() == R.Grouping
    options = children(question)
    assert [o.text(NAME) for o in options] == [o.label for o in pending.options]
    assert all(o.role() == R.Button for o in options) and options[0].state().focused
    middle = options[0].rect().center()  # the question lies over the bins: the point finds it, then its option
    assert face.childAt(middle.x(), middle.y()).text(NAME) == question.text(NAME)
    assert question.childAt(middle.x(), middle.y()).text(NAME) == options[0].text(NAME)
    qtbot.keyClick(screen.view, K.Key_Tab)
    assert face.focusChild().text(NAME) == pending.options[1].label
    assert question.focusChild().text(NAME) == pending.options[1].label
    mover = named(named(face, "Room, 3 by 3 zones"), "Mara in A3")
    assert "Moves on offer" in mover.text(DESCRIPTION)


def test_behind_the_curtain_no_part_names_the_hand(make_table: MakeTable) -> None:
    screen = make_table(hot_seat=True)
    face = table_face(screen.view)
    hand = [CARDS[c].name for c in screen.session.state.fighter("mara").hand]
    said = [f"{p.text(NAME)} {p.text(DESCRIPTION)}" for p in children(face)]
    assert not any(card in words for card in hand for words in said)
    curtain = named(face, "Pass to Mara")
    assert curtain.role() == R.Dialog and face.focusChild().text(NAME) == "Reveal (F2)"


def test_a_card_read_aloud_is_let_go_once_it_leaves_the_hand(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    face = table_face(screen.view)
    first = screen.scene.hand_items[0]
    assert named(face, f"{CARDS[first.card].name} in hand").object() is first
    gone = weakref.ref(first)
    del first
    qtbot.keyClick(screen.view, "1")  # the card onto Honk, which takes any card: the hand is dealt again
    qtbot.keyClick(screen.view, screen.scene.bins["honk"].letter.lower())
    qtbot.keyClick(screen.view, K.Key_Return)
    gc.collect()
    assert gone() is None  # its accessible interface held no reference to it
    assert face.childCount() == len(children(face))


def test_the_keys_list_takes_the_focus_and_gives_it_back(
    qtbot: QtBot, make_table: MakeTable, listening: list[Heard]
) -> None:
    screen = make_table()
    face = table_face(screen.view)
    qtbot.keyClick(screen.view, K.Key_F1)
    shown = face.focusChild()
    assert shown.role() == R.Dialog and shown.text(NAME) == screen.scene.viewer.title
    assert "end the turn" in shown.text(DESCRIPTION) and shown.state().focused
    qtbot.keyClick(screen.view, K.Key_Space)  # any key closes it: the focus goes back to the table itself
    assert listening[-1] == Heard(QAccessible.Event.Focus, TABLE_NAME)
