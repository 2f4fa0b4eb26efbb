"""Where the pips of the numbered Minors sit, as fractions of the screen's content box.

The classic playing-card arrangements: two columns and a centre line, so a count reads at a glance
without counting one by one.
"""

from __future__ import annotations

_L, _C, _R = 0.2, 0.5, 0.8
_COLUMN4 = (0.1, 0.37, 0.63, 0.9)

PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 0.12), (_C, 0.88)),
    3: ((_C, 0.12), (_C, 0.5), (_C, 0.88)),
    4: ((_L, 0.12), (_R, 0.12), (_L, 0.88), (_R, 0.88)),
    5: ((_L, 0.12), (_R, 0.12), (_C, 0.5), (_L, 0.88), (_R, 0.88)),
    6: ((_L, 0.12), (_R, 0.12), (_L, 0.5), (_R, 0.5), (_L, 0.88), (_R, 0.88)),
    7: ((_L, 0.12), (_R, 0.12), (_C, 0.31), (_L, 0.5), (_R, 0.5), (_L, 0.88), (_R, 0.88)),
    8: ((_L, 0.12), (_R, 0.12), (_C, 0.31), (_L, 0.5), (_R, 0.5), (_C, 0.69), (_L, 0.88), (_R, 0.88)),
    9: (*((_L, y) for y in _COLUMN4), (_C, 0.5), *((_R, y) for y in _COLUMN4)),
    10: (*((_L, y) for y in _COLUMN4), (_C, 0.235), (_C, 0.765), *((_R, y) for y in _COLUMN4)),
}


def pip_size(box_width: float, box_height: float, count: int) -> float:
    """Pip height in pixels: as big as the busiest row and column allow."""
    rows = 5.6 if count >= 9 else 4.4
    return min(box_height / rows, box_width * 0.3)
