"""Once-per-Day uses inside a fight: ``Fighter.day_uses``, power name -> the Day it was used.

Between fights the campaign's Day clock (``campaign/day.py``) is the one record, and its ``POWERS`` give the names
(one spelling per power). A fight starts with the member's uses for today stamped with the Day
(``campaign.fighter_setup`` -> ``FighterSetup.day_uses``, ``new_combat(day=clock.day)``); a use spent in the fight
is stamped with ``state.day``; when the fight is over ``spent_on(fighter.day_uses, state.day)`` reads them back
(``FighterOutcome.day_uses``) for the clock. A stamp from another Day limits nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...seam import RulesError
from ..campaign.day import DEUS_EX_MACHINA, POWERS, SLAUGHTER
from ..campaign.spell_skills import HEAL_USE

__all__ = [
    "DEUS_EX_MACHINA",
    "HEAL_USE",
    "SLAUGHTER",
    "AlreadyUsedToday",
    "read_legacy",
    "spend",
    "spent_on",
    "stamped",
    "used_today",
]


class AlreadyUsedToday(RulesError):
    """A once-per-Day use asked for a second time on the same Day."""


def used_today(uses: Mapping[str, int], name: str, day: int) -> bool:
    return uses.get(name) == day


def spend(uses: dict[str, int], name: str, day: int) -> None:
    """Record the use on this Day; refused when it was already used on this Day, or is no once-per-Day power."""
    if name not in POWERS:
        raise ValueError(f"{name!r} is not a once-per-Day power (campaign.day.POWERS)")
    if used_today(uses, name, day):
        raise AlreadyUsedToday(f"{name} was already used on Day {day}.")
    uses[name] = day


def stamped(names: Iterable[str], day: int) -> tuple[tuple[str, int], ...]:
    """The Day clock's uses for today as ``FighterSetup.day_uses``: each name stamped with the Day."""
    return tuple((name, day) for name in names)


def spent_on(uses: Mapping[str, int], day: int) -> tuple[str, ...]:
    """The uses stamped with this Day (those the fight brought in and those it spent), for the Day clock."""
    return tuple(name for name, used in uses.items() if used == day)


# Before the Day clock's names were used in fights: the old spellings, and Heal kept as a per-fight mark.
_OLD_NAMES = {"deus_ex_machina": DEUS_EX_MACHINA, "slaughter": SLAUGHTER}
_OLD_HEAL_MARK = "aquarius_healed"


def read_legacy(uses: dict[str, int], marks: dict[str, int] | None = None, day: int = 0) -> None:
    """Bring uses saved before the unification up to date, in place: old names renamed, and an old
    "Aquarius healed" mark in ``marks`` turned into Heal's use stamped with the fight's ``day``."""
    if any(name in _OLD_NAMES for name in uses):
        renamed = {_OLD_NAMES.get(name, name): used for name, used in uses.items()}  # in the order they were
        uses.clear()
        uses.update(renamed)
    if marks is not None and marks.pop(_OLD_HEAL_MARK, 0):
        uses[HEAL_USE] = day
