"""The save store at scale (issue 13 item 7): memory a long fight holds, loading and resuming a 50,000-action fight.

Every figure is a ratio against a baseline measured in the same run on the same machine:
- memory: the ``Game`` after N actions, against the same game played by a ``Game`` that forgets nothing (how
  undo kept every state before format 5), and a long fight against a 1,000-action one;
- load: ``SaveStore.load`` of the long fight against the 1,000-action one;
- resume: what Load does with a fight (``SaveStore.load``, then ``flow/resume``'s table log and the stand-in's
  plies), against the same with the whole fight told again from its opening (how resume told it before);
Run through ``bench/saves.py`` (``make bench-saves``); listing 500 saves is ``saves_listing.py``.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import tempfile
import time
import tracemalloc
from pathlib import Path

from saves import practice_setup

from rt0table.desktop.flow.resume import answered_plies, fight_log
from rt0table.desktop.saves import SaveStore
from rt0table.rules.rt0.fight.engine import Game

ROOT = Path(__file__).resolve().parent.parent
HEADING = "## Saves at scale"


class UnboundedGame(Game):
    """The baseline: undo keeps every state, as before format 5."""

    def _forget(self) -> None:
        return


def held_memory(kind: type[Game], actions: int, seed: int = 1) -> tuple[int, float]:
    """Bytes the game holds after ``actions`` random legal actions (tracemalloc), and the seconds they took."""
    state, _events = practice_setup(seed).start()
    rnd = random.Random(seed)
    tracemalloc.start()
    game = kind(state)
    start = time.perf_counter()
    for _ in range(actions):
        game.push(rnd.choice(game.legal_actions()))
    elapsed = time.perf_counter() - start
    held, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return held, elapsed


def record(store: SaveStore, actions: int, seed: int) -> str:
    game_id = store.new_game(practice_setup(seed))
    loaded = store.load(game_id)
    assert loaded.game is not None
    game, recorder, rnd = loaded.game, store.recorder(game_id), random.Random(seed)
    for _ in range(actions):
        action = rnd.choice(game.legal_actions())
        game.push(action)
        recorder.record(action, game.state)
    return game_id


def timed_loads(folder: Path, game_id: str, times: int) -> tuple[list[float], list[float], int]:
    """Wall and CPU times of ``load`` on a fresh store, and the peak bytes traced during one more."""
    with SaveStore(folder, app_version="bench") as store:
        walls, cpus = [], []
        for _ in range(times):
            start, start_cpu = time.perf_counter(), time.process_time()
            store.load(game_id)
            walls.append(time.perf_counter() - start)
            cpus.append(time.process_time() - start_cpu)
        tracemalloc.start()
        store.load(game_id)
        _now, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return walls, cpus, peak


def timed_resumes(folder: Path, game_id: str, times: int, whole: bool = False) -> tuple[list[float], list[float], int]:
    """Wall and CPU times of the fight's resume (load, table log, stand-in plies) on a fresh store; ``whole`` tells
    the log from the fight's opening, as resume did before a long fight was told from a snapshot."""
    with SaveStore(folder, app_version="bench") as store:
        walls, cpus = [], []
        for _ in range(times):
            start, start_cpu = time.perf_counter(), time.process_time()
            loaded = store.load(game_id)
            assert loaded.setup is not None
            _opening, lines = fight_log(loaded.setup, loaded.history, None if whole else loaded.tail)
            answered_plies(loaded.history)
            walls.append(time.perf_counter() - start)
            cpus.append(time.process_time() - start_cpu)
    return walls, cpus, len(lines)


def scale_section(long: int, where: str, command: str) -> str:
    ms, kib = 1000.0, 1 / 1024
    short = 1000
    bounded_short, _ = held_memory(Game, short)
    bounded_long, play_long = held_memory(Game, long)
    unbounded_short, _ = held_memory(UnboundedGame, short)
    with tempfile.TemporaryDirectory() as folder:
        with SaveStore(folder, app_version="bench") as store:
            short_id, long_id = record(store, short, 3), record(store, long, 4)
        long_file = (Path(folder) / f"{long_id}.rt0save").stat().st_size
        short_loads, short_cpu, short_peak = timed_loads(Path(folder), short_id, 5)
        long_loads, long_cpu, long_peak = timed_loads(Path(folder), long_id, 5)
        resume_wall, resume_cpu, told = timed_resumes(Path(folder), long_id, 5)
        _wall, resume_short_cpu, _told = timed_resumes(Path(folder), short_id, 5)
        whole_wall, whole_cpu, whole_told = timed_resumes(Path(folder), long_id, 3, whole=True)
    load_short, load_long = statistics.median(short_loads), statistics.median(long_loads)
    cpu_short, cpu_long = statistics.median(short_cpu), statistics.median(long_cpu)
    rows = [
        (f"memory the `Game` holds after {short} actions (KiB)", f"{bounded_short * kib:.0f}",
         f"{unbounded_short * kib:.0f} (every state kept)", f"{bounded_short / unbounded_short:.3f}"),
        (f"memory the `Game` holds after {long:,} actions (KiB)", f"{bounded_long * kib:.0f}",
         f"{bounded_short * kib:.0f} (after {short})", f"{bounded_long / bounded_short:.2f}"),
        (f"peak memory while loading the {long:,}-action fight (KiB)", f"{long_peak * kib:.0f}",
         f"{short_peak * kib:.0f} (the {short}-action one)", f"{long_peak / short_peak:.2f}"),
        (f"load the {long:,}-action fight, median of 5, wall (ms)", f"{load_long * ms:.0f}",
         f"{load_short * ms:.1f} (the {short}-action one)", f"{load_long / load_short:.1f}"),
        ("same, CPU time of the process (ms)", f"{cpu_long * ms:.0f}",
         f"{cpu_short * ms:.1f} (the {short}-action one)", f"{cpu_long / cpu_short:.1f}"),
        (f"resume the {long:,}-action fight (load, table log, stand-in plies), median of 5, CPU (ms)",
         f"{statistics.median(resume_cpu) * ms:.0f} ({told:,} log lines)",
         f"{statistics.median(whole_cpu) * ms:.0f} (told from the opening, {whole_told:,} lines, median of 3)",
         f"{statistics.median(resume_cpu) / statistics.median(whole_cpu):.3f}"),
        ("same, against resuming the 1000-action fight (CPU)", f"{statistics.median(resume_cpu) * ms:.0f}",
         f"{statistics.median(resume_short_cpu) * ms:.1f}",
         f"{statistics.median(resume_cpu) / statistics.median(resume_short_cpu):.1f}"),
        ("same, wall (ms)", f"{statistics.median(resume_wall) * ms:.0f}",
         f"{statistics.median(whole_wall) * ms:.0f} (told from the opening)",
         f"{statistics.median(resume_wall) / statistics.median(whole_wall):.3f}"),
    ]  # fmt: skip
    lines = [
        HEADING,
        "",
        f"Issue 13 item 7. A practice fight against the harmless dummy, {long:,} random legal actions played and",
        f"recorded through the store (file {long_file / 2**20:.1f} MiB; playing them took {play_long:.0f} s). Memory",
        "is what `tracemalloc` counts: held by the `Game` after the actions (undo keeps nothing before a reveal),",
        "and the peak during one `SaveStore.load`. The load is the store's alone (`quick_check`, one read and one",
        "in-force walk of the log, every row parsed once, the replay from the newest snapshot). The resume adds what",
        "Load does with the fight: the table's log (`desktop/flow/resume.fight_log`), told from a snapshot at least",
        "1,000 log rows back (`replay.TOLD_BACK`), and the stand-in's plies; its baseline tells the whole fight",
        "again from its opening, as resume did before.",
        "",
        "| figure | value | baseline (same run) | ratio |",
        "| --- | --- | --- | --- |",
        *(f"| {name} | {value} | {base} | {ratio} |" for name, value, base, ratio in rows),
        "",
        f"Machine: {where}. Measured {subprocess.run(['date'], capture_output=True, text=True).stdout.strip()}.",
        "",
        f"Command (from the repository root): `.venv/bin/{command}`",
    ]
    return "\n".join(lines)
