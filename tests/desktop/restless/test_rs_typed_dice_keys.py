"""The Restless's d20 tray takes a physical die typed in, by keys: the attack chosen with the arrows, its face typed
in the tray and Enter; a face that is no d20's refused in the tray; a reroll rolled by hand the same way."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QListWidget
from pytestqt.qtbot import QtBot

from rt0table.rules.restless import rs_actions as a
from rt0table.rules.restless.rs_play import legal_actions
from tests.helpers.rs_tables import play_until, rs_table


def select_by_keys(qtbot: QtBot, listing: QListWidget, wanted: a.RsAction) -> None:
    """Walk the list of choices with the arrow keys to ``wanted`` (no Enter: the tray takes the die)."""
    listing.setFocus()
    qtbot.keyClick(listing, Qt.Key.Key_Home)
    for _ in range(listing.count()):
        if listing.currentItem().data(Qt.ItemDataRole.UserRole) == wanted:
            return
        qtbot.keyClick(listing, Qt.Key.Key_Down)
    raise AssertionError(f"{wanted} is not in the list")


def type_die(qtbot: QtBot, entry: QLineEdit, text: str) -> None:
    entry.setFocus()
    qtbot.keyClicks(entry, text)
    qtbot.keyClick(entry, Qt.Key.Key_Return)


def test_an_attack_and_its_reroll_rolled_by_hand_and_typed_in_by_keys(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    screen, session = game.screen, game.session
    state = play_until(game, lambda s: s.phase == "combat" and s.rerolls > 0)
    attack = next(x for x in legal_actions(state) if isinstance(x, a.Attack))
    select_by_keys(qtbot, screen.choices, attack)
    assert screen.tray.entry.isEnabled()
    type_die(qtbot, screen.tray.entry, "21")
    assert "not a face" in screen.tray.problem.text() and session.state == state  # nothing sent
    screen.tray.entry.clear()
    type_die(qtbot, screen.tray.entry, "4 9")
    assert "at a time" in screen.tray.problem.text() and session.state == state
    screen.tray.entry.clear()
    type_die(qtbot, screen.tray.entry, "14")
    assert session.steps[-1].action == a.Attack(attack.hero, attack.item, 14)
    rolled = session.state
    assert rolled.roll is not None and rolled.roll.face == 14 and rolled.rng == state.rng
    assert "The die shows 14" in screen.tray.odds.text()
    select_by_keys(qtbot, screen.choices, a.Reroll())
    type_die(qtbot, screen.tray.entry, "7")
    after = session.state
    assert after.roll is not None and after.roll.face == 7 and after.rerolls == rolled.rerolls - 1
    assert any("by hand" in screen.log.item(i).text() for i in range(screen.log.count()))
    qtbot.keyClick(screen.choices, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.state == after, "a die shown stays: undo stops at a roll"
