"""Start-up: command line, QApplication, main window."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

APP_NAME = "RT:0 Table"


def app_version() -> str:
    try:
        return version("rt0-table")
    except PackageNotFoundError:  # the frozen spec copies the metadata; this is a broken install
        return "unknown"


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="rt0-table", description=f"{APP_NAME}: play RT:0 on one screen.")
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {app_version()}")
    parser.add_argument(
        "--save-dir",
        metavar="FOLDER",
        help="keep the saves in this folder (default: $RT0_SAVE_DIR, else the user's data folder)",
    )
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="build the main window, render one frame offscreen and exit 0",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from rt0table.desktop.main_window import run_app, smoke_test
    from rt0table.desktop.saves.location import resolve_save_dir

    if args.smoke_test:
        return smoke_test()
    return run_app(save_dir=resolve_save_dir(args.save_dir))
