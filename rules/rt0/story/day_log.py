"""Campaign events as sentences a player reads in the log."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..campaign import campaign_events as ev


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def tallies(n: int) -> str:
    """ "1 tally", "2 tallies"."""
    return f"{n} tally" if n == 1 else f"{n} tallies"


_LINES: dict[type[ev.CampaignEvent], Callable[[Any, Callable[[str], str]], str]] = {
    ev.InjuryGained: lambda e, who: f"{who(e.member)} has {e.injury} ({e.severity}): {e.cause}.",
    ev.InjuryChanged: lambda e, who: f"{who(e.member)}'s {e.before} became {e.after} ({e.cause}).",
    ev.InjuryHealed: lambda e, who: f"{who(e.member)}'s {e.injury} is gone ({e.cause}).",
    ev.DowngradeFailed: lambda e, who: (
        f"Treating {who(e.member)}'s {e.injury} failed"
        + ("; it may be tried again today." if e.retry_allowed else "; try again tomorrow.")
    ),
    ev.MemberDied: lambda e, who: f"{who(e.member)} died ({e.cause}).",
    ev.CorruptionTaken: lambda e, who: f"{who(e.member)} takes {e.amount} Corruption for {e.reason}.",
    ev.CorruptionMarked: lambda e, who: f"{who(e.member)} marks Corruption on {e.place} ({e.filled} filled).",
    ev.UpgradeUnlocked: lambda e, who: f"{who(e.member)} unlocks {e.place}.",
    ev.CharacterLost: lambda e, who: f"{who(e.member)} is lost to Corruption: {e.owed} more than the sheet holds.",
    ev.FriendshipCirclesDrawn: lambda e, who: f"{who(e.member)} draws {_plural(e.count, 'Friendship circle')}.",
    ev.UsesRefreshed: lambda e, who: f"{who(e.member)} can use {', '.join(e.uses)} again.",
    ev.DayEnded: lambda e, who: f"Day {e.day} ends.",
    ev.SupremacyAdded: lambda e, who: f"The Supremacy Worksheet gets {tallies(e.amount)} from the {e.reason}.",
    ev.ItemExhausted: lambda e, who: f"{who(e.member)} used up the {e.item}.",
    ev.EddyReplaced: lambda e, who: f"{e.old} was destroyed; {e.new} rolls up next scene.",
}


def event_line(event: ev.CampaignEvent, names: Mapping[str, str]) -> str:
    """One event as a sentence; member ids become character names."""

    def who(member: str) -> str:
        return names.get(member, member)

    render = _LINES.get(type(event))
    if render is None:
        fields = ", ".join(f"{v}" for k, v in event.to_dict().items() if k != "kind")
        return f"{type(event).__name__}: {fields}"
    return render(event, who)
