"""A pack as a folder of JSON files on disk: the one place the pack layer touches files (import and export)."""

from __future__ import annotations

import json
from pathlib import Path

from .content_pack import FILE_NAME, MAX_FILE_BYTES, MAX_FILES, ContentPack, PackError, problem, read_pack


def read_pack_folder(folder: Path, game: str) -> ContentPack:
    """Read every ``*.json`` file of ``folder``; other files are left alone, sizes are checked before reading."""
    if not folder.is_dir():
        raise PackError(f"{folder}: not a folder")
    paths = sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.is_file())
    if len(paths) > MAX_FILES:
        raise PackError(f"{folder}: holds {len(paths)} JSON files; a pack holds at most {MAX_FILES}")
    raw: dict[str, bytes] = {}
    for path in paths:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise problem(path.name, "", "", f"is {path.stat().st_size:,} bytes; at most {MAX_FILE_BYTES:,}")
        try:
            raw[path.name] = path.read_bytes()
        except OSError as error:
            raise PackError(f"{path.name}: cannot be read ({error.strerror})") from None
    return read_pack(raw, game)


def write_pack_folder(pack: ContentPack, folder: Path) -> list[Path]:
    """Write the pack's files into ``folder`` (made if needed), refusing to overwrite anything that is there."""
    folder.mkdir(parents=True, exist_ok=True)
    targets = [folder / name for name in sorted(pack.files)]
    taken = [t.name for t in targets if t.exists()]
    if taken:
        raise PackError(f"{folder}: already holds {', '.join(taken)}; export into an empty folder")
    for target in targets:
        if not FILE_NAME.fullmatch(target.name):
            raise PackError(f"{target.name}: not a pack file name")
        text = json.dumps(pack.files[target.name], indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        target.write_text(text, encoding="utf-8")
    return targets
