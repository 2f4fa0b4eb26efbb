"""Moon's Grave on the seam every game plugs into (``rules/seam.py``)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..seam import OMNISCIENT, RulesError, Ruleset, Seat
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
from .mg_codec import decode, encode
from .mg_fight_setup import MgSetup, new_fight
from .mg_quick_start import sample_setup
from .mg_state import MgState

KEY = "moons-grave"


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
        """Hide other seats' sealed plans and bids, and the dice to come (the random state)."""
        if seat == OMNISCIENT:
            return state
        mine = {f.id for f in state.fighters if f.seat == seat}
        sealed = tuple((f, n, w) if f in mine else (f, -1, "?") for f, n, w in state.sealed)
        bids = tuple((f, n) if f in mine else (f, -1) for f, n in state.bids)
        return replace(state, sealed=sealed, bids=bids, rng=0)

    def state_hash(self, state: MgState) -> str:
        text = json.dumps(encode(state), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def encode_state(self, state: MgState) -> dict[str, Any]:
        encoded: dict[str, Any] = encode(state)
        return encoded

    def decode_state(self, data: Any) -> MgState:
        return decode(MgState, data, "state")

    def encode_action(self, action: MgAction) -> dict[str, Any]:
        return {"kind": type(action).__name__, **encode(action)}

    def decode_action(self, data: Any) -> MgAction:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise RulesError("action: must be an object with a 'kind'")
        kind = next((t for t in ACTION_TYPES if t.__name__ == data["kind"]), None)
        if kind is None:
            raise RulesError(f"action.kind: '{data['kind']}' is not a Moon's Grave action")
        fields = {k: v for k, v in data.items() if k != "kind"}
        action: MgAction = decode(kind, fields, f"action {data['kind']}")
        return action

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


RULES: Ruleset[MgSetup, MgState, MgAction, MgEvent] = MoonsGraveRules()  # mypy checks it meets the seam
