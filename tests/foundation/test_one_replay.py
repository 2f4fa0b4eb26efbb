"""One replay: of the code that reads a saved log back (the store, resume, the replay viewer), only
``desktop/saves/log_replay.py`` applies an action; everything else hands it its entries."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ROUTINE = "desktop/saves/log_replay.py"
READERS = [
    *sorted((ROOT / "desktop" / "saves").glob("*.py")),
    ROOT / "desktop" / "flow" / "resume.py",
    *sorted((ROOT / "desktop" / "replay_viewer").glob("*.py")),
]
# what plays an action onto a state or a fight in play: a ruleset's or the engine's apply, Game.push and Game.took
PLAYING = {"apply", "apply_in_place", "apply_unchecked", "push", "took"}
# A method of one of these names is a ruleset's apply or a replay stack's push/pop, which the routine calls: inside
# one, the call is what the routine's step is made of, not another loop over the log.
CALLED_BY_THE_ROUTINE = {"apply", "push", "pop"}


def name_of(path: Path) -> str:
    return str(path.relative_to(ROOT)).replace("\\", "/")


def plays(source: str) -> list[str]:
    """Every call in ``source`` that applies an action outside a method the routine calls, as written."""
    found: list[str] = []

    def visit(node: ast.AST, inside: str | None) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inside = node.name
        if isinstance(node, ast.Call) and inside not in CALLED_BY_THE_ROUTINE:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            # a migration set's apply(db) takes one argument; a ruleset's takes a state and an action
            if name in PLAYING and not (name == "apply" and len(node.args) + len(node.keywords) < 2):
                found.append(ast.unparse(node))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(ast.parse(source), None)
    return found


@pytest.mark.parametrize("path", READERS, ids=name_of)
def test_only_the_replay_routine_applies_a_saved_action(path: Path) -> None:
    if name_of(path) == ROUTINE:
        return
    found = plays(path.read_text(encoding="utf-8"))
    assert not found, f"{name_of(path)} applies actions itself ({found}): replay the log through log_replay"


def test_the_routine_is_where_actions_are_applied() -> None:
    found = plays((ROOT / ROUTINE).read_text(encoding="utf-8"))
    assert found == ["rules.apply(state, entry.action)", "stack.push(step, after)"]


def test_the_check_finds_a_loop_of_its_own() -> None:
    probe = """
def load(rules, game, rows):
    migration_set().apply(db)
    for row in rows:
        game.push(rules.decode_action(row))
    state, events = rules.apply(game.state, row)
    apply_in_place(state, row)

class Forward:
    def apply(self, state, action):
        return state, apply_in_place(state, action)
"""
    assert plays(probe) == [
        "game.push(rules.decode_action(row))",
        "rules.apply(game.state, row)",
        "apply_in_place(state, row)",
    ]
