"""The GM's Penalty pick on the table: a prompt with both cards, answered by a key or a click, and undone."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.rules.rt0.fight.engine import Game
from rt0table.rules.rt0.fight.events import SkillCheckJudged
from tests.desktop.conftest import MakeTable, shoot
from tests.helpers.skill_check_fights import first_asked
from tests.helpers.table_keys import K, press


@pytest.mark.rule("SKL-PENALTY")
def test_the_gm_names_the_worse_card_by_key_and_undo_asks_again(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(Game(first_asked()))
    prompt = screen.scene.prompt
    assert len(prompt.buttons) == 2 and "worse" in screen.session.state.pending.prompt  # type: ignore[union-attr]
    shoot(screen, "penalty-gm-pick")
    wanted = screen.session.state.pending.options[1].label  # type: ignore[union-attr]
    qtbot.keyClick(screen.view, Qt.Key.Key_2)
    last = screen.session.game.steps[-1]
    judged = next(e for e in last.events if isinstance(e, SkillCheckJudged))
    assert wanted.rsplit(": ", 1)[1].lower() == judged.outcome.replace("_", " ")
    assert screen.session.state.pending is None
    press(qtbot, screen, K.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert screen.session.state.pending is not None and screen.session.state.pending.kind == "gm-worse"
