"""The user's packs folder, beside the saves: list a game's packs, import and export whole packs, save edits.

Nothing is written until a pack has passed the game's whole check; an import is written into a hidden folder and
renamed into place only when every file is down, so a refused or failed import leaves nothing behind. Only the
files the user changed are rewritten, each replaced whole.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import tempfile
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rt0table.assets.bundled import BundledFileError, bundled_bytes, bundled_names
from rt0table.desktop.packs.pack_schema import PackGame
from rt0table.desktop.saves.location import resolve_save_dir
from rt0table.rules.packs.content_pack import (
    MAX_FILE_BYTES,
    MAX_FILES,
    ContentPack,
    PackError,
    canonical_json,
    pack_from_zip,
    pack_to_zip,
    read_pack,
)
from rt0table.rules.packs.pack_folder import read_pack_folder, write_pack_folder
from rt0table.rules.seam import RulesError

HIDDEN = "."  # folders being written start with a dot and are never listed


@dataclass(frozen=True)
class PackListing:
    """One pack a game can use: the shipped house pack (no folder) or a folder of the user's."""

    name: str
    folder: Path | None
    pack: ContentPack | None  # None when the pack is broken
    problem: str = ""
    disk: Mapping[str, bytes] = field(default_factory=dict)  # its files as found, for a game with an Exchange

    @property
    def shipped(self) -> bool:
        return self.folder is None

    @property
    def label(self) -> str:
        if self.folder is None:
            return f"{self.name} (shipped with the app)"
        where = f"your packs: {self.folder.name}"
        return (
            f"{self.name} ({where})"
            if self.pack is not None
            else f"{self.folder.name} (cannot be used: {self.problem})"
        )


PACK_DIR_VAR = "RT0_PACK_DIR"


def packs_folder() -> Path:
    """The user's packs, one folder per game: RT0_PACK_DIR when set (tests, a second profile), else beside the
    saves folder in the user's data folder."""
    chosen = os.environ.get(PACK_DIR_VAR)
    return Path(chosen).expanduser() if chosen else resolve_save_dir().parent / "packs"


def game_folder(game: PackGame) -> Path:
    return packs_folder() / game.game


def exchange_text(value: Any) -> bytes:
    """A file as export writes it (the same form as in an exported zip), so a round trip keeps every byte."""

    return (json.dumps(value, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def checked(game: PackGame, pack: ContentPack) -> ContentPack:
    """The pack, once the game's whole check has passed; anything the check trips on is a PackError."""
    try:
        game.check(pack)
    except PackError:
        raise
    except (RulesError, ValueError, KeyError, TypeError, StopIteration, AttributeError) as error:
        raise PackError(f"{pack.game} pack: cannot be used ({type(error).__name__}: {error})") from None
    return pack


def read_files(game: PackGame, files: dict[str, Any]) -> ContentPack:
    """Edited files as a pack, read through the strict shared reader and the game's check."""
    raw = {name: canonical_json(value).encode("utf-8") for name, value in files.items()}
    return checked(game, read_pack(raw, game.game))


def house_pack(game: PackGame) -> ContentPack:
    try:
        if game.house_files is not None:
            return checked(game, read_pack(dict(game.house_files()), game.game))
        raw = {name: bundled_bytes(*game.house, name) for name in bundled_names(*game.house, suffix=".json")}
    except BundledFileError as error:
        raise PackError(str(error)) from None
    return checked(game, read_pack(raw, game.game))


def read_user_pack(game: PackGame, folder: Path) -> ContentPack:
    return open_user_pack(game, folder)[0]


def open_user_pack(game: PackGame, folder: Path) -> tuple[ContentPack, dict[str, bytes]]:
    """A folder of the user's (or one to import) as the editor's pack, and its files as found when the game keeps
    packs in another form (``PackGame.exchange``)."""
    try:
        if game.exchange is None:
            return checked(game, read_pack_folder(folder, game.game)), {}
        disk = folder_files(folder)
        return from_disk(game, disk), disk
    except OSError as error:
        raise PackError(f"{folder.name}: cannot be read ({error.strerror or error})") from None


def from_disk(game: PackGame, disk: Mapping[str, bytes]) -> ContentPack:
    """A pack's files as found, through the game's own reader (errors name the file, the card and the field)."""
    assert game.exchange is not None
    try:
        files = game.exchange.load(disk)
    except PackError:
        raise
    except (ValueError, KeyError, TypeError) as error:
        raise PackError(f"{game.game} pack: cannot be used ({type(error).__name__}: {error})") from None
    return checked(game, read_pack(files, game.game))


def folder_files(folder: Path) -> dict[str, bytes]:
    """Every file of a pack folder and of its sub-folders one deep (``images/``), by path inside the pack; sizes
    and count checked before anything is read."""
    if not folder.is_dir():
        raise PackError(f"{folder}: not a folder")
    paths = [p for p in folder.iterdir() if p.is_file()]
    for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(HIDDEN)):
        paths += [p for p in sub.iterdir() if p.is_file()]
    if len(paths) > MAX_FILES * 4:
        raise PackError(f"{folder}: holds {len(paths)} files; a pack holds at most {MAX_FILES * 4}")
    found: dict[str, bytes] = {}
    for path in sorted(paths):
        name = path.relative_to(folder).as_posix()
        if path.stat().st_size > MAX_FILE_BYTES:
            raise PackError(f"{name}: is {path.stat().st_size:,} bytes; at most {MAX_FILE_BYTES:,}")
        found[name] = path.read_bytes()
    return found


def to_disk(game: PackGame, pack: ContentPack, disk: Mapping[str, bytes]) -> dict[str, bytes]:
    """The files a pack is written as: the game's own forms with an Exchange, else the editor's JSON files."""
    if game.exchange is None:
        return {name: exchange_text(value) for name, value in pack.files.items()}
    raw = {name: canonical_json(value).encode("utf-8") for name, value in pack.files.items()}
    return game.exchange.dump(raw, disk)


def available_packs(game: PackGame) -> list[PackListing]:
    """The shipped house pack first, then every folder in the user's packs for this game (broken ones say why)."""
    house = house_pack(game)
    found = [PackListing(house.name, None, house)]
    root = game_folder(game)
    if not root.is_dir():
        return found
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(HIDDEN)):
        try:
            pack, disk = open_user_pack(game, folder)
        except PackError as error:
            found.append(PackListing(folder.name, folder, None, str(error)))
        else:
            found.append(PackListing(pack.name, folder, pack, disk=disk))
    return found


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "pack"


def _free_name(root: Path, name: str) -> Path:
    base = _slug(name)
    for number in range(1, 1000):
        candidate = root / (base if number == 1 else f"{base}-{number}")
        if not candidate.exists():
            return candidate
    raise PackError(f"{root}: too many packs named {base}")


def _missing(folder: Path) -> list[Path]:
    """The folder and those of its parents that do not exist yet, deepest first."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing


def install(game: PackGame, pack: ContentPack, disk: Mapping[str, bytes] | None = None) -> Path:
    """Write a checked pack as a new folder of the user's packs; all of it or nothing. ``disk``: the files it was
    read from, for a game that keeps packs in its own forms (each deck written back in its form, images kept)."""
    checked(game, pack)
    root = game_folder(game)
    made = _missing(root)
    try:
        root.mkdir(parents=True, exist_ok=True)
        target = _free_name(root, pack.name)
        staging = Path(tempfile.mkdtemp(prefix=HIDDEN + "importing-", dir=root))
        try:
            if game.exchange is None:
                write_pack_folder(pack, staging)
            else:
                write_files(to_disk(game, pack, disk or {}), staging)
            staging.rename(target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)  # gone once renamed; half-written if anything failed
    except BaseException as error:
        for folder in made:  # the folders this install made, deepest first, if they are still empty
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        if isinstance(error, OSError):
            raise PackError(f"{root}: the pack could not be written ({error.strerror or error})") from None
        raise
    return target


def import_pack(game: PackGame, source: Path) -> Path:
    """Copy a pack (a .zip file or a folder) into the user's packs; the source is only read, and the whole pack is
    checked before anything is written."""
    source = Path(source)
    if source.is_dir():
        pack, disk = open_user_pack(game, source)
        return install(game, pack, disk)
    try:
        data = source.read_bytes()
    except OSError as error:
        raise PackError(f"{source.name}: cannot be read ({error.strerror or error})") from None
    if game.exchange is None:
        return install(game, checked(game, pack_from_zip(data, game.game, source.name)))
    disk = game.exchange.unzip(data, source.name)
    return install(game, from_disk(game, disk), disk)


def export_pack(
    pack: ContentPack, target: Path, game: PackGame | None = None, disk: Mapping[str, bytes] | None = None
) -> Path:
    """A zip file when ``target`` ends in .zip (replaced whole), else a new or empty folder; in the game's own
    forms when it has an Exchange (``disk``: the files the pack was read from), else JSON files."""
    target = Path(target)
    files = to_disk(game, pack, disk or {}) if game is not None and game.exchange is not None else None
    if target.suffix.lower() == ".zip":
        _replace_file(target, pack_to_zip(pack) if files is None else zipped(files))
        return target
    try:
        if files is None:
            write_pack_folder(pack, target)
        else:
            taken = sorted(name for name in files if (target / name).exists())
            if taken:
                raise PackError(f"{target}: already holds {', '.join(taken)}; export into an empty folder")
            write_files(files, target)
    except OSError as error:
        raise PackError(f"{target}: cannot be written ({error.strerror or error})") from None
    return target


def write_files(files: Mapping[str, bytes], folder: Path) -> None:
    for name, data in sorted(files.items()):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def zipped(files: Mapping[str, bytes]) -> bytes:
    """Files as zip bytes with fixed dates, in name order: the same files give the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files.items()):
            archive.writestr(zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def _replace_file(path: Path, data: bytes) -> None:
    """Write beside the file and rename over it, so a failure never leaves half a file."""
    handle, temp = tempfile.mkstemp(prefix=HIDDEN + path.name + "-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except OSError as error:
        Path(temp).unlink(missing_ok=True)
        raise PackError(f"{path.name}: cannot be written ({error.strerror or error})") from None


def save_files(
    game: PackGame, folder: Path, files: dict[str, Any], changed: set[str], disk: Mapping[str, bytes] | None = None
) -> None:
    """Rewrite only the changed files of a user pack, after the whole pack has passed its check (with an Exchange:
    the files whose bytes differ from ``disk``, what the folder held when it was opened)."""
    pack = read_files(game, files)
    if game.exchange is not None:
        for name, data in sorted(to_disk(game, pack, disk or {}).items()):
            if (disk or {}).get(name) != data:
                (folder / name).parent.mkdir(parents=True, exist_ok=True)
                _replace_file(folder / name, data)
        return
    for name in sorted(changed):
        path = folder / name
        if name in files:
            _replace_file(path, exchange_text(files[name]))
        else:
            path.unlink(missing_ok=True)
