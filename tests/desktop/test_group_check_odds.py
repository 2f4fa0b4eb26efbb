"""A group check shows the group's exact chance, and the one drawing is not offered again (SKL-GROUP-*)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.characters.skill_check_screen import SkillCheckScreen, percent
from rt0table.rules.rt0.campaign.character import Eddy
from rt0table.rules.rt0.campaign.check_table import CheckTable
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge, group_chance
from rt0table.rules.rt0.traits import Skill
from tests.helpers.sample_party import MIRA, fool
from tests.helpers.widgets import click, shoot


@pytest.fixture
def screen(qtbot: QtBot) -> SkillCheckScreen:
    table = CheckTable.for_party([MIRA, fool()], [Eddy("Eddy", Skill.SHOP)], seed=11)
    view = SkillCheckScreen(table)
    view.resize(1280, 820)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    return view


def offered(view: SkillCheckScreen) -> list[str]:
    return [view.others.item(i).text() for i in range(view.others.count()) if not view.others.item(i).isHidden()]


def tick_by_keys(qtbot: QtBot, view: SkillCheckScreen, name: str) -> None:
    """Move to the name in the list with the arrow keys and tick it with Space."""
    view.others.setFocus()
    rows = [view.others.item(i) for i in range(view.others.count())]
    view.others.setCurrentItem(next(item for item in rows if not item.isHidden()))
    while view.others.currentItem().text() != name:
        qtbot.keyClick(view.others, Qt.Key.Key_Down)
    qtbot.keyClick(view.others, Qt.Key.Key_Space)


@pytest.mark.rule("SKL-GROUP-ANY", "SKL-GROUP-ALL", "SKL-ODDS")
def test_the_group_chance_is_shown_exactly_and_nobody_is_listed_twice(qtbot: QtBot, screen: SkillCheckScreen) -> None:
    screen.skill.setCurrentIndex(list(Skill).index(Skill.SHOP))
    screen.difficulty.setCurrentIndex(Difficulty.MEDIUM.value)
    click(qtbot, screen.mode_buttons["any"])
    assert screen.who.currentText() == "Mira" and offered(screen) == ["Pip", "Eddy"]
    tick_by_keys(qtbot, screen, "Pip")
    tick_by_keys(qtbot, screen, "Eddy")
    assert screen.participants() == ["Mira", "Pip", "Eddy"]
    table = screen.table
    entries = [
        (table.piles[table.checkers[n].pile], table.check_for(n, Skill.SHOP, Difficulty.MEDIUM, Edge.NONE))
        for n in ("Mira", "Pip", "Eddy")
    ]
    lines = screen.odds_label.text().split("\n")
    assert lines[0] == f"The group: {percent(group_chance(entries, False))} to succeed (one success is enough)"
    click(qtbot, screen.mode_buttons["all"])
    everyone = group_chance(entries, True)
    assert screen.odds_label.text().split("\n")[0] == (
        f"The group: {percent(everyone)} to succeed (everyone must get through)"
    )
    assert 0 < everyone < group_chance(entries, False) < 1
    shoot(screen, "check_group_odds")
    screen.who.setCurrentText("Pip")  # Pip now draws first, so Pip leaves the list and Mira comes back
    assert offered(screen) == ["Mira", "Eddy"]
    assert screen.participants() == ["Pip", "Eddy"]  # Mira was never ticked
