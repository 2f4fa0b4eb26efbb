"""Compile the rules engine with mypyc into ``build/compiled`` (``make compiled``).

The engine is plain, ``mypy --strict``-clean Python; mypyc turns the same sources into C extensions that
play the same games (same events, same state hashes) several times faster, for designers' simulations.
The result is a tree that shadows the installed package when it comes first on the path:

    PYTHONPATH=build/compiled python bench/rules.py

``build/compiled/rt0table/rules`` holds each module twice, ``engine.py`` beside ``engine.*.so``;
Python imports the extension, and the codec reads field types from the source (see ``serialize.field_types``).
Only the combat layer is compiled (``rules/rt0`` with its abilities and campaign model, and the seam whose
errors it raises); the oracle, the solo helpers and the command-line entry points stay interpreted.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "compiled"
LEFT_INTERPRETED = ("__init__.py", "scenario_cli.py", "simulation_cli.py", "lab_cli.py", "rs_trial.py")
"""Package files and command-line entry points: nothing to gain, and ``-m`` needs a source module."""
INTERPRETED_PACKAGES = ("story", "solo")
"""RT:0's playthrough and solo helpers: between fights, nothing hot to gain (the fight engine is what runs fast)."""


def sources() -> list[Path]:
    return sorted(p for p in (ROOT / "rules").rglob("*.py") if "__pycache__" not in p.parts)


def fingerprint() -> str:
    digest = hashlib.sha256()
    for path in [*sources(), Path(__file__)]:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def stage() -> list[str]:
    """A fresh ``build/compiled/rt0table`` with the rules sources; returns the modules to compile."""
    shutil.rmtree(OUT / "rt0table", ignore_errors=True)
    package = OUT / "rt0table"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""RT:0 Table\'s rules, compiled (packaging/compile_rules.py)."""\n')
    (package / "assets").symlink_to(ROOT / "assets", target_is_directory=True)
    compiled = []
    for path in sources():
        target = package / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        inside = path.relative_to(ROOT / "rules")
        fight_layer = inside.parts[0] == "rt0" and inside.parts[1] not in INTERPRETED_PACKAGES
        if (fight_layer or inside == Path("seam.py")) and path.name not in LEFT_INTERPRETED:
            compiled.append(str(target.relative_to(OUT)))
    return compiled


SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

modules = sys.argv[1:]
sys.argv[1:] = ["build_ext", "--inplace", "--parallel", str({jobs})]
setup(name="rt0table-compiled", ext_modules=mypycify(modules, opt_level="3", multi_file=True))
"""


def build(jobs: int) -> int:
    modules = stage()
    print(f"compiling {len(modules)} modules of rules/rt0 with mypyc into {OUT.relative_to(ROOT)}", flush=True)
    command = [sys.executable, "-c", SETUP.format(jobs=jobs), *modules]
    done = subprocess.run(command, cwd=OUT, capture_output=True, text=True, check=False)
    if done.returncode != 0:  # mypyc's own messages go to stdout, the compiler's to stderr
        print(done.stdout[-20_000:], done.stderr[-20_000:], sep="\n", file=sys.stderr)
    return done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="rebuild even when the sources have not changed")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="C files compiled at once")
    args = parser.parse_args()
    stamp = OUT / "fingerprint"
    wanted = fingerprint()
    if not args.force and stamp.exists() and stamp.read_text() == wanted:
        print(f"{OUT.relative_to(ROOT)} is up to date")
        return 0
    stamp.unlink(missing_ok=True)
    status = build(args.jobs)
    if status == 0:
        stamp.write_text(wanted)
    else:
        print("mypyc failed: its messages are above", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
