"""This checkout's route figures against another checkout's, rounds alternating, in one run.

    python bench/against.py BASELINE [--rounds 6] [--actions 1000] [--long 50000]

``BASELINE`` is another checkout of the project with its own ``.venv`` (``git worktree add --detach DIR <commit>``,
then ``make .venv/.installed`` there). Each round runs ``bench/route_figures.py`` (this checkout's file) once in the
baseline, with its interpreter and its code, then once here; the table gives each figure's median over the rounds
and the ratio here ÷ baseline (below 1: faster here), with every round's figures beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
FIGURES = HERE / "bench" / "route_figures.py"
NAMES = {
    "step_no_save_us": "a fight step through the playthrough, no save (µs, median per submit)",
    "step_saved_us": "the same with the save (µs)",
    "timeline_ms": "the replay viewer's timeline of the long fight (CPU ms)",
}


def figures(checkout: Path, extra: list[str]) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(checkout), "QT_QPA_PLATFORM": "offscreen", "PYTHONDONTWRITEBYTECODE": "1"}
    python = checkout / ".venv" / "bin" / "python"
    done = subprocess.run(
        [str(python), str(FIGURES), *extra], cwd=checkout, env=env, check=True, capture_output=True, text=True
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--long", type=int, default=50000)
    args = parser.parse_args(argv)
    extra = ["--actions", str(args.actions), "--long", str(args.long)]
    rounds: dict[str, list[dict[str, float]]] = {"baseline": [], "here": []}
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    for _ in range(args.rounds):
        rounds["baseline"].append(figures(args.baseline.resolve(), extra))
        rounds["here"].append(figures(HERE, extra))
    after = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.rounds} rounds; load average {load} at the start, {after} at the end")
    print("| figure | baseline | here | here ÷ baseline | rounds (baseline / here) |")
    print("| --- | --- | --- | --- | --- |")
    for key, name in NAMES.items():
        base = [r[key] for r in rounds["baseline"]]
        here = [r[key] for r in rounds["here"]]
        pairs = ", ".join(f"{b:.1f}/{h:.1f}" for b, h in zip(base, here, strict=True))
        b, h = statistics.median(base), statistics.median(here)
        print(f"| {name} | {b:.2f} | {h:.2f} | {h / b:.3f}x | {pairs} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
