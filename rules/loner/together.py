"""Playing together (LONER-TOGETHER): who asks the oracle, who reads the answer, and who keeps things moving."""

from __future__ import annotations

from dataclasses import dataclass

from .protagonist import clean


class TableError(ValueError):
    """A table arrangement the rules cannot use."""


@dataclass(frozen=True, slots=True)
class Together:
    """A group at one table. Without a GM each player asks for their own character and reads the answer, and a
    facilitator (fixed, or rotating scene by scene) settles disputes. With a GM the players roll and the GM reads."""

    players: tuple[str, ...]
    gm: str = ""  # "" when nobody runs the game
    facilitator: str = ""  # the fixed facilitator; "" rotates through the players

    def __post_init__(self) -> None:
        names = [clean(p) for p in self.players]
        if not names or not all(names):
            raise TableError("name every player")
        if len({n.casefold() for n in names}) != len(names):
            raise TableError("two players share a name")
        if self.gm and clean(self.gm).casefold() in {n.casefold() for n in names}:
            raise TableError("the GM runs the world and has no character of their own")
        if self.facilitator and self.facilitator not in self.players:
            raise TableError(f"the facilitator must be one of the players, not '{self.facilitator}'")
        if self.gm and self.facilitator:
            raise TableError("with a GM there is no facilitator: the GM keeps things moving")

    @property
    def rotating(self) -> bool:
        return not self.gm and not self.facilitator

    def facilitator_for(self, scene: int) -> str:
        """Who facilitates scene ``scene`` (from 1): the fixed one, or the players in turn; the GM when there is one."""
        if scene < 1:
            raise TableError("scenes are numbered from 1")
        if self.gm:
            return self.gm
        return self.facilitator or self.players[(scene - 1) % len(self.players)]

    def roller(self, asker: str) -> str:
        """Who rolls a question asked for ``asker``'s character: always that player (the GM never rolls)."""
        if asker not in self.players:
            raise TableError(f"'{asker}' is not a player at this table")
        return asker

    def interpreter(self, asker: str) -> str:
        """Who reads the answer: the GM when there is one, else the player who asked."""
        return self.gm or self.roller(asker)
