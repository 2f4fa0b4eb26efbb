"""Reading a save back: the newest good snapshot, a replay of the actions after it, every hash checked.

When the replay does not give the recorded states, the game is recovered up to the last row that
still matches, starting from the newest snapshot that can be trusted, and offered with the error.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from typing import Any

from rt0table.rules.seam import RulesError

from .errors import DamagedSaveError, HashMismatchError
from .gamefile import GameFile, LogRow, in_force, read_row, row_problem
from .loaded import LoadedGame, LogEntry, LogTail, StandInAnswer, UndoReach
from .log_replay import Act, Entry, Unreadable, replay_log
from .playthrough_rules import Played, PlayedSteps, SavedFight

# The states, actions and fights in play are the ruleset's that the save names (``save.rules``): Any here.
Read = tuple[LogRow, Any | None, StandInAnswer | None]  # a log row and what its JSON holds, parsed once

UNDO_REACH = 20  # a loaded game can undo at least this far back (the rules stop undo at any reveal anyway)
TOLD_BACK = 1000  # a longer fight's log is told again from a snapshot at least this many log rows back (LogTail)


def load(save: GameFile) -> LoadedGame:
    """The game as the log leaves it: newest usable snapshot, then replay, then the hash checks."""
    try:
        return _load(save)
    except sqlite3.Error as error:
        raise DamagedSaveError(save.path, f"the save is damaged: {error}") from None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError) as error:
        raise DamagedSaveError(save.path, f"the save is damaged: {error}") from None
    except RecursionError:
        raise DamagedSaveError(save.path, "the save is damaged: it holds data nested too deeply to read") from None


def _load(save: GameFile) -> LoadedGame:
    header = save.header()
    if not save.fight:  # a playthrough before its first fight: the campaign is all there is
        return _loaded(save, header, None, None, [], save.seq, [], [])
    setup, rules = save.fight_setup(), save.rules
    known: dict[str | None, tuple[Any | None, StandInAnswer | None]] = {}  # a fight repeats a few hundred texts
    read: list[Read] = []
    for row in save.log_rows():  # each row parsed once, each distinct text once
        found = known.get(row.action)
        if found is None:
            found = known[row.action] = read_row(rules, row.action)
        read.append((row, *found))
    parsed = {row.seq: action for row, action, _answer in read}
    rows = in_force(save.path, (row for row, _action, _answer in read))
    save.follow(rows, read[-1][0] if read else None)  # the file's in-force stack from the same walk
    actions = [parsed[row.seq] for row in rows]
    notes: list[str] = []
    unread = next((row for row, action in zip(rows, actions, strict=True) if action is None), None)
    if unread is not None:  # the replay stops before it; say why, with the entry
        notes.append(f"log entry {unread.seq} cannot be read: {row_problem(rules, unread.action)}")
    for base_ply, state in _starts(save, rows, setup, notes):
        game = rules.in_play(state)
        if None not in actions[:base_ply] and _replays(save, game, rows[base_ply:], actions[base_ply:]):
            if not rows:  # nothing played yet: hand the table the opening events to show, as the opening did
                opening, events = setup.start()
                if rules.state_hash(opening) == save.last_hash:
                    game = rules.in_play(opening, events)
            loaded = _loaded(save, header, setup, game, _readable(actions), save.seq, read, [r.seq for r in rows])
            loaded.notes = [*notes, *loaded.notes]
            return loaded
        notes.append(
            f"the log no longer replays from the state after {base_ply} actions (damaged, or the rules changed); "
            "a newer snapshot was used, so undo reaches less far back"
        )
    raise _mismatch(save, setup, header, rows, actions, read, notes)


def _replays(save: GameFile, game: Played, rows: list[LogRow], actions: list[Any | None]) -> bool:
    """Play the actions onto ``game``, checking each row's hash (a few dozen at most) and the log's last hash."""
    result = replay_log(save.rules, game.state, _entries(rows, actions), PlayedSteps(game))
    return result.stop is None and save.rules.state_hash(game.state) == save.last_hash


def _entries(rows: list[LogRow], actions: list[Any | None]) -> Iterator[Entry[Any]]:
    """The rows in force as the replay's entries, each with its recorded hash."""
    for row, action in zip(rows, actions, strict=True):
        yield Unreadable(row.seq, "it cannot be read") if action is None else Act(action, row.seq, row.state_hash)


def _starts(save: GameFile, rows: list[LogRow], setup: SavedFight, notes: list[str]) -> Iterator[tuple[int, Any]]:
    """Where a replay may start, best first: the newest good snapshot at least UNDO_REACH actions back
    (so the loaded game can undo), then the newer ones (should the replay from there not match,
    e.g. a rules change since: less undo, nothing lost). Only snapshots still in force count."""
    usable = _snapshots_in_force(save, rows)
    latest = max(0, len(rows) - UNDO_REACH)
    preferred = [ply_seq for ply_seq in usable if ply_seq[0] <= latest][-1:]
    for ply, seq in preferred + [ply_seq for ply_seq in usable if ply_seq[0] > latest]:
        state = _opening_state(save, setup, notes) if seq == save.opened else _snapshot(save, seq, notes)
        if state is not None:
            yield ply, state


def _snapshots_in_force(save: GameFile, rows: list[LogRow]) -> list[tuple[int, int]]:
    """(ply, seq) of the opening and of every snapshot whose action was not undone, oldest first."""
    in_force = {row.seq: row.ply for row in rows}
    found = save.db.execute("SELECT seq, ply FROM snapshot WHERE fight = ? ORDER BY ply, seq", [save.fight]).fetchall()
    return [(ply, seq) for seq, ply in found if seq == save.opened or in_force.get(seq) == ply]


def _snapshot(save: GameFile, seq: int, notes: list[str]) -> Any | None:
    """The snapshot's state, or None when it is damaged (another snapshot and a longer replay will do); a
    snapshot refused by the state's checks is named in ``notes`` with the field at fault."""
    text, digest = save.db.execute(
        "SELECT state, state_hash FROM snapshot WHERE seq = ? AND fight = ?", [seq, save.fight]
    ).fetchone()
    rules = save.rules
    try:
        state = rules.decode_state(json.loads(text))
    except RecursionError:
        notes.append(f"the snapshot at log entry {seq} was refused: it is nested too deeply to read")
        return None
    except (RulesError, ValueError, TypeError) as error:
        notes.append(f"the snapshot at log entry {seq} was refused: {error}")
        return None
    return state if rules.state_hash(state) == digest else None


def _opening_state(save: GameFile, setup: SavedFight, notes: list[str]) -> Any | None:
    """The state before any action: the opening snapshot, else the setup started again if it agrees."""
    state = _snapshot(save, save.opened, notes)
    if state is None:
        state = setup.start()[0]
        if save.rules.state_hash(state) != save.opening_hash:
            return None
    return state


def _mismatch(
    save: GameFile,
    setup: SavedFight,
    header: dict[str, Any],
    rows: list[LogRow],
    actions: list[Any | None],
    read: list[Read],
    notes: list[str],
) -> HashMismatchError:
    """Offer the game up to the last row that still matches, replaying from the newest good snapshot.

    Starting from the newest snapshot rather than the opening matters after a rules change: an early
    action that now plays out differently would otherwise cost the whole game.
    """
    for ply, seq in reversed(_snapshots_in_force(save, rows)):
        state = _opening_state(save, setup, notes) if seq == save.opened else _snapshot(save, seq, notes)
        if state is None or None in actions[:ply]:
            continue
        game = save.rules.in_play(state)
        start_seq = rows[ply - 1].seq if ply else save.opened
        good_seq = replay_log(
            save.rules, state, _entries(rows[ply:], actions[ply:]), PlayedSteps(game), start_seq=start_seq
        ).good_seq
        kept = ply + len(game.steps)
        seqs = [row.seq for row in rows[:kept]]
        recovered = _loaded(save, header, setup, game, _readable(actions[:kept]), good_seq, read, seqs)
        recovered.recovered_from = good_seq
        problem = (
            "replaying the save does not give the states its log recorded (the file was changed or damaged, "
            f"or the rules changed since{'; ' + notes[0] if notes else ''}); it can be recovered as it stood at "
            f"log entry {good_seq} ({kept} actions in force)"
        )
        return HashMismatchError(save.path, problem, recovered)
    problem = "no state in the save can be trusted (its snapshots are damaged and its setup no longer agrees)"
    refused = f" ({notes[0]})" if notes else ""
    return HashMismatchError(save.path, problem + refused + "; nothing could be recovered", None)


def _loaded(
    save: GameFile,
    header: dict[str, Any],
    setup: SavedFight | None,
    game: Played | None,
    actions: list[Any],
    seq: int,
    read: list[Read],
    fight_seqs: list[int],
) -> LoadedGame:
    players = json.loads(header["players"] or "[]")
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise DamagedSaveError(save.path, "the save's list of players is damaged")
    history = _history(read, seq)
    try:
        undo, notes = save.undo_reach(), []
    except DamagedSaveError as error:  # undo is a convenience: the game loads, with nothing to take back
        undo, notes = UndoReach(), [f"undo between fights starts afresh: {error.problem}"]
    return LoadedGame(
        game_id=save.game_id,
        path=save.path,
        setup=setup,
        players=players,
        game=game,
        actions=actions,
        seq=seq,
        created_at=str(header["created_at"]),
        last_played=str(header["last_played"]),
        app_version=str(header["app_version"]),
        campaign=save.campaign(),
        undo=undo,
        fight_seqs=fight_seqs,
        notes=notes,
        fight=save.fight,
        history=history,
        tail=_tail(save, read, history) if len(history) > TOLD_BACK else None,
    )


def _history(read: list[Read], upto: int) -> list[LogEntry]:
    """The fight's actions and undos up to log position ``upto``, as played (undone actions too). Rows with the same
    text share one entry (entries are frozen), as they share one parse."""
    history: list[LogEntry] = []
    undo = LogEntry(None)
    entries: dict[str | None, LogEntry] = {}
    for row, action, answer in read:
        if row.seq > upto:
            break
        if row.kind == "undo":
            history.append(undo)
            continue
        if action is None:  # unreadable: what follows would not replay either
            break
        entry = entries.get(row.action)
        if entry is None:
            entry = entries[row.action] = LogEntry(action, answer)
        history.append(entry)
    return history


def _tail(save: GameFile, read: list[Read], history: list[LogEntry]) -> LogTail | None:
    """Where the table's log of a long fight is told again from: the newest snapshot at least ``TOLD_BACK`` rows
    back that no later undo reaches behind (the telling starts with no steps to undo). None: tell it all."""
    rows = [row for row, _action, _answer in read[: len(history)]]  # history[i] is the entry of rows[i]
    floor = [0] * (len(rows) + 1)  # floor[i]: the fewest actions in force from row i on
    floor[len(rows)] = rows[-1].ply if rows else 0
    for i in range(len(rows) - 1, -1, -1):
        floor[i] = min(rows[i].ply, floor[i + 1])
    index = {row.seq: i for i, row in enumerate(rows)}
    found = save.db.execute(
        "SELECT seq, ply FROM snapshot WHERE fight = ? AND seq > ? ORDER BY seq DESC", [save.fight, save.opened]
    )
    for seq, ply in found:
        at = index.get(seq)
        if at is None or len(rows) - (at + 1) < TOLD_BACK or rows[at].kind != "action" or rows[at].ply != ply:
            continue
        if floor[at + 1] < ply:  # an undo after it reaches behind it: the telling would start with nothing to undo
            continue
        state = _snapshot(save, seq, [])
        if state is not None and save.rules.state_hash(state) == rows[at].state_hash:
            return LogTail(at + 1, state)
    return None


def _readable(actions: list[Any | None]) -> list[Any]:
    """The actions of a replay that went through: every one was read, or it could not have been pushed."""
    return [action for action in actions if action is not None]
