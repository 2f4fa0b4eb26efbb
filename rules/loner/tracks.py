"""Challenge Tracks: boxes that mirror the result that closed a scene about a long pursuit."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .oracle import Answer

TRACK_SIZES = (4, 6)

PROGRESS: dict[Answer, int] = {
    Answer.YES_AND: 2,
    Answer.YES: 1,
    Answer.YES_BUT: 1,
    Answer.NO_BUT: 0,
    Answer.NO: -1,
    Answer.NO_AND: -1,
}


class TrackError(ValueError):
    """A track step that cannot happen."""


@dataclass(frozen=True, slots=True)
class ChallengeTrack:
    """A named pursuit (or, reversed, a mounting threat) with 4 or 6 boxes."""

    name: str
    boxes: int = 4
    filled: int = 0
    threat: bool = False

    def __post_init__(self) -> None:
        if self.boxes not in TRACK_SIZES:
            raise TrackError(f"a Challenge Track has 4 or 6 boxes, not {self.boxes}")
        if not 0 <= self.filled <= self.boxes:
            raise TrackError(f"{self.filled} filled boxes do not fit a {self.boxes}-box track")

    @property
    def full(self) -> bool:
        """True when every box is filled: the arc can close."""
        return self.filled == self.boxes


@dataclass(frozen=True, slots=True)
class TrackMark:
    """What one scene's closing result did to a track."""

    answer: Answer
    before: int
    after: int
    leverage_banked: bool
    leverage_spent: bool
    reason: str


def open_track(name: str, boxes: int = 4, threat: bool = False) -> ChallengeTrack:
    """Open an empty track."""
    if not name.strip():
        raise TrackError("name the pursuit the track follows")
    return ChallengeTrack(name.strip(), boxes, 0, threat)


def mirror(
    track: ChallengeTrack,
    answer: Answer,
    bank_leverage: bool = False,
    spend_leverage: bool = False,
) -> tuple[ChallengeTrack, TrackMark]:
    """Mark or erase boxes for the closing answer; banking marks 1, spending Leverage saves a box."""
    if track.full:
        raise TrackError(f"'{track.name}' is already full; the arc can close")
    step = PROGRESS[answer]
    reason = f"{answer.label}: "
    if bank_leverage:
        if answer is not Answer.YES_AND:
            raise TrackError("only a Yes, and… can be banked as Leverage")
        step = 1
        reason += "one box marked and the rest banked as Leverage"
    elif spend_leverage:
        if step >= 0:
            raise TrackError("Leverage only saves a box that would be erased")
        step = 0
        reason += "Leverage spent: read as No, but…, no box lost"
    elif step > 0:
        reason += f"mark {step} box" + ("es" if step > 1 else "")
    elif step < 0:
        reason += "erase 1 box" if track.filled else "erase 1 box, but the track is already empty"
    else:
        reason += "no change"
    after = min(track.boxes, max(0, track.filled + step))
    updated = replace(track, filled=after)
    if updated.full:
        reason += "; the track is full" + (": the threat is now a fact" if track.threat else ": the arc can close")
    return updated, TrackMark(answer, track.filled, after, bank_leverage, spend_leverage, reason)
