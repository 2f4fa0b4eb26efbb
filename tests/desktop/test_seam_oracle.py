"""The solo oracle beside Moon's Grave and The Restless: its questions and notes go through the game's funnel, are
kept in the game's save and come back on resume; a typed note is undone by the table's undo, a rolled answer stands
(as RT:0's oracle steps do)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_game import resume_game as mg_resume
from rt0table.desktop.restless.restless_game import resume_game as rs_resume
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.saves.seam_oracle import OracleMove
from rt0table.desktop.saves.seam_save import load_seam_game
from rt0table.desktop.solo.oracle_panel import OraclePanel
from tests.helpers.mg_tables import mg_table
from tests.helpers.rs_tables import rs_table


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SaveStore]:
    with SaveStore(tmp_path / "saves", app_version="test") as opened:
        yield opened


TABLES: dict[str, tuple[Callable[..., Any], Callable[[SaveStore, str], Any]]] = {
    "moons-grave": (mg_table, mg_resume),
    "restless": (rs_table, rs_resume),
}


def ask(qtbot: QtBot, panel: OraclePanel, question: str) -> None:
    qtbot.keyClicks(panel.question, question)
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)


def note(qtbot: QtBot, panel: OraclePanel, text: str) -> None:
    qtbot.keyClicks(panel.note_edit, text)
    qtbot.keyClick(panel.note_edit, Qt.Key.Key_Return)


@pytest.mark.parametrize("key", sorted(TABLES))
def test_the_oracle_is_kept_in_the_save_resumed_and_undone_through_the_funnel(
    qtbot: QtBot, store: SaveStore, key: str
) -> None:
    start, resume = TABLES[key]
    game = start(qtbot, store=store)
    panel = game.screen.oracle
    assert isinstance(panel, OraclePanel)
    ask(qtbot, panel, "Is the road watched?")
    note(qtbot, panel, "Keep to the ditches")
    moves = [s.action for s in game.session.steps if isinstance(s.action, OracleMove)]
    assert [m.rolled for m in moves] == [True, False]  # the question rolled dice; the note did not
    assert all(isinstance(s.action, OracleMove) for s in game.session.steps[-2:])  # Enter played nothing else
    journal = panel.state.journal
    assert game.session.oracle == panel.state and len(journal.entries) == 2
    game.save.close()

    loaded = load_seam_game(store.path_of(game.game_id))
    assert loaded.oracle == panel.state
    again = resume(store, game.game_id)
    qtbot.addWidget(again.screen)
    shown = again.screen.oracle
    assert isinstance(shown, OraclePanel) and shown.state == panel.state
    assert shown.journal_view.count() == panel.journal_view.count()

    assert again.session.undo()  # the typed note goes, from the session and the panel alike
    assert len(shown.state.journal.entries) == 1 and again.session.oracle == shown.state
    assert not again.session.undo()  # the answer was rolled: it stands
    assert again.session.undo_refusal() == "The oracle rolled its dice for that answer, so it stands."
    again.save.close()
    assert load_seam_game(store.path_of(game.game_id)).oracle == shown.state  # the undo is in the save too
