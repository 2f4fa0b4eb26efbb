"""Playing cards on the table with the mouse: drags on the viewport, clicks, refusals, the engine asked once."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.bins import Glow
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.fight.actions import Action, PlayCard
from rt0table.rules.rt0.fight.engine import refusal
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.rt0_seam import RT0Rules
from tests.desktop.conftest import MakeTable

LEFT = Qt.MouseButton.LeftButton


def hand_card(screen: TableScreen, name: str):  # type: ignore[no-untyped-def]
    return next(item for item in screen.scene.hand_items if CARDS[item.card].name == name)


def at(screen: TableScreen, point: QPointF):  # type: ignore[no-untyped-def]
    return screen.view.mapFromScene(point)


def mara(state: CombatState):  # type: ignore[no-untyped-def]
    return state.fighter("mara")


def test_dragging_a_card_onto_a_legal_bin_plays_it(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    card = hand_card(screen, "6 of Wands")
    target = screen.scene.bins["unarmed_strike"]
    viewport = screen.view.viewport()
    start = card.sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=at(screen, start))
    qtbot.mouseMove(viewport, pos=at(screen, start + QPointF(0, -40)))
    qtbot.mouseMove(viewport, pos=at(screen, target.sceneBoundingRect().center()))
    # Mid-drag: the bins that take the card glow, the others dim, and the preview line says what happens.
    assert target.glow is Glow.TARGET
    assert screen.scene.bins["defend"].glow is Glow.DIM
    assert "Unarmed Strike: 6 / 10" in screen.scene.status.text
    qtbot.mouseRelease(viewport, LEFT, pos=at(screen, target.sceneBoundingRect().center()))
    state = screen.session.state
    assert mara(state).bins["unarmed_strike"] == [card.card]
    assert card.card not in mara(state).hand
    assert screen.scene.bins["unarmed_strike"].cards == [card.card]
    assert "6 / 10" in screen.scene.bins["unarmed_strike"].progress


def test_an_illegal_drop_sends_the_card_home_and_shows_the_engines_reason(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    card = hand_card(screen, "6 of Wands")
    home = QPointF(card.home)
    wrong = screen.scene.bins["defend"]
    before = screen.session.state
    viewport = screen.view.viewport()
    qtbot.mousePress(viewport, LEFT, pos=at(screen, card.sceneBoundingRect().center()))
    qtbot.mouseMove(viewport, pos=at(screen, wrong.sceneBoundingRect().center() + QPointF(0, 10)))
    qtbot.mouseMove(viewport, pos=at(screen, wrong.sceneBoundingRect().center()))
    reason = refusal(before, PlayCard("mara", card.card, "defend"))
    assert reason == "Defend takes Cups or Pentacles; 6 of Wands is one of the Wands."
    assert wrong.glow is Glow.DIM and screen.scene.status.text == reason, "said while carried over it"
    qtbot.mouseRelease(viewport, LEFT, pos=at(screen, wrong.sceneBoundingRect().center()))
    assert wrong.refusal == reason
    assert screen.session.state is before
    assert card.pos() == home
    assert all(item.glow is Glow.NORMAL for item in screen.scene.bins.values())


def test_the_engine_is_asked_once_per_drag_however_many_moves(
    qtbot: QtBot, make_table: MakeTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = make_table()
    calls: list[int] = []
    real = screen.session.rules

    class Counting(RT0Rules):
        def legal_actions(self, state: CombatState) -> Sequence[Action]:
            calls.append(1)
            return real.legal_actions(state)

    screen.session.rules = Counting()
    card = hand_card(screen, "6 of Wands")
    viewport = screen.view.viewport()
    start = card.sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=at(screen, start))
    for bin_item in [*screen.scene.bins.values(), *screen.scene.bins.values()]:
        qtbot.mouseMove(viewport, pos=at(screen, bin_item.sceneBoundingRect().center()))
    qtbot.mouseRelease(viewport, LEFT, pos=at(screen, start))
    assert len(calls) == 1


def test_clicking_a_card_then_a_bin_plays_it(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    card = hand_card(screen, "9 of Pentacles")
    viewport = screen.view.viewport()
    qtbot.mouseClick(viewport, LEFT, pos=at(screen, card.sceneBoundingRect().center()))
    assert card.picked
    assert screen.scene.bins["defend"].glow is Glow.LEGAL
    qtbot.mouseClick(viewport, LEFT, pos=at(screen, screen.scene.bins["defend"].sceneBoundingRect().center()))
    assert mara(screen.session.state).bins["defend"] == [card.card]


def test_the_discard_viewer_opens_on_click_and_closes(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    viewport = screen.view.viewport()
    qtbot.mouseClick(viewport, LEFT, pos=at(screen, screen.scene.deck.sceneBoundingRect().center()))
    assert screen.scene.viewer.isVisible()
    assert screen.scene.viewer.title.startswith("Mara's deck: 73 cards")
    assert any(line.startswith("Wands (") for line in screen.scene.viewer.lines)
    qtbot.mouseClick(viewport, LEFT, pos=at(screen, QPointF(20, 20)))
    assert not screen.scene.viewer.isVisible()
