"""The save folder: one SQLite file per game, one window at a time.

One file per game rather than one database for all: a damaged file, or one from a newer version,
costs that game and no other; export is a copy of the very same format; deleting a game is
removing a file.

Opening the store and listing the saves (the title screen's Continue and Load) need only ``sqlite3``:
the rules engine and sqlite-utils load when a game is created, written, loaded or copied
(``gamefile`` and ``replay`` are imported there).
"""

from __future__ import annotations

import json
import os
import re
import secrets
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from . import copies
from .errors import DamagedSaveError, SaveError, UnknownGameError
from .loaded import GameSummary, StandInAnswer
from .location import resolve_save_dir
from .lock import FolderLock
from .schema import check_file, check_import, connect_read_only

if TYPE_CHECKING:
    from rt0table.rules.rt0.fight.actions import Action
    from rt0table.rules.rt0.fight.state import CombatState

    from .combat_setup import CombatSetup
    from .gamefile import GameFile
    from .loaded import LoadedGame

SUFFIX = ".rt0save"
_GAME_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


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
        self._open: dict[str, GameFile] = {}
        self._refused: set[str] = set()  # games whose last load failed: no appending until one succeeds
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
        self._lock.release()

    # --- games -----------------------------------------------------------------------------------

    def path_of(self, game_id: str) -> Path:
        if game_id in self._renamed:
            return self._renamed[game_id]
        if not _GAME_ID.match(game_id):
            raise UnknownGameError(self.folder / game_id, "this is not a game id of this app")
        return self.folder / f"{game_id}{SUFFIX}"

    def new_game(
        self, setup: CombatSetup | None, players: Sequence[str] | None = None, campaign: dict[str, Any] | None = None
    ) -> str:
        """Create a save; returns its game id. ``players`` default to the characters.

        With a ``setup`` the save opens on that fight; with None it holds a playthrough whose first fight is
        still to come (``begin_fight`` starts each fight of it).
        """
        from . import gamefile

        game_id = self._new_id()
        names = list(players) if players is not None else (setup.character_names if setup is not None else [])
        gamefile.create(self.path_of(game_id), setup, names, self.app_version, campaign)
        return game_id

    def begin_fight(self, game_id: str, setup: CombatSetup) -> int:
        """Start the game's next fight (the earlier ones stay in the file); returns its number, from 1."""
        return self._game(game_id).begin_fight(setup)

    def append(self, game_id: str, action: Action, state: CombatState, answer: StandInAnswer | None = None) -> int:
        """Record an applied action and the state after it, in one transaction; returns its log position.
        ``answer``: the GM stand-in made the step (solo play), for this reason."""
        return self._game(game_id).append(action, state, answer)

    def append_undo(self, game_id: str, state: CombatState) -> int:
        """Record that the last action was taken back; ``state`` is the state after the undo."""
        return self._game(game_id).append_undo(state)

    def save_campaign(self, game_id: str, doc: dict[str, Any]) -> None:
        """Store the campaign document (a JSON-ready dict with an int ``version``); the newest one wins on load."""
        self._game(game_id).save_campaign(doc)

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
            check_file(path, thorough=True)
        except SaveError:
            self._refused.add(game_id)
            raise
        game = GameFile(game_id, path)
        try:
            loaded = replay.load(game)
        except BaseException:
            game.close()
            self._refused.add(game_id)  # never append to a log that does not replay
            raise
        self._refused.discard(game_id)
        self._open[game_id] = game
        return loaded

    def recorder(self, game_id: str) -> Recorder:
        return Recorder(self, game_id)

    def list_games(self) -> list[GameSummary]:
        """Every save in the folder, newest played first; saves that cannot be read are listed with their problem."""
        summaries = [self._summary(path) for path in self.folder.glob(f"*{SUFFIX}") if path.is_file()]
        return sorted(summaries, key=lambda s: (s.problem is None, s.last_played, s.game_id), reverse=True)

    def newest(self) -> str | None:
        """The readable game played most recently, for "Continue"."""
        return next((s.game_id for s in self.list_games() if s.problem is None), None)

    def delete(self, game_id: str) -> None:
        path = self.path_of(game_id)
        if not path.exists():
            raise UnknownGameError(path, "there is no save file here")
        self._forget(game_id)
        self._refused.discard(game_id)
        copies.remove(path)
        self._renamed.pop(game_id, None)

    def duplicate(self, game_id: str, upto: int | None = None) -> str:
        """Copy a game as a new one; ``upto`` keeps only the log up to that entry (e.g. ``recovered_from``)."""
        from . import gamefile, replay
        from .schema import migration_set, open_for_writing

        source = self.path_of(game_id)
        check_file(source)
        new_id = self._new_id()
        target = self.path_of(new_id)
        part = target.with_name(target.name + ".dup")
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
            copy = gamefile.GameFile(new_id, part)
            try:
                replay.load(copy)  # a copy that would not load is no use to anyone
            finally:
                copy.close()
            copies.publish(part, target)
        except SaveError as error:
            raise (error if error.path == target else error.naming(source)) from None  # never our temporary copy
        except Exception as error:  # whatever the copy trips on, the message names the player's file
            raise DamagedSaveError(source, f"the save could not be copied: {_why(error)}") from None
        finally:
            copies.remove(part)
        return new_id

    def export_game(self, game_id: str, path: str | os.PathLike[str]) -> Path:
        """Write the game to one self-contained file (an ordinary save file); never replaces an existing file."""
        target = Path(path)
        source = self.path_of(game_id)
        check_file(source)
        copies.backup(source, target)
        return target

    def import_game(self, path: str | os.PathLike[str], resume: Callable[[LoadedGame], object] | None = None) -> str:
        """Copy a save file into the folder as a new game (the file itself is only read); returns the new id.

        The copy is kept only when it loads as Load would load it: ``resume`` is the rest of what Load does with
        the loaded game (the app passes ``flow.resume.restore``), so a save that imports also opens. Every error
        names the file the player picked, never the temporary copy, and the copy is gone whatever happens.
        """
        from . import replay
        from .gamefile import GameFile

        source = Path(path)
        check_import(source)  # not a save, damaged, newer, extra SQL objects: refused before anything is copied
        new_id = self._new_id()
        target = self.path_of(new_id)
        part = target.with_name(target.name + ".import")
        try:
            copies.backup(source, part)
            check_import(part)  # what is kept is what was checked, even if the file changed meanwhile
            copy = GameFile(new_id, part, keep_backup=False)  # migrates the copy, if it is older
            try:
                loaded = replay.load(copy)
                if resume is not None:
                    resume(loaded)
            finally:
                copy.close()
            copies.publish(part, target)
        except SaveError as error:
            raise error.naming(source) from None  # the player knows the file they picked, not our copy
        except Exception as error:  # a file that trips up the resume is refused, not a crash
            raise DamagedSaveError(source, f"this save cannot be opened: {_why(error)}") from None
        finally:
            copies.remove(part)
        return new_id

    # --- inside ------------------------------------------------------------------------------------

    def _game(self, game_id: str) -> GameFile:
        from .gamefile import GameFile

        game = self._open.get(game_id)
        if game_id in self._refused:
            raise SaveError(self.path_of(game_id), "this save did not load cleanly, so nothing more is written to it")
        if game is None:
            game = GameFile(game_id, self.path_of(game_id))
            self._open[game_id] = game
        return game

    def _forget(self, game_id: str) -> None:
        game = self._open.pop(game_id, None)
        if game is not None:
            game.close()

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

    def _summary(self, path: Path) -> GameSummary:
        """One file's line in the list; never raises, whatever the file holds (one bad file must not hide the rest)."""
        game_id = self._id_of(path)
        try:
            check_file(path)
            return _read_summary(game_id, path)
        except SaveError as error:
            return GameSummary(game_id, path, problem=error.problem)
        except Exception as error:  # listed with its problem, never a crash at start
            return GameSummary(game_id, path, problem=f"the save is damaged: {_why(error)}")


def _why(error: Exception) -> str:
    """An unexpected error in words: a structure nested too deep to read is the usual one from a crafted file."""
    if isinstance(error, RecursionError):
        return "it holds data nested too deeply to read"
    return str(error) or type(error).__name__


def _read_summary(game_id: str, path: Path) -> GameSummary:
    """Read-only: listing the folder never writes to a save, not even to migrate it."""
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
            change = conn.execute(  # format 5: the Day the newest change row says, when one follows the document
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

    def record(self, action: Action, state: CombatState, answer: StandInAnswer | None = None) -> None:
        self.store.append(self.game_id, action, state, answer)

    def record_undo(self, state: CombatState) -> None:
        self.store.append_undo(self.game_id, state)

    def save_campaign(self, doc: dict[str, Any]) -> None:
        self.store.save_campaign(self.game_id, doc)

    def record_story(self, record: dict[str, Any], digest: str, snapshot: dict[str, Any] | None = None) -> None:
        self.store.append_story(self.game_id, record, digest, snapshot)

    def begin_fight(self, setup: CombatSetup) -> int:
        return self.store.begin_fight(self.game_id, setup)
