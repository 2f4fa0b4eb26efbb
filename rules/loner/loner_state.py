"""A game of Loner as one value: the sheets, the oracle's counter, the scene, the conflict and the world's notes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...assets.loner import TABLES_FILE, tables_text
from .harm_luck import Bout
from .protagonist import Character
from .tables import LonerTables, load_tables

# Where the game stands: between scenes ("open"), in a scene, in a conflict, a scene closed and waiting for its
# transition roll ("closing"), between sessions, or over.
PHASES = ("open", "scene", "conflict", "closing", "between", "over")
KINDS = ("dramatic", "quiet", "meanwhile")


@cache
def book_tables() -> LonerTables:
    """The bundled Loner tables (twists, transitions, 5W+H), read once."""
    return load_tables(tables_text(), TABLES_FILE)


@dataclass(frozen=True, slots=True)
class LonerSetup:
    """What a game starts from: the Protagonist, the NPCs known so far, and which oracle the table uses."""

    protagonist: Character
    npcs: tuple[Character, ...] = ()
    step_dice: bool = False  # the Step Dice Oracle (Appendix D) instead of extra dice
    setting: str = ""
    build_setup: bool = False  # open by rolling the 5W+H premise instead of dropping straight into a scene


@dataclass(frozen=True, slots=True)
class Place:
    name: str
    tag: str
    accessible: bool = True


@dataclass(frozen=True, slots=True)
class WorldEvent:
    name: str
    pressure: str
    addressed: bool = False


@dataclass(frozen=True, slots=True)
class SceneNow:
    """The current or last scene."""

    number: int
    kind: str
    where: str
    who: str
    goal: str
    closed: str = ""  # "" while open; else resolved, blocked, abandoned or ran its course
    outcome: str = ""


@dataclass(frozen=True, slots=True)
class LonerState:
    protagonist: Character
    npcs: tuple[Character, ...]
    step_dice: bool
    setting: str
    seed: int
    rolls: int = 0  # dice thrown so far: the next throw's source is keyed by it
    phase: str = "open"
    session: int = 1
    counter: int = 0  # the Twist Counter, 0 to 2 between rolls
    twist_due: bool = False
    framing_asked: bool = False  # the one framing question before this scene was asked
    premise: tuple[str, ...] = ()  # Who, What, When, Where, Why, How
    scene: SceneNow | None = None
    next_kind: str = ""  # what the last transition opened; "" lets the player choose
    bout: Bout | None = None
    places: tuple[Place, ...] = ()
    world_events: tuple[WorldEvent, ...] = ()
    history: tuple[str, ...] = ()  # relationships out of play, kept as story facts

    def character(self, id: str) -> Character | None:
        if id == self.protagonist.id:
            return self.protagonist
        return next((c for c in self.npcs if c.id == id), None)
