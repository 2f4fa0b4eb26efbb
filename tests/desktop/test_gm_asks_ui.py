"""Deus Ex Machina and Foresight asked of the GM on the Day tab: by clicks and keys, undone, kept in the save, and
in solo the question waits in the oracle dock."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.resume import restore
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.solo.dock import solo_panel
from rt0table.rules.rt0.campaign import day as clock
from rt0table.rules.rt0.campaign import fight_plan as fp
from tests.helpers.day_screens import show
from tests.helpers.sample_party import fool, magician
from tests.helpers.widgets import click, named

DEUS = clock.DEUS_EX_MACHINA


def screen_for(mode: Mode = Mode.HOT_SEAT) -> BetweenFightsScreen:
    campaign = fp.from_party([fool("Pip"), magician("Mo")])
    return BetweenFightsScreen(Playthrough(mode, campaign, seed=5))


def field(parent: BetweenFightsScreen, name: str) -> QLineEdit:
    found = named(parent, name)
    assert isinstance(found, QLineEdit)
    return found


@pytest.mark.rule("FOOL-DEUS")
def test_deus_ex_machina_is_asked_answered_undone_and_kept_in_the_save(qtbot: QtBot, tmp_path: Path) -> None:
    screen = screen_for()
    show(qtbot, screen)
    p, day = screen.playthrough, screen.day
    fool_id = p.campaign.members[0].id
    store = SaveStore(tmp_path)
    keeper = Autosave.start(store, p)
    assert not named(day, "day-gm-request").isVisible()
    click(qtbot, named(day, f"power-{fool_id}-{DEUS}"))
    box, text = named(day, "day-gm-request"), field(day, "day-gm-text")
    assert box.isVisible() and p.story.request is None  # only the wish is being written
    qtbot.keyClicks(text, "the lights come back on")
    click(qtbot, named(day, "day-gm-ask"))
    assert p.story.request is not None and p.story.request.wish == "the lights come back on"
    assert named(day, "day-gm-grant").isVisible() and not named(day, "day-gm-oracle").isVisible()

    reopened = restore(store.load(keeper.game_id)).playthrough  # the open request is in the save
    assert reopened.story.request == p.story.request

    qtbot.keyClicks(text, "A fuse blows back in")
    click(qtbot, named(day, "day-gm-grant"))
    assert DEUS in p.campaign.clock.used_by(fool_id) and not box.isVisible()
    assert not named(day, f"power-{fool_id}-{DEUS}").isEnabled()
    assert any("The GM grants Deus Ex Machina" in line.text for line in p.story.chronicle)

    day.setFocus()
    qtbot.keyClick(day, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the answer is taken back
    assert DEUS not in p.campaign.clock.used_by(fool_id) and p.story.request is not None
    assert named(day, "day-gm-grant").isVisible()
    click(qtbot, named(day, "day-gm-refuse"))  # this time the GM won't: the power stays fresh
    assert DEUS not in p.campaign.clock.used_by(fool_id) and p.story.request is None
    assert named(day, f"power-{fool_id}-{DEUS}").isEnabled()


@pytest.mark.rule("FOOL-DEUS")
def test_in_solo_the_question_waits_in_the_oracle_dock_and_the_player_records_the_answer(qtbot: QtBot) -> None:
    screen = screen_for(Mode.SOLO)
    dock = solo_panel(seed=4)
    screen.set_oracle(dock)
    show(qtbot, screen)
    p, day = screen.playthrough, screen.day
    fool_id = p.campaign.members[0].id
    click(qtbot, named(day, f"power-{fool_id}-{DEUS}"))
    click(qtbot, named(day, "day-gm-ask"))  # no wish: the GM (here the oracle) decides
    assert p.story.request is not None and p.story.request.wish == ""
    click(qtbot, named(day, "day-gm-oracle"))
    assert dock.panel.question.text() == "Does Deus Ex Machina come true for Pip?"
    qtbot.waitUntil(dock.panel.question.hasFocus)
    click(qtbot, named(dock, "oracle-roll"))  # rolled in the dock, written in its journal
    assert any("Deus Ex Machina" in getattr(e, "question", "") for e in dock.solo.journal.entries)
    click(qtbot, named(day, "day-gm-grant"))
    assert DEUS in p.campaign.clock.used_by(fool_id)
