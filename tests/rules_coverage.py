"""Which rules-inventory IDs have a passing test.

pytest records, for every test tagged ``@pytest.mark.rule(...)``, whether it passed
(``build/rule-results.json``); ``python -m tests.rules_coverage`` prints the report and
``--write`` refreshes ``docs/rules-coverage.md``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INVENTORY = ROOT / "docs" / "rules-inventory.md"
# Every game's inventory; RT:0's first so its report keeps its order.
INVENTORIES = (INVENTORY, ROOT / "docs" / "moons-grave-inventory.md", ROOT / "docs" / "restless-inventory.md")
# IDs kept on record that hold no rule (flavour, content missing from a book), one "- ID: reason" a line.
NO_RULE = ROOT / "docs" / "no-rule-ids.md"
RESULTS = ROOT / "build" / "rule-results.json"
REPORT = ROOT / "docs" / "rules-coverage.md"

_ID = re.compile(r"\b([A-Z]{2,5}-[A-Z0-9](?:[A-Z0-9-]*[A-Z0-9])?)\b")


def inventory_ids() -> list[str]:
    """Every ID in every inventory, in the inventories' order."""
    seen: dict[str, None] = {}
    for inventory in INVENTORIES:
        for line in inventory.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("-"):
                for match in _ID.finditer(line):
                    seen.setdefault(match.group(1), None)
    return list(seen)


_NO_RULE_MARK = re.compile(r"\(no rule to test: (.*)\)\s*$")


def no_rule_ids() -> dict[str, str]:
    """The IDs that hold no rule to test, with the reason for each: listed in docs/no-rule-ids.md, or marked
    "(no rule to test: reason)" on their own line of an inventory."""
    reasons: dict[str, str] = {}
    for line in NO_RULE.read_text(encoding="utf-8").splitlines():
        match = re.match(r"- ([A-Z]{2,5}-[A-Z0-9-]+): (.+)", line)
        if match:
            reasons[match.group(1)] = match.group(2)
    for inventory in INVENTORIES:
        for line in inventory.read_text(encoding="utf-8").splitlines():
            mark, first = _NO_RULE_MARK.search(line), _ID.search(line)
            if line.lstrip().startswith("-") and mark and first:
                reasons.setdefault(first.group(1), mark.group(1))
    return reasons


KNOWN_IDS = frozenset(inventory_ids())
_outcomes: dict[str, dict[str, bool]] = {}


def record_outcome(nodeid: str, ids: list[str], passed: bool) -> None:
    for rule_id in ids:
        _outcomes.setdefault(rule_id, {})[nodeid] = passed


def write_results() -> None:
    """Always write, even an empty record, so a stale file never reports old results."""
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(_outcomes, indent=1, sort_keys=True), encoding="utf-8")


def report() -> tuple[str, int, int]:
    results: dict[str, dict[str, bool]] = {}
    if RESULTS.exists():
        results = json.loads(RESULTS.read_text(encoding="utf-8"))
    how = "Written by `.venv/bin/python -m tests.rules_coverage --write` from the last `make test` run."
    lines = ["# Rules coverage", "", how, ""]
    lines += ["| ID | passing tests | failing tests |", "| --- | --- | --- |"]
    covered = 0
    untestable = no_rule_ids()
    ids = [rule_id for rule_id in inventory_ids() if rule_id not in untestable]
    for rule_id in ids:
        outcomes = results.get(rule_id, {})
        passing = sum(outcomes.values())
        failing = len(outcomes) - passing
        covered += passing > 0 and failing == 0
        lines.append(f"| {rule_id} | {passing} | {failing} |")
    lines.insert(3, f"{covered} of {len(ids)} IDs have passing tests and no failing ones.\n")
    lines += ["", "## No rule to test", "", "| ID | why |", "| --- | --- |"]
    lines += [f"| {rule_id} | {why} |" for rule_id, why in untestable.items()]
    return "\n".join(lines) + "\n", covered, len(ids)


def main(argv: list[str]) -> int:
    text, covered, total = report()
    if "--write" in argv:
        REPORT.write_text(text, encoding="utf-8")
    print(f"rules coverage: {covered} of {total} inventory IDs have passing tests")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
