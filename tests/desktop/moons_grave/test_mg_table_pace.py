"""The Moon's Grave table paces its beats by the player's Settings, as RT:0's table does: the surge dice revealed one
by one at the replay speed (at once when animations are off or replays instant), a blow flashed on its card for one
beat; on the main window the table follows a change made in Settings."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.moons_grave.mg_window import show
from rt0table.desktop.seam_table.beats import reveal_ms
from rt0table.desktop.table.settings import REPLAY_SPEEDS, TableSettings
from rt0table.desktop.table.settings_file import Kept
from rt0table.rules.moons_grave.mg_actions import MgEvent
from tests.helpers.mg_tables import mg_table, play_until


def damage_taken(game: object) -> MgEvent:
    """The blow in the last step (play stopped at a soak)."""
    events = game.session.steps[-1].events  # type: ignore[attr-defined]
    return next(e for e in events if isinstance(e, MgEvent) and e.kind == "damage")


def test_with_animations_off_the_dice_show_at_once_and_no_blow_is_flashed(qtbot: QtBot) -> None:
    game = mg_table(qtbot, seed=5, players=1)  # a blow within a few steps
    game.screen.settings = TableSettings(animations=False)
    play_until(game, lambda s: s.phase == "soak")
    strip = game.screen.tray.strip
    assert strip.faces and strip.shown == len(strip.faces) and not strip.timer.isActive()
    assert damage_taken(game) and game.screen.scene.flashes == []


def test_at_a_fast_replay_speed_the_dice_and_the_blow_take_its_beat(qtbot: QtBot) -> None:
    game = mg_table(qtbot, seed=5, players=1)  # a blow within a few steps
    game.screen.settings = TableSettings(replay_step_ms=REPLAY_SPEEDS["fast"])
    play_until(game, lambda s: s.phase == "soak")
    assert game.screen.tray.strip.timer.interval() == reveal_ms(game.screen.settings) == 46
    blow = damage_taken(game)
    flashes = game.screen.scene.flashes
    assert [f.lines for f in flashes][-1] == [f"−{blow.values[0]}"]
    card = game.screen.scene.cards[blow.fighter]
    assert card.sceneBoundingRect().contains(flashes[-1].sceneBoundingRect().center())
    qtbot.waitUntil(lambda: not game.screen.scene.flashes, timeout=2000)  # gone after its beat (250 ms)


def test_the_table_on_the_window_follows_the_settings_changed_there(qtbot: QtBot, own_save_folder: Path) -> None:
    window = MainWindow(own_save_folder)
    qtbot.addWidget(window)
    game = mg_table(qtbot, players=1)
    show(window, game)
    window.apply_settings(Kept(replay_speed="slow", animations=False))
    assert game.screen.settings is window.table_settings and reveal_ms(game.screen.settings) == 0
    window.apply_settings(Kept(replay_speed="slow", animations=True))
    assert reveal_ms(game.screen.settings) == round(REPLAY_SPEEDS["slow"] * 110 / 600)
