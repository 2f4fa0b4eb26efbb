"""The app starts: command line, smoke test and the title screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

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


# The title screen's start-up must not import the game (docs/benchmarks.md, "Start-up and bundle": start
# within 3x of a bare PySide6 window). Structural, not timed: these modules stay out of sys.modules until
# the player picks New game, Continue, Load game or Demo.
NOT_AT_START = (
    "rt0table.rules.rt0.fight.engine",
    "rt0table.rules.rt0.abilities",
    "rt0table.rules.rt0.fight.events",
    "rt0table.desktop.flow.navigator",
    "rt0table.desktop.flow.autosave",
    "rt0table.desktop.load_screen",
    "rt0table.desktop.characters",
    "rt0table.desktop.table.view",
    "rt0table.desktop.demo",
    "rt0table.desktop.saves.gamefile",
    "rt0table.desktop.saves.replay",
    "sqlite_utils",
    "importlib.metadata",
    "rt0table.desktop.paradise_lua",
    "networkx",
    # The game shelf's entries are read to list saves; the games they name stay out until one is picked.
    "rt0table.rules.rulesets",
    "rt0table.desktop.moons_grave.mg_window",
    "rt0table.desktop.moons_grave.mg_game",
    "rt0table.desktop.restless.restless_window",
    "rt0table.desktop.loner.loner_entry",
    "rt0table.desktop.seam_table",
)

TITLE_ONLY = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path

    from rt0table.desktop.main_window import MainWindow, application

    app = application()
    window = MainWindow(Path(sys.argv[1]))
    window.show()
    app.processEvents()
    assert not window.grab().toImage().isNull()
    buttons = window.title_screen.buttons
    print(json.dumps({
        "store": window.store is not None,
        "enabled": [key for key, button in buttons.items() if button.isEnabled()],
        "modules": sorted(sys.modules),
    }))
    window.close()
    """
)


def title_only(folder: Path) -> dict[str, object]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", TITLE_ONLY, str(folder)], capture_output=True, text=True, env=env, timeout=120
    )
    assert result.returncode == 0, result.stderr
    report: dict[str, object] = json.loads(result.stdout.splitlines()[-1])
    return report


def test_title_screen_starts_without_importing_the_game(tmp_path: Path) -> None:
    from rt0table.desktop.saves import SaveStore

    folder = tmp_path / "saves"
    with SaveStore(folder, app_version="test") as store:  # one save, so Continue and Load read its header
        store.new_game(None, players=["Mira"], campaign={"version": 1, "day": 2})
    report = title_only(folder)
    assert report["store"] is True
    assert report["enabled"] == ["demo", "quick", "continue", "new", "load", "paradise", "lab", "quit"]
    modules = set(report["modules"])  # type: ignore[call-overload]
    loaded = [name for name in NOT_AT_START if name in modules]
    assert not loaded, f"the title screen imported {loaded}: import them where they are first used"


def test_title_screen_offers_the_eight_choices_learn_to_fight_first(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    buttons = window.title_screen.buttons
    assert list(buttons) == ["demo", "quick", "continue", "new", "load", "paradise", "lab", "quit"]
    for key in ("continue", "new", "load", "demo"):
        if not buttons[key].isEnabled():
            assert buttons[key].toolTip(), f"{key} is disabled without saying why"


def test_quit_closes_the_window(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.mouseClick(window.title_screen.buttons["quit"], Qt.MouseButton.LeftButton)
    assert not window.isVisible()
