"""A die as data: equally likely faces, each with a number, icons and whether it surges (explodes)."""

from __future__ import annotations

from dataclasses import dataclass


class DieError(ValueError):
    """A die the odds cannot be counted for (a surge face worth 0 would let a roll run forever)."""


@dataclass(frozen=True, slots=True)
class Face:
    """One face: its number, its ★ Boost and ☠ Drag icons, and whether it brings in one more die."""

    value: int
    boosts: int = 0
    drags: int = 0
    surge: bool = False
    label: str = ""


@dataclass(frozen=True, slots=True)
class Die:
    """Equally likely faces, numbered 1..len(faces) when typed in by hand."""

    name: str
    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise DieError(f"{self.name}: a die needs at least one face")
        for number, face in enumerate(self.faces, 1):
            if face.value < 0 or face.boosts < 0 or face.drags < 0:
                raise DieError(f"{self.name}: face {number}: numbers and icons cannot be negative")
            if face.surge and face.value < 1:
                raise DieError(f"{self.name}: face {number}: a surging face must count at least 1")
        if all(face.surge for face in self.faces):
            raise DieError(f"{self.name}: every face surges, so a roll would never end")

    @property
    def sides(self) -> int:
        return len(self.faces)

    def face(self, number: int) -> Face:
        """The face shown as ``number`` (1-based, as printed on a d6)."""
        return self.faces[number - 1]


def plain_die(sides: int) -> Die:
    """A die numbered 1..sides with no icons and no surges (The Restless's d20)."""
    return Die(f"d{sides}", tuple(Face(value, label=str(value)) for value in range(1, sides + 1)))
