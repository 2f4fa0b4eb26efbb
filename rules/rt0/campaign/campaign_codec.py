"""The campaign record read back from a save, through RT:0's one codec (``fight.serialize``).

``encode`` writes a ``Campaign``, a ``Party`` or any of their parts as JSON data; ``read`` decodes it by the field
types and then checks what types cannot say (numbers in the rules' range, names the game knows), so a damaged or
crafted save is refused with an error naming the field, e.g. ``campaign.members[0].wallet.chits: ...``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from ..cards import CARDS
from ..fight.serialize import StateFormatError, decode
from .campaign import HEADPHONES_HOLD, Campaign, Member
from .corruption import Corruption
from .day import POWERS, DayClock
from .injuries import INJURIES, HeldInjury
from .items import CHIT_LIMIT, ITEMS, Wallet

T = TypeVar("T")


def read(kind: type[T], data: Any, where: str) -> T:
    """``data`` as a ``kind`` (a campaign part); a ``StateFormatError`` (a ValueError) naming the field when it is
    not one this game could have made."""
    value: T = decode(kind, data, where)
    why = _problem(value, where)
    if why:
        raise StateFormatError(why)
    return value


def read_campaign(data: Any) -> Campaign:
    """The campaign a save kept; one saved before Eddy names were kept (EDDY-RESPAWN) takes its Eddies' names."""
    campaign = read(Campaign, data, "campaign")
    if isinstance(data, dict) and "eddy_names" not in data:
        campaign = replace(campaign, eddy_names=tuple(e.name for e in campaign.eddies))
    return campaign


# --- what the types cannot say ----------------------------------------------------------------------------------


def _problem(value: Any, where: str) -> str | None:
    """The first part of ``value`` that is out of range, as ``where.field: why``; None when all is well."""
    check = _CHECKS.get(type(value))
    if check is not None:
        why = check(value)
        if why:
            return f"{where}.{why}"
    if isinstance(value, tuple):
        for index, item in enumerate(value):
            found = _problem(item, f"{where}[{index}]")
            if found:
                return found
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            found = _problem(getattr(value, f.name), f"{where}.{f.name}")
            if found:
                return found
    return None


def _campaign(campaign: Campaign) -> str | None:
    if campaign.supremacy < 0:
        return f"supremacy: the Supremacy should be a whole number from 0, not {campaign.supremacy}"
    return None


def _member(member: Member) -> str | None:
    unknown = next((name for name in member.items if name not in ITEMS), None)
    if unknown is not None:
        return f"items: no item called {unknown!r}"
    cards = member.headphones
    if len(cards) > HEADPHONES_HOLD or not all(0 <= c < len(CARDS) for c in cards):
        return f"headphones: should be up to {HEADPHONES_HOLD} card numbers, not {list(cards)}"
    return None


def _corruption(corruption: Corruption) -> str | None:
    if any(v < 0 for v in corruption.marks.values()):
        return "marks: should map places to whole numbers from 0"
    return None


def _held(held: HeldInjury) -> str | None:
    return None if held.name in INJURIES else f"name: no injury called {held.name!r}"


def _wallet(wallet: Wallet) -> str | None:
    if wallet.bank < 0:
        return f"bank: should be a whole number of credits from 0, not {wallet.bank}"
    if not all(0 <= c <= CHIT_LIMIT for c in wallet.chits):
        return f"chits: should be credits from 0 to {CHIT_LIMIT}, not {list(wallet.chits)}"
    return None


def _clock(clock: DayClock) -> str | None:
    if clock.day < 1:
        return f"day: the Day should be a whole number from 1, not {clock.day}"
    unknown = next((p for uses in clock.used.values() for p in uses if p not in POWERS), None)
    if unknown is not None:
        return f"used: the saved Day lists an unknown once-per-Day power {unknown!r}"
    return None


_CHECKS: dict[type, Callable[[Any], str | None]] = {
    Campaign: _campaign,
    Member: _member,
    Corruption: _corruption,
    HeldInjury: _held,
    Wallet: _wallet,
    DayClock: _clock,
}
