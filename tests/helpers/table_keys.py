"""The table's keys as a player presses them: play a card, pick an option by Tab, win a fight."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.fight.actions import PlayCard
from rt0table.rules.rt0.fight.engine import legal_actions
from rt0table.rules.rt0.fight.state import Phase

K = Qt.Key


DIGITS = [K.Key_1, K.Key_2, K.Key_3, K.Key_4, K.Key_5, K.Key_6, K.Key_7, K.Key_8, K.Key_9]


NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def press(qtbot: QtBot, screen: TableScreen, key: K, modifier: Qt.KeyboardModifier = NO_MODIFIER) -> None:
    qtbot.keyClick(screen.view, key, modifier)


def letter_key(letter: str) -> K:
    return K(ord(letter))


def play_by_keys(qtbot: QtBot, screen: TableScreen, action: PlayCard) -> None:
    """Number of the card, letter of the bin, Enter: the way a keyboard player plays a card."""
    index = [item.card for item in screen.scene.hand_items].index(action.card)
    press(qtbot, screen, DIGITS[index])
    press(qtbot, screen, letter_key(screen.scene.bins[action.ability].letter))
    press(qtbot, screen, K.Key_Return)


def choose_by_tab(qtbot: QtBot, screen: TableScreen, option: int) -> None:
    for _ in range(option):
        press(qtbot, screen, K.Key_Tab)
    assert screen.scene.prompt.focus == option
    press(qtbot, screen, K.Key_Return)


def win_the_fight(qtbot: QtBot, screen: TableScreen) -> None:
    """Keys for cards (Unarmed Strike, then Defend, else End Turn), the prompt panel for every choice."""
    session = screen.session
    for _ in range(300):
        state = session.state
        if state.phase is Phase.OVER:
            return
        if state.pending is not None:
            if len(state.pending.options) > 2:
                choose_by_tab(qtbot, screen, 0)
            else:
                button = screen.scene.prompt.buttons[0]
                point = screen.view.mapFromScene(button.sceneBoundingRect().center())
                qtbot.mouseClick(screen.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
            continue
        legal = [a for a in legal_actions(state) if isinstance(a, PlayCard)]
        best = next((a for b in ("unarmed_strike", "defend") for a in legal if a.ability == b), None)
        if best is None:
            press(qtbot, screen, K.Key_E)
        else:
            play_by_keys(qtbot, screen, best)
