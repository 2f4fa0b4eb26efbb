"""How each game with a curtain reaches a curtain moment, for the shared sweep (curtain_sweep): RT:0's hot-seat
table between two players' turns, behind a private decision and behind the GM's secret choice; Moon's Grave's
table with one player's secret plan sealed and the curtain down for the next.

``CURTAINED`` names the desktop folder of every table that puts up a curtain; a foundation test checks that no
other folder does, so a new game's curtain cannot skip the sweep.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_scene import Plate
from rt0table.desktop.moons_grave.mg_table_screen import MgTableScreen
from rt0table.desktop.table.card_item import CardItem
from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.quick_fights import quick_fight
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.spoken import table_words
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.moons_grave.mg_actions import Plan
from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.fight.engine import Game
from rt0table.rules.rt0.fight.serialize import state_hash
from tests.helpers.arcana_games import fool_game, gm_secret, priestess_game
from tests.helpers.curtain_sweep import CurtainMoment
from tests.helpers.mg_tables import mg_table

Reach = Callable[[QtBot], CurtainMoment]


# --- RT:0 -------------------------------------------------------------------------------------------------------


def rt0_screen(qtbot: QtBot, game: Game) -> TableScreen:
    screen = TableScreen(Session(game), TableSettings(hot_seat=True, replay_step_ms=0, return_ms=0))
    qtbot.addWidget(screen)
    screen.resize(1024, 640)
    screen.show()
    qtbot.waitExposed(screen)
    screen.view.setFocus()
    return screen


def private_labels(screen: TableScreen) -> list[str]:
    pending = screen.session.state.pending
    return [option.label for option in pending.options] if pending is not None and pending.private else []


def rt0_leaks(screen: TableScreen) -> list[str]:
    """The hidden hand's cards drawn or described, a private decision's options shown, or the keys' reach open."""
    scene, controller = screen.scene, screen.controller
    state = screen.session.state
    hand = state.fighter(controller.viewed_id).hand
    found = [f"card {c} of the hand drawn" for c in _drawn_cards(scene.items()) if c in hand]
    words = table_words(scene)
    found += [f"{CARDS[c].name} described" for c in hand if CARDS[c].name in words.split("Bins:")[0]]
    if controller.pick is not None or controller.menu:
        found.append("a card picked or a menu open")
    if controller.zoom.view.isVisible():
        found.append("a card shown large")
    labels = private_labels(screen)
    if labels:
        lines = [scene.status.text, scene.prompt.prompt, scene.prompt.note, *scene.prompt.labels, *scene.log.lines[-3:]]
        found += [f"option {label!r} shown" for label in labels if any(label in line for line in lines)]
    return found


def _drawn_cards(items: list[QGraphicsItem]) -> list[int]:
    return [i.card for i in items if isinstance(i, CardItem) and i.isVisible()]


def rt0_lifted(screen: TableScreen) -> bool:
    """The seat it was lifted for sees its own: its hand drawn, or its private options."""
    state = screen.session.state
    labels = private_labels(screen)
    if labels:
        return screen.scene.prompt.labels == labels
    hand = state.fighter(screen.controller.viewed_id).hand
    return bool(hand) and sorted(_drawn_cards(screen.scene.items())) == sorted(hand)


def rt0_moment(name: str, screen: TableScreen) -> CurtainMoment:
    return CurtainMoment(
        name,
        screen.view,
        screen.scene.curtain,
        lambda: state_hash(screen.session.state),
        lambda: len(screen.session.game.actions),
        lambda: rt0_leaks(screen),
        lambda: rt0_lifted(screen),
    )


def rt0_between_turns(qtbot: QtBot) -> CurtainMoment:
    return rt0_moment("RT:0 between two players' turns", rt0_screen(qtbot, quick_fight(1)))


def rt0_private_decision(qtbot: QtBot) -> CurtainMoment:
    return rt0_moment("RT:0 behind Second Sight's private peek", rt0_screen(qtbot, priestess_game()))


def rt0_gm_secret(qtbot: QtBot) -> CurtainMoment:
    return rt0_moment("RT:0 behind the GM's secret choice", rt0_screen(qtbot, gm_secret(fool_game())))


# --- Moon's Grave ---------------------------------------------------------------------------------------------


def mg_sealed_plan(qtbot: QtBot) -> CurtainMoment:
    """Two players tied at Initiative 3: the first lifts the curtain and plans two actions; it comes down for the
    second, with the first's plan sealed."""
    game = mg_table(qtbot, seed=5, mode="hot-seat", players=2)
    screen = game.screen
    qtbot.keyClick(screen.view, Qt.Key.Key_F2)
    first = screen.lifted_for
    qtbot.keyClick(screen.view, Qt.Key.Key_2)
    state = game.session.state
    sealed = next((f, n) for f, n, _ in state.sealed if state.fighter(f).seat == first)
    assert screen.curtain.isVisible() and sealed[1] == 2, "the first plan is sealed behind the curtain"
    return CurtainMoment(
        "Moon's Grave behind a sealed plan",
        screen.view,
        screen.curtain,
        lambda: game.session.rules.state_hash(game.session.state),
        lambda: game.session.ply,
        lambda: mg_leaks(screen, *sealed),
        lambda: mg_lifted(screen),
    )


def mg_texts(screen: MgTableScreen) -> list[str]:
    """Every word the table shows: the scene's plates, the prompt, the choices, the log."""
    plates = [line for item in screen.scene.items() if isinstance(item, Plate) for line in item.lines]
    choices = [screen.choices.item(i).text() for i in range(screen.choices.count())]
    log = [screen.log.item(i).text() for i in range(screen.log.count())]
    return [*plates, screen.prompt.text(), *choices, *log]


def mg_leaks(screen: MgTableScreen, fighter: str, actions: int) -> list[str]:
    """The sealed plan's number drawn or written anywhere, left in the state the scene is drawn from, or choices
    open to the keys behind the curtain."""
    name = screen.state.fighter(fighter).name
    said = re.compile(rf"{re.escape(name)}\b[^;.]*\bplans {actions}\b")
    found = [f"{text!r} shown" for text in mg_texts(screen) if said.search(text)]
    found += [f"{fighter}'s plan in the drawn state" for f, n, _ in screen.seen().sealed if f == fighter and n >= 0]
    if screen.my_actions() or screen.choices.count():
        found.append("choices open behind the curtain")
    return found


def mg_lifted(screen: MgTableScreen) -> bool:
    """The seat it was lifted for may plan now, and only that seat."""
    mine = screen.my_actions()
    seats = {screen.state.fighter(a.fighter).seat for a in mine}
    return bool(mine) and seats == {screen.lifted_for} and all(isinstance(a, Plan) for a in mine)


MOMENTS: dict[str, list[Reach]] = {
    "table": [rt0_between_turns, rt0_private_decision, rt0_gm_secret],
    "moons_grave": [mg_sealed_plan],
}
CURTAINED = frozenset(MOMENTS)  # the desktop folders whose tables put up a curtain
