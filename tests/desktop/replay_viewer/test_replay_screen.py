"""The replay viewer by real keys, clicks and drags: stepping, scrubbing, playing, the log in step, the seed, and a
board that refuses every play; opened from the load screen and after a fight."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.navigator import Navigator
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.summary_screen import SummaryScreen
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.replay_viewer.fight_timeline import FightTimeline
from rt0table.desktop.replay_viewer.replay_screen import READ_ONLY, ReplayScreen
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.table.settings import TableSettings
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.fight.actions import PlayCard
from rt0table.rules.rt0.fight.engine import legal_actions
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.fight.state import Phase
from tests.helpers.fight_builders import bestiary
from tests.helpers.played_fights import play_randomly, random_fight, robot_campaign
from tests.helpers.sample_party import MIRA
from tests.helpers.widgets import LEFT, click, named

K = Qt.Key


def shown(screen: ReplayScreen) -> str:
    return state_hash(screen.session.state)


def viewer(qtbot: QtBot, plies: int = 40) -> tuple[ReplayScreen, list[str]]:
    opening, actions, hashes = random_fight(plies)
    screen = ReplayScreen(FightTimeline(opening, actions, ["The fight begins."]), seed=5, title="Replay of a test")
    screen.resize(1280, 800)
    qtbot.addWidget(screen)
    screen.show()
    qtbot.waitExposed(screen)
    screen.setFocus()
    return screen, hashes


def test_keys_step_and_jump_and_the_board_and_log_follow(qtbot: QtBot) -> None:
    screen, hashes = viewer(qtbot)
    assert shown(screen) == hashes[0] and screen.table.scene.log.lines == ["The fight begins."]
    for _ in range(3):
        qtbot.keyClick(screen, K.Key_Right)
    assert screen.ply == 3 and shown(screen) == hashes[3]
    qtbot.keyClick(screen, K.Key_Left)
    assert shown(screen) == hashes[2]
    assert screen.table.scene.log.lines == screen.timeline.lines_upto(2)
    qtbot.keyClick(screen, K.Key_End)
    assert shown(screen) == hashes[-1] and screen.slider.value() == len(hashes) - 1
    qtbot.keyClick(screen, K.Key_PageUp)
    assert screen.ply == len(hashes) - 11 and shown(screen) == hashes[-11]
    qtbot.keyClick(screen, K.Key_Home)
    assert shown(screen) == hashes[0] and "Step 0 of" in named(screen, "replay-position").text()


def test_the_slider_the_buttons_and_play_move_through_the_fight(qtbot: QtBot) -> None:
    screen, hashes = viewer(qtbot, plies=25)
    slider = screen.slider
    qtbot.mouseClick(slider, LEFT, pos=slider.rect().center())  # a click on the groove jumps a page
    assert screen.ply == slider.value() > 0 and shown(screen) == hashes[screen.ply]
    click(qtbot, named(screen, "replay-start"))
    click(qtbot, named(screen, "replay-forward"))
    assert shown(screen) == hashes[1]
    screen.speed.setCurrentIndex(screen.speed.count() - 1)
    click(qtbot, named(screen, "replay-play"))
    qtbot.waitUntil(lambda: screen.ply == len(hashes) - 1, timeout=10_000)
    assert shown(screen) == hashes[-1] and named(screen, "replay-play").text() == "Play"
    qtbot.keyClick(screen, K.Key_Space)  # at the end, Space plays again from the deal
    qtbot.keyClick(screen, K.Key_Space)  # and pauses
    assert not screen.timer.isActive() and screen.ply <= 2


def test_the_board_refuses_every_play_and_the_seed_can_be_copied(qtbot: QtBot) -> None:
    screen, hashes = viewer(qtbot)
    scene, view = screen.table.scene, screen.table.view
    playable: list[PlayCard] = []
    while not playable:  # to a step where the shown hand has a card some bin would take
        qtbot.keyClick(screen, K.Key_Right)
        state = screen.session.state
        playable = [a for a in legal_actions(state) if isinstance(a, PlayCard) and scene.hand_item(a.card) is not None]
    before, ply = shown(screen), screen.ply
    refused: list[str] = []
    screen.session.refused.connect(lambda reason, _action: refused.append(reason))
    play = playable[0]
    card = scene.hand_item(play.card)
    assert card is not None
    viewport, start = view.viewport(), card.sceneBoundingRect().center()
    target = scene.bin_rects()[play.ability].center()
    qtbot.mousePress(viewport, LEFT, pos=view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(start + QPointF(0, -30)))
    qtbot.mouseMove(viewport, pos=view.mapFromScene(target))
    qtbot.mouseRelease(viewport, LEFT, pos=view.mapFromScene(target))
    assert refused == [READ_ONLY]  # a legal play, refused because this is a replay
    assert shown(screen) == before == hashes[ply] and screen.ply == ply
    assert not screen.session.undo() and screen.session.undo_refusal() == READ_ONLY
    click(qtbot, named(screen, "replay-copy-seed"))
    clipboard = QGuiApplication.clipboard()
    assert clipboard is not None and clipboard.text() == "5"
    assert named(screen, "replay-seed").text() == "Shuffle seed 5"


def test_a_saved_fight_is_watched_from_the_load_screen_and_the_save_is_left_as_it_was(
    qtbot: QtBot, own_save_folder: Path
) -> None:
    store = SaveStore(own_save_folder)
    campaign = fp.from_party([MIRA])
    playthrough = Playthrough(Mode.HOT_SEAT, campaign, seed=3)
    keeper = Autosave.start(store, playthrough)
    session = playthrough.begin_fight(robot_campaign(campaign), bestiary())
    hashes = play_randomly(session, 30)
    path = store.path_of(keeper.game_id)
    store.close()  # the folder is the window's now
    stamp = path.read_bytes()
    window = MainWindow(own_save_folder)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    load = window.open_load_screen()
    load.select(keeper.game_id)
    assert load.buttons["watch"].isEnabled()
    click(qtbot, load.buttons["watch"])
    screen = window.screens.currentWidget()
    assert isinstance(screen, ReplayScreen)
    assert len(screen.timeline) == len(hashes)
    qtbot.keyClick(screen, K.Key_End)
    assert shown(screen) == hashes[-1]
    assert named(screen, "replay-seed").text() == f"Shuffle seed {robot_campaign(campaign).seed}"
    qtbot.keyClick(screen, K.Key_Escape)
    assert window.screens.currentWidget() is not screen
    assert path.read_bytes() == stamp  # watching wrote nothing
    window.close()


class Host:
    """Where a navigator shows its screens, as the main window does."""

    def __init__(self, qtbot: QtBot) -> None:
        self.qtbot, self.screen = qtbot, None

    def show_screen(self, screen: QWidget) -> None:
        self.qtbot.addWidget(screen)
        screen.resize(1024, 640)
        screen.show()
        self.screen = screen

    def show_title(self) -> None:
        self.screen = None


def test_after_a_fight_its_summary_offers_the_replay_and_closing_it_comes_back(qtbot: QtBot) -> None:
    host = Host(qtbot)
    navigator = Navigator(host, TableSettings(replay_step_ms=0, return_ms=0))
    campaign = fp.from_party([MIRA])
    navigator.playthrough, navigator.mode = Playthrough(Mode.HOT_SEAT, campaign, seed=3), Mode.HOT_SEAT
    table = navigator.start_fight(robot_campaign(campaign))
    hashes = play_randomly(table.session, 3000)
    assert table.session.state.phase is Phase.OVER
    summary = navigator.fight_over()
    assert summary.watch_button.isVisible()
    click(qtbot, summary.watch_button)
    screen = host.screen
    assert isinstance(screen, ReplayScreen) and len(screen.timeline) == len(hashes)
    assert named(screen, "replay-seed").text() == f"Shuffle seed {robot_campaign(campaign).seed}"
    qtbot.keyClick(screen, K.Key_End)
    assert shown(screen) == hashes[-1]
    qtbot.keyClick(screen, K.Key_Escape)
    assert isinstance(host.screen, SummaryScreen) and host.screen.report is summary.report
