"""A Playthrough as the save's campaign document, and back: RT:0's story codec (``rules/rt0/story/story_doc.py``)
with the desktop's playthrough around it."""

from __future__ import annotations

from typing import Any

from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.rules.rt0.story.story_doc import read_story, story_doc


def playthrough_doc(playthrough: Playthrough) -> dict[str, Any]:
    """JSON-ready; ``day`` at the top is what the load screen shows."""
    return story_doc(playthrough.story)


def party_names(playthrough: Playthrough) -> list[str]:
    """The players' characters, for the load screen's "party" column."""
    return [m.character.name for m in playthrough.campaign.members]


def playthrough_from_doc(doc: dict[str, Any]) -> tuple[Playthrough, bool]:
    """The Playthrough the document describes (no fight on it yet), and whether a fight was on the table."""
    story, fight_on = read_story(doc)
    return Playthrough(Mode(story.mode), story.campaign, story=story), fight_on
