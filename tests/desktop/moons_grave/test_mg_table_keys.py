"""The Moon's Grave table by keyboard: whole fights solo and hot-seat, the curtain, rolls, typed dice and undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_game import MgGame
from rt0table.rules.moons_grave.mg_actions import EnterDie, Plan, RollDice
from rt0table.rules.moons_grave.mg_stand_in import stand_in_choice
from tests.helpers.mg_tables import mg_table, play_until

KEY = Qt.Key


def choose_by_keys(qtbot: QtBot, game: MgGame) -> None:
    """Pick the stand-in policy's choice in the list of choices with the arrow keys, and press Enter."""
    screen = game.screen
    state = game.session.state
    seats = {screen.lifted_for} if screen.lifted_for else screen.humans
    wanted = next(stand_in_choice(state, seat) for seat in sorted(seats) if stand_in_choice(state, seat) is not None)
    rows = [screen.choices.item(i).data(Qt.ItemDataRole.UserRole) for i in range(screen.choices.count())]
    target = rows.index(wanted)
    while screen.choices.currentRow() > target:
        qtbot.keyClick(screen.choices, KEY.Key_Up)
    while screen.choices.currentRow() < target:
        qtbot.keyClick(screen.choices, KEY.Key_Down)
    qtbot.keyClick(screen.choices, KEY.Key_Return)


def test_a_whole_solo_fight_played_to_its_end_by_keyboard(qtbot: QtBot) -> None:
    game = mg_table(qtbot, seed=11, players=1)
    for _ in range(600):
        if game.session.ruleset.is_over(game.session.state):
            break
        before = game.session.ply
        choose_by_keys(qtbot, game)
        assert game.session.ply > before
    state = game.session.state
    assert state.phase == "over" and state.winner in ("party", "foes")
    assert "The fight is over" in game.screen.prompt.text()
    lines = [game.screen.log.item(i).text() for i in range(game.screen.log.count())]
    assert any(line.startswith("GM: ") for line in lines)


def test_hot_seat_secret_plans_go_behind_the_curtain_that_only_f2_lifts(qtbot: QtBot) -> None:
    game = mg_table(qtbot, seed=5, mode="hot-seat", players=2)
    screen = game.screen
    assert screen.secret_waiting() == ["p1", "p2"]  # everyone is at Initiative 3: secret plans
    assert screen.curtain.isVisible() and screen.my_actions() == []
    state = game.session.state
    for key in (KEY.Key_Return, KEY.Key_Space, KEY.Key_R, KEY.Key_2):
        qtbot.keyClick(screen.choices, key)
    assert game.session.state == state and screen.curtain.isVisible()
    qtbot.keyClick(screen.view, KEY.Key_F2)
    assert not screen.curtain.isVisible() and screen.lifted_for == "p1"
    assert {state.fighter(a.fighter).seat for a in screen.my_actions()} == {"p1"}
    qtbot.keyClick(screen.view, KEY.Key_2)  # plan two actions with the weapon shown
    assert screen.curtain.isVisible()  # closed again for the next player
    assert "Orla" in screen.curtain.headline


@pytest.mark.parametrize("gm", ["stand-in", "person"])
def test_a_whole_hot_seat_fight_to_its_end_by_keyboard_and_curtain(qtbot: QtBot, gm: str) -> None:
    game = mg_table(qtbot, seed=5, mode="hot-seat", gm=gm, players=2)
    passed_to: set[str] = set()
    for _ in range(1200):
        if game.session.ruleset.is_over(game.session.state):
            break
        if game.screen.curtain.isVisible():
            passed_to.add(game.screen.curtain.name)
            qtbot.keyClick(game.screen.view, KEY.Key_F2)
            continue
        choose_by_keys(qtbot, game)
    assert game.session.state.phase == "over"
    assert {"Vex", "Orla"} <= passed_to
    assert ("the GM" in passed_to) == (gm == "person")  # a person running the NPCs writes secret plans too
    assert any(s.stand_in for s in game.session.steps) == (gm == "stand-in")


def test_r_rolls_the_waiting_dice_and_the_tray_showed_the_exact_odds_first(qtbot: QtBot) -> None:
    game = mg_table(qtbot)
    state = play_until(game, lambda s: s.phase == "roll" and not s.fighter(s.roll.roller).npc)  # type: ignore[union-attr]
    assert state.roll is not None
    odds = game.screen.tray.odds.text()
    assert f"{state.roll.dice} dice vs {state.roll.difficulty}" in odds or f"{state.roll.dice} die vs" in odds
    assert "%" in odds and "★" in odds and "☠" in odds
    qtbot.keyClick(game.screen.view, KEY.Key_R)
    assert any(s.action == RollDice(state.roll.roller) for s in game.session.steps)


def test_physical_dice_typed_in_face_by_face_with_a_surge_asking_for_one_more(qtbot: QtBot) -> None:
    game = mg_table(qtbot)
    state = play_until(game, lambda s: s.phase == "roll" and not s.fighter(s.roll.roller).npc)  # type: ignore[union-attr]
    assert state.roll is not None
    roller = state.roll.roller
    qtbot.keyClick(game.screen.view, KEY.Key_6)  # a 2+ surges: one more die is owed
    roll = game.session.state.roll
    assert roll is not None and roll.faces == (6,) and not roll.complete
    for _ in range(state.roll.dice):
        qtbot.keyClick(game.screen.view, KEY.Key_4)
    steps = [s.action for s in game.session.steps if isinstance(s.action, EnterDie)]
    assert steps == [EnterDie(roller, 6), *[EnterDie(roller, 4)] * state.roll.dice]
    assert game.session.state.roll is None or game.session.state.roll.complete


def test_ctrl_z_undoes_a_plan_but_never_a_roll(qtbot: QtBot) -> None:
    game = mg_table(qtbot, seed=3, players=1, foes=("Captain (5), Beckon 2",))
    screen = game.screen
    state = game.session.state
    counts = {a.actions for a in screen.my_actions() if isinstance(a, Plan)}
    assert counts == set(range(state.house.plan_limit + 1))
    assert [b.isVisibleTo(screen) for b in screen.plan_buttons] == [n in counts for n in range(10)]
    qtbot.keyClick(screen.view, KEY.Key_1)  # Vex (Initiative 3) plans first; the Captain (5) plans after her
    assert game.session.ply == 2 and game.session.steps[-1].stand_in
    assert screen.undo_button.isEnabled()
    qtbot.keyClick(screen.view, KEY.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.session.state == state and game.session.ply == 0  # her plan and the GM's answer, together
    play_until(game, lambda s: s.phase == "perks" or (s.phase == "turn" and s.round > 1))
    rolled = game.session.state
    qtbot.keyClick(screen.view, KEY.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.session.state == rolled
    assert "stands" in screen.refusal.text()
