"""Crafted data files (issue 17 item 6): each gets its loader's error naming the file, and is left as it was.

Nested JSON or TOML past Python's recursion limit, text that is not UTF-8, and a scenario that names a bestiary
outside its folder. Every case goes through the reader the app uses (``scenario_cli.load``, ``load_bestiary``,
``load_tables``, ``load_injuries``).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from rt0table.rules.loner.tables import LonerDataError, load_tables
from rt0table.rules.rt0.campaign.injuries import InjuryDataError, load_injuries
from rt0table.rules.rt0.cli import scenario_cli
from rt0table.rules.rt0.content.adversaries import BestiaryError, load_bestiary
from rt0table.rules.rt0.content.lesson import LessonError, parse_lesson
from rt0table.rules.rt0.content.scenario import ScenarioError, parse_scenario
from rt0table.rules.seam import RulesError

DEEP = 100_000
NESTED_JSON = "[" * DEEP + "]" * DEEP
NESTED_TOML = "deep = " + "[" * DEEP + "]" * DEEP + "\n"
SCENARIO = """name = "probe"
seed = 5
room = 3
{bestiary}
[[fighters]]
id = "mara"
zone = "B2"

[[adversaries]]
kind = "laborer"
zone = "B2"
"""


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def scenario_file(folder: Path, bestiary: str = "", name: str = "probe.toml") -> Path:
    path = folder / name
    path.write_text(SCENARIO.format(bestiary=bestiary), encoding="utf-8")
    return path


def refused_by_load(path: Path) -> str:
    """``scenario_cli.load`` on the file refuses it with a RulesError; the file and its folder stay as they were."""
    before, beside = sha(path), sorted(os.listdir(path.parent))
    with pytest.raises(RulesError) as raised:
        scenario_cli.load(path)
    assert sha(path) == before and sorted(os.listdir(path.parent)) == beside
    return str(raised.value)


def test_a_good_scenario_still_loads(tmp_path: Path) -> None:
    scenario, bestiary = scenario_cli.load(scenario_file(tmp_path))
    assert scenario.name == "probe" and "laborer" in bestiary


@pytest.mark.parametrize(
    "name",
    ["../../../../etc/passwd", "/etc/passwd", "sub/mine.json", "..\\..\\secret.json", "C:secret.json", "..", ""],
)
def test_a_bestiary_outside_the_scenarios_folder_is_refused_by_name(tmp_path: Path, name: str) -> None:
    path = scenario_file(tmp_path, f"bestiary = [{json.dumps(name)}]")
    message = refused_by_load(path)
    assert message.startswith(f"{path}: bestiary[0]: {name!r} is not a file name")
    assert "beside the scenario's file" in message


def test_the_same_check_guards_a_scenario_built_in_code(tmp_path: Path) -> None:
    scenario = parse_scenario(SCENARIO.format(bestiary=""), "made.toml")
    crafted = replace(scenario, bestiaries=("../../etc/passwd",))
    with pytest.raises(ScenarioError, match=r"^made\.toml: bestiary\[0\]: '\.\./\.\./etc/passwd' is not a file name"):
        scenario_cli.bestiary_texts(crafted, tmp_path)


def test_a_bestiary_linked_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "secret.json").write_text('{"adversaries": []}', encoding="utf-8")
    folder = tmp_path / "scenarios"
    folder.mkdir()
    try:
        (folder / "mine.json").symlink_to(elsewhere / "secret.json")
    except OSError:
        pytest.skip("this file system cannot make a symbolic link")
    path = scenario_file(folder, 'bestiary = ["mine.json"]')
    assert "bestiary[0]: 'mine.json' leads out of the scenario's folder" in refused_by_load(path)


def test_a_scenario_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(SCENARIO.format(bestiary="").replace("probe", "café").encode("latin-1"))
    message = refused_by_load(path)
    assert message.startswith(f"{path}: not UTF-8 text (line 1, column 12: byte 0xe9)")


def test_a_bestiary_that_is_not_utf8_is_named_with_the_scenario(tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    mine.write_bytes('{"adversaries": [], "notes": "café"}'.encode("latin-1"))
    path = scenario_file(tmp_path, 'bestiary = ["book.json", "mine.json"]')
    before = sha(mine)
    message = refused_by_load(path)
    assert message.startswith(f"{path}: bestiary[1]: mine.json: not UTF-8 text") and sha(mine) == before


def test_a_nested_bestiary_beside_the_scenario_is_named(tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    mine.write_text(NESTED_JSON, encoding="utf-8")
    path = scenario_file(tmp_path, 'bestiary = ["mine.json"]')
    before = sha(mine)
    assert refused_by_load(path) == "mine.json: not usable JSON: it is nested too deeply to read"
    assert sha(mine) == before


def test_a_nested_scenario_is_named(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(NESTED_TOML, encoding="utf-8")
    assert refused_by_load(path) == f"{path}: not usable TOML: it is nested too deeply to read"


def test_nested_json_or_toml_is_an_error_of_each_loader() -> None:
    with pytest.raises(BestiaryError, match=r"^deep\.json: not usable JSON: it is nested too deeply"):
        load_bestiary(NESTED_JSON, "deep.json")
    with pytest.raises(BestiaryError, match=r"^deep\.json: not usable JSON"):
        load_bestiary('{"adversaries": [{"id": "x", "intents": ' + NESTED_JSON + "}]}", "deep.json")
    with pytest.raises(LonerDataError) as loner:
        load_tables('{"format": ' + NESTED_JSON + "}", "tables.json")
    assert (loner.value.file, loner.value.entry) == ("tables.json", "(document)")
    assert "nested too deeply" in str(loner.value)
    with pytest.raises(InjuryDataError, match=r"^injuries\.json: not usable JSON: it is nested too deeply"):
        load_injuries(NESTED_JSON, "injuries.json")
    with pytest.raises(LessonError, match=r"^lesson\.toml: not usable TOML: it is nested too deeply"):
        parse_lesson(NESTED_TOML, "lesson.toml")


def test_the_command_line_runner_reports_each_bad_file_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = scenario_file(tmp_path, name="good.toml")
    latin = tmp_path / "latin.toml"
    latin.write_bytes("name = 'caf\xe9'\n".encode("latin-1"))
    escape = scenario_file(tmp_path, 'bestiary = ["../../../../etc/passwd"]', name="escape.toml")
    assert scenario_cli.main([str(latin), str(escape), str(good)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"ERROR {latin}: not UTF-8 text")
    assert out[1].startswith(f"ERROR {escape}: bestiary[0]: '../../../../etc/passwd' is not a file name")
    assert out[2].startswith(f"ok    {good}")
