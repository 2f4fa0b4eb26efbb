"""The app starts: command line, smoke test and the title screen."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.main_window import MainWindow, smoke_test


def run_module(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "rt0table.desktop", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_version_flag_prints_name_and_version() -> None:
    result = run_module("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("RT:0 Table 0.")


def test_smoke_test_flag_renders_a_frame_and_exits_zero() -> None:
    result = run_module("--smoke-test")
    assert result.returncode == 0, result.stderr
    assert "smoke-test: ok" in result.stdout


def test_smoke_test_in_process(qtbot: QtBot, capsys: pytest.CaptureFixture[str]) -> None:
    assert smoke_test() == 0
    assert "smoke-test: ok" in capsys.readouterr().out


def test_title_screen_offers_the_five_choices(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    buttons = window.title_screen.buttons
    assert list(buttons) == ["continue", "new", "load", "demo", "quit"]
    for key in ("continue", "new", "load", "demo"):
        if not buttons[key].isEnabled():
            assert buttons[key].toolTip(), f"{key} is disabled without saying why"


def test_quit_closes_the_window(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.mouseClick(window.title_screen.buttons["quit"], Qt.MouseButton.LeftButton)
    assert not window.isVisible()
