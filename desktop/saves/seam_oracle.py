"""The solo oracle beside a game on the seam: one move of it (asked, rolled, noted) as a step of the game's funnel.

A move is one of the oracle's ops (``rules.loner.oracle_ops``) applied with the generator it drew from; it keeps the
oracle's state before and after, so undo takes it back, and one that threw dice stands, as a roll on the table does.
The save keeps each move as its op and that generator (``{"op": ..., "rng": ...}``), with the hash of the oracle's
document after it, so replaying the row gives the very same answer. Saves written before the oracle had ops kept
each move as the change to the oracle's document (``{"oracle": doc_delta}``); those rows still read, as the
snapshots they were (a move that added anything but a typed note stood).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rt0table.rules.loner.journal import JournalError, NoteEntry
from rt0table.rules.loner.loner_state import book_tables
from rt0table.rules.loner.oracle_codec import read_oracle_state, write_oracle
from rt0table.rules.loner.oracle_ops import OracleOp, apply_oracle, read_oracle_op, write_oracle_op
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.seam import IllegalAction

from .doc_delta import doc_hash, patch


@dataclass(frozen=True)
class OracleMove:
    """The oracle asked, rolled or noted something: its state before and after, and whether dice were rolled;
    ``op`` and the generator ``rng`` it drew from (None for a move read from an old save's snapshot row)."""

    before: OracleState
    after: OracleState
    rolled: bool
    op: OracleOp | None = None
    rng: int | None = None


def played_move(before: OracleState, op: OracleOp, rng: int) -> OracleMove:
    """``op`` applied to ``before`` with dice from ``rng``; IllegalAction in the rules' words when refused."""
    try:
        outcome = apply_oracle(before, op, rng, book_tables())
    except ValueError as error:
        raise IllegalAction(str(error)) from None
    return OracleMove(before, outcome.state, outcome.rolled, op, rng)


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
    """What the save's log row holds for a move: its op and the generator it drew from (a move read back from an
    old snapshot row is never written again)."""
    if move.op is None or move.rng is None:
        raise ValueError("only a move made by one of the oracle's ops is written to a save")
    return {"op": write_oracle_op(move.op), "rng": move.rng}


def replay_move(before: OracleState, record: Any, where: str) -> OracleMove:
    """A saved move read back onto ``before``; ValueError naming ``where`` and the field when it does not fit."""
    if isinstance(record, dict) and "op" in record:
        return _replay_op(before, record, where)
    if not isinstance(record, dict) or "oracle" not in record:
        raise ValueError(f"{where}.op: missing (an oracle row holds the oracle's op and the dice it drew from)")
    try:
        after = read_oracle_state(patch(write_oracle(before), record["oracle"]))
    except (JournalError, ValueError) as error:
        raise ValueError(f"{where}.oracle: {error}") from None
    try:
        return oracle_move(before, after)
    except IllegalAction as error:
        raise ValueError(f"{where}.oracle: {error}") from None


def _replay_op(before: OracleState, record: dict[str, Any], where: str) -> OracleMove:
    rng = record.get("rng")
    if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 1 << 64:
        raise ValueError(f"{where}.rng: must be the oracle's generator state, a whole number from 0 below 2**64")
    op = read_oracle_op(record["op"], f"{where}.op")
    try:
        return played_move(before, op, rng)
    except IllegalAction as error:
        raise ValueError(f"{where}.op: {error}") from None
