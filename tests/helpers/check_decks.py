"""Stacking the skill-check decks from a desktop test: on a table, or on the playthrough's decks behind a screen."""

from __future__ import annotations

from dataclasses import replace

from rt0table.desktop.characters.skill_check_screen import SkillCheckScreen
from rt0table.desktop.flow.between_fights import PlaythroughDesk
from rt0table.rules.rt0.campaign.check_table import CheckTable
from rt0table.rules.rt0.story.decks import CheckDecks
from tests.helpers import sample_party


def stack(table: CheckTable | SkillCheckScreen, name: str, *cards: str) -> None:
    """Put cards on top of a checker's pile, the first drawn first: on a table, or on the decks of the playthrough
    behind a skill-check screen (the decks are part of its value: they are stacked there, as a GM would)."""
    desk = table.desk if isinstance(table, SkillCheckScreen) else None
    if isinstance(desk, PlaythroughDesk):
        story = desk.playthrough.story
        thawed = story.checks.thaw(story.campaign)
        sample_party.stack(thawed, name, *cards)
        desk.playthrough.story = replace(story, checks=CheckDecks.of(thawed))
        return
    sample_party.stack(table.table if isinstance(table, SkillCheckScreen) else table, name, *cards)
