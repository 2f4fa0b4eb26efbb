"""A second RT:0 Table on the same save folder is told who holds it, and writes nothing."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from rt0table.desktop.saves import SaveFolderLockedError, SaveStore
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup

from .conftest import child


def test_a_second_process_is_told_the_folder_is_open_with_the_pid(save_dir: Path, setup: CombatSetup) -> None:
    with SaveStore(app_version="test") as first:
        game_id = first.new_game(setup)
        second = child("open", save_dir=save_dir)
        out, err = second.communicate(timeout=60)
        assert second.returncode == 3, err
        assert f"this save folder is open in another RT:0 Table window (pid {os.getpid()})" in out
        assert [g.game_id for g in first.list_games()] == [game_id]
        first.load(game_id)


def test_the_folder_is_held_against_this_process_too(store: SaveStore) -> None:
    with pytest.raises(SaveFolderLockedError, match=f"pid {os.getpid()}"):
        SaveStore(app_version="test")


def test_the_lock_is_released_on_close_and_when_the_holder_is_killed(save_dir: Path) -> None:
    SaveStore(app_version="test").close()
    holder = child("hold", save_dir=save_dir)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        with pytest.raises(SaveFolderLockedError, match=f"pid {holder.pid}"):
            SaveStore(app_version="test")
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.communicate(timeout=60)
    with SaveStore(app_version="test") as after:  # no stale lock: the OS dropped it with the process
        assert after.list_games() == []
