"""The campaign record: the party between fights, the Day, Supremacy, and everything that changes them.

Every function returns a new ``Campaign`` and the events that describe the change; nothing is changed in place.
The save keeps it through RT:0's one codec: ``serialize.encode``, and ``campaign_codec.read_campaign`` back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from ...seam import RulesError
from ..abilities import ABILITIES, INJURY_ABILITIES
from ..fight.daily import stamped
from ..fight.engine import FighterSetup, fight_abilities
from ..fight.modifiers import EVA_SUIT, HEADPHONES, friendship_circles, must_honk
from ..fight.zones import Zone
from ..traits import Skill, Spell, Trait
from . import corruption as cor
from . import day as clock
from . import injuries as inj
from . import items as itm
from .campaign_events import (
    CampaignEvent,
    DayEnded,
    FriendshipCirclesDrawn,
    InjuryGained,
    ItemExhausted,
    MemberDied,
    SupremacyAdded,
)
from .character import Character, Eddy, problems
from .spell_skills import castable_today
from .supremacy import FightSummary, supremacy_gain

DAY_WITHOUT_FOOD = 3  # COR-DAY
DAY_WITHOUT_SLEEP = 3  # COR-DAY
MORNING_START = "Morning Start"
WITHDRAWAL = "Morning Start Withdrawal"
SCAR = "Massive Painful Scar"


class Meal(Enum):
    """How a character ate today (DAY-FOOD)."""

    EDIBLE = "edible"
    INEDIBLE = "inedible"  # still food: counts as eating, gives Upset Stomach
    NONE = "none"


class Sleep(Enum):
    """How a character slept tonight (DAY-SLEEP)."""

    RESTFUL = "restful"
    UNRESTFUL = "unrestful"  # counts as sleeping, gives Groggy
    NONE = "none"


@dataclass(frozen=True, slots=True)
class Member:
    """One party member's record between fights."""

    id: str
    character: Character
    corruption: cor.Corruption = field(default_factory=cor.Corruption)
    injuries: inj.InjuryRecord = field(default_factory=inj.InjuryRecord)
    items: tuple[str, ...] = ()
    wallet: itm.Wallet = field(default_factory=itm.Wallet)
    morning_starts: int = 0  # Morning Starts drunk today
    scar_blocks: tuple[str, ...] = ()  # combat abilities the scars block today
    headphones: tuple[int, ...] = ()  # cards kept face down on the Headphones till the next fight (ITM-HEADPHONES)

    @property
    def traits(self) -> frozenset[Trait]:
        """The traits in force now: the Report Card's as the injuries change them."""
        return inj.traits_in_force(self.character.traits, self.injuries.names)

    @property
    def playable(self) -> bool:
        """Alive and not fully corrupted."""
        return not self.injuries.dead and not self.corruption.lost


@dataclass(frozen=True, slots=True)
class Campaign:
    """The party's record between fights; its fields in the order the save has always written them (so build one
    by keyword: ``Campaign(members=...)``)."""

    clock: clock.DayClock = field(default_factory=clock.DayClock)
    supremacy: int = 0
    members: tuple[Member, ...] = ()
    eddies: tuple[Eddy, ...] = ()  # the Eddies rolling with the party now
    eddy_names: tuple[str, ...] = ()  # every Eddy name used this game, so a number is never reused (EDDY-RESPAWN)

    @property
    def day(self) -> int:
        return self.clock.day

    def member(self, member_id: str) -> Member:
        for m in self.members:
            if m.id == member_id:
                return m
        raise KeyError(f"no party member {member_id!r}")

    def with_member(self, member: Member) -> Campaign:
        """The campaign with one member's record replaced."""
        return replace(self, members=tuple(member if m.id == member.id else m for m in self.members))


Result = tuple[Campaign, list[CampaignEvent]]


# --- injuries and corruption ----------------------------------------------------------------------------------


def take_injury(campaign: Campaign, member_id: str, name: str, cause: str = "") -> Result:
    """INJ-MAJOR / INJ-CRITICAL: receive an injury, escalating as the book says."""
    m = campaign.member(member_id)
    record, events = inj.take_injury(m.injuries, name, m.id, cause)
    return campaign.with_member(replace(m, injuries=record)), events


def take_corruption(campaign: Campaign, member_id: str, amount: int, reason: str) -> Result:
    """Take Corruption points; they are owed until marked, and no room for them means COR-FULL."""
    m = campaign.member(member_id)
    record, events = cor.take(m.character, m.corruption, amount, reason, m.traits, m.id)
    return campaign.with_member(replace(m, corruption=record)), events


def mark_corruption(campaign: Campaign, member_id: str, place: str) -> Result:
    """Mark one owed point on a place of the sheet (an upgrade, Skill, Magic or Friendship)."""
    m = campaign.member(member_id)
    record, events = cor.mark(m.character, m.corruption, place, m.traits, m.id)
    return campaign.with_member(replace(m, corruption=record)), events


def mark_all(campaign: Campaign, member_id: str, places: Sequence[str] | None = None) -> Result:
    """Mark every owed point, on the given places in turn or on the suggested ones."""
    m = campaign.member(member_id)
    plan = list(places) if places is not None else cor.suggest_marks(m.character, m.corruption, m.traits)
    events: list[CampaignEvent] = []
    for place in plan:
        campaign, more = mark_corruption(campaign, member_id, place)
        events += more
    return campaign, events


def heal_injury(campaign: Campaign, member_id: str, name: str) -> Result:
    """COR-HEAL: pay the injury's Corruption (2 / 4 / 6; Blinded 1) and it is gone."""
    m = campaign.member(member_id)
    if not m.playable:
        raise RulesError(f"{m.character.name} can no longer be played.")
    record, cost, events = inj.heal(m.injuries, name, m.id)
    campaign = campaign.with_member(replace(m, injuries=record))
    campaign, more = take_corruption(campaign, member_id, cost, f"healing {name}")
    return campaign, events + more


def pay_for_retry(campaign: Campaign, member_id: str) -> Result:
    """SKL-RETRY: a failed check may be tried again, one step easier, for 1 Corruption."""
    return take_corruption(campaign, member_id, cor.RETRY_COST, "retrying a check")


def treat_injury(
    campaign: Campaign,
    member_id: str,
    name: str,
    succeeded: bool,
    choice: str | None = None,
    corruption_retry: bool = False,
) -> Result:
    """INJ-DOWNGRADE: apply a treatment check's result today (``choice``: the GM's Major for a Critical)."""
    m = campaign.member(member_id)
    record, events = inj.downgrade(m.injuries, name, succeeded, campaign.day, choice, m.id, corruption_retry)
    return campaign.with_member(replace(m, injuries=record)), events


def claim_skill_corruption(campaign: Campaign, member_id: str, a_plus: Skill, failed: Skill) -> Result:
    """COR-SKILL: with Skill Corruption full, write a new A+ and a new F on the Report Card."""
    m = campaign.member(member_id)
    if not cor.skill_reward_due(m.corruption):
        raise RulesError("Skill Corruption needs all three circles filled, once.")
    character = replace(
        m.character, extra_a_plus=(*m.character.extra_a_plus, a_plus), extra_failed=(*m.character.extra_failed, failed)
    )
    _check_character(campaign, m, character)
    return campaign.with_member(
        replace(m, character=character, corruption=replace(m.corruption, skill_claimed=True))
    ), []


def claim_magic_corruption(campaign: Campaign, member_id: str, spell: Spell) -> Result:
    """COR-MAGIC: with Magic Corruption full, learn one more spell still open to this character."""
    m = campaign.member(member_id)
    if not cor.magic_reward_due(m.corruption):
        raise RulesError("Magic Corruption needs all three circles filled, once.")
    character = replace(m.character, extra_spells=(*m.character.extra_spells, spell))
    _check_character(campaign, m, character)
    return campaign.with_member(
        replace(m, character=character, corruption=replace(m.corruption, magic_claimed=True))
    ), []


def edit_character(campaign: Campaign, member_id: str, character: Character) -> Campaign:
    """A party edit: the member's Report Card rewritten, refused when it breaks the character rules."""
    m = campaign.member(member_id)
    _check_character(campaign, m, character)
    return campaign.with_member(replace(m, character=character))


def _check_character(campaign: Campaign, m: Member, character: Character) -> None:
    """Refuse a Report Card change that breaks the character rules."""
    party = [o.character for o in campaign.members if o.id != m.id]
    found = problems(character, party)
    if found:
        raise RulesError("; ".join(p.message for p in found))


# --- items, money and the Day's powers -----------------------------------------------------------------------------


def give_item(campaign: Campaign, member_id: str, name: str) -> Campaign:
    """Add an item to a member's belongings."""
    itm.item(name)
    m = campaign.member(member_id)
    return campaign.with_member(replace(m, items=(*m.items, name)))


def drop_item(campaign: Campaign, member_id: str, name: str) -> Campaign:
    """Give up or lose one copy of an item without using it."""
    m = campaign.member(member_id)
    if name not in m.items:
        raise RulesError(f"{m.character.name} carries no {name}.")
    index = m.items.index(name)
    return campaign.with_member(replace(m, items=(*m.items[:index], *m.items[index + 1 :])))


def set_bank(campaign: Campaign, member_id: str, credits: int) -> Campaign:
    """The balance the bank's systems report for a member (ITM-CREDITS)."""
    m = campaign.member(member_id)
    return campaign.with_member(replace(m, wallet=itm.with_bank(m.wallet, credits)))


def add_chit(campaign: Campaign, member_id: str, loaded: int = 0) -> Campaign:
    """A chit comes into a member's pocket holding ``loaded`` credits (ITM-CREDITS)."""
    m = campaign.member(member_id)
    return campaign.with_member(replace(m, wallet=itm.add_chit(m.wallet, loaded)))


def use_item(campaign: Campaign, member_id: str, name: str) -> Result:
    """Use an item: Exhaust items are gone; Morning Start also works on Groggy and Withdrawal."""
    m = campaign.member(member_id)
    inventory, exhausted = itm.use(m.items, name)
    events: list[CampaignEvent] = [ItemExhausted(m.id, name)] if exhausted else []
    campaign = campaign.with_member(replace(m, items=inventory))
    if name == MORNING_START:
        campaign, more = _drink_morning_start(campaign, member_id)
        events += more
    return campaign, events


def keep_on_headphones(campaign: Campaign, member_id: str, card: int) -> Campaign:
    """ITM-HEADPHONES between fights: a won FINAID check failed on purpose leaves its card face down on the
    Headphones (up to 3) until the next fight starts."""
    m = campaign.member(member_id)
    if HEADPHONES not in m.items:
        raise RulesError(f"{m.character.name} carries no Headphones.")
    if len(m.headphones) >= HEADPHONES_HOLD:
        raise RulesError(f"{m.character.name}'s Headphones already hold {HEADPHONES_HOLD} cards.")
    return campaign.with_member(replace(m, headphones=(*m.headphones, card)))


HEADPHONES_HOLD = 3


def _drink_morning_start(campaign: Campaign, member_id: str) -> Result:
    """Groggy goes; Withdrawal comes if absent; a second can the same Day on Withdrawal brings Heart Palpitations."""
    m = campaign.member(member_id)
    record, events = inj.remove_where(m.injuries, "restful sleep", m.id, keep=set(m.injuries.names) - {"Groggy"})
    if not record.has(WITHDRAWAL):
        record, more = inj.take_injury(record, WITHDRAWAL, m.id, MORNING_START)
    elif m.morning_starts >= 1:
        record, more = inj.take_injury(record, "Heart Palpitations", m.id, "a second Morning Start today")
    else:
        more = []
    return campaign.with_member(replace(m, injuries=record, morning_starts=m.morning_starts + 1)), events + more


def use_power(campaign: Campaign, member_id: str, power: str) -> Campaign:
    """Spend a once-per-Day power (DAY-CLOCK); refused if this character lacks it or used it today."""
    m = campaign.member(member_id)
    owned = clock.powers_of(m.character)
    upgrades = cor.unlocked_upgrades(m.character, m.corruption)
    entry = clock.POWERS.get(power)
    if entry is not None and power not in owned and entry.upgrade not in upgrades:
        raise RulesError(f"{m.character.name} does not have {power}.")
    return replace(campaign, clock=clock.use(campaign.clock, member_id, power))


def scar_choices(campaign: Campaign, member_id: str) -> tuple[str, ...]:
    """INJ-MINOR / DAY-CLOCK: the combat abilities a Massive Painful Scar may block today (engine ids, in the
    order the table shows its bins): every bin this member brings to each fight without choosing it (the base
    ones, upgraded Arcana Abilities, spells they can cast), never an injury's own rule, and not Honk for a
    Foolish character, who must Honk every turn."""
    m = campaign.member(member_id)
    everyday = fight_abilities(replace(fighter_setup(campaign, member_id, (0, 0)), blocked=()))
    injury_rules = set(INJURY_ABILITIES.values())
    return tuple(
        a
        for a in everyday
        if not ABILITIES[a].passive and a not in injury_rules and not (a == "honk" and must_honk(m.traits))
    )


def scar_blocks_due(member: Member) -> int:
    """How many scars still wait for this Day's choice (0 once it is made, or with no scar)."""
    scars = member.injuries.names.count(SCAR)
    return scars if member.playable and len(member.scar_blocks) < scars else 0


def choose_scar_blocks(campaign: Campaign, member_id: str, abilities: Sequence[str]) -> Campaign:
    """Each morning every Massive Painful Scar blocks one combat ability for the Day, no two the same, each one
    of ``scar_choices``."""
    m = campaign.member(member_id)
    scars = m.injuries.names.count(SCAR)
    if len(abilities) != scars or len(set(abilities)) != len(abilities):
        raise RulesError(f"Choose {scars} different combat abilities, one per Massive Painful Scar.")
    offered = scar_choices(campaign, member_id)
    strangers = [a for a in abilities if a not in offered]
    if strangers:
        names = ", ".join(ABILITIES[a].name if a in ABILITIES else a for a in strangers)
        raise RulesError(f"{m.character.name}'s scar cannot block {names}: not a combat ability they have every fight.")
    return campaign.with_member(replace(m, scar_blocks=tuple(abilities)))


# --- the end of a Day (DAY-CLOCK, DAY-FOOD, DAY-SLEEP, COR-DAY) ----------------------------------------------------


def _per_member(value: Any, member_id: str, default: Any) -> Any:
    """A per-member mapping's value, or the one value given for everybody."""
    if isinstance(value, Mapping):
        return value.get(member_id, default)
    return value


def end_day(
    campaign: Campaign, ate: Meal | Mapping[str, Meal] = Meal.EDIBLE, slept: Sleep | Mapping[str, Sleep] = Sleep.RESTFUL
) -> Result:
    """Close the Day: Day-long injuries end, Friendship circles are drawn, food and sleep are settled, nights of rest
    count, and every once-per-Day power refreshes."""
    events: list[CampaignEvent] = [DayEnded(campaign.day)]
    for m in campaign.members:
        if not m.playable:
            continue
        campaign, more = _member_day_end(
            campaign, m.id, _per_member(ate, m.id, Meal.EDIBLE), _per_member(slept, m.id, Sleep.RESTFUL)
        )
        events += more
    new_clock, more = clock.next_day(campaign.clock, [m.id for m in campaign.members])
    return replace(campaign, clock=new_clock), events + more


def _member_day_end(campaign: Campaign, member_id: str, ate: Meal, slept: Sleep) -> Result:
    m = campaign.member(member_id)
    record, events = inj.remove_where(m.injuries, "end of day", m.id)
    if m.morning_starts == 0:
        record, more = inj.remove_where(record, "end of day without morning start", m.id)
        events += more
    m = replace(m, injuries=record, morning_starts=0, scar_blocks=())
    circles = friendship_circles(m.traits)
    if circles:
        m = replace(m, corruption=cor.add_friendship_circles(m.corruption, circles))
        events.append(FriendshipCirclesDrawn(m.id, circles))
    campaign = campaign.with_member(m)
    if ate is Meal.NONE:
        campaign, more = take_corruption(campaign, m.id, DAY_WITHOUT_FOOD, "a Day without food")
        events += more
    elif ate is Meal.INEDIBLE:
        campaign, more = take_injury(campaign, m.id, "Upset Stomach", "eating food that was not edible")
        events += more
    if slept is Sleep.NONE:
        campaign, more = take_corruption(campaign, m.id, DAY_WITHOUT_SLEEP, "a Day without sleep")
        return campaign, events + more
    m = campaign.member(m.id)
    record = m.injuries
    if slept is Sleep.RESTFUL:
        record, more = inj.remove_where(record, "restful sleep", m.id)
        events += more
    record, more = inj.rest_night(record, m.id)
    events += more
    campaign = campaign.with_member(replace(m, injuries=record))
    if slept is Sleep.UNRESTFUL and not record.dead:
        campaign, more = take_injury(campaign, m.id, "Groggy", "a night without proper rest")
        events += more
    return campaign, events


# --- fights ------------------------------------------------------------------------------------------------------


def fighter_setup(
    campaign: Campaign, member_id: str, zone: Zone, abilities: Sequence[str] = (), suited: bool = False
) -> FighterSetup:
    """The FighterSetup that brings this member into a fight with their Report Card traits and injuries, and the
    Arcana Abilities chosen for it (CMB-CHOOSE-ABILITIES; fully upgraded ones come free without choosing), their
    items (ITM-*: ``suited`` when they put the EVA Suit on before the fight) and the Headphones' cards."""
    m = campaign.member(member_id)
    used = campaign.clock.used_by(m.id)
    spells = castable_today(m.character.all_spells, used)  # SPL-AQUARIUS: one Heal a Day
    return FighterSetup(
        m.id,
        m.character.name,
        zone,
        m.character.traits,
        m.character.arcana,
        abilities=tuple(abilities),
        injuries=m.injuries.names,
        upgrades=cor.upgraded_ability_ids(m.character, m.corruption),
        spells=spells,
        day_uses=stamped(used, campaign.clock.day),  # the fight runs on ``new_combat(day=clock.day)``
        blocked=m.scar_blocks[: m.injuries.names.count(SCAR)],  # INJ-MINOR: a scar healed since unblocks
        morning_start=m.morning_starts > 0,  # Withdrawal acts in the fight only without one (DAY-CLOCK)
        items=m.items,
        suited=suited and EVA_SUIT in m.items,
        headphones=m.headphones if HEADPHONES in m.items else (),
    )


def injuries_before(campaign: Campaign) -> dict[str, tuple[str, ...]]:
    """Each member's injuries, to compare with the fight's end (``supremacy.summarise``)."""
    return {m.id: m.injuries.names for m in campaign.members}


def conclude_fight(campaign: Campaign, summary: FightSummary) -> Result:
    """After a fight: the Supremacy tally, the injuries and Corruption it left, deaths, and what ends with combat."""
    gain = supremacy_gain(summary)
    events: list[CampaignEvent] = [SupremacyAdded(gain, "fight")] if gain else []
    campaign = replace(campaign, supremacy=campaign.supremacy + gain)
    for outcome in summary.outcomes:
        m = campaign.member(outcome.member)
        record, more = _sync(m.injuries, outcome.injuries_after, outcome.injuries_taken, outcome.died, m.id)
        record, ended = inj.remove_where(record, "end of combat", m.id)
        m = replace(m, injuries=record, morning_starts=m.morning_starts + outcome.morning_starts)
        if outcome.items is not None:  # ITM-LIST: what the fight used up is gone; the Headphones keep their cards
            m = replace(m, items=outcome.items, headphones=outcome.headphones)
        campaign = campaign.with_member(m)
        events += more + ended
        for power in outcome.day_uses:  # the fight's once-per-Day uses (Slaughter, Aquarius's Heal …) are the Day's
            if power not in campaign.clock.used_by(m.id):
                campaign = replace(campaign, clock=clock.use(campaign.clock, m.id, power))
        campaign, more = take_corruption(campaign, m.id, outcome.corruption, "the fight")
        events += more
        m = campaign.member(m.id)
        trauma = sum(
            e.amount for _, e in inj.effects_in_force(m.character.traits, record.names, "corruption_after_combat")
        )
        campaign, more = take_corruption(campaign, m.id, trauma, "Unresolved Trauma")
        events += more
    return campaign, events


def _sync(
    record: inj.InjuryRecord, after: Sequence[str], taken: Sequence[str], died: bool, who: str
) -> tuple[inj.InjuryRecord, list[CampaignEvent]]:
    """The injury record as the fight left it: nights kept for injuries that stayed, new ones fresh."""
    remaining = list(record.held)
    held = []
    for name in after:
        old = next((h for h in remaining if h.name == name), None)
        if old is not None:
            remaining.remove(old)
        held.append(old or inj.HeldInjury(name))
    events: list[CampaignEvent] = [InjuryGained(who, n, inj.injury(n).severity.value, "the fight") for n in taken]
    if died:
        events.append(MemberDied(who, "the fight"))
    return replace(record, held=tuple(held), dead=record.dead or died), events
