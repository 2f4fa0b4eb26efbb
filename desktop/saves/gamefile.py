"""One game's save file: create it, append to its log, read it back by snapshot + replay.

The log is append-only. An undo is a row of its own ("undo", with the state hash after it), not a
deletion: the history stays whole, a crash mid-undo cannot lose an older action, and loading walks
the log as a stack (an action pushes, an undo pops) to find the actions in force.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from rt0table.rules.rt0.actions import Action, action_from_dict, action_to_dict
from rt0table.rules.rt0.engine import Game
from rt0table.rules.rt0.errors import RulesError
from rt0table.rules.rt0.serialize import FORMAT as STATE_FORMAT
from rt0table.rules.rt0.serialize import state_from_dict, state_hash, state_to_dict
from rt0table.rules.rt0.state import CombatState

from .combat_setup import CombatSetup, setup_from_columns, setup_to_columns
from .errors import DamagedSaveError, HashMismatchError, SaveError
from .loaded import LoadedGame
from .schema import check_file, migrations, open_for_writing

RULESET = "rt0"
SNAPSHOT_EVERY = 25  # actions in force between snapshots: bounds the replay on load
UNDO_REACH = 20  # a loaded game can undo at least this far back (the rules stop undo at any reveal anyway)


def snapshot_json(state: CombatState) -> str:
    """The state as JSON with its dicts in their own order, not sorted as ``state_json`` does for hashing."""
    return snapshot_and_hash(state)[0]


def snapshot_and_hash(state: CombatState) -> tuple[str, str]:
    """A snapshot's JSON and ``state_hash(state)`` from one walk over the state (the slowest autosaves are these).

    The order matters: the engine walks a fighter's ``bins`` in the order the abilities were first
    used (e.g. discarding at the end of a turn), so a snapshot with sorted keys replays to a
    different deck order after the next reshuffle, although its hash matched. The hash is
    ``serialize.state_hash``'s recipe; a test holds the two equal.
    """
    data = state_to_dict(state)
    hashed = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return json.dumps(data, separators=(",", ":")), hashlib.sha256(hashed.encode()).hexdigest()[:16]


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class LogRow:
    seq: int
    kind: str
    action: str | None
    ply: int
    state_hash: str


def create(
    path: Path, setup: CombatSetup, players: list[str], app_version: str, campaign: dict[str, Any] | None = None
) -> None:
    """Write a new save at ``path``, which must not exist; it appears there complete or not at all."""
    if path.exists():
        raise SaveError(path, "a save with this name already exists; it was left as it is")
    state, _events = setup.start()
    part = path.with_name(path.name + ".part")  # a leftover .part is an unfinished creation of ours
    for leftover in _companions(part):
        leftover.unlink(missing_ok=True)
    db = open_for_writing(part)
    try:
        migrations.apply(db)
        stamp = now()
        with db.atomic():
            db.table("game").insert(
                {
                    "id": 1,
                    "app_version": app_version,
                    "save_format": db.execute("PRAGMA user_version").fetchone()[0],
                    "state_format": STATE_FORMAT,
                    "ruleset": RULESET,
                    **setup_to_columns(setup),
                    "players": players,
                    "created_at": stamp,
                    "last_played": stamp,
                }
            )
            opening = {"seq": 0, "ply": 0, "state": snapshot_json(state), "state_hash": state_hash(state)}
            db.table("snapshot").insert(opening)
            if campaign is not None:
                _insert_campaign(db, 0, campaign, stamp)
    finally:
        db.close()
    publish(part, path)


def publish(part: Path, path: Path) -> None:
    """Move a finished file into place without ever replacing an existing one."""
    try:
        os.link(part, path)  # fails if path exists: no overwrite, even in a race
    except FileExistsError:
        raise SaveError(path, "a save with this name already exists; it was left as it is") from None
    except OSError:  # a file system without hard links (FAT, some network shares)
        if path.exists():
            raise SaveError(path, "a save with this name already exists; it was left as it is") from None
        os.replace(part, path)
        return
    part.unlink()


def _companions(path: Path) -> list[Path]:
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


def remove(path: Path) -> None:
    for file in _companions(path):
        file.unlink(missing_ok=True)


def _insert_campaign(db: Database, seq: int, doc: dict[str, Any], stamp: str) -> None:
    version = doc.get("version") if isinstance(doc, dict) else None
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("a campaign document is a dict with an int 'version'")
    db.execute(
        "INSERT INTO campaign (seq, version, doc, saved_at) VALUES (?, ?, ?, ?)",
        [seq, version, json.dumps(doc), stamp],  # key order kept: the campaign code may rely on it
    )


class GameFile:
    """An open save: one writable connection, and the log's stack of hashes kept in memory for appends."""

    def __init__(self, game_id: str, path: Path, keep_backup: bool = True) -> None:
        check = check_file(path)
        kept = path.with_name(f"{path.name}.format-{check.save_format}.bak")
        if check.needs_migration and keep_backup and not kept.exists():  # an earlier try already kept the original
            backup(path, kept)  # the file as it was, before this version changes it
        self.game_id = game_id
        self.path = path
        self.failed = False  # a write failed: refuse more until the game is loaded again
        self.db = open_for_writing(path)
        try:
            if check.needs_migration:
                migrations.apply(self.db)
            rows = self._log_rows()
            opening = self.db.execute("SELECT state_hash FROM snapshot WHERE seq = 0").fetchone()
            if opening is None:
                raise DamagedSaveError(path, "the save has lost its opening state")
            # (seq, hash) of the opening and of every action in force, oldest first
            self.live: list[tuple[int, str]] = [(0, opening[0])]
            for row in _in_force(path, rows):
                self.live.append((row.seq, row.state_hash))
            self.seq = rows[-1].seq if rows else 0
            self.last_hash = rows[-1].state_hash if rows else opening[0]
        except sqlite3.Error as error:
            self.db.close()
            raise DamagedSaveError(path, f"the save is damaged: {error}") from None
        except BaseException:
            self.db.close()
            raise

    def close(self) -> None:
        self.db.close()

    @property
    def ply(self) -> int:
        return len(self.live) - 1

    def _log_rows(self) -> list[LogRow]:
        cursor = self.db.execute("SELECT seq, kind, action, ply, state_hash FROM log ORDER BY seq")
        return [LogRow(*row) for row in cursor]

    # --- writing: one transaction per row --------------------------------------------------------

    def append(self, action: Action, state: CombatState) -> int:
        with self._writing("this action"):
            return self._append(action, state)

    def append_undo(self, state: CombatState) -> int:
        with self._writing("this undo"):
            return self._append_undo(state)

    def save_campaign(self, doc: dict[str, Any]) -> None:
        with self._writing("the campaign"):
            stamp = now()
            with self.db.atomic():
                _insert_campaign(self.db, self.seq, doc, stamp)
                self.db.execute("UPDATE game SET last_played = ?", [stamp])

    @contextlib.contextmanager
    def _writing(self, what: str) -> Iterator[None]:
        """SQLite's errors (disk full, file gone read-only) as a SaveError; the transaction was rolled back."""
        if self.failed:
            # the game in memory is ahead of the log now: a later row would not follow on from the log
            raise SaveError(self.path, f"{what} was not saved: an earlier step could not be; load the game again")
        try:
            yield
        except sqlite3.Error as error:
            self.failed = True
            problem = f"{what} could not be saved ({error}); the save still holds everything before it"
            raise SaveError(self.path, problem) from error

    def _append(self, action: Action, state: CombatState) -> int:
        seq, ply, stamp = self.seq + 1, self.ply + 1, now()
        snapshot = ply % SNAPSHOT_EVERY == 0
        text, digest = snapshot_and_hash(state) if snapshot else (None, state_hash(state))
        with self.db.atomic():
            self.db.execute(
                "INSERT INTO log (seq, kind, action, ply, round, state_hash, played_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [seq, "action", json.dumps(action_to_dict(action)), ply, state.round, digest, stamp],
            )
            if snapshot:
                self.db.execute(
                    "INSERT INTO snapshot (seq, ply, state, state_hash) VALUES (?, ?, ?, ?)",
                    [seq, ply, text, digest],
                )
            self.db.execute("UPDATE game SET last_played = ?", [stamp])
        self.seq, self.last_hash = seq, digest
        self.live.append((seq, digest))
        return seq

    def _append_undo(self, state: CombatState) -> int:
        if self.ply == 0:
            raise SaveError(self.path, "there is no action in the save to undo; nothing was recorded")
        digest = state_hash(state)
        if digest != self.live[-2][1]:
            raise SaveError(
                self.path, "the state after undo is not the state before the last saved action; nothing was recorded"
            )
        seq, stamp = self.seq + 1, now()
        with self.db.atomic():
            self.db.execute(
                "INSERT INTO log (seq, kind, ply, round, state_hash, played_at) VALUES (?, ?, ?, ?, ?, ?)",
                [seq, "undo", self.ply - 1, state.round, digest, stamp],
            )
            self.db.execute("UPDATE game SET last_played = ?", [stamp])
        self.seq, self.last_hash = seq, digest
        self.live.pop()
        return seq

    # --- reading -----------------------------------------------------------------------------------

    def header(self) -> dict[str, Any]:
        row = self.db.execute("SELECT * FROM game WHERE id = 1").fetchone()
        if row is None:
            raise DamagedSaveError(self.path, "the save has no game header")
        columns = [d[0] for d in self.db.execute("SELECT * FROM game LIMIT 0").description]
        return dict(zip(columns, row, strict=True))

    def campaign(self) -> dict[str, Any] | None:
        row = self.db.execute("SELECT doc FROM campaign ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        doc = json.loads(row[0])
        if not isinstance(doc, dict):
            raise DamagedSaveError(self.path, "the campaign document is damaged")
        return doc

    def load(self) -> LoadedGame:
        """The game as the log leaves it: newest usable snapshot, then replay, then the hash check."""
        try:
            return self._load()
        except sqlite3.Error as error:
            raise DamagedSaveError(self.path, f"the save is damaged: {error}") from None
        except (ValueError, KeyError, TypeError) as error:
            raise DamagedSaveError(self.path, f"the save is damaged: {error!r}") from None

    def _load(self) -> LoadedGame:
        header = self.header()
        setup = setup_from_columns(header)
        rows = _in_force(self.path, self._log_rows())
        actions = [_action(row) for row in rows]
        notes: list[str] = []
        for base_ply, state in self._starts(rows, setup):
            game = Game(state)
            if None not in actions[:base_ply] and self._replays(game, rows[base_ply:], actions[base_ply:]):
                if not rows:  # nothing played yet: hand the table the opening events to show, as new_combat would
                    opening, events = setup.start()
                    if state_hash(opening) == self.last_hash:
                        game = Game(opening, events)
                loaded = self._loaded(header, setup, game, _readable(actions), self.seq)
                loaded.notes = notes
                return loaded
            notes.append(
                f"the log no longer replays from the state after {base_ply} actions (damaged, or the rules changed); "
                "a newer snapshot was used, so undo reaches less far back"
            )
        raise self._mismatch(setup, header, rows, actions)

    def _replays(self, game: Game, rows: list[LogRow], actions: list[Action | None]) -> bool:
        """Push the actions, checking each row's hash (a few dozen at most) and the log's last hash."""
        try:
            for row, action in zip(rows, actions, strict=True):
                if action is None:
                    return False
                game.push(action)
                if state_hash(game.state) != row.state_hash:
                    return False
        except RulesError:
            return False
        return state_hash(game.state) == self.last_hash

    def _starts(self, rows: list[LogRow], setup: CombatSetup) -> Iterator[tuple[int, CombatState]]:
        """Where a replay may start, best first: the newest good snapshot at least UNDO_REACH actions back
        (so the loaded game can undo), then the newer ones (should the replay from there not match,
        e.g. a rules change since: less undo, nothing lost). Only snapshots still in force count."""
        usable = self._snapshots_in_force(rows)
        latest = max(0, len(rows) - UNDO_REACH)
        preferred = [ply_seq for ply_seq in usable if ply_seq[0] <= latest][-1:]
        for ply, seq in preferred + [ply_seq for ply_seq in usable if ply_seq[0] > latest]:
            state = self._opening_state(setup) if seq == 0 else self._snapshot(seq)
            if state is not None:
                yield ply, state

    def _snapshots_in_force(self, rows: list[LogRow]) -> list[tuple[int, int]]:
        """(ply, seq) of the opening and of every snapshot whose action was not undone, oldest first."""
        in_force = {row.seq: row.ply for row in rows}
        found = self.db.execute("SELECT seq, ply FROM snapshot ORDER BY ply, seq").fetchall()
        return [(ply, seq) for seq, ply in found if seq == 0 or in_force.get(seq) == ply]

    def _snapshot(self, seq: int) -> CombatState | None:
        """The snapshot's state, or None when it is damaged (another snapshot and a longer replay will do)."""
        text, digest = self.db.execute("SELECT state, state_hash FROM snapshot WHERE seq = ?", [seq]).fetchone()
        try:
            state = state_from_dict(json.loads(text))
        except (RulesError, ValueError):
            return None
        return state if state_hash(state) == digest else None

    def _opening_state(self, setup: CombatSetup) -> CombatState | None:
        """The state before any action: the opening snapshot, else the setup started again if it agrees."""
        state = self._snapshot(0)
        if state is None:
            state = setup.start()[0]
            if state_hash(state) != self.live[0][1]:
                return None
        return state

    def _mismatch(
        self, setup: CombatSetup, header: dict[str, Any], rows: list[LogRow], actions: list[Action | None]
    ) -> HashMismatchError:
        """Offer the game up to the last row that still matches, replaying from the newest good snapshot.

        Starting from the newest snapshot rather than the opening matters after a rules change: an early
        action that now plays out differently would otherwise cost the whole game.
        """
        for ply, seq in reversed(self._snapshots_in_force(rows)):
            state = self._opening_state(setup) if seq == 0 else self._snapshot(seq)
            if state is None or None in actions[:ply]:
                continue
            game, good_seq = Game(state), (rows[ply - 1].seq if ply else 0)
            for row, action in zip(rows[ply:], actions[ply:], strict=True):
                try:
                    if action is None:
                        break
                    game.push(action)
                except RulesError:
                    break
                if state_hash(game.state) != row.state_hash:
                    game.state = game.steps.pop().before
                    break
                good_seq = row.seq
            kept = ply + len(game.steps)
            recovered = self._loaded(header, setup, game, _readable(actions[:kept]), good_seq)
            recovered.recovered_from = good_seq
            problem = (
                "replaying the save does not give the states its log recorded (the file was changed or damaged, "
                f"or the rules changed since); it can be recovered as it stood at log entry {good_seq} "
                f"({kept} actions in force)"
            )
            return HashMismatchError(self.path, problem, recovered)
        problem = "no state in the save can be trusted (its snapshots are damaged and its setup no longer agrees)"
        return HashMismatchError(self.path, problem + "; nothing could be recovered", None)

    def _loaded(
        self, header: dict[str, Any], setup: CombatSetup, game: Game, actions: list[Action], seq: int
    ) -> LoadedGame:
        return LoadedGame(
            game_id=self.game_id,
            path=self.path,
            setup=setup,
            players=list(json.loads(header["players"] or "[]")),
            game=game,
            actions=actions,
            seq=seq,
            created_at=header["created_at"],
            last_played=header["last_played"],
            app_version=header["app_version"],
            campaign=self.campaign(),
        )


def _in_force(path: Path, rows: list[LogRow]) -> list[LogRow]:
    """Walk the log as a stack: an action pushes, an undo pops. Checks each row's ply as it goes."""
    stack: list[LogRow] = []
    for row in rows:
        if row.kind == "action":
            stack.append(row)
        elif row.kind == "undo" and stack:
            stack.pop()
        else:
            raise DamagedSaveError(path, f"log entry {row.seq} is damaged (kind {row.kind!r})")
        if row.ply != len(stack):
            raise DamagedSaveError(path, f"log entry {row.seq} is out of step (ply {row.ply}, expected {len(stack)})")
    return stack


def _action(row: LogRow) -> Action | None:
    """The row's action, or None when it cannot be read (the replay then stops there)."""
    try:
        return action_from_dict(json.loads(row.action or ""))
    except (ValueError, KeyError, TypeError):
        return None


def _readable(actions: list[Action | None]) -> list[Action]:
    """The actions of a replay that went through: every one was read, or it could not have been pushed."""
    return [action for action in actions if action is not None]


def backup(source: Path, target: Path) -> None:
    """Copy a save with SQLite's backup API (consistent even with a WAL beside it) into one plain file."""
    if target.exists():
        raise SaveError(target, "a file with this name already exists; it was left as it is")
    from .schema import connect_read_only

    src = connect_read_only(source)
    part = target.with_name(target.name + ".part")
    for leftover in _companions(part):
        leftover.unlink(missing_ok=True)
    dst = sqlite3.connect(part)
    try:
        src.backup(dst)
        dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no -wal beside it
    finally:
        dst.close()
        src.close()
    publish(part, target)
