"""ITM-EVA-SUIT on the set-up screen: whoever carries the suit may start the fight wearing it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.fight_setup import FightSetupScreen
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.campaign import Campaign
from rt0table.rules.rt0.fight.engine import Game, new_combat
from rt0table.rules.rt0.fight.modifiers import EVA_SUIT, wearing_suit
from tests.helpers.fight_builders import bestiary
from tests.helpers.sample_party import fool, magician, party
from tests.helpers.widgets import click, named


def suited_party() -> Campaign:
    campaign = party(fool(), magician())
    return campaign.with_member(replace(campaign.member("b"), items=(EVA_SUIT,)))


def abilities_page(qtbot: QtBot, campaign: Campaign) -> tuple[FightSetupScreen, list[fp.FightPlan]]:
    screen = FightSetupScreen(campaign, bestiary(), seed=4)
    qtbot.addWidget(screen)
    screen.resize(1024, 640)
    screen.show()
    qtbot.waitExposed(screen)
    screen.add_foe("training_robot")
    click(qtbot, screen.next_button)
    started: list[fp.FightPlan] = []
    screen.started.connect(started.append)
    return screen, started


@pytest.mark.rule("ITM-EVA-SUIT")
def test_the_suit_is_offered_only_to_its_carrier_and_a_ticked_box_starts_them_wearing_it(qtbot: QtBot) -> None:
    campaign = suited_party()
    screen, started = abilities_page(qtbot, campaign)
    assert named(screen, "fight-suits").isVisible() and set(screen.suit_boxes) == {"b"}
    click(qtbot, named(screen, "fight-suit-b"))
    click(qtbot, screen.start_button)
    click(qtbot, screen.start_button)  # "Start anyway": no Arcana Abilities chosen
    (plan,) = started
    assert plan.suited == ("b",)
    setups = fp.fighter_setups(campaign, plan)
    state, _ = new_combat(plan.seed, plan.room_size, list(setups), list(plan.adversaries), bestiary())
    mo = next(f for f in Game(state).state.fighters if f.name == "Mo")
    pip = next(f for f in Game(state).state.fighters if f.name == "Pip")
    assert wearing_suit(mo.items, mo.marks) and not wearing_suit(pip.items, pip.marks)


@pytest.mark.rule("ITM-EVA-SUIT")
def test_unticked_the_carrier_starts_without_it_and_nobody_carrying_one_hides_the_box(qtbot: QtBot) -> None:
    screen, started = abilities_page(qtbot, suited_party())
    click(qtbot, screen.start_button)
    click(qtbot, screen.start_button)
    assert started[0].suited == ()
    bare, _ = abilities_page(qtbot, party(fool(), magician()))
    assert not named(bare, "fight-suits").isVisible() and bare.suit_boxes == {}
