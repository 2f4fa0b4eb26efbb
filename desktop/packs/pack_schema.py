"""What the pack editor knows about a game's pack: its kinds of entry and their fields, as plain data.

The editor is generic: a game plugs in a ``PackGame`` naming its files, how each file holds its entries, each
field's type, the game's one whole-pack check (which raises ``PackError`` naming file, entry and field), and
optionally a paste reader that turns text in the book's own notation into entries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rt0table.rules.packs.content_pack import ContentPack

# How a file holds its entries: a list under one key, each top-level key an entry, or the file is one entry.
LISTED, KEYED, SINGLE = "listed", "keyed", "single"
# Field types the form knows how to edit.
TEXT, LONG_TEXT, INTEGER, CHOICE, FLAG, TEXTS, JSON = "text", "long_text", "integer", "choice", "flag", "texts", "json"

Files = Mapping[str, Any]


@dataclass(frozen=True)
class Field:
    """One field of an entry; ``choices`` may depend on the rest of the pack (e.g. the perk ids)."""

    name: str
    type: str = TEXT
    optional: bool = False
    choices: tuple[str, ...] | Callable[[Files], tuple[str, ...]] = ()
    hint: str = ""

    def options(self, files: Files) -> tuple[str, ...]:
        return self.choices(files) if callable(self.choices) else self.choices


@dataclass(frozen=True)
class Kind:
    """One kind of entry: where it lives in the pack and the fields it has."""

    title: str
    file: str
    fields: tuple[Field, ...]
    holds: str = LISTED
    list_field: str = ""  # the key of the list, for LISTED kinds
    key: str = "id"  # the field that names an entry in errors, for LISTED kinds
    template: Callable[[], dict[str, Any]] = dict  # a new entry

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True)
class Paste:
    """Reads text in a book's notation into new entries of ``kind``; raises ValueError naming the line."""

    title: str
    kind: str  # a Kind's title
    read: Callable[[str], list[dict[str, Any]]]
    example: str = ""


# A card's face for the editor's live preview: from the kind's title, the entry, the pack's files and its folder
# (where its images are), a function that paints the face into (painter, rect), or the reason it cannot be drawn.
FacePainter = Callable[[Any, Any], None]
Preview = Callable[[str, Any, Files, Path | None], FacePainter | str]


@dataclass(frozen=True)
class Exchange:
    """For a game whose packs on disk are not the editor's JSON files (The Restless: CSV or JSON decks, images/).

    ``load`` reads a pack's files as found in a folder or zip (path inside the pack -> bytes) into the editor's JSON
    files, refusing a bad pack with the file, the card and the field; ``dump`` turns the editor's files back into
    files on disk, each deck in the form ``disk`` (what was loaded; empty for a new pack) had, its images kept;
    ``unzip`` gives a zip's files by their path inside the pack.
    """

    load: Callable[[Mapping[str, bytes]], dict[str, bytes]]
    dump: Callable[[Mapping[str, bytes], Mapping[str, bytes]], dict[str, bytes]]
    unzip: Callable[[bytes, str], dict[str, bytes]]


@dataclass(frozen=True)
class PackGame:
    """A game's pack as the editor sees it."""

    game: str
    title: str
    house: tuple[str, ...]  # the bundled folder of the shipped house pack
    kinds: tuple[Kind, ...]
    check: Callable[[ContentPack], object]
    pastes: tuple[Paste, ...] = field(default=())
    # The house pack's files as the editor edits them (JSON), for a game whose shipped pack is kept in another form
    # (The Restless ships CSV decks); None reads the .json files of ``house``.
    house_files: Callable[[], Mapping[str, bytes]] | None = None
    preview: Preview | None = None  # None: the game draws no card face from a pack entry
    exchange: Exchange | None = None  # None: a pack on disk is the editor's JSON files as they are

    def kind(self, title: str) -> Kind:
        return next(k for k in self.kinds if k.title == title)
