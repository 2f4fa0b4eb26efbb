"""Where the saves live: the --save-dir flag, else RT0_SAVE_DIR, else the user's data folder."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir

ENV_VAR = "RT0_SAVE_DIR"
APP_DIR_NAME = "rt0-table"


def resolve_save_dir(flag: str | os.PathLike[str] | None = None) -> Path:
    """The save folder to use; the flag wins over the environment so a test or a second profile can point anywhere."""
    if flag:
        return Path(flag).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    # appauthor=False: no "rt0-table/rt0-table" nesting on Windows.
    return Path(user_data_dir(APP_DIR_NAME, appauthor=False)) / "saves"
