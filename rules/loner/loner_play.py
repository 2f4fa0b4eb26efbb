"""A game of Loner being played: the state, the undo steps since the last die, and the journal, as one value.

Every change goes through ``submit`` (the ruleset's ``apply``) or ``undo``; the journal is told from the events
(``narrate``), so undo takes its lines back with the step. A step that rolled dice clears the undo steps: nothing
before a roll is taken back (as for RT:0's playthrough).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..seam import IllegalAction
from .loner_actions import LonerAction, LonerEvent
from .loner_seam import RULES
from .loner_state import LonerSetup, LonerState
from .markdown import escape_typed


@dataclass(frozen=True, slots=True)
class JournalLine:
    step: int  # the step that wrote it (0: the opening)
    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class LonerPlay:
    state: LonerState
    steps: int = 0
    undo_states: tuple[tuple[LonerState, int], ...] = ()  # (state before, journal length before), newest last
    journal: tuple[JournalLine, ...] = ()

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_states)

    def undo_refusal(self) -> str | None:
        if self.undo_states:
            return None
        return "Nothing to undo: the last step rolled the dice, or none was made."


def begin(setup: LonerSetup, seed: int) -> LonerPlay:
    """A new game and its opening lines."""
    state, events = RULES.new_state(setup, seed)
    return LonerPlay(state, 0, (), tuple(JournalLine(0, e.kind, RULES.narrate(state, e)) for e in events))


def submit(play: LonerPlay, action: LonerAction) -> tuple[LonerPlay, list[LonerEvent]]:
    """Apply one action; IllegalAction (with the refusal) leaves ``play`` as it was."""
    state, events = RULES.apply(play.state, action)
    step = play.steps + 1
    lines = tuple(JournalLine(step, e.kind, RULES.narrate(state, e)) for e in events)
    rolled = any(RULES.reveals(e) for e in events)
    undo = () if rolled else (*play.undo_states, (play.state, len(play.journal)))
    return LonerPlay(state, step, undo, play.journal + lines), events


def undo(play: LonerPlay) -> LonerPlay:
    """Take back the last step that rolled nothing, with its journal lines."""
    reason = play.undo_refusal()
    if reason is not None:
        raise IllegalAction(reason)
    before, length = play.undo_states[-1]
    return replace(play, state=before, undo_states=play.undo_states[:-1], journal=play.journal[:length])


HEADINGS = ("framed", "session")


def journal_markdown(play: LonerPlay, title: str = "") -> str:
    """The journal as Markdown: a heading per session and scene, one paragraph per line, the player's words escaped
    so a reader shows them exactly as typed."""
    hero = play.state.protagonist
    out = [f"# {escape_typed(title or hero.name)}", ""]
    for line in play.journal:
        if line.kind == "framed":
            out += [f"## {escape_typed(line.text)}", ""]
        elif line.kind == "session":
            out += [f"### {escape_typed(line.text)}", ""]
        else:
            out += [escape_typed(line.text), ""]
    return "\n".join(out).rstrip() + "\n"
