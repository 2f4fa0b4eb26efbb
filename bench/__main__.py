"""``make bench``: run every benchmark script that needs no build step and print its figures.

The rules benchmark runs twice: on the plain engine, then on the one ``make compiled`` builds (when it is
there; ``make bench`` builds it first). The start-up and bundle figures need the frozen bundle: ``make bench-start``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = ("rules.py", "lab_speed.py", "saves.py", "table.py", "card_faces.py", "fight_funnel.py")
COMPILED = HERE.parent / "build" / "compiled"


def main() -> int:
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    failed = 0
    for name in SCRIPTS:
        script = HERE / name
        if not script.exists():
            continue
        print(f"== {name}", flush=True)
        failed += subprocess.run([sys.executable, str(script)], env=env, check=False).returncode != 0
        if name in ("rules.py", "lab_speed.py") and (COMPILED / "fingerprint").exists():
            print(f"== {name} on the compiled engine", flush=True)
            compiled = {**env, "PYTHONPATH": str(COMPILED)}
            failed += subprocess.run([sys.executable, str(script)], env=compiled, check=False).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
