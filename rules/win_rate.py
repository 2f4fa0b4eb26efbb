"""A win rate's 95% interval, for the balance labs of every game (RT:0's and The Restless's trials)."""

from __future__ import annotations

import math
from typing import Final

Z95: Final = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson_interval(wins: int, fights: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (sound near 0 and 1, unlike the normal approximation)."""
    if fights == 0:
        return 0.0, 1.0
    rate = wins / fights
    middle = (rate + z * z / (2 * fights)) / (1 + z * z / fights)
    spread = z * math.sqrt(rate * (1 - rate) / fights + z * z / (4 * fights * fights)) / (1 + z * z / fights)
    return max(0.0, middle - spread), min(1.0, middle + spread)
