"""What every ruleset's one legality predicate must hold in a state, for the conformance suite and for rulesets
built over another (a lesson's over RT:0's fight): ``legal_actions`` is exactly what ``refusal`` allows, and a
refused action raises that refusal and changes nothing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import pytest

from rt0table.rules.seam import IllegalAction


class Judged(Protocol):
    """The part of ``seam.Ruleset`` these checks ask."""

    def legal_actions(self, state: Any) -> Sequence[Any]: ...

    def refusal(self, state: Any, action: Any) -> str | None: ...

    def apply(self, state: Any, action: Any) -> tuple[Any, list[Any]]: ...

    def state_hash(self, state: Any) -> str: ...

    def action_space(self, state: Any) -> Sequence[Any]: ...


def check_one_predicate(rules: Judged, state: Any) -> list[Any]:
    """``refusal`` is None exactly for ``legal_actions`` (listed once each) over every action of every shape, and
    every refusal has words; returns the legal actions."""
    legal = list(rules.legal_actions(state))
    assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
    for action in legal:
        assert rules.refusal(state, action) is None, action
    allowed = set(legal)
    for action in rules.action_space(state):
        reason = rules.refusal(state, action)
        assert (reason is None) == (action in allowed), (action, reason)
        assert reason is None or reason.strip(), f"{action} is refused without a reason"
    return legal


def check_refused_changes_nothing(rules: Judged, state: Any, refused: Iterable[Any]) -> None:
    """``apply`` raises each refused action's refusal, word for word, and leaves the state as it was."""
    before = rules.state_hash(state)
    for action in refused:
        with pytest.raises(IllegalAction) as raised:
            rules.apply(state, action)
        assert str(raised.value) == rules.refusal(state, action)
        assert rules.state_hash(state) == before
