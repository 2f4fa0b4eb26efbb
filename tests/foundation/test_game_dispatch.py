"""Adding a game is its own folders and one shelf entry: outside a game's own folder and the shelf, no desktop module
names another game's key ("moons-grave", ...) or imports another game's folder to dispatch to it; the shelf
(desktop/game_shelf.py) does that for every place (issue 29)."""

from __future__ import annotations

import ast
from pathlib import Path

from rt0table.desktop.game_shelf import SHELF
from rt0table.desktop.saves.setup_codec import RT0
from tests.helpers.desktop_imports import imported, package_of

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "desktop"
SHELF_MODULES = {"desktop/game_shelf.py", "desktop/shelf_game.py"}
# Every game but RT:0, whose screens are the app's own frame (tests/foundation/test_rt0_boundary.py keeps their
# rules apart): its key, and the package its shelf entry (and every screen of it) lives in.
GAMES = {key: game.new_game.__module__.rsplit(".", 1)[0] for key, game in SHELF.items() if key != RT0}


def own_game(package: list[str]) -> str | None:
    """The game whose folder the module sits in, if any."""
    dotted = ".".join(package)
    return next((key for key, folder in GAMES.items() if dotted == folder or dotted.startswith(folder + ".")), None)


def dispatch_in(source: str, package: list[str]) -> list[str]:
    """What in the source picks a game by hand: a game key spelled as a string, another game's folder imported."""
    mine = own_game(package)
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and node.value in GAMES and node.value != mine:
            found.append(f"line {node.lineno}: the key {node.value!r}")
    for name in sorted(imported(source, package)):
        for key, folder in GAMES.items():
            if key != mine and (name == folder or name.startswith(folder + ".")):
                found.append(f"imports {name} ({key}'s own folder)")
    return found


def scanned() -> list[Path]:
    return [p for p in sorted(DESKTOP.rglob("*.py")) if str(p.relative_to(ROOT)) not in SHELF_MODULES]


def test_the_check_knows_the_three_other_games_and_reads_the_whole_desktop() -> None:
    assert set(GAMES) >= {"moons-grave", "restless", "loner"}
    assert GAMES["moons-grave"] == "rt0table.desktop.moons_grave"
    names = {str(p.relative_to(ROOT)) for p in scanned()}
    assert len(names) > 150 and {"desktop/main_window.py", "desktop/flow/mode_screen.py"} <= names
    assert {"desktop/demo/screen.py", "desktop/packs/pack_games.py", "desktop/saves/setup_codec.py"} <= names


def test_no_desktop_module_dispatches_on_another_games_key_or_folder() -> None:
    offenders: dict[str, list[str]] = {}
    for path in scanned():
        found = dispatch_in(path.read_text(encoding="utf-8"), package_of(path))
        if found:
            offenders[str(path.relative_to(ROOT))] = found
    assert not offenders, f"pick a game through desktop/game_shelf.py instead: {offenders}"


def test_the_check_catches_a_key_compared_a_key_table_and_another_games_import() -> None:
    window = package_of(DESKTOP / "main_window.py")
    compared = 'def open(key: str) -> None:\n    if key == "restless":\n        pass\n'
    table = 'TITLES = {"rt0": "RT:0", "loner": "Loner"}\n'
    lazy = "def go() -> None:\n    from rt0table.desktop.moons_grave.mg_window import show\n"
    assert dispatch_in(compared, window) == ["line 2: the key 'restless'"]
    assert dispatch_in(table, window) == ["line 1: the key 'loner'"]
    assert dispatch_in(lazy, window) == [
        "imports rt0table.desktop.moons_grave.mg_window (moons-grave's own folder)",
        "imports rt0table.desktop.moons_grave.mg_window.show (moons-grave's own folder)",
    ]
    # Moon's Grave's window file hosting The Restless again is caught too; its own key and folder are its own.
    mg = package_of(DESKTOP / "moons_grave" / "mg_window.py")
    hosted = 'def open(key: str) -> None:\n    if key == "restless":\n        from ..restless import restless_window\n'
    assert dispatch_in(hosted, mg) == [
        "line 2: the key 'restless'",
        "imports rt0table.desktop.restless (restless's own folder)",
        "imports rt0table.desktop.restless.restless_window (restless's own folder)",
    ]
    assert dispatch_in('KEY = "moons-grave"\nfrom .mg_game import MgGame\n', mg) == []
    assert dispatch_in('WORDS = "the restless dead"\n', window) == []
