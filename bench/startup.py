"""Start-up time, peak memory and bundle size of RT:0 Table against a bare PySide6 window.

    python bench/startup.py [--runs N] [--write docs/benchmarks.md]

Run by ``make bench-start`` (which builds dist/rt0-table first). In one run it measures:

* the median wall time and peak RSS of ``python -m rt0table.desktop --smoke-test`` and of
  ``bench/bare_window.py`` (QApplication, QMainWindow shown, one grab(), exit), same interpreter;
* the size of dist/rt0-table against a bare one-folder build of bare_window.py made here, in
  build/bare-bundle, with the same excludes and Qt trim (packaging/qt_trim.py);
* the median start time and peak RSS of both frozen bundles.

This process never imports Qt: every figure comes from a child process. Each child's peak RSS is
read from os.wait4, which returns that child's own rusage. Runs alternate between the commands so a
drift in machine load hits all of them alike; one warm-up run of each is not counted.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_BUNDLE = ROOT / "dist" / "rt0-table"
BARE_DIR = ROOT / "build" / "bare-bundle"
BARE_BUNDLE = BARE_DIR / "dist" / "bare-window"
PKG_PYTHON = ROOT / "build" / "package-venv" / "bin" / "python"
HEADING = "## Start-up and bundle"
TIMEOUT = 120.0
MIB = 1024 * 1024

# Same Analysis options as packaging/rt0-table.spec, minus the app's own data and metadata.
BARE_SPEC = """\
import sys
from pathlib import Path
from PyInstaller.depend.bindepend import get_imports
sys.path.insert(0, {packaging!r})
from qt_trim import EXCLUDES, trim, trim_binaries

a = Analysis([{script!r}], excludes=list(EXCLUDES))
a.binaries = trim_binaries(a.binaries, lambda src: {{Path(n).name for n, _ in get_imports(src)}})
a.datas = trim(a.datas)
pyz = PYZ(a.pure)
exe = EXE(pyz, a.scripts, [], exclude_binaries=True, name="bare-window", strip=True, upx=False)
coll = COLLECT(exe, a.binaries, a.datas, strip=True, upx=False, name="bare-window")
"""


@dataclass
class Probe:
    label: str
    argv: list[str]
    seconds: list[float] = field(default_factory=list)
    rss_kib: list[int] = field(default_factory=list)

    @property
    def command(self) -> str:
        return shlex.join(rel(arg) for arg in self.argv)

    def median_s(self) -> float:
        return statistics.median(self.seconds)

    def median_rss_mib(self) -> float:
        return statistics.median(self.rss_kib) / 1024


def rel(arg: str) -> str:
    """Show paths inside the repository relative to it, so the documented commands are portable."""
    path = Path(arg)
    if path.is_absolute() and path.is_relative_to(ROOT):
        return str(path.relative_to(ROOT))
    return arg


def run_once(argv: list[str]) -> tuple[float, int]:
    """Wall time (s) and peak RSS (KiB) of one smoke run; raises when the run fails."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
        killer = threading.Timer(TIMEOUT, proc.kill)
        killer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            killer.cancel()
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode(errors="replace")
    if proc.returncode != 0 or "smoke-test: ok" not in text:
        raise RuntimeError(f"{shlex.join(argv)} failed ({proc.returncode}):\n{text}")
    return elapsed, usage.ru_maxrss  # Linux reports ru_maxrss in KiB


def measure(probes: list[Probe], runs: int) -> None:
    for probe in probes:
        run_once(probe.argv)  # warm-up: page cache, .pyc files, fontconfig cache
    for i in range(runs):
        for probe in probes:
            seconds, rss = run_once(probe.argv)
            probe.seconds.append(seconds)
            probe.rss_kib.append(rss)
        print(f"run {i + 1}/{runs} done", file=sys.stderr)


def build_bare_bundle() -> list[str]:
    """Freeze bench/bare_window.py with the app's trim; return the command used."""
    BARE_DIR.mkdir(parents=True, exist_ok=True)
    spec = BARE_DIR / "bare-window.spec"
    spec.write_text(
        BARE_SPEC.format(packaging=str(ROOT / "packaging"), script=str(ROOT / "bench" / "bare_window.py")),
        encoding="utf-8",
    )
    argv = [
        str(PKG_PYTHON), "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR",
        "--distpath", str(BARE_DIR / "dist"), "--workpath", str(BARE_DIR / "work"), str(spec),
    ]  # fmt: skip
    subprocess.run(argv, check=True, cwd=ROOT)
    return argv


def tree_bytes(folder: Path) -> int:
    """Apparent size: the sum of regular files' sizes, symlinks not followed (like du -sb, minus dirs)."""
    total = 0
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(dirpath, name)
            if not path.is_symlink():
                total += path.stat().st_size
    return total


def machine() -> dict[str, str]:
    cpu = "unknown"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    pyinstaller = subprocess.run(
        [str(PKG_PYTHON), "-c", "import PyInstaller; print(PyInstaller.__version__)"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    return {
        "date": subprocess.run(["date"], capture_output=True, text=True, check=True).stdout.strip(),
        "nproc": subprocess.run(["nproc"], capture_output=True, text=True, check=True).stdout.strip(),
        "cpu": cpu,
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "pyside6": version("PySide6-Essentials"),
        "pyinstaller": pyinstaller,
    }


def verdict(ratio: float, limit: float) -> str:
    return "yes" if ratio <= limit else "**no**"


def spread(values: list[float]) -> str:
    return f"{min(values):.3f}–{max(values):.3f}"


def report(probes: dict[str, Probe], sizes: dict[str, int], runs: int, bare_build: list[str]) -> str:
    info = machine()
    app, bare, frozen, frozen_bare = (probes[k] for k in ("app", "bare", "frozen", "frozen_bare"))
    start_ratio = app.median_s() / bare.median_s()
    rss_ratio = app.median_rss_mib() / bare.median_rss_mib()
    size_ratio = sizes["app"] / sizes["bare"]
    frozen_ratio = frozen.median_s() / frozen_bare.median_s()
    frozen_rss_ratio = frozen.median_rss_mib() / frozen_bare.median_rss_mib()
    lines = [
        HEADING,
        "",
        "RT:0 Table against a bare PySide6 window that does the same smoke run (`bench/bare_window.py`:",
        "QApplication, QMainWindow shown at 1280x800, one `grab()`, exit), all with",
        f"`QT_QPA_PLATFORM=offscreen`. Times and RSS are medians of {runs} runs after one warm-up run,",
        "runs interleaved; peak RSS is each child's own `ru_maxrss` from `os.wait4`. Bundle sizes are the",
        "summed sizes of the files in the one-folder build (symlinks not followed); the bare bundle is",
        "built with the same excludes and Qt trim (`packaging/qt_trim.py`).",
        "",
        "| figure | RT:0 Table | bare PySide6 | ratio | target | met |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| start, `python -m`, median (s) | {app.median_s():.3f} | {bare.median_s():.3f} "
        f"| {start_ratio:.2f}x | ≤ 3x | {verdict(start_ratio, 3)} |",
        f"| start, range of {runs} runs (s) | {spread(app.seconds)} | {spread(bare.seconds)} | | | |",
        f"| peak RSS, `python -m`, median (MiB) | {app.median_rss_mib():.1f} | {bare.median_rss_mib():.1f} "
        f"| {rss_ratio:.2f}x | ≤ 2x | {verdict(rss_ratio, 2)} |",
        f"| one-folder bundle (MiB) | {sizes['app'] / MIB:.2f} | {sizes['bare'] / MIB:.2f} "
        f"| {size_ratio:.3f}x | ≤ 1.2x | {verdict(size_ratio, 1.2)} |",
        f"| one-folder bundle (bytes) | {sizes['app']} | {sizes['bare']} "
        f"| +{(sizes['app'] - sizes['bare']) / 1024:.0f} KiB | | |",
        f"| frozen start, median (s) | {frozen.median_s():.3f} | {frozen_bare.median_s():.3f} "
        f"| {frozen_ratio:.2f}x | | |",
        f"| frozen start, range of {runs} runs (s) | {spread(frozen.seconds)} | {spread(frozen_bare.seconds)} | | | |",
        f"| frozen peak RSS, median (MiB) | {frozen.median_rss_mib():.1f} "
        f"| {frozen_bare.median_rss_mib():.1f} | {frozen_rss_ratio:.2f}x | | |",
        "",
        f"Machine: {info['nproc']} CPUs (`nproc`), {info['cpu']}; {info['os']}; Python {info['python']},",
        f"PySide6-Essentials {info['pyside6']}, PyInstaller {info['pyinstaller']}. Measured {info['date']}.",
        "",
        "Commands (from the repository root; `make bench-start` does all of it and rewrites this section):",
        "",
        f"- everything: `{shlex.join([rel(sys.executable), 'bench/startup.py', '--runs', str(runs)])}`"
        " after `make package`",
        f"- start and RSS, app: `QT_QPA_PLATFORM=offscreen {app.command}`",
        f"- start and RSS, bare: `QT_QPA_PLATFORM=offscreen {bare.command}`",
        f"- frozen start and RSS, app: `QT_QPA_PLATFORM=offscreen {frozen.command}`",
        f"- frozen start and RSS, bare: `QT_QPA_PLATFORM=offscreen {frozen_bare.command}`",
        "- app bundle: `make package` (build/package-venv, `pyinstaller packaging/rt0-table.spec`)",
        f"- bare bundle: `{shlex.join(rel(a) for a in bare_build)}` (spec written by bench/startup.py)",
        "- bundle sizes: `find DIR -type f -printf '%s\\n' | awk '{s+=$1} END {print s}'` for"
        f" DIR = `dist/rt0-table` and `{rel(str(BARE_BUNDLE))}`",
        "",
    ]
    return "\n".join(lines)


def write_section(doc: Path, section: str) -> None:
    """Replace this benchmark's section of the doc (or append it), leaving other sections alone."""
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# Benchmarks\n\n"
    pattern = re.compile(rf"^{re.escape(HEADING)}\n.*?(?=^## |\Z)", re.DOTALL | re.MULTILINE)
    if pattern.search(text):
        text = pattern.sub(lambda _: section + "\n", text, count=1)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    doc.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="timed runs per command (default 10)")
    parser.add_argument("--write", type=Path, help="rewrite the 'Start-up and bundle' section of this file")
    args = parser.parse_args(argv)
    app_exe = APP_BUNDLE / "rt0-table"
    if not app_exe.exists():
        parser.error(f"{rel(str(app_exe))} is missing: run make package first")
    if not PKG_PYTHON.exists():
        parser.error(f"{rel(str(PKG_PYTHON))} is missing: run make package first")

    bare_build = build_bare_bundle()
    probes = {
        "app": Probe("app", [sys.executable, "-m", "rt0table.desktop", "--smoke-test"]),
        "bare": Probe("bare", [sys.executable, str(ROOT / "bench" / "bare_window.py")]),
        "frozen": Probe("frozen", [str(app_exe), "--smoke-test"]),
        "frozen_bare": Probe("frozen_bare", [str(BARE_BUNDLE / "bare-window")]),
    }
    measure(list(probes.values()), args.runs)
    sizes = {"app": tree_bytes(APP_BUNDLE), "bare": tree_bytes(BARE_BUNDLE)}
    section = report(probes, sizes, args.runs, bare_build)
    print(section)
    if args.write:
        write_section(args.write, section)
        print(f"wrote the section to {args.write}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
