"""Names shared across the Loner modules: scene kinds, Status Track arenas, the 5W+H columns."""

from __future__ import annotations

from enum import Enum


class SceneKind(Enum):
    """What the Scene Transition roll opens next."""

    DRAMATIC = "dramatic"
    QUIET = "quiet"
    MEANWHILE = "meanwhile"

    @property
    def label(self) -> str:
        """The scene kind as shown to the player."""
        return {"dramatic": "Dramatic Scene", "quiet": "Quiet Scene", "meanwhile": "Meanwhile"}[self.value]


class Arena(Enum):
    """The kind of defeat a Status Track box records."""

    PHYSICAL = "physical"
    SOCIAL = "social"
    PSYCHOLOGICAL = "psychological"


class SetupColumn(Enum):
    """The six columns of the 5W+H setup table, in the book's order."""

    WHO = "who"
    WHAT = "what"
    WHEN = "when"
    WHERE = "where"
    WHY = "why"
    HOW = "how"
