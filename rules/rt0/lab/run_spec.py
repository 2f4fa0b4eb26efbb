"""What a lab run plays: a party, an encounter, a policy, how many fights, and the seed they all come from."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from ...seam import RulesError
from ..fight.rt0_setup import FightSetup, SetupFormatError, setup_from_dict, setup_to_dict
from ..rng import step

POLICY_NAMES: Final = ("brick", "greedy", "lookahead")
"""The players' policies a run may name (``policies.POLICIES`` holds them)."""

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


class RunSpecError(RulesError):
    """A run spec that cannot be played; the message names the field."""


@dataclass(frozen=True)
class RunSpec:
    """One lab run: ``fights`` fights of ``setup`` played by ``policy``, fight ``i`` seeded by ``fight_seed``.

    A fight still going when its round counter reaches ``max_rounds``, or after ``max_actions`` actions, ends
    "unfinished". The result depends on these fields alone, never on how the fights are shared out.
    """

    setup: FightSetup
    policy: str = "greedy"
    fights: int = 1000
    seed: int = 1
    max_rounds: int = 200
    max_actions: int = 5000

    def __post_init__(self) -> None:
        if self.policy not in POLICY_NAMES:
            raise RunSpecError(f"run spec: field 'policy': {self.policy!r} is not one of {', '.join(POLICY_NAMES)}")
        for name, value in (("fights", self.fights), ("max_rounds", self.max_rounds)):
            if value < 1:
                raise RunSpecError(f"run spec: field {name!r}: {value} is not a positive whole number")
        if self.max_actions < 1:
            raise RunSpecError(f"run spec: field 'max_actions': {self.max_actions} is not a positive whole number")
        if not 0 <= self.seed <= _MASK:
            raise RunSpecError(f"run spec: field 'seed': {self.seed} is not between 0 and 2**64 - 1")
        if not self.setup.fighters:
            raise RunSpecError("run spec: field 'setup': the party is empty")

    def fight_seed(self, index: int) -> int:
        """The seed of fight ``index``: the ``index``-th word of a splitmix64 stream keyed by the run's seed."""
        return fight_seed(self.seed, index)


def fight_seed(seed: int, index: int) -> int:
    """Word ``index`` of the splitmix64 stream that starts from a mix of ``seed`` (so nearby seeds share no fight)."""
    _, base = step(seed & _MASK)
    _, word = step((base + index * _GOLDEN) & _MASK)
    return word


def spec_to_dict(spec: RunSpec) -> dict[str, Any]:
    return {
        "setup": setup_to_dict(spec.setup),
        "policy": spec.policy,
        "fights": spec.fights,
        "seed": spec.seed,
        "max_rounds": spec.max_rounds,
        "max_actions": spec.max_actions,
    }


def spec_to_json(spec: RunSpec) -> str:
    return json.dumps(spec_to_dict(spec), sort_keys=True, separators=(",", ":"))


def spec_from_dict(data: Any) -> RunSpec:
    """Inverse of ``spec_to_dict``; raises RunSpecError naming the field that cannot be read."""
    if not isinstance(data, dict):
        raise RunSpecError(f"a run spec must be a JSON object, not {type(data).__name__}")
    if "setup" not in data:
        raise RunSpecError("run spec: no field 'setup'")
    try:
        setup = setup_from_dict(data["setup"])
    except SetupFormatError as error:
        raise RunSpecError(f"run spec: field 'setup': {error}") from None
    policy = data.get("policy", "greedy")
    if not isinstance(policy, str):
        raise RunSpecError(f"run spec: field 'policy': {policy!r} is not a name")
    numbers: dict[str, int] = {}
    for name, default in (("fights", 1000), ("seed", 1), ("max_rounds", 200), ("max_actions", 5000)):
        value = data.get(name, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise RunSpecError(f"run spec: field {name!r}: {value!r} is not a whole number")
        numbers[name] = value
    return RunSpec(
        setup,
        policy,
        numbers["fights"],
        numbers["seed"],
        numbers["max_rounds"],
        numbers["max_actions"],
    )


def spec_from_json(text: str) -> RunSpec:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RunSpecError(f"run spec: not valid JSON at line {error.lineno}, column {error.colno}") from None
    return spec_from_dict(data)
