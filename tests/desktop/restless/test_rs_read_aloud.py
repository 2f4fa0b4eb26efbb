"""A screen reader can play The Restless's table through the same mechanism as RT:0's: every piece (the Target,
each Character, each held item and empty slot, the die, the pools and decks) is an accessible child of the view with
its words, role and place; a refused drag is announced at once."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from rt0table.rules.restless.rs_state import RsState
from tests.desktop.conftest import Heard
from tests.helpers.listening import children, named, table_face
from tests.helpers.rs_tables import drag, piece, play_until, rs_table

R = QAccessible.Role
NAME, DESCRIPTION = QAccessible.Text.Name, QAccessible.Text.Description


def in_combat_with_an_item(state: RsState) -> bool:
    return state.phase == "combat" and any(h.items for h in state.living()) and len(state.living()) > 1


def test_the_table_reads_piece_by_piece_and_a_refused_drag_is_announced(qtbot: QtBot, listening: list[Heard]) -> None:
    game = rs_table(qtbot, players=2)
    state = play_until(game, in_combat_with_an_item)
    view = game.screen.view
    face = table_face(view)
    assert face.childCount() == len(game.screen.scene.pieces)
    holder = next(h for h in state.living() if h.items)
    name = state.card(holder.card).name
    hero = named(face, f"{name}, Character ({holder.seat})")
    assert f"Health {holder.health} of" in hero.text(DESCRIPTION) and hero.role() == R.Button
    held = piece(game, "held", holder.items[0])
    item = named(face, f"{state.card(holder.items[0]).name}, held by {name}")
    assert item.rect().contains(view.viewport().mapToGlobal(view.mapFromScene(held.mapRectToScene(held.box).center())))
    assert "Drag onto the Target" in item.text(DESCRIPTION)
    assert named(face, "d20").role() == R.StaticText
    assert all(child.text(NAME) for child in children(face))
    other = next(h for h in state.living() if h.card != holder.card)
    drag(qtbot, game, held, piece(game, "hero", hero=other.card))
    assert Heard(QAccessible.Event.Announcement, "Characters cannot trade items during Combat.", True) in listening
