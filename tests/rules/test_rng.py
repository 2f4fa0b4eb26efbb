"""The random source: ``shuffle`` writes ``below`` out in one loop, and must draw exactly as it would."""

from __future__ import annotations

from rt0table.rules.rt0 import rng


def reference_shuffle(state: int, items: list[int]) -> int:
    """Fisher–Yates through ``below``, the way ``shuffle`` was first written."""
    for i in range(len(items) - 1, 0, -1):
        state, j = rng.below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def test_shuffle_draws_as_below_does() -> None:
    for seed in (0, 1, 7, 2**63 + 5, (1 << 64) - 1, 0x9E3779B97F4A7C15):
        for size in (0, 1, 2, 3, 5, 22, 56, 78, 79, 80, 130):  # 80 and more: beyond rng's table of spares
            mine, theirs = list(range(size)), list(range(size))
            assert rng.shuffle(seed, mine) == reference_shuffle(seed, theirs)
            assert mine == theirs


def test_shuffle_is_pinned() -> None:
    """A fixed seed gives a fixed order: a change here changes every replay."""
    deck = list(range(10))
    state = rng.shuffle(42, deck)
    assert (deck, state) == PINNED


PINNED = ([0, 9, 5, 8, 6, 4, 7, 2, 1, 3], 10372713005361028327)
