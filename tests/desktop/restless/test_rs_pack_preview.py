"""The pack editor's live preview of a Restless card: drawn by the table's card renderer from the fields as they are
typed, from the pack's scan when the card names one, and the reader's words when an entry cannot be drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from rt0table.desktop.packs.pack_editor import PackEditor
from rt0table.desktop.packs.pack_library import PACK_DIR_VAR
from rt0table.desktop.restless.restless_pack_kinds import RESTLESS
from rt0table.desktop.restless.restless_scene import fresh_note
from rt0table.rules.restless.rs_pack import read_card
from rt0table.rules.restless.rs_pack_folder import write_rs_folder
from rt0table.rules.restless.rs_practice import practice_pack

MAGENTA = QColor("#ff00ff")


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(PACK_DIR_VAR, str(tmp_path / "packs"))
    return tmp_path / "packs"


def shown(editor: PackEditor) -> QImage:
    assert editor.preview is not None
    return editor.preview.grab().toImage()


def test_typing_in_a_field_redraws_the_preview(qtbot: QtBot, packs: Path) -> None:
    editor = PackEditor(RESTLESS)
    qtbot.addWidget(editor)
    editor.resize(1024, 640)
    editor.show()
    assert editor.preview is not None and editor.preview.face is not None  # the first Character, drawn
    before = shown(editor)
    name = editor.fields["name"]
    assert isinstance(name, QLineEdit)
    name.setFocus()
    name.selectAll()
    qtbot.keyClicks(name, "Iron Warden")
    assert editor.draft is not None and editor.draft.entry(RESTLESS.kind("Characters"), 0)["name"] == "Iron Warden"
    assert shown(editor) != before
    health = editor.fields["health"]
    assert isinstance(health, QLineEdit)
    health.setFocus()
    health.selectAll()
    qtbot.keyClick(health, Qt.Key.Key_Backspace)  # an empty Health: the reader refuses, the preview says why
    assert editor.preview.face is None and "field 'health'" in editor.preview.reason
    qtbot.keyClicks(health, "12")
    assert editor.preview.face is not None and editor.preview.reason == ""


def retype(qtbot: QtBot, editor: PackEditor, field: str, text: str) -> QImage:
    """``text`` typed over the field by keys; the preview after."""
    line = editor.fields[field]
    assert isinstance(line, QLineEdit)
    line.setFocus()
    line.selectAll()
    qtbot.keyClicks(line, text)
    return shown(editor)


def test_a_characters_preview_shows_its_health_and_what_it_carries_as_on_the_table(qtbot: QtBot, packs: Path) -> None:
    editor = PackEditor(RESTLESS)
    qtbot.addWidget(editor)
    editor.resize(1024, 640)
    editor.show()
    first = shown(editor)  # the first Character
    stronger = retype(qtbot, editor, "health", "13")
    assert stronger != first  # Health is on the face: a new Health redraws it
    assert retype(qtbot, editor, "max_weight", "3") != stronger
    assert editor.draft is not None
    card = read_card("characters", editor.draft.entry(RESTLESS.kind("Characters"), 0))
    assert fresh_note(card) == "♥ 13/13 · Carries 3"


def test_a_card_with_a_scan_in_its_pack_is_previewed_from_it(qtbot: QtBot, packs: Path) -> None:
    folder = packs / "restless" / "scanned"
    write_rs_folder(practice_pack(), folder)
    scan = QImage(50, 70, QImage.Format.Format_RGB32)
    scan.fill(MAGENTA)
    (folder / "images").mkdir()
    assert scan.save(str(folder / "images" / "scan.png"))
    editor = PackEditor(RESTLESS)
    qtbot.addWidget(editor)
    editor.resize(1024, 640)
    editor.show()
    editor.picker.setCurrentIndex(1)
    editor.open_listing(editor.listings[1])
    assert editor.draft is not None and editor.draft.folder == folder
    image = editor.fields["image"]
    assert isinstance(image, QLineEdit)
    image.setFocus()
    qtbot.keyClicks(image, "scan.png")
    assert editor.preview is not None
    image_now = shown(editor)
    centre = editor.preview.card_box().center()
    assert image_now.pixelColor(int(centre.x()), int(centre.y())) == MAGENTA
