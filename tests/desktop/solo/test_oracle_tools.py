"""Leverage, Challenge Tracks, the Status Track, Dead Ends and Meanwhile, played through the solo dock's widgets."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.playthrough_doc import playthrough_from_doc
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.solo.dock import SoloDock, attach_solo, on_journal, solo_panel
from rt0table.desktop.solo.oracle_panel import OraclePanel
from rt0table.rules.loner.journal import (
    DeadEndEntry,
    FightEntry,
    LeverageEntry,
    LeverageMove,
    MeanwhileEntry,
    QuestionEntry,
    SceneEntry,
    StatusEntry,
    TrackEntry,
)
from rt0table.rules.loner.oracle import Answer, Edge
from rt0table.rules.loner.scenes import DeadEndResult
from rt0table.rules.loner.terms import Arena, SceneKind
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.solo.journal_bridge import SoloJournal, read_solo, write_solo
from tests.desktop.conftest import MakeTable
from tests.desktop.conftest import shoot as shoot_now
from tests.helpers.own_dice import ask_with
from tests.helpers.sample_party import MIRA
from tests.helpers.solo_tables import play_to_the_end, solo_table
from tests.helpers.widgets import set_spin, tick_box

LEFT = Qt.MouseButton.LeftButton
ORACLE, JOURNAL, SCENE, TRACKS = range(4)
YES_AND, YES, NO_BUT, NO = (6, 4), (5, 2), (1, 3), (2, 5)


@pytest.fixture
def dock(qtbot: QtBot) -> SoloDock:
    widget = solo_panel(seed=11)
    qtbot.addWidget(widget)
    widget.resize(440, 900)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def click(qtbot: QtBot, widget: QWidget) -> None:
    assert widget.isVisible() and widget.isEnabled(), f"{widget.objectName() or widget} cannot be clicked"
    qtbot.mouseClick(widget, LEFT)


def to_tab(panel: OraclePanel, index: int) -> None:
    panel.tabs.setCurrentIndex(index)
    QApplication.processEvents()


def ask(qtbot: QtBot, panel: OraclePanel, question: str, *dice: int) -> QuestionEntry:
    """Ask from the Oracle tab with these dice (Chance first, then Risk)."""
    to_tab(panel, ORACLE)
    ask_with(qtbot, panel, question, *dice)
    entry = [e for e in panel.state.journal.entries if isinstance(e, QuestionEntry)][-1]
    assert entry.question == question
    return entry


def choose(combo: QComboBox, data: object) -> None:
    index = combo.findData(data)
    assert index >= 0, f"{data} is not offered"
    combo.setCurrentIndex(index)


def journal_texts(panel: OraclePanel) -> list[str]:
    return [panel.journal_view.item(i).text() for i in range(panel.journal_view.count())]


def saved(dock: SoloDock) -> SoloJournal:
    """What the playthrough's save keeps of the dock, read back as a save would be."""
    return read_solo(json.loads(json.dumps(write_solo(dock.solo))))


def shoot(widget: QWidget, name: str) -> None:
    for _ in range(3):
        QApplication.processEvents()
    shoot_now(widget, name)  # type: ignore[arg-type]


def kinds(entries: Iterable[object]) -> list[str]:
    return [type(e).__name__ for e in entries]


def test_a_yes_and_is_banked_then_spent_as_advantage(qtbot: QtBot, dock: SoloDock) -> None:
    panel, box = dock.panel, dock.panel.leverage_box
    assert not box.bank_button.isEnabled() and not panel.spend_box.isVisible()
    ask(qtbot, panel, "Does the contact deliver the credentials?", *YES_AND)
    assert box.bank_button.isEnabled()
    qtbot.keyClicks(box.description, "full server access")
    click(qtbot, box.bank_button)
    assert dock.solo.oracle.leverage.description == "full server access"
    assert "Leverage: full server access" in panel.tools_label.text()
    assert "Leverage banked: full server access" in journal_texts(panel)[-1]
    assert not box.bank_button.isEnabled(), "one Yes, and… banks once"
    assert saved(dock).oracle.leverage.description == "full server access"

    assert panel.spend_box.isVisible()
    tick_box(qtbot, panel.spend_box)
    assert panel.dice_edge() is Edge.ADVANTAGE and "With the Leverage spent: Advantage" in panel.edge_label.text()
    qtbot.keyClicks(panel.tags_for.field, "Nimble")
    qtbot.keyClick(panel.tags_for.field, Qt.Key.Key_Return)
    assert "would add nothing" in panel.edge_label.text() and not panel.roll_button.isEnabled()
    panel.tags_for.clear_picks()
    assert panel.roll_button.isEnabled()
    entry = ask(qtbot, panel, "Do I slip past the checkpoint?", 2, 5, 3)
    assert entry.roll.edge is Edge.ADVANTAGE and entry.roll.chance == 5 and entry.leverage == "full server access"
    assert not dock.solo.oracle.leverage.held and not panel.spend_box.isVisible()
    assert "Leverage spent for Advantage: full server access" in journal_texts(panel)[-1]
    assert panel.tools_label.text().startswith("No Leverage")


def test_held_leverage_softens_a_no_or_is_dropped(qtbot: QtBot, dock: SoloDock) -> None:
    panel, box = dock.panel, dock.panel.leverage_box
    ask(qtbot, panel, "Is the safehouse still safe?", *YES_AND)
    qtbot.keyClicks(box.description, "a friendly landlord")
    qtbot.keyClick(box.description, Qt.Key.Key_Return)
    assert dock.solo.oracle.leverage.held
    assert not box.soften_button.isEnabled()
    ask(qtbot, panel, "Does the landlord hide me?", *NO)
    click(qtbot, box.soften_button)
    last = dock.solo.journal.entries[-1]
    assert isinstance(last, LeverageEntry) and last.move is LeverageMove.SOFTENED and "becomes No, but…" in last.detail
    assert not dock.solo.oracle.leverage.held and not box.soften_button.isEnabled()
    to_tab(panel, TRACKS)
    assert dock.panel.tracks_box.answer.currentData() is Answer.NO_BUT, "the softened answer is what the scene gave"

    ask(qtbot, panel, "Does Melina owe me one?", *YES_AND)
    qtbot.keyClicks(box.description, "Melina's favour")
    click(qtbot, box.bank_button)
    click(qtbot, box.drop_button)
    dropped = dock.solo.journal.entries[-1]
    assert isinstance(dropped, LeverageEntry) and dropped.move is LeverageMove.DROPPED
    assert not saved(dock).oracle.leverage.held


def test_challenge_tracks_open_mirror_bank_and_close(qtbot: QtBot, dock: SoloDock) -> None:
    panel, box = dock.panel, dock.panel.tracks_box
    to_tab(panel, TRACKS)
    assert box.empty_label.isVisible() and not box.mark_form.isVisible()
    qtbot.keyClicks(box.name, "Expose Leton")
    click(qtbot, box.open_button)
    qtbot.keyClicks(box.name, "Leton closes in")
    choose(box.box_count, 6)
    tick_box(qtbot, box.threat)
    click(qtbot, box.open_button)
    assert [(t.name, t.boxes, t.threat) for t in dock.solo.oracle.tracks] == [
        ("Expose Leton", 4, False),
        ("Leton closes in", 6, True),
    ]
    assert box.track_list.count() == 2 and "☐☐☐☐☐☐ 0/6" in box.track_list.item(1).text()

    ask(qtbot, panel, "Do I get into the archive unseen?", *YES_AND)
    to_tab(panel, TRACKS)
    box.track_list.setCurrentRow(0)
    assert box.answer.currentData() is Answer.YES_AND and box.bank_as.isVisible()
    assert "a Yes, and… fills it" not in box.hint.text() and "0/4" in box.hint.text()
    qtbot.keyClicks(box.bank_as, "an index of the files")
    click(qtbot, box.mark_button)
    track = dock.solo.oracle.tracks[0]
    assert track.filled == 1 and dock.solo.oracle.leverage.description == "an index of the files"
    assert kinds(dock.solo.journal.entries[-2:]) == ["TrackEntry", "LeverageEntry"]

    choose(box.answer, Answer.NO)
    assert box.spend.isVisible()
    tick_box(qtbot, box.spend)
    click(qtbot, box.mark_button)
    assert dock.solo.oracle.tracks[0].filled == 1 and not dock.solo.oracle.leverage.held
    click(qtbot, box.close_button)
    assert "is not full" in panel.error_label.text() and panel.error_label.isVisible()
    for answer in (Answer.YES_AND, Answer.YES):
        choose(box.answer, answer)
        click(qtbot, box.mark_button)
    assert dock.solo.oracle.tracks[0].full and not box.mark_button.isEnabled()
    assert "full: the arc can close" in box.track_list.item(0).text()
    shoot(dock, "oracle-tracks")
    click(qtbot, box.close_button)
    assert [t.name for t in dock.solo.oracle.tracks] == ["Leton closes in"]
    closing = dock.solo.journal.entries[-1]
    assert isinstance(closing, TrackEntry) and closing.reason == "the arc closed"
    assert [t.name for t in saved(dock).oracle.tracks] == ["Leton closes in"]


def test_a_scene_mirrors_one_track(qtbot: QtBot, dock: SoloDock) -> None:
    panel, box = dock.panel, dock.panel.tracks_box
    to_tab(panel, TRACKS)
    for name in ("Expose Leton", "Escape the city"):
        qtbot.keyClicks(box.name, name)
        click(qtbot, box.open_button)
    to_tab(panel, SCENE)
    qtbot.keyClicks(panel.scene_where, "The archive")
    qtbot.keyClicks(panel.scene_who, "Two guards")
    qtbot.keyClicks(panel.scene_goal, "Copy the files")
    click(qtbot, panel.open_scene_button)
    ask(qtbot, panel, "Do the files copy?", *YES)
    to_tab(panel, TRACKS)
    box.track_list.setCurrentRow(0)
    click(qtbot, box.mark_button)
    box.track_list.setCurrentRow(1)
    assert not box.mark_button.isEnabled() and "one pursuit a scene" in box.hint.text()
    assert [t.filled for t in dock.solo.oracle.tracks] == [1, 0]
    assert saved(dock).oracle.marked_scene == 1


def test_the_status_track_fills_offers_its_tag_and_recovers(qtbot: QtBot, dock: SoloDock) -> None:
    panel, box = dock.panel, dock.panel.status_box
    to_tab(panel, TRACKS)
    assert "No lasting harm" in box.track_label.text() and not box.recover_button.isEnabled()
    assert box.tag.placeholderText() == "Tag (else Hurt)"
    click(qtbot, box.fill_button)
    assert dock.solo.oracle.status.active_tag == "Hurt"
    assert panel.tags_against.list.findItems("Hurt", Qt.MatchFlag.MatchExactly), "the tag can be picked against"
    choose(box.arena, Arena.SOCIAL)
    assert box.tag.placeholderText() == "Tag (else On the Back Foot)"
    qtbot.keyClicks(box.tag, "Talked about")
    click(qtbot, box.fill_button)
    assert "☑☑☐ 2/3" in box.track_label.text() and "Talked about" in box.track_label.text()
    assert "Status: Talked about (2/3)" in panel.tools_label.text()
    click(qtbot, box.recover_button)
    assert "reason in the story" in panel.error_label.text()
    qtbot.keyClicks(box.recovery, "a night at Melina's")
    click(qtbot, box.recover_button)
    assert dock.solo.oracle.status.active_tag == "Hurt"
    entry = dock.solo.journal.entries[-1]
    assert isinstance(entry, StatusEntry) and entry.tag == "Talked about" and entry.reason == "a night at Melina's"
    choose(box.arena, Arena.PHYSICAL)
    click(qtbot, box.fill_button)
    click(qtbot, box.fill_button)
    assert dock.solo.oracle.status.overcome and not box.fill_button.isEnabled()
    assert "Overcome: the story says" in box.track_label.text()
    assert [b.tag for b in saved(dock).oracle.status.boxes] == ["Hurt", "Injured", "Overcome"]


def test_a_dead_end_asks_once_then_says_rethink(qtbot: QtBot, dock: SoloDock) -> None:
    panel, box = dock.panel, dock.panel.dead_end_box
    to_tab(panel, SCENE)
    tick_box(qtbot, panel.own_dice)
    assert box.isVisible()
    qtbot.keyClicks(box.thread_field, "the courier")
    assert box.dice.isVisible() and "First dead end here" in box.plan.text()
    set_spin(qtbot, box.dice.chance, NO_BUT[0])
    set_spin(qtbot, box.dice.risk, NO_BUT[1])
    click(qtbot, box.button)
    asked, found = dock.solo.journal.entries[-2:]
    assert isinstance(asked, QuestionEntry) and asked.roll.answer is Answer.NO_BUT
    assert isinstance(found, DeadEndEntry) and found.result is DeadEndResult.WHY_IT_CLOSED
    assert "No, but…" in box.result.text() and panel.answer_label.text() == "No, but…"
    qtbot.keyClicks(box.thread_field, "The Courier")
    assert not box.dice.isVisible() and "no question this time" in box.plan.text()
    click(qtbot, box.button)
    again = dock.solo.journal.entries[-1]
    assert isinstance(again, DeadEndEntry) and again.result is DeadEndResult.REFRAME_ENTIRELY
    assert isinstance(dock.solo.journal.entries[-2], DeadEndEntry), "no second question"
    assert "Rethink the whole approach" in box.result.text()
    assert saved(dock).oracle.dead_ends.count("the courier") == 2


def test_meanwhile_moves_the_opposition_and_asks_about_allies(qtbot: QtBot, dock: SoloDock) -> None:
    panel, box = dock.panel, dock.panel.meanwhile_box
    to_tab(panel, SCENE)
    choose(panel.scene_kind, SceneKind.MEANWHILE)
    assert not panel.scene_where.isVisible() and panel.meanwhile_hint.isVisible()
    assert box.title().startswith("Meanwhile: the world's turn")
    tick_box(qtbot, panel.own_dice)
    assert box.dice.isVisible()
    set_spin(qtbot, box.dice.chance, NO[0])
    set_spin(qtbot, box.dice.risk, NO[1])
    qtbot.keyClicks(box.holder.lineEdit(), "Tobias Wethern")
    qtbot.keyClicks(box.new_tag, "Searching for her")
    click(qtbot, box.button)
    assert "No: Allies and wildcards hold." in box.result.text()
    set_spin(qtbot, box.dice.chance, YES[0])
    set_spin(qtbot, box.dice.risk, YES[1])
    box.holder.setCurrentIndex(box.holder.findText("Tobias Wethern"))
    assert "Their tag so far: Searching for her" in box.before.text()
    qtbot.keyClicks(box.new_tag, "Hired someone to find her")
    click(qtbot, box.button)
    entry = dock.solo.journal.entries[-1]
    assert isinstance(entry, MeanwhileEntry) and entry.before == "Searching for her" and entry.ally_acts
    assert "Someone acts on their own" in box.result.text()
    assert "Tobias Wethern: Searching for her → Hired someone to find her" in journal_texts(panel)[-1]
    assert dict(saved(dock).oracle.opposition) == {"Tobias Wethern": "Hired someone to find her"}
    choose(panel.scene_kind, SceneKind.QUIET)
    assert panel.scene_where.isVisible() and box.title() == "Meanwhile"
    shoot(dock, "oracle-scene-tools")


def test_a_reloaded_save_shows_every_tool_where_it_was(qtbot: QtBot, dock: SoloDock) -> None:
    panel = dock.panel
    ask(qtbot, panel, "Does the journalist listen?", *YES_AND)
    qtbot.keyClicks(panel.leverage_box.description, "a journalist's ear")
    click(qtbot, panel.leverage_box.bank_button)
    to_tab(panel, TRACKS)
    qtbot.keyClicks(panel.tracks_box.name, "Expose Leton")
    click(qtbot, panel.tracks_box.open_button)
    click(qtbot, panel.status_box.fill_button)
    again = solo_panel(saved(dock), seed=1)
    qtbot.addWidget(again)
    again.show()
    assert again.solo == dock.solo
    assert again.panel.tools_label.text() == panel.tools_label.text()
    assert again.panel.tracks_box.track_list.item(0).text().startswith("Expose Leton (pursuit)")
    assert "Hurt" in again.panel.status_box.track_label.text()
    assert journal_texts(again.panel) == journal_texts(panel)


def test_the_tools_are_steps_of_the_one_undo_and_what_they_showed_stands(qtbot: QtBot, make_table: MakeTable) -> None:
    screen, dock = solo_table(make_table)
    panel = dock.panel
    play_to_the_end(qtbot, screen)
    summary = dock.solo.journal.entries[-1]
    assert isinstance(summary, FightEntry)
    assert screen.session.undo_refusal() is None, "before the tools, the fight's last step could go back"
    before = dock.solo
    to_tab(panel, TRACKS)
    qtbot.keyClicks(panel.tracks_box.name, "Get Jun home")
    click(qtbot, panel.tracks_box.open_button)
    click(qtbot, panel.status_box.fill_button)
    entries = dock.solo.journal.entries
    assert kinds(entries[-2:]) == ["TrackEntry", "StatusEntry"]
    # The active tag "Hurt" went onto both tag shelves: with the track and the box, four steps and no dice.
    screen.view.setFocus()
    for _ in range(4):
        assert screen.session.undo_refusal() is None
        qtbot.keyClick(screen.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert dock.solo == before and not dock.solo.oracle.tracks and not dock.solo.oracle.status.boxes
    assert panel.journal_view.count() == len(before.oracle.journal.entries)
    assert panel.tracks_box.track_list.count() == 0 and "No lasting harm" in panel.status_box.track_label.text()
    assert screen.session.state.result is not None, "the fight's own step is still there, next in line"

    qtbot.keyClicks(panel.tracks_box.name, "Get Jun home")
    click(qtbot, panel.tracks_box.open_button)
    qtbot.keyClick(screen.view, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)  # inspiration rolls dice
    entries = dock.solo.journal.entries
    assert kinds(entries[-2:]) == ["TrackEntry", "InspirationEntry"]
    assert "oracle" in (screen.session.undo_refusal() or ""), "what the dice showed stands"
    qtbot.keyClick(screen.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert dock.solo.journal.entries == entries and [t.name for t in dock.solo.oracle.tracks] == ["Get Jun home"]
    assert panel.journal_view.count() == len(entries)
    shoot(screen, "oracle-tools-beside-the-table")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_every_tool_fits_the_dock_beside_the_table(qtbot: QtBot, make_table: MakeTable, size: tuple[int, int]) -> None:
    screen = make_table(size=size)
    dock = attach_solo(screen, screen.session, SoloDock(seed=3))
    panel = dock.panel
    ask(qtbot, panel, "Does the guard wave us through?", *YES_AND)
    qtbot.keyClicks(panel.leverage_box.description, "a guard who owes us")
    click(qtbot, panel.leverage_box.bank_button)
    to_tab(panel, TRACKS)
    qtbot.keyClicks(panel.tracks_box.name, "Find the missing Eddy")
    click(qtbot, panel.tracks_box.open_button)
    click(qtbot, panel.status_box.fill_button)
    width, height = size
    for index, name in ((ORACLE, "oracle"), (SCENE, "scene"), (TRACKS, "tracks")):
        to_tab(panel, index)
        page = panel.tabs.currentWidget()
        for widget in page.findChildren(QWidget):
            if widget.isVisible() and widget.maximumWidth() > 0 and widget.objectName() != "qt_scrollarea_viewport":
                room = widget.width() - widget.minimumSizeHint().width()
                assert room >= 0, f"{type(widget).__name__} '{widget.objectName()}' is squeezed on the {name} tab"
            assert widget.mapTo(page, widget.rect().topRight()).x() <= page.width() or not widget.isVisible()
        shoot(screen, f"oracle-{name}-tab-{width}x{height}")


def test_the_tools_go_into_the_playthroughs_save(qtbot: QtBot, dock: SoloDock, tmp_path: Path) -> None:
    """Wired as the navigator wires the dock between fights: every tool step lands in the save file."""
    campaign = cp.Campaign(members=(cp.Member("mira", MIRA),))
    playthrough = Playthrough(Mode.SOLO, campaign)
    with SaveStore(tmp_path) as store:
        keeper = Autosave.start(store, playthrough)
        on_journal(dock, playthrough)
        panel = dock.panel
        ask(qtbot, panel, "Is the archive unguarded tonight?", *YES_AND)
        qtbot.keyClicks(panel.leverage_box.description, "a forgotten side door")
        click(qtbot, panel.leverage_box.bank_button)
        to_tab(panel, TRACKS)
        qtbot.keyClicks(panel.tracks_box.name, "Expose Leton")
        click(qtbot, panel.tracks_box.open_button)
        choose(panel.status_box.arena, Arena.PSYCHOLOGICAL)
        click(qtbot, panel.status_box.fill_button)
        to_tab(panel, SCENE)
        qtbot.keyClicks(panel.dead_end_box.thread_field, "the courier")
        click(qtbot, panel.dead_end_box.button)
        qtbot.keyClicks(panel.meanwhile_box.holder.lineEdit(), "Leton security")
        qtbot.keyClicks(panel.meanwhile_box.new_tag, "On the trail")
        click(qtbot, panel.meanwhile_box.button)
        doc = store.load(keeper.game_id).campaign
    assert doc is not None
    restored, _ = playthrough_from_doc(doc)
    assert restored.solo == dock.solo
    oracle = restored.solo.oracle  # type: ignore[union-attr]
    assert oracle.leverage.description == "a forgotten side door"
    assert [t.name for t in oracle.tracks] == ["Expose Leton"] and oracle.status.active_tag == "Unsettled"
    assert oracle.dead_ends.count("the courier") == 1 and dict(oracle.opposition) == {"Leton security": "On the trail"}
    assert kinds(restored.solo.journal.entries)[-2:] == ["QuestionEntry", "MeanwhileEntry"]  # type: ignore[union-attr]


def test_scenes_tracks_and_the_status_track_go_by_keys_alone(qtbot: QtBot, dock: SoloDock) -> None:
    """Enter walks the frame and opens the scene, closes it, opens and closes a track and fills a box: no mouse."""
    panel = dock.panel
    to_tab(panel, SCENE)
    panel.scene_where.setFocus()
    frame = ((panel.scene_where, "The archive"), (panel.scene_who, "A clerk"), (panel.scene_goal, "The map"))
    for field, text in frame:
        assert field.hasFocus()
        qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)
    scene = dock.solo.oracle.scene
    assert scene is not None and scene.is_open and scene.frame.goal == "The map"
    qtbot.keyClicks(panel.scene_outcome, "The map was a fake")
    qtbot.keyClick(panel.scene_outcome, Qt.Key.Key_Return)
    closed = dock.solo.journal.entries[-1]
    assert isinstance(closed, SceneEntry) and closed.outcome == "The map was a fake" and closed.transition_die
    to_tab(panel, TRACKS)
    box = panel.tracks_box
    qtbot.keyClicks(box.name, "Find the real map")
    qtbot.keyClick(box.name, Qt.Key.Key_Return)
    assert [t.name for t in dock.solo.oracle.tracks] == ["Find the real map"]
    qtbot.keyClicks(box.ending, "Given up")
    qtbot.keyClick(box.ending, Qt.Key.Key_Return)
    assert not dock.solo.oracle.tracks
    qtbot.keyClicks(panel.status_box.tag, "Winded")
    qtbot.keyClick(panel.status_box.tag, Qt.Key.Key_Return)
    assert [b.tag for b in dock.solo.oracle.status.boxes] == ["Winded"] and panel.error_label.text() == ""
