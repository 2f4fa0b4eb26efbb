"""The one reader of bundled data files: a file is named by its folder and name inside ``rt0table.assets``.

Every caller that reads content shipped with the app (bestiaries, the Loner tables, fonts) goes through here, so
the files are found the same way in a checkout, an installed package and the frozen bundle, and no name can reach
outside the assets. Parsing stays with each format's parser, whose errors name the file, the entry and the field.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable


class BundledFileError(OSError):
    """A bundled file that cannot be named or read; the message names it."""


def _entry(parts: tuple[str, ...]) -> Traversable:
    where = "/".join(parts)
    if not parts:
        raise BundledFileError("no bundled file named")
    for part in parts:
        if not part or part in (".", "..") or any(mark in part for mark in "/\\:") or part != part.strip():
            raise BundledFileError(f"{where}: {part!r} is not a name inside the bundled assets")
    return resources.files(__package__ or "rt0table.assets").joinpath(*parts)


def bundled_exists(*parts: str) -> bool:
    """Whether the assets hold this file (a name that could reach outside them is refused, not looked for)."""
    return _entry(parts).is_file()


def bundled_bytes(*parts: str) -> bytes:
    """A bundled file's bytes, e.g. ``bundled_bytes("fonts", "Inter.ttf")``."""
    entry = _entry(parts)
    if not entry.is_file():
        raise BundledFileError(f"{'/'.join(parts)}: no such bundled file")
    return entry.read_bytes()


def bundled_text(*parts: str) -> str:
    """A bundled text file, read as UTF-8, e.g. ``bundled_text("adversaries", "book.json")``."""
    data = bundled_bytes(*parts)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BundledFileError(f"{'/'.join(parts)}: not UTF-8 text (byte {error.start})") from None


def bundled_names(*folder: str, suffix: str = "") -> list[str]:
    """The names of the files in a bundled folder that end with ``suffix``, sorted."""
    entry = _entry(folder)
    if not entry.is_dir():
        raise BundledFileError(f"{'/'.join(folder)}: no such bundled folder")
    return sorted(child.name for child in entry.iterdir() if child.is_file() and child.name.endswith(suffix))
