"""Where a fighter's bins go: grouped (Base, Arcana, Spells, the Eddy sheet), wrapped into rows, lettered.

Pure geometry over ability ids, no Qt items: the scene places what this returns, and the tests check it.
A fighter may hold six bins or twenty; the bins shrink and wrap into as many rows as keeps each one
closest to a readable shape, and every group keeps its own columns under its own header.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QRectF

from rt0table.rules.rt0.abilities import ABILITIES, BASE_ABILITIES, EDDY_ABILITIES

# Letters that are commands on the table, so no bin takes them: A opens a bin's actions, E ends the turn,
# I uses an item, N brings in a new Arcana Ability, Z belongs to Ctrl+Z.
COMMAND_KEYS = frozenset("AEINZ")
BIN_KEYS = "".join(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in COMMAND_KEYS)

BASE, ARCANA, SPELLS, EDDY_SHEET = "Base", "Arcana", "Spells", "Eddy sheet"
GROUP_ORDER = (BASE, EDDY_SHEET, ARCANA, SPELLS)

IDEAL_ASPECT = 1.05  # width / height a bin reads best at: room for a name over a card and a progress line


def shown_abilities(abilities: tuple[str, ...] | list[str]) -> list[str]:
    """The abilities that get a bin: every one but the standing rules (``passive``), which have no cards."""
    return [a for a in abilities if not ABILITIES[a].passive]


def passive_abilities(abilities: tuple[str, ...] | list[str]) -> list[str]:
    return [a for a in abilities if ABILITIES[a].passive]


def group_of(ability_id: str) -> str:
    if ability_id in BASE_ABILITIES:
        return BASE
    if ability_id in EDDY_ABILITIES:
        return EDDY_SHEET
    if getattr(ABILITIES[ability_id], "spell", None) is not None:
        return SPELLS
    return ARCANA  # Arcana Abilities and the bins they bring along (Unlikely Helmet, Unlikely Weapon)


def grouped(abilities: list[str]) -> list[tuple[str, list[str]]]:
    """The bins in their groups, groups in a fixed order, bins in the fighter's own order within each."""
    groups: dict[str, list[str]] = {}
    for ability in abilities:
        groups.setdefault(group_of(ability), []).append(ability)
    return [(name, groups[name]) for name in GROUP_ORDER if name in groups]


def letters_for(ordered: list[str]) -> dict[str, str]:
    """A key letter per bin in table order; past the 21 letters a bin has none (click or Tab to it)."""
    return {ability: (BIN_KEYS[i] if i < len(BIN_KEYS) else "") for i, ability in enumerate(ordered)}


@dataclass(frozen=True)
class BinArrangement:
    rects: dict[str, QRectF]  # ability id -> its bin in scene coordinates
    headers: list[tuple[str, QRectF]]  # group name -> the strip above its columns
    rows: int


def arrange(area: QRectF, groups: list[tuple[str, list[str]]], unit: float, header_h: float) -> BinArrangement:
    """Lay the groups side by side, each in its own columns, wrapped into the row count that reads best."""
    total = sum(len(ids) for _, ids in groups)
    if total == 0:
        return BinArrangement({}, [], 0)
    gap, group_gap = unit * 0.4, unit * 0.9
    height = area.height() - header_h
    best: tuple[float, int] | None = None
    for rows in range(1, total + 1):
        columns = sum(math.ceil(len(ids) / rows) for _, ids in groups)
        width = (area.width() - gap * (columns - len(groups)) - group_gap * (len(groups) - 1)) / columns
        tall = (height - gap * (rows - 1)) / rows
        if width <= 0 or tall <= 0:
            continue
        score = min(width / IDEAL_ASPECT, tall)  # the smaller side is what limits the reading
        if best is None or score > best[0] + 0.5:
            best = (score, rows)
    rows = best[1] if best is not None else 1
    columns = sum(math.ceil(len(ids) / rows) for _, ids in groups)
    width = (area.width() - gap * (columns - len(groups)) - group_gap * (len(groups) - 1)) / columns
    tall = (height - gap * (rows - 1)) / rows
    rects: dict[str, QRectF] = {}
    headers: list[tuple[str, QRectF]] = []
    x = area.x()
    top = area.y() + header_h
    for name, ids in groups:
        cols = math.ceil(len(ids) / rows)
        block_w = cols * width + (cols - 1) * gap
        headers.append((name, QRectF(x, area.y(), block_w, header_h)))
        for i, ability in enumerate(ids):
            row, col = divmod(i, cols)
            rects[ability] = QRectF(x + col * (width + gap), top + row * (tall + gap), width, tall)
        x += block_w + group_gap
    return BinArrangement(rects, headers, rows)
