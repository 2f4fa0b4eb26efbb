"""The journal as Markdown: the story with the dice behind every answer."""

from __future__ import annotations

import re

from .journal import (
    DeadEndEntry,
    Entry,
    FightEntry,
    InspirationEntry,
    Journal,
    LeverageEntry,
    LeverageMove,
    MeanwhileEntry,
    NoteEntry,
    QuestionEntry,
    SceneEntry,
    SkillCheckEntry,
    StatusEntry,
    StatusMove,
    TrackEntry,
    TrackMove,
    TwistEntry,
)
from .oracle import OracleRoll


def dice_text(roll: OracleRoll) -> str:
    """The dice in a compact form, e.g. ``Chance 5 vs Risk 2`` or ``Chance 5 (5, 1) vs Risk 2``."""
    chance = f"Chance {roll.chance}" + (
        f" ({', '.join(map(str, roll.throw.chance))})" if len(roll.throw.chance) > 1 else ""
    )
    risk = f"Risk {roll.risk}" + (f" ({', '.join(map(str, roll.throw.risk))})" if len(roll.throw.risk) > 1 else "")
    return f"{chance} vs {risk}"


INLINE_MARKUP = frozenset("\\`*_[]<>&#|~")  # anywhere in a line: escapes, code, emphasis, links, HTML, entities
LINE_START = re.compile(r"(\d{1,9})([.)])|([-+=])")  # at a line's start: ordered and bullet lists, setext rules


def escape_typed(text: str) -> str:
    """What the player typed, as Markdown that a CommonMark reader shows exactly as typed: every character that
    could start markup is backslash-escaped, a list or rule marker at a line's start too, blanks at either end of
    a line are written as character references (a paragraph would drop them) and a new line is a hard break. Empty
    lines before the first line or after the last cannot be shown by a paragraph, so they are left out."""
    return "\\\n".join(_escape_line(line) for line in text.strip("\n").split("\n"))


def _escape_line(line: str) -> str:
    core = line.strip()
    body = "".join("\\" + c if c in INLINE_MARKUP else c for c in core)
    marker = LINE_START.match(body)
    if marker is not None:
        at = marker.end() - 1
        body = body[:at] + "\\" + body[at:]
    if not core:
        return "".join(f"&#{ord(c)};" for c in line)
    lead, trail = line[: line.index(core)], line[line.index(core) + len(core) :]
    return "".join(f"&#{ord(c)};" for c in lead) + body + "".join(f"&#{ord(c)};" for c in trail)


_escape = escape_typed


def entry_line(entry: Entry) -> str:
    """One entry as Markdown (a heading for scenes, a list item for the rest)."""
    if isinstance(entry, QuestionEntry):
        roll = entry.roll
        tags = ""
        if entry.tags_for or entry.tags_against:
            tags = f"; for: {', '.join(entry.tags_for) or '–'}; against: {', '.join(entry.tags_against) or '–'}"
        twist = f"; doubles, Twist Counter {entry.twist_counter}/3" if roll.doubles else ""
        spent = f"; Leverage spent for Advantage: {entry.leverage}" if entry.leverage else ""
        return (
            f"- **Q{entry.id}:** {_escape(entry.question)} → **{roll.answer.label}** "
            f"({dice_text(roll)}; {roll.edge.value}{_escape(tags + spent)}{twist})"
        )
    if isinstance(entry, TwistEntry):
        t = entry.twist
        return f"- **Twist:** {t.subject} + {t.action} (dice {t.subject_die}, {t.action_die})"
    if isinstance(entry, SceneEntry):
        if entry.closed is None:
            return (
                f"\n## Scene {entry.number}: {entry.kind.label}\n\n"
                f"- *Where:* {_escape(entry.where)}\n- *Who:* {_escape(entry.who)}\n"
                f"- *Goal:* {_escape(entry.goal)}\n"
            )
        next_scene = f"; transition die {entry.transition_die}" if entry.transition_die else ""
        return f"- **Scene {entry.number} closed** ({entry.closed.value}): {_escape(entry.outcome)}{next_scene}"
    if isinstance(entry, InspirationEntry):
        dice = ", ".join(f"{r}-{c}" for r, c in entry.dice)
        return f"- **Inspiration:** {' '.join(entry.words)} ({dice})"
    if isinstance(entry, SkillCheckEntry):
        cards = ", ".join(entry.cards) or "no cards"
        return (
            f"- **Skill check:** {_escape(entry.actor)}, {_escape(entry.skill)} ({_escape(entry.difficulty)})"
            f" → **{_escape(entry.result)}** ({_escape(cards)})"
        )
    if isinstance(entry, FightEntry):
        summary = f" {_escape(entry.summary)}" if entry.summary else ""
        rounds = f"{entry.rounds} round{'s' if entry.rounds != 1 else ''} → " if entry.rounds else ""
        return (
            f"- **Fight:** {_escape(entry.title)} ({_escape(' vs '.join(entry.sides))}), "
            f"{rounds}**{_escape(entry.outcome)}**.{summary}"
        )
    if isinstance(entry, NoteEntry):
        return _note_line(entry)
    return _tool_line(entry)


def boxes_text(filled: int, boxes: int) -> str:
    """A track's boxes drawn in text, e.g. ``☑☑☐☐ 2/4``."""
    return "☑" * filled + "☐" * (boxes - filled) + f" {filled}/{boxes}"


LEVERAGE_WORDS = {
    LeverageMove.BANKED: "banked",
    LeverageMove.REPLACED: "banked in place of the old one",
    LeverageMove.SOFTENED: "spent to soften a No",
    LeverageMove.DROPPED: "dropped, the story moved on",
    LeverageMove.TWIST: "lost to the Twist",
}


def _tool_line(entry: LeverageEntry | TrackEntry | StatusEntry | DeadEndEntry | MeanwhileEntry) -> str:
    """The optional modules' and procedures' entries."""
    if isinstance(entry, LeverageEntry):
        detail = f" ({_escape(entry.detail)})" if entry.detail else ""
        return f"- **Leverage {LEVERAGE_WORDS[entry.move]}:** {_escape(entry.description)}{detail}"
    if isinstance(entry, TrackEntry):
        kind = "Threat track" if entry.threat else "Challenge Track"
        boxes = boxes_text(entry.after, entry.boxes)
        if entry.move is TrackMove.OPENED:
            return f"- **{kind} opened:** {_escape(entry.name)} ({boxes})"
        if entry.move is TrackMove.CLOSED:
            return f"- **{kind} closed:** {_escape(entry.name)} ({boxes}): {_escape(entry.reason)}"
        return f"- **{kind}:** {_escape(entry.name)} {entry.before} → {boxes} ({_escape(entry.reason)})"
    if isinstance(entry, StatusEntry):
        boxes = boxes_text(entry.filled, 3)
        arena = f", {entry.arena.value}" if entry.arena else ""
        why = f"; {_escape(entry.reason)}" if entry.reason else ""
        if entry.move is StatusMove.FILLED:
            return f"- **Status Track:** *{_escape(entry.tag)}*{arena} ({boxes}{why})"
        return f"- **Status Track recovered:** *{_escape(entry.tag)}* clears ({boxes}{why})"
    if isinstance(entry, DeadEndEntry):
        times = "" if entry.count == 1 else f", dead end {entry.count} on this thread"
        return f"- **Dead end:** {_escape(entry.thread)}{times}: {entry.result.value}"
    acts = "an ally or wildcard acts on their own" if entry.ally_acts else "allies and wildcards hold"
    before = f"*{_escape(entry.before)}* → " if entry.before else ""
    return f"- **Meanwhile:** {_escape(entry.holder)}: {before}*{_escape(entry.after)}*; {acts}"


def _note_line(entry: NoteEntry) -> str:
    about = f" (on entry {entry.about})" if entry.about is not None else ""
    return f"- *Note{about}:* {_escape(entry.text)}"


def to_markdown(journal: Journal, title: str = "Loner journal", attribution: str = "") -> str:
    """The whole journal as a Markdown document; notes follow the entry they are about."""
    lines = [f"# {_escape(title)}", ""]
    attached = {e.id for e in journal.entries if isinstance(e, NoteEntry) and e.about is not None}
    for entry in journal.entries:
        if entry.id in attached:
            continue
        lines.append(entry_line(entry))
        lines.extend("  " + _note_line(note) for note in journal.notes_about(entry.id))
    if attribution:
        lines += ["", "---", "", f"*{attribution}*"]
    return "\n".join(lines).rstrip() + "\n"
