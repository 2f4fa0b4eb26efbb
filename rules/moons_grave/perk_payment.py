"""Paying perks with the dice of a finished roll (MG-PERK-*).

★ pays the roller's perks and ☠ the perks of the enemies the roll acts against; a die pays each fighter once
(MG-PERK-DIE-ONCE) yet may pay several fighters (MG-PERK-BOTH-FACE, Protect); a perk fires once per roll
(MG-PERK-ONCE); the roller chooses first, then each enemy, round and round, until everyone passes in turn
(MG-PERK-ALTERNATE).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from .mg_actions import TriggerPerk
from .mg_pack import Perk
from .mg_state import Fighter, MgState, Roll
from .surge_dice import SURGE_D6

ATTACKS = ("attack", "defence")


def attacker_of(roll: Roll) -> str:
    return roll.target if roll.purpose == "defence" else roll.roller


def defender_of(roll: Roll) -> str:
    return roll.roller if roll.purpose == "defence" else roll.target


def participants(state: MgState, roll: Roll) -> tuple[tuple[str, str], ...]:
    """(fighter, icon) in choosing order: the roller's side pays with ★, the enemies with ☠.

    A protector stands where the defender stands (MG-ACT-PROTECT): beside the target on an attack roll, beside the
    rolling defender on a defence roll. Rolls that act against nobody (Bandage, Protect, Rally, Swap) have no
    enemy; Initiative rolls pay no perks.
    """
    if roll.purpose == "initiative":
        return ()
    defender = defender_of(roll) if roll.purpose in ATTACKS else ""
    guards = [
        f
        for f in state.fighters
        if defender and f.alive and f.protecting == defender and f.id not in (roll.roller, roll.target)
    ]
    guards.sort(key=lambda f: -f.talent("Initiative"))
    own = [(roll.roller, "boosts")]
    enemies: list[tuple[str, str]] = []
    if roll.purpose == "defence":
        own += [(g.id, "boosts") for g in guards]
        enemies = [(roll.target, "drags")]
    elif roll.purpose in ("attack", "slaughter"):
        enemies = [(roll.target, "drags")] + [(g.id, "drags") for g in guards]
    return tuple((f, icon) for f, icon in own + enemies if state.fighter(f).alive)


def icon_of(state: MgState, roll: Roll, fighter_id: str) -> str:
    return next((icon for f, icon in participants(state, roll) if f == fighter_id), "")


def opponent(state: MgState, roll: Roll, fighter_id: str) -> str:
    """Whom a perk's damage or follower loss reaches: the roller's side acts on the first enemy, enemies on the
    roller (or, on a defence roll, the defender's side on the attacker)."""
    order = participants(state, roll)
    icon = icon_of(state, roll, fighter_id)
    if icon == "boosts":
        return next((f for f, i in order if i == "drags"), "")
    return roll.roller


def _dice_icons(roll: Roll, icon: str) -> list[int]:
    counts = [SURGE_D6.face(face).boosts if icon == "boosts" else SURGE_D6.face(face).drags for face in roll.faces]
    return counts


def free_dice(roll: Roll, fighter_id: str, icon: str) -> list[int]:
    used = {die for who, die in roll.used if who == fighter_id}
    return [i for i, count in enumerate(_dice_icons(roll, icon)) if count > 0 and i not in used]


def _perk_does_something(state: MgState, roll: Roll, fighter_id: str, perk: Perk) -> bool:
    """Only perks with an effect on this roll are offered (a damage bonus on a Rally would do nothing)."""
    other = opponent(state, roll, fighter_id)
    for effect in perk.effects:
        if effect.do in ("add_total", "sub_total", "gain_follower"):
            return True
        if effect.do == "add_damage" and roll.purpose in ATTACKS and fighter_id == attacker_of(roll):
            return True
        if effect.do == "reduce_damage" and roll.purpose in ATTACKS and fighter_id != attacker_of(roll):
            return True
        if effect.do in ("deal_damage", "kill_follower") and other:
            return True
    return False


def perk_can_fire(state: MgState, roll: Roll, fighter: Fighter, perk: Perk) -> str | None:
    """Why this fighter cannot trigger ``perk`` on this roll now, or None."""
    icon = icon_of(state, roll, fighter.id)
    if not icon:
        return f"{fighter.name} has no part in this roll's perks."
    wanted = "own_roll" if icon == "boosts" else "enemy_roll"
    if perk.on != wanted:
        side = "★ of her own roll" if perk.on == "own_roll" else "☠ of a roll against her"
        return f"{perk.title} is paid by {side}."
    if perk.weapon and state.active_weapon(fighter).name != perk.weapon:
        return f"{perk.title} needs the {perk.weapon} as the active weapon (MG-PERK-WEAPON-ONLY)."
    if perk.armour and fighter.armour != perk.armour:
        return f"{perk.title} needs its armour to be worn."
    if perk.artifact and fighter.artifact != perk.artifact:
        return f"{perk.title} needs the {perk.artifact}."
    if (fighter.id, perk.id) in roll.triggered:
        return f"{perk.title} has already fired on this roll."
    if not _perk_does_something(state, roll, fighter.id, perk):
        return f"{perk.title} would do nothing on this roll."
    return None


def _minimal(counts: list[int], dice: tuple[int, ...], cost: int) -> bool:
    paid = sum(counts[d] for d in dice)
    return paid >= cost and all(paid - counts[d] < cost for d in dice)


def payments(state: MgState, roll: Roll, fighter_id: str) -> list[TriggerPerk]:
    """Every perk this fighter can pay now, with every set of unused dice that pays it exactly."""
    fighter = state.fighter(fighter_id)
    icon = icon_of(state, roll, fighter_id)
    if not icon:
        return []
    counts = _dice_icons(roll, icon)
    free = free_dice(roll, fighter_id, icon)
    found: list[TriggerPerk] = []
    for perk in fighter.perks:
        if perk_can_fire(state, roll, fighter, perk) is not None:
            continue
        for size in range(1, min(len(free), perk.cost) + 1):
            found += [
                TriggerPerk(fighter_id, perk.id, c) for c in combinations(free, size) if _minimal(counts, c, perk.cost)
            ]
    return found


def payment_refusal(state: MgState, roll: Roll, action: TriggerPerk) -> str | None:
    fighter = state.fighter(action.fighter)
    perk = next((p for p in fighter.perks if p.id == action.perk), None)
    if perk is None:
        return f"{fighter.name} has no perk '{action.perk}'."
    why = perk_can_fire(state, roll, fighter, perk)
    if why:
        return why
    icon = icon_of(state, roll, fighter.id)
    mark = "★" if icon == "boosts" else "☠"
    if list(action.dice) != sorted(set(action.dice)):
        return "List each die once, in order."
    free = free_dice(roll, fighter.id, icon)
    for die in action.dice:
        if not 0 <= die < len(roll.faces):
            return f"There is no die {die + 1} in this roll."
        if die not in free:
            return f"Die {die + 1} shows no {mark} or has already paid one of {fighter.name}'s perks."
    counts = _dice_icons(roll, icon)
    if not _minimal(counts, action.dice, perk.cost):
        paid = sum(counts[d] for d in action.dice)
        if paid < perk.cost:
            return f"{perk.title} costs {perk.cost} {mark}; these dice pay {paid}."
        return f"{perk.title} costs {perk.cost} {mark}; leave out the dice it does not need."
    return None


def fire(state: MgState, roll: Roll, action: TriggerPerk) -> tuple[MgState, Roll, list[tuple[str, int]]]:
    """The perk's effects: the roll's bonus and damage terms, followers at once, damage queued for after."""
    fighter = state.fighter(action.fighter)
    perk = next(p for p in fighter.perks if p.id == action.perk)
    other = opponent(state, roll, fighter.id)
    roll = replace(
        roll,
        used=(*roll.used, *((fighter.id, d) for d in action.dice)),
        triggered=(*roll.triggered, (fighter.id, perk.id)),
    )
    damage: list[tuple[str, int]] = []
    for effect in perk.effects:
        n = effect.amount
        if effect.do == "add_total":
            roll = replace(roll, bonus=roll.bonus + n)
        elif effect.do == "sub_total":
            roll = replace(roll, bonus=roll.bonus - n)
        elif effect.do == "add_damage" and fighter.id == attacker_of(roll):
            roll = replace(roll, extra_damage=roll.extra_damage + n)
        elif effect.do == "reduce_damage" and fighter.id != attacker_of(roll):
            roll = replace(roll, reduced=roll.reduced + n)
        elif effect.do == "deal_damage" and other:
            damage.append((other, n))
        elif effect.do == "gain_follower":
            state = gain_followers(state, fighter.id, n)
        elif effect.do == "kill_follower" and other:
            state = lose_followers(state, other, n)
    return state, roll, damage


def gain_followers(state: MgState, fighter_id: str, n: int) -> MgState:
    """Gain tokens up to the Beckon limit (MG-FOLLOWER-GAIN, -MAX); an NPC pool has no limit."""
    fighter = state.fighter(fighter_id)
    if fighter.npc:
        return state.with_pool(fighter.side, state.pool(fighter.side) + n)
    return state.with_fighter(replace(fighter, followers=min(fighter.beckon, fighter.followers + n)))


def lose_followers(state: MgState, fighter_id: str, n: int) -> MgState:
    fighter = state.fighter(fighter_id)
    if fighter.npc:
        return state.with_pool(fighter.side, max(0, state.pool(fighter.side) - n))
    return state.with_fighter(replace(fighter, followers=max(0, fighter.followers - n)))
