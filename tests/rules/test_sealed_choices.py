"""seam.SealedChoices: one question to several seats, answers sealed until all are in."""

from __future__ import annotations

import pytest

from rt0table.rules.seam import OMNISCIENT, IllegalAction, SealedChoices


def test_answers_stay_sealed_until_every_seat_has_answered() -> None:
    plans: SealedChoices[str] = SealedChoices(frozenset({"ada", "bo"}))
    assert plans.waiting == {"ada", "bo"} and not plans.complete
    plans = plans.answer("ada", "hide")
    assert plans.waiting == {"bo"} and plans.answered() == {"ada"}
    with pytest.raises(IllegalAction, match="Still waiting for bo"):
        plans.revealed()
    assert plans.seen_by("bo").sealed == ()  # bo cannot see ada's plan
    assert plans.seen_by("ada") == plans and plans.seen_by(OMNISCIENT) is plans
    plans = plans.answer("bo", "run")
    assert plans.complete and plans.revealed() == {"ada": "hide", "bo": "run"}
    assert plans.seen_by("bo") is plans  # revealed together


def test_a_seat_answers_once_and_only_when_asked() -> None:
    plans: SealedChoices[int] = SealedChoices(frozenset({"ada"}))
    with pytest.raises(IllegalAction, match="cy is not asked"):
        plans.answer("cy", 1)
    with pytest.raises(IllegalAction, match="answered already"):
        plans.answer("ada", 1).answer("ada", 2)
