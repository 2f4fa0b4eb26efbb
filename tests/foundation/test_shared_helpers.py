"""Tests share helpers through tests/helpers/ (or fixtures): no test module imports from another test module."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def imported_test_modules(source: str, package: str) -> set[str]:
    """The ``test_*`` modules a source file imports, as dotted names (relative imports resolved from ``package``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names = [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found |= {name for name in names if any(part.startswith("test_") for part in name.split("."))}
    return found


def test_no_test_module_imports_another() -> None:
    offenders = {}
    for path in sorted(TESTS.rglob("*.py")):
        package = ".".join(path.relative_to(TESTS.parent).parent.parts)
        imported = imported_test_modules(path.read_text(encoding="utf-8"), package)
        if imported:
            offenders[str(path.relative_to(TESTS.parent))] = sorted(imported)
    assert offenders == {}


def test_the_check_sees_both_spellings() -> None:
    assert imported_test_modules("from tests.desktop.test_flow import current\n", "tests.desktop") == {
        "tests.desktop.test_flow",
        "tests.desktop.test_flow.current",
    }
    assert imported_test_modules("from .test_oracle import book\n", "tests.rules.loner") == {
        "tests.rules.loner.test_oracle",
        "tests.rules.loner.test_oracle.book",
    }
    assert imported_test_modules("from tests.helpers.widgets import click\n", "tests.desktop") == set()
