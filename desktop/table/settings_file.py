"""The player's settings kept between runs: UI scale, replay speed and animations, in the user's config folder.

The folder comes from QStandardPaths (never beside the code); the file is written only when the player changes a
setting. A damaged file is named with its entry and field, and the defaults are used: it never stops the app.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from rt0table.desktop.table.settings import ORACLE_DRAWER, REPLAY_SPEEDS, TableSettings

FOLDER_NAME = "rt0-table"
FILE_NAME = "settings.json"
UI_SCALES = (0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0)


@dataclass(frozen=True)
class Kept:
    """What the player chose; every field a TableSettings has a place for."""

    ui_scale: float = 1.0
    replay_speed: str = "normal"  # a key of REPLAY_SPEEDS
    animations: bool = True
    oracle_open: bool = True  # solo: the oracle's drawer beside the table is open

    def apply(self, settings: TableSettings) -> None:
        """Write these choices into ``settings`` in place (the tables share the object)."""
        settings.ui_scale = self.ui_scale
        settings.replay_step_ms = REPLAY_SPEEDS[self.replay_speed]
        settings.animations = self.animations
        settings.closed_drawers.discard(ORACLE_DRAWER)  # in place: the tables' copies share the set
        if not self.oracle_open:
            settings.closed_drawers.add(ORACLE_DRAWER)

    @classmethod
    def of(cls, settings: TableSettings) -> Kept:
        speed = min(REPLAY_SPEEDS, key=lambda name: abs(REPLAY_SPEEDS[name] - settings.replay_step_ms))
        return cls(settings.ui_scale, speed, settings.animations, ORACLE_DRAWER not in settings.closed_drawers)


class SettingsFileError(ValueError):
    """A settings file that cannot be used, naming the file, the entry and the field."""


def settings_path() -> Path:
    """The file in the user's config folder (``$XDG_CONFIG_HOME`` on Linux)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    return Path(folder) / FOLDER_NAME / FILE_NAME


def read_kept(path: Path) -> Kept:
    """The choices in ``path``; defaults when it does not exist; SettingsFileError when it cannot be used."""
    if not path.exists():
        return Kept()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SettingsFileError(f"{path}: cannot be read as settings ({error})") from error
    if not isinstance(data, dict):
        raise SettingsFileError(f"{path}: the settings are not a table of names and values")
    return Kept(
        ui_scale=_scale(path, data.get("ui_scale", 1.0)),
        replay_speed=_speed(path, data.get("replay_speed", "normal")),
        animations=_flag(path, "animations", data.get("animations", True)),
        oracle_open=_flag(path, "oracle_open", data.get("oracle_open", True)),
    )


def _scale(path: Path, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not min(UI_SCALES) <= value <= max(UI_SCALES):
        raise SettingsFileError(f"{path}: entry 'ui_scale' must be a number from {min(UI_SCALES)} to {max(UI_SCALES)}")
    return float(value)


def _speed(path: Path, value: object) -> str:
    if not isinstance(value, str) or value not in REPLAY_SPEEDS:
        raise SettingsFileError(f"{path}: entry 'replay_speed' must be one of {', '.join(REPLAY_SPEEDS)}")
    return value


def _flag(path: Path, entry: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise SettingsFileError(f"{path}: entry '{entry}' must be true or false")
    return value


def write_kept(kept: Kept, path: Path) -> None:
    """Write the choices, through a temporary file beside it so a failed write leaves the old file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    spare = path.with_suffix(".tmp")
    data = {
        "ui_scale": kept.ui_scale,
        "replay_speed": kept.replay_speed,
        "animations": kept.animations,
        "oracle_open": kept.oracle_open,
    }
    try:
        spare.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        spare.replace(path)
    finally:
        spare.unlink(missing_ok=True)


def keep_settings(settings: TableSettings, path: Path | None = None) -> None:
    """Keep a choice made on the table itself (a drawer folded away): a file that cannot be written is let be."""
    try:
        write_kept(Kept.of(settings), path or settings_path())
    except OSError:
        return  # the drawer still folds; it opens as it was only in this run
