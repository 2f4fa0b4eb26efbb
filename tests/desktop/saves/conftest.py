"""Every save test works in its own folder, named through RT0_SAVE_DIR as the app would see it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rt0table.desktop.saves import ENV_VAR, SaveStore
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup

from .play import book_setup

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv(ENV_VAR, str(folder))
    return folder


@pytest.fixture
def store(save_dir: Path) -> Iterator[SaveStore]:
    with SaveStore(app_version="test") as opened:
        yield opened


@pytest.fixture
def setup() -> CombatSetup:
    return book_setup()


def child(mode: str, seed: int = 0, save_dir: Path | None = None) -> subprocess.Popen[str]:
    """Start tests/desktop/saves/child.py in a real second process on the same save folder."""
    env = dict(os.environ)
    if save_dir is not None:
        env[ENV_VAR] = str(save_dir)
    return subprocess.Popen(
        [sys.executable, "-m", "tests.desktop.saves.child", mode, str(seed)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
