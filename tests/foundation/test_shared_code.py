"""Shared code holds no game's code: no module every game uses reaches RT:0 (``rules/rt0``), by any chain of
imports (issue 29). RT:0's campaign world (``rules/paradise_lua``) and the registry of games are RT:0's to name."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tests.helpers.desktop_imports import imported

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("rules", "desktop", "assets")
RT0 = "rt0table.rules.rt0"
# Modules that may name RT:0, each with why.
RT0S_OWN = {
    "rt0table.rules.rulesets",  # the registry of games: it names each game
    "rt0table.rules.paradise_lua",  # RT:0's campaign world: RT:0's cards, characters and adversaries
    "rt0table.desktop.game_shelf",  # the desktop's registry of games: it names each game's screens
    "rt0table.desktop.app",  # the app's root, which hosts every game (the store asks it only its version)
    "rt0table.desktop.main_window",  # the window every game's screens are shown in
}
WORLD = "rt0table.rules.paradise_lua"
# Shared by every game: the rules outside RT:0, and the desktop's save store, funnel, seam table and dice tray.
SHARED_DESKTOP = ("rt0table.desktop.saves", "rt0table.desktop.seam_session", "rt0table.desktop.seam_table",
                  "rt0table.desktop.dice_tray", "rt0table.desktop.lettering", "rt0table.desktop.pdf_page",
                  # the other games' own screens: a game beside RT:0 needs none of RT:0's
                  "rt0table.desktop.moons_grave", "rt0table.desktop.restless", "rt0table.desktop.loner")  # fmt: skip


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["rt0table", *parts])


def modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            if "__pycache__" not in path.parts:
                found[module_name(path)] = path
    return found


def imports_of(source: str, name: str, is_package: bool) -> set[str]:
    """Every module the source imports (``desktop_imports.imported``: inside functions and ``if TYPE_CHECKING:`` too,
    as a shared module that names a game's types for the type checker still holds that game's code)."""
    return imported(source, name.split(".") if is_package else name.split(".")[:-1])


def graph(sources: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """Module -> the project's modules it imports (names that are not modules, like a class, are dropped)."""
    known = set(sources)
    return {
        name: {m for m in imports_of(text, name, package) if m in known and m != name}
        for name, (text, package) in sources.items()
    }


def is_rt0(name: str) -> bool:
    return name == RT0 or name.startswith(RT0 + ".")


def is_own(name: str) -> bool:
    return any(name == own or name.startswith(own + ".") for own in RT0S_OWN)


def chain_to_rt0(edges: dict[str, set[str]], start: str) -> list[str] | None:
    """The shortest chain of imports from ``start`` to RT:0 (its rules, or its campaign world); the app's root and
    the registries, which host every game, are not followed."""
    seen, queue = {start}, [[start]]
    while queue:
        path = queue.pop(0)
        for nxt in sorted(edges.get(path[-1], ())):
            if is_rt0(nxt) or nxt == WORLD or nxt.startswith(WORLD + "."):
                return [*path, nxt]
            if nxt not in seen and not is_own(nxt):
                seen.add(nxt)
                queue.append([*path, nxt])
    return None


def shared(names: Iterable[str]) -> list[str]:
    rules = [n for n in names if n.startswith("rt0table.rules.") and not is_rt0(n) and not is_own(n)]
    desktop = [n for n in names if any(n == s or n.startswith(s + ".") for s in SHARED_DESKTOP)]
    return sorted({*rules, *desktop})


def project_graph() -> dict[str, set[str]]:
    return graph(
        {name: (path.read_text(encoding="utf-8"), path.name == "__init__.py") for name, path in modules().items()}
    )


def test_no_shared_module_reaches_rt0_by_any_chain_of_imports() -> None:
    edges = project_graph()
    chains = {name: chain for name in shared(edges) if (chain := chain_to_rt0(edges, name)) is not None}
    assert not chains, "shared code reaches RT:0: " + "; ".join(" -> ".join(c) for c in chains.values())


def test_the_shared_modules_are_the_ones_every_game_uses() -> None:
    names = shared(project_graph())
    for expected in ("rt0table.rules.seam", "rt0table.rules.loner.oracle_codec", "rt0table.rules.restless.rs_trial",
                     "rt0table.desktop.saves.seam_oracle", "rt0table.desktop.seam_session"):  # fmt: skip
        assert expected in names
    assert not [n for n in names if n.startswith("rt0table.rules.rt0.") or n.startswith("rt0table.rules.paradise")]


def test_the_check_follows_a_chain_of_two_hops() -> None:
    sources = {
        "rt0table.rules.loner.a": ("from . import b\n", False),
        "rt0table.rules.loner.b": ("def late():\n    from ..rt0.fight import engine\n", False),
        "rt0table.rules.rt0.fight.engine": ("", False),
        "rt0table.rules.loner.c": ("from ..paradise_lua import world\n", False),
        "rt0table.rules.paradise_lua.world": ("from ..rt0.fight import engine\n", False),
        "rt0table.rules.loner.d": ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import b\n", False),
        "rt0table.rules.loner.e": ("from ..seam import Ruleset\nfrom .. import rulesets\n", False),
        "rt0table.rules.seam": ("", False),
        "rt0table.rules.rulesets": ("from .rt0 import rt0_seam\n", False),
        "rt0table.rules.rt0.rt0_seam": ("", False),
    }
    edges = graph(sources)
    assert chain_to_rt0(edges, "rt0table.rules.loner.a") == [
        "rt0table.rules.loner.a",
        "rt0table.rules.loner.b",
        "rt0table.rules.rt0.fight.engine",
    ]
    assert chain_to_rt0(edges, "rt0table.rules.loner.c") == [
        "rt0table.rules.loner.c",
        "rt0table.rules.paradise_lua.world",
    ]
    assert chain_to_rt0(edges, "rt0table.rules.loner.d") == [
        "rt0table.rules.loner.d",
        "rt0table.rules.loner.b",
        "rt0table.rules.rt0.fight.engine",
    ], "an import for the type checker alone still counts"
    assert chain_to_rt0(edges, "rt0table.rules.loner.e") is None, "the registry of games names each game: not followed"
