"""Typed decisions (issue 13 item 5): no code unpacks a decision's context by position; each is read as its typed
value (``decisions.context_of``). mypy checks options (``Option.value`` is a ``Target``) and contexts
(``PendingDecision.context`` is a ``Context``); this also reads the source, so no positional read hides in a cast."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def positional_reads(source: str) -> list[int]:
    """Lines where a ``….context`` is indexed, unpacked into names or starred."""

    def is_context(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "context"

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript | ast.Starred) and is_context(node.value):
            found.append(node.lineno)
        elif isinstance(node, ast.Assign) and is_context(node.value):
            if any(isinstance(t, ast.Tuple | ast.List) for t in node.targets):
                found.append(node.lineno)
        elif isinstance(node, ast.For | ast.comprehension) and is_context(node.iter):
            found.append(getattr(node, "lineno", getattr(node.iter, "lineno", 0)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("tuple", "list"):
            found += [node.lineno] if any(is_context(arg) for arg in node.args) else []
    return sorted(found)


def test_the_checker_finds_each_positional_read() -> None:
    source = """
adversary_id, _which, _index, amount = decision.context
count = decision.context[0]
rest = (*decision.context,)
for part in decision.context:
    pass
parts = list(decision.context)
fine = context_of(decision, TargetChoice).amount
"""
    assert positional_reads(source) == [2, 3, 4, 5, 7]


def test_no_module_reads_a_decision_context_by_position() -> None:
    sources = {
        path: path.read_text(encoding="utf-8")
        for folder in ("rules", "desktop")
        for path in (ROOT / folder).rglob("*.py")
    }
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for path, source in sorted(sources.items())
        if ".context" in source  # parse only the modules that name one
        for line in positional_reads(source)
    ]
    assert len(sources) > 100 and offenders == []
