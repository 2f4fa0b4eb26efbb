"""What a seat sees comes from the ruleset's observer alone: no desktop module asks a privacy rule by hand (RT:0's
``sees_*`` predicates stay inside ``privacy.observe``), and every table that puts up a curtain is in the shared
curtain sweep (tests/helpers/curtain_moments.py)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.helpers.curtain_moments import CURTAINED

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "desktop"
PRIVACY = "rules.rt0.fight.privacy"


def desktop_modules() -> list[Path]:
    return sorted(p for p in DESKTOP.rglob("*.py") if "__pycache__" not in p.parts)


def privacy_by_hand(source: str) -> list[str]:
    """The privacy predicates a module reaches for: a ``sees_*`` imported from privacy, the privacy module imported
    whole (its predicates then one attribute away), or any ``sees_*`` name called."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module.endswith(PRIVACY) or node.module.endswith("fight.privacy"):
                found += [f"imports {a.name}" for a in node.names if a.name.startswith("sees_") or a.name == "*"]
            if node.module.endswith("rt0.fight") or node.module == "fight":
                found += ["imports the privacy module" for a in node.names if a.name == "privacy"]
        elif isinstance(node, ast.Import):
            found += [f"imports {a.name}" for a in node.names if a.name.endswith(PRIVACY)]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("sees_"):
            found.append(f"calls .{node.attr}")
        elif isinstance(node, ast.Name) and node.id.startswith("sees_"):
            found.append(f"names {node.id}")
    return found


def puts_up_a_curtain(source: str) -> bool:
    """The module builds a curtain of its own (RT:0's CurtainItem)."""
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "CurtainItem"
        for node in ast.walk(ast.parse(source))
    )


def test_the_checks_catch_what_they_look_for() -> None:
    assert privacy_by_hand("from rt0table.rules.rt0.fight.privacy import HIDDEN_CARD, sees_hand") == [
        "imports sees_hand"
    ]
    assert privacy_by_hand("from rt0table.rules.rt0.fight import privacy\nprivacy.sees_pending(s, 'a')") == [
        "imports the privacy module",
        "calls .sees_pending",
    ]
    assert privacy_by_hand("import rt0table.rules.rt0.fight.privacy") == ["imports rt0table.rules.rt0.fight.privacy"]
    assert privacy_by_hand("from rt0table.rules.rt0.fight.privacy import HIDDEN_CARD\nx = HIDDEN_CARD") == []
    assert puts_up_a_curtain("self.curtain = CurtainItem()") and not puts_up_a_curtain("CurtainItem.KEY")


def test_no_desktop_module_reads_privacy_by_hand() -> None:
    found = {
        str(path.relative_to(ROOT)): hits for path in desktop_modules() if (hits := privacy_by_hand(path.read_text()))
    }
    assert found == {}, "what a seat sees comes from the ruleset's observe, not from a privacy rule asked here"


def test_every_table_with_a_curtain_is_swept() -> None:
    folders = {path.relative_to(DESKTOP).parts[0] for path in desktop_modules() if puts_up_a_curtain(path.read_text())}
    assert folders, "the search finds the curtains there are"
    assert folders <= CURTAINED, f"add a curtain moment to tests/helpers/curtain_moments.py for {folders - CURTAINED}"
