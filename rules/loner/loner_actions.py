"""What a player can do in a game of Loner, as frozen values; and what happened, as events.

Every action carries what the player chose or typed and nothing the rules work out (the dice come from the game's
own seeded source), so the same set-up, seed and actions replay the same game.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game_json import union_members

# --- the session flow ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BuildSetup:
    """Roll once on each 5W+H column for the session's premise (LONER-SETUP-5WH)."""


@dataclass(frozen=True, slots=True)
class FrameScene:
    """Open a scene once where, who and the goal are set (LONER-FRAME); ``kind`` dramatic or quiet."""

    kind: str
    where: str
    who: str
    goal: str


@dataclass(frozen=True, slots=True)
class Ask:
    """A yes/no question with the tags that count for and against (LONER-ORACLE, LONER-TAGS); before a scene opens
    it is the one framing question."""

    question: str
    tags_for: tuple[str, ...] = ()
    tags_against: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RollTwist:
    """Roll the Twist that the counter made due (LONER-TWIST)."""


@dataclass(frozen=True, slots=True)
class CloseScene:
    """End the scene: its goal resolved, blocked or abandoned (LONER-CLOSE)."""

    reason: str
    outcome: str


@dataclass(frozen=True, slots=True)
class AskIfOver:
    """The closing question of last resort: any Yes ends the scene (LONER-CLOSE)."""


@dataclass(frozen=True, slots=True)
class RollTransition:
    """Roll the Scene Transition die after a scene closes (LONER-TRANSITION)."""


@dataclass(frozen=True, slots=True)
class Meanwhile:
    """The world's turn: rewrite the tag of whoever holds power, then ask whether someone acts alone
    (LONER-MEANWHILE). ``old`` blank gives the holder a new tag."""

    holder: str
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class EndSession:
    """Stop for now: Between Sessions (LONER-BETWEEN)."""


@dataclass(frozen=True, slots=True)
class BeginSession:
    """Start the next session where the story left off."""


@dataclass(frozen=True, slots=True)
class EndAdventure:
    """Close the record of this adventure."""


# --- conflicts -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartConflict:
    """A Harm & Luck conflict against NPCs, as one entity or as separate ones (LONER-MULTI-*)."""

    opponents: tuple[str, ...]
    single_entity: bool


@dataclass(frozen=True, slots=True)
class Strike:
    """Ask from the Protagonist's side about ``target``; the answer moves Luck (LONER-HL-DAMAGE)."""

    target: str
    tags_for: tuple[str, ...] = ()
    tags_against: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Break off, and take the tag it costs (LONER-HL-WITHDRAW)."""

    cost: str


@dataclass(frozen=True, slots=True)
class Dissolve:
    """The opposition breaks up: the conflict ends (LONER-HL-END)."""


# --- sheets and the world --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChangeTag:
    """Earn (``old`` blank), rewrite, or remove (``new`` blank) a tag in a slot: skill, frailty, gear or tag."""

    holder: str
    slot: str
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class SetTrait:
    """Set or rewrite a character's concept, goal, motive or nemesis."""

    holder: str
    trait: str
    text: str


@dataclass(frozen=True, slots=True)
class SetRelationship:
    """Earn or rewrite the tag ``holder`` holds towards ``other`` (LONER-REL)."""

    holder: str
    other: str
    tag: str


@dataclass(frozen=True, slots=True)
class AddCharacter:
    """Give a recurring element its own sheet (LONER-PROMOTE), or write down an ally or contact."""

    id: str
    name: str
    concept: str
    living: bool
    tags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MarkGone:
    """An NPC is gone or out of reach for good: relationships with them leave play (LONER-WORLD-GONE)."""

    character: str


@dataclass(frozen=True, slots=True)
class NoteLocation:
    """A place and the tag it now has (LONER-WORLD-LOCATION)."""

    name: str
    tag: str
    accessible: bool = True


@dataclass(frozen=True, slots=True)
class NoteEvent:
    """An event and the pressure it still puts on the world, or that it has been dealt with (LONER-WORLD-EVENT)."""

    name: str
    pressure: str
    addressed: bool = False


LonerAction = (
    BuildSetup
    | FrameScene
    | Ask
    | RollTwist
    | CloseScene
    | AskIfOver
    | RollTransition
    | Meanwhile
    | EndSession
    | BeginSession
    | EndAdventure
    | StartConflict
    | Strike
    | Withdraw
    | Dissolve
    | ChangeTag
    | SetTrait
    | SetRelationship
    | AddCharacter
    | MarkGone
    | NoteLocation
    | NoteEvent
)
ACTION_TYPES = union_members(LonerAction)  # the codec finds a saved action's class here by name


@dataclass(frozen=True, slots=True)
class LonerEvent:
    """Something that happened, told in one line; ``dice`` are the faces rolled, if any."""

    kind: str
    text: str
    dice: tuple[int, ...] = ()


# Dice rolled: undo stops here.
REVEALING = frozenset({"asked", "twist", "setup", "transition", "struck", "meanwhile", "over-asked"})
