"""What the lab can put in a run: parties (presets, a campaign's party) and encounters, as the run spec's set-up."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.cli.simulation_cli import DEFAULT_ADVERSARIES, parse_adversaries, parse_player
from rt0table.rules.rt0.content.adversaries import AdversaryKind
from rt0table.rules.rt0.fight.engine import CHOSEN_ARCANA_ABILITIES, FighterSetup
from rt0table.rules.rt0.fight.rt0_setup import FightSetup

Party = Callable[[int], tuple[FighterSetup, ...]]
"""A party for a room of the given size (where each player stands depends on it)."""


@dataclass(frozen=True)
class PartyChoice:
    """One entry of the lab's party list: its label and how to seat it in a room."""

    label: str
    party: Party


def _players(*texts: str) -> Party:
    """A preset party from the command line's ``TRAITS:ARCANA`` words (one shared reading of them), each player
    named by their Arcana so the plots' axes say who is who."""

    def party(room: int) -> tuple[FighterSetup, ...]:
        seated = (parse_player(text, i, room) for i, text in enumerate(texts))
        return tuple(
            replace(p, name=p.arcana.title.removeprefix("The ")) if p.arcana is not None else p for p in seated
        )

    return party


PRESETS: tuple[PartyChoice, ...] = (
    PartyChoice(
        "Three players: The Fool, The High Priestess, The Magician",
        _players("strong,slow,lucky:fool", "fast,weak,wise:high_priestess", "charming,foolish,clever:magician"),
    ),
    PartyChoice(
        "Two players: The Fool, The Magician", _players("strong,slow,lucky:fool", "strong,slow,clever:magician")
    ),
    PartyChoice("One player: The Magician (Strong, Slow, Clever)", _players("strong,slow,clever:magician")),
    PartyChoice("Three players with no traits and no Arcana", _players("", "", "")),
)

DEFAULT_ENCOUNTER: tuple[str, ...] = DEFAULT_ADVERSARIES
"""Three Laborers, the command line's default."""


def brought_abilities(campaign: cp.Campaign, member_id: str) -> tuple[str, ...]:
    """The Arcana Abilities a member brings to a lab fight: the first ones they may choose, as many as allowed."""
    choices = fp.ability_choices(campaign, member_id)
    chosen = [c.ability_id for c in choices if c.ability_id is not None and not c.free]
    return tuple(chosen[:CHOSEN_ARCANA_ABILITIES])


def campaign_party(campaign: cp.Campaign, label: str) -> PartyChoice:
    """The members who can fight today (and the party's Eddies) as a lab party, as the fight set-up would seat them."""

    def party(room: int) -> tuple[FighterSetup, ...]:
        abilities = {m.id: brought_abilities(campaign, m.id) for m in fp.fighting_members(campaign)}
        plan = fp.FightPlan(seed=0, room_size=room, adversaries=(), abilities=abilities)
        return tuple(fp.fighter_setups(campaign, plan))

    return PartyChoice(label, party)


def encounter_setup(
    party: PartyChoice, kinds: Sequence[str], room: int, bestiary: dict[str, AdversaryKind], day: int = 0
) -> FightSetup:
    """The set-up of one lab run: the party on the room's middle row, the adversaries on the top row.

    Raises ValueError, in words, when the party or the encounter is empty or names a kind the bestiary lacks.
    """
    fighters = party.party(room)
    if not fighters:
        raise ValueError(f"{party.label}: nobody in this party can fight.")
    if not kinds:
        raise ValueError("Add at least one adversary to the encounter.")
    unknown = [k for k in kinds if k not in bestiary]
    if unknown:
        raise ValueError(f"The bestiary has no {', '.join(unknown)}.")
    adversaries = parse_adversaries(list(kinds), bestiary, room)
    wanted = {kind: bestiary[kind] for kind in dict.fromkeys(kinds)}
    return FightSetup(room, fighters, tuple(adversaries), wanted, day=day)
