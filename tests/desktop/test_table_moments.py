"""Big moments are seen: a Catastrophe, a blow, Shield soaking it and a new round each put a banner or a floating
number on the table and the replay pauses on them at the chosen speed. Real keys; the engine state is checked."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.moments import MIN_MS, moment_ms
from rt0table.desktop.table.quick_fights import full_bestiary
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.content.scenario import parse_scenario, start
from tests.desktop.conftest import MakeTable
from tests.helpers.table_games import two_laborers

K = Qt.Key
MID_TURN = Path(__file__).resolve().parents[1] / "scenarios" / "catastrophe_mid_turn.toml"


def texts(screen: TableScreen) -> list[str]:
    return [m.moment.text for m in screen.scene.moments if m.scene() is screen.scene]


def play_by_keys(qtbot: QtBot, screen: TableScreen, card_name: str, ability: str) -> None:
    index = next(i for i, item in enumerate(screen.scene.hand_items) if CARDS[item.card].name == card_name)
    qtbot.keyClick(screen.view, str(index + 1))
    qtbot.keyClick(screen.view, screen.scene.bins[ability].letter.lower())
    qtbot.keyClick(screen.view, K.Key_Return)


def test_a_catastrophe_gets_a_banner_and_a_pause(qtbot: QtBot, make_table: MakeTable) -> None:
    game = start(parse_scenario(MID_TURN.read_text(encoding="utf-8"), MID_TURN.name), full_bestiary())
    screen = make_table(game, replay_step_ms=250)
    play_by_keys(qtbot, screen, "4 of Wands", "unarmed_strike")
    play_by_keys(qtbot, screen, "The Magician", "concentrate")
    qtbot.waitUntil(lambda: not screen.controller.replayer.running, timeout=5000)
    play_by_keys(qtbot, screen, "The Empress", "concentrate")  # Concentrate draws The Tower
    assert screen.controller.replayer.running  # the replay stops on the moment for a beat
    assert any(text.startswith("Catastrophe! The Tower strikes Mara") for text in texts(screen))
    qtbot.waitUntil(lambda: not screen.controller.replayer.running, timeout=5000)
    state = screen.session.state
    assert not any(state.fighter("mara").bins.values())  # every bin cleared
    assert state.active_fighter is not None and state.active_fighter.id == "nia"


def test_a_blow_shows_its_damage_and_the_shield_that_soaked_it_then_the_new_round(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    screen = make_table(two_laborers(), replay_step_ms=100)
    shown: list[str] = []
    screen.controller.replayer.happened.connect(lambda _: shown.extend(texts(screen)))
    while screen.session.state.round == 1:
        qtbot.keyClick(screen.view, K.Key_E)
    qtbot.waitUntil(lambda: not screen.controller.replayer.running, timeout=5000)
    seen = set(shown) | set(texts(screen))
    assert {"Shield soaks 8", "−3", "Shield soaks 2", "Round 2"} <= seen
    assert screen.session.state.fighter("mara").hp == 17  # 8 soaked, then 5 less the 2 Shield left
    assert moment_ms(100) == MIN_MS and moment_ms(1100) == 2200


def test_with_animations_off_the_numbers_stand_still(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(two_laborers(), animations=False)
    while screen.session.state.round == 1:
        qtbot.keyClick(screen.view, K.Key_E)
    floats = [m for m in screen.scene.moments if m.moment.where]
    assert floats and all(m.animation.state() != m.animation.State.Running for m in floats)
    qtbot.waitUntil(lambda: not any(m.scene() for m in screen.scene.moments), timeout=3000)  # then they go
