"""From the campaign into a fight and back: the party's ids, the Arcana Abilities to bring, where everyone stands,
and what a finished fight leaves behind (Supremacy, injuries, Corruption, replacement Eddies).

A ``FightPlan`` is everything chosen on the set-up screen; ``start_fight`` turns it into ``new_combat``'s call, and
``after_fight`` reads the finished state back into the campaign. Nothing here changes a campaign in place.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..abilities import ABILITIES
from ..content.adversaries import AdversaryKind
from ..fight.engine import CHOSEN_ARCANA_ABILITIES, AdversarySetup, FighterSetup, new_combat
from ..fight.events import Event
from ..fight.state import CombatState, FighterKind
from ..fight.zones import Room, Zone
from .campaign import Campaign, Member, Result, conclude_fight, fighter_setup, injuries_before, scar_blocks_due
from .campaign_events import CampaignEvent, EddyReplaced
from .character import Character, Eddy
from .corruption import EXTRA_ABILITY_COST, arcana_abilities, free_abilities
from .eddy_respawn import replacement_names
from .supremacy import FightSummary, summarise

# --- the party's ids -------------------------------------------------------------------------------------------


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "member"


def unique_id(name: str, taken: Iterable[str]) -> str:
    """A short id from a name ("Mira Vance" -> "mira-vance"), numbered when it is taken."""
    used = set(taken)
    base = _slug(name)
    candidate, n = base, 1
    while candidate in used:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def from_party(characters: Sequence[Character], eddies: Sequence[Eddy] = ()) -> Campaign:
    """A new campaign for the party just made: Day 1, no Supremacy, each character a member."""
    members: list[Member] = []
    for character in characters:
        members.append(Member(unique_id(character.name, (m.id for m in members)), character))
    return Campaign(members=tuple(members), eddies=tuple(eddies), eddy_names=tuple(e.name for e in eddies))


def eddy_ids(campaign: Campaign) -> dict[str, Eddy]:
    """The fighter id each of the party's Eddies has in a fight ("eddy", "eddy-2"), never a member's id."""
    taken = [m.id for m in campaign.members]
    ids: dict[str, Eddy] = {}
    for eddy in campaign.eddies:
        fighter_id = unique_id(eddy.name, [*taken, *ids])
        ids[fighter_id] = eddy
    return ids


def fighting_members(campaign: Campaign) -> tuple[Member, ...]:
    """The members who can come to a fight: alive and not lost to Corruption."""
    return tuple(m for m in campaign.members if m.playable)


# --- Arcana Abilities to bring (CMB-CHOOSE-ABILITIES) -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AbilityChoice:
    """One Arcana Ability as the set-up screen offers it."""

    name: str
    upgrade: str
    summary: str
    ability_id: str | None  # None: the table cannot play it yet
    free: bool  # its upgrade is unlocked: it comes to every fight without choosing

    @property
    def playable(self) -> bool:
        return self.ability_id is not None


def ability_choices(campaign: Campaign, member_id: str) -> tuple[AbilityChoice, ...]:
    """The member's six Arcana Abilities with the registry's words, free ones marked."""
    m = campaign.member(member_id)
    free = set(free_abilities(m.character, m.corruption))
    return tuple(
        AbilityChoice(
            a.name,
            a.upgrade,
            ABILITIES[a.ability_id].summary if a.ability_id else "",
            a.ability_id,
            a.name in free,
        )
        for a in arcana_abilities(m.character.arcana)
    )


def choice_refusal(campaign: Campaign, member_id: str, chosen: Sequence[str]) -> str | None:
    """Why these ability ids cannot be brought, or None: own Arcana only, playable, at most two beside free ones."""
    offered = {c.ability_id: c for c in ability_choices(campaign, member_id) if c.ability_id}
    name = campaign.member(member_id).character.name
    strangers = [a for a in chosen if a not in offered]
    if strangers:
        return f"{name} cannot bring {', '.join(strangers)}: not an Arcana Ability of theirs the table can play."
    paid = [a for a in dict.fromkeys(chosen) if not offered[a].free]
    if len(paid) > CHOSEN_ARCANA_ABILITIES:
        return (
            f"{name} may bring {CHOSEN_ARCANA_ABILITIES} Arcana Abilities; each one more costs "
            f"{EXTRA_ABILITY_COST} Corruption once the fight is on."
        )
    return None


# --- the fight plan ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FightPlan:
    """Everything the set-up screen chooses: room, adversaries, where each fighter stands, abilities, seed."""

    seed: int
    room_size: int
    adversaries: tuple[AdversarySetup, ...]
    zones: Mapping[str, Zone] = field(default_factory=dict)  # member ids and Eddy fighter ids
    abilities: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # member id -> chosen ability ids
    suited: tuple[str, ...] = ()  # members who put the EVA Suit on before the fight (ITM-EVA-SUIT)


def player_zone(room_size: int, index: int) -> Zone:
    """Where the index-th fighter starts by default: along the bottom row, from the left."""
    return (index % room_size, room_size - 1)


def adversary_zone(room_size: int, index: int) -> Zone:
    """Where the index-th adversary starts by default: along the top row, from the right."""
    return (room_size - 1 - index % room_size, 0)


def default_zones(campaign: Campaign, room_size: int) -> dict[str, Zone]:
    """Every fighter's default zone: members first, then the Eddies."""
    ids = [*(m.id for m in fighting_members(campaign)), *eddy_ids(campaign)]
    return {fighter_id: player_zone(room_size, i) for i, fighter_id in enumerate(ids)}


def plan_refusal(campaign: Campaign, plan: FightPlan) -> str | None:
    """Why this plan cannot start, in words, or None."""
    try:
        room = Room(plan.room_size)
    except ValueError as error:
        return str(error)
    if not fighting_members(campaign):
        return "Nobody in the party can fight."
    if not plan.adversaries:
        return "Pick at least one adversary to fight."
    for setup in plan.adversaries:
        if not room.contains(setup.zone):
            return f"An adversary stands outside the {room.label} room."
    for fighter_id, zone in plan.zones.items():
        if not room.contains(zone):
            return f"{fighter_id} stands outside the {room.label} room."
    for m in fighting_members(campaign):
        if scar_blocks_due(m):  # INJ-MINOR: the morning's choice comes before any fight of the Day
            return (
                f"{m.character.name}'s Massive Painful Scar has not blocked an ability yet today: choose it on the Day."
            )
        reason = choice_refusal(campaign, m.id, plan.abilities.get(m.id, ()))
        if reason is not None:
            return reason
    return None


def fighter_setups(campaign: Campaign, plan: FightPlan) -> list[FighterSetup]:
    """The setups ``new_combat`` needs: each member through ``fighter_setup``, then the Eddies."""
    defaults = default_zones(campaign, plan.room_size)
    setups = [
        fighter_setup(
            campaign, m.id, plan.zones.get(m.id, defaults[m.id]), plan.abilities.get(m.id, ()), m.id in plan.suited
        )
        for m in fighting_members(campaign)
    ]
    for fighter_id, eddy in eddy_ids(campaign).items():
        zone = plan.zones.get(fighter_id, defaults[fighter_id])
        setups.append(FighterSetup(fighter_id, eddy.name, zone, kind=FighterKind.EDDY))
    return setups


def start_fight(
    campaign: Campaign, plan: FightPlan, bestiary: dict[str, AdversaryKind]
) -> tuple[CombatState, list[Event]]:
    """Set the fight up as planned; raises ValueError with ``plan_refusal``'s words when it cannot start."""
    reason = plan_refusal(campaign, plan)
    if reason is not None:
        raise ValueError(reason)
    fighters = fighter_setups(campaign, plan)
    return new_combat(plan.seed, plan.room_size, fighters, list(plan.adversaries), bestiary, day=campaign.clock.day)


# --- after the fight --------------------------------------------------------------------------------------------


def replace_destroyed_eddies(campaign: Campaign, state: CombatState) -> Result:
    """EDDY-RESPAWN: every Eddy the fight destroyed is replaced by the next-numbered one, same skill and job."""
    names = replacement_names(state, campaign.eddy_names)
    if not names:
        return campaign, []
    by_id = eddy_ids(campaign)
    eddies = list(campaign.eddies)
    events: list[CampaignEvent] = []
    for fighter_id, new_name in names.items():
        old = by_id.get(fighter_id)
        if old is None or old not in eddies:
            continue
        eddies[eddies.index(old)] = Eddy(new_name, old.skill, old.job)
        events.append(EddyReplaced(old.name, new_name))
    used = (*campaign.eddy_names, *(e.new for e in events if isinstance(e, EddyReplaced)))
    return replace(campaign, eddies=tuple(eddies), eddy_names=used), events


def after_fight(campaign: Campaign, state: CombatState) -> tuple[Campaign, FightSummary, list[CampaignEvent]]:
    """Read a finished fight into the campaign: the Supremacy tally, injuries, Corruption, replacement Eddies."""
    summary = summarise(state, injuries_before(campaign))
    campaign, events = conclude_fight(campaign, summary)
    campaign, more = replace_destroyed_eddies(campaign, state)
    return campaign, summary, events + more
