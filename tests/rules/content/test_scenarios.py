"""Every scenario in tests/scenarios/ runs as one test, tagged with the rule IDs its file lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from rt0table.rules.rt0.cli.scenario_cli import run_file
from rt0table.rules.rt0.content.scenario import parse_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _params() -> list[object]:
    params = []
    for path in sorted(SCENARIOS.glob("*.toml")):
        rules = parse_scenario(path.read_text(encoding="utf-8"), path.name).rules
        marks = [pytest.mark.rule(*rules)] if rules else []
        params.append(pytest.param(path, marks=marks, id=path.stem))
    return params


@pytest.mark.parametrize("path", _params())
def test_scenario(path: Path) -> None:
    outcome = run_file(path)
    assert outcome.failure is None, str(outcome.failure)
    assert outcome.steps_run == len(outcome.scenario.steps)


def test_there_are_scenarios() -> None:
    assert len(_params()) >= 30
