"""The solo oracle beside a game on the seam: one move of it (asked, rolled, noted) as a step of the game's funnel.

A move keeps the oracle's state before and after, so undo takes it back; a move that rolled (anything added to the
journal but a typed note) stands, as a roll on the table does and as RT:0's oracle steps do. The save keeps each
move as the change to the oracle's document (``doc_delta``) with the hash of the document after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rt0table.rules.loner.journal import JournalError, NoteEntry
from rt0table.rules.loner.oracle_codec import read_oracle_state, write_oracle
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.seam import IllegalAction

from .doc_delta import delta, doc_hash, patch


@dataclass(frozen=True)
class OracleMove:
    """The oracle asked, rolled or noted something: its state before and after, and whether dice were rolled."""

    before: OracleState
    after: OracleState
    rolled: bool


def oracle_move(before: OracleState, after: OracleState) -> OracleMove:
    """The move from ``before`` to ``after``; IllegalAction when the journal lost or changed entries (they go by
    undoing moves, never by a new one)."""
    old, new = before.journal.entries, after.journal.entries
    if len(new) < len(old) or new[: len(old)] != old:
        raise IllegalAction("The oracle's journal can only grow; its entries are taken out by undoing steps.")
    rolled = any(not isinstance(entry, NoteEntry) for entry in new[len(old) :])
    return OracleMove(before, after, rolled)


def oracle_doc(oracle: OracleState) -> dict[str, Any]:
    return write_oracle(oracle)


def oracle_digest(oracle: OracleState) -> str:
    """The hash a save's oracle row records: of the document as this version writes it."""
    return doc_hash(write_oracle(oracle))


def move_record(move: OracleMove) -> dict[str, Any]:
    """What the save's log row holds for a move: the change to the oracle's document."""
    return {"oracle": delta(write_oracle(move.before), write_oracle(move.after)) or {"$dict": {}}}


def replay_move(before: OracleState, record: Any, where: str) -> OracleMove:
    """A saved move read back onto ``before``; ValueError naming ``where`` and the field when it does not fit."""
    if not isinstance(record, dict) or "oracle" not in record:
        raise ValueError(f"{where}.oracle: missing (an oracle row holds the change to the oracle's journal)")
    try:
        after = read_oracle_state(patch(write_oracle(before), record["oracle"]))
    except (JournalError, ValueError) as error:
        raise ValueError(f"{where}.oracle: {error}") from None
    try:
        return oracle_move(before, after)
    except IllegalAction as error:
        raise ValueError(f"{where}.oracle: {error}") from None
