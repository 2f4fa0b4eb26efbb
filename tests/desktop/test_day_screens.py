"""Between fights, by clicks: a scar's morning choice on the Day tab, Blinded's sight question at the skill-check
table, and the skill-check decks kept in the save so a resumed Day draws the cards an unbroken one would."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.characters.skill_check_screen import SkillCheckScreen, percent
from rt0table.desktop.flow import navigator as nav
from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.fight_setup import FightSetupScreen
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.playthrough_doc import playthrough_doc, playthrough_from_doc
from rt0table.desktop.flow.resume import restore
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge, SkillCheck, check_odds
from rt0table.rules.rt0.cards import CardId, by_name
from rt0table.rules.rt0.fight.actions import PlayCard
from rt0table.rules.rt0.fight.engine import legal_actions
from rt0table.rules.rt0.traits import Skill
from tests.desktop.conftest import SCREENSHOTS
from tests.helpers.check_decks import stack
from tests.helpers.day_screens import SIZES, open_tab, pick, scarred, show
from tests.helpers.flow_steps import current, fill_ines, set_up_robot_fight, start_fight
from tests.helpers.sample_party import MIRA
from tests.helpers.table_keys import choose_by_tab
from tests.helpers.widgets import click, named


def shoot(widget: QWidget, name: str) -> Path:
    QApplication.processEvents()
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    assert widget.grab().save(str(path))
    return path


# --- Massive Painful Scar: the morning's choice ------------------------------------------------------------------


@pytest.mark.rule("INJ-MINOR", "DAY-CLOCK")
def test_the_scars_choice_is_asked_on_the_day_before_any_fight_and_kept(qtbot: QtBot, tmp_path: Path) -> None:
    screen = scarred(cp.SCAR, cp.SCAR)
    show(qtbot, screen)
    playthrough = screen.playthrough
    store = SaveStore(tmp_path)
    keeper = Autosave.start(store, playthrough)
    day = screen.day
    note = named(day, "day-scar-mira")
    assert isinstance(note, QLabel) and "gives up 2 different combat abilities" in note.text()
    shoot(screen, "day-scar-to-choose")
    asked: list[bool] = []
    screen.next_fight.connect(lambda: asked.append(True))
    click(qtbot, day.next_button)  # not before the scars have blocked something
    assert not asked and "Massive Painful Scar blocks today for Mira" in day.error.text()
    first, second = named(day, "day-scar-pick-mira-0"), named(day, "day-scar-pick-mira-1")
    assert isinstance(first, QComboBox) and isinstance(second, QComboBox)
    offered = [first.itemData(i) for i in range(1, first.count())]
    assert offered == list(cp.scar_choices(playthrough.campaign, "mira"))
    assert {"defend", "unarmed_strike", "honk", "spell_leo"} <= set(offered)  # spells too; Mira is not Foolish
    assert not any(a.startswith("injury_") for a in offered)
    pick(first, "defend")
    pick(second, "defend")
    click(qtbot, named(day, "day-scar-block-mira"))  # two scars cannot block the same ability
    assert playthrough.campaign.member("mira").scar_blocks == ()
    assert "Choose 2 different combat abilities" in day.error.text()
    pick(second, "spell_leo")
    click(qtbot, named(day, "day-scar-block-mira"))
    assert playthrough.campaign.member("mira").scar_blocks == ("defend", "spell_leo")
    assert note.text().startswith("Massive Painful Scar: Mira cannot use Defend, Leo today.")
    assert first.isHidden() and named(day, "day-scar-block-mira").isHidden()
    sheet_text = " ".join(w.text() for w in screen.sheets["mira"].findChildren(QLabel))
    assert "Today it blocks <b>Defend</b>" in sheet_text and "Today it blocks <b>Leo</b>" in sheet_text
    saved = restore(store.load(keeper.game_id)).playthrough.campaign.member("mira")
    assert saved.scar_blocks == ("defend", "spell_leo")  # kept with the playthrough
    shoot(screen, "day-scar-chosen")
    click(qtbot, day.next_button)
    assert asked == [True]

    click(qtbot, day.end_day_button)  # a new morning asks again
    QApplication.processEvents()  # the new drop-downs show once the event loop has run
    assert playthrough.campaign.day == 2 and playthrough.campaign.member("mira").scar_blocks == ()
    assert "this morning Mira gives up" in note.text() and not named(day, "day-scar-pick-mira-0").isHidden()
    screen.resize(*SIZES[1])
    shoot(screen, "day-scar-to-choose-1024")


@pytest.mark.rule("INJ-MINOR", "DAY-CLOCK")
def test_a_fight_starts_only_once_the_scar_has_chosen_and_then_refuses_the_blocked_bin(
    qtbot: QtBot, window: MainWindow
) -> None:
    click(qtbot, window.title_screen.buttons["new"])
    click(qtbot, current(window).buttons[Mode.HOT_SEAT])  # type: ignore[attr-defined]
    editor = current(window)
    fill_ines(qtbot, editor.creation)  # type: ignore[attr-defined]
    click(qtbot, editor.creation.finish_button)  # type: ignore[attr-defined]
    click(qtbot, editor.done_button)  # type: ignore[attr-defined]
    between = current(window)
    assert isinstance(between, BetweenFightsScreen)
    open_tab(qtbot, between, "Character sheets")  # the scar is written on the sheet mid-Day
    sheet = between.sheets["ines"]
    pick(named(sheet, "sheet-injury-pick"), cp.SCAR)  # type: ignore[arg-type]
    click(qtbot, named(sheet, "sheet-add-injury"))
    assert "not chosen yet" in " ".join(w.text() for w in sheet.findChildren(QLabel))
    open_tab(qtbot, between, "The Day")
    plan = fp.FightPlan(1, 1, (fp.AdversarySetup("training_robot", (0, 0)),))
    assert "Massive Painful Scar has not blocked" in (fp.plan_refusal(between.playthrough.campaign, plan) or "")
    click(qtbot, between.day.next_button)
    assert current(window) is between  # refused: still on the Day
    pick(named(between.day, "day-scar-pick-ines-0"), "unarmed_strike")  # type: ignore[arg-type]
    click(qtbot, named(between.day, "day-scar-block-ines"))
    click(qtbot, between.day.next_button)
    setup = current(window)
    assert isinstance(setup, FightSetupScreen)
    set_up_robot_fight(qtbot, setup)
    click(qtbot, setup.next_button)
    start_fight(qtbot, setup)
    table = current(window)
    assert isinstance(table, TableScreen)
    assert table.session.state.fighter("ines").marks == {"scar-blocks:unarmed_strike": 1}
    while table.session.state.pending is not None:  # Second Sight asks first: draw both
        choose_by_tab(qtbot, table, 0)
    state = table.session.state
    plays = [a for a in legal_actions(state) if isinstance(a, PlayCard) and a.fighter == "ines"]
    assert plays and not any(a.ability == "unarmed_strike" for a in plays)
    assert any(a.ability == "defend" for a in plays)


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = MainWindow()
    main.table_settings.replay_step_ms = 0
    main.table_settings.return_ms = 0
    show(qtbot, main)
    yield main


# --- Blinded: does the task need sight? ----------------------------------------------------------------------------


@pytest.mark.rule("INJ-MINOR", "SKL-PENALTY", "SKL-ODDS")
def test_blinded_is_asked_whether_the_task_needs_sight_and_the_odds_follow(qtbot: QtBot) -> None:
    screen = scarred()
    show(qtbot, screen)
    open_tab(qtbot, screen, "Skill checks")
    checks = screen.checks
    sight = named(checks, "check-sight")
    assert sight.isHidden()  # nobody in the check is Blinded: nothing to ask
    screen.sheets["mira"].add_injury("Blinded")  # Blinded mid-Day, on the sheet: the check table follows
    assert not sight.isHidden() and not sight.isChecked()
    pick(checks.skill, Skill.ART)  # neither A+ nor F for Mira: she faces Medium as called
    pick(checks.difficulty, Difficulty.MEDIUM)
    table = checks.table
    assert table.checkers["Mira"].difficulty(Skill.ART, Difficulty.MEDIUM) is Difficulty.MEDIUM
    pile = table.piles[table.checkers["Mira"].pile]
    plain = check_odds(pile, SkillCheck(Difficulty.MEDIUM, MIRA.arcana))
    penalty = check_odds(pile, SkillCheck(Difficulty.MEDIUM, MIRA.arcana, Edge.PENALTY))
    assert penalty.success < plain.success
    assert checks.odds_label.text() == f"Chance of success: {percent(plain.success)}"
    assert "no Penalty, as this task does not need sight" in named(checks, "check-injury-note").text()  # type: ignore[attr-defined]
    click(qtbot, sight)
    assert sight.isChecked()
    assert checks.odds_label.text() == f"Chance of success with Penalty: {percent(penalty.success)}"
    assert named(checks, "check-injury-note").text() == "Mira: Penalty from Blinded (the task needs sight)."  # type: ignore[attr-defined]
    shoot(screen, "checks-blinded-sight")
    click(qtbot, checks.edge_buttons[Edge.BONUS])  # a Bonus cancels Blinded's Penalty (SKL-HELP)
    assert checks.odds_label.text() == f"Chance of success: {percent(plain.success)}"
    click(qtbot, checks.edge_buttons[Edge.NONE])
    stack(checks, "Mira", "9 of Cups", "2 of Cups")  # the 9 first, then the 2: with Penalty the 2 counts
    qtbot.keyClicks(checks.subject, "Read the faded map")
    click(qtbot, checks.draw_button)
    result = checks.last[-1].result
    assert result.check.edge is Edge.PENALTY and result.cards == (by_name("9 of Cups"), by_name("2 of Cups"))
    assert result.kept.card == by_name("2 of Cups") and not result.succeeded
    screen.resize(*SIZES[1])
    shoot(screen, "checks-blinded-sight-1024")


@pytest.mark.rule("INJ-MINOR")
def test_the_sight_question_is_only_asked_when_someone_in_the_check_is_blinded(qtbot: QtBot) -> None:
    from rt0table.rules.rt0.campaign.character import Eddy
    from rt0table.rules.rt0.campaign.check_table import CheckTable

    table = CheckTable.for_party([MIRA], [Eddy("Eddy", Skill.SHOP)], seed=3, injuries={"Mira": ("Blinded",)})
    screen = SkillCheckScreen(table)
    show(qtbot, screen)
    sight = named(screen, "check-sight")
    assert not sight.isHidden()
    pick(screen.skill, Skill.SHOP)
    screen.who.setCurrentText("Eddy")
    assert sight.isHidden()  # the Eddy sees fine
    click(qtbot, screen.mode_buttons["any"])
    item = screen.others.findItems("Mira", Qt.MatchFlag.MatchExactly)[0]
    item.setCheckState(Qt.CheckState.Checked)
    assert not sight.isHidden()  # Mira draws too
    click(qtbot, sight)
    assert "Mira: " in screen.odds_label.text() and "with Penalty" in screen.odds_label.text()
    assert "Eddy: " in screen.odds_label.text()


# --- the skill-check decks in the save -----------------------------------------------------------------------------

Draw = Callable[[str], tuple[CardId, ...]]


def drawer(qtbot: QtBot, screen: BetweenFightsScreen) -> Draw:
    """Make one check by clicks on the Skill checks tab; returns the cards it drew."""
    checks = screen.checks

    def draw(task: str) -> tuple[CardId, ...]:
        checks.subject.clear()
        qtbot.keyClicks(checks.subject, task)
        pick(checks.skill, Skill.GYM)
        pick(checks.difficulty, Difficulty.HARD)
        click(qtbot, checks.draw_button)
        return tuple(c for a in checks.last for c in a.result.cards)

    return draw


TASKS = ("Climb the rusted gantry", "Lift the shutter", "Sprint past the drones", "Hold the door", "Swim the tank")


@pytest.mark.rule("SKL-ONCE-A-DAY")
def test_a_day_resumed_from_the_save_draws_the_cards_an_unbroken_day_draws(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(nav.random, "randrange", lambda *_: 4242)  # both games get the same seed

    def new_game(window: MainWindow) -> BetweenFightsScreen:
        click(qtbot, window.title_screen.buttons["new"])
        click(qtbot, current(window).buttons[Mode.HOT_SEAT])  # type: ignore[attr-defined]
        editor = current(window)
        fill_ines(qtbot, editor.creation)  # type: ignore[attr-defined]
        click(qtbot, editor.creation.finish_button)  # type: ignore[attr-defined]
        click(qtbot, editor.done_button)  # type: ignore[attr-defined]
        between = current(window)
        assert isinstance(between, BetweenFightsScreen)
        open_tab(qtbot, between, "Skill checks")
        return between

    def open_window() -> MainWindow:
        window = MainWindow(tmp_path)
        window.table_settings.replay_step_ms = 0
        show(qtbot, window)
        return window

    unbroken_window = open_window()
    unbroken = drawer(qtbot, new_game(unbroken_window))
    expected = [unbroken(task) for task in TASKS]
    unbroken_window.close()

    first = open_window()
    screen = new_game(first)
    resumed = drawer(qtbot, screen)
    got = [resumed(task) for task in TASKS[:2]]
    first.close()
    second = open_window()
    click(qtbot, second.title_screen.buttons["continue"])
    back = current(second)
    assert isinstance(back, BetweenFightsScreen) and back.playthrough.campaign.day == 1
    open_tab(qtbot, back, "Skill checks")
    again = drawer(qtbot, back)
    checks = back.checks
    checks.subject.clear()
    qtbot.keyClicks(checks.subject, TASKS[0])  # the ledger came back too: that task was tried today
    assert not checks.draw_button.isEnabled() and "already attempted on Day 1" in checks.refusal_label.text()
    got += [again(task) for task in TASKS[2:]]
    assert got == expected
    assert len(set(expected)) == len(expected)  # five different draws, not one repeated


def test_a_save_from_before_the_decks_were_kept_still_loads_and_deals_them_from_the_seed() -> None:
    playthrough = Playthrough(Mode.SOLO, fp.from_party([MIRA]), seed=8)
    doc = playthrough_doc(playthrough)
    assert doc["checks"]["version"] == 1
    del doc["checks"]
    old, _ = playthrough_from_doc(doc)
    fresh = playthrough.fresh_checks()
    assert {k: p.draw for k, p in old.checks.piles.items()} == {k: p.draw for k, p in fresh.piles.items()}


def test_buttons_are_not_clipped(qtbot: QtBot) -> None:
    screen = scarred(cp.SCAR, "Blinded")
    for size in SIZES:
        show(qtbot, screen, size)
        button = named(screen.day, "day-scar-block-mira")
        assert isinstance(button, QPushButton)
        assert button.width() >= button.sizeHint().width()
        shoot(screen, f"day-scar-blinded-{size[0]}")
