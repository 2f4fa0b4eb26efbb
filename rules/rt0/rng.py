"""A small deterministic random source whose whole state is one int.

The state lives inside the game state, so a seed plus the action log replays a game
exactly, and copying or hashing the state never touches a ``random.Random``.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # mypyc compiles i64 as a machine word; plain Python never evaluates these annotations
    from mypy_extensions import i64

T = TypeVar("T")
_MASK: Final = (1 << 64) - 1
_SPAN: Final = 1 << 64
_GOLDEN: Final = 0x9E3779B97F4A7C15


# --- the same shuffle on 64-bit machine words, for the compiled engine ---------------------------------------
# Under mypyc an ``i64`` is a signed machine word whose arithmetic wraps, so splitmix64 runs without big ints:
# a shuffle is a quarter of a simulated fight's time otherwise. Each unsigned value u is held as the signed
# word with the same bits (u - 2**64 when u >= 2**63); right shifts are masked to act as unsigned ones.

_GOLDEN_WORD: Final = 0x9E3779B97F4A7C15 - (1 << 64)
_MIX1_WORD: Final = 0xBF58476D1CE4E5B9 - (1 << 64)
_MIX2_WORD: Final = 0x94D049BB133111EB - (1 << 64)
_TOP_WORD: Final = (1 << 63) - 1


def _words_wrap() -> bool:
    """True when compiled (i64 products wrap at 64 bits); False in plain Python, where i64 is int."""
    word: i64 = 1 << 62
    return word * 4 == 0


WORDS_WRAP = _words_wrap()  # not Final: mypyc folds a Final bool it cannot compute


_SPARES: Final = [(1 << 64) % n if n else 0 for n in range(80)]
"""``2**64 % n`` for every deck size up to 79 (a deck holds at most the 78 cards): read, not divided out twice, per
card shuffled."""


def _shuffle_words(state: int, items: list[T]) -> int:
    """``shuffle`` with the same draws, on signed words (valid only when ``WORDS_WRAP``)."""
    s: i64 = state - _SPAN if state > _TOP_WORD else state
    # the constants as words once: beyond 62 bits a compiled module constant is a boxed int, read out per use
    top: i64 = _TOP_WORD
    golden: i64 = _GOLDEN_WORD
    mix1: i64 = _MIX1_WORD
    mix2: i64 = _MIX2_WORD
    spares = _SPARES
    tabled: i64 = len(spares)
    for i in range(len(items) - 1, 0, -1):
        n: i64 = i + 1
        # 2**64 % n: the top ``spare`` values are rejected
        spare: i64 = spares[n] if n < tabled else ((top % n) * 2 + 2) % n
        while True:
            s += golden
            z: i64 = s
            z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * mix1
            z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * mix2
            z ^= (z >> 31) & 0x1FFFFFFFF
            if not -spare <= z < 0:  # unsigned: z < 2**64 - spare
                break
        j: i64 = z % n if z >= 0 else (z % n + spare) % n  # unsigned z % n
        items[i], items[j] = items[j], items[i]
    unsigned: int = s  # back to a Python int before adding 2**64
    return unsigned + _SPAN if unsigned < 0 else unsigned


def step(state: int) -> tuple[int, int]:
    """One splitmix64 step: (new state, 64 random bits)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a uniform int in [0, n)) by rejection, so every outcome is exactly equally likely."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, bits = step(state)
        if bits < limit:
            return state, bits % n


def shuffle(state: int, items: MutableSequence[T]) -> int:
    """Fisher–Yates shuffle in place; returns the new state.

    Compiled by mypyc, the same draws are made on machine words (``_shuffle_words``).

    Exactly ``below(state, i + 1)`` for each index, written out in one loop: a reshuffle makes ~77 draws and
    the two calls per draw were a third of its time. tests/rules test_rng keeps the two in step.
    """
    if WORDS_WRAP and isinstance(items, list):  # a list: compiled, its items are read by index without boxing
        return _shuffle_words(state, items)
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = _SPAN - (_SPAN % n)
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        items[i], items[j] = items[j], items[i]
    return state
