"""Solo play on a real TableScreen: the dock beside the table, the oracle and its Twist Counter, a fight played
to the end with the GM's decisions answered by the stand-in, and the journal that wrote itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSplitter, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.solo.dock import GM_LABEL, SoloDock, attach_solo, solo_panel
from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.quick_fights import quick_fight
from rt0table.rules.loner.journal import FightEntry, InspirationEntry, QuestionEntry, SkillCheckEntry
from rt0table.rules.rt0.fight.actions import Choose, PlayCard
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.solo.gm_stand_in import GmChoice
from tests.desktop.conftest import MakeTable
from tests.desktop.conftest import shoot as shoot_now
from tests.helpers.own_dice import ask_with
from tests.helpers.solo_fights import knock_down_fight, skill_check_fight
from tests.helpers.solo_tables import play_to_the_end, solo_table
from tests.helpers.widgets import set_spin, tick_box

LEFT = Qt.MouseButton.LeftButton


def shoot(widget: QWidget, name: str) -> Path:
    """A screenshot once the layouts have settled (a label's new text re-lays the panel on the next pass)."""
    for _ in range(3):
        QApplication.processEvents()
    return shoot_now(widget, name)  # type: ignore[arg-type]


def test_the_dock_sits_beside_the_table_and_the_table_lays_out_for_the_rest(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    screen, dock = solo_table(make_table)
    splitter = screen.findChild(QSplitter, "solo-splitter")
    assert splitter is not None and splitter.widget(0) is screen.view and splitter.widget(1).isAncestorOf(dock)
    qtbot.waitUntil(lambda: dock.width() > 0)
    assert dock.isVisible() and dock.panel.twist_label.isVisible()
    assert dock.mapTo(screen, dock.rect().topLeft()).x() >= screen.view.geometry().right()
    viewport = screen.view.viewport().width()
    assert viewport < screen.width() and abs(screen.scene.sceneRect().width() - viewport) < 2
    assert screen.controller.gm_label == GM_LABEL
    opening = dock.solo.journal.entries[0]
    assert isinstance(opening, FightEntry) and opening.sides == ("Mara and Jun", "Executare")
    shoot(screen, "solo-table")


def test_asking_rolling_and_the_twist_counter_on_doubles(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, dock = solo_table(make_table)
    panel = dock.panel
    assert "0 / 3" in panel.twist_label.text()
    ask_with(qtbot, panel, "Does the guard hear us?", 4, 4)
    entry = dock.solo.journal.entries[-1]
    assert isinstance(entry, QuestionEntry) and entry.roll.doubles and entry.twist_counter == 1
    assert "1 / 3" in panel.twist_label.text() and "●○○" in panel.twist_label.text()
    tick_box(qtbot, panel.own_dice)
    set_spin(qtbot, panel.chance_spins[0], 6)
    set_spin(qtbot, panel.risk_spins[0], 5)
    qtbot.keyClicks(panel.question, "Is the door open?")
    qtbot.keyClick(panel.question, Qt.Key.Key_Return)
    assert "1 / 3" in panel.twist_label.text(), "no doubles: the counter stays"
    assert panel.answer_label.text() == "Yes, and…"
    assert [type(e) for e in dock.solo.journal.entries[-2:]] == [QuestionEntry, QuestionEntry]
    shoot(screen, "solo-oracle-asked")


def test_inspiration_is_one_key_away_even_from_the_table(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, dock = solo_table(make_table)
    screen.activateWindow()
    screen.view.setFocus()
    qtbot.waitUntil(lambda: screen.view.hasFocus())
    qtbot.keyClick(screen.view, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert isinstance(dock.solo.journal.entries[-1], InspirationEntry)
    assert dock.panel.inspiration_label.text()


def test_a_solo_fight_to_the_end_with_the_gm_answered_and_the_summary_written(
    qtbot: QtBot, make_table: MakeTable, tmp_path: Path
) -> None:
    screen, dock = solo_table(make_table)
    play_to_the_end(qtbot, screen)
    state = screen.session.state
    lines = screen.scene.log.lines
    assert any(line.startswith("The oracle decides for the GM:") and "Strategic" in line for line in lines)
    assert any("Majors on offer" in line for line in lines if line.startswith("The oracle decides"))
    assert "Oracle for the GM" in dock.gm_line.text()
    summary = dock.solo.journal.entries[-1]
    assert isinstance(summary, FightEntry) and summary.rounds == state.round
    assert summary.outcome == "Victory" and "Mara took" in summary.summary
    dock.panel.tabs.setCurrentIndex(1)
    qtbot.waitUntil(lambda: dock.panel.journal_view.isVisible())
    assert "Victory" in dock.panel.journal_view.item(dock.panel.journal_view.count() - 1).text()
    shoot(screen, "solo-fight-over-journal")
    text = dock.export_markdown(tmp_path / "journal.md")
    assert (tmp_path / "journal.md").read_text(encoding="utf-8") == text
    assert "**Fight:** 3x3 room (Mara and Jun vs Executare), **begins**." in text
    assert f"{state.round} rounds → **Victory**" in text and "Mara took" in text
    assert "Loner 4e" in text


def test_undo_takes_the_fights_summary_back_out_of_the_journal(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, dock = solo_table(make_table)
    play_to_the_end(qtbot, screen)
    assert isinstance(dock.solo.journal.entries[-1], FightEntry)
    count = len(dock.solo.journal.entries)
    assert screen.session.undo_refusal() is None, "choosing the last foe's fate showed no hidden card"
    qtbot.keyClick(screen.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert screen.session.state.result is None
    assert len(dock.solo.journal.entries) == count - 1
    assert dock.panel.journal_view.count() == count - 1
    play_to_the_end(qtbot, screen)
    assert len(dock.solo.journal.entries) == count


def test_the_player_sets_an_in_fight_check_and_the_journal_keeps_it(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, dock = solo_table(make_table, skill_check_fight())
    session = screen.session
    for card in list(session.state.fighter("mara").hand)[:2]:
        session.submit(PlayCard("mara", card, "move_skill"))
    session.submit(Choose(len(session.state.pending.options) - 1))  # type: ignore[union-attr]
    session.submit(Choose(0))
    pending = session.state.pending
    assert pending is not None and pending.kind == "check-difficulty"
    assert screen.scene.prompt.isVisible() and screen.scene.prompt.who == GM_LABEL
    shoot(screen, "solo-gm-difficulty-prompt")
    hard = next(i for i, o in enumerate(pending.options) if o.label == "Hard")
    qtbot.keyClick(screen.view, Qt.Key(Qt.Key.Key_1 + hard))
    entry = dock.solo.journal.entries[-1]
    assert isinstance(entry, SkillCheckEntry) and entry.difficulty == "Hard" and entry.actor == "Mara"


def test_the_oracle_can_set_the_difficulty_instead(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, dock = solo_table(make_table, skill_check_fight())
    session = screen.session
    for card in list(session.state.fighter("mara").hand)[:2]:
        session.submit(PlayCard("mara", card, "move_skill"))
    session.submit(Choose(len(session.state.pending.options) - 1))  # type: ignore[union-attr]
    session.submit(Choose(0))
    dock.gm_box.setChecked(True)
    entry = dock.solo.journal.entries[-1]
    assert isinstance(entry, SkillCheckEntry) and entry.difficulty == "Medium"
    assert "Medium" in dock.gm_line.text()


def test_an_answer_after_a_reveal_stands_with_a_reason(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, _ = solo_table(make_table, knock_down_fight())
    session = screen.session
    qtbot.keyClick(screen.view, Qt.Key.Key_E)
    qtbot.keyClick(screen.view, Qt.Key.Key_E)
    assert session.answered, "the stand-in hit Mara and picked her injury"
    assert session.state.fighter("mara").injuries
    assert session.undo_refusal() is not None


def test_the_panel_works_between_fights_and_carries_the_journal_into_the_next(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    dock = solo_panel(seed=2)
    qtbot.addWidget(dock)
    dock.resize(520, 860)
    dock.show()
    qtbot.waitExposed(dock)
    qtbot.keyClicks(dock.panel.question, "Is the corridor empty?")
    qtbot.mouseClick(dock.panel.roll_button, LEFT)
    assert isinstance(dock.solo.journal.entries[-1], QuestionEntry)
    shoot(dock, "solo-between-fights")
    screen, _ = solo_table(make_table, quick_fight(3), dock=dock)
    entries = dock.solo.journal.entries
    assert isinstance(entries[0], QuestionEntry) and isinstance(entries[1], FightEntry)
    assert dock.solo.fight == 1
    dock.detach()
    assert screen.session.responder is None


class FirstOption:
    """A responder that answers every decision with its first option (for the undo chain)."""

    def respond(self, state: CombatState) -> GmChoice | None:
        pending = state.pending
        return None if pending is None else GmChoice(pending.kind, 0, pending.options[0].label, "the first one")


def test_one_undo_takes_back_the_answers_with_the_step_that_called_for_them(qtbot: QtBot) -> None:
    session = Session(quick_fight(1))
    session.set_responder(FirstOption())
    hand = list(session.state.fighter("mara").hand)
    session.submit(PlayCard("mara", hand[0], "move_skill"))
    after_first = session.state
    session.submit(PlayCard("mara", hand[1], "move_skill"))
    assert session.state.fighter("mara").zone != after_first.fighter("mara").zone, "the responder moved her"
    assert len(session.game.steps) == 3 and session.answered == {3}
    assert session.undo()
    assert session.state is after_first and session.answered == set()


@pytest.fixture(autouse=True)
def _no_file_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rt0table.desktop.solo.dock.QFileDialog.getSaveFileName", lambda *a, **k: ("", ""))


def test_solo_has_no_hot_seat_curtain_and_leaves_other_tables_theirs(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(knock_down_fight(), hot_seat=True, size=(1600, 900))
    shared = screen.settings
    attach_solo(screen, screen.session, SoloDock(seed=1))
    assert not screen.scene.curtain.isVisible() and not screen.controller.settings.hot_seat
    assert shared.hot_seat, "the main window's settings object is not changed"


def test_scenes_are_framed_and_closed_from_the_panel_into_the_journal(qtbot: QtBot, make_table: MakeTable) -> None:
    dock = solo_panel(seed=4)
    qtbot.addWidget(dock)
    dock.resize(520, 900)
    dock.show()
    qtbot.waitExposed(dock)
    panel = dock.panel
    panel.tabs.setCurrentIndex(2)
    assert panel.tabs.tabText(2) == "Scene"
    assert panel.scene_opening.isVisible() and not panel.scene_closing.isVisible()
    qtbot.keyClicks(panel.scene_where, "The loading dock, cold and loud")
    qtbot.keyClicks(panel.scene_who, "A security robot")
    qtbot.keyClicks(panel.scene_goal, "Get past it")
    qtbot.mouseClick(panel.open_scene_button, LEFT)
    assert panel.scene_closing.isVisible() and "Scene 1" in panel.scene_label.text()
    shoot(dock, "solo-scene-open")
    solo_table(make_table, knock_down_fight(), dock=dock)
    qtbot.keyClicks(panel.scene_outcome, "We fought our way through")
    qtbot.mouseClick(panel.close_scene_button, LEFT)
    kinds = [type(e).__name__ for e in dock.solo.journal.entries]
    assert kinds == ["SceneEntry", "FightEntry", "SceneEntry"]
    closed = dock.solo.journal.entries[-1]
    assert closed.closed is not None and closed.transition_die is not None  # type: ignore[union-attr]
    text = dock.markdown()
    assert "## Scene 1: Dramatic Scene" in text and "We fought our way through" in text
