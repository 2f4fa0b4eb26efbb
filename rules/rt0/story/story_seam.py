"""RT:0's playthrough as a game on the funnel: the story is the state, its ops the actions, ``tale.apply`` applies
them and an event's ``reveals`` says where undo stops."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...game_json import doc_digest
from ...paradise_lua import lua_campaign as lua
from ...seam import IllegalAction
from ..campaign import campaign as cp
from . import ops
from .story_doc import DocError, read_story, story_doc
from .tale import Story, StoryEvent, apply, new_story


@dataclass(frozen=True, slots=True)
class StorySetup:
    """A playthrough about to begin: who sits at the table (``Mode``'s value), the party's campaign, and the Paradise
    Lua campaign when it is set there."""

    mode: str
    campaign: cp.Campaign
    world: lua.LuaState | None = None


class StoryRules:
    """The playthrough's rules as the funnel asks them (``desktop/saves/funnel_step.py``'s ``Play``)."""

    def new_state(self, setup: StorySetup, seed: int) -> tuple[Story, list[StoryEvent]]:
        """The playthrough just begun: its party made, its decks shuffled from ``seed``, no fight yet."""
        return new_story(setup.mode, setup.campaign, seed, world=setup.world), []

    def apply(self, state: Story, action: ops.Played) -> tuple[Story, list[StoryEvent]]:
        if isinstance(action, ops.Earlier):
            raise IllegalAction("That step was made before the game was reopened; it can only be undone.")
        return apply(state, action)

    def refusal(self, state: Story, action: ops.Played) -> str | None:
        try:
            self.apply(state, action)
        except IllegalAction as error:
            return str(error)
        return None

    def reveals(self, event: StoryEvent) -> bool:
        return event.reveals

    def encode_state(self, state: Story) -> dict[str, Any]:
        """The playthrough as its save's document (its fight is the save's log, not this)."""
        return story_doc(state)

    def decode_state(self, data: Any) -> Story:
        """The document read back; a ``DocError`` naming the field when it is not one this game wrote."""
        if not isinstance(data, dict):
            raise DocError(f"the party's record must be a JSON object, not {type(data).__name__}")
        return read_story(data)[0]

    def state_hash(self, state: Story) -> str:
        """The hash the save's story rows record: of the document as this version writes it."""
        return doc_digest(story_doc(state))

    def is_over(self, state: Story) -> bool:
        return False  # a playthrough goes on until its players stop; its fights end, it does not


STORY = StoryRules()
