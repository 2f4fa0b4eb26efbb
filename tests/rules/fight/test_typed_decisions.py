"""Typed decisions: contexts and option targets are typed values, saved as the lists their tuples were, so states
saved before the typing (snapshots/decisions_before_typing.json, written by the engine as it was) read back, hash
the same and play on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rt0table.rules.rt0.abilities.basic import CheckAsked, DifficultyTarget, SkillTarget, TaggedZone
from rt0table.rules.rt0.campaign.skill_check import Difficulty
from rt0table.rules.rt0.fight.actions import Choose
from rt0table.rules.rt0.fight.decisions import CONTEXTS, OPTION_TARGETS, context_of, figure_of, target_of
from rt0table.rules.rt0.fight.engine import apply
from rt0table.rules.rt0.fight.events import DecisionMade
from rt0table.rules.rt0.fight.intents import IntentPick, PlanLeft, TargetChoice
from rt0table.rules.rt0.fight.serialize import StateFormatError, state_from_dict, state_hash, state_to_dict
from rt0table.rules.rt0.fight.state import (
    NO_CONTEXT,
    Context,
    FighterTarget,
    ModeTarget,
    Option,
    PendingDecision,
    StrikeTarget,
    Target,
    ZoneTarget,
)
from rt0table.rules.rt0.solo.gm_stand_in import choose
from rt0table.rules.rt0.traits import Skill

OLD = json.loads((Path(__file__).parent / "snapshots" / "decisions_before_typing.json").read_text(encoding="utf-8"))


def old(kind: str) -> dict[str, Any]:
    snapshot: dict[str, Any] = OLD[kind]
    return snapshot


@pytest.mark.parametrize("kind", sorted(OLD))
def test_an_old_snapshot_reads_back_typed_hashes_the_same_and_plays_on(kind: str) -> None:
    snapshot = old(kind)
    state = state_from_dict(snapshot["state"])
    assert state_hash(state) == snapshot["hash"]  # the save's recorded hash still holds
    assert state_to_dict(state) == snapshot["state"]
    pending = state.pending
    assert pending is not None and pending.kind == kind
    _, events = apply(state, Choose(0))
    assert events[0] == DecisionMade(pending.actor, kind, pending.options[0].label)


def test_the_gm_target_reads_back_as_a_target_choice_on_fighters() -> None:
    state = state_from_dict(old("gm-target")["state"])
    pending = state.pending
    assert pending is not None
    choice = context_of(pending, TargetChoice)
    assert (choice.adversary, choice.plan, choice.step, choice.amount) == ("drone_throne-1", ("Wands", False), 0, 3)
    assert [target_of(o, FighterTarget).fighter for o in pending.options] == ["mara", "ines"]
    picked = choose(state)  # the solo stand-in reads the typed context
    assert picked is not None and picked.kind == "gm-target" and "Drone Throne" in picked.reason


@pytest.mark.parametrize("kind", ["step", "eddy-move"])
def test_zone_options_read_back_as_zones(kind: str) -> None:
    state = state_from_dict(old(kind)["state"])
    pending = state.pending
    assert pending is not None
    zones = [o.value for o in pending.options if isinstance(o.value, ZoneTarget)]
    assert zones and all(z.zone in state.room.zones() for z in zones)
    assert zones[0].zone == tuple(old(kind)["state"]["combat"]["decisions"][0]["options"][0]["value"])


def test_a_run_saved_with_its_old_zone_tuple_still_runs_there() -> None:
    state = state_from_dict(old("run")["state"])
    pending = state.pending
    assert pending is not None
    old_zone = target_of(pending.options[0], TaggedZone)
    assert old_zone.tag == "zone"  # ("zone", column, row), read back as it was
    runner = pending.actor
    zone = (old_zone.column, old_zone.row)
    after, _ = apply(state, Choose(0))
    assert after.fighter(runner).zone == zone


def test_a_wrong_context_or_target_is_a_type_error_naming_both() -> None:
    decision = PendingDecision("gm-target", "gm", "Whom?", (Option("Mara", ZoneTarget(0, 1)),), IntentPick("x", False))
    with pytest.raises(TypeError, match="carries IntentPick, not TargetChoice"):
        context_of(decision, TargetChoice)
    with pytest.raises(TypeError, match="carries ZoneTarget, not FighterTarget"):
        target_of(decision.options[0], FighterTarget)


def test_a_damaged_typed_context_is_a_format_error() -> None:
    data = json.loads(json.dumps(old("gm-target")["state"]))
    data["combat"]["decisions"][0]["context"] = ["drone_throne-1", ["Wands", False]]  # two fields short
    with pytest.raises(StateFormatError, match=r"damaged decision: combat\.decisions\[0\]\.context: a 'gm-target'"):
        state_from_dict(data)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ({"value": [3]}, r"combat\.decisions\[0\]\.options\[1\]: the option 'Drone Throne hits Ines' is not one"),
        ({"value": ["mara", "ines"]}, r"options\[1\]: the option .* is not one a 'gm-target' decision offers"),
        ({"label": 7}, r"combat\.decisions\[0\]\.options\[1\]\.label: expected a text, found 7"),
        ({"value": None, "label": None}, r"options\[1\]\.label: expected a text"),
    ],
)
def test_a_damaged_option_is_a_format_error_naming_it(damage: dict[str, Any], message: str) -> None:
    data = json.loads(json.dumps(old("gm-target")["state"]))
    data["combat"]["decisions"][0]["options"][1].update(damage)
    with pytest.raises(StateFormatError, match=message):
        state_from_dict(data)


def test_a_decision_missing_a_field_is_a_format_error_naming_it() -> None:
    data = json.loads(json.dumps(old("gm-target")["state"]))
    del data["combat"]["decisions"][0]["options"]
    with pytest.raises(StateFormatError, match=r"combat\.decisions\[0\]: the field 'options' is missing"):
        state_from_dict(data)


@pytest.mark.parametrize("kind", sorted(OLD))
def test_every_decision_read_back_holds_a_typed_context_and_targets(kind: str) -> None:
    """The codec types them as it reads them: no decision read back holds a list or a tuple (the compiled engine
    would refuse to build one)."""
    for decision in state_from_dict(old(kind)["state"]).decisions:
        assert isinstance(decision.context, Context)
        assert decision.context == NO_CONTEXT or isinstance(decision.context, CONTEXTS[decision.kind])
        assert all(isinstance(o.value, Target) for o in decision.options)


def test_strikes_and_checks_read_back_typed() -> None:
    strike = state_from_dict(old("strike")["state"]).pending
    assert strike is not None
    hit = target_of(strike.options[0], StrikeTarget)
    assert (hit.adversary, hit.amount, hit.ranged, hit.magic) == ("drone_throne-1", 1, True, False)
    assert figure_of(strike.options[0]) == "drone_throne-1"
    skill = state_from_dict(old("check-skill")["state"]).pending
    assert skill is not None and target_of(skill.options[0], SkillTarget).skill is Skill.FINAID
    state = state_from_dict(old("check-difficulty")["state"])
    level = state.pending
    assert level is not None and context_of(level, CheckAsked) == CheckAsked("mara", Skill.GYM)
    assert [target_of(o, DifficultyTarget).difficulty for o in level.options] == list(Difficulty)
    picked = choose(state)  # the stand-in picks its policy's level by type
    assert picked is not None and picked.label == Difficulty.MEDIUM.title


def test_typed_kinds_are_registered() -> None:
    assert CONTEXTS["gm-target"] == (TargetChoice,)
    assert {"gm-target", "intent-pick", "check-difficulty"} <= set(CONTEXTS)
    assert OPTION_TARGETS["gm-target"] == (FighterTarget,)
    assert {OPTION_TARGETS[k][0] for k in ("step", "run", "disappear", "eddy-move")} == {ZoneTarget}
    assert {OPTION_TARGETS[k] for k in ("strike", "balance", "eddy-strike")} == {(StrikeTarget,)}


TYPED_SINCE = sorted(kind for kind, snapshot in OLD.items() if "from" in snapshot)  # the kinds typed later


@pytest.mark.parametrize("kind", TYPED_SINCE)
def test_every_option_of_a_kind_typed_since_reads_back_as_its_target(kind: str) -> None:
    state = state_from_dict(old(kind)["state"])
    pending = state.pending
    assert pending is not None and kind in OPTION_TARGETS
    assert all(isinstance(o.value, OPTION_TARGETS[kind]) for o in pending.options)


def test_figures_are_named_by_typed_targets_only() -> None:
    names = {kind: [figure_of(o) for o in state_from_dict(old(kind)["state"]).pending.options] for kind in TYPED_SINCE}  # type: ignore[union-attr]
    assert names["fate"][0] is not None and names["injury"][0] is not None and names["eddy-strike"][0] is not None
    assert names["charm-redraw"][-1] is None  # "No redraw" names nobody
    assert figure_of(Option("Laugh", ModeTarget("laugh"))) is None  # a target that names no figure


# The kinds typed after those: the first state the rules tests reached with each pending, written by the untyped
# engine at 78263bc, and the state's hash after that engine answered its first option (a "+plan" key: the decision
# carries the rest of an adversary's plan as its context).
LATER = json.loads((Path(__file__).parent / "snapshots" / "decisions_typed_later.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("key", sorted(LATER))
def test_a_kind_typed_later_reads_back_typed_and_plays_on_as_the_untyped_engine_did(key: str) -> None:
    snapshot, kind = LATER[key], key.split("+")[0]
    state = state_from_dict(snapshot["state"])
    assert state_hash(state) == snapshot["hash"] and state_to_dict(state) == snapshot["state"]
    pending = state.pending
    assert pending is not None and pending.kind == kind
    assert all(isinstance(o.value, OPTION_TARGETS[kind]) for o in pending.options)
    assert pending.context == NO_CONTEXT or isinstance(pending.context, CONTEXTS[kind])
    assert isinstance(pending.context, PlanLeft) == key.endswith("+plan")
    after, events = apply(state, Choose(0))
    assert state_hash(after) == snapshot["after_first"]  # the same step the untyped engine took
    assert events[0] == DecisionMade(pending.actor, kind, pending.options[0].label)
