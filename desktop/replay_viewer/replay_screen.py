"""The replay viewer: the fight's table, read-only, driven by a timeline (step, scrub, play at any speed).

The board is the real table (``TableScreen``) over a session that refuses every action, so a drag or a key at the
board says why and changes nothing. Moving one ply forward animates it as play did; any other move redraws the board
and the log at once. The shuffle seed is shown and can be copied.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QSlider, QVBoxLayout, QWidget

from rt0table.desktop.replay_viewer.fight_timeline import FightTimeline
from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import Game

READ_ONLY = "This is a replay: nothing can be played or undone here."
SPEEDS = (("1 step a second", 1000), ("2 a second", 500), ("5 a second", 200), ("20 a second", 50))
ANIMATED_DOWN_TO_MS = 500  # steps played at least this far apart are animated as in play; faster ones jump


class ReplaySession(Session):
    """A session that shows states it is given and refuses every action and undo, with the reason."""

    def submit(self, action: Action) -> bool:
        self.refused.emit(READ_ONLY, action)
        return False

    def undo_refusal(self) -> str | None:
        return READ_ONLY

    def undo(self) -> bool:
        self.refused.emit(READ_ONLY, None)
        return False

    def respond(self) -> None:
        """Nobody answers anything in a replay."""


class ReplayScreen(QWidget):
    """Watch a fight from its deal to its last action, forward and back; ``closed`` when the player leaves."""

    closed = Signal()

    def __init__(
        self,
        timeline: FightTimeline,
        seed: int | None,
        title: str = "Replay",
        settings: TableSettings | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("replay-screen")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.timeline = timeline
        self.seed = seed
        self.ply = 0
        base = settings or TableSettings()
        self.session = ReplaySession(Game(timeline.state_at(0)))
        self.table = TableScreen(self.session, replace(base, hot_seat=False))
        self.table.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys are the viewer's, not the table's
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self._build(title)
        self.go_to(0)

    # --- building ---

    def _build(self, title: str) -> None:
        heading = QLabel(title)
        heading.setObjectName("replay-title")
        self.seed_label = QLabel(f"Shuffle seed {self.seed}" if self.seed is not None else "Shuffle seed not kept")
        self.seed_label.setObjectName("replay-seed")
        self.seed_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        copy = self._button("replay-copy-seed", "Copy seed", self.copy_seed, "Copy the shuffle seed")
        copy.setEnabled(self.seed is not None)
        close = self._button("replay-close", "Close", self.close_replay, "Back (Esc)")
        top = QHBoxLayout()
        top.addWidget(heading, 1)
        top.addWidget(self.seed_label)
        top.addWidget(copy)
        top.addWidget(close)

        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("replay-slider")
        self.slider.setRange(0, len(self.timeline))
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider.valueChanged.connect(self._slid)
        self.speed = QComboBox()
        self.speed.setObjectName("replay-speed")
        self.speed.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for text, ms in SPEEDS:
            self.speed.addItem(text, ms)
        self.speed.currentIndexChanged.connect(self._speed_changed)
        self.play_button = self._button("replay-play", "Play", self.toggle_play, "Play or pause (Space)")
        self.position = QLabel()
        self.position.setObjectName("replay-position")
        controls = QHBoxLayout()
        for name, text, slot, tip in (
            ("replay-start", "|◀", lambda: self.go_to(0), "To the deal (Home)"),
            ("replay-back", "◀", self.step_back, "One step back (Left)"),
        ):
            controls.addWidget(self._button(name, text, slot, tip))
        controls.addWidget(self.play_button)
        for name, text, slot, tip in (
            ("replay-forward", "▶", self.step_forward, "One step forward (Right)"),
            ("replay-end", "▶|", lambda: self.go_to(len(self.timeline)), "To the end (End)"),
        ):
            controls.addWidget(self._button(name, text, slot, tip))
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.speed)
        controls.addWidget(self.position)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addLayout(controls)

    def _button(self, name: str, text: str, slot: Callable[[], object], tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setToolTip(tip)
        button.setAccessibleName(tip)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space and the arrows stay the viewer's
        button.clicked.connect(lambda _=False: slot())
        return button

    # --- moving ---

    def go_to(self, ply: int) -> None:
        """Show the board and the log as they were after ``ply`` actions, at once."""
        ply = max(0, min(ply, len(self.timeline)))
        state = self.timeline.state_at(ply)
        self.ply = ply
        self.session.game = Game(state)
        self.session.before = state
        controller = self.table.controller
        controller.replayer.skip()
        controller.show(state)
        self.table.scene.log.restore(self.timeline.lines_upto(ply))
        self._show_position()

    def step_forward(self) -> None:
        """One ply forward, animated as it was played (or at once when playing fast)."""
        if self.ply >= len(self.timeline):
            self.pause()
            return
        if self.timer.isActive() and self.timer.interval() < ANIMATED_DOWN_TO_MS:
            self.go_to(self.ply + 1)
            return
        before, after, events = self.timeline.step(self.ply + 1)
        self.ply += 1
        self.table.controller.replayer.skip()
        self.session.game = Game(after)
        self.session.before = before
        self.session.state_did_change.emit(events)
        self._show_position()

    def step_back(self) -> None:
        self.go_to(self.ply - 1)

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.pause()
            return
        if self.ply >= len(self.timeline):
            self.go_to(0)
        self.timer.start(int(self.speed.currentData()))
        self.play_button.setText("Pause")

    def pause(self) -> None:
        self.timer.stop()
        self.play_button.setText("Play")

    def _tick(self) -> None:
        self.step_forward()
        if self.ply >= len(self.timeline):
            self.pause()

    def _slid(self, value: int) -> None:
        if value != self.ply:
            self.go_to(value)

    def _speed_changed(self) -> None:
        if self.timer.isActive():
            self.timer.setInterval(int(self.speed.currentData()))

    def _show_position(self) -> None:
        state = self.session.game.state
        self.position.setText(f"Step {self.ply} of {len(self.timeline)} · Round {state.round}")
        if self.slider.value() != self.ply:
            self.slider.blockSignals(True)
            self.slider.setValue(self.ply)
            self.slider.blockSignals(False)

    # --- the rest ---

    def copy_seed(self) -> None:
        clipboard = QGuiApplication.clipboard()
        if self.seed is not None and clipboard is not None:
            clipboard.setText(str(self.seed))

    def close_replay(self) -> None:
        self.pause()
        self.closed.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        moves = {
            Qt.Key.Key_Right: self.step_forward,
            Qt.Key.Key_Left: self.step_back,
            Qt.Key.Key_Home: lambda: self.go_to(0),
            Qt.Key.Key_End: lambda: self.go_to(len(self.timeline)),
            Qt.Key.Key_PageDown: lambda: self.go_to(self.ply + 10),
            Qt.Key.Key_PageUp: lambda: self.go_to(self.ply - 10),
            Qt.Key.Key_Space: self.toggle_play,
            Qt.Key.Key_Escape: self.close_replay,
        }
        move = moves.get(Qt.Key(key))
        if move is None:
            super().keyPressEvent(event)
            return
        move()
        event.accept()
