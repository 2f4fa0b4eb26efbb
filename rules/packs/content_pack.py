"""A content pack: named JSON files read strictly, with errors that name the file, the entry and the field.

Game-neutral: a game's schema (e.g. ``moons_grave.mg_pack``) reads entries through ``Entry``. A pack has one
canonical JSON text (sorted keys, no spaces, UTF-8), so its hash is stable and a save can keep an exact copy.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..seam import RulesError

MAX_FILE_BYTES = 2_000_000
MAX_FILES = 64
MAX_DEPTH = 40
MANIFEST = "pack.json"
FILE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,40}\.json")
FORMAT = "rt0table-pack"


class PackError(RulesError):
    """A pack that cannot be used; the message names the file, the entry and the field."""


def problem(file: str, entry: str, field: str, what: str) -> PackError:
    where = f"{file}: {entry}" if entry else file
    return PackError(f"{where}: field '{field}': {what}" if field else f"{where}: {what}")


@dataclass(frozen=True, slots=True)
class ContentPack:
    """The parsed files of a pack by name; ``pack.json`` is the manifest (format, game, name, version)."""

    files: Mapping[str, Any]

    @property
    def manifest(self) -> Mapping[str, Any]:
        manifest: Mapping[str, Any] = self.files[MANIFEST]
        return manifest

    @property
    def game(self) -> str:
        return str(self.manifest["game"])

    @property
    def name(self) -> str:
        return str(self.manifest["name"])

    def canonical(self) -> str:
        return canonical_json(dict(self.files))

    def digest(self) -> str:
        """A stable hash of the content: the same files give the same hash whatever their spacing or key order."""
        return hashlib.sha256(self.canonical().encode("utf-8")).hexdigest()


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key '{key}' appears twice in one object")
        seen[key] = value
    return seen


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(item, dict):
            stack.extend((child, level + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, level + 1) for child in item)
    return deepest


def _bracket_depth(text: str) -> int:
    """How deep the brackets nest, counted before parsing so a hostile file never reaches the parser's recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if char == '"' and not escaped:
                in_string = False
            escaped = not escaped and char == "\\"
            continue
        if char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse_file(name: str, data: bytes) -> Any:
    """One file's bytes as JSON, strictly: UTF-8, no duplicate keys, no NaN, bounded size and depth."""
    if len(data) > MAX_FILE_BYTES:
        raise problem(name, "", "", f"is {len(data):,} bytes; a pack file may hold at most {MAX_FILE_BYTES:,}")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a UTF-8 byte-order mark, as some editors write, is harmless
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise problem(name, "", "", f"is not UTF-8 text (byte {error.start}: 0x{data[error.start]:02x})") from None
    if _bracket_depth(text) > MAX_DEPTH:
        raise problem(name, "", "", f"nests more than {MAX_DEPTH} levels deep")
    try:
        value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise problem(
            name, "", "", f"is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    except (ValueError, RecursionError) as error:
        raise problem(name, "", "", f"is not valid JSON ({error})") from None
    if _depth(value) > MAX_DEPTH:
        raise problem(name, "", "", f"nests more than {MAX_DEPTH} levels deep")
    return value


def read_pack(raw: Mapping[str, bytes], game: str) -> ContentPack:
    """Parse every file and check the manifest; the game's schema checks the rest."""
    if len(raw) > MAX_FILES:
        raise PackError(f"a pack holds at most {MAX_FILES} files; this one has {len(raw)}")
    files: dict[str, Any] = {}
    for name in sorted(raw):
        if not FILE_NAME.fullmatch(name):
            raise problem(name, "", "", "is not a pack file name (lower-case letters, digits, - or _, ending .json)")
        files[name] = parse_file(name, raw[name])
    if MANIFEST not in files:
        raise PackError(f"{MANIFEST}: missing; every pack has a manifest naming its format, game, name and version")
    manifest = Entry(MANIFEST, "", files[MANIFEST])
    manifest.only("format", "game", "name", "version", "source", "notes")
    if manifest.text("format") != FORMAT:
        raise problem(MANIFEST, "", "format", f"must be '{FORMAT}'")
    if manifest.text("game") != game:
        raise problem(MANIFEST, "", "game", f"is '{manifest.text('game')}', but this pack is read as '{game}'")
    manifest.text("name")
    manifest.integer("version", low=1)
    return ContentPack(files)


def pack_from_canonical(text: str, game: str) -> ContentPack:
    """A pack back from its canonical JSON (as a save keeps it)."""
    outer = parse_file("pack copy", text.encode("utf-8"))
    if not isinstance(outer, dict):
        raise PackError("pack copy: must be an object of files")
    return read_pack({name: canonical_json(value).encode("utf-8") for name, value in outer.items()}, game)


def pack_to_zip(pack: ContentPack) -> bytes:
    """The pack as zip bytes, each file in canonical form with a fixed date, so the same pack gives the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(pack.files):
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, json.dumps(pack.files[name], indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    return out.getvalue()


def pack_from_zip(data: bytes, game: str, label: str = "pack.zip") -> ContentPack:
    """Read a zipped pack; entries are checked for name and size before a byte is inflated."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise PackError(f"{label}: not a zip file") from None
    with archive:
        infos = [info for info in archive.infolist() if not info.is_dir()]
        if len(infos) > MAX_FILES:
            raise PackError(f"{label}: holds {len(infos)} files; a pack holds at most {MAX_FILES}")
        raw: dict[str, bytes] = {}
        for info in infos:
            if not FILE_NAME.fullmatch(info.filename):
                raise PackError(f"{label}: '{info.filename}' is not a pack file (no folders; name.json)")
            if info.file_size > MAX_FILE_BYTES:
                raise problem(
                    info.filename, "", "", f"is {info.file_size:,} bytes unpacked; at most {MAX_FILE_BYTES:,}"
                )
            try:
                raw[info.filename] = archive.read(info)
            except (zipfile.BadZipFile, OSError, NotImplementedError, EOFError) as error:
                raise PackError(f"{label}: '{info.filename}' cannot be unpacked ({error})") from None
    return read_pack(raw, game)


class Entry:
    """One JSON object of a pack file, read field by field; every error names file, entry and field."""

    def __init__(self, file: str, entry: str, value: Any) -> None:
        self.file, self.entry = file, entry
        if not isinstance(value, dict):
            raise problem(file, entry, "", f"must be a JSON object, not {_kind(value)}")
        self.value: dict[str, Any] = value

    def fail(self, field: str, what: str) -> PackError:
        return problem(self.file, self.entry, field, what)

    def only(self, *fields: str) -> None:
        extra = sorted(set(self.value) - set(fields))
        if extra:
            raise self.fail(extra[0], f"is not a field here (known: {', '.join(fields)})")

    def has(self, field: str) -> bool:
        return field in self.value and self.value[field] is not None

    def raw(self, field: str) -> Any:
        if field not in self.value:
            raise self.fail(field, "is missing")
        return self.value[field]

    def text(self, field: str, default: str | None = None) -> str:
        if default is not None and field not in self.value:
            return default
        value = self.raw(field)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, f"must be non-empty text, not {_kind(value)}")
        return value

    def integer(self, field: str, low: int | None = None, high: int | None = None, default: int | None = None) -> int:
        if default is not None and field not in self.value:
            return default
        value = self.raw(field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(field, f"must be a whole number, not {_kind(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{low if low is not None else '…'} to {high if high is not None else '…'}"
            raise self.fail(field, f"is {value}; it must be {span}")
        return value

    def flag(self, field: str, default: bool = False) -> bool:
        if field not in self.value:
            return default
        value = self.value[field]
        if not isinstance(value, bool):
            raise self.fail(field, f"must be true or false, not {_kind(value)}")
        return value

    def choice(self, field: str, options: tuple[str, ...] | frozenset[str], default: str | None = None) -> str:
        value = self.text(field, default)
        if value not in options:
            raise self.fail(field, f"is '{value}'; it must be one of {', '.join(sorted(options))}")
        return value

    def optional_choice(self, field: str, options: tuple[str, ...] | frozenset[str]) -> str | None:
        return self.choice(field, options) if self.has(field) else None

    def texts(self, field: str) -> tuple[str, ...]:
        value = self.value.get(field, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise self.fail(field, "must be a list of non-empty texts")
        return tuple(value)

    def entries(self, field: str, key: str = "id") -> Iterator[Entry]:
        """The objects of a list field, each named by its ``key`` (or its place) in later errors."""
        value = self.raw(field)
        if not isinstance(value, list):
            raise self.fail(field, f"must be a list, not {_kind(value)}")
        for place, item in enumerate(value, 1):
            named = item.get(key) if isinstance(item, dict) else None
            name = f"'{named}'" if isinstance(named, str) else f"#{place}"
            yield Entry(self.file, f"{field} {name}", item)

    def source(self) -> str:
        return self.choice("source", ("book", "house"))


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null", float: "a number"}
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return f"the number {value}"
    return names.get(type(value), type(value).__name__)
