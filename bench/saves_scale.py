"""The save store at scale (issue 13 item 7): memory a long fight holds, loading a 50,000-action fight, listing 500.

Every figure is a ratio against a baseline measured in the same run on the same machine:
- memory: the ``Game`` after N actions, against the same game played by a ``Game`` that forgets nothing (how
  undo kept every state before format 5), and a long fight against a 1,000-action one;
- load: ``SaveStore.load`` of the long fight against the 1,000-action one;
- listing: ``list_games`` on a folder of format-5 saves against the same saves rewritten in format 4 (read the
  way every save was read before: ``check_file``, then the log and the campaign document).
Run through ``bench/saves.py`` (``make bench-saves``).
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from saves import practice_setup

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


def as_format_4(source: Path, target: Path) -> None:
    """The save rewritten as format 4 held it (the tests' helper), so it is listed the old way."""
    sys.path.insert(0, str(ROOT))
    from tests.desktop.saves.old_formats import old_format_copy

    old_format_copy(source, target, 4)


def timed_listing(folder: Path, repeats: int = 5) -> tuple[float, float]:
    """Median wall and CPU seconds of ``list_games``."""
    with SaveStore(folder, app_version="bench") as store:
        walls, cpus = [], []
        for _ in range(repeats):
            start, start_cpu = time.perf_counter(), time.process_time()
            listed = store.list_games()
            walls.append(time.perf_counter() - start)
            cpus.append(time.process_time() - start_cpu)
        assert all(s.problem is None for s in listed), [s.problem for s in listed if s.problem]
    return statistics.median(walls), statistics.median(cpus)


def scale_section(long: int, listed: int, where: str, command: str) -> str:
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
    with tempfile.TemporaryDirectory() as new, tempfile.TemporaryDirectory() as old:
        with SaveStore(new, app_version="bench") as store:
            first = record(store, 30, 5)
            for seed in range(listed - 1):
                store.new_game(practice_setup(100 + seed))
        source = Path(new) / f"{first}.rt0save"
        as_format_4(source, Path(old) / "template.rt0save")
        template = Path(old) / "template.rt0save"
        for path in Path(new).glob("*.rt0save"):
            shutil.copyfile(template, Path(old) / path.name)
        template.unlink()
        listing_new, listing_new_cpu = timed_listing(Path(new))
        listing_old, listing_old_cpu = timed_listing(Path(old))
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
        (f"list_games with {listed} saves, median of 5, wall (ms)", f"{listing_new * ms:.1f}",
         f"{listing_old * ms:.1f} (the same saves in format 4)", f"{listing_new / listing_old:.3f}"),
        ("same, CPU time of the process (ms)", f"{listing_new_cpu * ms:.1f}",
         f"{listing_old_cpu * ms:.1f} (format 4)", f"{listing_new_cpu / listing_old_cpu:.3f}"),
    ]  # fmt: skip
    lines = [
        HEADING,
        "",
        f"Issue 13 item 7. A practice fight against the harmless dummy, {long:,} random legal actions played and",
        f"recorded through the store (file {long_file / 2**20:.1f} MiB; playing them took {play_long:.0f} s). Memory",
        "is what `tracemalloc` counts: held by the `Game` after the actions (undo keeps nothing before a reveal),",
        "and the peak during one `SaveStore.load`. The load is the store's alone (`quick_check`, the in-force walk",
        "over the log's hashes, every row parsed once, the replay from the newest snapshot); the app's resume then",
        "tells the table's log again from the fight's opening (`desktop/flow/resume.fight_log`), which replays",
        "every action and is not part of this figure.",
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
