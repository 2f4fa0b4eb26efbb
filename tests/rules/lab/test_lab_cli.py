"""rt0-lab: the summary, CSV and JSON outputs, a run replayed from its JSON, one fight replayed, Dask, bad options."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

from rt0table.rules.rt0.lab.lab_cli import main, percent
from rt0table.rules.rt0.lab.shards import run_lab
from tests.rules.lab.lab_fixtures import spec


def test_a_run_writes_its_summary_csv_and_json_and_replays_from_the_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_csv, out_json = tmp_path / "fights.csv", tmp_path / "run.json"
    assert main(["--fights", "12", "--seed", "4", "--quiet", "--csv", str(out_csv), "--json", str(out_json)]) == 0
    shown = capsys.readouterr().out
    assert "win rate (95% interval)" in shown and "damage / round" in shown and "Player 3" in shown
    lines = list(csv.reader(out_csv.open(encoding="utf-8")))
    assert len(lines) == 13 and lines[0][:3] == ["index", "seed", "result"] and "p3_hp_lost" in lines[0]
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["summary"]["fights"] == 12 and len(data["rows"]) == 12
    assert [row["seed"] for row in data["rows"]] == [int(line[1]) for line in lines[1:]]
    assert f"{data['summary']['win_rate']:.1%}" in shown

    again = tmp_path / "again.json"
    assert main(["--spec", str(out_json), "--quiet", "--workers", "2", "--json", str(again)]) == 0
    assert json.loads(again.read_text(encoding="utf-8")) == data

    assert main(["--spec", str(out_json), "--replay", "7"]) == 0
    shown = capsys.readouterr().out
    assert f"seed {data['rows'][7]['seed']}" in shown and "the lab's row agrees" in shown
    assert (
        len([line for line in shown.splitlines() if line[:5].strip().rstrip(".").isdigit()])
        == data["rows"][7]["actions"]
    )


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (["--adversary", "dragon"], "--adversary 'dragon': not in the bundled bestiaries"),
        (["--player", "tall"], "no trait 'tall'"),
        (["--workers", "0"], "--workers 0"),
        (["--fights", "0"], "field 'fights'"),
        (["--replay", "5", "--fights", "3"], "--replay 5: the run has fights 0 to 2"),
        (["--spec", "nowhere.json"], "--spec nowhere.json"),
    ],
)
def test_bad_options_exit_2_naming_the_option(
    argv: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--quiet"]) == 2
    assert complaint in capsys.readouterr().err


def test_a_broken_spec_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "run.json"
    broken.write_text('{"spec": {"setup": {"room_size": 3}}}', encoding="utf-8")
    assert main(["--spec", str(broken), "--quiet"]) == 2
    assert "field 'setup'" in capsys.readouterr().err


def test_shards_on_a_dask_local_cluster_give_the_same_run() -> None:
    run = spec(fights=9, seed=21)
    with (
        # in-process workers start in a second, not ten (the process pool's test covers pickling to workers)
        LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        on_dask = run_lab(run, 2, executor=client.get_executor(), shard_size=2)
    assert on_dask.rows == run_lab(run).rows
    assert on_dask.complete


def test_a_rate_near_the_ends_is_not_rounded_to_them() -> None:
    assert [percent(r) for r in (0.5, 0.99972, 0.0004, 1.0, 0.0)] == ["50.0%", "99.97%", "0.04%", "100.0%", "0.0%"]
