"""The game saves itself and comes back where it stopped: through the windows, on a folder of the test's own."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.fight_setup import FightSetupScreen
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.load_screen import LoadScreen
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.table.log import UNDONE
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.fight.actions import PlayCard
from rt0table.rules.rt0.fight.engine import legal_actions
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.fight.state import CombatState, Phase
from rt0table.rules.rt0.solo.gm_stand_in import GmChoice
from rt0table.rules.rt0.solo.journal_bridge import write_solo
from tests.helpers.flow_steps import current, fill_ines, set_up_robot_fight, shoot, start_fight
from tests.helpers.sample_party import MIRA
from tests.helpers.table_keys import K, choose_by_tab, play_by_keys, press, win_the_fight
from tests.helpers.widgets import click, named

Windows = Callable[[], MainWindow]


@pytest.fixture
def folder(own_save_folder: Path) -> Path:
    return own_save_folder


@pytest.fixture
def windows(qtbot: QtBot, folder: Path) -> Iterator[Windows]:
    """Opens main windows on the test's save folder, as the app would with --save-dir."""
    opened: list[MainWindow] = []

    def open_window() -> MainWindow:
        window = MainWindow(folder)
        window.table_settings.replay_step_ms = 0
        window.table_settings.return_ms = 0
        window.resize(1280, 800)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        opened.append(window)
        return window

    yield open_window
    for window in opened:
        window.close()


def to_the_table(qtbot: QtBot, window: MainWindow, mode: Mode) -> TableScreen:
    """New game → a mode → Ines → the Day → a robot fight → the table."""
    click(qtbot, window.title_screen.buttons["new"])
    click(qtbot, current(window).buttons[mode])  # type: ignore[attr-defined]
    editor = current(window)
    fill_ines(qtbot, editor.creation)  # type: ignore[attr-defined]
    click(qtbot, editor.creation.finish_button)  # type: ignore[attr-defined]
    click(qtbot, editor.done_button)  # type: ignore[attr-defined]
    click(qtbot, current(window).day.next_button)  # type: ignore[attr-defined]
    setup = current(window)
    assert isinstance(setup, FightSetupScreen)
    set_up_robot_fight(qtbot, setup)
    click(qtbot, setup.next_button)
    start_fight(qtbot, setup)
    table = current(window)
    assert isinstance(table, TableScreen)
    return table


def play_until_a_decision(qtbot: QtBot, table: TableScreen, at_least: int = 3) -> None:
    """Cards by keys until the fight waits on a decision (a prompt on the table), after a few steps."""
    session = table.session
    for _ in range(200):
        state = session.state
        assert state.phase is not Phase.OVER, "the fight ended before a decision came up"
        if state.pending is not None:
            if len(session.game.steps) >= at_least:
                return
            choose_by_tab(qtbot, table, 0)
            continue
        legal = [a for a in legal_actions(state) if isinstance(a, PlayCard)]
        best = next((a for b in ("unarmed_strike", "defend") for a in legal if a.ability == b), None)
        if best is None:
            press(qtbot, table, K.Key_E)
        else:
            play_by_keys(qtbot, table, best)
    raise AssertionError("no decision came up")


# --- coming back ------------------------------------------------------------------------------------------


def test_continue_brings_back_a_fight_mid_decision(qtbot: QtBot, windows: Windows) -> None:
    first = windows()
    assert not first.title_screen.buttons["continue"].isEnabled()
    table = to_the_table(qtbot, first, Mode.HOT_SEAT)
    play_until_a_decision(qtbot, table)
    state = table.session.state
    played = len(table.session.game.steps)
    log = list(table.scene.log.lines)
    first.close()  # gives the folder back

    second = windows()
    assert second.title_screen.buttons["continue"].isEnabled()
    click(qtbot, second.title_screen.buttons["continue"])
    again = current(second)
    assert isinstance(again, TableScreen)
    back = again.session.state
    assert state_hash(back) == state_hash(state)
    assert back.pending == state.pending and again.scene.prompt.isVisible()
    assert [f.hand for f in back.fighters] == [f.hand for f in state.fighters]
    assert again.scene.log.lines[-3:] == log[-3:]  # the table's log told again, up to the same last lines
    assert again.session.game.steps and len(again.session.game.steps) <= played
    shoot(second, "saves-resumed-table")

    # It plays on, and what it plays is saved too.
    choose_by_tab(qtbot, again, 0)
    after = state_hash(again.session.state)
    second.close()
    third = windows()
    assert third.open_game(third.store.newest())  # type: ignore[union-attr, arg-type]
    resumed = current(third)
    assert isinstance(resumed, TableScreen) and state_hash(resumed.session.state) == after


def test_between_fights_comes_back_with_the_day_supremacy_and_injuries(qtbot: QtBot, windows: Windows) -> None:
    first = windows()
    table = to_the_table(qtbot, first, Mode.HOT_SEAT)
    win_the_fight(qtbot, table)
    press(qtbot, table, K.Key_Return)
    click(qtbot, current(first).done_button)  # type: ignore[attr-defined]
    between = current(first)
    assert isinstance(between, BetweenFightsScreen)
    meal, sleep = named(between.day, "day-meal-ines"), named(between.day, "day-sleep-ines")
    assert isinstance(meal, QComboBox) and isinstance(sleep, QComboBox)
    meal.setCurrentIndex(meal.findData(cp.Meal.INEDIBLE))
    sleep.setCurrentIndex(sleep.findData(cp.Sleep.UNRESTFUL))
    click(qtbot, between.day.end_day_button)
    playthrough = first.navigator.playthrough
    assert playthrough is not None
    campaign = playthrough.campaign
    assert campaign.day == 2 and campaign.supremacy == 1
    log = list(playthrough.log)
    first.close()

    second = windows()
    click(qtbot, second.title_screen.buttons["continue"])
    back = current(second)
    assert isinstance(back, BetweenFightsScreen)
    again = back.playthrough
    assert again.campaign == campaign and again.log == log and again.mode is Mode.HOT_SEAT
    assert set(again.campaign.member("ines").injuries.names) == {"Upset Stomach", "Groggy"}
    assert back.day.day_label.text() == "Day 2" and "Tally: 1" in back.day.supremacy_label.text()
    assert back.day.fights_label.text() == "Fight 1: victory, +1"
    shoot(second, "saves-resumed-between-fights")
    click(qtbot, back.day.next_button)  # the next fight starts a new log in the same save
    setup = current(second)
    assert isinstance(setup, FightSetupScreen)
    set_up_robot_fight(qtbot, setup)
    click(qtbot, setup.next_button)
    start_fight(qtbot, setup)
    assert second.store is not None and len(second.store.list_games()) == 1
    assert second.store.list_games()[0].fight == 2


def test_the_solo_journal_comes_back(qtbot: QtBot, windows: Windows) -> None:
    first = windows()
    table = to_the_table(qtbot, first, Mode.SOLO)
    dock = table.solo_dock  # type: ignore[attr-defined]
    play_until_a_decision(qtbot, table, at_least=2)
    playthrough = first.navigator.playthrough
    assert playthrough is not None and playthrough.solo is not None
    journal = dock.solo
    assert journal.journal.entries  # the fight's opening at least
    assert playthrough.solo == journal
    first.close()

    second = windows()
    click(qtbot, second.title_screen.buttons["continue"])
    back = current(second)
    assert isinstance(back, TableScreen)
    assert write_solo(back.solo_dock.solo) == write_solo(journal)  # type: ignore[attr-defined]
    assert back.solo_dock.solo.fight == 1  # the resumed fight is not begun a second time  # type: ignore[attr-defined]


# --- undone steps and the stand-in's answers come back as they were ----------------------------------------

CTRL = Qt.KeyboardModifier.ControlModifier


def undo_by_key(qtbot: QtBot, table: TableScreen) -> None:
    press(qtbot, table, K.Key_Z, CTRL)


def play_one(qtbot: QtBot, table: TableScreen) -> None:
    """One step by keys: the first option of a decision, else a card on Unarmed Strike or Defend, else End Turn."""
    state = table.session.state
    if state.pending is not None:
        choose_by_tab(qtbot, table, 0)
        return
    legal = [a for a in legal_actions(state) if isinstance(a, PlayCard)]
    best = next((a for b in ("unarmed_strike", "defend") for a in legal if a.ability == b), None)
    if best is None:
        press(qtbot, table, K.Key_E)
    else:
        play_by_keys(qtbot, table, best)


def resumed_table(qtbot: QtBot, windows: Windows) -> TableScreen:
    window = windows()
    click(qtbot, window.title_screen.buttons["continue"])
    table = current(window)
    assert isinstance(table, TableScreen)
    return table


def test_the_log_of_a_resumed_fight_reads_as_it_did_undone_steps_and_all(qtbot: QtBot, windows: Windows) -> None:
    first = windows()
    table = to_the_table(qtbot, first, Mode.HOT_SEAT)
    session = table.session
    undos = 0
    for _ in range(60):
        before = session.ply
        play_one(qtbot, table)
        if session.ply > before and session.undo_refusal() is None and undos < 3:
            undo_by_key(qtbot, table)
            undos += 1
        if undos >= 3 and session.ply >= 8:
            break
    assert undos == 3, "three steps were played and taken back"
    log = list(table.scene.log.lines)
    assert log.count(UNDONE) == 3
    hand = state_hash(session.state)
    first.close()

    again = resumed_table(qtbot, windows)
    assert state_hash(again.session.state) == hand
    assert again.scene.log.lines == log  # word for word, the undone steps and their "(Undone.)" included

    # And the log goes on from there as it would have: one more step and one more undo read the same in both.
    play_one(qtbot, again)
    if again.session.undo_refusal() is None:
        undo_by_key(qtbot, again)
    log = list(again.scene.log.lines)
    again.window().close()
    assert resumed_table(qtbot, windows).scene.log.lines == log


class FirstOption:
    """Stands in for the GM stand-in: answers every decision, the players' too, with its first option, so a step
    and the answers it called for can be undone together (the book's stand-in answers follow reveals)."""

    def __init__(self, *_args: object) -> None:
        self.policy = None

    def respond(self, state: CombatState) -> GmChoice | None:
        pending = state.pending
        return None if pending is None else GmChoice(pending.kind, 0, pending.options[0].label, "the first one")


@pytest.fixture
def first_option(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rt0table.desktop.solo.dock.GmStandIn", FirstOption)


def test_one_undo_after_resuming_a_solo_fight_takes_back_the_whole_step(
    qtbot: QtBot,
    windows: Windows,
    first_option: None,
) -> None:
    first = windows()
    table = to_the_table(qtbot, first, Mode.SOLO)
    session = table.session
    for _ in range(100):  # on to a step of the player's that the stand-in answered, and that can be undone
        ply = session.ply
        play_one(qtbot, table)
        if session.ply in session.answered and session.undo_refusal() is None:
            break
    else:
        raise AssertionError("no undoable step with an answer came up")
    chain = session.ply - ply
    assert chain >= 2, "the player's step and the stand-in's answer"
    before_step = state_hash(session.game.steps[-chain].before)
    answered, ply_now, log = set(session.answered), session.ply, list(table.scene.log.lines)
    assert any(line.startswith("The oracle decides for the GM: the first one") for line in log)
    first.close()

    again = resumed_table(qtbot, windows)
    resumed = again.session
    assert resumed.ply == ply_now and resumed.answered == answered
    assert again.scene.log.lines == log  # the oracle's answers are told again too
    undo_by_key(qtbot, again)
    assert resumed.ply == ply_now - chain, "one undo took back the player's step with the stand-in's answers"
    assert state_hash(resumed.state) == before_step
    assert again.scene.log.last == UNDONE
    log = list(again.scene.log.lines)
    again.window().close()

    third = resumed_table(qtbot, windows)  # the save holds the undo just as it happened
    assert third.session.ply == ply_now - chain and state_hash(third.session.state) == before_step
    assert third.scene.log.lines == log


def test_a_long_solo_fight_resumed_from_a_snapshot_keeps_its_opening_and_its_journal_steps(
    qtbot: QtBot, windows: Windows
) -> None:
    first = windows()
    table = to_the_table(qtbot, first, Mode.SOLO)
    session = table.session
    for _ in range(400):  # cards anywhere but on Unarmed Strike: the robot stands, the fight goes long
        if session.ply >= 50:
            break
        state = session.state
        assert state.phase is not Phase.OVER
        if state.pending is not None:
            choose_by_tab(qtbot, table, 0)
            continue
        legal = [a for a in legal_actions(state) if isinstance(a, PlayCard) and a.ability != "unarmed_strike"]
        if legal:
            play_by_keys(qtbot, table, legal[0])
        else:
            press(qtbot, table, K.Key_E)
    opening = state_hash(session.opening)
    ply, journal = session.ply, table.solo_dock.solo  # type: ignore[attr-defined]
    first.close()

    again = resumed_table(qtbot, windows)
    resumed = again.session
    assert resumed.played_before > 0, "the load replayed from a snapshot, not from the opening"
    assert resumed.ply == ply and state_hash(resumed.opening) == opening
    dock = again.solo_dock  # type: ignore[attr-defined]
    assert state_hash(dock.start) == opening, "the journal's fight summary counts from the fight's opening"
    if resumed.undo_refusal() is None:  # an undo rewinds the journal by the fight's own step count
        undo_by_key(qtbot, again)
        assert dock.solo.journal.entries == journal.journal.entries


# --- the load screen ----------------------------------------------------------------------------------------


def saved_playthrough(store: SaveStore, name: str, day: int) -> str:
    """A playthrough with one member named ``name`` on Day ``day``, saved as a new game."""
    from dataclasses import replace

    campaign = cp.Campaign(members=(cp.Member(name.lower(), replace(MIRA, name=name)),))
    for _ in range(day - 1):
        campaign, _events = cp.end_day(campaign, {}, {})
    keeper = Autosave.start(store, Playthrough(Mode.SOLO, campaign))
    return keeper.game_id


def test_the_load_screen_lists_deletes_duplicates_exports_and_imports(
    qtbot: QtBot, windows: Windows, tmp_path: Path
) -> None:
    window = windows()
    store = window.store
    assert store is not None
    saved_playthrough(store, "Mira", 1)
    newest = saved_playthrough(store, "Ines", 3)
    window.refresh_title()
    click(qtbot, window.title_screen.buttons["load"])
    screen = current(window)
    assert isinstance(screen, LoadScreen)
    rows = [[screen.table.item(r, c).text() for c in range(4)] for r in range(screen.table.rowCount())]
    assert rows[0][:3] == ["Ines", "3", "before the first fight"] and rows[1][:2] == ["Mira", "1"]
    assert screen.selected_id() == newest
    shoot(window, "saves-load-screen")

    copy = screen.duplicate_selected()
    assert copy is not None and screen.table.rowCount() == 3 and screen.selected_id() == copy

    click(qtbot, screen.buttons["delete"])  # asks on the screen first
    assert screen.confirm.isVisible() and "Ines, Day 3" in screen.confirm_text.text()
    shoot(window, "saves-load-confirm-delete")
    click(qtbot, screen.confirm_no)
    assert not screen.confirm.isVisible() and screen.table.rowCount() == 3
    click(qtbot, screen.buttons["delete"])
    click(qtbot, screen.confirm_yes)
    assert screen.table.rowCount() == 2 and copy not in {s.game_id for s in screen.summaries}
    assert "Deleted" in screen.message.text()

    screen.select(newest)
    exported = tmp_path / "ines.rt0save"
    assert screen.export_to(exported) and exported.exists()
    assert not screen.export_to(exported)  # never over an existing file
    assert str(exported) in screen.message.text()
    imported = screen.import_from(exported)
    assert imported is not None and screen.table.rowCount() == 3 and screen.selected_id() == imported

    click(qtbot, screen.buttons["load"])
    between = current(window)
    assert isinstance(between, BetweenFightsScreen) and between.playthrough.campaign.day == 3


def test_a_damaged_save_is_named_left_alone_and_its_last_good_state_offered(
    qtbot: QtBot, windows: Windows, folder: Path, tmp_path: Path
) -> None:
    first = windows()
    table = to_the_table(qtbot, first, Mode.HOT_SEAT)
    play_until_a_decision(qtbot, table, at_least=6)
    game_id = first.store.newest()  # type: ignore[union-attr]
    first.close()
    path = folder / f"{game_id}.rt0save"
    conn = sqlite3.connect(path)
    last, ply = conn.execute("SELECT seq, ply FROM log WHERE kind = 'action' ORDER BY seq DESC LIMIT 1").fetchone()
    conn.execute("UPDATE log SET state_hash = 'tampered' WHERE seq = ?", [last])
    conn.commit()
    conn.close()
    (folder / "notes.rt0save").write_text("not a save at all")
    newer = folder / "from-the-future.rt0save"
    newer.write_bytes(path.read_bytes())
    conn = sqlite3.connect(newer)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.glob("*.rt0save")}

    second = windows()
    click(qtbot, second.title_screen.buttons["continue"])
    screen = current(second)
    assert isinstance(screen, LoadScreen)
    message = screen.message.text()
    assert str(path) in message and "left as it is" in message
    assert screen.recover_button.isVisible()
    assert screen.recover_button.text() == f"Load the last good state ({ply - 1} actions)"
    problems = {s.game_id: s.problem for s in screen.summaries}
    assert "not an RT:0 Table save" in (problems["notes"] or "")
    assert "newer version" in (problems["from-the-future"] or "")
    shoot(second, "saves-load-damaged")

    screen.select("from-the-future")
    click(qtbot, screen.buttons["load"])
    assert "from-the-future.rt0save" in screen.message.text() and "newer version" in screen.message.text()
    screen.select("notes")
    click(qtbot, screen.buttons["load"])
    assert "notes.rt0save" in screen.message.text() and not screen.recover_button.isVisible()
    after = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.glob("*.rt0save")}
    assert after == before  # none of them was changed

    screen.select(game_id)  # type: ignore[arg-type]
    click(qtbot, screen.buttons["load"])
    click(qtbot, screen.recover_button)
    recovered = current(second)
    assert isinstance(recovered, TableScreen) and len(recovered.session.game.actions) == ply - 1
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before[path.name]


def test_a_second_window_on_the_same_folder_is_told_so(qtbot: QtBot, windows: Windows) -> None:
    first = windows()
    assert first.store is not None
    second = windows()
    assert second.store is None
    notice = second.title_screen.notice
    assert notice.isVisible()
    assert f"this save folder is open in another RT:0 Table window (pid {os.getpid()})" in notice.text()
    for key in ("new", "continue", "load"):
        button = second.title_screen.buttons[key]
        assert not button.isEnabled() and "another RT:0 Table window" in button.toolTip()
    assert second.title_screen.buttons["demo"].isEnabled()
    shoot(second, "saves-folder-in-use")
    first.close()
    third = windows()  # the folder is free again once the first window has closed
    assert third.store is not None and third.title_screen.buttons["new"].isEnabled()
