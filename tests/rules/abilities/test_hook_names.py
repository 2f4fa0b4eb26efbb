"""Hook names are typed: mypy refuses a name no Ability method answers to, and so does the registry when run."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

from rt0table.rules.rt0.abilities.base import Ability
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
from rt0table.rules.rt0.fight.registry import HOOKS, UnknownHook, everyone_hooked, hooked
from tests.helpers.fight_builders import fight

ROOT = Path(__file__).resolve().parents[3]


def test_every_hook_is_a_method_of_the_ability_contract() -> None:
    assert len(set(HOOKS)) == len(HOOKS) == 28
    assert all(callable(vars(Ability).get(hook)) for hook in HOOKS)


def test_a_known_hook_finds_the_abilities_that_override_it() -> None:
    found = hooked(("unarmed_strike", "defend", "crisis_averted"), "intercepts_draw")
    assert [ability.id for ability in found] == ["crisis_averted"]


def test_an_unknown_hook_is_refused_when_run() -> None:
    with pytest.raises(UnknownHook, match="'on_drwa' is not an ability hook"):
        hooked(("unarmed_strike",), "on_drwa")  # type: ignore[arg-type]
    state = fight([FighterSetup("al", "Al", (1, 1))], [AdversarySetup("laborer", (0, 0))])
    with pytest.raises(UnknownHook):
        everyone_hooked(state, "typo")  # type: ignore[arg-type]


def test_mypy_refuses_an_unknown_hook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # mypy reads the folders as the packages they install as, as ``make typecheck`` links them
    (tmp_path / "rt0table").mkdir()
    for folder in ("rules", "assets"):
        (tmp_path / "rt0table" / folder).symlink_to(ROOT / folder, target_is_directory=True)
    monkeypatch.setenv("MYPYPATH", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    snippet = "from rt0table.rules.rt0.fight.registry import hooked\nhooked((), 'on_draw')\nhooked((), 'typo')\n"
    report, _, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), "-c", snippet])
    assert status == 1
    assert [line.split(": error:")[0] for line in report.splitlines() if ": error:" in line] == ["<string>:3"]
    assert "Literal['typo']" in report
