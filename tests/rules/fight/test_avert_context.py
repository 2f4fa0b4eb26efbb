"""Crisis Averted's decision carries the draw's follow-up with a typed context (``NO_CONTEXT``, saved as ``[]``), as
every other decision does: states written while it was an untyped tuple (snapshots/avert_before_typing.json, by
main's engine at 9d02960: a draw with no follow-up, with each follow-up, one card or several to shuffle back) read
back to the same bytes and hash and play on to the hashes that engine reached."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rt0table.rules.rt0.fight.actions import Choose
from rt0table.rules.rt0.fight.decisions import context_of
from rt0table.rules.rt0.fight.effects import AVERT, AvertAsked
from rt0table.rules.rt0.fight.engine import apply
from rt0table.rules.rt0.fight.serialize import (
    DamagedDecision,
    StateFormatError,
    decode,
    encode,
    state_from_dict,
    state_hash,
    state_json,
)
from rt0table.rules.rt0.fight.state import NO_CONTEXT, Context

OLD = json.loads((Path(__file__).parent / "snapshots" / "avert_before_typing.json").read_text(encoding="utf-8"))


def _bytes(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("key", sorted(OLD))
def test_an_untyped_avert_reads_back_typed_to_the_same_bytes_and_plays_on_alike(key: str) -> None:
    snapshot = OLD[key]
    state = state_from_dict(snapshot["state"])
    assert state_json(state) == _bytes(snapshot["state"]) and state_hash(state) == snapshot["hash"]
    pending = state.pending
    assert pending is not None and pending.kind == AVERT
    asked = context_of(pending, AvertAsked)
    assert asked.context is NO_CONTEXT and (asked.then or "-") == key.split()[0].removeprefix("then=")
    assert len(snapshot["after"]) == len(pending.options)
    for index, digest in snapshot["after"].items():
        assert state_hash(apply(state, Choose(int(index)))[0]) == digest, f"option {index}"


def test_the_snapshots_cover_every_follow_up_and_a_second_offer() -> None:
    follow_ups = {key.split()[0] for key in OLD}
    assert follow_ups == {f"then={t}" for t in ("-", "heart-palpitations", "hit-me", "joke", "misers-dream")}
    assert any("live=2" in key for key in OLD)


def test_a_second_card_to_shuffle_back_is_offered_with_the_follow_up_s_typed_context() -> None:
    (key,) = [key for key in OLD if "live=2" in key]
    before = state_from_dict(OLD[key]["state"])
    assert before.pending is not None
    first = context_of(before.pending, AvertAsked)
    state, _ = apply(before, Choose(0))
    pending = state.pending
    assert pending is not None and pending.kind == AVERT
    again = context_of(pending, AvertAsked)
    assert again.context is NO_CONTEXT and again.then == first.then and len(again.live) == len(first.live) - 1
    assert encode(again)[3] == []


def test_a_follow_up_context_other_than_none_is_a_damaged_decision_naming_it() -> None:
    data = json.loads(json.dumps(OLD["then=joke live=1 drawn=1 at=0"]["state"]))
    data["combat"]["decisions"][0]["context"][3] = [7]
    with pytest.raises(StateFormatError, match=r"damaged decision: combat\.decisions\[0\]\.context: a 'avert'"):
        state_from_dict(data)
    with pytest.raises(DamagedDecision, match=r"^at\.context: a draw's follow-up carries no context, found \[7\]"):
        decode(Context, [7], "at.context")
    assert decode(Context, [], "at.context") is NO_CONTEXT
