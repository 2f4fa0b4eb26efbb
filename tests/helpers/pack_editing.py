"""Driving the pack editor in tests: the editor on screen, a row of its lists picked by mouse, a field typed over
by keys."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QListWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_pack_kinds import MOONS_GRAVE
from rt0table.desktop.packs.pack_editor import PackEditor
from tests.helpers.widgets import LEFT


def open_editor(qtbot: QtBot, width: int, height: int) -> PackEditor:
    """The Moon's Grave pack editor shown at this size."""
    editor = PackEditor(MOONS_GRAVE)
    qtbot.addWidget(editor)
    editor.resize(width, height)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def pick_row(qtbot: QtBot, items: QListWidget, text: str) -> None:
    found = items.findItems(text, Qt.MatchFlag.MatchExactly)
    assert found, text
    items.scrollToItem(found[0])
    qtbot.mouseClick(items.viewport(), LEFT, pos=items.visualItemRect(found[0]).center())
    assert items.currentItem() is found[0]


def retype(qtbot: QtBot, line: QLineEdit, text: str) -> None:
    qtbot.mouseClick(line, LEFT)
    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Backspace)
    qtbot.keyClicks(line, text)
