"""The save folder: one SQLite file per game, one window at a time.

One file per game rather than one database for all: a damaged file, or one from a newer version,
costs that game and no other; export is a copy of the very same format; deleting a game is
removing a file.

Opening the store and listing the saves (the title screen's Continue and Load) need only ``sqlite3``:
the rules engine and sqlite-utils load when a game is created, written, loaded or copied
(``gamefile`` and ``replay`` are imported there).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from . import copies, summary_index
from .errors import DamagedSaveError, SaveError, UnknownGameError
from .loaded import GameSummary, StandInAnswer
from .location import resolve_save_dir
from .lock import FolderLock
from .schema import SAVE_FORMAT, check_file, check_import, connect_read_only
from .setup_codec import RT0, known_ruleset

if TYPE_CHECKING:  # states and actions are the ruleset's that a save's header names: Any here
    from .gamefile import GameFile
    from .loaded import LoadedGame
    from .playthrough_rules import SavedFight

SUFFIX = ".rt0save"
_GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
# our temporary files in the folder: a save's name (or its .bak's), then what gamefile.create, copies.fresh_part and
# earlier versions add; with their -wal/-shm/-journal
_LEFTOVER = re.compile(
    r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.rt0save(\.format-\d+\.bak)?(\.[0-9a-f]{8})?\.(part|import|dup|migrating)"
    r"(\.part|\.[0-9a-f]{8}\.part)?(-wal|-shm|-journal)?$"
)


def _app_version() -> str:
    from rt0table.desktop.app import app_version  # no Qt at import time in app.py

    return app_version()


class SaveStore:
    """Every game in one save folder. Opening it takes the folder's lock; ``close()`` gives it back.

    Use it from one thread (the GUI thread): an SQLite connection belongs to the thread that opened it,
    and an autosave takes well under a millisecond (docs/benchmarks.md, "Saves").
    """

    def __init__(self, save_dir: str | os.PathLike[str] | None = None, app_version: str | None = None) -> None:
        self.folder = resolve_save_dir(save_dir)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SaveError(self.folder, f"the save folder cannot be created: {error.strerror or error}") from None
        self._app_version = app_version  # None: looked up when a save is first created (see app_version)
        self._lock = FolderLock(self.folder)
        try:
            self._lock.acquire()
        except OSError as error:
            raise SaveError(self.folder, f"the save folder cannot be written to: {error.strerror or error}") from None
        self._sweep()
        self._open: dict[str, GameFile] = {}
        # games whose last load failed, with the problem: no appending until one succeeds, and the listing shows the
        # problem (it reads only each header's summary, so damage deeper in a file shows once a load has found it)
        self._refused: dict[str, str] = {}
        # saves put in the folder under a name that is no game id ("Mira backup.rt0save"): listed under a fresh id,
        # for this window only, so every action reaches them; the file keeps the name the player gave it
        self._renamed: dict[str, Path] = {}

    @property
    def app_version(self) -> str:
        """The version written into new saves' headers; the app's own unless the store was given one."""
        if self._app_version is None:
            self._app_version = _app_version()
        return self._app_version

    def __enter__(self) -> SaveStore:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        for game in self._open.values():
            game.close()
        self._open.clear()
        if self._lock.held:
            self._reindex()  # every connection closed: the files are as the next window will find them
        self._lock.release()

    # --- games -----------------------------------------------------------------------------------

    def path_of(self, game_id: str) -> Path:
        if game_id in self._renamed:
            return self._renamed[game_id]
        if not _GAME_ID.match(game_id):
            raise UnknownGameError(self.folder / game_id, "this is not a game id of this app")
        return self.folder / f"{game_id}{SUFFIX}"

    def new_game(
        self,
        setup: SavedFight | None,
        players: Sequence[str] | None = None,
        campaign: dict[str, Any] | None = None,
        ruleset: str = RT0,
    ) -> str:
        """Create a save of the game ``ruleset`` names; returns its game id. ``players`` default to the characters.

        With a ``setup`` the save opens on that fight; with None it holds a playthrough whose first fight is
        still to come (``begin_fight`` starts each fight of it).
        """
        from . import gamefile

        game_id = self._new_id()
        names = list(players) if players is not None else (setup.character_names if setup is not None else [])
        gamefile.create(self.path_of(game_id), setup, names, self.app_version, campaign, ruleset)
        self._reindex()
        return game_id

    def begin_fight(self, game_id: str, setup: SavedFight) -> int:
        """Start the game's next fight (the earlier ones stay in the file); returns its number, from 1."""
        return self._game(game_id).begin_fight(setup)

    def append(self, game_id: str, action: Any, state: Any, answer: StandInAnswer | None = None) -> int:
        """Record an applied action and the state after it, in one transaction; returns its log position.
        ``answer``: the GM stand-in made the step (solo play), for this reason."""
        return self._game(game_id).append(action, state, answer)

    def append_undo(self, game_id: str, state: Any) -> int:
        """Record that the last action was taken back; ``state`` is the state after the undo."""
        return self._game(game_id).append_undo(state)

    def save_campaign(self, game_id: str, doc: dict[str, Any]) -> None:
        """Store the campaign document (a JSON-ready dict with an int ``version``); the newest one wins on load."""
        self._game(game_id).save_campaign(doc)

    @contextlib.contextmanager
    def one_write(self, game_id: str) -> Iterator[None]:
        """The writes made inside as one transaction (a fight's row and the document's change of the same step):
        all of them are in the save, or none."""
        try:
            game = self._game(game_id)
        except SaveError:  # each write inside meets the same refusal and says so
            yield
            return
        failed = game.failed
        try:
            with game.db.atomic():
                yield
                if game.failed and not failed:
                    raise _StepFailed
        except _StepFailed:
            pass  # one write of the step failed (it said why): the transaction takes the others back with it
        except sqlite3.Error as error:
            game.failed = True
            raise SaveError(game.path, f"this step could not be saved ({_why(error)})") from error

    def append_story(
        self, game_id: str, record: dict[str, Any], digest: str, snapshot: dict[str, Any] | None = None
    ) -> int:
        """Record one change to the playthrough (its op and the document's delta) and, now and then, the whole
        document, in one transaction; returns its log position."""
        return self._game(game_id).append_story(record, digest, snapshot)

    def load(self, game_id: str) -> LoadedGame:
        """The game rebuilt from its newest snapshot and the actions after it, hash-checked.

        Raises a ``SaveError``; a ``HashMismatchError`` carries the game up to the last entry that matched.
        """
        from . import replay
        from .gamefile import GameFile

        path = self.path_of(game_id)
        self._forget(game_id)  # read with a fresh connection: what is on disk, not what we think is
        try:
            with _only_save_errors(path, "this save cannot be opened"):
                if check_file(path, thorough=True).needs_migration:
                    self._upgrade(game_id, path)
                game = GameFile(game_id, path, live=False)  # replay.load hands it the log it walks
                try:
                    loaded = replay.load(game)
                except BaseException:
                    game.close()
                    raise
        except SaveError as error:
            self._refused[game_id] = error.problem  # never append to a log that does not replay
            raise
        self._refused.pop(game_id, None)
        self._open[game_id] = game
        return loaded

    def recorder(self, game_id: str) -> Recorder:
        return Recorder(self, game_id)

    def list_games(self) -> list[GameSummary]:
        """Every save in the folder, newest played first; saves that cannot be read are listed with their problem.

        A save the folder's index holds as it is now is listed from there; any other is opened (read-only). Listing
        writes nothing.
        """
        folder = self.folder.resolve()
        index = summary_index.read(folder)
        with os.scandir(folder) as found:  # one read of the folder: no glob or realpath per save
            files = {entry.name: entry for entry in found if entry.is_file()}
        summaries = [
            self._listed(folder / name, entry, f"{name}-wal" in files, index)
            for name, entry in files.items()
            if name.endswith(SUFFIX)
        ]
        summaries = [
            replace(s, problem=self._refused[s.game_id]) if s.problem is None and s.game_id in self._refused else s
            for s in summaries
        ]
        return sorted(summaries, key=lambda s: (s.problem is None, s.last_played, s.game_id), reverse=True)

    def newest(self) -> str | None:
        """The readable game played most recently, for "Continue"."""
        return next((s.game_id for s in self.list_games() if s.problem is None), None)

    def delete(self, game_id: str) -> None:
        path = self.path_of(game_id)
        if not path.exists():
            raise UnknownGameError(path, "there is no save file here")
        self._forget(game_id)
        self._refused.pop(game_id, None)
        with _only_save_errors(path, "the save could not be deleted"):
            copies.remove(path)
        self._renamed.pop(game_id, None)
        self._reindex()

    def duplicate(self, game_id: str, upto: int | None = None) -> str:
        """Copy a game as a new one; ``upto`` keeps only the log up to that entry (e.g. ``recovered_from``).

        Any game: RT:0's playthroughs and every game on the seam (one file format, one log)."""
        from . import gamefile
        from .schema import migration_set, open_for_writing

        source = self.path_of(game_id)
        check_file(source)
        new_id = self._new_id()
        target = self.path_of(new_id)
        part = copies.fresh_part(target, ".dup")
        try:
            copies.backup(source, part)
            db = open_for_writing(part)
            try:
                migration_set().apply(db)  # a copy: the original stays in its own format, so no .bak
                with db.atomic():
                    if upto is not None:  # cut before checking: the rows after upto may be the damaged ones
                        db.execute("DELETE FROM log WHERE seq > ?", [upto])
                        db.execute("DELETE FROM snapshot WHERE seq > ?", [upto])
                        db.execute("DELETE FROM campaign WHERE seq > ?", [upto])
                        db.execute("DELETE FROM fight WHERE opened_seq > ?", [upto])
                    db.execute("UPDATE game SET last_played = ?", [gamefile.now()])
            finally:
                db.close()
            copies.check_loads(new_id, part)  # a copy that would not load is no use to anyone
            copies.publish(part, target)
        except SaveError as error:
            raise (error if error.path == target else error.naming(source)) from None  # never our temporary copy
        except Exception as error:  # whatever the copy trips on, the message names the player's file
            raise DamagedSaveError(source, f"the save could not be copied: {_why(error)}") from None
        finally:
            copies.remove(part)
        self._reindex()
        return new_id

    def export_game(self, game_id: str, path: str | os.PathLike[str]) -> Path:
        """Write the game to one self-contained file (an ordinary save file); never replaces an existing file."""
        target = Path(path)
        source = self.path_of(game_id)
        check_file(source)
        with _only_save_errors(target, "the save could not be exported here"):
            copies.backup(source, target)
        return target

    def import_game(self, path: str | os.PathLike[str], resume: Callable[[LoadedGame], object] | None = None) -> str:
        """Copy a save file into the folder as a new game (the file itself is only read); returns the new id.

        The copy is kept only when it loads as Load would load it: ``resume`` is the rest of what Load does with
        the loaded game (the app passes ``flow.resume.restore``), so a save that imports also opens. Every error
        names the file the player picked, never the temporary copy, and the copy is gone whatever happens.
        A game on the seam is checked by replaying its log (its table resumes it when it is loaded).
        """
        source = Path(path)
        check_import(source)  # not a save, damaged, newer, extra SQL objects: refused before anything is copied
        new_id = self._new_id()
        target = self.path_of(new_id)
        part = copies.fresh_part(target, ".import")
        try:
            copies.backup(source, part)
            if check_import(part).needs_migration:  # what is kept is what was checked, even if the file changed
                migrate(part)  # the copy; the picked file is only read
            copies.check_loads(new_id, part, resume)
            copies.publish(part, target)
        except SaveError as error:
            raise error.naming(source) from None  # the player knows the file they picked, not our copy
        except Exception as error:  # a file that trips up the resume is refused, not a crash
            raise DamagedSaveError(source, f"this save cannot be opened: {_why(error)}") from None
        finally:
            copies.remove(part)
        self._reindex()
        return new_id

    # --- inside ------------------------------------------------------------------------------------

    def _game(self, game_id: str) -> GameFile:
        from .gamefile import GameFile

        game = self._open.get(game_id)
        if game_id in self._refused:
            raise SaveError(self.path_of(game_id), "this save did not load cleanly, so nothing more is written to it")
        if game is None:
            path = self.path_of(game_id)
            with _only_save_errors(path, "this save cannot be opened"):
                if check_file(path).needs_migration:
                    self._upgrade(game_id, path)
                game = GameFile(game_id, path)
            self._open[game_id] = game
        return game

    def _upgrade(self, game_id: str, path: Path) -> None:
        """Bring a save in an older format to this one without ever migrating a damaged file in place.

        The file is copied, the copy migrated and loaded in full; only when that works is the original kept as
        ``….format-N.bak`` and replaced by the copy. A file that fails stays exactly as it was (same bytes,
        same ``user_version``) and the error names it.
        """
        from . import replay
        from .gamefile import GameFile

        version = check_file(path, thorough=True).save_format
        part = copies.fresh_part(path, ".migrating")
        try:
            copies.backup(path, part)
            migrate(part)
            copy = GameFile(game_id, part)
            try:
                replay.load(copy)
            finally:
                copy.close()
            kept = path.with_name(f"{path.name}.format-{version}.bak")
            if not kept.exists():  # an earlier try already kept the original
                copies.backup(path, kept)
            os.replace(part, path)  # the folder is ours (its lock is held) and no connection has the file open
            for companion in copies.companions(path)[1:]:
                companion.unlink(missing_ok=True)  # the original's, all of it already in the backup copy
        except SaveError as error:
            raise error.naming(path) if error.path == part else error from None
        except Exception as error:
            problem = f"this save cannot be brought to this version's format: {_why(error)}"
            raise DamagedSaveError(path, problem) from None
        finally:
            copies.remove(part)

    def _sweep(self) -> None:
        """Remove what an earlier window left when it was killed mid-copy: our own temporary files, by their names
        (a game id, then ``.part``, ``.import``, ``.dup`` or ``.migrating``), never anything else."""
        for leftover in self.folder.glob(f"*{SUFFIX}*"):
            if _LEFTOVER.match(leftover.name):
                leftover.unlink(missing_ok=True)
        for leftover in self.folder.glob(f"{summary_index.INDEX_NAME}.*"):
            if summary_index.is_leftover(leftover.name):
                leftover.unlink(missing_ok=True)

    def _reindex(self) -> None:
        """Bring the folder's index up to date (the store alone writes it, with the folder's lock held): a save
        the index holds as it is now keeps its entry, any other is read again; a save with a ``-wal`` beside it (open
        for writing) or a problem gets none, and is opened when listed."""
        folder = self.folder.resolve()
        index = summary_index.read(folder)
        try:
            with os.scandir(folder) as found:
                files = {entry.name: entry for entry in found if entry.is_file()}
        except OSError:
            return  # the folder cannot be read: listing will say so; the old index still matches no changed file
        entries: dict[str, summary_index.Entry] = {}
        changed = False
        for name, found_entry in files.items():
            if not name.endswith(SUFFIX) or f"{name}-wal" in files or self._id_of(folder / name) in self._refused:
                continue  # open for writing, or a load found it damaged: listed from the file
            try:
                stat = found_entry.stat()
            except OSError:
                continue
            entry = index.fresh(name, stat)
            if entry is None:
                changed = True
                summary = self._summary(folder / name, False)
                if summary.problem is not None:
                    continue
                entry = summary_index.entry_of(summary, summary_index.stamp_of(stat))
            entries[name] = entry
        if changed or entries.keys() != index.entries.keys():
            summary_index.write(folder, entries)

    def _forget(self, game_id: str) -> None:
        game = self._open.pop(game_id, None)
        if game is not None:
            game.close()

    def new_id(self) -> str:
        """A fresh game id for a save another module creates (a game on the seam: ``seam_save``)."""
        return self._new_id()

    def _new_id(self) -> str:
        while True:
            game_id = f"{datetime.now(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
            if game_id not in self._renamed and not self.path_of(game_id).exists():
                return game_id

    def _id_of(self, path: Path) -> str:
        """The game id of a file in the folder: its name, or a fresh id when its name is not one."""
        name = path.name[: -len(SUFFIX)]
        if _GAME_ID.match(name):
            return name
        known = next((game_id for game_id, renamed in self._renamed.items() if renamed == path), None)
        if known is not None:
            return known
        game_id = self._new_id()
        self._renamed[game_id] = path
        return game_id

    def _listed(self, path: Path, found: os.DirEntry[str], wal: bool, index: summary_index.FolderIndex) -> GameSummary:
        """One file's line in the list: from the index when it holds the file as it is now, else read from it."""
        if not wal:
            try:
                entry = index.fresh(path.name, found.stat())
            except OSError:
                entry = None
            if entry is not None:
                return entry.summary(self._id_of(path), path)
        return self._summary(path, wal)

    def _summary(self, path: Path, wal: bool) -> GameSummary:
        """One file's line in the list; never raises, whatever the file holds (one bad file must not hide the rest).
        ``wal``: a ``-wal`` file is beside it."""
        game_id = self._id_of(path)
        try:
            return _read_summary(game_id, path, wal)
        except SaveError as error:
            return GameSummary(game_id, path, problem=error.problem)
        except Exception as error:  # listed with its problem, never a crash at start
            return GameSummary(game_id, path, problem=f"the save is damaged: {_why(error)}")


def _why(error: BaseException) -> str:
    """An unexpected error in words: a structure nested too deep to read is the usual one from a crafted file."""
    if isinstance(error, RecursionError):
        return "it holds data nested too deeply to read"
    if isinstance(error, OSError):
        return error.strerror or str(error) or type(error).__name__
    return str(error) or type(error).__name__


class _StepFailed(Exception):
    """A write of the step failed: its other writes are rolled back with it."""


@contextlib.contextmanager
def _only_save_errors(path: Path, what: str) -> Iterator[None]:
    """Whatever goes wrong in a save path reaches the screens as a ``SaveError`` naming the player's file."""
    try:
        yield
    except SaveError:
        raise
    except (sqlite3.Error, OSError) as error:
        raise SaveError(path, f"{what}: {_why(error)}") from None
    except Exception as error:
        raise DamagedSaveError(path, f"{what}: {_why(error)}") from None


def migrate(path: Path) -> None:
    """Apply the pending migrations to a copy of ours (never to a player's file in place)."""
    from .schema import migration_set, open_for_writing

    db = open_for_writing(path)
    try:
        migration_set().apply(db)
    except sqlite3.Error as error:
        raise DamagedSaveError(path, f"the save cannot be brought to this version's format: {error}") from None
    finally:
        db.close()


# The header's summary of a format-5 save in one query; `pragma_user_version` says which format it is in.
_SUMMARY = (
    "SELECT (SELECT user_version FROM pragma_user_version), ruleset, players, created_at, last_played,"
    " fight, round, ply, day, mode FROM game WHERE id = 1"
)


def _read_summary(game_id: str, path: Path, wal: bool) -> GameSummary:
    """Read-only, one connection and one query for a save in this format (its header's summary row); an older or
    odd file is checked and read the long way. Listing never writes to a save, not even to migrate it."""
    try:
        conn = connect_read_only(path, wal)
    except sqlite3.Error:
        check_file(path)  # names the problem (not a save, cannot be opened …)
        raise
    try:
        try:
            row = conn.execute(_SUMMARY).fetchone()
        except sqlite3.Error:
            row = None
        if row is None or row[0] != SAVE_FORMAT:  # not this format (older, newer, damaged, not ours)
            conn.close()
            check_file(path)  # raises for a file that is no save of ours, or a newer or damaged one
            return _read_old_summary(game_id, path)
    finally:
        conn.close()
    _version, ruleset, players, created, last_played, fight, round_, ply, day, mode = row
    known_ruleset(path, ruleset)
    names = json.loads(players or "[]")
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise DamagedSaveError(path, "the save's list of players is damaged")
    if not all(isinstance(n, int) for n in (fight, ply, round_)) or not isinstance(day, int | None):
        raise DamagedSaveError(path, "the save's header is damaged")
    return GameSummary(
        game_id,
        path,
        tuple(names),
        day,
        round_,
        ply,
        str(created),
        str(last_played),
        fight=fight,
        mode=mode if isinstance(mode, str) else None,
        ruleset=ruleset,
    )


def _read_old_summary(game_id: str, path: Path) -> GameSummary:
    """A save in an older format (checked): its summary from its log and campaign, as those formats kept it."""
    conn = connect_read_only(path)
    try:
        players, created, last_played = conn.execute(
            "SELECT players, created_at, last_played FROM game WHERE id = 1"
        ).fetchone()
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        fight = 1
        if "fight" in tables:  # format 3: the newest fight's rows; older saves hold one fight
            fight = conn.execute("SELECT coalesce(max(number), 0) FROM fight").fetchone()[0]
            last = conn.execute(
                "SELECT ply, round FROM log WHERE fight = ? ORDER BY seq DESC LIMIT 1", [fight]
            ).fetchone()
        else:
            last = conn.execute("SELECT ply, round FROM log ORDER BY seq DESC LIMIT 1").fetchone()
        ply, round_ = last if last is not None else (0, 0)
        day = None
        if "campaign" in tables:
            row = conn.execute("SELECT seq, doc FROM campaign ORDER BY id DESC LIMIT 1").fetchone()
            doc = json.loads(row[1]) if row else {}
            change = conn.execute(  # format 6: the Day the newest change row says, when one follows the document
                "SELECT action FROM log WHERE kind = 'story' AND seq > ? ORDER BY seq DESC LIMIT 1",
                [row[0] if row else 0],
            ).fetchone()
            if change is not None:
                doc = json.loads(change[0] or "null")
            day = doc.get("day") if isinstance(doc, dict) and isinstance(doc.get("day"), int) else None
    finally:
        conn.close()
    names = json.loads(players or "[]")
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise DamagedSaveError(path, "the save's list of players is damaged")
    if not all(isinstance(n, int) for n in (fight, ply, round_ or 0)):
        raise DamagedSaveError(path, "the save's log is damaged")
    return GameSummary(game_id, path, tuple(names), day, round_ or 0, ply, str(created), str(last_played), fight=fight)


class Recorder:
    """The Session's handle on one game's save: call after every applied action and every undo.

    A ``SaveError`` from ``record`` means that action is not in the save (disk full, folder gone):
    tell the player; the store refuses further rows for this game until it is loaded again, so the
    log never skips an action.
    """

    def __init__(self, store: SaveStore, game_id: str) -> None:
        self.store = store
        self.game_id = game_id

    def record(self, action: Any, state: Any, answer: StandInAnswer | None = None) -> None:
        self.store.append(self.game_id, action, state, answer)

    def record_undo(self, state: Any) -> None:
        self.store.append_undo(self.game_id, state)

    def save_campaign(self, doc: dict[str, Any]) -> None:
        self.store.save_campaign(self.game_id, doc)

    def record_story(self, record: dict[str, Any], digest: str, snapshot: dict[str, Any] | None = None) -> None:
        self.store.append_story(self.game_id, record, digest, snapshot)

    def begin_fight(self, setup: SavedFight) -> int:
        return self.store.begin_fight(self.game_id, setup)
