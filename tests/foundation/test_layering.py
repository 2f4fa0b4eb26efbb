"""The rules layer stays pure: no Qt, no SQLite, no desktop, no I/O modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rules"
FORBIDDEN = ("PySide6", "shiboken6", "sqlite3", "sqlite_utils", "rt0table.desktop", "qasync", "platformdirs")


def imported_modules(source: Path) -> set[str]:
    tree = ast.parse(source.read_text(encoding="utf-8"), filename=str(source))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("source", sorted(RULES.rglob("*.py")), ids=lambda p: str(p.relative_to(RULES)))
def test_rules_module_imports_nothing_forbidden(source: Path) -> None:
    bad = {name for name in imported_modules(source) if name.split(".")[0] in FORBIDDEN or name in FORBIDDEN}
    bad |= {n for n in imported_modules(source) if n.startswith("rt0table.desktop")}
    assert not bad, f"{source.name} imports {sorted(bad)}"


def test_layering_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from PySide6.QtCore import QObject\nimport sqlite3\n", encoding="utf-8")
    assert {"PySide6.QtCore", "sqlite3"} <= imported_modules(probe)
