"""What a desktop module imports, read from its source (the foundation tests' boundaries are drawn on it)."""

from __future__ import annotations

import ast
from pathlib import Path

DESKTOP = Path(__file__).resolve().parents[2] / "desktop"


def package_of(path: Path) -> list[str]:
    """The dotted package a desktop module sits in, as installed (``rt0table.desktop...``)."""
    return ["rt0table", "desktop", *path.relative_to(DESKTOP).parent.parts]


def imported(source: str, package: list[str]) -> set[str]:
    """Every module the source imports, anywhere in it (inside functions and ``if TYPE_CHECKING`` too), with
    relative imports resolved against ``package``; ``from a import b`` counts as ``a.b`` as well."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found
