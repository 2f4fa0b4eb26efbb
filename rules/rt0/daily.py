"""Once-per-Day uses (FOOL-DEUS, Slaughter …): a plain dict of use name -> the Day it was last used.

The campaign keeps one such dict per character, passes it into a fight (``FighterSetup.day_uses``) and reads it
back from ``Fighter.day_uses`` afterwards. Because each entry is stamped with its Day, nothing needs resetting:
a use stamped with an earlier Day is free again. ``forget_before`` tidies old entries if wanted.
"""

from __future__ import annotations

from .errors import RulesError

DEUS_EX_MACHINA = "deus_ex_machina"  # FOOL-DEUS
SLAUGHTER = "slaughter"  # FOOL-SLAUGHTER


class AlreadyUsedToday(RulesError):
    """A once-per-Day use asked for a second time on the same Day."""


def used_today(uses: dict[str, int], name: str, day: int) -> bool:
    return uses.get(name) == day


def spend(uses: dict[str, int], name: str, day: int) -> None:
    """Record the use on this Day; refused when it was already used on this Day."""
    if used_today(uses, name, day):
        raise AlreadyUsedToday(f"{name.replace('_', ' ').title()} was already used on Day {day}.")
    uses[name] = day


def forget_before(uses: dict[str, int], day: int) -> None:
    """Drop entries stamped before ``day`` (they no longer limit anything)."""
    for name in [name for name, used in uses.items() if used < day]:
        del uses[name]


def deus_ex_machina(uses: dict[str, int], day: int) -> None:
    """FOOL-DEUS: The Fool asks the GM for a stroke of luck; once per Day."""
    spend(uses, DEUS_EX_MACHINA, day)
