"""A Restless pack as a folder on disk: the one place this game's packs touch files (import and export)."""

from __future__ import annotations

from pathlib import Path

from ..packs.content_pack import MAX_FILE_BYTES, PackError, problem
from .rs_pack import IMAGES, RsPack, pack_files, read_pack_files


def read_rs_folder(folder: Path) -> RsPack:
    """``pack.json``, the deck files and ``images/``; other files are left alone, sizes checked before reading."""
    if not folder.is_dir():
        raise PackError(f"{folder}: not a folder")
    paths = [p for p in folder.iterdir() if p.is_file() and p.suffix in (".json", ".csv")]
    images = folder / IMAGES.rstrip("/")
    if images.is_dir():
        paths += [p for p in images.iterdir() if p.is_file()]
    raw: dict[str, bytes] = {}
    for path in sorted(paths):
        name = path.relative_to(folder).as_posix()
        if path.stat().st_size > MAX_FILE_BYTES:
            raise problem(name, "", "", f"is {path.stat().st_size:,} bytes; at most {MAX_FILE_BYTES:,}")
        try:
            raw[name] = path.read_bytes()
        except OSError as error:
            raise PackError(f"{name}: cannot be read ({error.strerror})") from None
    return read_pack_files(raw)


def write_rs_folder(pack: RsPack, folder: Path) -> list[Path]:
    """Write the pack into ``folder`` (made if needed), refusing to overwrite anything already there."""
    files = pack_files(pack)
    targets = {folder / name: data for name, data in files.items()}
    taken = sorted(t.relative_to(folder).as_posix() for t in targets if t.exists())
    if taken:
        raise PackError(f"{folder}: already holds {', '.join(taken)}; export into an empty folder")
    for target, data in targets.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return sorted(targets)
