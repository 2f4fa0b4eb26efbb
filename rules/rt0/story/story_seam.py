"""RT:0's playthrough as a game on the funnel: the story is the state, its ops the actions, ``tale.apply`` applies
them and an event's ``reveals`` says where undo stops."""

from __future__ import annotations

from ...seam import IllegalAction
from . import ops
from .tale import Story, StoryEvent, apply


class StoryRules:
    """The playthrough's rules as the funnel asks them (``desktop/saves/funnel_step.py``'s ``Play``)."""

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

    def is_over(self, state: Story) -> bool:
        return False  # a playthrough goes on until its players stop; its fights end, it does not


STORY = StoryRules()
