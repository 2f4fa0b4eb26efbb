"""Run scenario files from the command line: ``python -m rt0table.rules.rt0.cli.scenario_cli FILE...``.

The one place in the scenario code that reads files: the scenario itself, and the bestiary files it names
(looked for beside the scenario first, then among the bundled ones in rt0table.assets/adversaries).
Exits 0 when every scenario passes, 1 at any failure, 2 when a file cannot be read or understood.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ....assets.bundled import bundled_exists, bundled_text
from ...seam import RulesError
from ..content.adversaries import AdversaryKind
from ..content.scenario import (
    BESTIARY_PLACES,
    Outcome,
    Scenario,
    ScenarioError,
    bestiary_from_texts,
    parse_scenario,
    plain_file_name,
    run_scenario,
)


def file_text(path: Path, named: str | None = None) -> str:
    """A data file's text; one that is not UTF-8 is a ``ScenarioError`` naming it (``named``: how to call it)."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise ScenarioError(
            f"{named or path.name}: not UTF-8 text (line {line}, column {column}: byte 0x{data[error.start]:02x}); "
            "save it as UTF-8"
        ) from None


def bundled_bestiary_text(name: str) -> str | None:
    """The text of a bestiary shipped with the app, or None when there is none of that name."""
    return bundled_text("adversaries", name) if bundled_exists("adversaries", name) else None


def bestiary_texts(scenario: Scenario, folder: Path) -> dict[str, str]:
    """Name -> text of each bestiary the scenario uses; raises FileNotFoundError naming what is missing.

    Only a plain file name beside the scenario (not a link out of its folder) or a bundled bestiary is read:
    a scenario someone sent must not get the app to read any other file on the computer.
    """
    texts = {}
    for index, name in enumerate(scenario.bestiaries):
        where = f"{scenario.filename}: bestiary[{index}]"
        if not plain_file_name(name):
            raise ScenarioError(f"{where}: {name!r} is not a file name: {BESTIARY_PLACES}")
        beside = folder / name
        text = None
        if beside.is_file():
            if beside.resolve().parent != folder.resolve():
                raise ScenarioError(f"{where}: {name!r} leads out of the scenario's folder: {BESTIARY_PLACES}")
            text = file_text(beside, f"{where}: {name}")
        else:
            text = bundled_bestiary_text(name)
        if text is None:
            raise FileNotFoundError(f"{scenario.filename}: bestiary {name!r} is neither beside it nor bundled")
        texts[name] = text
    return texts


def load(path: Path) -> tuple[Scenario, dict[str, AdversaryKind]]:
    """Read and parse one scenario file and its bestiaries."""
    scenario = parse_scenario(file_text(path, str(path)), str(path))
    return scenario, bestiary_from_texts(bestiary_texts(scenario, path.parent))


def run_file(path: Path) -> Outcome:
    scenario, bestiary = load(path)
    return run_scenario(scenario, bestiary)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    status = 0
    for name in argv:
        try:
            outcome = run_file(Path(name))
        except (OSError, RulesError) as error:
            print(f"ERROR {error}")
            status = max(status, 2)
            continue
        if outcome.failure is None:
            print(f"ok    {name}: {outcome.scenario.name} ({len(outcome.scenario.steps)} steps)")
        else:
            print(f"FAIL  {outcome.failure}")
            status = max(status, 1)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
