"""The bestiary editor: the GM makes and edits adversaries by typing, each checked by the one loader as typed (the
error names the file, the entry and the field), every intent card previewed by a dry run, kept in the GM's own file
in the save folder (the shipped bestiaries untouched, no stray file), and offered by the fight set-up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.assets.bundled import bundled_bytes
from rt0table.desktop.bestiary.bestiary_editor import BestiaryEditor
from rt0table.desktop.bestiary.user_bestiary import FILE_NAME, bestiary_path, fight_bestiary
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.fight_setup import KIND_ROLE, FightSetupScreen
from rt0table.desktop.flow.mode_screen import ModeScreen
from rt0table.desktop.flow.playthrough import Mode
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.content.adversaries import load_bestiary
from tests.helpers.flow_steps import current, start_fight
from tests.helpers.widgets import click


def retype(qtbot: QtBot, editor: BestiaryEditor, suit: str, text: str) -> None:
    line = editor.intents[suit]
    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Delete)
    qtbot.keyClicks(line, text)


@pytest.fixture
def editor(qtbot: QtBot, tmp_path: Path) -> BestiaryEditor:
    widget = BestiaryEditor(tmp_path / FILE_NAME)
    qtbot.addWidget(widget)
    widget.resize(1024, 640)
    widget.show()
    return widget


@pytest.mark.rule("ADV-INJURE")
def test_a_new_adversary_is_typed_checked_previewed_and_kept(qtbot: QtBot, editor: BestiaryEditor) -> None:
    shipped = bundled_bytes("adversaries", "house.json"), bundled_bytes("adversaries", "book.json")
    click(qtbot, editor.new_button)
    assert "<b>Swords</b>: move 1, 4 damage → moves to A2, hits A fighter for 4 → 16 HP" in editor.preview.text()
    assert "<b>Major</b>: draws another intent, face down, instead" in editor.preview.text()
    editor.id_edit.selectAll()
    qtbot.keyClicks(editor.id_edit, "dock_boss")
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "Dock Boss")
    retype(qtbot, editor, "Swords", '[{"do": "punch", "amount": 3}]')
    assert editor.status.text().startswith(
        f"{FILE_NAME}: adversary #1 (dock_boss): field 'intents.Swords[0].do': must be one of move, damage"
    )
    assert editor.preview.text() == ""
    retype(qtbot, editor, "Swords", '[{"do": "damage", "amount": 7}, {"do": "injure", "injury": "Blinded"}')
    assert "field 'intents.Swords': not JSON" in editor.status.text()
    qtbot.keyClicks(editor.intents["Swords"], "]")
    assert editor.status.text() == ""
    assert "<b>Swords</b>: 7 damage, gives Blinded → nobody in reach to hit" in editor.preview.text()
    click(qtbot, editor.keep_button)
    assert sorted(p.name for p in editor.path.parent.iterdir()) == [FILE_NAME]  # no stray file beside it
    kinds = load_bestiary(editor.path.read_text(encoding="utf-8"), FILE_NAME)  # the one loader reads it back
    assert kinds["dock_boss"].name == "Dock Boss" and kinds["dock_boss"].source == "house"
    assert kinds["dock_boss"].plan_for("Swords").steps[1].injury == "Blinded"
    assert (bundled_bytes("adversaries", "house.json"), bundled_bytes("adversaries", "book.json")) == shipped


def test_a_shipped_id_is_refused_and_the_file_is_left_as_it_was(qtbot: QtBot, editor: BestiaryEditor) -> None:
    click(qtbot, editor.new_button)
    click(qtbot, editor.keep_button)
    before = editor.path.read_bytes()
    editor.id_edit.selectAll()
    qtbot.keyClicks(editor.id_edit, "laborer")
    assert editor.status.text() == (
        f"{FILE_NAME}: adversary #1 (laborer): field 'id': is a shipped adversary's id; choose another"
    )
    assert not editor.keep() and editor.path.read_bytes() == before


def test_a_damaged_file_is_named_and_never_stops_a_fight(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text(json.dumps({"adversaries": [{"id": "x", "name": "X", "hp": 0, "intents": {}}]}), "utf-8")
    kinds, mine, problem = fight_bestiary(tmp_path)
    assert mine == frozenset() and "laborer" in kinds
    assert problem == f"{FILE_NAME}: adversary #1 (x): field 'hp': must be a whole number of at least 1, not 0"
    editor = BestiaryEditor(path)
    qtbot.addWidget(editor)
    assert problem in editor.status.text() and editor.list.count() == 0


def test_the_fight_set_up_opens_the_editor_and_offers_the_gms_adversaries(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(tmp_path)
    window.table_settings.replay_step_ms = 0
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    click(qtbot, window.title_screen.buttons["paradise"])
    mode = current(window)
    assert isinstance(mode, ModeScreen)
    click(qtbot, mode.buttons[Mode.SOLO])
    between = current(window)
    assert isinstance(between, BetweenFightsScreen)
    between.tabs.setCurrentIndex(1)  # the Day, after the map
    click(qtbot, between.day.next_button)
    setup = current(window)
    assert isinstance(setup, FightSetupScreen)
    click(qtbot, setup.edit_bestiary_button)
    editor = current(window)
    assert isinstance(editor, BestiaryEditor) and editor.path == bestiary_path(tmp_path)
    click(qtbot, editor.new_button)
    click(qtbot, editor.keep_button)
    click(qtbot, editor.done_button)
    setup = current(window)
    assert isinstance(setup, FightSetupScreen) and setup.mine == frozenset({"new_adversary"})
    rows = [setup.bestiary_list.item(i) for i in range(setup.bestiary_list.count())]
    assert any(row.text() == "Your own adversaries (your bestiary file)" for row in rows)
    row = next(i for i, item in enumerate(rows) if item.data(KIND_ROLE) == "new_adversary")
    setup.bestiary_list.setCurrentRow(row)
    click(qtbot, setup.add_button)
    assert setup.foes == ["new_adversary"]
    start_fight(qtbot, setup)
    table = current(window)
    assert isinstance(table, TableScreen)
    assert [a.kind for a in table.session.state.adversaries] == ["new_adversary"]


def test_the_balance_lab_offers_the_gms_adversaries_from_the_title(qtbot: QtBot, tmp_path: Path) -> None:
    editor = BestiaryEditor(bestiary_path(tmp_path))
    qtbot.addWidget(editor)
    click(qtbot, editor.new_button)
    click(qtbot, editor.keep_button)  # the GM's file now holds "new_adversary"
    window = MainWindow(tmp_path)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    click(qtbot, window.title_screen.buttons["lab"])
    lab = current(window)
    assert "new_adversary" in lab.bestiary and "laborer" in lab.bestiary  # type: ignore[attr-defined]
