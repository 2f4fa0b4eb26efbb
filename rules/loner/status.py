"""The Status Track: three boxes of lasting consequence, each with an escalating tag."""

from __future__ import annotations

from dataclasses import dataclass

from .tables import STATUS_BOXES, LonerTables
from .terms import Arena


class StatusError(ValueError):
    """A Status Track step that cannot happen."""


@dataclass(frozen=True, slots=True)
class StatusBox:
    """One filled box: the arena of the defeat and the tag it gave."""

    arena: Arena
    tag: str


@dataclass(frozen=True, slots=True)
class StatusTrack:
    """Up to three filled boxes, oldest first; the newest box's tag is the active one."""

    boxes: tuple[StatusBox, ...] = ()

    def __post_init__(self) -> None:
        if len(self.boxes) > STATUS_BOXES:
            raise StatusError(f"the Status Track has {STATUS_BOXES} boxes, not {len(self.boxes)}")

    @property
    def active_tag(self) -> str | None:
        """The tag of the most recently filled box, or None when the track is clear."""
        return self.boxes[-1].tag if self.boxes else None

    @property
    def overcome(self) -> bool:
        """True once the third box is filled."""
        return len(self.boxes) == STATUS_BOXES


def fill(track: StatusTrack, tables: LonerTables, arena: Arena, tag: str = "") -> StatusTrack:
    """Fill the next box after a lasting defeat; the tag defaults to the table's for that box and arena."""
    if track.overcome:
        raise StatusError("all three boxes are filled: the character is already overcome")
    chosen = tag.strip() or tables.status_column(arena)[len(track.boxes)]
    return StatusTrack((*track.boxes, StatusBox(arena, chosen)))


def recover(track: StatusTrack) -> StatusTrack:
    """Clear the newest box when the fiction supports recovery; the previous tag becomes active again."""
    if not track.boxes:
        raise StatusError("the Status Track is already clear")
    return StatusTrack(track.boxes[:-1])
