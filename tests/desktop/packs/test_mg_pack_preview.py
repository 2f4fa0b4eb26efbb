"""The pack editor's live preview of a Moon's Grave entry, on the real editor widget: an NPC drawn as its card on the
table, a perk as on the perk rail, a soak track as on a sheet; redrawn as fields are typed; an entry the reader
refuses says which field, and a kind the table never draws says so."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_scene import FOE_FILL
from rt0table.desktop.packs.pack_editor import PackEditor
from tests.helpers.pack_editing import open_editor, pick_row, retype

PERK_FILL = QColor("#2f3b2c")  # a perk card on the rail
TRACK_FILL = QColor("#39424e")  # a soak track not yet used


@pytest.fixture
def editor(qtbot: QtBot) -> PackEditor:
    return open_editor(qtbot, 1024, 640)


def shown(editor: PackEditor) -> QImage:
    assert editor.preview is not None
    return editor.preview.grab().toImage()


def inside(editor: PackEditor, image: QImage) -> QColor:
    """The colour just inside the top edge of the drawn plate, midway across: its fill, above its words."""
    assert editor.preview is not None
    box, scale = editor.preview.card_box(), editor.preview.devicePixelRatioF()
    return image.pixelColor(int(box.center().x() * scale), int((box.top() + 4 + 3) * scale))


def line(editor: PackEditor, field: str) -> QLineEdit:
    widget = editor.fields[field]
    assert isinstance(widget, QLineEdit)
    return widget


def test_an_npc_is_previewed_as_its_card_on_the_table_and_redrawn_as_it_is_typed(
    qtbot: QtBot, editor: PackEditor
) -> None:
    pick_row(qtbot, editor.kinds, "NPCs")
    pick_row(qtbot, editor.entries, "npcs 'Lieutenant (4), Beckon 1, Evasion 5'")
    assert editor.preview is not None and editor.preview.face is not None
    before = shown(editor)
    assert inside(editor, before) == FOE_FILL  # the table's NPC card
    retype(qtbot, line(editor, "line"), "Lieutenant (6), Beckon 1, Evasion 5")
    assert editor.preview.face is not None and shown(editor) != before  # a new level: new talents on the card
    retype(qtbot, line(editor, "line"), "Lieutenant, Beckon 1")  # no level: the reader refuses the line
    assert editor.preview.face is None
    assert editor.preview.reason.startswith("npcs.json: npcs 'Lieutenant, Beckon 1': field 'line': ")
    assert shown(editor) != before


def test_a_perk_and_a_soak_track_are_previewed_as_the_table_draws_them(qtbot: QtBot, editor: PackEditor) -> None:
    pick_row(qtbot, editor.kinds, "Perks")
    pick_row(qtbot, editor.entries, "perks 'sword-flourish'")
    assert editor.preview is not None and editor.preview.face is not None
    before = shown(editor)
    assert inside(editor, before) == PERK_FILL  # the perk rail's card
    retype(qtbot, line(editor, "cost"), "12")
    assert editor.preview.face is None
    assert editor.preview.reason == "perks.json: perks 'sword-flourish': field 'cost': is 12; it must be 1 to 9"
    retype(qtbot, line(editor, "cost"), "3")
    assert editor.preview.face is not None and shown(editor) != before  # [3★] on the card now
    pick_row(qtbot, editor.kinds, "Soak tracks")
    pick_row(qtbot, editor.entries, "tracks 'broken-bone'")
    track = shown(editor)
    assert inside(editor, track) == TRACK_FILL  # a sheet's soak track
    retype(qtbot, line(editor, "name"), "Cracked Rib")
    assert editor.preview.face is not None and shown(editor) != track
    pick_row(qtbot, editor.kinds, "Employers")
    assert editor.preview.face is None and "the table draws no employers" in editor.preview.reason
