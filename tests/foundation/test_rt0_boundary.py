"""Outside RT:0's own screens the desktop names no RT:0 type: the funnel, the save store, replay, the load screen and
the solo dock reach a game through the seam (rules/seam.py), so another game can sit beside RT:0 (issue 13)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.desktop_imports import imported, package_of

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "desktop"
RT0 = "rt0table.rules.rt0"
# RT:0's own screens: its table, the path through a playthrough, the Report Card, the cards, lessons, the lab,
# the replay viewer, Paradise Lua's map (RT:0's campaign world), the GM's bestiary and the solo dock beside RT:0's
# table (the oracle panel it shares with the seam games is held to the seam by the transitive check below).
RT0_PACKAGES = {
    "table", "flow", "characters", "cards", "demo", "lab", "replay_viewer", "paradise_lua", "bestiary", "solo"
}  # fmt: skip
NOT_YET: set[str] = set()  # a module that must still reach RT:0 directly goes here, with why (none does now)


def names_rt0(source: str, package: list[str]) -> set[str]:
    if "rt0" not in source.replace("rt0table", ""):  # no import of it can be here: spare the parse
        return set()
    return {name for name in imported(source, package) if name == RT0 or name.startswith(RT0 + ".")}


def is_rt0s_own(path: Path) -> bool:
    parts = path.relative_to(DESKTOP).parts
    return len(parts) > 1 and parts[0] in RT0_PACKAGES


def test_no_desktop_module_outside_rt0s_own_screens_imports_rt0() -> None:
    offenders: dict[str, list[str]] = {}
    for path in sorted(DESKTOP.rglob("*.py")):
        name = str(path.relative_to(ROOT)).replace("\\", "/")
        if is_rt0s_own(path) or name in NOT_YET:
            continue
        found = names_rt0(path.read_text(encoding="utf-8"), package_of(path))
        if found:
            offenders[name] = sorted(found)
    assert not offenders, f"these reach RT:0's types without the seam (rules/seam.py): {offenders}"


def test_every_module_the_list_lets_by_still_exists_and_still_needs_it() -> None:
    """An entry left on ``NOT_YET`` after its import went would let the next one in unseen."""
    for name in NOT_YET:
        path = ROOT / name
        assert path.exists(), f"{name} is gone: take it off NOT_YET"
        assert names_rt0(path.read_text(encoding="utf-8"), package_of(path)), f"{name} no longer imports RT:0"


def test_the_check_sees_rt0_however_it_is_imported() -> None:
    package = ["rt0table", "desktop", "saves"]
    assert names_rt0("from rt0table.rules.rt0.fight.state import CombatState\n", package)
    assert names_rt0("def late():\n    import rt0table.rules.rt0.fight.engine\n", package)
    assert names_rt0("if TYPE_CHECKING:\n    from rt0table.rules.rt0 import rt0_seam\n", package)
    assert names_rt0("from rt0table.rules import rt0\n", package)
    assert names_rt0("from ...rules.rt0.cards import CARDS\n", package)
    assert not names_rt0("from rt0table.rules.seam import Ruleset\nfrom rt0table.rules import rulesets\n", package)
    assert not names_rt0("from rt0table.rules.rt0x import y\n", package)
