"""One look (issue 19, item 12): every dialog and menu the app opens carries the table's dark theme. Each test opens
one through the app's own code (a modal one is looked at from a timer, then closed), renders it, and checks that
it is drawn dark with light text, as the table is. The app has no menu bar and asks for no typed input through
QInputDialog; on a desktop with native file dialogs those are the system's own and are not ours to theme."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QTimer
from PySide6.QtGui import QColor, QContextMenuEvent, QImage, QPalette
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMenu, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.theme import ROLES
from rt0table.desktop.main_window import MainWindow
from rt0table.desktop.moons_grave.mg_pack_kinds import MOONS_GRAVE
from rt0table.desktop.packs.pack_editor import PackEditor
from rt0table.desktop.solo.dock import solo_panel

DARK = 0.3  # the largest mean lightness a themed surface may have (the felt is about 0.11)
WINDOW = QColor(ROLES[QPalette.ColorRole.Window])

pytestmark = pytest.mark.usefixtures("themed")


def lightness(image: QImage) -> float:
    """The mean lightness of a rendered widget, sampled on a grid (0 black, 1 white)."""
    step = max(1, min(image.width(), image.height()) // 24)
    spots = [(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)]
    seen = [image.pixelColor(x, y).lightnessF() for x, y in spots]
    return sum(seen) / len(seen)


def looks_dark(widget: QWidget) -> None:
    """Drawn dark, with the theme's colours and light text."""
    palette = widget.palette()
    assert palette.color(QPalette.ColorRole.Window) == WINDOW, f"{type(widget).__name__} has another background"
    assert palette.color(QPalette.ColorRole.WindowText).lightnessF() > 0.7
    assert palette.color(QPalette.ColorRole.ButtonText).lightnessF() > 0.7
    assert widget.style().name().lower() == "fusion"
    shade = lightness(widget.grab().toImage())
    assert shade < DARK, f"{type(widget).__name__} is drawn light ({shade:.2f})"


def while_open(kind: type[QWidget], check: Callable[[QWidget], None]) -> list[str]:
    """Look at the next modal dialog or popup of ``kind`` once it is up, then close it; returns what was seen."""
    seen: list[str] = []

    def look() -> None:
        shown = QApplication.activePopupWidget() or QApplication.activeModalWidget()
        if not isinstance(shown, kind):
            QTimer.singleShot(20, look)
            return
        try:
            check(shown)
            seen.append(type(shown).__name__)
        finally:
            shown.close()

    QTimer.singleShot(0, look)
    return seen


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    main = MainWindow(tmp_path / "saves")
    qtbot.addWidget(main)
    main.resize(1024, 640)
    main.show()
    qtbot.waitExposed(main)
    return main


def test_the_game_menu_and_its_pages(qtbot: QtBot, window: MainWindow) -> None:
    looks_dark(window)
    for page in (window.open_game_menu(), window.open_settings(), window.open_help()):
        qtbot.waitExposed(page)
        assert isinstance(page, QDialog)
        looks_dark(page)
        page.close()


def test_a_message_box(qtbot: QtBot) -> None:
    editor = PackEditor(MOONS_GRAVE)
    qtbot.addWidget(editor)
    editor.show()
    seen = while_open(QMessageBox, looks_dark)
    editor.discard_ok()  # "Leave this pack without saving?", as the editor asks it
    assert seen == ["QMessageBox"]


def test_a_file_dialog(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the platform has no native dialog (here, and on some desktops), Qt's own carries the theme."""
    dock = solo_panel(seed=1)
    qtbot.addWidget(dock)
    dock.show()
    seen = while_open(QFileDialog, looks_dark)
    dock.export_button.click()  # "Export the journal…": nothing chosen, nothing written
    assert seen == ["QFileDialog"]


def test_a_context_menu(qtbot: QtBot) -> None:
    dock = solo_panel(seed=1)
    qtbot.addWidget(dock)
    dock.show()
    qtbot.waitExposed(dock)
    field = dock.panel.question
    seen = while_open(QMenu, looks_dark)
    spot = QPoint(4, 4)
    QApplication.sendEvent(field, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, spot, field.mapToGlobal(spot)))
    qtbot.waitUntil(lambda: seen == ["QMenu"])  # the field's own menu (cut, copy, paste) pops up without waiting
