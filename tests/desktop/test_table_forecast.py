"""The round forecast on the table: each portrait says the HP the adversaries' turn leaves, each intent says what
it does after the blows before it, a face-down intent gives exact odds, and a drop says where its damage lands net
of Shield or that it is wasted. Real keys and real drags; after the adversaries' turn the engine's HP is the one
the portrait foretold, and no intent line outlives its intent."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.quick_fights import full_bestiary
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.cards import CARDS, Suit, minor
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game, new_combat
from rt0table.rules.rt0.fight.forecast import forecast_round
from rt0table.rules.rt0.fight.state import CombatState
from tests.desktop.conftest import MakeTable
from tests.helpers.table_games import two_laborers

K = Qt.Key
LEFT = Qt.MouseButton.LeftButton


def end_round(qtbot: QtBot, screen: TableScreen) -> None:
    start = screen.session.state.round
    while screen.session.state.round == start:
        qtbot.keyClick(screen.view, K.Key_E)


def test_portraits_foretell_the_hp_the_adversaries_leave_and_the_engine_agrees(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    screen = make_table(two_laborers())
    scene = screen.scene
    first, second = (scene.foes[a.id] for a in screen.session.state.adversaries)
    assert first.preview.endswith("hits Mara for 8 (8 blocked) → 20 HP")
    assert second.preview.endswith("hits Mara for 5 (2 blocked) → 17 HP")  # the Shield the first left, not 10
    mara, jun = scene.party["mara"], scene.party["jun"]
    assert mara.outlook_text == "17 HP after the adversaries" and jun.outlook_text == "unhurt by the adversaries"
    assert "After the adversaries: 17 HP: sure" in mara.toolTip()
    end_round(qtbot, screen)
    state = screen.session.state
    assert state.fighter("mara").hp == 17 and state.fighter("jun").hp == 20
    forecast = forecast_round(state)
    for foe in state.adversaries:  # the new round's intents: the lines follow them, never the spent ones
        line = scene.foes[foe.id].preview
        assert foe.intent is not None
        if foe.intent_hidden:  # a Major drawn is replaced face down (ADV-INTENT)
            assert line.startswith("Face down, one of the unseen cards.")
        else:
            assert line == forecast.words[foe.id] and "(8 blocked)" not in line  # Mara's Shield is gone


def test_a_face_down_intent_shows_its_suits_counted_from_the_unseen_cards(make_table: MakeTable) -> None:
    fighters = [FighterSetup("mara", "Mara", (1, 1))]
    state, events = new_combat(3, 3, fighters, [AdversarySetup("arachnedrone", (1, 0))], full_bestiary())
    foe = state.adversaries[0]
    assert foe.intent_hidden
    screen = make_table(Game(state, events))
    line = screen.scene.foes[foe.id].preview
    forecast = forecast_round(state)
    assert line.startswith("Face down, one of the unseen cards.")
    for chance in forecast.hidden[foe.id]:
        assert f"{chance.suit} {chance.cards} in {forecast.unseen}: {chance.plan}" in line
    assert sum(c.cards for c in forecast.hidden[foe.id]) == forecast.unseen
    badge = screen.scene.party["mara"]
    outlook = forecast.outlooks["mara"]
    assert sum(chance for _, chance in outlook.odds) == 1
    assert badge.outlook_text.startswith(f"{outlook.low}–{outlook.high} HP after the adversaries (")


def strike_ready(state: CombatState, shield: int, blinded: bool) -> None:
    """Mara has a 6 of Wands on Unarmed Strike and the 7 of Swords in hand: playing it completes the bin."""
    mara = state.fighter("mara")
    card = minor(Suit.SWORDS, 7)
    for pile in state.piles.values():
        if card in pile.draw:
            pile.draw.remove(card)
    if card not in mara.hand:
        mara.hand.append(card)
    mara.bins["unarmed_strike"] = [minor(Suit.WANDS, 6)]
    if blinded:  # ranged damage turns melee: nobody in reach from across the room
        mara.abilities = (*mara.abilities, "injury_no_ranged")
        mara.injuries.append("Blinded")
    state.adversaries[0].shield = shield


def drag_over(qtbot: QtBot, screen: TableScreen, card_name: str, ability: str) -> str:
    card = next(i for i in screen.scene.hand_items if CARDS[i.card].name == card_name)
    viewport = screen.view.viewport()
    start = card.sceneBoundingRect().center()
    target = screen.scene.bins[ability].sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=screen.view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(start + QPointF(0, -40)))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(target))
    line = screen.scene.status.text
    qtbot.mouseRelease(viewport, LEFT, pos=screen.view.mapFromScene(target))
    return line


def test_a_drop_preview_nets_off_the_adversary_shield(qtbot: QtBot, make_table: MakeTable) -> None:
    fighters = [FighterSetup("mara", "Mara", (0, 0))]
    state, events = new_combat(4, 1, fighters, [AdversarySetup("training_robot", (0, 0))], full_bestiary())
    strike_ready(state, shield=3, blinded=False)
    screen = make_table(Game(state, events))
    line = drag_over(qtbot, screen, "7 of Swords", "unarmed_strike")
    assert "completes Unarmed Strike" in line and "Shield blocks 3" in line and "→ 13 HP" in line
    after = screen.session.state
    assert after.fighter("mara").bins.get("unarmed_strike", []) == [] or after.pending is not None


def test_a_drop_preview_says_when_the_damage_is_wasted(qtbot: QtBot, make_table: MakeTable) -> None:
    fighters = [FighterSetup("mara", "Mara", (2, 2))]
    state, events = new_combat(4, 3, fighters, [AdversarySetup("training_robot", (0, 0))], full_bestiary())
    strike_ready(state, shield=0, blinded=True)
    screen = make_table(Game(state, events))
    robot_hp = state.adversaries[0].hp
    line = drag_over(qtbot, screen, "7 of Swords", "unarmed_strike")
    assert "damage is wasted: no adversary in reach" in line
    assert screen.session.state.adversaries[0].hp == robot_hp
