"""One funnel for the whole playthrough: only it builds a playthrough value, applies an op, or writes the save."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "desktop"
# the one funnel every game's changes go through (RT:0's playthrough, a fight on its own, every seam game)
FUNNEL = {"desktop/seam_session.py"}
VALUE_CODEC = {"desktop/flow/playthrough_doc.py"}  # reads a saved value back (for the funnel to hold)
KEEPER = {"desktop/flow/autosave.py"}  # the playthrough's recorder: called by the funnel, and only by it
# The save store's writing API: only the store itself and the recorders the funnel calls (the keeper) call it.
WRITING = {"append_undo", "append_story", "save_campaign", "record_undo", "record_story"}
SHARED_NAMES = {"append", "record", "begin_fight"}  # writes only when called on a store or a recorder
VALUE_MAKERS = {"new_story", "apply"}  # rules.rt0.story.tale: a new playthrough value, or the next one


def desktop_modules() -> list[Path]:
    return sorted(p for p in DESKTOP.rglob("*.py") if "__pycache__" not in p.parts)


def name_of(path: Path) -> str:
    return str(path.relative_to(ROOT)).replace("\\", "/")


def tale_imports(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("rt0.story.tale"):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("rt0.story"):
            found |= {f"story.{alias.name}" for alias in node.names if alias.name == "tale"}
    return found


def writes_called(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        receiver = ast.unparse(node.func.value).lower()
        if node.func.attr in WRITING or (
            node.func.attr in SHARED_NAMES and ("store" in receiver or "recorder" in receiver)
        ):
            found.add(node.func.attr)
    return found


@pytest.mark.parametrize("path", desktop_modules(), ids=name_of)
def test_only_the_funnel_builds_or_advances_a_playthrough_value(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if name_of(path) in FUNNEL | VALUE_CODEC:
        return
    made = tale_imports(tree) & (VALUE_MAKERS | {"story.tale"})
    built = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and ast.unparse(n.func) in {"Story", "tale.Story", "replace"}
    ]
    assert not made, f"{name_of(path)} imports {sorted(made)}: changes go through Playthrough.submit"
    assert not [n for n in built if ast.unparse(n.func) != "replace" or "story" in ast.unparse(n).lower()], (
        f"{name_of(path)} builds a playthrough value"
    )


@pytest.mark.parametrize("path", desktop_modules(), ids=name_of)
def test_only_the_funnel_and_its_keeper_write_the_save(path: Path) -> None:
    name = name_of(path)
    if name.startswith("desktop/saves/") or name in FUNNEL | KEEPER:
        return
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert not writes_called(tree), f"{name} calls the save's writing API {sorted(writes_called(tree))}"
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.endswith("saves.gamefile"), f"{name} imports the save file's writer"


def test_the_boundary_check_sees_a_stray_write(tmp_path: Path) -> None:
    probe = ast.parse(
        "from rt0table.rules.rt0.story.tale import apply\nstore.save_campaign(game, doc)\nself.store.append(g, a, s)\n"
        "lines.append(x)\n"
    )
    assert tale_imports(probe) == {"apply"} and writes_called(probe) == {"save_campaign", "append"}


def opens_the_funnel(tree: ast.AST) -> bool:
    """Whether the module enters ``through_funnel()``: the one gate the save's writes pass."""
    return any(isinstance(n, ast.Call) and ast.unparse(n.func).endswith("through_funnel") for n in ast.walk(tree))


@pytest.mark.parametrize("path", desktop_modules(), ids=name_of)
def test_only_the_funnel_opens_the_gate_to_the_save(path: Path) -> None:
    name = name_of(path)
    if name in FUNNEL or name == "desktop/saves/funnel_guard.py":
        return
    assert not opens_the_funnel(ast.parse(path.read_text(encoding="utf-8"))), f"{name} writes around the funnel"


def test_the_gate_check_sees_it_opened() -> None:
    assert opens_the_funnel(ast.parse("with through_funnel():\n    save()\n"))
    assert opens_the_funnel(ast.parse("with funnel_guard.through_funnel():\n    save()\n"))
    assert not opens_the_funnel(ast.parse("with open(path):\n    save()\n"))


def test_one_writer_puts_rows_in_a_saves_log() -> None:
    """Every game's rows go in through ``desktop/saves/log_writer.py``: no other module inserts into the log."""
    writers = {name_of(p) for p in desktop_modules() if "INSERT INTO log" in p.read_text(encoding="utf-8")}
    assert writers == {"desktop/saves/log_writer.py"}
