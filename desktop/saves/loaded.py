"""What loading a save hands back, and what the load screen lists."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:  # annotations only: listing the saves must not load the rules engine
    from .playthrough_rules import Played, SavedFight


class UndoDoc(NamedTuple):
    """One step undo between fights could take back: its op's name, the document before it, its log position."""

    op: str
    doc: dict[str, Any]
    seq: int


@dataclass(frozen=True)
class UndoReach:
    """What undo could take back when the save was left: the steps of the playthrough's own rows, oldest first,
    and the log position of its newest step that revealed something (no step of the fight before it goes back)."""

    steps: list[UndoDoc] = field(default_factory=list)
    stood: int = 0


@dataclass(frozen=True)
class StandInAnswer:
    """Why the GM stand-in (solo play) made a step: the decision's kind, its choice and one line of reason."""

    kind: str
    label: str
    reason: str


@dataclass(frozen=True)
class LogEntry:
    """One row of a fight's log as played: an action (and the stand-in's answer, if it made it), or an undo."""

    action: Any | None  # the ruleset's action; None: an undo of the last action in force
    answer: StandInAnswer | None = None


@dataclass(frozen=True)
class LogTail:
    """Where a long fight's log is told again from: ``history[start:]`` replays from ``state`` (a snapshot the save
    holds), so resuming costs the same after 50,000 actions as after 1,000; the entries before it stay untold."""

    start: int
    state: Any  # the ruleset's state


@dataclass
class LoadedGame:
    """A game ready to play on: ``game`` holds the current fight's state and the recent steps for undo (the types
    are the ruleset's that the save's header names: for RT:0, a ``Game`` and a ``CombatSetup``).

    ``game`` and ``setup`` are None for a playthrough whose first fight has not begun (``fight`` is 0).
    """

    game_id: str
    path: Path
    setup: SavedFight | None
    players: list[str]
    game: Played | None
    actions: list[Any]  # every action in force, oldest first (undone ones are left out)
    seq: int  # log rows so far (actions and undos)
    created_at: str
    last_played: str
    app_version: str
    campaign: dict[str, Any] | None = None
    # Set only on the partial game a HashMismatchError offers: the last log row whose hash matched.
    recovered_from: int | None = None
    # What the load had to work around without losing anything (e.g. a replay started from a newer snapshot).
    notes: list[str] = field(default_factory=list)
    fight: int = 1  # the number of the fight in ``game`` (from 1); 0 before the first fight
    # Every action and undo of the fight so far, undone ones too, oldest first: the table's log is told again
    # from it, and one undo after loading takes back what one undo took back before (the stand-in's answers).
    history: list[LogEntry] = field(default_factory=list)
    tail: LogTail | None = None  # set for a long fight: tell its log from here (replay.TOLD_BACK)
    # What undo could take back of the playthrough's own steps when the save was left (format 6 change rows record
    # how far undo reached after each change), and where it stood still.
    undo: UndoReach = field(default_factory=UndoReach)
    fight_seqs: list[int] = field(default_factory=list)  # the log position of each action in force, oldest first

    @property
    def ply(self) -> int:
        return len(self.actions)


@dataclass(frozen=True)
class GameSummary:
    """One line of the load screen. ``problem`` is set (and the rest may be blank) for a save that cannot be read."""

    game_id: str
    path: Path
    players: tuple[str, ...] = ()
    day: int | None = None
    round: int = 0
    ply: int = 0
    created_at: str = ""
    last_played: str = ""
    problem: str | None = None
    fight: int = 0  # fights begun so far; the round and ply are the newest one's
    mode: str | None = None  # the campaign document's mode ("solo", "hot-seat"), when it says
    ruleset: str = "rt0"  # the game's key (setup_codec.RULESETS gives its title)
