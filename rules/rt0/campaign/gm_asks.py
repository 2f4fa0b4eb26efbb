"""Powers that are asked of the GM (FOOL-DEUS, HP-FORESIGHT): a request, then the GM's answer.

The player asks, with a wish of their own or none (then the GM provides the result). The GM grants it, and the power
is spent for the Day, or can't or won't, and the power stays fresh: the book says so for the divination tools, and
we rule the same for Deus Ex Machina (docs/rulings.md, FOOL-DEUS).
"""

from __future__ import annotations

from dataclasses import dataclass

from .day import DEUS_EX_MACHINA, FORESIGHT_TOOLS, foresight

ASKS_THE_GM = frozenset({DEUS_EX_MACHINA, *(foresight(tool) for tool in FORESIGHT_TOOLS)})


@dataclass(frozen=True, slots=True)
class PowerRequest:
    """A power asked of the GM and not yet answered; ``wish``: the result the player proposes ("" for none)."""

    member: str
    power: str
    wish: str = ""


def asks_the_gm(power: str) -> bool:
    return power in ASKS_THE_GM
