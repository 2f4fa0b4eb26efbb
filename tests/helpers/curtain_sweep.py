"""The curtain's key sweep, shared by every game whose table has a curtain: at a curtain moment each game supplies,
every key but the curtain's own (with and without Ctrl and Shift) and clicks on the curtain beside its button are
pressed on the real view, and after each one the curtain is still down, the engine state is unchanged and no private
information is drawn or readable; then the curtain's key lifts it and what it hid is shown to its seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsView
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.controls import CurtainItem

K = Qt.Key
M = Qt.KeyboardModifier
LEFT = Qt.MouseButton.LeftButton
CURTAIN_KEY = CurtainItem.KEY
MODIFIERS = [M.NoModifier, M.ControlModifier, M.ShiftModifier, M.ControlModifier | M.ShiftModifier]
NAMED_KEYS = (
    K.Key_Space, K.Key_Return, K.Key_Enter, K.Key_Tab, K.Key_Backtab, K.Key_Escape, K.Key_Left, K.Key_Right,
    K.Key_Up, K.Key_Down, K.Key_PageUp, K.Key_PageDown, K.Key_Home, K.Key_End, K.Key_Insert, K.Key_Backspace,
    K.Key_Delete, K.Key_Plus, K.Key_Minus, K.Key_Equal, K.Key_Question, K.Key_Slash, K.Key_Period, K.Key_Comma,
    K.Key_Menu,
)  # fmt: skip


@dataclass
class CurtainMoment:
    """A table with its curtain down over something private, as one game reaches it.

    ``leaks`` names every piece of the hidden seat's private information the table shows now (drawn, written,
    readable by a screen reader or open to the keys): empty while the curtain holds. ``lifted`` says, once the
    curtain's key lifted it, whether the seat it was lifted for now sees what is theirs (so the probe can fail); a
    curtain may come down again at once for whoever is next (RT:0's GM answers with the next player's hand covered)."""

    game: str
    view: QGraphicsView
    curtain: CurtainItem
    digest: Callable[[], str]  # the engine state's hash
    plies: Callable[[], int]  # how many steps the funnel holds
    leaks: Callable[[], list[str]]
    lifted: Callable[[], bool]


def every_key() -> Iterator[K]:
    """Every key a player might press at a table: letters, digits, F-keys, and the keys the tables answer to."""
    yield from (K(code) for code in range(K.Key_A, K.Key_Z + 1))
    yield from (K(code) for code in range(K.Key_0, K.Key_9 + 1))
    yield from (K(code) for code in range(K.Key_F1, K.Key_F12 + 1))
    yield from NAMED_KEYS


def other_presses() -> Iterator[tuple[K, M]]:
    """Every key with and without Ctrl and Shift, but the curtain's own key on its own."""
    for key in every_key():
        for modifier in MODIFIERS:
            if (key, modifier) != (CURTAIN_KEY, M.NoModifier):
                yield key, modifier


def assert_curtain_holds(moment: CurtainMoment, digest: str, plies: int, pressed: str) -> None:
    assert moment.curtain.isVisible(), f"{moment.game}: {pressed} lifted the curtain"
    assert moment.digest() == digest, f"{moment.game}: {pressed} changed the game behind the curtain"
    assert moment.plies() == plies, f"{moment.game}: {pressed} took a step behind the curtain"
    assert moment.leaks() == [], f"{moment.game}: {pressed} showed {moment.leaks()}"


def press_everything_but_the_curtain_key(qtbot: QtBot, moment: CurtainMoment) -> None:
    digest, plies = moment.digest(), moment.plies()
    assert_curtain_holds(moment, digest, plies, "nothing")
    for key, modifier in other_presses():
        qtbot.keyClick(moment.view, key, modifier)
        assert_curtain_holds(moment, digest, plies, f"{key.name} with {modifier!r}")
    # Clicks on the curtain beside its button lift nothing either.
    inset = moment.curtain.sceneBoundingRect().adjusted(6, 6, -6, -6)
    for spot in (inset.topLeft(), inset.bottomRight(), QPointF(inset.left() + inset.width() / 10, inset.center().y())):
        qtbot.mouseClick(moment.view.viewport(), LEFT, pos=moment.view.mapFromScene(spot))
        assert_curtain_holds(moment, digest, plies, f"a click at {spot}")


def sweep(qtbot: QtBot, moment: CurtainMoment) -> None:
    """The whole sweep: nothing but the curtain's key lifts it, then that key does, for the seat it names."""
    press_everything_but_the_curtain_key(qtbot, moment)
    digest = moment.digest()
    qtbot.keyClick(moment.view, CURTAIN_KEY)
    assert moment.digest() == digest, f"{moment.game}: lifting the curtain changed the game"
    assert moment.lifted(), f"{moment.game}: the seat the curtain was lifted for does not see what is theirs"
