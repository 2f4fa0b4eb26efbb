"""Tables in a known spot for the table's widget tests: two Laborers on a shielded Mara, a move on offer."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.quick_fights import full_bestiary
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.cards import Suit, minor
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game, new_combat


def two_laborers() -> Game:
    """Mara with 10 Shield beside two Laborers whose blows both go to her: 8, then 5 with the Shield left."""
    fighters = [FighterSetup("mara", "Mara", (1, 1)), FighterSetup("jun", "Jun", (1, 2))]
    foes = [AdversarySetup("laborer", (1, 1)), AdversarySetup("laborer", (1, 1))]
    state, events = new_combat(7, 3, fighters, foes, full_bestiary())
    first, second = state.adversaries
    first.intent, first.intent_hidden = minor(Suit.SWORDS, 5), False
    second.intent, second.intent_hidden = minor(Suit.WANDS, 5), False
    state.fighter("mara").shield = 10
    return Game(state, events)


def offer_a_move(qtbot: QtBot, screen: TableScreen) -> None:
    """Two cards on Movement / Skill by their keys: the engine asks where to move (or for a skill check)."""
    letter = screen.scene.bins["move_skill"].letter.lower()
    for _ in range(2):
        qtbot.keyClick(screen.view, "2")
        qtbot.keyClick(screen.view, letter)
        qtbot.keyClick(screen.view, Qt.Key.Key_Return)
    pending = screen.session.state.pending
    assert pending is not None and pending.kind == "step"
