"""A seeded random source whose whole state is one int, so it lives inside a game state and replays exactly."""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _step(state: int) -> tuple[int, int]:
    """One splitmix64 step: (new state, 64 random bits)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a uniform int in [0, n)); rejection keeps every outcome exactly equally likely."""
    if n < 1:
        raise ValueError("below() needs n >= 1")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, bits = _step(state)
        if bits < limit:
            return state, bits % n


def seeded(seed: int) -> int:
    """The random state for a game's seed (any int, negative ones too)."""
    return seed & _MASK
