"""Items on the real table (ITM-*): badges above the hand, used by a real drag on the viewport and by the I key."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.keys import key_lines
from rt0table.desktop.table.offers import NONE
from rt0table.desktop.table.quick_fights import book_bestiary
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.cards import CARDS, by_name
from rt0table.rules.rt0.fight.actions import Activate
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game, Preparation, new_combat
from tests.desktop.conftest import MakeTable, shoot

K = Qt.Key
LEFT = Qt.MouseButton.LeftButton
TOP = by_name("King of Swords")


def carrying(*items: str) -> Game:
    """Mara, first to act, with these items (the Backpack takes the King of Swords), against a Laborer."""
    mara = FighterSetup("mara", "Mara", (0, 2), items=items)
    prepared = Preparation(tops={"mara": (TOP,)})
    state, events = new_combat(3, 3, [mara], [AdversarySetup("laborer", (2, 0))], book_bestiary(), prepared=prepared)
    return Game(state, events)


def drag(qtbot: QtBot, screen: TableScreen, start: QPointF, end: QPointF) -> None:
    viewport = screen.view.viewport()
    qtbot.mousePress(viewport, LEFT, pos=screen.view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(start + QPointF(0, -30)))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(end))
    qtbot.mouseRelease(viewport, LEFT, pos=screen.view.mapFromScene(end))


@pytest.mark.rule("ITM-TRASH-CAN-LID")
def test_the_lid_dragged_onto_a_bin_gives_ten_shield_and_its_badge_goes(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(carrying("Trash Can Lid", "Travel Pots"))
    scene = screen.scene
    assert list(scene.passives) == ["item_trash_can_lid", "item_travel_pots"]
    badge = scene.passives["item_trash_can_lid"]
    assert badge.carried and badge.offers and "item carried" in badge.toolTip()
    felt = scene.bin_rects()["defend"].center()
    drag(qtbot, screen, badge.sceneBoundingRect().center(), felt)
    assert screen.session.game.actions == [Activate("mara", "item_trash_can_lid", 0)]
    mara = screen.session.state.fighter("mara")
    assert mara.shield == 10 and mara.items == ["Travel Pots"]
    assert list(scene.passives) == ["item_travel_pots"], "used up: its badge is gone"


@pytest.mark.rule("ITM-BACKPACK")
def test_the_backpack_dropped_on_a_hand_card_swaps_that_card(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(carrying("Backpack"))
    scene = screen.scene
    badge = scene.passives["item_backpack"]
    assert CARDS[TOP].name in badge.text, "the Backpack's card shows on its badge"
    target = scene.hand_items[2]
    card = target.card
    drag(qtbot, screen, badge.sceneBoundingRect().center(), target.sceneBoundingRect().center())
    mara = screen.session.state.fighter("mara")
    assert mara.stowed["Backpack"] == [card] and TOP in mara.hand and card not in mara.hand
    assert CARDS[card].name in scene.passives["item_backpack"].text
    for size in ((1024, 640), (1280, 800)):
        screen.resize(*size)
        qtbot.wait(10)
        shoot(screen, f"items-backpack-{size[0]}")


@pytest.mark.rule("ITM-BACKPACK")
def test_the_backpack_dropped_on_the_felt_offers_every_swap(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(carrying("Backpack"))
    scene = screen.scene
    badge = scene.passives["item_backpack"]
    drag(qtbot, screen, badge.sceneBoundingRect().center(), scene.bin_rects()["unarmed_strike"].center())
    assert scene.prompt.menu and len(scene.prompt.labels) == len(set(screen.session.state.fighter("mara").hand))
    qtbot.keyClick(screen.view, K.Key_2)
    assert screen.session.game.actions == [Activate("mara", "item_backpack", 1)]


@pytest.mark.rule("ITM-MORNING-START", "ITM-TRASH-CAN-LID")
def test_i_opens_every_items_uses_and_a_number_picks_one(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(carrying("Morning Start", "Trash Can Lid"))
    hand = len(screen.session.state.fighter("mara").hand)
    qtbot.keyClick(screen.view, K.Key_I)
    labels = screen.scene.prompt.labels
    assert screen.scene.prompt.menu and len(labels) == 2 and "Morning Start" in labels[0]
    shoot(screen, "items-menu")
    qtbot.keyClick(screen.view, K.Key_1)
    assert screen.session.game.actions == [Activate("mara", "item_morning_start", 0)]
    mara = screen.session.state.fighter("mara")
    assert len(mara.hand) == hand + 5 and "Morning Start Withdrawal" in mara.injuries


@pytest.mark.rule("ITM-EVA-SUIT")
def test_clicking_the_suits_badge_offers_putting_it_on(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(carrying("EVA Suit"))
    badge = screen.scene.passives["item_eva_suit"]
    viewport = screen.view.viewport()
    qtbot.mouseClick(viewport, LEFT, pos=screen.view.mapFromScene(badge.sceneBoundingRect().center()))
    assert screen.scene.prompt.menu and "Put on the EVA Suit" in screen.scene.prompt.labels[0]
    qtbot.keyClick(screen.view, K.Key_1)
    assert screen.session.game.actions == [Activate("mara", "item_eva_suit", 0)]
    assert screen.session.state.round == 2, "putting it on took the turn"


def test_the_key_list_names_the_item_key() -> None:
    assert any(line.startswith("I — use one of the fighter's items") for line in key_lines(NONE))
