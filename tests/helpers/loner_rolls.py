"""Oracle throws for each answer, and the book's answer table, for the Loner tests."""

from __future__ import annotations

from rt0table.rules.loner.oracle import (
    Answer,
    OracleThrow,
    read_oracle,
)

ROLLS = {
    Answer.YES_AND: read_oracle(OracleThrow((6,), (4,))),
    Answer.YES: read_oracle(OracleThrow((5,), (2,))),
    Answer.YES_BUT: read_oracle(OracleThrow((3,), (1,))),
    Answer.NO_BUT: read_oracle(OracleThrow((1,), (3,))),
    Answer.NO: read_oracle(OracleThrow((2,), (5,))),
    Answer.NO_AND: read_oracle(OracleThrow((4,), (6,))),
}


Y, YA, YB, NB, N, NA = Answer.YES, Answer.YES_AND, Answer.YES_BUT, Answer.NO_BUT, Answer.NO, Answer.NO_AND

# Appendix E, copied row by row: rows are the Risk die 1-6, columns the Chance die 1-6.
BOOK_MATRIX = (
    (YB, YB, YB, Y, Y, Y),
    (NB, YB, YB, Y, Y, Y),
    (NB, NB, YB, Y, Y, Y),
    (N, N, N, YB, YA, YA),
    (N, N, N, NA, YB, YA),
    (N, N, N, NA, NA, YB),
)


def book(chance: int, risk: int) -> Answer:
    return BOOK_MATRIX[risk - 1][chance - 1]
