"""Killed mid-game (SIGKILL, any moment): reopening gives a consistent game holding every acknowledged action."""

from __future__ import annotations

import random
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from rt0table.desktop.saves import SaveStore

from .conftest import child

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")

RUNS = 6


def run_until_killed(save_dir: Path, seed: int, rnd: random.Random) -> list[tuple[str, int]]:
    """Start the playing child, kill it after a random number of acknowledged rows plus a random instant."""
    player = child("play", seed, save_dir)
    assert player.stdout is not None
    wanted = rnd.randint(1, 250)
    acked: list[tuple[str, int]] = []
    killer = threading.Timer(60, player.kill)  # a hung child must not hang the suite
    killer.start()
    try:
        for line in player.stdout:
            if not line.endswith("\n"):
                break  # cut off by the kill: a row it names may be saved, which the seq + 1 allowance covers
            game_id, seq = line.split()
            acked.append((game_id, int(seq)))
            if len(acked) >= wanted:
                time.sleep(rnd.uniform(0, 0.004))  # land inside the next write as often as between writes
                player.send_signal(signal.SIGKILL)
                break
    finally:
        killer.cancel()
        # Through the same text wrapper: it may already hold lines read ahead (communicate() would skip them).
        rest = player.stdout.read()
        err = player.stderr.read() if player.stderr else ""
        player.wait(timeout=60)
    assert player.returncode == -signal.SIGKILL, err
    for line in rest.splitlines(keepends=True):  # printed before the kill, not yet read: acknowledged too
        if not line.endswith("\n"):
            break  # half a line: the kill landed in the middle of printing it
        game_id, seq = line.split()
        acked.append((game_id, int(seq)))
    return acked


def test_sigkill_at_random_moments_loses_no_acknowledged_action(save_dir: Path) -> None:
    rnd = random.Random(20261129)
    last_acked: dict[str, int] = {}
    for run in range(RUNS):
        for game_id, seq in run_until_killed(save_dir, run, rnd):
            last_acked[game_id] = seq
        with SaveStore(app_version="test") as store:  # reopening after every kill, as the player would
            for game_id, seq in last_acked.items():
                loaded = store.load(game_id)  # raises on any hash mismatch
                # the child may have committed one more row than it lived to print
                assert loaded.seq in (seq, seq + 1), (run, game_id)
            assert all(s.problem is None for s in store.list_games())
    assert sum(last_acked.values()) > RUNS  # the runs did play
