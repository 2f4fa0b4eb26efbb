"""The story's journal: a line for each event of the opening and of every step, told by the ruleset (``narrate``).

It is read off the steps the session holds, so an undo takes its lines back with the step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .loner_actions import LonerEvent
from .loner_seam import RULES
from .loner_state import LonerState
from .markdown import escape_typed


@dataclass(frozen=True, slots=True)
class JournalLine:
    step: int  # the step that wrote it (0: the opening)
    kind: str
    text: str


def journal_lines(
    opening: tuple[LonerState, Sequence[LonerEvent]], steps: Sequence[tuple[LonerState, Sequence[LonerEvent]]]
) -> tuple[JournalLine, ...]:
    """The lines of the opening and then of each step, given as (the state it left, its events), oldest first."""
    told = [opening, *steps]
    return tuple(
        JournalLine(n, e.kind, RULES.narrate(state, e)) for n, (state, events) in enumerate(told) for e in events
    )


def journal_markdown(hero: str, lines: Sequence[JournalLine], title: str = "") -> str:
    """The journal as Markdown: a heading per session and scene, one paragraph per line, the player's words escaped
    so a reader shows them exactly as typed."""
    out = [f"# {escape_typed(title or hero)}", ""]
    for line in lines:
        if line.kind == "framed":
            out += [f"## {escape_typed(line.text)}", ""]
        elif line.kind == "session":
            out += [f"### {escape_typed(line.text)}", ""]
        else:
            out += [escape_typed(line.text), ""]
    return "\n".join(out).rstrip() + "\n"
