"""Listing the save folder at scale (issue 13 item 7): ``list_games`` on a folder of 500 saves.

Every figure is a ratio against a baseline measured in the same run on the same machine:
- the listing as the load screen does it (the folder's index, a stat per save, no save opened), against the same
  folder with the index removed (every save opened read-only for its header's summary row, as listing did before);
- that, against the same saves rewritten in format 4 (read the way every save was read before format 5:
  ``check_file``, then the log and the campaign document);
- and against SQLite's own floor: opening each file read-only, reading its schema and closing it, nothing else.
Run through ``bench/saves.py`` (``--listing-only`` for this section alone).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from saves import practice_setup
from saves_scale import record

from rt0table.desktop.saves import GameSummary, SaveStore
from rt0table.desktop.saves.schema import connect_read_only
from rt0table.desktop.saves.summary_index import INDEX_NAME

ROOT = Path(__file__).resolve().parent.parent
HEADING = "## Save listing"


def as_format_4(source: Path, target: Path) -> None:
    """The save rewritten as format 4 held it (the tests' helper), so it is listed the old way."""
    sys.path.insert(0, str(ROOT))
    from tests.desktop.saves.old_formats import old_format_copy

    old_format_copy(source, target, 4)


def sqlite_floor(folder: Path, repeats: int = 5) -> float:
    """Median CPU seconds to open every save read-only, read its schema and close it: what SQLite itself costs."""
    paths = sorted(folder.resolve().glob("*.rt0save"))
    cpus = []
    for _ in range(repeats):
        start_cpu = time.process_time()
        for path in paths:
            conn = connect_read_only(path, os.path.exists(f"{path}-wal"))
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            conn.close()
        cpus.append(time.process_time() - start_cpu)
    return statistics.median(cpus)


def timed_listing(folder: Path, repeats: int = 5) -> tuple[float, float, list[GameSummary]]:
    """Median wall and CPU seconds of ``list_games``, and what it listed. (Closing the store afterwards writes the
    folder's index, so a folder without one is listed without one every time.)"""
    with SaveStore(folder, app_version="bench") as store:
        walls, cpus = [], []
        for _ in range(repeats):
            start, start_cpu = time.perf_counter(), time.process_time()
            listed = store.list_games()
            walls.append(time.perf_counter() - start)
            cpus.append(time.process_time() - start_cpu)
        assert all(s.problem is None for s in listed), [s.problem for s in listed if s.problem]
    return statistics.median(walls), statistics.median(cpus), listed


def listing_section(listed: int, where: str, command: str) -> str:
    ms = 1000.0
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
        time.sleep(0.05)  # past the file system's timestamp tick: the index trusts only files older than itself
        (Path(new) / INDEX_NAME).unlink()
        opened_wall, opened_cpu, opened = timed_listing(Path(new))  # every save opened; closing writes the index
        assert (Path(new) / INDEX_NAME).is_file()
        index_wall, index_cpu, indexed = timed_listing(Path(new))
        assert indexed == opened, "the index must list what the files say"
        _wall, old_cpu, _listed = timed_listing(Path(old))
        floor_cpu = sqlite_floor(Path(new))
        index_kib = (Path(new) / INDEX_NAME).stat().st_size / 1024
    rows = [
        (f"list_games with {listed} saves and the folder's index, median of 5, wall (ms)", f"{index_wall * ms:.1f}",
         f"{opened_wall * ms:.1f} (the index removed: every save opened)", f"{index_wall / opened_wall:.3f}"),
        ("same, CPU time of the process (ms)", f"{index_cpu * ms:.1f}",
         f"{opened_cpu * ms:.1f} (every save opened)", f"{index_cpu / opened_cpu:.3f}"),
        ("same, against SQLite's floor (open read-only, read the schema, close), CPU (ms)",
         f"{index_cpu * ms:.1f}", f"{floor_cpu * ms:.1f}", f"{index_cpu / floor_cpu:.3f}"),
        ("every save opened (no index), against the same saves in format 4, CPU (ms)", f"{opened_cpu * ms:.1f}",
         f"{old_cpu * ms:.1f} (format 4)", f"{opened_cpu / old_cpu:.3f}"),
    ]  # fmt: skip
    met = "met" if index_cpu * ms < 100 else "**not met**"
    lines = [
        HEADING,
        "",
        f"Issue 13 item 7: listing {listed} saves (one practice fight of 30 actions, the rest new games) the way",
        "the load screen does, on a fresh store. The folder's index (`desktop/saves/summary_index.py`, one JSON file",
        f"of {index_kib:.0f} KiB here) holds each save's summary with the file's size and times; listing reads it,",
        "stats each save and opens only those the index does not hold as they are now. Its baseline is the same",
        "listing with the index removed, so that every save is opened for its header's summary row (how listing",
        "worked before the index).",
        f"Target: under 100 ms of CPU for {listed} saves: {met}.",
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
