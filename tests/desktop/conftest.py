"""Fixtures for the table: a shown TableScreen at a known size, instant replays, the mouse always released."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.quick_fights import quick_fight, robot_drill
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.fight.engine import Game

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"

MakeTable = Callable[..., TableScreen]


@pytest.fixture
def make_table(qtbot: QtBot) -> Iterator[MakeTable]:
    screens: list[TableScreen] = []

    def make(
        game: Game | None = None,
        hot_seat: bool = False,
        size: tuple[int, int] = (1280, 800),
        session: Session | None = None,
        **settings: object,
    ) -> TableScreen:
        """``session``: a fight's Session made elsewhere (a playthrough's), instead of one on ``game`` alone."""
        values: dict[str, object] = {"replay_step_ms": 0, "return_ms": 0, **settings}
        chosen = TableSettings(hot_seat=hot_seat, **values)  # type: ignore[arg-type]
        screen = TableScreen(session or Session(game or quick_fight(1)), chosen)
        qtbot.addWidget(screen)
        screen.resize(*size)
        screen.show()
        qtbot.waitExposed(screen)
        screen.view.setFocus()
        screens.append(screen)
        return screen

    yield make
    # The test mouse's button state is process-wide: never leave it pressed for the next test.
    for screen in screens:
        QTest.mouseRelease(screen.view.viewport(), Qt.MouseButton.LeftButton)


@pytest.fixture
def robot() -> Game:
    return robot_drill(4)


def shoot(screen: TableScreen, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    assert screen.grab().save(str(path))
    return path


@pytest.fixture(autouse=True)
def writes_only_through_the_funnel(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every app-level test runs with the save refusing writes from outside the funnel (desktop/saves/funnel_guard);
    the save store's own tests (tests/desktop/saves) write to it directly, as is their job."""
    from rt0table.desktop.saves import funnel_guard

    store_level = "tests/desktop/saves/" in str(request.path).replace("\\", "/")
    funnel_guard.enforce(not store_level)
    try:
        yield
    finally:
        funnel_guard.enforce(False)


@pytest.fixture(autouse=True)
def config_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's config folder (where the settings are kept) is a temporary one: no test reads or writes the real."""
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    return folder


@pytest.fixture
def themed(qapp: QApplication) -> Iterator[QApplication]:
    """The app's dark theme for one test, the old look put back after."""
    from rt0table.desktop.flow.theme import apply_theme

    style, palette = qapp.style().name(), QPalette(qapp.palette())
    apply_theme(qapp)
    yield qapp
    qapp.setStyle(style)
    qapp.setPalette(palette)


@dataclass(frozen=True)
class Heard:
    """One update a screen reader was sent: a focus move (the part's name) or an announcement."""

    kind: QAccessible.Event
    text: str
    urgent: bool = False


@pytest.fixture
def listening(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Heard]]:
    """A screen reader listens: QAccessible is on, and what the table sends it is kept in order."""
    heard: list[Heard] = []

    def update(event: QAccessibleEvent) -> None:
        if isinstance(event, QAccessibleAnnouncementEvent):
            urgent = event.politeness() == QAccessible.AnnouncementPoliteness.Assertive
            heard.append(Heard(event.type(), event.message(), urgent))
            return
        face = event.accessibleInterface()
        heard.append(Heard(event.type(), face.text(QAccessible.Text.Name) if face is not None else ""))

    monkeypatch.setattr(QAccessible, "isActive", staticmethod(lambda: True))
    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(update))
    yield heard
