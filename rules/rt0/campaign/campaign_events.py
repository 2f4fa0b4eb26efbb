"""What changed between fights: plain past-tense records for the log and the save."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class CampaignEvent:
    """Base of every campaign event; ``to_dict`` gives a JSON-friendly form with its kind."""

    def to_dict(self) -> dict[str, Any]:
        """The event's fields plus ``kind``, the class name."""
        return {"kind": type(self).__name__, **asdict(self)}


@dataclass(frozen=True, slots=True)
class InjuryGained(CampaignEvent):
    member: str
    injury: str
    severity: str
    cause: str


@dataclass(frozen=True, slots=True)
class InjuryChanged(CampaignEvent):
    member: str
    before: str
    after: str
    cause: str


@dataclass(frozen=True, slots=True)
class InjuryHealed(CampaignEvent):
    member: str
    injury: str
    cause: str


@dataclass(frozen=True, slots=True)
class DowngradeFailed(CampaignEvent):
    member: str
    injury: str
    retry_allowed: bool


@dataclass(frozen=True, slots=True)
class MemberDied(CampaignEvent):
    member: str
    cause: str


@dataclass(frozen=True, slots=True)
class CorruptionTaken(CampaignEvent):
    member: str
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class CorruptionMarked(CampaignEvent):
    member: str
    place: str
    filled: int  # circles now filled on that place


@dataclass(frozen=True, slots=True)
class UpgradeUnlocked(CampaignEvent):
    member: str
    place: str


@dataclass(frozen=True, slots=True)
class CharacterLost(CampaignEvent):
    """COR-FULL: a point was owed and no circle was open."""

    member: str
    owed: int


@dataclass(frozen=True, slots=True)
class FriendshipCirclesDrawn(CampaignEvent):
    member: str
    count: int


@dataclass(frozen=True, slots=True)
class UsesRefreshed(CampaignEvent):
    member: str
    uses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DayEnded(CampaignEvent):
    day: int


@dataclass(frozen=True, slots=True)
class SupremacyAdded(CampaignEvent):
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class ItemExhausted(CampaignEvent):
    member: str
    item: str


@dataclass(frozen=True, slots=True)
class EddyReplaced(CampaignEvent):
    """EDDY-RESPAWN: a destroyed Eddy's replacement rolls up in the next scene."""

    old: str
    new: str
