"""The ready-made party of the title's quick start: two Report Cards filled in as a player would, each built
through the character rules (a draft with every choice made and no problem left), never assembled by hand."""

from __future__ import annotations

from rt0table.rules.rt0.campaign.party import Draft, Party
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait

READY_DRAFTS = (
    Draft(
        name="Ines",
        arcana=Arcana.HIGH_PRIESTESS,
        ability=Trait.STRONG,
        weakness=Trait.DULL,
        a_plus=Skill.GYM,
        failed=Skill.LAW,
        exceptional="reads the station's weather by its hum",
        outfit="velvet hoodie, too many rings",
    ),
    Draft(
        name="Mira",
        arcana=Arcana.MAGICIAN,
        ability=Trait.CHARMING,
        weakness=Trait.WEAK,
        a_plus=Skill.SCI,
        failed=Skill.FINAID,
        spells=(Spell.LEO, Spell.CANCER),
        exceptional="built a particle trap for a science fair",
        outfit="lab coat over a band t-shirt",
    ),
)


class ReadyPartyError(ValueError):
    """A ready-made Report Card that the character rules refuse: a bug in this file, named with its problem."""


def ready_party() -> Party:
    """The quick start's party, each character finished through ``Draft`` and checked against the others."""
    party = Party()
    for draft in READY_DRAFTS:
        problems = draft.problems(party.characters)
        character = draft.character()
        if problems or character is None:
            words = "; ".join(p.message for p in problems) or "a choice is missing"
            raise ReadyPartyError(f"quick_start.py: ready-made character {draft.name!r}: {words}")
        party = Party((*party.characters, character))
    return party
