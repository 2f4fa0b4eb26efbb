"""The large card on the real table (hover, press-and-hold, Z) and cards that glide after a step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QPainter
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.motion import DECK, DISCARD, HAND, CardMove, FlyingCard, card_moves
from rt0table.desktop.table.quick_fights import quick_fight
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.fight.actions import PlayCard
from rt0table.rules.rt0.fight.events import CardPlaced, CardsDiscarded, CardsDrawn
from tests.desktop.conftest import SCREENSHOTS, MakeTable
from tests.helpers.table_keys import K, play_by_keys, press

LEFT = Qt.MouseButton.LeftButton
QUICK = {"zoom_hover_ms": 120, "zoom_hold_ms": 120}


def at(screen: TableScreen, point: QPointF) -> QPoint:
    return screen.view.mapFromScene(point)


def hand_card(screen: TableScreen, name: str):  # type: ignore[no-untyped-def]
    return next(item for item in screen.scene.hand_items if CARDS[item.card].name == name)


def shoot_with_zoom(screen: TableScreen, name: str) -> Path:
    """The table with the floating card painted where it floats (a popup is its own window, not in grab())."""
    picture = screen.grab()
    view = screen.controller.zoom.view
    if view.isVisible():
        painter = QPainter(picture)
        painter.drawPixmap(view.pos() - screen.mapToGlobal(QPoint(0, 0)), view.grab())
        painter.end()
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    assert picture.save(str(path))
    return path


def test_resting_on_a_hand_card_shows_it_large_and_leaving_hides_it(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(**QUICK)
    zoom = screen.controller.zoom
    card = hand_card(screen, "6 of Wands")
    viewport = screen.view.viewport()
    qtbot.mouseMove(viewport, pos=at(screen, card.sceneBoundingRect().center()))
    assert not zoom.view.isVisible(), "not before the delay"
    with qtbot.waitSignal(zoom.zoomed, timeout=2000) as shown:
        pass
    assert shown.args == [card.card] and zoom.view.isVisible() and zoom.view.card_id == card.card
    assert "6 of Wands" in zoom.view.accessibleName()
    shoot_with_zoom(screen, "table-zoom-hover")
    felt = screen.scene.layout_now.bins.center()
    qtbot.mouseMove(viewport, pos=at(screen, QPointF(felt.x(), screen.scene.layout_now.status.center().y())))
    assert not zoom.view.isVisible()


def test_a_drag_never_shows_the_large_card(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(**QUICK)
    zoom = screen.controller.zoom
    card = hand_card(screen, "6 of Wands")
    other = (
        hand_card(screen, "Queen of Pentacles")
        if any(CARDS[i.card].name == "Queen of Pentacles" for i in screen.scene.hand_items)
        else screen.scene.hand_items[-1]
    )
    viewport = screen.view.viewport()
    start = card.sceneBoundingRect().center()
    qtbot.mouseMove(viewport, pos=at(screen, start))
    qtbot.waitUntil(zoom.view.isVisible, timeout=30000)  # resting on it first: the zoom is up
    qtbot.mousePress(viewport, LEFT, pos=at(screen, start))
    qtbot.mouseMove(viewport, pos=at(screen, start + QPointF(0, -40)))
    assert screen.controller.dragging is card and not zoom.view.isVisible(), "lifting the card put the zoom away"
    qtbot.mouseMove(viewport, pos=at(screen, other.sceneBoundingRect().center() + QPointF(0, -30)))
    qtbot.wait(400)  # well past both delays, over another card
    assert not zoom.view.isVisible()
    qtbot.mouseRelease(viewport, LEFT, pos=at(screen, start))
    assert not zoom.view.isVisible()


def test_holding_a_press_shows_the_card_and_the_release_hides_it(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(**QUICK)
    zoom = screen.controller.zoom
    card = hand_card(screen, "6 of Wands")
    viewport = screen.view.viewport()
    point = at(screen, card.sceneBoundingRect().center())
    qtbot.mousePress(viewport, LEFT, pos=point)
    qtbot.waitUntil(zoom.view.isVisible, timeout=30000)
    assert zoom.view.card_id == card.card
    qtbot.mouseRelease(viewport, LEFT, pos=point)
    assert not zoom.view.isVisible()


def test_z_shows_the_picked_card_and_z_or_esc_puts_it_down(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    zoom = screen.controller.zoom
    hand = screen.scene.hand_items
    press(qtbot, screen, K.Key_2)
    legal_line = screen.scene.status.text
    assert legal_line.startswith("Legal:")
    press(qtbot, screen, K.Key_Z)
    assert zoom.view.isVisible() and zoom.view.card_id == hand[1].card
    assert screen.controller.pick is not None, "the pick stays: Z only looks"
    shoot_with_zoom(screen, "table-zoom-key")
    press(qtbot, screen, K.Key_Z)
    assert not zoom.view.isVisible() and screen.scene.status.text == legal_line, "the status line comes back"
    press(qtbot, screen, K.Key_Z)
    assert zoom.view.isVisible()
    press(qtbot, screen, K.Key_Escape)
    assert not zoom.view.isVisible() and screen.controller.pick is not None, "Esc put the card down, not the pick"
    press(qtbot, screen, K.Key_Z, Qt.KeyboardModifier.ControlModifier)  # Ctrl+Z is still undo, not a zoom
    assert not zoom.view.isVisible()


def test_no_bin_takes_z(make_table: MakeTable) -> None:
    screen = make_table()
    assert "Z" not in {item.letter for item in screen.scene.bins.values()}


def test_cards_on_bins_intents_and_the_discard_viewer_zoom_too(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(**QUICK)
    scene, zoom = screen.scene, screen.controller.zoom
    card = hand_card(screen, "6 of Wands")
    play_by_keys(qtbot, screen, PlayCard("mara", card.card, "unarmed_strike"))
    spot = scene.bins["unarmed_strike"].card_spot(card.card)
    assert spot is not None and scene.card_under(spot.center()) == card.card
    qtbot.mouseMove(screen.view.viewport(), pos=at(screen, spot.center()))
    qtbot.waitUntil(lambda: zoom.view.card_id == card.card and zoom.view.isVisible(), timeout=30000)
    intent = scene.foes["laborer-1"].intent
    assert scene.card_under(intent.sceneBoundingRect().center()) == screen.session.state.adversary("laborer-1").intent
    assert scene.card_under(scene.layout_now.grid.center()) is None, "the zone grid shows no card"
    scene.viewer.open("discard", [card.card], [], True)
    slot = scene.viewer.mapRectToScene(scene.viewer.card_slots()[0])
    assert scene.card_under(slot.center()) == card.card
    assert scene.card_under(intent.sceneBoundingRect().center()) is None, "the viewer covers the table"


def test_a_face_down_intent_and_a_face_down_bin_card_are_never_zoomed(qtbot: QtBot, make_table: MakeTable) -> None:
    game = quick_fight(1)
    game.state.adversary("laborer-1").intent_hidden = True
    screen = make_table(game, **QUICK)
    scene, zoom = screen.scene, screen.controller.zoom
    intent = scene.foes["laborer-1"].intent
    assert intent.hidden and scene.card_under(intent.sceneBoundingRect().center()) is None
    qtbot.mouseMove(screen.view.viewport(), pos=at(screen, intent.sceneBoundingRect().center()))
    qtbot.wait(350)
    assert not zoom.view.isVisible()
    holder = scene.bins["unarmed_strike"]
    card = scene.hand_items[0].card
    holder.show_cards([card], "", {card})
    spot = holder.card_spot(card)
    assert spot is not None and scene.card_under(spot.center()) is None


def test_a_hot_seat_hand_is_not_zoomed_until_its_curtain_is_lifted(make_table: MakeTable) -> None:
    screen = make_table(quick_fight(1), hot_seat=True)  # two players: a hand is private between them
    controller = screen.controller
    assert controller.hand_private() and screen.scene.hand_items == []  # not drawn, so nothing to zoom
    controller.reveal()
    assert not controller.hand_private()
    card = screen.scene.hand_items[0]
    assert screen.scene.card_under(card.sceneBoundingRect().center()) == card.card


# --- cards in motion ----------------------------------------------------------------------------------


def test_card_moves_read_from_the_events() -> None:
    events = [
        CardsDrawn("mara", (1, 2)),
        CardPlaced("mara", 1, "defend"),
        CardsDiscarded("mara", (2,), "hand"),
        CardPlaced("jun", 3, "defend"),
        CardPlaced("mara", 4, "defend"),
        CardsDiscarded("mara", (4,), "defend"),
    ]
    assert card_moves(events, "mara") == [
        CardMove(1, DECK, "defend"),
        CardMove(2, DECK, DISCARD),
        CardMove(4, HAND, DISCARD),
    ]
    assert card_moves([CardsDrawn("mara", (5,)), CardsDiscarded("mara", (5,), "hand")], "mara") == [
        CardMove(5, DECK, DISCARD)
    ]
    assert card_moves([CardPlaced("mara", 6, "defend"), CardsDiscarded("mara", (6,), "defend")], "jun") == []


def test_a_played_card_glides_from_the_hand_to_its_bin(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(replay_step_ms=600)  # "normal": a flight of 360 ms
    scene = screen.scene
    card = hand_card(screen, "6 of Wands")
    start = card.mapRectToScene(QRectF(0, 0, card.width, card.height))
    play_by_keys(qtbot, screen, PlayCard("mara", card.card, "unarmed_strike"))
    holder = scene.bins["unarmed_strike"]
    assert holder.cards == [card.card] and card.card in holder.arriving, "the bin waits for the card to land"
    [ghost] = scene.flights
    assert isinstance(ghost, FlyingCard) and ghost.card == card.card
    first = ghost.scene_rect()
    assert abs(first.x() - start.x()) < 2 and abs(first.y() - start.y()) < 2, "it leaves from the hand"
    seen: list[QRectF] = []
    landed: list[QRectF] = []
    ghost.landed.connect(lambda: landed.append(ghost.scene_rect()))
    # Wait for the first frames rather than a fixed time: on a loaded machine the timer may not tick for a while.
    qtbot.waitUntil(lambda: ghost.scene_rect().topLeft() != first.topLeft() or bool(landed), timeout=30000)
    seen.append(ghost.scene_rect())
    assert not landed and seen[0].topLeft() != first.topLeft(), "mid-flight it is somewhere between"
    grabbed = screen.grab()
    SCREENSHOTS.mkdir(exist_ok=True)
    grabbed.save(str(SCREENSHOTS / "table-card-in-flight.png"))
    qtbot.waitUntil(lambda: bool(landed), timeout=30000)
    end = holder.card_spot(card.card)
    assert end is not None
    assert abs(landed[0].x() - end.x()) < 1 and abs(landed[0].y() - end.y()) < 1
    assert abs(landed[0].width() - end.width()) < 1, "it shrinks to the bin's card size on the way"
    assert not scene.flights and not holder.arriving and ghost.scene() is None
    assert all(item.pos() == item.home for item in scene.hand_items), "the rest of the hand closed up"


def test_instant_speed_snaps(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()  # the tests' default: replay_step_ms=0, "instant"
    assert screen.settings.flight_ms == 0
    card = hand_card(screen, "6 of Wands")
    play_by_keys(qtbot, screen, PlayCard("mara", card.card, "unarmed_strike"))
    scene = screen.scene
    assert not scene.flights and not scene.bins["unarmed_strike"].arriving
    assert all(item.pos() == item.home for item in scene.hand_items)


def test_new_cards_come_in_from_the_deck_after_the_round(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(replay_step_ms=250)  # "fast"
    scene, controller = screen.scene, screen.controller
    deck = scene.deck.card_spot()
    before = {item.card for item in scene.hand_items}
    for _ in range(2):  # Mara, then Jun, end their turns: the adversaries act, a new round deals
        press(qtbot, screen, K.Key_E)
        qtbot.waitUntil(lambda: not controller.replayer.running, timeout=10_000)
    new = [item for item in scene.hand_items if item.card not in before]
    assert new, "the second round dealt new cards"
    moving = [item for item in new if item.animation.state() == item.animation.State.Running]
    assert moving, "the drawn cards are on their way from the deck"
    assert all(abs(item.pos().x() - item.home.x()) > 1 or item.pos().x() <= deck.right() for item in moving)
    qtbot.waitUntil(lambda: all(item.pos() == item.home for item in scene.hand_items), timeout=30000)
