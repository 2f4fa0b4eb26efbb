"""Keyboard play, undo, decisions through the prompt panel, a whole fight won through the UI, the curtain."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.quick_fights import quick_fight
from rt0table.rules.rt0.fight.actions import EndTurn, PlayCard
from rt0table.rules.rt0.fight.engine import Game, legal_actions
from tests.desktop.conftest import MakeTable, shoot
from tests.helpers.table_keys import K, choose_by_tab, play_by_keys, press, win_the_fight

CTRL = Qt.KeyboardModifier.ControlModifier


def test_a_whole_turn_by_keyboard_only(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    session = screen.session
    plays = 0
    while True:
        state = session.state
        if state.pending is not None:
            choose_by_tab(qtbot, screen, len(state.pending.options) - 1)
            continue
        legal = [a for a in legal_actions(state) if isinstance(a, PlayCard)]
        if not legal or plays >= 3:
            break
        play_by_keys(qtbot, screen, legal[0])
        assert session.game.actions[-1] == legal[0]
        plays += 1
    assert plays >= 2
    press(qtbot, screen, K.Key_E)
    state = session.state
    assert state.active_fighter is not None and state.active_fighter.id == "jun"
    assert isinstance(session.game.actions[-1], EndTurn)
    assert screen.scene.hand_label.text.startswith("Jun's hand")


def test_tab_cycles_the_legal_bins_and_an_unpicked_enter_says_what_to_do(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    press(qtbot, screen, K.Key_Return)
    assert screen.scene.status.alarm and "Pick a card first" in screen.scene.status.text
    press(qtbot, screen, K.Key_2)  # 6 of Wands: Unarmed Strike, Movement / Skill, Run Away, Honk
    targets = []
    for _ in range(4):
        press(qtbot, screen, K.Key_Tab)
        targets.append(screen.controller.pick.target)  # type: ignore[union-attr]
    assert targets == ["unarmed_strike", "move_skill", "run_away", "honk"]


def test_ctrl_z_undoes_a_play_and_says_why_when_it_cannot(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    press(qtbot, screen, K.Key_Z, CTRL)
    assert screen.scene.status.alarm and screen.scene.status.text == "Nothing to undo yet."
    hand = list(screen.session.state.fighter("mara").hand)
    play_by_keys(qtbot, screen, PlayCard("mara", hand[1], "unarmed_strike"))
    assert screen.session.state.fighter("mara").hand != hand
    assert screen.scene.undo_button.isEnabled()
    press(qtbot, screen, K.Key_Z, CTRL)
    assert screen.session.state.fighter("mara").hand == hand
    assert [item.card for item in screen.scene.hand_items] == hand


def test_a_whole_fight_won_through_the_table(qtbot: QtBot, make_table: MakeTable, robot: Game) -> None:
    """One Strong player against the Training Attack Robot: keys for cards, the prompt panel for decisions."""
    screen = make_table(robot)
    session = screen.session
    win_the_fight(qtbot, screen)
    assert session.state.result == "victory"
    assert session.state.adversaries[0].fate is not None
    assert screen.scene.result.isVisible()
    assert any(line.startswith("Victory") for line in screen.scene.log.lines)
    shoot(screen, "table-victory-1280x800")
    with qtbot.waitSignal(screen.closed):
        press(qtbot, screen, K.Key_Return)


def test_the_curtain_hides_the_hand_between_players_in_hot_seat(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(quick_fight(1), hot_seat=True)
    scene = screen.scene
    assert scene.curtain.isVisible() and scene.curtain.headline == "Pass to Mara"
    assert "press F2" in scene.curtain.text
    assert not any(item.isVisible() for item in scene.hand_items)
    press(qtbot, screen, K.Key_1)  # no peeking: keys do nothing but reveal
    assert screen.controller.pick is None
    press(qtbot, screen, K.Key_F2)
    assert not scene.curtain.isVisible() and all(item.isVisible() for item in scene.hand_items)
    press(qtbot, screen, K.Key_E)
    assert scene.curtain.isVisible() and scene.curtain.headline == "Pass to Jun"
    point = screen.view.mapFromScene(scene.curtain.button.sceneBoundingRect().center())
    qtbot.mouseClick(screen.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert not scene.curtain.isVisible()
    assert scene.hand_label.text.startswith("Jun's hand")


def test_solo_mode_has_no_curtain(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(quick_fight(1), hot_seat=False)
    assert not screen.scene.curtain.isVisible()
    press(qtbot, screen, K.Key_E)
    assert not screen.scene.curtain.isVisible()


def test_the_adversary_turn_is_replayed_beat_by_beat_without_blocking(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(quick_fight(1), replay_step_ms=1)
    press(qtbot, screen, K.Key_E)
    lines_after_mara = len(screen.scene.log.lines)
    press(qtbot, screen, K.Key_E)  # Jun ends too: the Laborers act, then a new round begins
    assert screen.controller.replayer.running  # submit returned; the beats follow on the timer
    assert len(screen.scene.log.lines) < lines_after_mara + 8
    qtbot.waitUntil(lambda: not screen.controller.replayer.running, timeout=30000)  # generous: a loaded machine
    assert any("acts on" in line for line in screen.scene.log.lines)
    assert screen.session.state.round == 2
    assert screen.scene.hand_label.text.startswith("Mara's hand")


def test_clicking_an_adversary_during_a_strike_decision_hits_it(
    qtbot: QtBot, make_table: MakeTable, robot: Game
) -> None:
    screen = make_table(robot)
    session = screen.session
    for _ in range(100):
        state = session.state
        if state.pending is not None and state.pending.kind == "strike":
            break
        legal = [a for a in legal_actions(state) if isinstance(a, PlayCard) and a.ability == "unarmed_strike"]
        if state.pending is not None:
            choose_by_tab(qtbot, screen, 0)
        elif legal:
            play_by_keys(qtbot, screen, legal[0])
        else:
            press(qtbot, screen, K.Key_E)
    assert session.state.pending is not None and session.state.pending.kind == "strike"
    shoot(screen, "table-decision-1280x800")
    foe = screen.scene.foes["training_robot-1"]
    hp = session.state.adversaries[0].hp
    qtbot.mouseClick(
        screen.view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=screen.view.mapFromScene(foe.sceneBoundingRect().center() + QPointF(0, 5)),
    )
    assert session.state.adversaries[0].hp < hp


def test_new_game_on_the_title_screen_asks_how_you_play(qtbot: QtBot) -> None:
    from rt0table.desktop.flow.mode_screen import ModeScreen
    from rt0table.desktop.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.mouseClick(window.title_screen.buttons["new"], Qt.MouseButton.LeftButton)
    assert isinstance(window.screens.currentWidget(), ModeScreen)  # the whole path: tests/desktop/test_flow.py
