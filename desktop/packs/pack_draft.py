"""A pack being edited: its files as plain JSON values, entries found by kind, and what changed.

Entries are named exactly as the shared reader names them in its errors (``perks 'sword-flourish'``,
``npcs #3``), so an error can be traced back to the entry and the field it concerns.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rt0table.desktop.packs.pack_library import read_files
from rt0table.desktop.packs.pack_schema import KEYED, LISTED, SINGLE, Kind, PackGame
from rt0table.rules.packs.content_pack import ContentPack, PackError

_FIELD = re.compile(r"field '([^']*)'")


@dataclass(frozen=True)
class Problem:
    """What the check says is wrong, and where (kind title, entry index, field) when it names an entry."""

    message: str
    kind: str = ""
    index: int = -1
    field: str = ""


class PackDraft:
    """The files of one pack under edit; ``folder`` is None for the shipped house pack (read-only)."""

    def __init__(
        self, game: PackGame, pack: ContentPack, folder: Path | None, disk: Mapping[str, bytes] | None = None
    ) -> None:
        self.game = game
        self.folder = folder
        self.disk: Mapping[str, bytes] = disk or {}  # the pack's files as found, for a game with an Exchange
        self.files: dict[str, Any] = copy.deepcopy(dict(pack.files))
        self.changed: set[str] = set()

    @property
    def read_only(self) -> bool:
        return self.folder is None

    # --- entries ---

    def container(self, kind: Kind) -> Any:
        top = self.files.get(kind.file)
        if kind.holds == LISTED:
            return top.get(kind.list_field) if isinstance(top, dict) else None
        return top

    def entries(self, kind: Kind) -> list[Any]:
        held = self.container(kind)
        if kind.holds == LISTED:
            return list(held) if isinstance(held, list) else []
        if kind.holds == KEYED:
            return list(held.values()) if isinstance(held, dict) else []
        return [held] if held is not None else []

    def label(self, kind: Kind, index: int) -> str:
        """The entry's name as the reader's errors give it."""
        held = self.container(kind)
        if kind.holds == KEYED:
            return str(list(held)[index])
        if kind.holds == SINGLE:
            return ""
        item = held[index]
        named = item.get(kind.key) if isinstance(item, dict) else None
        return f"{kind.list_field} '{named}'" if isinstance(named, str) else f"{kind.list_field} #{index + 1}"

    def title(self, kind: Kind, index: int) -> str:
        return self.label(kind, index) or kind.file

    def entry(self, kind: Kind, index: int) -> Any:
        return self.entries(kind)[index]

    def set_field(self, kind: Kind, index: int, name: str, value: Any, remove: bool = False) -> None:
        item = self.entry(kind, index)
        if not isinstance(item, dict):
            return
        if remove:
            item.pop(name, None)
        else:
            item[name] = value
        self.changed.add(kind.file)

    def add(self, kind: Kind, item: dict[str, Any] | None = None, at: int | None = None) -> int:
        """Put an entry in (at the end unless ``at`` says where); returns its place."""
        held = self.container(kind)
        if kind.holds != LISTED or not isinstance(held, list):
            raise PackError(f"{kind.file}: entries of this kind cannot be added")
        place = len(held) if at is None else at
        held.insert(place, item if item is not None else kind.template())
        self.changed.add(kind.file)
        return place

    def duplicate(self, kind: Kind, index: int) -> int:
        item = copy.deepcopy(self.entry(kind, index))
        if isinstance(item, dict) and isinstance(item.get(kind.key), str):
            taken = {e.get(kind.key) for e in self.entries(kind) if isinstance(e, dict)}
            base, number = item[kind.key], 2
            while f"{base}-{number}" in taken:
                number += 1
            item[kind.key] = f"{base}-{number}"
        return self.add(kind, item, at=index + 1)

    def remove(self, kind: Kind, index: int) -> None:
        held = self.container(kind)
        if kind.holds != LISTED or not isinstance(held, list):
            raise PackError(f"{kind.file}: entries of this kind cannot be removed")
        del held[index]
        self.changed.add(kind.file)

    # --- the check ---

    def problem(self) -> Problem | None:
        """The first thing the game's check refuses, traced to its entry and field; None when the pack is good."""
        try:
            read_files(self.game, self.files)
        except PackError as error:
            return self.locate(str(error))
        return None

    def locate(self, message: str) -> Problem:
        """Find the entry an error names by its ``file: entry:`` prefix (the longest label that fits wins)."""
        best = Problem(message)
        best_length = -1
        for kind in self.game.kinds:
            for index in range(len(self.entries(kind))):
                label = self.label(kind, index)
                prefix = f"{kind.file}: {label}: " if label else f"{kind.file}: "
                if message.startswith(prefix) and len(prefix) > best_length:
                    found = _FIELD.match(message[len(prefix) :])
                    best = Problem(message, kind.title, index, found.group(1) if found else "")
                    best_length = len(prefix)
        return best
