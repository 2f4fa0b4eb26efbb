"""The save file's tables, their migrations, and the read-only check a file passes before anything writes to it.

Every migration ends by stamping its number into ``PRAGMA user_version`` and the header's ``save_format`` in
the same transaction, so the number always tells which tables a file has; the ``_sqlite_migrations`` table
that sqlite-utils keeps is the record of what ran.

The check needs only ``sqlite3``; sqlite-utils (``migrations``, ``open_for_writing``) loads when a save is first
written or migrated, so listing the saves for the title screen stays cheap.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from .errors import DamagedSaveError, NewerSaveError, NotASaveError, UnknownGameError

if TYPE_CHECKING:
    from sqlite_utils import Database, Migrations

MIGRATION_SET = "rt0-table-save"
SQLITE_MAGIC = b"SQLite format 3\x00"


def _stamp(db: Database, version: int) -> None:
    db.execute(f"PRAGMA user_version = {version}")
    if db.table("game").exists():
        db.execute("UPDATE game SET save_format = ?", [version])


def m001_game_log_snapshots(db: Database) -> None:
    """Format 1: the header, the append-only log and the snapshots."""
    db.table("game").create(
        {
            "id": int,  # always 1: one game per file
            "app_version": str,
            "save_format": int,
            "state_format": int,  # serialize.FORMAT of the engine that wrote the snapshots
            "ruleset": str,
            "seed": int,
            "room_size": int,
            "practice": int,
            "fighters": str,
            "adversaries": str,
            "bestiary": str,
            "players": str,
            "created_at": str,
            "last_played": str,
        },
        pk="id",
        not_null={"app_version", "save_format", "ruleset", "seed", "room_size", "created_at", "last_played"},
    )
    db.table("log").create(
        {
            "seq": int,  # position in the log, from 1, never reused
            "kind": str,  # "action" or "undo"
            "action": str,  # action_to_dict JSON; NULL for an undo
            "ply": int,  # actions in force after this row (an undo takes one away)
            "round": int,
            "state_hash": str,  # serialize.state_hash after this row
            "played_at": str,
        },
        pk="seq",
        not_null={"kind", "ply", "state_hash", "played_at"},
    )
    db.table("snapshot").create(
        {
            "seq": int,  # the log row it follows; 0 is the opening state
            "ply": int,
            "state": str,  # serialize.state_to_dict JSON
            "state_hash": str,
        },
        pk="seq",
        not_null={"ply", "state", "state_hash"},
    )
    _stamp(db, 1)


def m002_campaign(db: Database) -> None:
    """Format 2: the campaign between fights, one JSON document per save, newest row wins."""
    db.table("campaign").create(
        {
            "id": int,
            "seq": int,  # the log position when it was saved
            "version": int,  # the document's own format, owned by the campaign code
            "doc": str,
            "saved_at": str,
        },
        pk="id",
        not_null={"seq", "version", "doc", "saved_at"},
    )
    _stamp(db, 2)


SETUP_COLUMNS = ("seed", "room_size", "practice", "fighters", "adversaries", "bestiary")


def m003_fights(db: Database) -> None:
    """Format 3: a save is a playthrough; each fight has a row of its own, and the log and snapshots say whose.

    An older save held one fight: it becomes fight 1, opened at log position 0, with the header's setup.
    """
    db.table("fight").create(
        {
            "number": int,  # from 1; the highest is the fight in play (or the last one played)
            "opened_seq": int,  # the log position of its opening snapshot; its actions come after it
            "seed": int,
            "room_size": int,
            "practice": int,
            "fighters": str,
            "adversaries": str,
            "bestiary": str,
            "started_at": str,
        },
        pk="number",
        not_null={"opened_seq", "seed", "room_size", "started_at"},
    )
    db.table("log").add_column("fight", int, not_null_default=1)
    db.table("snapshot").add_column("fight", int, not_null_default=1)
    columns = ", ".join(SETUP_COLUMNS)
    db.execute(
        f"INSERT INTO fight (number, opened_seq, {columns}, started_at) SELECT 1, 0, {columns}, created_at FROM game"
    )
    _stamp(db, 3)


def m004_fight_day(db: Database) -> None:
    """Format 4: each fight keeps the campaign's Day it was started on (``CombatSetup.day``); older fights had none
    (Day 0, as they were started)."""
    db.table("fight").add_column("day", int, not_null_default=0)
    _stamp(db, 4)


# The header's summary of the save (format 5): what the load screen shows, written with every change so that
# listing the folder reads this one row and nothing else.
SUMMARY_COLUMNS = ("fight", "round", "ply", "day", "mode")
_NEWEST_FIGHT = "(SELECT max(number) FROM fight)"
_LAST_ROW = f"FROM log WHERE fight = {_NEWEST_FIGHT} ORDER BY seq DESC LIMIT 1"
_DOC = "(SELECT doc FROM campaign ORDER BY id DESC LIMIT 1)"


def _doc_field(key: str, json_type: str) -> str:
    """The newest campaign document's ``key`` when it is valid JSON of that type, else NULL (never an error)."""
    return (
        f"(SELECT CASE WHEN json_valid(d) AND json_type(d, '$.{key}') = '{json_type}' "
        f"THEN json_extract(d, '$.{key}') END FROM (SELECT {_DOC} AS d))"
    )


def m005_ruleset_setup_summary(db: Database) -> None:
    """Format 5: each fight's set-up is one JSON document that its ruleset's codec owns (``fight.setup``, in
    place of RT:0's six columns), and the header holds the save's summary (``SUMMARY_COLUMNS``) in place of
    fight 1's set-up, which ``fight`` has kept since format 3."""
    db.execute("ALTER TABLE fight ADD COLUMN setup TEXT NOT NULL DEFAULT '{}'")
    db.execute(
        "UPDATE fight SET setup = json_object('seed', seed, 'room_size', room_size, 'practice', practice,"
        " 'fighters', json(fighters), 'adversaries', json(adversaries), 'bestiary', json(bestiary), 'day', day)"
    )
    for column in (*SETUP_COLUMNS, "day"):
        db.execute(f"ALTER TABLE fight DROP COLUMN {column}")
    for column in SETUP_COLUMNS:
        db.execute(f"ALTER TABLE game DROP COLUMN {column}")
    for column in ("fight", "round", "ply"):
        db.execute(f"ALTER TABLE game ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE game ADD COLUMN day INTEGER")
    db.execute("ALTER TABLE game ADD COLUMN mode TEXT")
    db.execute(
        f"UPDATE game SET fight = coalesce({_NEWEST_FIGHT}, 0), ply = coalesce((SELECT ply {_LAST_ROW}), 0),"
        f" round = coalesce((SELECT round {_LAST_ROW}), 0), day = {_doc_field('day', 'integer')},"
        f" mode = {_doc_field('mode', 'text')}"
    )
    _stamp(db, 5)


STORY = "story"  # the log row kind of a change to the playthrough between fights (format 6)
TABLE_OP = "table"  # a story row's "op" when a fight's step wrote the journal (its own row holds the step)
UNDO_OP = "undo"  # a story row's "op" when it took a step back (its "reach": the steps undo could take back after it)


def m006_story_rows(db: Database) -> None:
    """Format 6: every change to the playthrough is a ``log`` row of kind ``story`` (fight 0, ply 0, round 0): its
    ``action`` holds the op and the change to the campaign document as a delta (``doc_delta``), its ``state_hash``
    the document's hash after it. The ``campaign`` table keeps a whole document only now and then (its ``seq`` is
    the row it follows), so a save grows with play, not with its square. No table changes: older saves hold no such
    rows and read as before; the number keeps older versions from reading a document that is out of date."""
    _stamp(db, 6)


# In order; a step's name is its function's.
STEPS = (
    m001_game_log_snapshots,
    m002_campaign,
    m003_fights,
    m004_fight_day,
    m005_ruleset_setup_summary,
    m006_story_rows,
)
MIGRATION_NAMES = tuple(step.__name__ for step in STEPS)
SAVE_FORMAT = len(MIGRATION_NAMES)


@cache
def migration_set() -> Migrations:
    """The sqlite-utils migration set of the save format: ``STEPS`` registered in order under ``MIGRATION_SET``."""
    from sqlite_utils import Migrations

    steps = Migrations(MIGRATION_SET)
    for step in STEPS:
        steps()(step)
    assert tuple(m.name for m in steps._migrations) == MIGRATION_NAMES
    return steps


def __getattr__(name: str) -> Migrations:
    """``schema.migrations``, built on first use (module ``__getattr__``, PEP 562)."""
    if name == "migrations":
        return migration_set()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class FileCheck:
    path: Path
    save_format: int

    @property
    def needs_migration(self) -> bool:
        return self.save_format < SAVE_FORMAT


def connect_read_only(path: Path, wal: bool | None = None) -> sqlite3.Connection:
    """A connection that cannot write to the file, whatever goes wrong after it opens, and adds no file beside it.

    A save in WAL mode opened ``mode=ro`` gets a ``-wal`` and a ``-shm`` that the read-only connection cannot
    remove when it closes. Without a ``-wal`` beside it, everything the file holds is in the file itself, so
    it is opened ``immutable`` (no locks, no companions); with one (a game open in this window, or one whose app
    was killed), ``mode=ro`` reads the file and its log together, and the companions were there already.
    ``wal``: whether a ``-wal`` is there, when the caller has read the folder already (listing: no stat per save);
    ``path`` is then absolute.
    """
    if wal is None:
        wal, path = path.with_name(path.name + "-wal").exists(), path.resolve()
    return sqlite3.connect(f"file:{quote(str(path))}?mode={'ro' if wal else 'ro&immutable=1'}", uri=True)


def check_file(path: Path, thorough: bool = False) -> FileCheck:
    """Is this a save this version can open? Read-only; raises a ``SaveError`` naming the file if not.

    ``thorough`` adds SQLite's ``quick_check`` over every page (milliseconds for a game's file).
    """
    if not path.is_file():
        raise UnknownGameError(path, "there is no save file here")
    with path.open("rb") as file:
        magic = file.read(len(SQLITE_MAGIC))
    if magic != SQLITE_MAGIC:
        problem = "the file is empty" if not magic else "the file is not an SQLite database"
        raise NotASaveError(path, f"this is not an RT:0 Table save ({problem})")
    try:
        conn = connect_read_only(path)
    except sqlite3.Error as error:
        raise DamagedSaveError(path, f"the save cannot be opened: {error}") from None
    try:
        return _check_open(path, conn, thorough)
    except sqlite3.Error as error:
        raise DamagedSaveError(path, f"the save is damaged: {error}") from None
    except UnicodeDecodeError:  # a text column whose bytes are not UTF-8: damage SQLite's pages may not show
        raise DamagedSaveError(path, "the save is damaged: it holds text that is not UTF-8") from None
    finally:
        conn.close()


def _check_open(path: Path, conn: sqlite3.Connection, thorough: bool) -> FileCheck:
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "_sqlite_migrations" not in tables or "game" not in tables:
        raise NotASaveError(path, "this is an SQLite database, but not an RT:0 Table save")
    applied = [
        row[0]
        for row in conn.execute(
            "SELECT name FROM _sqlite_migrations WHERE migration_set = ? ORDER BY rowid", [MIGRATION_SET]
        )
    ]
    if not applied:
        raise NotASaveError(path, "this is an SQLite database, but not an RT:0 Table save")
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    unknown = [name for name in applied if name not in MIGRATION_NAMES]
    if unknown or version > SAVE_FORMAT:
        raise NewerSaveError(path, version if version > SAVE_FORMAT else len(applied), SAVE_FORMAT)
    if applied != list(MIGRATION_NAMES[: len(applied)]) or version != len(applied):
        raise DamagedSaveError(path, f"the save's format record is inconsistent (format {version}, steps {applied})")
    if thorough:
        verdict = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if verdict != ["ok"]:
            raise DamagedSaveError(path, f"SQLite finds the save damaged: {'; '.join(verdict[:3])}")
    if conn.execute("SELECT count(*) FROM game").fetchone()[0] != 1:
        raise DamagedSaveError(path, "the save has no game header (it was never finished being created)")
    return FileCheck(path, version)


# Every table a save of this format may hold; the app writes no views or triggers.
KNOWN_TABLES = frozenset({"_sqlite_migrations", "game", "log", "snapshot", "campaign", "fight", "sqlite_sequence"})
KNOWN_INDEXES = frozenset({"idx__sqlite_migrations_migration_set_name"})  # sqlite-utils' own, on its migrations


def check_import(path: Path) -> FileCheck:
    """``check_file`` (thorough) and more, for a file from outside the folder: it holds only our tables.

    A trigger would run on every autosave once the game is ours, and a view or an unknown table is nothing this
    app wrote, so such a file is refused (not cleaned): the player's file stays as it is and we keep nothing.
    """
    check = check_file(path, thorough=True)
    try:
        conn = connect_read_only(path)
        try:
            objects = conn.execute("SELECT type, name FROM sqlite_master ORDER BY type, name").fetchall()
        finally:
            conn.close()
    except (sqlite3.Error, UnicodeDecodeError) as error:
        raise DamagedSaveError(path, f"the save is damaged: {error}") from None
    foreign = [
        f"{kind} {name!r}"
        for kind, name in objects
        if not (kind == "table" and name in KNOWN_TABLES)
        and not (kind == "index" and (name in KNOWN_INDEXES or str(name).startswith("sqlite_autoindex_")))
    ]
    if foreign:
        listed = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
        raise NotASaveError(
            path, f"this file holds SQL that RT:0 Table never writes ({listed}), so it was not imported"
        )
    return check


def open_for_writing(path: Path) -> Database:
    """Open a checked (or brand-new) save for writing: WAL, and durability set for this connection."""
    from sqlite_utils import Database

    db = Database(path, execute_plugins=False)
    db.enable_wal()
    # WAL + NORMAL: a commit survives the app being killed; only a power cut may lose the last
    # moves, never consistency (sqlite.org pragma docs). FULL costs an fsync per action.
    db.execute("PRAGMA synchronous = NORMAL")
    return db
