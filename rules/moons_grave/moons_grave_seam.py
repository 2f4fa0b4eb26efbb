"""Moon's Grave on the seam every game plugs into (``rules/seam.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..game_json import TaggedActions, canonical, decode, decode_checked, digest, encode
from ..seam import OMNISCIENT, Ruleset, Seat
from . import combat_round
from .mg_actions import (
    ACTION_TYPES,
    REVEALING,
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
from .mg_fight_setup import MgSetup, new_fight
from .mg_quick_start import sample_setup
from .mg_state import MgState

KEY = "moons-grave"
ACTIONS: TaggedActions[MgAction] = TaggedActions("kind", ACTION_TYPES, "a Moon's Grave action")


class MoonsGraveRules:
    """The Ruleset for Moon's Grave fights: Setup = MgSetup, State = MgState, Action = MgAction, Event = MgEvent."""

    key = KEY
    title = "Moon's Grave"

    def new_state(self, setup: MgSetup, seed: int) -> tuple[MgState, list[MgEvent]]:
        return new_fight(setup, seed)

    def legal_actions(self, state: MgState) -> Sequence[MgAction]:
        return combat_round.legal_actions(state)

    def refusal(self, state: MgState, action: MgAction) -> str | None:
        return combat_round.refusal(state, action)

    def apply(self, state: MgState, action: MgAction) -> tuple[MgState, list[MgEvent]]:
        return combat_round.apply(state, action)

    def reveals(self, event: MgEvent) -> bool:
        """Dice rolled or typed in, and secret plans or bids shown: undo stops there."""
        return event.kind in REVEALING

    def is_over(self, state: MgState) -> bool:
        return state.phase == "over"

    def seats_to_act(self, state: MgState) -> frozenset[Seat]:
        """Several seats at once while tied fighters write secret plans or bids."""
        return frozenset(state.fighter(f).seat for f in combat_round.deciders(state))

    def observe(self, state: MgState, seat: Seat) -> MgState:
        """Hide the dice to come (the random state), and other seats' plans and bids while they are still sealed
        (MG-CMB-PLAN-TIE, MG-CMB-VIE-FOLLOWERS): once revealed together they are everyone's to see."""
        if seat == OMNISCIENT:
            return state
        mine = {f.id for f in state.fighters if f.seat == seat}
        sealed, bids = state.sealed, state.bids
        if state.phase == "plan":
            sealed = tuple((f, n, w) if f in mine else (f, -1, "?") for f, n, w in sealed)
        if state.phase == "bid":
            bids = tuple((f, n) if f in mine else (f, -1) for f, n in bids)
        return replace(state, sealed=sealed, bids=bids, rng=0)

    def state_hash(self, state: MgState) -> str:
        return digest(canonical(encode(state)))

    def encode_state(self, state: MgState) -> dict[str, Any]:
        encoded: dict[str, Any] = encode(state)
        return encoded

    def decode_state(self, data: Any) -> MgState:
        return decode_checked(MgState, data, "state", state_problem)

    def encode_action(self, action: MgAction) -> dict[str, Any]:
        return ACTIONS.encode(action)

    def decode_action(self, data: Any) -> MgAction:
        return ACTIONS.decode(data)

    def encode_setup(self, setup: MgSetup) -> dict[str, Any]:
        encoded: dict[str, Any] = encode(setup)
        return encoded

    def decode_setup(self, data: Any) -> MgSetup:
        return decode(MgSetup, data, "setup")

    def narrate(self, state: MgState, event: MgEvent) -> str:
        return event.text

    def sample_setup(self, seed: int) -> MgSetup:
        return sample_setup(seed)

    def action_space(self, state: MgState) -> Sequence[MgAction]:
        return action_space(state)


TURN_ACTIONS = ("attack", "protect", "bandage", "rally", "slaughter", "move", "wait", "no-such-action")


def action_space(state: MgState) -> list[MgAction]:
    """Actions of every shape, legal or not: each fighter's plans, vies, bids, rolls and faces (out of range too),
    each turn action at each fighter, the perks they know, soaks on every track, and a fighter nobody knows."""
    ids = [f.id for f in state.fighters]
    actions: list[MgAction] = list(combat_round.legal_actions(state))
    for who in [*ids, "nobody"]:
        actions += [Plan(who, n, "") for n in range(0, 4)]
        actions += [Vie(who, True), Vie(who, False), Withdraw(who, True), Withdraw(who, False)]
        actions += [Bid(who, n) for n in (-1, 0, 1, 99)]
        actions += [RollDice(who), PassPerk(who), TriggerPerk(who, "no-such-perk", (0,))]
        actions += [EnterDie(who, face) for face in range(0, 8)]
        actions += [TurnAction(who, kind, target) for kind in TURN_ACTIONS for target in ("", *ids)]
        actions += [Soak(who, "no-such-track")]
    return list(dict.fromkeys(actions))


PHASES = ("plan", "vie", "withdraw", "bid", "vie_roll", "turn", "roll", "perks", "soak", "over")


def state_problem(state: MgState) -> str | None:
    """What makes a decoded state one this game could not have made (a save edited by hand), or None."""
    ids = [f.id for f in state.fighters]
    if len(set(ids)) != len(ids):
        return "fighters: two fighters share an id"
    if state.phase not in PHASES:
        return f"phase: '{state.phase}' is not a phase ({', '.join(PHASES)})"
    named = [*state.asked, *state.viers, *(f for f, _, _ in state.sealed), *(f for f, _ in state.bids)]
    named += [f for f, _ in state.damage_queue] + ([state.turn] if state.turn else [])
    if state.roll is not None:
        named += [state.roll.roller, *state.roll.order]
    stray = [f for f in named if f not in ids]
    if stray:
        return f"'{stray[0]}' is named but is not a fighter"
    if state.phase in ("roll", "perks", "vie_roll") and state.roll is None:
        return f"roll: the phase '{state.phase}' needs a roll"
    if state.phase == "perks" and state.roll is not None and not state.roll.order:
        return "roll.order: a perk window needs someone to choose"
    if state.phase == "soak" and not state.damage_queue:
        return "damage_queue: the soak phase needs damage to soak"
    if state.phase == "turn" and state.turn not in ids:
        return "turn: the turn phase needs the fighter whose turn it is"
    if state.phase in ("plan", "vie", "withdraw", "bid") and not state.asked:
        return f"asked: the phase '{state.phase}' needs someone asked"
    if any(n < 0 for _, n in state.pools) or any(f.followers < 0 or f.damage < 0 for f in state.fighters):
        return "followers and damage cannot be negative"
    if state.roll is not None and any(not 1 <= face <= 6 for face in state.roll.faces):
        return "roll.faces: a d6 face is 1 to 6"
    return None


RULES: Ruleset[MgSetup, MgState, MgAction, MgEvent] = MoonsGraveRules()  # mypy checks it meets the seam
