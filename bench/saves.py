"""Save store figures: time per autosaved action, time to load a 1,000-action game, file size; then, at scale,
the memory a long fight holds, the load of a 50,000-action fight and the listing of 500 saves.

    python bench/saves.py [--actions 1000] [--loads 30] [--long 50000] [--listed 500] [--write docs/benchmarks.md]
    python bench/saves.py --listing-only [--listed 500] [--write docs/benchmarks.md]

A practice fight against a harmless dummy (it only shields and heals) so one game can run to
1,000 actions; two fighters play random legal actions with a fixed seed. Every action is
recorded through the Recorder the Session uses, in a fresh temporary save folder.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

from rt0table.desktop.saves import SaveStore
from rt0table.rules.rt0.content.adversaries import load_bestiary
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.traits import Trait

HEADING = "## Saves"
DUMMY = """{"adversaries": [{"id": "dummy", "name": "Practice Dummy", "hp": 40, "intents": {
  "Swords": [{"do": "shield", "amount": 1}], "Wands": [{"do": "heal", "amount": 1}],
  "Cups": [{"do": "shield", "amount": 2}], "Pentacles": [{"do": "heal", "amount": 2}],
  "Major": "redraw_face_down"}}]}"""


def practice_setup(seed: int) -> CombatSetup:
    return CombatSetup(
        seed=seed,
        room_size=3,
        fighters=(
            FighterSetup("mara", "Mara", (0, 0), frozenset({Trait.STRONG})),
            FighterSetup("jo", "Jo", (1, 1)),
        ),
        adversaries=(AdversarySetup("dummy", (2, 2)),),
        bestiary=load_bestiary(DUMMY, "bench dummy"),
        practice=True,
    )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def record_game(
    store: SaveStore, actions: int, seed: int, synchronous: str, cpu: list[float] | None = None
) -> tuple[str, list[float]]:
    """Wall time of each ``record`` call; ``cpu`` collects this thread's CPU time for the same calls."""
    game_id = store.new_game(practice_setup(seed))
    game = store.load(game_id).game
    store._open[game_id].db.execute(f"PRAGMA synchronous = {synchronous}")  # bench only: compare durabilities
    recorder, rnd, times = store.recorder(game_id), random.Random(seed), []
    for _ in range(actions):
        action = rnd.choice(game.legal_actions())
        game.push(action)
        start, start_cpu = time.perf_counter(), time.thread_time()
        recorder.record(action, game.state)
        times.append(time.perf_counter() - start)
        if cpu is not None:
            cpu.append(time.thread_time() - start_cpu)
    return game_id, times


def machine() -> str:
    cpu = "unknown"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        cpu = next((ln.split(":", 1)[1].strip() for ln in cpuinfo.read_text().splitlines() if "model name" in ln), cpu)
    return (
        f"{os.cpu_count()} CPUs (`nproc`), {cpu}; {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, sqlite-utils {version('sqlite-utils')}; "
        f"load average at the start {' '.join(f'{x:.2f}' for x in os.getloadavg())} (the machine is shared)"
    )


def main(argv: list[str] | None = None) -> int:
    where = machine()  # before the work, so the load average is the machine's, not ours
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=3, help="games recorded for the autosave figures")
    parser.add_argument("--loads", type=int, default=30)
    parser.add_argument("--games", type=int, default=50, help="saves in the folder when timing list_games")
    parser.add_argument("--long", type=int, default=50_000, help="actions of the long fight (0: skip the scale part)")
    parser.add_argument("--listed", type=int, default=500, help="saves in the folder when timing the listing at scale")
    parser.add_argument("--scale-only", action="store_true", help="measure only the two sections at scale")
    parser.add_argument("--listing-only", action="store_true", help="measure only the 'Save listing' section")
    parser.add_argument("--write", type=Path, help="rewrite the 'Saves' sections of this file")
    args = parser.parse_args(argv)
    command = " ".join(["python bench/saves.py", *(argv if argv is not None else sys.argv[1:])])
    if args.listing_only:
        return listing(args, where, command)
    if args.scale_only:
        return scale(args, where, command)

    rows: list[tuple[str, str, str, str]] = []
    with tempfile.TemporaryDirectory() as folder, SaveStore(folder, app_version="bench") as store:
        cpu: list[float] = []
        game_id, normal = record_game(store, args.actions, 1, "NORMAL", cpu)
        for seed in range(2, args.repeats + 1):  # more samples for a steadier p99
            normal += record_game(store, args.actions, seed, "NORMAL", cpu)[1]
        _full_id, full = record_game(store, args.actions, 100, "FULL")
        for seed in range(200, 200 + args.games - args.repeats - 1):  # more saves on the load screen
            store.new_game(practice_setup(seed))
        store.close()  # checkpoints the WAL into the file, as quitting the app does
        size = store.path_of(game_id).stat().st_size
        with SaveStore(folder, app_version="bench") as reopened:
            loads = []
            for _ in range(args.loads):
                start = time.perf_counter()
                loaded = reopened.load(game_id)
                loads.append(time.perf_counter() - start)
            assert loaded.ply == args.actions
            start = time.perf_counter()
            listed = reopened.list_games()
            list_time = time.perf_counter() - start

    ms = 1000.0
    p99 = percentile(normal, 0.99) * ms
    load_median = statistics.median(loads) * ms
    rows = [
        (f"autosaves timed ({args.repeats} games)", str(len(normal)), "", ""),
        ("autosave per action, median (ms)", f"{statistics.median(normal) * ms:.3f}", "", ""),
        ("autosave per action, p99 (ms)", f"{p99:.3f}", "< 5", "yes" if p99 < 5 else "**no**"),
        ("autosave per action, max (ms)", f"{max(normal) * ms:.3f}", "", ""),
        ("CPU time of this thread per autosave, median / p99 (ms)",
         f"{statistics.median(cpu) * ms:.3f} / {percentile(cpu, 0.99) * ms:.3f}", "", ""),
        ("same with `synchronous=FULL`, median / p99 (ms)",
         f"{statistics.median(full) * ms:.3f} / {percentile(full, 0.99) * ms:.3f}", "", ""),
        (f"load a {args.actions}-action game, median of {args.loads} (ms)", f"{load_median:.1f}", "< 300",
         "yes" if load_median < 300 else "**no**"),
        (f"load, slowest of {args.loads} (ms)", f"{max(loads) * ms:.1f}", "", ""),
        (f"file size per {args.actions} actions (KiB)", f"{size / 1024 * 1000 / args.actions:.0f}", "", ""),
        (f"list_games with {len(listed)} saves (ms)", f"{list_time * ms:.1f}", "", ""),
    ]  # fmt: skip
    lines = [
        HEADING,
        "",
        f"`SaveStore` with the default `synchronous=NORMAL` (WAL), {args.actions} random legal actions of a",
        "practice fight recorded one by one through `Recorder.record` (one transaction each, a snapshot every",
        "25 actions); the load is `SaveStore.load` on a reopened store: SQLite `quick_check`, newest usable",
        "snapshot, replay of the actions after it with every hash checked. The slowest autosaves are the",
        "snapshot rows and calls that Python's garbage collector interrupts (the game keeps a state per step",
        "for undo). Wall time minus this thread's CPU time is time spent waiting: for the disk, or for a CPU",
        "when other processes keep the machine busy.",
        "",
        "| figure | value | target | met |",
        "| --- | --- | --- | --- |",
        *(f"| {name} | {value} | {target} | {met} |" for name, value, target, met in rows),
        "",
        f"Machine: {where}. Measured {subprocess.run(['date'], capture_output=True, text=True).stdout.strip()}.",
        "",
        f"Command (from the repository root): `.venv/bin/{command}`",
    ]
    section = "\n".join(lines)
    print(section)
    if args.write:
        write_section(args.write, section)
        print(f"wrote the section to {args.write}", file=sys.stderr)
    return scale(args, machine(), command) if args.long else 0


def scale(args: argparse.Namespace, where: str, command: str) -> int:
    from saves_scale import scale_section

    scaled = scale_section(args.long, where, command)
    print(scaled)
    if args.write:
        write_section(args.write, scaled, SCALE_HEADING)
    return listing(args, machine(), command) if args.listed else 0


def listing(args: argparse.Namespace, where: str, command: str) -> int:
    from saves_listing import listing_section

    listed = listing_section(args.listed, where, command)
    print(listed)
    if args.write:
        write_section(args.write, listed, LISTING_HEADING)
    return 0


SCALE_HEADING = "## Saves at scale"
LISTING_HEADING = "## Save listing"


def write_section(doc: Path, section: str, heading: str = HEADING) -> None:
    """Replace this benchmark's section of the doc (or append it), leaving other sections alone."""
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# Benchmarks\n\n"
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.DOTALL | re.MULTILINE)
    if pattern.search(text):
        text = pattern.sub(lambda _: section + "\n", text, count=1)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    doc.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
