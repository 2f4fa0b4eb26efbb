"""No two modules share a name: a reader who knows a module's name knows which file it is."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("rules", "desktop", "assets", "tests")
SHARED_BY_DESIGN = {"__init__.py", "__main__.py", "conftest.py"}  # package files, and pytest's own name


def modules_by_name() -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*.py"):
            if "__pycache__" not in path.parts and path.name not in SHARED_BY_DESIGN:
                found[path.stem].append(str(path.relative_to(ROOT)))
    return found


def test_no_two_modules_share_a_name() -> None:
    doubled = {name: sorted(paths) for name, paths in modules_by_name().items() if len(paths) > 1}
    assert doubled == {}


def test_the_check_sees_every_folder() -> None:
    names = modules_by_name()
    assert names["engine"] == ["rules/rt0/fight/engine.py"]
    assert names["fight_session"] == ["desktop/table/fight_session.py"]
    assert names["test_module_names"] == ["tests/foundation/test_module_names.py"]
