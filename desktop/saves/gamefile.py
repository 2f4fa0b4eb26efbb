"""One game's save file: create it and append to its log (replay.py reads it back).

The log is append-only. An undo is a row of its own ("undo", with the state hash after it), not a
deletion: the history stays whole, a crash mid-undo cannot lose an older action, and loading walks
the log as a stack (an action pushes, an undo pops) to find the actions in force.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from sqlite_utils import Database

from .copies import publish, remove
from .doc_delta import doc_hash, patch
from .errors import DamagedSaveError, SaveError
from .loaded import StandInAnswer, UndoDoc, UndoReach
from .log_writer import LogWriter
from .playthrough_rules import PlaythroughRules, SavedFight, playthrough_rules
from .schema import SAVE_FORMAT, STORY, TABLE_OP, UNDO_OP, check_file, migration_set, open_for_writing
from .setup_codec import RT0, known_ruleset

LIVE_KEPT = 512  # in-force (seq, hash) pairs kept in memory; an undo past them reads the log again
STAND_IN = "stand_in"  # the key of an action row's JSON that marks the GM stand-in's answers
SNAPSHOT_EVERY = 25  # actions in force between snapshots: bounds the replay on load


def round_of(state: Any) -> int:
    """The state's round for the header's summary (0 for a game that counts none)."""
    number = getattr(state, "round", 0)
    return number if isinstance(number, int) else 0


def action_json(rules: PlaythroughRules, action: Any, answer: StandInAnswer | None = None) -> str:
    """The log row's ``action`` column: the ruleset's action codec, plus ``stand_in`` when the GM stand-in made the
    step. The codec ignores the extra key, so a save with it still loads in a version that does not read it.
    """
    data: dict[str, Any] = rules.encode_action(action)
    if answer is not None:
        data[STAND_IN] = {"kind": answer.kind, "label": answer.label, "reason": answer.reason}
    return json.dumps(data)


def answer_from_json(rules: PlaythroughRules, text: str | None) -> StandInAnswer | None:
    """The stand-in's answer kept with a row's action, or None for the players' own steps (and unreadable rows)."""
    return read_row(rules, text)[1]


_UNREADABLE = (ValueError, KeyError, TypeError, AttributeError, OverflowError, RecursionError)


def row_problem(rules: PlaythroughRules, text: str | None) -> str:
    """Why ``read_row`` could not read a row, in words (asked only for a row that failed)."""
    try:
        rules.decode_action(json.loads(text or "null"))
    except RecursionError:
        return "it holds data nested too deeply to read"
    except _UNREADABLE as error:
        return str(error) or type(error).__name__
    return "it cannot be read"


def read_row(rules: PlaythroughRules, text: str | None) -> tuple[Any | None, StandInAnswer | None]:
    """A log row's action and the stand-in's answer from one parse of its JSON; (None, None) when the row cannot
    be read, whatever it holds (a list, numbers out of range, nesting past Python's limit)."""
    try:
        data = json.loads(text or "null")
        if not isinstance(data, dict):
            return None, None
        action = rules.decode_action(data)
    except _UNREADABLE:
        return None, None
    found = data.get(STAND_IN)
    if not isinstance(found, dict) or not all(isinstance(found.get(k), str) for k in ("kind", "label", "reason")):
        return action, None
    return action, StandInAnswer(found["kind"], found["label"], found["reason"])


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class LogRow(NamedTuple):
    """One row of a fight's log (a tuple: a long fight has tens of thousands of them to read on load)."""

    seq: int
    kind: str
    action: str | None
    ply: int
    state_hash: str


def create(
    path: Path,
    setup: SavedFight | None,
    players: list[str],
    app_version: str,
    campaign: dict[str, Any] | None = None,
    ruleset: str = RT0,
) -> None:
    """Write a new save at ``path``, which must not exist; it appears there complete or not at all, and nothing
    is left behind when it cannot be written (``SaveError`` naming ``path``).

    With a ``setup`` the save opens on fight 1 (at log position 0); without one it is a playthrough
    whose first fight is still to come (``GameFile.begin_fight`` starts it). ``ruleset`` is the game's key (RT:0,
    the one game with playthroughs so far, unless told).
    """
    rules = playthrough_rules(path, ruleset)
    if path.exists():
        raise SaveError(path, "a save with this name already exists; it was left as it is")
    part = path.with_name(path.name + ".part")  # a leftover .part is an unfinished creation of ours
    try:
        remove(part)
        _build(part, rules, setup, players, app_version, campaign)
        publish(part, path)
    except (sqlite3.Error, OSError) as error:
        raise SaveError(path, f"the new game cannot be saved here: {_why(error)}") from None
    finally:
        remove(part)  # gone already when published; never left behind when not


def _why(error: BaseException) -> str:
    return (error.strerror if isinstance(error, OSError) else None) or str(error) or type(error).__name__


def _build(
    part: Path,
    rules: PlaythroughRules,
    setup: SavedFight | None,
    players: list[str],
    app_version: str,
    campaign: dict[str, Any] | None,
) -> None:
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
                    "state_format": rules.state_format,
                    "ruleset": rules.key,
                    "players": players,
                    "created_at": stamp,
                    "last_played": stamp,
                    **(_doc_summary(campaign) if campaign is not None else {}),
                }
            )
            if setup is not None:
                _open_fight(db, rules, 1, 0, setup, stamp)
            if campaign is not None:
                _insert_campaign(db, 0, campaign, stamp)
    finally:
        db.close()


def _doc_summary(doc: dict[str, Any]) -> dict[str, Any]:
    """The header's Day and mode from a campaign document (the load screen's columns), None when it has none."""
    day, mode = doc.get("day"), doc.get("mode")
    return {
        "day": day if isinstance(day, int) and not isinstance(day, bool) else None,
        "mode": mode if isinstance(mode, str) else None,
    }


def _open_fight(db: Database, rules: PlaythroughRules, number: int, seq: int, setup: SavedFight, stamp: str) -> str:
    """The fight's row (its set-up through the ruleset's codec) and its opening snapshot at log position ``seq``,
    and the header's summary moved to it; returns the opening state's hash."""
    state, _events = setup.start()
    text, digest = rules.snapshot(state)
    db.execute(
        "INSERT INTO fight (number, opened_seq, setup, started_at) VALUES (?, ?, ?, ?)",
        [number, seq, fight_text(rules, setup), stamp],
    )
    db.execute(
        "INSERT INTO snapshot (seq, ply, state, state_hash, fight) VALUES (?, 0, ?, ?, ?)", [seq, text, digest, number]
    )
    db.execute("UPDATE game SET fight = ?, ply = 0, round = ?, last_played = ?", [number, round_of(state), stamp])
    return digest


def fight_text(rules: PlaythroughRules, setup: SavedFight) -> str:
    """A fight's set-up as the JSON text of ``fight.setup``, through its ruleset's codec."""
    return json.dumps(rules.encode_saved_fight(setup), separators=(",", ":"))


def fight_from_text(path: Path, rules: PlaythroughRules, text: str) -> SavedFight:
    """``fight.setup`` read back; ``DamagedSaveError`` naming the field when it is not a set-up the game makes."""
    try:
        return rules.decode_saved_fight(json.loads(text))
    except RecursionError:
        raise DamagedSaveError(path, "the fight's set-up is nested too deeply to read") from None
    except (ValueError, TypeError, KeyError) as error:  # a RulesError is a ValueError
        raise DamagedSaveError(path, f"the fight's set-up is damaged: {error}") from None


def _insert_campaign(db: Database, seq: int, doc: dict[str, Any], stamp: str) -> None:
    version = doc.get("version") if isinstance(doc, dict) else None
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("a campaign document is a dict with an int 'version'")
    db.execute(
        "INSERT INTO campaign (seq, version, doc, saved_at) VALUES (?, ?, ?, ?)",
        [seq, version, json.dumps(doc), stamp],  # key order kept: the campaign code may rely on it
    )


class GameFile:
    """An open save of the current format: one writable connection, the newest in-force hashes kept for appends."""

    def __init__(self, game_id: str, path: Path, live: bool = True) -> None:
        """``live=False`` leaves the in-force stack to whoever reads the log next (``replay.load`` reads every row
        anyway, and hands it over with ``follow``), so loading walks the log once."""
        check = check_file(path)
        if check.needs_migration:  # the store migrates a checked copy first (store._upgrade); never in place here
            raise DamagedSaveError(path, f"the save is in format {check.save_format} and has not been migrated")
        self.game_id = game_id
        self.path = path
        self.db = open_for_writing(path)
        try:
            self.log = LogWriter(path, self.db)
            self.ruleset = known_ruleset(path, self.db.execute("SELECT ruleset FROM game WHERE id = 1").fetchone()[0])
            fight = self.db.execute("SELECT number, opened_seq FROM fight ORDER BY number DESC LIMIT 1").fetchone()
            self.fight, self.opened = (int(fight[0]), int(fight[1])) if fight else (0, 0)  # 0: no fight yet
            self.last_hash = ""
            self.opening_hash = ""  # the current fight's opening state's hash
            # (seq, hash) of the current fight's opening and of the actions in force, oldest first; only the
            # newest LIVE_KEPT of them, ``live_base`` more came before (``_reach_back`` reads them when undo does)
            self.live: list[tuple[int, str]] = []
            self.live_base = 0
            if self.fight and live:
                self._read_live()
        except sqlite3.Error as error:
            self.db.close()
            raise DamagedSaveError(path, f"the save is damaged: {error}") from None
        except BaseException:
            self.db.close()
            raise

    @property
    def failed(self) -> bool:
        """A write failed: refuse more until the game is loaded again."""
        return self.log.failed

    @failed.setter
    def failed(self, failed: bool) -> None:
        self.log.failed = failed

    @property
    def seq(self) -> int:
        return self.log.seq

    @seq.setter
    def seq(self, seq: int) -> None:
        self.log.seq = seq

    def _read_live(self) -> None:
        """The in-force stack from the log's seq, kind, ply and hash (no action is parsed for it)."""
        rows = self.db.execute(
            "SELECT seq, kind, NULL, ply, state_hash FROM log WHERE fight = ? AND seq > ? ORDER BY seq",
            [self.fight, self.opened],
        )
        all_rows = [LogRow._make(r) for r in rows]
        self.follow(in_force(self.path, all_rows), all_rows[-1] if all_rows else None)

    def follow(self, rows: list[LogRow], last: LogRow | None) -> None:
        """Take the in-force stack from the current fight's rows in force (oldest first) and its last row."""
        opening = self.db.execute(
            "SELECT state_hash FROM snapshot WHERE seq = ? AND fight = ?", [self.opened, self.fight]
        ).fetchone()
        if opening is None:
            raise DamagedSaveError(self.path, "the save has lost the opening state of its fight")
        self.opening_hash = str(opening[0])
        stack = [(self.opened, self.opening_hash), *((row.seq, row.state_hash) for row in rows)]
        self.live_base = max(0, len(stack) - LIVE_KEPT)
        self.live = stack[self.live_base :]
        self.last_hash = str(last.state_hash) if last is not None else self.opening_hash

    @functools.cached_property
    def rules(self) -> PlaythroughRules:
        """The rules of the game the header names: its codecs and hash read and write every row."""
        return playthrough_rules(self.path, self.ruleset)

    def close(self) -> None:
        self.db.close()

    @property
    def ply(self) -> int:
        return self.live_base + len(self.live) - 1

    def log_rows(self) -> list[LogRow]:
        """The current fight's actions and undos (its opening row, and earlier fights' rows, are not among them)."""
        cursor = self.db.execute(
            "SELECT seq, kind, action, ply, state_hash FROM log WHERE fight = ? AND seq > ? ORDER BY seq",
            [self.fight, self.opened],
        )
        return [LogRow._make(row) for row in cursor]

    # --- writing: one transaction per row --------------------------------------------------------

    def append(self, action: Any, state: Any, answer: StandInAnswer | None = None) -> int:
        """``answer``: the GM stand-in made this step, for these reasons (kept in the row's action JSON)."""
        with self.log.writing("this action"):
            return self._append(action, state, answer)

    def append_undo(self, state: Any) -> int:
        with self.log.writing("this undo"):
            return self._append_undo(state)

    def begin_fight(self, setup: SavedFight) -> int:
        """Start the next fight: its row, a ``fight`` log row and its opening snapshot, in one transaction.

        The fights before it stay in the file; loading and appending see only the newest. Returns its number.
        """
        with self.log.writing("the new fight"):
            number, seq, stamp = self.fight + 1, self.seq + 1, now()
            with self.db.atomic():
                digest = _open_fight(self.db, self.rules, number, seq, setup, stamp)
                self.log.row("fight", None, 0, 0, digest, number, stamp)
        self.fight, self.opened, self.seq, self.last_hash = number, seq, seq, digest
        self.live, self.live_base, self.opening_hash = [(seq, digest)], 0, digest
        return number

    def save_campaign(self, doc: dict[str, Any]) -> None:
        with self.log.writing("the campaign"):
            stamp = now()
            summary = _doc_summary(doc)
            with self.db.atomic():
                _insert_campaign(self.db, self.seq, doc, stamp)
                self.db.execute(
                    "UPDATE game SET last_played = ?, day = ?, mode = ?", [stamp, summary["day"], summary["mode"]]
                )

    def append_story(self, record: dict[str, Any], digest: str, snapshot: dict[str, Any] | None = None) -> int:
        """One change to the playthrough: a ``story`` log row (the op and the document's delta, ``record``), and the
        whole document after it when ``snapshot`` is given, in one transaction. Returns its log position."""
        with self.log.writing("this change"):
            seq, stamp = self.seq + 1, now()
            with self.db.atomic():
                self.log.row(STORY, json.dumps(record, separators=(",", ":")), 0, 0, digest, 0, stamp)
                if snapshot is not None:
                    _insert_campaign(self.db, seq, snapshot, stamp)
                day = record.get("day")  # the summary's Day moves with the change rows too (listing reads it alone)
                if isinstance(day, int) and not isinstance(day, bool):
                    self.db.execute("UPDATE game SET last_played = ?, day = ?", [stamp, day])
                else:
                    self.db.execute("UPDATE game SET last_played = ?", [stamp])
            self.seq = seq
            return seq

    def _append(self, action: Any, state: Any, answer: StandInAnswer | None) -> int:
        self._need_fight()
        seq, ply, stamp, rules = self.seq + 1, self.ply + 1, now(), self.rules
        snapshot = ply % SNAPSHOT_EVERY == 0
        text, digest = rules.snapshot(state) if snapshot else (None, rules.state_hash(state))
        number = round_of(state)
        with self.db.atomic():
            self.log.row("action", action_json(rules, action, answer), ply, number, digest, self.fight, stamp)
            if snapshot:
                self.db.execute(
                    "INSERT INTO snapshot (seq, ply, state, state_hash, fight) VALUES (?, ?, ?, ?, ?)",
                    [seq, ply, text, digest, self.fight],
                )
            self.db.execute("UPDATE game SET last_played = ?, ply = ?, round = ?", [stamp, ply, number])
        self.seq, self.last_hash = seq, digest
        self.live.append((seq, digest))
        if len(self.live) > 2 * LIVE_KEPT:  # amortised: drop the oldest half now and then
            self.live_base += len(self.live) - LIVE_KEPT
            del self.live[: len(self.live) - LIVE_KEPT]
        return seq

    def _need_fight(self) -> None:
        if not self.fight:
            raise SaveError(self.path, "no fight has begun in this save, so there is no action to record")

    def _append_undo(self, state: Any) -> int:
        self._need_fight()
        if self.ply == 0:
            raise SaveError(self.path, "there is no action in the save to undo; nothing was recorded")
        if len(self.live) < 2:
            self._read_live()  # the undo reaches past what is kept in memory: read the stack from the log
        digest = self.rules.state_hash(state)
        if digest != self.live[-2][1]:
            raise SaveError(
                self.path, "the state after undo is not the state before the last saved action; nothing was recorded"
            )
        seq, stamp, ply, number = self.seq + 1, now(), self.ply - 1, round_of(state)
        with self.db.atomic():
            self.log.row("undo", None, ply, number, digest, self.fight, stamp)
            self.db.execute("UPDATE game SET last_played = ?, ply = ?, round = ?", [stamp, ply, number])
        self.seq, self.last_hash = seq, digest
        self.live.pop()
        return seq

    # --- reading -----------------------------------------------------------------------------------

    def header(self) -> dict[str, Any]:
        cursor = self.db.execute("SELECT * FROM game WHERE id = 1")
        row = cursor.fetchone()
        if row is None:
            raise DamagedSaveError(self.path, "the save has no game header")
        return dict(zip([d[0] for d in cursor.description], row, strict=True))

    def fight_setup(self) -> SavedFight:
        """The current fight's set-up, from its row in ``fight``, through its ruleset's codec; ``DamagedSaveError``
        naming the field when it is not a set-up the game makes."""
        row = self.db.execute("SELECT setup FROM fight WHERE number = ?", [self.fight]).fetchone()
        if row is None:
            raise DamagedSaveError(self.path, f"the save has lost the setup of fight {self.fight}")
        return fight_from_text(self.path, self.rules, row[0])

    def campaign(self) -> dict[str, Any] | None:
        """The campaign document as it stands: the newest whole one, and every change after it (format 6), each
        checked against the hash its row recorded."""
        row = self.db.execute("SELECT seq, doc FROM campaign ORDER BY id DESC LIMIT 1").fetchone()
        if row is None:
            return None
        try:
            doc = json.loads(row[1])
        except RecursionError:
            raise DamagedSaveError(self.path, "the campaign document is nested too deeply to read") from None
        except (ValueError, TypeError):
            raise DamagedSaveError(self.path, "the campaign document is not JSON") from None
        if not isinstance(doc, dict):
            raise DamagedSaveError(self.path, "the campaign document is damaged (it is not a JSON object)")
        changes = self.db.execute(
            "SELECT seq, action, state_hash FROM log WHERE kind = ? AND seq > ? ORDER BY seq", [STORY, row[0]]
        )
        for seq, text, digest in changes:
            try:
                record = json.loads(text or "null")
                doc = patch(doc, record["delta"] if isinstance(record, dict) else None)
            except RecursionError:
                raise DamagedSaveError(self.path, f"log entry {seq} is nested too deeply to read") from None
            except (ValueError, KeyError, TypeError) as error:
                raise DamagedSaveError(self.path, f"log entry {seq} is damaged ({error})") from None
            if not isinstance(doc, dict) or doc_hash(doc) != digest:
                raise DamagedSaveError(
                    self.path, f"log entry {seq} does not give the party's record it recorded (the file was changed)"
                )
        return doc

    def undo_reach(self) -> UndoReach:
        """The steps undo between fights could take back when the save was left (``undo_reach``)."""
        return undo_reach(self.path, self.db)


def undo_reach(path: Path, db: Database) -> UndoReach:
    """What undo could take back of the playthrough's own steps when the save was left: (the op's name, the document
    before it, its log position) for each step, oldest first. Each change row records ``reach``, the steps undo could
    take back after it (rows before that record nothing, as nothing could be taken back once reopened). The walk
    starts at the newest row with nothing to take back, from the newest whole document at or before it, so it reads
    only what undo can reach; ``stood`` is the newest row of an op that revealed something."""
    rows = db.execute("SELECT seq, action, state_hash FROM log WHERE kind = ? ORDER BY seq DESC", [STORY])
    walk: list[tuple[int, dict[str, Any], str]] = []  # newest first, back to the first row after the base
    base = stood = 0
    for seq, text, digest in rows:
        record = _record(path, seq, text)
        reaches = isinstance(record.get("reach"), int) and record["reach"] > 0
        if not base:
            if reaches:
                walk.append((seq, record, str(digest)))
                continue
            base = seq
        if not reaches and record.get("op") not in (TABLE_OP, UNDO_OP):  # an op of its own that no undo passes
            stood = seq
            break
    if not walk:
        return UndoReach([], stood)
    whole = db.execute("SELECT seq, doc FROM campaign WHERE seq <= ? ORDER BY id DESC LIMIT 1", [base]).fetchone()
    if whole is None:
        return UndoReach([], stood)
    doc = _document(path, whole[1])
    between = db.execute(
        "SELECT seq, action, state_hash FROM log WHERE kind = ? AND seq > ? AND seq <= ? ORDER BY seq",
        [STORY, whole[0], base],
    )
    for seq, text, digest in between:
        doc = _patched(path, seq, doc, _record(path, seq, text), str(digest))
    stack: list[UndoDoc] = []
    for seq, record, digest in reversed(walk):
        before, doc = doc, _patched(path, seq, doc, record, digest)
        reach, name = int(record["reach"]), str(record.get("op"))
        if name == UNDO_OP:
            del stack[reach:]
        else:
            stack.extend(UndoDoc(name, before, seq) for _ in range(reach - len(stack)))  # an op no row recorded
            del stack[reach:]
    return UndoReach(stack, stood)


def _record(path: Path, seq: int, text: str | None) -> dict[str, Any]:
    try:
        record = json.loads(text or "null")
    except RecursionError:
        raise DamagedSaveError(path, f"log entry {seq} is nested too deeply to read") from None
    except ValueError as error:
        raise DamagedSaveError(path, f"log entry {seq} is damaged ({error})") from None
    if not isinstance(record, dict):
        raise DamagedSaveError(path, f"log entry {seq} is damaged (it is not a JSON object)")
    return record


def _document(path: Path, text: str) -> dict[str, Any]:
    try:
        doc = json.loads(text)
    except RecursionError:
        raise DamagedSaveError(path, "the campaign document is nested too deeply to read") from None
    except (ValueError, TypeError):
        raise DamagedSaveError(path, "the campaign document is not JSON") from None
    if not isinstance(doc, dict):
        raise DamagedSaveError(path, "the campaign document is damaged (it is not a JSON object)")
    return doc


def _patched(path: Path, seq: int, doc: dict[str, Any], record: dict[str, Any], digest: str) -> dict[str, Any]:
    """The document after change row ``seq``, checked against the hash the row recorded."""
    try:
        after = patch(doc, record["delta"])
    except RecursionError:
        raise DamagedSaveError(path, f"log entry {seq} is nested too deeply to read") from None
    except (ValueError, KeyError, TypeError) as error:
        raise DamagedSaveError(path, f"log entry {seq} is damaged ({error})") from None
    if not isinstance(after, dict) or doc_hash(after) != digest:
        raise DamagedSaveError(
            path, f"log entry {seq} does not give the party's record it recorded (the file was changed)"
        )
    return after


def in_force(path: Path, rows: Iterable[LogRow]) -> list[LogRow]:
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
