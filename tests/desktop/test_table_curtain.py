"""The hot-seat curtain holds: every key but the one it names leaves it down and shows nothing private.

Real key events on the view and real clicks on its viewport; after each one the engine state's hash, the hidden
hand and the hidden options are checked. A private decision (Second Sight's peek) and the Space that skips the
adversaries' turn, pressed on past the end of it, are the cases the leak was found with.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.card_item import CardItem
from rt0table.desktop.table.quick_fights import quick_fight
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.fight.actions import Choose
from rt0table.rules.rt0.fight.engine import Game, Step
from rt0table.rules.rt0.fight.serialize import state_hash
from tests.desktop.conftest import MakeTable, shoot
from tests.helpers.arcana_games import fool_game, gm_secret, priestess_game

K = Qt.Key
M = Qt.KeyboardModifier
LEFT = Qt.MouseButton.LeftButton
CURTAIN_KEY = K.Key_F2  # the one key the curtain names
MODIFIERS = [M.NoModifier, M.ControlModifier, M.ShiftModifier, M.ControlModifier | M.ShiftModifier]
SIZES = [(1024, 640), (1280, 800)]


def every_key() -> Iterator[K]:
    """Every key a player might press at the table: letters, digits, F-keys, and the keys the table answers to."""
    yield from (K(code) for code in range(K.Key_A, K.Key_Z + 1))
    yield from (K(code) for code in range(K.Key_0, K.Key_9 + 1))
    yield from (K(code) for code in range(K.Key_F1, K.Key_F12 + 1))
    yield from (
        K.Key_Space,
        K.Key_Return,
        K.Key_Enter,
        K.Key_Tab,
        K.Key_Backtab,
        K.Key_Escape,
        K.Key_Left,
        K.Key_Right,
        K.Key_Up,
        K.Key_Down,
        K.Key_PageUp,
        K.Key_PageDown,
        K.Key_Home,
        K.Key_End,
        K.Key_Insert,
        K.Key_Backspace,
        K.Key_Delete,
        K.Key_Plus,
        K.Key_Minus,
        K.Key_Equal,
        K.Key_Question,
        K.Key_Slash,
        K.Key_Period,
        K.Key_Comma,
        K.Key_Menu,
    )


def other_presses() -> Iterator[tuple[K, M]]:
    """Every key with and without Ctrl and Shift, but the curtain's own key on its own."""
    for key in every_key():
        for modifier in MODIFIERS:
            if (key, modifier) != (CURTAIN_KEY, M.NoModifier):
                yield key, modifier


def private_labels(screen: TableScreen) -> list[str]:
    pending = screen.session.state.pending
    return [option.label for option in pending.options] if pending is not None and pending.private else []


def assert_nothing_private_shown(screen: TableScreen, digest: str, pressed: str) -> None:
    scene, controller = screen.scene, screen.controller
    state = screen.session.state
    hand = set(state.fighter(controller.viewed_id).hand)
    assert state_hash(state) == digest, f"{pressed} changed the fight behind the curtain"
    assert scene.curtain.isVisible(), f"{pressed} lifted the curtain"
    assert not any(item.isVisible() for item in scene.hand_items), f"{pressed} showed the hand"
    shown = [i for i in scene.items() if isinstance(i, CardItem) and i.isVisible() and i.card in hand]
    assert not shown, f"{pressed} showed a card of the hand"
    assert controller.pick is None and not controller.menu, f"{pressed} picked a card or opened a menu"
    assert not controller.zoom.view.isVisible(), f"{pressed} showed a card large"
    labels = private_labels(screen)
    if labels:
        assert scene.prompt.hidden and scene.prompt.buttons == [], f"{pressed} showed the private options"
        lines = [scene.status.text, scene.prompt.prompt, scene.prompt.note, *scene.log.lines[-3:]]
        assert not any(label in line for label in labels for line in lines), f"{pressed} named a private option"


def press_everything_but_the_curtain_key(qtbot: QtBot, screen: TableScreen) -> None:
    digest = state_hash(screen.session.state)
    actions = list(screen.session.game.actions)
    for key, modifier in other_presses():
        qtbot.keyClick(screen.view, key, modifier)
        assert_nothing_private_shown(screen, digest, f"{key.name} with {modifier!r}")
    # Clicks on the curtain beside its button, and on the covered hand, lift nothing either.
    curtain = screen.scene.curtain.sceneBoundingRect()
    inset = curtain.adjusted(6, 6, -6, -6)
    for spot in (inset.topLeft(), inset.bottomRight(), QPointF(inset.left() + inset.width() / 10, inset.center().y())):
        qtbot.mouseClick(screen.view.viewport(), LEFT, pos=screen.view.mapFromScene(spot))
        assert_nothing_private_shown(screen, digest, f"a click at {spot}")
    assert screen.session.game.actions == actions


def curtain_button(screen: TableScreen) -> QRectF:
    return screen.scene.curtain.button.sceneBoundingRect()


@pytest.mark.parametrize("size", SIZES)
def test_no_key_but_its_own_lifts_the_curtain_between_two_players(
    qtbot: QtBot, make_table: MakeTable, size: tuple[int, int]
) -> None:
    screen = make_table(quick_fight(1), hot_seat=True, size=size)
    scene = screen.scene
    assert scene.curtain.isVisible() and "Mara" in scene.curtain.text and "F2" in scene.curtain.text
    shoot(screen, f"table-curtain-{size[0]}x{size[1]}")
    press_everything_but_the_curtain_key(qtbot, screen)
    qtbot.keyClick(screen.view, CURTAIN_KEY)
    assert not scene.curtain.isVisible() and all(item.isVisible() for item in scene.hand_items)
    assert screen.controller.revealed_for == "mara"


def test_the_curtains_button_lifts_it_with_a_click(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(quick_fight(1), hot_seat=True)
    qtbot.mouseClick(screen.view.viewport(), LEFT, pos=screen.view.mapFromScene(curtain_button(screen).center()))
    assert not screen.scene.curtain.isVisible() and all(item.isVisible() for item in screen.scene.hand_items)


def test_a_private_second_sight_stays_hidden_under_every_key(qtbot: QtBot, make_table: MakeTable) -> None:
    game = priestess_game()
    screen = make_table(game, hot_seat=True, size=(1024, 640))
    scene = screen.scene
    assert private_labels(screen) and scene.prompt.hidden and "Hope" in scene.curtain.text
    press_everything_but_the_curtain_key(qtbot, screen)
    qtbot.keyClick(screen.view, CURTAIN_KEY)
    assert not scene.curtain.isVisible() and not scene.prompt.hidden
    assert scene.prompt.labels == [option.label for option in game.state.decisions[0].options]


def test_the_gms_secret_choice_holds_under_every_key_and_lifts_by_its_button(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    screen = make_table(gm_secret(fool_game()), hot_seat=True, size=(1024, 640))
    scene = screen.scene
    assert scene.prompt.hidden and "look away" in scene.curtain.text
    press_everything_but_the_curtain_key(qtbot, screen)
    qtbot.mouseClick(screen.view.viewport(), LEFT, pos=screen.view.mapFromScene(curtain_button(screen).center()))
    assert scene.prompt.labels == ["The Laborer hits Mara", "The Laborer hits Jun"]
    # The GM answers with Pip's hand still covered: the curtain now waits for Pip.
    assert scene.curtain.isVisible() and scene.curtain.headline == "Pass to Pip"
    assert not any(item.isVisible() for item in scene.hand_items)


def test_space_that_skips_the_adversaries_turn_does_not_lift_the_next_curtain(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    """The reported leak: Space pressed on and on to skip the adversaries' turn ran into the next curtain."""
    game: Game = quick_fight(1)
    screen = make_table(game, hot_seat=True, replay_step_ms=400)
    scene, session = screen.scene, screen.session
    for _ in range(2):  # both players end their turns: the adversaries' turn follows
        qtbot.keyClick(screen.view, CURTAIN_KEY)
        assert not scene.curtain.isVisible()
        qtbot.keyClick(screen.view, K.Key_E)
    assert screen.controller.replayer.running
    for _ in range(20):
        qtbot.keyClick(screen.view, K.Key_Space)
        qtbot.keyClick(screen.view, K.Key_Return)
    assert not screen.controller.replayer.running and session.state.active_fighter is not None
    assert_nothing_private_shown(screen, state_hash(session.state), "Space and Enter after the replay")


def test_an_undo_behind_the_curtain_brings_it_down_for_whoever_must_choose_again(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    """Mara's step hands the GM a secret choice; the GM takes the screen and clicks Undo: Mara's hand stays
    covered until Mara lifts the curtain herself."""
    screen = make_table(quick_fight(1), hot_seat=True, size=(1280, 800))
    scene, session = screen.scene, screen.session
    qtbot.keyClick(screen.view, CURTAIN_KEY)
    assert screen.controller.revealed_for == "mara" and not scene.curtain.isVisible()
    # A step that reveals nothing and asks the GM in secret (no rule asks the GM one yet: see gm_secret).
    before = session.game.state
    session.game.steps.append(Step(Choose(0), before, []))
    session.game.state = gm_secret(Game(before)).state
    session.state_did_change.emit([])
    assert scene.curtain.isVisible() and "look away" in scene.curtain.text and session.undo_refusal() is None
    undo = screen.view.mapFromScene(scene.undo_button.sceneBoundingRect().center())
    qtbot.mouseClick(screen.view.viewport(), LEFT, pos=undo)
    assert session.game.steps == [] and session.state.pending is None
    assert scene.curtain.isVisible() and scene.curtain.headline == "Pass to Mara"
    assert not any(item.isVisible() for item in scene.hand_items)
    qtbot.keyClick(screen.view, CURTAIN_KEY)
    assert all(item.isVisible() for item in scene.hand_items)
