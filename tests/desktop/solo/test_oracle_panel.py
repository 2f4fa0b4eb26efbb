"""The oracle panel, driven through its real widgets offscreen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget
from pytestqt.qtbot import QtBot

from rt0table.assets.loner import TABLES_FILE, tables_text
from rt0table.desktop.solo.oracle_panel import OraclePanel
from rt0table.rules.loner.journal import InspirationEntry, NoteEntry, QuestionEntry, TwistEntry
from rt0table.rules.loner.oracle import Answer, Edge
from rt0table.rules.loner.tables import LonerTables, load_tables
from rt0table.rules.loner.twist import TwistCounter
from tests.helpers.own_dice import ask_with
from tests.helpers.widgets import LEFT, set_spin, tick_box

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


@pytest.fixture(scope="module")
def tables() -> LonerTables:
    return load_tables(tables_text(), TABLES_FILE)


@pytest.fixture
def panel(qtbot: QtBot, tables: LonerTables) -> OraclePanel:
    widget = OraclePanel(tables, tags=["Nimble", "Streetwise", "Guarded", "Lockdown"], seed=20)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def pick(qtbot: QtBot, view: QListWidget, text: str) -> None:
    item = view.findItems(text, Qt.MatchFlag.MatchExactly)[0]
    view.scrollToItem(item)
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.visualItemRect(item).center())


def test_typed_question_and_click_roll(qtbot: QtBot, panel: OraclePanel) -> None:
    qtbot.keyClicks(panel.question, "Is the guard asleep?")
    with qtbot.waitSignal(panel.state_changed):
        qtbot.mouseClick(panel.roll_button, LEFT)
    entry = panel.state.journal.entries[0]
    assert isinstance(entry, QuestionEntry) and entry.question == "Is the guard asleep?"
    assert panel.answer_label.text() == entry.roll.answer.label
    assert panel.chance_label.text().startswith(f"Chance {entry.roll.chance}")
    assert panel.risk_label.text().startswith(f"Risk {entry.roll.risk}")
    assert panel.question.text() == ""
    assert panel.journal_view.count() == 1 and "Is the guard asleep?" in panel.journal_view.item(0).text()


def test_tags_set_the_edge_and_the_odds(qtbot: QtBot, panel: OraclePanel) -> None:
    assert panel.odds_bars[Answer.YES_AND].format().startswith("8.3%")
    pick(qtbot, panel.tags_for.list, "Nimble")
    assert panel.edge_reading().edge is Edge.ADVANTAGE
    assert panel.edge_label.text().startswith("Advantage")
    assert panel.odds_bars[Answer.YES_AND].format().startswith("14.4%")
    pick(qtbot, panel.tags_against.list, "Guarded")
    pick(qtbot, panel.tags_against.list, "Lockdown")
    assert panel.edge_reading().edge is Edge.DISADVANTAGE
    assert panel.odds_bars[Answer.NO_AND].format().startswith("14.4%")
    qtbot.keyClicks(panel.tags_against.field, "Wounded Leg")
    qtbot.keyClick(panel.tags_against.field, Qt.Key.Key_Return)
    assert "Wounded Leg" in panel.tags_against.picked()
    pick(qtbot, panel.tags_against.list, "Guarded")
    pick(qtbot, panel.tags_against.list, "Lockdown")
    pick(qtbot, panel.tags_against.list, "Wounded Leg")
    assert panel.edge_reading().edge is Edge.ADVANTAGE


def test_a_tag_on_both_sides_blocks_the_roll(qtbot: QtBot, panel: OraclePanel) -> None:
    pick(qtbot, panel.tags_for.list, "Nimble")
    pick(qtbot, panel.tags_against.list, "Nimble")
    assert not panel.roll_button.isEnabled()
    assert "both for and against" in panel.edge_label.text()


def test_entered_dice_with_advantage(qtbot: QtBot, panel: OraclePanel) -> None:
    pick(qtbot, panel.tags_for.list, "Streetwise")
    tick_box(qtbot, panel.own_dice)
    assert panel.dice_form.isVisible()
    assert panel.chance_spins[1].isEnabled() and not panel.risk_spins[1].isEnabled()
    set_spin(qtbot, panel.chance_spins[0], 2)
    set_spin(qtbot, panel.chance_spins[1], 5)
    set_spin(qtbot, panel.risk_spins[0], 4)
    qtbot.keyClicks(panel.question, "Can I charm the merchant?")
    qtbot.keyClick(panel.question, Qt.Key.Key_Return)
    assert panel.last is not None
    roll = panel.last.roll
    assert (roll.throw.chance, roll.throw.risk, roll.answer) == ((2, 5), (4,), Answer.YES_AND)
    assert panel.chance_label.text() == "Chance 5  (2, 5)"
    assert panel.answer_label.text() == "Yes, and…"


def test_third_doubles_roll_a_twist_from_entered_dice(qtbot: QtBot, tables: LonerTables) -> None:
    panel = OraclePanel(tables, seed=1)
    qtbot.addWidget(panel)
    panel.show()
    panel.state = type(panel.state)(counter=TwistCounter(2))
    panel.refresh()
    assert "2 / 3" in panel.twist_label.text()
    assert "16.7%" in panel.odds_note.text().split("a Twist on this roll")[1]
    tick_box(qtbot, panel.own_dice)
    set_spin(qtbot, panel.chance_spins[0], 4)
    set_spin(qtbot, panel.risk_spins[0], 4)
    set_spin(qtbot, panel.twist_spins[0], 1)
    set_spin(qtbot, panel.twist_spins[1], 5)
    qtbot.keyClicks(panel.question, "Do the files hold evidence?")
    qtbot.mouseClick(panel.roll_button, LEFT)
    assert panel.state.counter.value == 0 and not panel.state.twist_due
    twist = panel.state.journal.entries[-1]
    assert isinstance(twist, TwistEntry) and twist.twist.action == "Changes the goal"
    assert "0 / 3" in panel.twist_label.text()
    assert panel.twist_result.text().startswith("Twist! A third party + Changes the goal")


def test_conflict_box_stops_the_counter(qtbot: QtBot, panel: OraclePanel) -> None:
    tick_box(qtbot, panel.conflict_box)
    assert panel.state.in_conflict
    ask_with(qtbot, panel, "Do I dodge the blow?", 3, 3)
    assert panel.last is not None and panel.last.roll.doubles
    assert panel.state.counter.value == 0


def test_empty_question_is_refused_with_a_reason(qtbot: QtBot, panel: OraclePanel) -> None:
    qtbot.mouseClick(panel.roll_button, LEFT)
    assert panel.state.journal.entries == ()
    assert "question" in panel.error_label.text()


def test_inspiration_by_key_and_button(qtbot: QtBot, panel: OraclePanel) -> None:
    panel.question.setFocus()
    qtbot.keyClick(panel.question, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    qtbot.mouseClick(panel.inspire_button, LEFT)
    entries = panel.state.journal.entries
    assert len(entries) == 2 and all(isinstance(e, InspirationEntry) for e in entries)
    assert panel.inspiration_label.text()


def test_annotate_the_selected_entry_and_export(qtbot: QtBot, panel: OraclePanel, tmp_path: Path) -> None:
    qtbot.keyClicks(panel.question, "Is the door open?")
    qtbot.mouseClick(panel.roll_button, LEFT)
    pick(qtbot, panel.journal_view, panel.journal_view.item(0).text())
    qtbot.keyClicks(panel.note_edit, "It creaks.")
    qtbot.mouseClick(panel.note_button, LEFT)
    note = panel.state.journal.entries[-1]
    assert isinstance(note, NoteEntry) and (note.text, note.about) == ("It creaks.", 1)
    panel.journal_view.clearSelection()
    qtbot.keyClicks(panel.note_edit, "A free note.")
    qtbot.keyClick(panel.note_edit, Qt.Key.Key_Return)
    free = panel.state.journal.entries[-1]
    assert isinstance(free, NoteEntry) and free.about is None
    assert panel.journal_view.count() == 3
    text = panel.export_markdown(tmp_path / "journal.md", "Night run")
    assert (tmp_path / "journal.md").read_text(encoding="utf-8") == text
    assert text.startswith("# Night run")
    assert "Is the door open?" in text and "  - *Note (on entry 1):* It creaks." in text
    assert "CC BY-SA 4.0" in text


def test_screenshot(qtbot: QtBot, panel: OraclePanel) -> None:
    pick(qtbot, panel.tags_for.list, "Nimble")
    pick(qtbot, panel.tags_against.list, "Guarded")
    pick(qtbot, panel.tags_against.list, "Lockdown")
    for question in ("Does Zahra slip past the checkpoint?", "Is the passage still open?"):
        qtbot.keyClicks(panel.question, question)
        qtbot.mouseClick(panel.roll_button, LEFT)
    qtbot.mouseClick(panel.inspire_button, LEFT)
    panel.resize(panel.sizeHint().expandedTo(panel.minimumSizeHint()) * 1.2)
    SCREENSHOTS.mkdir(exist_ok=True)
    image = panel.grab()
    assert not image.isNull()
    assert image.save(str(SCREENSHOTS / "oracle_panel.png"))
