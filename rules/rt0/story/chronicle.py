"""One journal per playthrough, written from the same op and event stream as everything else, in order.

``lines_for(story, events)`` turns what an op did into journal lines (the Day's results, skill-check draws, fights
begun and ended, the oracle's entries, the player's notes); ``tale.apply`` appends them to the value, so an undo takes
them back with the op. ``to_markdown`` writes the journal with a heading per Day and one whenever the character it
is about changes; everything the player typed is escaped so a CommonMark reader shows it exactly as typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...loner.journal import Entry
from ...loner.markdown import entry_line, escape_typed
from ..cards import CARDS
from .day_log import event_line

if TYPE_CHECKING:
    from .tale import LuaChanged, Story, StoryEvent

PARTY = "The party"


@dataclass(frozen=True, slots=True)
class Line:
    """One journal line: the Day, who it is about (a member id; None for the party), our words, and what the
    player typed (``typed``), a note (``note``: its text is the note's as it stands now) or an oracle entry."""

    day: int
    who: str | None
    text: str = ""
    typed: str = ""
    note: int | None = None
    oracle_entry: int | None = None


def lines_for(before: Story, after: Story, events: Sequence[StoryEvent]) -> tuple[Line, ...]:
    """The journal lines for what one op did (``before`` and ``after``: the value either side of it)."""
    from . import tale

    day, names = before.campaign.day, before.names()
    ids = {name: member for member, name in names.items()}
    lines: list[Line] = []
    for event in events:
        if isinstance(event, tale.CampaignChanged):
            for e in event.events:
                lines.append(Line(day, getattr(e, "member", None) or None, event_line(e, names)))
        elif isinstance(event, tale.PowerAsked):
            r = event.request
            asked = f"{names.get(r.member, r.member)} asks the GM for {r.power}"
            lines.append(Line(day, r.member, asked if r.wish else f"{asked}; the GM decides what happens.", r.wish))
        elif isinstance(event, tale.PowerAnswered):
            r = event.request
            said = (
                f"The GM grants {r.power}; it is spent for today"
                if event.granted
                else f"The GM can't or won't grant {r.power}; it stays fresh today"
            )
            lines.append(Line(day, r.member, said if event.answer else f"{said}.", event.answer))
        elif isinstance(event, tale.CardJudged):
            a = event.attempt
            said = f"The GM judges {CARDS[a.result.kept.card].name} the worse card: {a.result.outcome.value}"
            lines.append(Line(day, ids.get(a.name), said, a.subject))
        elif isinstance(event, tale.ItemKept):
            said = "fails that FINAID check on purpose and keeps its card face down on the Headphones."
            lines.append(Line(day, event.member, f"{names.get(event.member, event.member)} {said}"))
        elif isinstance(event, tale.ChecksDrawn):
            for a in event.attempts:
                result = a.result
                cards = ", ".join(CARDS[c].name for c in result.cards)
                words = f"Skill check: {a.name}, {a.skill.value} ({result.check.difficulty.title}) → "
                lines.append(Line(day, ids.get(a.name), f"{words}{result.outcome.value} ({cards})", a.subject))
        elif isinstance(event, tale.FightBegun):
            foes = ", ".join(a.name for a in event.opening.adversaries)
            lines.append(Line(day, None, f"Fight {len(before.finished) + 1} begins against {foes}."))
        elif isinstance(event, tale.FightConcluded):
            rounds = event.state.round
            said = (
                f"Fight {event.number}: {event.state.result or 'over'} after {rounds} rounds, +{event.gain} Supremacy."
            )
            lines.append(Line(day, None, said))
            lines += [Line(day, getattr(e, "member", None) or None, event_line(e, names)) for e in event.events]
        elif isinstance(event, tale.OracleAnswered):
            lines += [Line(day, None, oracle_entry=entry) for entry in event.entries]
        elif isinstance(event, tale.LuaChanged):
            lines += [Line(day, None, line) for line in lua_lines(event)]
        elif isinstance(event, tale.NoteChanged) and event.note not in {n.id for n in before.notes}:
            lines.append(Line(day, None, note=event.note))
    return tuple(lines)


def lua_lines(event: LuaChanged) -> list[str]:
    """A Paradise Lua step in words: where the party went, what the cards said, who it fought."""
    from ...paradise_lua.lua_campaign import narrate
    from ...paradise_lua.world_content import shipped_world
    from ..content.adversaries import bundled_bestiary

    kinds = bundled_bestiary("book.json") | bundled_bestiary("house.json")
    names = {kind_id: kind.name for kind_id, kind in kinds.items()}
    return [narrate(shipped_world(), e, names) for e in event.events]


def to_markdown(story: Story, title: str = "Journal") -> str:
    """The playthrough's journal as Markdown: Day headings, character headings, every typed text escaped."""
    names = story.names()
    notes = {n.id: n.text for n in story.notes}
    entries = {e.id: e for e in story.solo.journal.entries} if story.solo is not None else {}
    out = [f"# {escape_typed(title)}"]
    day: int | None = None
    who: object = object()
    for line in story.chronicle:
        text = _line_text(line, notes, entries)
        if text is None:
            continue
        if line.day != day:
            day, who = line.day, object()
            out += ["", f"## Day {line.day}"]
        if line.who != who:
            who = line.who
            heading = PARTY if line.who is None else escape_typed(names.get(line.who, line.who))
            out += ["", f"### {heading}", ""]
        out.append(text)
    return "\n".join(out).rstrip() + "\n"


def _line_text(line: Line, notes: dict[int, str], entries: dict[int, Entry]) -> str | None:
    if line.note is not None:
        typed = notes.get(line.note)
        return None if typed is None else f"- *Note:* {escape_typed(typed)}"
    if line.oracle_entry is not None:
        entry = entries.get(line.oracle_entry)
        return None if entry is None else entry_line(entry)
    said = escape_typed(line.text)  # our words carry names the player typed
    return f"- {said}" + (f" — “{escape_typed(line.typed)}”" if line.typed else "")
