"""Rooms and zones: a square grid of 1x1, 3x3 or 5x5 zones (ZON-SIZES).

A zone is written like a chess square: column letter, row number ("B2" is the middle
of a 3x3 room). Rulings (docs/rulings.md, ZON-ADV-MOVE): "1 zone" is one orthogonal step;
distance is the number of such steps.
"""

from __future__ import annotations

from dataclasses import dataclass

Zone = tuple[int, int]  # (column, row), both from 0

ROOM_SIZES = (1, 3, 5)


@dataclass(frozen=True, slots=True)
class Room:
    size: int

    def __post_init__(self) -> None:
        if self.size not in ROOM_SIZES:
            raise ValueError(f"a room is 1x1, 3x3 or 5x5, not {self.size}x{self.size}")

    def zones(self) -> list[Zone]:
        return [(c, r) for r in range(self.size) for c in range(self.size)]

    def contains(self, zone: Zone) -> bool:
        return 0 <= zone[0] < self.size and 0 <= zone[1] < self.size

    def neighbours(self, zone: Zone) -> list[Zone]:
        c, r = zone
        steps = ((c, r - 1), (c - 1, r), (c + 1, r), (c, r + 1))
        return [z for z in steps if self.contains(z)]

    @property
    def label(self) -> str:
        return f"{self.size}x{self.size}"


def distance(a: Zone, b: Zone) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def step_toward(room: Room, start: Zone, goal: Zone) -> Zone:
    """One orthogonal step from start toward goal; columns first, then rows (a fixed, documented tie-break)."""
    if start == goal:
        return start
    c, r = start
    if c != goal[0]:
        return (c + (1 if goal[0] > c else -1), r)
    return (c, r + (1 if goal[1] > r else -1))


def zone_name(zone: Zone) -> str:
    return f"{chr(ord('A') + zone[0])}{zone[1] + 1}"


def parse_zone(text: str) -> Zone:
    """'B2' -> (1, 1); raises ValueError on anything else."""
    text = text.strip().upper()
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        raise ValueError(f"{text!r} is not a zone; write a column letter and a row number, like B2")
    return (ord(text[0]) - ord("A"), int(text[1:]) - 1)
