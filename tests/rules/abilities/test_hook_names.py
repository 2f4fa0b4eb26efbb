"""Hooks are fields: mypy refuses a name no Ability method answers to, and so does the registry when run."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

from rt0table.rules.rt0.abilities.base import Ability
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
from rt0table.rules.rt0.fight.registry import ABILITIES, HOOKS, Hooks, everyone_hooked, hooks
from tests.helpers.fight_builders import fight

ROOT = Path(__file__).resolve().parents[3]


def own_hook(ability: Ability, hook: str) -> bool:
    """Whether a class between the ability's own and the base Ability defines the hook (worked out apart)."""
    return any(hook in vars(klass) for klass in type(ability).__mro__[: type(ability).__mro__.index(Ability)])


def test_every_hook_is_a_method_of_the_ability_contract_and_a_field() -> None:
    assert len(set(HOOKS)) == len(HOOKS) == 28
    assert all(callable(vars(Ability).get(hook)) for hook in HOOKS)
    fields = {name for name in dir(hooks(())) if not name.startswith("_")}
    assert fields == set(HOOKS)


def test_each_field_holds_the_abilities_that_override_its_hook() -> None:
    every = tuple(ABILITIES)
    found = hooks(every)
    for hook in HOOKS:
        assert getattr(found, hook) == tuple(a for a in ABILITIES.values() if own_hook(a, hook)), hook
    assert all(getattr(found, hook) for hook in HOOKS), "every hook has an ability to test it with"


def test_a_known_hook_finds_the_abilities_that_override_it_not_the_base() -> None:
    found = hooks(("unarmed_strike", "defend", "crisis_averted", "no_such_bin"))
    assert [ability.id for ability in found.intercepts_draw] == ["crisis_averted"]
    assert not any(getattr(found, hook) for hook in HOOKS if hook != "intercepts_draw")


def test_the_order_is_the_fighters() -> None:
    two = [a.id for a in ABILITIES.values() if own_hook(a, "at_turn_end")][:2]
    assert len(two) == 2
    assert [a.id for a in hooks((two[0], "defend", two[1])).at_turn_end] == two
    assert [a.id for a in hooks((two[1], two[0])).at_turn_end] == two[::-1]


def test_a_tuple_is_worked_out_once() -> None:
    first = ("defend", "crisis_averted")
    assert hooks(first) is hooks(first) is hooks(tuple(list(first)))
    assert isinstance(hooks(first), Hooks)


def test_an_unknown_hook_is_refused_when_run() -> None:
    with pytest.raises(AttributeError, match="on_drwa"):
        _ = hooks(("unarmed_strike",)).on_drwa  # type: ignore[attr-defined]
    state = fight([FighterSetup("al", "Al", (1, 1))], [AdversarySetup("laborer", (0, 0))])
    with pytest.raises(AttributeError, match="typo"):
        everyone_hooked(state, lambda h: h.typo)  # type: ignore[attr-defined]


def test_everyone_hooked_goes_in_seat_order() -> None:
    state = fight(
        [FighterSetup("al", "Al", (1, 1)), FighterSetup("bo", "Bo", (2, 1))], [AdversarySetup("laborer", (0, 0))]
    )
    watcher = next(a.id for a in ABILITIES.values() if own_hook(a, "adversary_damaged"))
    al, bo = state.fighters
    al.abilities, bo.abilities = (watcher,), ("defend", watcher)
    found = everyone_hooked(state, lambda h: h.adversary_damaged)
    assert [(fighter.id, ability.id) for fighter, ability in found] == [("al", watcher), ("bo", watcher)]
    assert everyone_hooked(state, lambda h: h.intercepts_draw) == []


def test_mypy_refuses_an_unknown_hook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # mypy reads the folders as the packages they install as, as ``make typecheck`` links them
    (tmp_path / "rt0table").mkdir()
    for folder in ("rules", "assets"):
        (tmp_path / "rt0table" / folder).symlink_to(ROOT / folder, target_is_directory=True)
    monkeypatch.setenv("MYPYPATH", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    snippet = "from rt0table.rules.rt0.fight.registry import hooks\nhooks(()).on_draw\nhooks(()).typo\n"
    report, _, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), "-c", snippet])
    assert status == 1
    assert [line.split(": error:")[0] for line in report.splitlines() if ": error:" in line] == ["<string>:3"]
    assert '"Hooks" has no attribute "typo"' in report
