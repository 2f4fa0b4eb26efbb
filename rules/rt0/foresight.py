"""HP-FORESIGHT: The High Priestess's divination tools, each exhausted for the rest of the Day once used.

The record is a plain dict, tool name -> the Day it was last used, kept with the character between
fights (the campaign's store for once-per-Day uses). Because it stores the Day rather than a flag,
nothing has to be reset when a Day ends: a tool whose Day is not today is simply available again.
A Day clock that prefers to clear the dict at the end of a Day may do that too; both read the same.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import RulesError
from .traits import Arcana

TOOLS = ("Magic 8-Ball", "Ouija Board", "Tarot Deck", "Crystal Ball", "Fortune Cookies")

ToolUses = Mapping[str, int]  # tool name -> the Day it was used on


def is_exhausted(uses: ToolUses, tool: str, day: int) -> bool:
    return uses.get(tool) == day


def available(uses: ToolUses, day: int) -> list[str]:
    """The tools the High Priestess can still consult today, in the book's order."""
    return [tool for tool in TOOLS if not is_exhausted(uses, tool, day)]


def refusal(arcana: Arcana | None, uses: ToolUses, tool: str, day: int) -> str | None:
    """Why this tool cannot be used now, or None when it can."""
    if arcana is not Arcana.HIGH_PRIESTESS:
        return "Only The High Priestess carries divination tools that work."
    if tool not in TOOLS:
        return f"{tool!r} is not one of the High Priestess's tools ({', '.join(TOOLS)})."
    if is_exhausted(uses, tool, day):
        return f"The {tool} is exhausted for the rest of Day {day}."
    return None


def use_tool(uses: ToolUses, tool: str, day: int, granted: bool = True) -> dict[str, int]:
    """The record after consulting a tool. ``granted`` False: the GM could not or would not make the
    reading come true, so the tool is not exhausted (the record comes back unchanged)."""
    reason = refusal(Arcana.HIGH_PRIESTESS, uses, tool, day)
    if reason is not None:
        raise RulesError(reason)
    record = dict(uses)
    if granted:
        record[tool] = day
    return record
