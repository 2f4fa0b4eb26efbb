"""The whole path by clicks: new game → solo → a character → fight set-up → the table → summary → the Day → next."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.characters.party_editor import PartyEditor
from rt0table.desktop.flow import navigator as nav
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.fight_setup import KIND_ROLE, FightSetupScreen
from rt0table.desktop.flow.mode_screen import ModeScreen
from rt0table.desktop.flow.playthrough import Mode
from rt0table.desktop.flow.summary_screen import SummaryScreen
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.campaign import campaign as cp
from tests.helpers.flow_steps import current, fill_ines, set_up_robot_fight, start_fight
from tests.helpers.table_keys import K, press, win_the_fight
from tests.helpers.widgets import click, named

SCREENSHOTS_SIZE = (1280, 800)


def shoot(widget: QWidget, name: str) -> None:
    from tests.helpers.widgets import shoot as save

    QApplication.processEvents()
    save(widget, name)


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = MainWindow()
    main.table_settings.replay_step_ms = 0
    main.table_settings.return_ms = 0
    main.resize(*SCREENSHOTS_SIZE)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    yield main


@pytest.mark.rule("CMB-CHOOSE-ABILITIES", "CMB-SUPREMACY", "DAY-FOOD", "DAY-SLEEP", "DAY-CLOCK")
def test_new_game_to_the_second_fights_set_up(qtbot: QtBot, window: MainWindow) -> None:
    # New game → solo.
    click(qtbot, window.title_screen.buttons["new"])
    mode = current(window)
    assert isinstance(mode, ModeScreen)
    shoot(window, "flow-1-mode")
    click(qtbot, mode.buttons[Mode.SOLO])

    # The party editor: one character, Done.
    editor = current(window)
    assert isinstance(editor, PartyEditor) and editor.creation is not None
    fill_ines(qtbot, editor.creation)
    click(qtbot, editor.creation.finish_button)
    assert [c.name for c in editor.party.characters] == ["Ines"]
    click(qtbot, editor.done_button)

    # Between fights, Day 1: the Campaign is made from the party.
    between = current(window)
    assert isinstance(between, BetweenFightsScreen)
    playthrough = window.navigator.playthrough
    assert playthrough is not None and playthrough.mode is Mode.SOLO
    campaign = playthrough.campaign
    assert [m.id for m in campaign.members] == ["ines"] and campaign.day == 1 and campaign.supremacy == 0
    assert between.day.day_label.text() == "Day 1"
    shoot(window, "flow-2-between-day1")
    click(qtbot, between.day.next_button)

    # Fight set-up: 1x1 room, one Training Attack Robot, everyone in A1, seed.
    setup = current(window)
    assert isinstance(setup, FightSetupScreen)
    assert not setup.next_button.isEnabled() and "adversary" in setup.room_status.text()
    set_up_robot_fight(qtbot, setup)
    assert setup.zones == {"ines": (0, 0), "foe:0": (0, 0)}
    assert "Training Attack Robot" in named(setup, "zone-A1").text()  # type: ignore[attr-defined]
    shoot(window, "flow-3-fight-setup")
    click(qtbot, setup.next_button)

    # Arcana Abilities: two of six; a third is refused while two are ticked.
    picker = setup.pickers["ines"]
    click(qtbot, named(picker, "ability-ines-lucky_numbers"))
    click(qtbot, named(picker, "ability-ines-palm_reading"))
    assert picker.chosen() == ("lucky_numbers", "palm_reading")
    assert not named(picker, "ability-ines-yes_no").isEnabled()
    assert "1 Corruption" in picker.count_label.text()
    shoot(window, "flow-4-abilities")
    click(qtbot, setup.start_button)

    # The table: solo (no curtain), the chosen abilities on the fighter.
    table = current(window)
    assert isinstance(table, TableScreen)
    assert not table.settings.hot_seat and not table.scene.curtain.isVisible()
    fighter = table.session.state.fighter("ines")
    assert {"lucky_numbers", "palm_reading"} <= set(fighter.abilities)
    assert "yes_no" not in fighter.abilities
    assert playthrough.game is table.session.game
    assert table.session.state.day == playthrough.campaign.clock.day == 1, "the fight runs on the campaign's Day"
    win_the_fight(qtbot, table)
    state = table.session.state
    assert state.result == "victory"
    hp = state.fighter("ines").hp
    assert 0 < hp < 20
    press(qtbot, table, K.Key_Return)

    # The summary: one tally (no injury, no Corruption, not at full HP).
    summary = current(window)
    assert isinstance(summary, SummaryScreen)
    assert summary.report.gain == 1 and summary.report.supremacy == 1
    assert "Victory" in named(summary, "summary-title").text()  # type: ignore[attr-defined]
    assert "1 tally" in summary.gain_label.text()
    assert "not everyone ended at full HP" in summary.reason_label.text()
    assert summary.cells[0][1].text() == f"{hp} / 20" and summary.cells[0][2].text() == "none"
    assert "Training Attack Robot: " in summary.foes_label.text()
    assert playthrough.campaign.supremacy == 1 and playthrough.session is None
    shoot(window, "flow-5-summary")
    click(qtbot, summary.done_button)

    # Between fights: the worksheet shows the tally; end Day 1 with inedible food and bad sleep.
    between = current(window)
    assert isinstance(between, BetweenFightsScreen)
    assert "Tally: 1" in between.day.supremacy_label.text()
    power = named(between.day, "power-ines-Foresight: Tarot Deck")
    assert isinstance(power, QPushButton)
    click(qtbot, power)  # a divination tool is asked of the GM, who grants it here
    click(qtbot, named(between.day, "day-gm-ask"))
    assert playthrough.campaign.clock.used_by("ines") == ()
    click(qtbot, named(between.day, "day-gm-grant"))
    assert playthrough.campaign.clock.used_by("ines") == ("Foresight: Tarot Deck",)
    power = named(between.day, "power-ines-Foresight: Tarot Deck")
    assert not power.isEnabled() and power.text().endswith("used")  # type: ignore[attr-defined]
    meal = named(between.day, "day-meal-ines")
    sleep = named(between.day, "day-sleep-ines")
    assert isinstance(meal, QComboBox) and isinstance(sleep, QComboBox)
    meal.setCurrentIndex(meal.findData(cp.Meal.INEDIBLE))
    sleep.setCurrentIndex(sleep.findData(cp.Sleep.UNRESTFUL))
    click(qtbot, between.day.end_day_button)
    campaign = playthrough.campaign
    assert campaign.day == 2 and campaign.clock.used_by("ines") == ()
    assert set(campaign.member("ines").injuries.names) == {"Upset Stomach", "Groggy"}
    assert between.day.day_label.text() == "Day 2"
    log = [between.day.log.item(i).text() for i in range(between.day.log.count())]
    assert "Day 1 ends." in log and any("Groggy" in line for line in log)
    assert any(line.startswith("The Supremacy Worksheet gets 1 tally") for line in log)
    rest = named(between.day, "day-rest-ines").text()  # type: ignore[attr-defined]
    assert "Groggy" in rest and "Upset Stomach" in rest
    assert between.sheets["ines"].campaign is campaign  # the sheet follows the Day
    shoot(window, "flow-6-between-day2")
    between.tabs.setCurrentIndex(1)
    shoot(window, "flow-7-between-sheet")
    between.tabs.setCurrentIndex(2)
    shoot(window, "flow-8-between-checks")
    between.tabs.setCurrentIndex(0)
    click(qtbot, between.day.next_button)

    # The next fight's set-up, the campaign carried over.
    setup = current(window)
    assert isinstance(setup, FightSetupScreen) and setup.campaign is campaign
    assert playthrough.reports[0].result == "victory"


def test_hot_seat_puts_the_curtain_up_and_solo_calls_the_seam(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    attached: list[object] = []
    monkeypatch.setattr(nav, "solo_attacher", lambda: lambda table, session, **_: attached.append((table, session)))
    for mode, curtain in ((Mode.HOT_SEAT, True), (Mode.SOLO, False)):
        window.navigator.start()
        click(qtbot, current(window).buttons[mode])  # type: ignore[attr-defined]
        editor = current(window)
        assert isinstance(editor, PartyEditor) and editor.creation is not None
        fill_ines(qtbot, editor.creation)
        click(qtbot, editor.creation.finish_button)
        click(qtbot, editor.done_button)
        click(qtbot, current(window).day.next_button)  # type: ignore[attr-defined]
        setup = current(window)
        assert isinstance(setup, FightSetupScreen)
        set_up_robot_fight(qtbot, setup)
        click(qtbot, setup.next_button)
        start_fight(qtbot, setup)
        table = current(window)
        assert isinstance(table, TableScreen) and table.settings.hot_seat is curtain
    assert len(attached) == 1 and attached[0][0] is table  # type: ignore[index]


def test_without_the_solo_module_nothing_is_attached() -> None:
    try:
        import rt0table.desktop.solo.dock  # noqa: F401
    except ImportError:
        assert nav.solo_attacher() is None


def test_the_setup_moves_figures_by_clicking_zones(qtbot: QtBot, window: MainWindow) -> None:
    window.navigator.start()
    click(qtbot, current(window).buttons[Mode.HOT_SEAT])  # type: ignore[attr-defined]
    editor = current(window)
    assert isinstance(editor, PartyEditor) and editor.creation is not None
    fill_ines(qtbot, editor.creation)
    click(qtbot, editor.creation.finish_button)
    click(qtbot, editor.eddy_button)
    click(qtbot, editor.eddy_skill_buttons[editor.party.default_eddy_skill()])
    click(qtbot, editor.done_button)
    click(qtbot, current(window).day.next_button)  # type: ignore[attr-defined]
    setup = current(window)
    assert isinstance(setup, FightSetupScreen)
    assert setup.zones == {"ines": (0, 2), "eddy": (1, 2)}  # the bottom row of the 3x3 room
    for _ in range(2):
        laborer = next(
            setup.bestiary_list.item(i)
            for i in range(setup.bestiary_list.count())
            if setup.bestiary_list.item(i).data(KIND_ROLE) == "laborer"
        )
        setup.bestiary_list.setCurrentItem(laborer)
        click(qtbot, setup.add_button)
    drone = next(
        setup.bestiary_list.item(i)
        for i in range(setup.bestiary_list.count())
        if setup.bestiary_list.item(i).data(KIND_ROLE) == "drone"
    )
    assert drone.text().endswith("(house)")
    setup.bestiary_list.setCurrentItem(drone)
    click(qtbot, setup.add_button)
    assert [setup.foe_list.item(i).text() for i in range(3)] == ["Laborer 1", "Laborer 2", "Drone"]
    setup.grid.select("eddy")
    click(qtbot, named(setup, "zone-B2"))
    assert setup.zones["eddy"] == (1, 1)
    assert setup.grid.selected() == "foe:0"  # the selection moves on to the next figure
    click(qtbot, named(setup, "zone-A1"))
    assert setup.zones["foe:0"] == (0, 0)
    shoot(window, "flow-9-setup-3x3")
    click(qtbot, setup.next_button)
    assert "None of" not in setup.pickers["ines"].count_label.text()
    start_fight(qtbot, setup)
    table = current(window)
    assert isinstance(table, TableScreen)
    state = table.session.state
    assert state.fighter("eddy").zone == (1, 1) and state.adversary("laborer-1").zone == (0, 0)
    assert state.adversary("drone-1").name == "Drone"


@pytest.fixture
def between(qtbot: QtBot) -> BetweenFightsScreen:
    from rt0table.desktop.flow.playthrough import Playthrough
    from rt0table.rules.rt0.campaign import fight_plan as fp
    from tests.helpers.sample_party import MIRA

    campaign = fp.from_party([MIRA])
    campaign, _ = cp.take_injury(campaign, "mira", "Injured Arm", "a test")
    screen = BetweenFightsScreen(Playthrough(Mode.HOT_SEAT, campaign, seed=11))
    screen.resize(*SCREENSHOTS_SIZE)
    qtbot.addWidget(screen)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


@pytest.mark.rule("INJ-MINOR", "DAY-SLEEP")
def test_nights_of_rest_heal_on_the_day_tab(qtbot: QtBot, between: BetweenFightsScreen) -> None:
    rest = named(between.day, "day-rest-mira")
    assert rest.text() == "Injured Arm (minor): 0 of 2 nights of rest, then gone."  # type: ignore[attr-defined]
    click(qtbot, between.day.end_day_button)
    assert rest.text() == "Injured Arm (minor): 1 of 2 nights of rest, then gone."  # type: ignore[attr-defined]
    sleep = named(between.day, "day-sleep-mira")
    assert isinstance(sleep, QComboBox)
    sleep.setCurrentIndex(sleep.findData(cp.Sleep.NONE))  # a sleepless Day is no night of rest, and costs 3
    click(qtbot, between.day.end_day_button)
    member = between.playthrough.campaign.member("mira")
    assert member.injuries.names == ("Injured Arm",) and member.corruption.owed == 3
    assert "3 Corruption to mark" in named(between.day, "day-owed-mira").text()  # type: ignore[attr-defined]
    click(qtbot, named(between.day, "day-mark-mira"))
    assert between.playthrough.campaign.member("mira").corruption.owed == 0
    sleep.setCurrentIndex(sleep.findData(cp.Sleep.RESTFUL))
    click(qtbot, between.day.end_day_button)
    assert between.playthrough.campaign.member("mira").injuries.names == ()
    assert rest.text() == "No injuries."  # type: ignore[attr-defined]
    assert between.playthrough.campaign.day == 4
    assert "Mira's Injured Arm is gone (rest)." in between.playthrough.log
    sheet = between.sheets["mira"]
    sheet.add_injury("Broken Leg")  # a change made on the sheet reaches the campaign, the Day tab and the log
    assert between.playthrough.campaign.member("mira").injuries.names == ("Broken Leg",)
    assert "Broken Leg (major)" in named(between.day, "day-rest-mira").text()  # type: ignore[attr-defined]
    assert between.playthrough.log[-1] == "Mira has Broken Leg (major): written on the sheet."


@pytest.mark.rule("SKL-RETRY")
def test_a_retried_check_puts_its_corruption_on_the_campaign(qtbot: QtBot, between: BetweenFightsScreen) -> None:
    from rt0table.rules.rt0.campaign.skill_check import Difficulty
    from rt0table.rules.rt0.traits import Skill
    from tests.helpers.check_decks import stack

    checks = between.checks
    assert checks.next_day_button.isHidden() and checks.day_label.text() == "Day 1"
    stack(checks, "Mira", "4 of Cups", "Knight of Swords")
    qtbot.keyClicks(checks.subject, "Hack the door panel")
    checks.skill.setCurrentIndex(list(Skill).index(Skill.SCI))
    checks.difficulty.setCurrentIndex(Difficulty.HARD.value)
    click(qtbot, checks.draw_button)
    assert checks.outcome.text() == "Failure"
    click(qtbot, checks.retry_button)
    assert between.playthrough.campaign.member("mira").corruption.owed == 1
    assert "Mira takes 1 Corruption for retrying a check." in between.playthrough.log
    click(qtbot, between.day.end_day_button)
    assert checks.day_label.text() == "Day 2"


def test_solo_between_fights_has_the_oracle_and_its_journal_goes_into_the_next_fight(
    qtbot: QtBot, window: MainWindow
) -> None:
    import json

    from rt0table.desktop.flow.playthrough_doc import playthrough_doc, playthrough_from_doc
    from rt0table.desktop.solo.dock import BETWEEN_FIGHTS_LINE, SoloDock
    from rt0table.rules.loner.journal import FightEntry, QuestionEntry

    window.navigator.start()
    click(qtbot, current(window).buttons[Mode.SOLO])  # type: ignore[attr-defined]
    editor = current(window)
    assert isinstance(editor, PartyEditor) and editor.creation is not None
    fill_ines(qtbot, editor.creation)
    click(qtbot, editor.creation.finish_button)
    click(qtbot, editor.done_button)

    # Between fights: the oracle dock beside the Day, with nothing of a fight's controls on it.
    between = current(window)
    assert isinstance(between, BetweenFightsScreen)
    dock = between.oracle
    assert isinstance(dock, SoloDock) and dock.isVisible() and dock.session is None
    assert dock.mapTo(between, dock.rect().topLeft()).x() >= between.tabs.geometry().right()
    assert not dock.gm_box.isVisible() and dock.gm_line.text() == BETWEEN_FIGHTS_LINE
    qtbot.keyClicks(dock.panel.question, "Is the station quiet tonight?")
    click(qtbot, dock.panel.roll_button)
    asked = dock.solo.journal.entries[-1]
    assert isinstance(asked, QuestionEntry) and asked.question == "Is the station quiet tonight?"
    # Tags set between fights (issue 19): one picked for, one kept on the shelf against.
    qtbot.keyClicks(dock.panel.tags_for.field, "Knows the vents")
    qtbot.keyClick(dock.panel.tags_for.field, K.Key_Return)
    qtbot.keyClicks(dock.panel.tags_against.field, "Alarm is armed")
    qtbot.keyClick(dock.panel.tags_against.field, K.Key_Return)
    against = dock.panel.tags_against.list
    spot = against.visualItemRect(against.item(0)).center()
    qtbot.mouseClick(against.viewport(), Qt.MouseButton.LeftButton, pos=spot)  # a click unpicks it
    shelf = (("Knows the vents", True),), (("Alarm is armed", False),)
    assert (dock.solo.oracle.tags_for, dock.solo.oracle.tags_against) == shelf

    # The playthrough keeps it, and so does its save.
    playthrough = window.navigator.playthrough
    assert playthrough is not None and playthrough.solo == dock.solo
    restored, _ = playthrough_from_doc(json.loads(json.dumps(playthrough_doc(playthrough))))
    assert restored.solo == playthrough.solo
    shoot(window, "flow-solo-between-oracle")

    # The next fight's dock starts from that journal: the question, then the fight's opening.
    click(qtbot, between.day.next_button)
    setup = current(window)
    assert isinstance(setup, FightSetupScreen)
    set_up_robot_fight(qtbot, setup)
    click(qtbot, setup.next_button)
    start_fight(qtbot, setup)
    table = current(window)
    assert isinstance(table, TableScreen)
    fight_dock = table.solo_dock  # type: ignore[attr-defined]
    assert fight_dock.gm_box.isVisibleTo(fight_dock)
    entries = fight_dock.solo.journal.entries
    assert entries[0] == asked and isinstance(entries[1], FightEntry)
    assert playthrough.solo == fight_dock.solo
    assert (fight_dock.panel.tags_for.shelf(), fight_dock.panel.tags_against.shelf()) == shelf
    assert fight_dock.panel.tags_for.picked() == ["Knows the vents"]
    shoot(window, "flow-solo-fight-after-oracle")

    # Back from the set-up and forth again, the journal is the playthrough's, never a fresh one.
    win_the_fight(qtbot, table)
    press(qtbot, table, K.Key_Return)
    click(qtbot, current(window).done_button)  # type: ignore[attr-defined]
    after = current(window)
    assert isinstance(after, BetweenFightsScreen) and isinstance(after.oracle, SoloDock)
    assert after.oracle.solo == playthrough.solo and after.oracle.solo.journal.entries[0] == asked
    assert isinstance(after.oracle.solo.journal.entries[-1], FightEntry), "the fight's summary is in it"
    assert (after.oracle.panel.tags_for.shelf(), after.oracle.panel.tags_against.shelf()) == shelf
    after.oracle.panel.tabs.setCurrentIndex(1)
    shoot(window, "flow-solo-between-journal")
