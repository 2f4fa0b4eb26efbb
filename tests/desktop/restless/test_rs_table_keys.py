"""The Restless's table by keyboard: the list of choices with Enter, Ctrl+Z, R on the tray; the tray's exact odds;
the hand adjustments a ``manual`` card asks for, logged and undoable; a short game played through the widgets."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.restless.restless_screen import tray_lines
from rt0table.rules.dice.dice_odds import percent
from rt0table.rules.restless import rs_actions as a
from rt0table.rules.restless.rs_play import legal_actions
from rt0table.rules.restless.rs_stand_in import choose
from rt0table.rules.restless.rs_state import RsState
from rt0table.rules.restless.rs_tray import attack_forecast
from tests.helpers.rs_tables import choose_by_keys, play_until, rs_table


def test_enter_on_a_choice_plays_it(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    keep = choose(game.session.state)
    choose_by_keys(qtbot, game, keep)
    assert game.session.steps[-1].action == keep
    assert len(game.session.state.party) == 4


def test_the_list_holds_every_legal_choice_but_the_hand_adjustments(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, lambda s: s.phase == "combat")
    listed = [game.screen.choices.item(i).data(Qt.ItemDataRole.UserRole) for i in range(game.screen.choices.count())]
    hands = (a.Adjust, a.TurnCard, a.MoveCard)
    assert listed == [x for x in legal_actions(state) if not isinstance(x, hands)]


def test_ctrl_z_takes_back_a_trade(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, lambda s: s.phase == "between" and any(isinstance(x, a.Give) for x in legal_actions(s)))
    give = next(x for x in legal_actions(state) if isinstance(x, a.Give))
    choose_by_keys(qtbot, game, give)
    assert game.session.state != state
    qtbot.keyClick(game.screen.choices, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.session.state == state


def test_the_tray_shows_the_exact_chance_before_the_roll_and_r_rolls_it(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, lambda s: s.phase == "combat")
    attack = next(x for x in legal_actions(state) if isinstance(x, a.Attack))
    listing = game.screen.choices
    row = next(i for i in range(listing.count()) if listing.item(i).data(Qt.ItemDataRole.UserRole) == attack)
    listing.setCurrentRow(row)
    forecast = attack_forecast(state, attack.hero, attack.item)
    text = game.screen.tray.odds.text()
    assert text == tray_lines(forecast)
    assert f"{forecast.chance.numerator}/{forecast.chance.denominator}" in text
    if state.rerolls:
        assert percent(forecast.with_rerolls[1]) in text
    assert ("costs nothing" in text) == (forecast.miss_cost == 0)
    listing.setFocus()
    qtbot.keyClick(listing, Qt.Key.Key_R)
    assert game.session.steps[-1].action == attack


def test_a_hand_adjustment_is_logged_and_undone(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, lambda s: s.phase == "between")
    hero = state.party[0]
    screen = game.screen
    screen.who.setCurrentIndex(screen.who.findData(hero.card))
    qtbot.mouseClick(screen.findChild(type(screen.undo_button), "rs-hands-health-down"), Qt.MouseButton.LeftButton)
    after: RsState = game.session.state
    assert after.hero(hero.card).health == hero.health - 1
    assert game.session.steps[-1].action == a.Adjust("health", hero.card, -1)
    assert screen.log.count() > 0 and "Health" in screen.log.item(0).text()
    qtbot.keyClick(screen.choices, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.session.state == state


def test_a_short_game_through_the_widgets(qtbot: QtBot) -> None:
    """Set-up to the first Target beaten or fled, every choice made by the arrow keys and Enter in the list."""
    game = rs_table(qtbot, size=(1024, 640))
    fought = False
    for _ in range(80):
        state: RsState = game.session.state
        fought = fought or state.phase == "combat"
        if fought and state.phase in ("drops", "between", "encounter", "over"):
            break
        choose_by_keys(qtbot, game, choose(state))
    assert fought and game.session.state.phase in ("drops", "between", "encounter", "over")
    assert all(not s.stand_in for s in game.session.steps)


def holds_an_active_item(state: RsState) -> bool:
    return state.phase == "between" and any(state.card(i).active for h in state.party for i in h.items)


def test_turning_an_item_by_hand_is_logged_and_undone(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, holds_an_active_item)
    item = next(i for h in state.party for i in h.items if state.card(i).active)
    screen = game.screen
    screen.item.setCurrentIndex(screen.item.findData(item))
    qtbot.mouseClick(screen.findChild(type(screen.undo_button), "rs-hands-turn"), Qt.MouseButton.LeftButton)
    after: RsState = game.session.state
    assert game.session.steps[-1].action == a.TurnCard(item)
    assert after.mark(item).spent != state.mark(item).spent
    qtbot.keyClick(screen.choices, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.session.state == state
