"""Start-up: command line, QApplication, main window."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

APP_NAME = "RT:0 Table"


def app_version() -> str:
    # importlib.metadata costs about as much to import as a fifth of a bare Qt window's start, so it is
    # imported only when the version is asked for (--version, or a new save's header), not at start-up.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rt0-table")
    except PackageNotFoundError:  # the frozen spec copies the metadata; this is a broken install
        return "unknown"


class _VersionAction(argparse.Action):
    """argparse's ``action="version"``, but the version is looked up only when the flag is given."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        kwargs.setdefault("help", "show program's version number and exit")
        super().__init__(option_strings, dest, default=argparse.SUPPRESS, nargs=0, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        print(f"{APP_NAME} {app_version()}")
        parser.exit()


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="rt0-table", description=f"{APP_NAME}: play RT:0 on one screen.")
    parser.add_argument("--version", action=_VersionAction)
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
    from rt0table.desktop.display_check import check_display

    problem = check_display()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    return run_app(save_dir=resolve_save_dir(args.save_dir))
