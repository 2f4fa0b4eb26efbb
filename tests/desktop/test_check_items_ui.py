"""Check items on the between-fights skill-check screen: the task's purpose brings its items in, the odds follow,
Exhaust items are used up, and a won FINAID check can bank its card on the Headphones."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign import items as itm
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge, Outcome
from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.fight.modifiers import HEADPHONES
from rt0table.rules.rt0.traits import Skill
from tests.helpers.check_decks import stack
from tests.helpers.day_screens import open_tab, pick, show
from tests.helpers.sample_party import MIRA
from tests.helpers.widgets import click


def screen_carrying(*items: str) -> BetweenFightsScreen:
    campaign = fp.from_party([MIRA])
    campaign = campaign.with_member(replace(campaign.member("mira"), items=items))
    return BetweenFightsScreen(Playthrough(Mode.HOT_SEAT, campaign, seed=11))


@pytest.mark.rule("ITM-BLANK-KEYCARD")
def test_naming_a_door_brings_the_keycard_in_eases_the_odds_and_the_draw_uses_it_up(qtbot: QtBot) -> None:
    screen = screen_carrying("Blank Keycard")
    show(qtbot, screen)
    open_tab(qtbot, screen, "Skill checks")
    checks, p = screen.checks, screen.playthrough
    qtbot.keyClicks(checks.subject, "The lab door")
    pick(checks.skill, Skill.FREE)
    pick(checks.difficulty, Difficulty.HARD)
    assert checks.faced.text() == "Mira faces Hard" and not checks.item_note.isVisible()
    checks.purpose.setFocus()
    qtbot.keyClick(checks.purpose, Qt.Key.Key_Down)
    qtbot.keyClick(checks.purpose, Qt.Key.Key_Down)  # "Opening a door", by the keyboard
    assert checks.purpose.currentData() == itm.DOOR
    assert checks.faced.text() == "Mira faces Medium"
    assert checks.item_note.text() == "Helping: Blank Keycard (used up by the draw)."
    click(qtbot, checks.draw_button)
    assert p.campaign.member("mira").items == ()
    last = p.story.checks.last
    assert last is not None and last.result.check.difficulty is Difficulty.MEDIUM


@pytest.mark.rule("ITM-HEADPHONES")
def test_a_won_finaid_check_is_banked_on_the_headphones_by_a_click(qtbot: QtBot) -> None:
    screen = screen_carrying(HEADPHONES)
    show(qtbot, screen)
    open_tab(qtbot, screen, "Skill checks")
    checks, p = screen.checks, screen.playthrough
    stack(checks, "Mira", "10 of Cups")
    qtbot.keyClicks(checks.subject, "Pay the rent")
    pick(checks.skill, Skill.FINAID)
    pick(checks.difficulty, Difficulty.EASY)
    assert not checks.headphones_button.isVisible()
    click(qtbot, checks.draw_button)
    assert checks.outcome.text() in (Outcome.SUCCESS.value, Outcome.CRITICAL_SUCCESS.value)
    assert checks.headphones_button.isVisible()
    click(qtbot, checks.headphones_button)
    assert p.campaign.member("mira").headphones == (by_name("10 of Cups"),)
    assert checks.outcome.text() == Outcome.FAILURE.value and not checks.headphones_button.isVisible()
    assert checks.retry_button.isEnabled()  # counted as failed: the retry is offered
    assert any("Headphones" in line.text for line in p.story.chronicle)


@pytest.mark.rule("ITM-HEADPHONES")
def test_no_headphones_no_offer(qtbot: QtBot) -> None:
    screen = screen_carrying()
    show(qtbot, screen)
    open_tab(qtbot, screen, "Skill checks")
    checks = screen.checks
    stack(checks, "Mira", "10 of Cups")
    qtbot.keyClicks(checks.subject, "Pay the rent")
    pick(checks.skill, Skill.FINAID)
    pick(checks.difficulty, Difficulty.EASY)
    click(qtbot, checks.draw_button)
    assert checks.outcome.text() != Outcome.FAILURE.value and not checks.headphones_button.isVisible()


@pytest.mark.rule("SKL-PENALTY")
def test_the_gm_judges_the_worse_card_by_a_click_and_the_outcome_follows(qtbot: QtBot) -> None:
    screen = screen_carrying()
    show(qtbot, screen)
    open_tab(qtbot, screen, "Skill checks")
    checks, p = screen.checks, screen.playthrough
    stack(checks, "Mira", "10 of Cups", "2 of Swords")
    qtbot.keyClicks(checks.subject, "Sing for the guard")
    pick(checks.skill, Skill.ART)
    click(qtbot, checks.edge_buttons[Edge.PENALTY])
    click(qtbot, checks.draw_button)
    assert checks.outcome.text() == Outcome.FAILURE.value and checks.judge_label.isVisible()
    first, second = checks.judge_buttons
    assert second.isChecked() and not first.isChecked()
    click(qtbot, first)  # the GM judges the 10 of Cups the worse
    last = p.story.checks.last
    assert last is not None and last.result.outcome is Outcome.SUCCESS
    assert checks.outcome.text() == Outcome.SUCCESS.value and checks.judge_buttons[0].isChecked()


def test_in_solo_the_lower_card_counts_and_nobody_is_asked(qtbot: QtBot) -> None:
    campaign = fp.from_party([MIRA])
    screen = BetweenFightsScreen(Playthrough(Mode.SOLO, campaign, seed=11))
    show(qtbot, screen)
    open_tab(qtbot, screen, "Skill checks")
    checks = screen.checks
    stack(checks, "Mira", "10 of Cups", "2 of Swords")
    qtbot.keyClicks(checks.subject, "Sing for the guard")
    pick(checks.skill, Skill.ART)
    click(qtbot, checks.edge_buttons[Edge.PENALTY])
    click(qtbot, checks.draw_button)
    assert checks.outcome.text() == Outcome.FAILURE.value and not checks.judge_label.isVisible()
