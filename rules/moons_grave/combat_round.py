"""The combat round: Plan, Execute (vying, withdrawing, follower bids, the Initiative roll), turns, Aftermath.

One legality predicate (``refusal``) and one funnel (``apply``); ``legal_actions`` is the candidates the
predicate accepts, so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import product

from ..dice.exploding_roll import dice_still_owed, roll_pool
from ..seam import IllegalAction
from .mg_actions import (
    Bid,
    EnterDie,
    MgAction,
    MgEvent,
    PassPerk,
    Plan,
    RollDice,
    Soak,
    TriggerPerk,
    TurnAction,
    Vie,
    Withdraw,
)
from .mg_book import ACTIONS
from .mg_state import FOES, PARTY, Fighter, MgState, Roll, enemy_side, initiative_order
from .perk_payment import fire, gain_followers, lose_followers, participants, payment_refusal, payments
from .surge_dice import SURGE_D6, faces_text

Step = tuple[MgState, list[MgEvent]]


# --- who acts ---------------------------------------------------------------------------------------------------


def deciders(state: MgState) -> list[str]:
    """The fighters whose answer is awaited now (several at once only for secret plans and bids)."""
    phase = state.phase
    if phase == "plan":
        sealed = {f for f, _, _ in state.sealed}
        return [f for f in state.asked if f not in sealed] if len(state.asked) > 1 else list(state.asked[:1])
    if phase == "bid":
        bid = {f for f, _ in state.bids}
        return [f for f in state.asked if f not in bid]
    if phase in ("vie", "withdraw", "vie_roll"):
        return list(state.asked[:1])
    if phase == "turn":
        return [state.turn]
    if phase in ("roll", "perks") and state.roll is not None:
        if phase == "roll":
            return [state.roll.roller]
        return [state.roll.order[state.roll.chooser]]
    if phase == "soak":
        return [state.damage_queue[0][0]]
    return []


# --- the one legality predicate -----------------------------------------------------------------------------------


def refusal(state: MgState, action: MgAction) -> str | None:
    """Why ``action`` is not allowed now, in a player's words, or None when it is."""
    if state.phase == "over":
        return "The fight is over."
    if not state.has(action.fighter):
        return f"There is no fighter '{action.fighter}'."
    fighter = state.fighter(action.fighter)
    if action.fighter not in deciders(state):
        return f"It is not {fighter.name}'s choice now."
    if isinstance(action, Plan):
        return _plan_refusal(state, fighter, action) if state.phase == "plan" else "Plans are made in the Plan phase."
    if isinstance(action, Vie):
        return None if state.phase == "vie" else "Nobody is being asked to vie for a turn."
    if isinstance(action, Withdraw):
        if state.phase != "withdraw":
            return "Nobody is withdrawing now."
        if action.withdraw and len(state.viers) < 2:
            return f"{fighter.name} is the only one left vying and takes the turn."
        return None
    if isinstance(action, Bid):
        if state.phase != "bid":
            return "Followers are bid only on an Initiative tie."
        most = _biddable(state, fighter)
        if not 0 <= action.followers <= most:
            return f"{fighter.name} can bid 0 to {most} followers."
        return None
    if isinstance(action, RollDice | EnterDie):
        return _roll_refusal(state, action)
    if isinstance(action, TurnAction):
        return _turn_refusal(state, fighter, action) if state.phase == "turn" else "No turn action is awaited."
    if isinstance(action, TriggerPerk | PassPerk):
        if state.phase != "perks" or state.roll is None:
            return "Perks are triggered after a roll, before its verdict."
        return None if isinstance(action, PassPerk) else payment_refusal(state, state.roll, action)
    if state.phase != "soak":
        return "No damage is waiting to be soaked."
    track = next((t for t in fighter.tracks if t.id == action.track), None)
    if track is None:
        return f"{fighter.name} has no soak track '{action.track}'."
    if track.exhausted:
        return f"{track.name} is already checked; it soaks again only once cleared (MG-SOAK-MARK)."
    return None


def _plan_refusal(state: MgState, fighter: Fighter, action: Plan) -> str | None:
    most = 1 if fighter.npc else state.house.plan_limit
    if not 0 <= action.actions <= most:
        who = "An NPC takes one action a turn" if fighter.npc else f"Plans run from 0 to {most} actions"
        return f"{who}; {fighter.name} cannot plan {action.actions}."
    if action.weapon and not any(w.name == action.weapon for w in fighter.weapons):
        return f"{fighter.name} holds no {action.weapon}."
    return None


def _biddable(state: MgState, fighter: Fighter) -> int:
    if not fighter.npc:
        return fighter.followers
    promised = sum(n for f, n in state.bids if state.fighter(f).side == fighter.side)
    return max(0, state.pool(fighter.side) - promised)


def _roll_refusal(state: MgState, action: RollDice | EnterDie) -> str | None:
    roll = state.roll
    if state.phase not in ("roll", "vie_roll") or roll is None or roll.complete:
        return "No dice are waiting to be rolled."
    if isinstance(action, RollDice):
        return "The dice are being typed in; type the rest." if roll.faces else None
    if not 1 <= action.face <= 6:
        return f"A d6 shows 1 to 6, not {action.face}."
    if dice_still_owed(SURGE_D6, roll.dice, roll.faces) <= 0:
        return "No more dice are owed."
    return None


def _turn_refusal(state: MgState, fighter: Fighter, action: TurnAction) -> str | None:
    name = action.action
    if name not in ACTIONS:
        return f"'{name}' is not a turn action ({', '.join(ACTIONS)})."
    if name in ("Finish", "Rally"):
        if action.target:
            return f"{name} takes no target."
        if name == "Rally" and not fighter.npc and fighter.followers >= fighter.beckon:
            return f"{fighter.name} already has as many followers as her Beckon ({fighter.beckon})."
        return None
    if name == "Swap":
        if action.target == fighter.active:
            return f"The {action.target or 'bare hands'} is already active."
        if not any(w.name == action.target for w in fighter.weapons):
            return f"{fighter.name} holds no {action.target or 'such weapon'}."
        return None
    if not state.has(action.target) or not state.fighter(action.target).alive:
        return f"{name} needs a fighter still in the fight as its target."
    target = state.fighter(action.target)
    if name in ("Attack", "Slaughter"):
        if target.side == fighter.side:
            return f"{target.name} is on {fighter.name}'s side."
        if name == "Slaughter" and state.followers(target) == 0:
            return f"{target.name} has no followers to kill."
        return None
    if target.side != fighter.side:
        return f"{target.name} is an enemy."
    if name == "Protect":
        return f"{fighter.name} cannot protect herself." if target.id == fighter.id else None
    bleeding = next((t for t in target.tracks if t.bleeding_out), None)
    if bleeding is None or not bleeding.exhausted:
        return f"{target.name} is not bleeding out."
    return None


# --- the options --------------------------------------------------------------------------------------------------


def _candidates(state: MgState) -> list[MgAction]:
    found: list[MgAction] = []
    for fighter_id in deciders(state):
        fighter = state.fighter(fighter_id)
        if state.phase == "plan":
            weapons = ["", *(w.name for w in fighter.weapons)]
            counts = range(2 if fighter.npc else state.house.plan_limit + 1)
            found += [Plan(fighter_id, n, w) for n, w in product(counts, weapons)]
        elif state.phase == "vie":
            found += [Vie(fighter_id, True), Vie(fighter_id, False)]
        elif state.phase == "withdraw":
            found += [Withdraw(fighter_id, False), Withdraw(fighter_id, True)]
        elif state.phase == "bid":
            found += [Bid(fighter_id, n) for n in range(_biddable(state, fighter) + 1)]
        elif state.phase in ("roll", "vie_roll"):
            found += [RollDice(fighter_id), *(EnterDie(fighter_id, face) for face in range(1, 7))]
        elif state.phase == "turn":
            found += [TurnAction(fighter_id, "Finish"), TurnAction(fighter_id, "Rally")]
            found += [TurnAction(fighter_id, "Swap", w.name) for w in fighter.weapons]
            for other in state.living():
                found += [TurnAction(fighter_id, a, other.id) for a in ("Attack", "Bandage", "Protect", "Slaughter")]
        elif state.phase == "perks" and state.roll is not None:
            found += [*payments(state, state.roll, fighter_id), PassPerk(fighter_id)]
        elif state.phase == "soak":
            found += [Soak(fighter_id, t.id) for t in fighter.tracks]
    return found


def legal_actions(state: MgState) -> list[MgAction]:
    return [action for action in _candidates(state) if refusal(state, action) is None]


# --- the funnel ---------------------------------------------------------------------------------------------------


def apply(state: MgState, action: MgAction) -> Step:
    """The state after ``action`` and what happened; raises IllegalAction (state untouched) when refused."""
    why = refusal(state, action)
    if why is not None:
        raise IllegalAction(why)
    if isinstance(action, Plan):
        return _plan(state, action)
    if isinstance(action, Vie):
        return _vie(state, action)
    if isinstance(action, Withdraw):
        return _withdraw(state, action)
    if isinstance(action, Bid):
        return _bid(state, action)
    if isinstance(action, RollDice | EnterDie):
        return _roll(state, action)
    if isinstance(action, TurnAction):
        return _turn_action(state, action)
    if isinstance(action, TriggerPerk | PassPerk):
        return _perk_step(state, action)
    return _soak(state, action)


def _say(kind: str, text: str, fighter: str = "", values: tuple[int, ...] = ()) -> MgEvent:
    return MgEvent(kind, text, fighter, values)


# --- Plan ---------------------------------------------------------------------------------------------------------


def begin_round(state: MgState, events: list[MgEvent] | None = None) -> Step:
    """Every fighter still standing plans again, lowest Initiative first (MG-CMB-ROUND, MG-CMB-PLAN)."""
    fighters = tuple(replace(f, planned=-1, done_turn=False) for f in state.fighters)
    state = replace(state, fighters=fighters, phase="plan", sealed=(), asked=(), turn="", roll=None)
    said = [*(events or []), _say("round", f"Round {state.round}: plan, lowest Initiative first.")]
    return _next_plan_group(state, said)


def _next_plan_group(state: MgState, events: list[MgEvent]) -> Step:
    waiting = initiative_order([f for f in state.living() if f.planned < 0])
    if not waiting:
        return _offer_turn(replace(state, asked=(), sealed=()), events)
    lowest = waiting[0].talent("Initiative")
    group = tuple(f.id for f in waiting if f.talent("Initiative") == lowest)
    if len(group) > 1:  # MG-CMB-PLAN-TIE
        names = ", ".join(state.fighter(f).name for f in group)
        events.append(_say("secret_plans", f"{names} tie at Initiative {lowest}: each plans in secret."))
    return replace(state, phase="plan", asked=group, sealed=()), events


def _declare(state: MgState, fighter_id: str, actions: int, weapon: str) -> MgState:
    return state.with_fighter(replace(state.fighter(fighter_id), planned=actions, active=weapon))


def _plan_words(state: MgState, fighter_id: str, actions: int, weapon: str) -> str:
    fighter = state.fighter(fighter_id)
    arms = weapon or "bare hands"
    risk = 0 if fighter.npc else max(0, actions - 1)
    return f"{fighter.name} plans {actions} action{'s' * (actions != 1)} with {arms} (Fumble Risk {risk})"


def _plan(state: MgState, action: Plan) -> Step:
    if len(state.asked) == 1:
        state = _declare(state, action.fighter, action.actions, action.weapon)
        text = _plan_words(state, action.fighter, action.actions, action.weapon) + "."
        return _next_plan_group(state, [_say("plan", text, action.fighter, (action.actions,))])
    sealed = (*state.sealed, (action.fighter, action.actions, action.weapon))
    state = replace(state, sealed=sealed)
    events = [_say("plan_sealed", f"{state.fighter(action.fighter).name} has written a plan.", action.fighter)]
    if len(sealed) < len(state.asked):
        return state, events
    for fighter_id, actions, weapon in sealed:
        state = _declare(state, fighter_id, actions, weapon)
    words = "; ".join(_plan_words(state, f, n, w) for f, n, w in sealed)
    events.append(_say("plans_revealed", f"Plans revealed together: {words}.", "", tuple(n for _, n, _ in sealed)))
    return _next_plan_group(state, events)


# --- Execute: vying -----------------------------------------------------------------------------------------------


def _offer_turn(state: MgState, events: list[MgEvent]) -> Step:
    """Ask everyone who has not had a turn whether she vies (MG-CMB-VIE, MG-CMB-REPEAT, MG-CMB-PLAN-ZERO)."""
    eligible = initiative_order([f for f in state.living() if not f.done_turn and f.planned >= 1])
    if not eligible:
        return _aftermath(state, events)
    state = replace(state, phase="vie", asked=tuple(f.id for f in eligible), viers=(), bids=(), vie_totals=(), turn="")
    return state, events


def _vie(state: MgState, action: Vie) -> Step:
    name = state.fighter(action.fighter).name
    viers = (*state.viers, action.fighter) if action.vie else state.viers
    state = replace(state, asked=state.asked[1:], viers=viers)
    events = [_say("vie", f"{name} {'vies for' if action.vie else 'lets pass'} the turn.", action.fighter)]
    if state.asked:
        return state, events
    if not viers:
        events.append(_say("nobody_vies", "Nobody vies for a turn: the Execute phase ends."))
        return _aftermath(state, events)
    if len(viers) == 1:
        return _start_turn(state, viers[0], events)
    order = initiative_order([state.fighter(f) for f in viers])
    return replace(state, phase="withdraw", asked=tuple(f.id for f in order)), events


def _withdraw(state: MgState, action: Withdraw) -> Step:
    name = state.fighter(action.fighter).name
    viers = tuple(f for f in state.viers if f != action.fighter) if action.withdraw else state.viers
    state = replace(state, asked=state.asked[1:], viers=viers)
    events = [_say("withdraw", f"{name} {'withdraws' if action.withdraw else 'stays in'}.", action.fighter)]
    if state.asked and len(viers) > 1:
        return state, events
    return _highest_wins(state, list(viers), events)


def _highest_wins(state: MgState, viers: list[str], events: list[MgEvent]) -> Step:
    """The highest Initiative wins; a tie goes to secret follower bids (MG-CMB-VIE-HIGHEST, -FOLLOWERS)."""
    if len(viers) == 1:
        return _start_turn(state, viers[0], events)
    top = max(state.fighter(f).talent("Initiative") for f in viers)
    tied = [f for f in viers if state.fighter(f).talent("Initiative") == top]
    if len(tied) == 1:
        return _start_turn(state, tied[0], events)
    if all(state.followers(state.fighter(f)) == 0 for f in tied):
        return _begin_vie_rolls(state, tied, events)
    events.append(_say("tie", f"Initiative tie at {top}: followers may be bid in secret."))
    return replace(state, phase="bid", asked=tuple(tied), bids=()), events


def _bid(state: MgState, action: Bid) -> Step:
    state = replace(state, bids=(*state.bids, (action.fighter, action.followers)))
    events = [_say("bid_sealed", f"{state.fighter(action.fighter).name} has set a bid.", action.fighter)]
    if len(state.bids) < len(state.asked):
        return state, events
    for fighter_id, n in state.bids:  # spent followers are gone (ruling, MG-CMB-FOLLOWERS-SPENT)
        state = lose_followers(state, fighter_id, n)
    words = ", ".join(f"{state.fighter(f).name} {n}" for f, n in state.bids)
    events.append(_say("bids_revealed", f"Bids revealed: {words}.", "", tuple(n for _, n in state.bids)))
    totals = {f: state.fighter(f).talent("Initiative") + n for f, n in state.bids}
    top = max(totals.values())
    tied = [f for f in state.asked if totals[f] == top]
    if len(tied) == 1:
        return _start_turn(state, tied[0], events)
    return _begin_vie_rolls(state, tied, events)


def _begin_vie_rolls(state: MgState, tied: list[str], events: list[MgEvent]) -> Step:
    """Still tied: each rolls her Initiative talent, highest total wins (MG-CMB-VIE-ROLL)."""
    if all(state.fighter(f).talent("Initiative") == 0 for f in tied):  # ruling: nothing to roll, set-up order
        events.append(_say("tie", "Nobody tied has Initiative dice: the first in the line-up takes the turn."))
        return _start_turn(state, tied[0], events)
    events.append(_say("tie", "Still tied: each rolls Initiative."))
    state = replace(state, phase="vie_roll", asked=tuple(tied), vie_totals=())
    return _next_vie_roll(state, events)


def _next_vie_roll(state: MgState, events: list[MgEvent]) -> Step:
    fighter = state.fighter(state.asked[0])
    roll = Roll("initiative", fighter.id, fighter.talent("Initiative"), 0)
    if roll.dice == 0:
        return _after_vie_roll(replace(state, roll=replace(roll, complete=True)), events)
    return replace(state, roll=roll), events


def _after_vie_roll(state: MgState, events: list[MgEvent]) -> Step:
    assert state.roll is not None
    total = sum(SURGE_D6.face(f).value for f in state.roll.faces)
    state = replace(state, vie_totals=(*state.vie_totals, (state.roll.roller, total)), asked=state.asked[1:], roll=None)
    if state.asked:
        return _next_vie_roll(state, events)
    top = max(t for _, t in state.vie_totals)
    tied = [f for f, t in state.vie_totals if t == top]
    if len(tied) == 1:
        return _start_turn(state, tied[0], events)
    events.append(_say("tie", f"The rolls tie at {top}: those tied roll again."))
    return _begin_vie_rolls(state, tied, events)


def _start_turn(state: MgState, fighter_id: str, events: list[MgEvent]) -> Step:
    fighter = replace(state.fighter(fighter_id), done_turn=True)  # MG-CMB-ONE-TURN
    state = replace(
        state.with_fighter(fighter),
        phase="turn",
        turn=fighter_id,
        actions_done=0,
        asked=(),
        viers=(),
        bids=(),
        vie_totals=(),
        roll=None,
    )
    events.append(_say("turn", f"{fighter.name} takes the turn (Fumble Risk {fighter.fumble_risk}).", fighter_id))
    return state, events


# --- a turn and its actions -----------------------------------------------------------------------------------------


def roll_for(state: MgState, action: TurnAction) -> Roll | None:
    """The roll a turn action asks for, with the Fumble Risk added (MG-TURN-FR-DIFF), or None for Finish."""
    fighter = state.fighter(action.fighter)
    risk = fighter.fumble_risk
    name = action.action
    if name == "Finish":
        return None
    if name == "Attack":
        target = state.fighter(action.target)
        weapon = state.active_weapon(fighter)
        if state.house.defence_rolls and fighter.npc and not target.npc:  # MG-ACT-DEFENSE-ROLL
            return Roll("defence", target.id, target.talent(weapon.defence), fighter.talent(weapon.attack), fighter.id)
        return Roll(
            "attack", fighter.id, fighter.talent(weapon.attack), target.talent(weapon.defence) + risk, target.id
        )
    if name in ("Slaughter", "Swap"):  # MG-ACT-SLAUGHTER, MG-ACT-SWAP: the weapon's attack talent vs the risk
        weapon = state.active_weapon(fighter) if name == "Slaughter" else fighter.weapon(action.target, state.corps())
        rolled = weapon.attack if weapon.name or name == "Swap" else "Brawl"
        return Roll(name.lower(), fighter.id, fighter.talent(rolled), risk, action.target)
    talent, base = ACTIONS[name]
    assert talent is not None and base is not None
    return Roll(name.lower(), fighter.id, fighter.talent(talent), base + risk, action.target)


def _turn_action(state: MgState, action: TurnAction) -> Step:
    fighter = state.fighter(action.fighter)
    if action.action == "Finish":  # MG-ACT-FINISH: no roll, no fumble, the rest is lost
        events = [_say("finish", f"{fighter.name} finishes her turn.", fighter.id)]
        return _end_turn(state, events)
    roll = roll_for(state, action)
    assert roll is not None
    target = state.fighter(action.target) if state.has(action.target) else None
    what = f"{fighter.name}: {action.action}" + (
        f" {target.name}" if target else f" {action.target}" if action.target else ""
    )
    events = [_say("action", what + ".", fighter.id)]
    if action.action == "Attack" and target is not None and fighter.npc and target.npc:
        return _npc_clash(state, fighter, target, events)
    if roll.difficulty <= 0:  # MG-TURN-ZERO-DIFF: nothing to roll, it simply works
        return _verdict(replace(state, roll=replace(roll, complete=True)), events)
    state = replace(state, phase="roll", roll=roll)
    return state, events


def _npc_clash(state: MgState, attacker: Fighter, target: Fighter, events: list[MgEvent]) -> Step:
    """NPC against NPC: no dice; attack ≥ defence hits for the margin + 1 (MG-NPC-VS-NPC)."""
    weapon = state.active_weapon(attacker)
    attack, defence = attacker.talent(weapon.attack), target.talent(weapon.defence)
    if attack < defence:
        events.append(_say("miss", f"{attacker.name} ({attack}) cannot beat {target.name}'s {defence}: a miss."))
        return _end_turn(state, events)
    events.append(_say("hit", f"{attacker.name} ({attack}) beats {target.name}'s {defence}.", attacker.id))
    state = replace(state, actions_done=state.actions_done + 1)
    return _queue_damage(state, [(target.id, attack - defence + 1)], "end_turn", events)


def _roll(state: MgState, action: RollDice | EnterDie) -> Step:
    roll = state.roll
    assert roll is not None
    fighter = state.fighter(roll.roller)
    events: list[MgEvent] = []
    if isinstance(action, RollDice):
        rng, pool = roll_pool(SURGE_D6, roll.dice, state.rng)
        state, roll = replace(state, rng=rng), replace(roll, faces=pool.faces, complete=True)
    else:
        roll = replace(roll, faces=(*roll.faces, action.face))
        owed = dice_still_owed(SURGE_D6, roll.dice, roll.faces)
        roll = replace(roll, complete=owed == 0)
        label = SURGE_D6.face(action.face).label
        more = f"; {owed} more owed" if owed else ""
        events.append(_say("die_entered", f"{fighter.name} enters a die: {label}{more}.", fighter.id, (action.face,)))
    state = replace(state, roll=roll)
    if not roll.complete:
        return state, events
    total = sum(SURGE_D6.face(f).value for f in roll.faces)
    surges = sum(1 for f in roll.faces if SURGE_D6.face(f).surge)
    surge_words = f", {surges} surge{'s' * (surges != 1)}" if surges else ""
    events.append(
        _say(
            "dice_rolled",
            f"{fighter.name} rolls {roll.dice} vs {roll.difficulty}: {faces_text(roll.faces)} = {total}{surge_words}.",
            fighter.id,
            roll.faces,
        )
    )
    if roll.purpose == "initiative":
        return _after_vie_roll(state, events)
    return _open_window(state, events)


def _open_window(state: MgState, events: list[MgEvent]) -> Step:
    """Every surge is in: the perks may now be paid (MG-ROLL-SURGE-FIRST)."""
    assert state.roll is not None
    order = tuple(f for f, _ in participants(state, state.roll))
    state = replace(state, phase="perks", roll=replace(state.roll, order=order, chooser=0, passes=0))
    return _settle_window(state, events)


def _settle_window(state: MgState, events: list[MgEvent]) -> Step:
    """Skip those with nothing to pay; close once everyone has passed in a row."""
    roll = state.roll
    assert roll is not None
    while roll.order and roll.passes < len(roll.order):
        if payments(state, roll, roll.order[roll.chooser]):
            return replace(state, roll=roll), events
        roll = replace(roll, passes=roll.passes + 1, chooser=(roll.chooser + 1) % len(roll.order))
    return _verdict(replace(state, roll=roll), events)


def _perk_step(state: MgState, action: TriggerPerk | PassPerk) -> Step:
    roll = state.roll
    assert roll is not None
    fighter = state.fighter(action.fighter)
    following = (roll.chooser + 1) % len(roll.order)
    if isinstance(action, PassPerk):
        roll = replace(roll, passes=roll.passes + 1, chooser=following)
        return _settle_window(replace(state, roll=roll), [_say("perk_pass", f"{fighter.name} passes.", fighter.id)])
    state, roll, damage = fire(state, roll, action)
    perk = next(p for p in fighter.perks if p.id == action.perk)
    dice = ", ".join(str(d + 1) for d in action.dice)
    events = [_say("perk", f"{fighter.name} triggers {perk.title} [{perk.cost}] with dice {dice}.", fighter.id)]
    state = replace(state, damage_queue=(*state.damage_queue, *damage), roll=replace(roll, passes=0, chooser=following))
    return _settle_window(state, events)


def _verdict(state: MgState, events: list[MgEvent]) -> Step:
    """Judge the roll; perk bonuses end here (MG-PERK-BONUS-EXPIRE); a failure fumbles (MG-TURN-FUMBLE)."""
    roll = state.roll
    assert roll is not None
    total = sum(SURGE_D6.face(f).value for f in roll.faces) + roll.bonus
    success = total >= roll.difficulty
    margin = total - roll.difficulty
    roller = state.fighter(roll.roller)
    target = state.fighter(roll.target) if state.has(roll.target) else None
    damage: list[tuple[str, int]] = []
    state = replace(state, roll=None, phase="turn")
    if roll.purpose == "defence":
        attacker = state.fighter(roll.target)
        if success:
            events.append(
                _say("miss", f"{roller.name} holds off {attacker.name} ({total} vs {roll.difficulty}).", roller.id)
            )
        else:  # MG-ACT-DEFENSE-ROLL: hit for the shortfall
            amount = roll.difficulty - total + roll.extra_damage - roll.reduced
            events.append(_say("hit", f"{attacker.name} hits {roller.name} by {roll.difficulty - total}.", attacker.id))
            damage.append((roller.id, amount))
        pending = [*state.damage_queue, *((f, n) for f, n in damage if n > 0)]
        state = replace(state, damage_queue=(), actions_done=state.actions_done + 1)
        return _queue_damage(state, pending, "end_turn", events)  # an NPC has one action
    if not success:
        events.append(
            _say("fumble", f"{roller.name} fails ({total} vs {roll.difficulty}) and fumbles: the turn ends.", roller.id)
        )
        pending = list(state.damage_queue)
        return _queue_damage(replace(state, damage_queue=()), pending, "end_turn", events)
    if roll.purpose == "attack" and target is not None:  # MG-ACT-ATTACK-DMG: 1 + margin
        amount = 1 + margin + roll.extra_damage - roll.reduced
        events.append(_say("hit", f"{roller.name} hits {target.name} ({total} vs {roll.difficulty}).", roller.id))
        if amount > 0:
            damage.append((target.id, amount))
    elif roll.purpose == "bandage" and target is not None:
        tracks = tuple(replace(t, exhausted=False) if t.bleeding_out else t for t in target.tracks)
        state = state.with_fighter(replace(target, tracks=tracks))
        events.append(_say("bandage", f"{roller.name} bandages {target.name}: Bleeding Out is clear.", roller.id))
    elif roll.purpose == "protect" and target is not None:
        state = state.with_fighter(replace(roller, protecting=target.id))
        events.append(_say("protect", f"{roller.name} protects {target.name} for the rest of the round.", roller.id))
    elif roll.purpose == "rally":
        state = gain_followers(state, roller.id, 1)
        events.append(_say("rally", f"{roller.name} rallies a follower.", roller.id))
    elif roll.purpose == "slaughter" and target is not None:
        state = lose_followers(state, target.id, 1)
        events.append(_say("slaughter", f"{roller.name} kills one of {target.name}'s followers.", roller.id))
    elif roll.purpose == "swap":
        state = state.with_fighter(replace(state.fighter(roller.id), active=roll.target))
        events.append(_say("swap", f"{roller.name} swaps to the {roll.target}.", roller.id))
    pending = [*state.damage_queue, *damage]
    state = replace(state, damage_queue=(), actions_done=state.actions_done + 1)
    return _queue_damage(state, pending, "turn", events)


# --- damage and soak ------------------------------------------------------------------------------------------------


def _queue_damage(state: MgState, damage: list[tuple[str, int]], then: str, events: list[MgEvent]) -> Step:
    state = replace(state, damage_queue=tuple((f, n) for f, n in damage if n > 0), after_damage=then)
    return _take_damage(state, events)


def _take_damage(state: MgState, events: list[MgEvent]) -> Step:
    """NPCs take damage at once; a player character soaks it track by track or dies (MG-SOAK-LETHAL)."""
    while state.damage_queue:
        fighter_id, amount = state.damage_queue[0]
        fighter = state.fighter(fighter_id)
        if not fighter.alive:
            state = replace(state, damage_queue=state.damage_queue[1:])
            continue
        if fighter.npc:
            state, events = _npc_damage(state, fighter, amount, events)
            state = replace(state, damage_queue=state.damage_queue[1:])
            continue
        if any(not t.exhausted for t in fighter.tracks):
            events.append(_say("damage", f"{fighter.name} must soak {amount} damage.", fighter.id, (amount,)))
            return replace(state, phase="soak"), events
        state, events = _dies(state, fighter, f"{fighter.name} has no soak track left for {amount} damage", events)
        state = replace(state, damage_queue=state.damage_queue[1:])
    if state.phase == "over":
        return state, events
    return _carry_on(state, events)


def _npc_damage(state: MgState, fighter: Fighter, amount: int, events: list[MgEvent]) -> Step:
    """House rule (MG-SOAK-WHO): an NPC has boxes equal to its Durability, or falls to any damage."""
    taken = fighter.damage + amount
    boxes = max(1, fighter.talent("Durability")) if state.house.npc_damage == "durability_boxes" else 1
    state = state.with_fighter(replace(fighter, damage=taken))
    if taken >= boxes:
        return _dies(
            state, state.fighter(fighter.id), f"{fighter.name} takes {amount} damage ({taken}/{boxes})", events
        )
    events.append(_say("damage", f"{fighter.name} takes {amount} damage ({taken}/{boxes}).", fighter.id, (amount,)))
    return state, events


def _dies(state: MgState, fighter: Fighter, why: str, events: list[MgEvent]) -> Step:
    state = state.with_fighter(replace(fighter, alive=False, protecting=""))
    events.append(_say("death", f"{why}: {fighter.name} is dead.", fighter.id))
    for side in (PARTY, FOES):  # MG-CMB-START-END (ruling): a side with nobody standing has lost
        if not state.living(side):
            winner = enemy_side(side)
            events.append(_say("over", f"The fight is over: the {winner} side stands.", ""))
            return replace(state, phase="over", winner=winner, roll=None, damage_queue=()), events
    return state, events


def _soak(state: MgState, action: Soak) -> Step:
    """One track soaks up to its capacity; extra soak is lost (MG-SOAK-COMBINE, -ANY-ORDER, -EXCESS-LOST)."""
    fighter = state.fighter(action.fighter)
    track = next(t for t in fighter.tracks if t.id == action.track)
    _, amount = state.damage_queue[0]
    left = amount - track.capacity
    tracks = tuple(replace(t, exhausted=True) if t.id == track.id else t for t in fighter.tracks)
    state = state.with_fighter(replace(fighter, tracks=tracks))
    events = [
        _say(
            "soak",
            f"{fighter.name} soaks {min(amount, track.capacity)} with {track.name}"
            + (f"; {left} still to soak." if left > 0 else "."),
            fighter.id,
            (track.capacity,),
        )
    ]
    rest = state.damage_queue[1:]
    state = replace(state, damage_queue=((fighter.id, left), *rest) if left > 0 else rest)
    return _take_damage(state, events)


def _carry_on(state: MgState, events: list[MgEvent]) -> Step:
    then = state.after_damage
    state = replace(state, after_damage="")
    if then == "next_round":
        return begin_round(replace(state, round=state.round + 1), events)
    fighter = state.fighter(state.turn)
    if then == "end_turn" or not fighter.alive or state.actions_done >= max(fighter.planned, 1):
        return _end_turn(state, events)
    return replace(state, phase="turn"), events


def _end_turn(state: MgState, events: list[MgEvent]) -> Step:
    return _offer_turn(replace(state, turn="", actions_done=0, roll=None), events)


# --- Aftermath ------------------------------------------------------------------------------------------------------


def _aftermath(state: MgState, events: list[MgEvent]) -> Step:
    """The house Aftermath (MG-CMB-AFTERMATH): protection ends; under the sun, hot armour hurts (MG-ARMOR-HEAT)."""
    events.append(_say("aftermath", f"Aftermath of round {state.round}."))
    state = replace(state, phase="aftermath", asked=(), turn="")
    damage: list[tuple[str, int]] = []
    for step in state.house.aftermath:
        if step == "protection_ends":
            state = replace(state, fighters=tuple(replace(f, protecting="") for f in state.fighters))
        elif step == "heat" and state.house.sun_up:
            for fighter in state.living():
                heat = fighter.armour_heat * (2 if fighter.night_armour else 1)  # MG-ARMOR-NIGHT-SUN
                if fighter.armour and heat > fighter.talent("Endurance"):
                    damage.append((fighter.id, heat - fighter.talent("Endurance")))
                    events.append(_say("heat", f"{fighter.name} overheats in her armour.", fighter.id))
    return _queue_damage(state, damage, "next_round", events)
