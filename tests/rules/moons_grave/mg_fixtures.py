"""The shipped house pack, read once for the Moon's Grave tests."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rt0table.assets import path
from rt0table.rules.moons_grave.mg_pack import GAME, MgContent, read_mg_pack
from rt0table.rules.packs.pack_folder import read_pack_folder

HOUSE = path("moons_grave", "house")


@cache
def house() -> MgContent:
    return read_mg_pack(read_pack_folder(Path(HOUSE), GAME))


def house_bytes() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in Path(HOUSE).glob("*.json")}
