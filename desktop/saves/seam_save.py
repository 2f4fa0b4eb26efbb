"""A save of a game on the seam (Moon's Grave first), in the same file format and folder as RT:0's playthroughs.

The header's ``ruleset`` names the game; fight 1's ``setup`` holds the seed, the mode, the seats and the set-up
through the ruleset's own codec (for Moon's Grave that carries the pack's canonical copy, so a game replays against
the content it started with); snapshot 0 is the opening state; each step is a ``log`` row (kind ``action`` with the
ruleset's encoded action, ``stand_in`` when the GM stand-in chose it, kind ``oracle`` for a move of the solo oracle
beside the game (``seam_oracle``), or kind ``undo``) with the hash after it (the oracle document's for an oracle
row, the game state's for the rest). Loading replays the log from the opening and checks every hash, so a resumed
game is the very game that was left; a row that does not replay stops the load with the game as it stood before it,
offered as the last good state (``HashMismatchError.recovered``).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from rt0table.rules.loner.journal import JournalError
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.rulesets import ruleset as ruleset_of
from rt0table.rules.seam import RulesError, Ruleset

from .copies import publish, remove
from .errors import DamagedSaveError, HashMismatchError, SaveError
from .funnel_step import Step
from .gamefile import now, round_of
from .log_replay import TOO_DEEP, Act, Entry, KeptSteps, OracleRow, Undo, Unreadable, replay_log
from .log_writer import LogWriter
from .playthrough_rules import keeps_playthroughs
from .schema import SAVE_FORMAT, check_file, connect_read_only, migration_set, open_for_writing
from .seam_oracle import OracleMove, move_record, oracle_digest
from .setup_codec import known_ruleset

T = TypeVar("T")
S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")

STAND_IN = "stand_in"
ORACLE = "oracle"
REFUSED = (RulesError, JournalError, ValueError, TypeError, KeyError)  # a row that does not replay


@dataclass(frozen=True)
class SeamTable:
    """Who sits at the table: ``mode`` is "solo", "hot-seat" (or, for Loner, "together"); ``gm`` is "stand-in" or
    "person" (Loner: the GM's name, "" for none); ``facilitator`` is Loner's fixed facilitator ("" rotates)."""

    mode: str
    gm: str
    players: tuple[str, ...]
    facilitator: str = ""


@dataclass
class SeamGame(Generic[T, S, A, E]):
    """A seam game read back from its save: the opening, the steps in force and the state they reach."""

    ruleset: Ruleset[T, S, A, E]
    setup: T
    seed: int
    table: SeamTable
    opening: S
    state: S
    steps: list[Step[S, A, E]] = field(default_factory=list)  # in force, oldest first
    opening_events: tuple[E, ...] = ()
    # every row in order, undone ones too: the action (an OracleMove for the oracle's), or None for an undo
    log: list[A | OracleMove | None] = field(default_factory=list)
    oracle: OracleState | None = None  # the solo oracle beside the game, once it has been used
    recovered_from: int | None = None  # set on the last good state a damaged save offers: its last good log entry

    @property
    def ply(self) -> int:
        return len(self.steps)


def create_seam_game(
    path: Path, rules: Ruleset[T, S, A, E], setup: T, seed: int, table: SeamTable, app_version: str
) -> SeamFile[T, S, A, E]:
    """Write a new save at ``path`` (which must not exist) on fight 1 at its opening, and open it for appending."""
    known_ruleset(path, rules.key)
    if path.exists():
        raise SaveError(path, "a save with this name already exists; it was left as it is")
    opening, _events = rules.new_state(setup, seed)
    part = path.with_name(path.name + ".part")
    fight_setup = {"seed": seed, "mode": table.mode, "gm": table.gm, "setup": rules.encode_setup(setup)}
    if table.facilitator:
        fight_setup["facilitator"] = table.facilitator
    try:
        remove(part)
        db = open_for_writing(part)
        try:
            migration_set().apply(db)
            stamp = now()
            with db.atomic():
                db.table("game").insert(
                    {
                        "id": 1,
                        "app_version": app_version,
                        "save_format": SAVE_FORMAT,
                        "state_format": 1,
                        "ruleset": rules.key,
                        "players": list(table.players),
                        "created_at": stamp,
                        "last_played": stamp,
                        "fight": 1,
                        "round": round_of(opening),
                        "ply": 0,
                        "mode": table.mode,
                    }
                )
                db.execute(
                    "INSERT INTO fight (number, opened_seq, setup, started_at) VALUES (1, 0, ?, ?)",
                    [json.dumps(fight_setup, separators=(",", ":")), stamp],
                )
                db.execute(
                    "INSERT INTO snapshot (seq, ply, state, state_hash, fight) VALUES (0, 0, ?, ?, 1)",
                    [json.dumps(rules.encode_state(opening)), rules.state_hash(opening)],
                )
        finally:
            db.close()
        publish(part, path)
    except (sqlite3.Error, OSError) as error:
        raise SaveError(path, f"the new game cannot be saved here: {error}") from None
    finally:
        remove(part)
    return SeamFile(path, rules)


class SeamFile(Generic[T, S, A, E]):
    """An open seam save: the session's recorder (``record``, ``record_undo``), one transaction a step."""

    def __init__(self, path: Path, rules: Ruleset[T, S, A, E]) -> None:
        self.path = path
        self.rules = rules
        self.db = open_for_writing(path)
        self.log = LogWriter(path, self.db)
        self.ply = int(self.db.execute("SELECT ply FROM game WHERE id = 1").fetchone()[0])

    @property
    def failed(self) -> bool:
        return self.log.failed

    def close(self) -> None:
        self.db.close()

    def record(self, step: Step[S, A, E], state: S) -> None:
        if isinstance(step.action, OracleMove):  # the oracle's moves come through record_oracle
            raise SaveError(self.path, "an oracle's move is kept as an oracle row, not as the game's action")
        data = self.rules.encode_action(step.action)
        if step.stand_in:
            data[STAND_IN] = True
        self._row("action", json.dumps(data), self.ply + 1, state)

    def record_undo(self, step: Step[S, A, E]) -> None:
        self._row("undo", None, self.ply - 1, step.before)

    def record_oracle(self, move: OracleMove, state: S) -> None:
        """A move of the solo oracle beside the game (``state`` is the game's, unchanged by it)."""
        text = json.dumps(move_record(move), separators=(",", ":"))
        self._row(ORACLE, text, self.ply + 1, state, oracle_digest(move.after))

    def _row(self, kind: str, action: str | None, ply: int, state: S, digest: str | None = None) -> None:
        stamp, number = now(), round_of(state)
        with self.log.writing("this step"), self.db.atomic():
            seq = self.log.row(kind, action, ply, number, digest or self.rules.state_hash(state), 1, stamp)
            self.db.execute("UPDATE game SET last_played = ?, ply = ?, round = ?", [stamp, ply, number])
        self.log.seq, self.ply = seq, ply


def write_summary(path: Path, game: SeamGame[Any, Any, Any, Any]) -> None:
    """The header's ply and round as ``game`` (read from this file) leaves them: for a copy cut short."""
    conn = sqlite3.connect(path)
    try:
        with conn:
            conn.execute("UPDATE game SET ply = ?, round = ? WHERE id = 1", [game.ply, round_of(game.state)])
    finally:
        conn.close()


def is_seam_save(path: Path) -> bool:
    """Whether the save at ``path`` is of a game on its own table, not a playthrough (RT:0's) that ``gamefile``
    keeps (read-only; False for a file that is no save)."""
    key = saved_ruleset(path)
    return bool(key) and not keeps_playthroughs(key)


def saved_ruleset(path: Path) -> str:
    """The key of the game the save at ``path`` holds (read-only; "" for a file that is no save)."""
    try:
        check_file(path)
        conn = connect_read_only(path)  # adds no -wal/-shm beside a file left alone
        try:
            key = conn.execute("SELECT ruleset FROM game WHERE id = 1").fetchone()[0]
        finally:
            conn.close()
    except (SaveError, sqlite3.Error, TypeError):
        return ""
    return key if isinstance(key, str) else ""


def load_seam_game(path: Path) -> SeamGame[Any, Any, Any, Any]:
    """Read a seam save back, replaying every step in force and checking each hash; a SaveError names the file.

    A log row that does not replay raises ``HashMismatchError`` whose ``recovered`` is the game as it stood before
    that row (nothing in the file changes; ``SaveStore.duplicate(upto=...)`` keeps it as a new game)."""
    check_file(path, thorough=True)
    conn = connect_read_only(path)  # adds no -wal/-shm beside a file left alone
    try:
        try:
            return _read(path, conn)
        except RecursionError:
            raise DamagedSaveError(path, "the save holds data nested too deeply to read") from None
        except (RulesError, ValueError, TypeError, KeyError) as error:
            raise DamagedSaveError(path, f"the save is damaged: {error}") from None
    finally:
        conn.close()


def _read(path: Path, conn: sqlite3.Connection) -> SeamGame[Any, Any, Any, Any]:
    """The game the header names (the registry hands its rules out with their types erased), read back."""
    key = conn.execute("SELECT ruleset FROM game WHERE id = 1").fetchone()[0]
    return _replayed(path, conn, ruleset_of(known_ruleset(path, key)))


def _replayed(path: Path, conn: sqlite3.Connection, rules: Ruleset[T, S, A, E]) -> SeamGame[T, S, A, E]:
    players = json.loads(conn.execute("SELECT players FROM game WHERE id = 1").fetchone()[0] or "[]")
    if not isinstance(players, list):
        raise DamagedSaveError(path, "game.players: must be a list of names")
    (setup_text,) = conn.execute("SELECT setup FROM fight WHERE number = 1").fetchone()
    data = json.loads(setup_text)
    if not isinstance(data, dict) or "setup" not in data:
        raise DamagedSaveError(path, "fight 1, field setup: must be an object holding the game's set-up")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DamagedSaveError(path, "fight 1, field setup.seed: must be a whole number")
    try:  # the set-up carries the game's own copy of its content: the game starts from it or the save is refused
        setup = rules.decode_setup(data["setup"])
        opening, events = rules.new_state(setup, seed)
    except (RulesError, ValueError, TypeError, KeyError) as error:
        raise DamagedSaveError(path, f"fight 1, field setup: {error}") from None
    table = SeamTable(
        str(data.get("mode", "solo")),
        str(data.get("gm", "stand-in")),
        tuple(map(str, players)),
        str(data.get("facilitator", "")),
    )
    stored, digest = conn.execute("SELECT state, state_hash FROM snapshot WHERE seq = 0 AND fight = 1").fetchone()
    if rules.state_hash(opening) != digest or rules.state_hash(rules.decode_state(json.loads(stored))) != digest:
        raise DamagedSaveError(path, "snapshot 0 (the opening state): it does not match its set-up")
    game: SeamGame[T, S, A, E] = SeamGame(rules, setup, seed, table, opening, opening, opening_events=tuple(events))
    rows = conn.execute("SELECT seq, kind, action, state_hash FROM log WHERE fight = 1 ORDER BY seq").fetchall()
    kept: KeptSteps[S, A, E] = KeptSteps(game.steps)

    def told(entry: Entry[A], step: Step[S, A, E], _after: S) -> None:
        game.log.append(None if isinstance(entry, Undo) else step.action)

    result = replay_log(rules, opening, (_entry(rules, *row) for row in rows), kept, refused=REFUSED, told=told)
    game.state, game.oracle = result.state, result.oracle
    if result.stop is not None:
        game.recovered_from = result.good_seq
        raise HashMismatchError(
            path,
            f"log entry {result.stop.seq} does not replay ({result.stop.problem}); the game can be recovered as it "
            f"stood at log entry {result.good_seq} ({game.ply} steps in force)",
            game,
        )
    return game


def _entry(rules: Ruleset[T, S, A, E], seq: int, kind: str, text: str | None, expected: str) -> Entry[A]:
    """One log row read as a step of the replay (``Unreadable`` when it cannot be)."""
    try:
        if kind == "undo":
            return Undo(seq, expected)
        if kind == ORACLE:
            return OracleRow(json.loads(text or "null"), seq, expected)
        if kind == "action":
            raw = json.loads(text or "null")
            stand_in = bool(raw.pop(STAND_IN, False)) if isinstance(raw, dict) else False
            return Act(rules.decode_action(raw), seq, expected, stand_in)
    except RecursionError:
        return Unreadable(seq, TOO_DEEP)
    except REFUSED as error:
        return Unreadable(seq, str(error))
    return Unreadable(seq, f"the kind {kind!r} is not a step of a game on the seam")


TableFile = SeamFile[Any, Any, Any, Any]  # the shared seam table's: it keeps whichever game it is handed
