"""The balance lab's run API: seeded fights, shards over workers, progress and cancel, figures, replays."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace

import pytest

from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.lab.fight_row import FightRow, play_fight, replay_game, row_from_tuple
from rt0table.rules.rt0.lab.lab_result import RunResult, wilson_interval
from rt0table.rules.rt0.lab.run_spec import (
    RunSpec,
    RunSpecError,
    fight_seed,
    spec_from_dict,
    spec_from_json,
    spec_to_dict,
    spec_to_json,
)
from rt0table.rules.rt0.lab.shards import play_shard, run_lab, shard_bounds
from tests.rules.lab.lab_fixtures import SETUP, spec


def test_fight_seeds_depend_on_the_run_seed_and_index_only() -> None:
    seeds = [fight_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert fight_seed(7, 3) == spec(seed=7).fight_seed(3)
    assert not set(seeds) & {fight_seed(8, i) for i in range(1000)}  # a nearby run seed shares no fight
    assert all(0 <= s < 2**64 for s in seeds)


def test_shards_cover_every_fight_once_in_order() -> None:
    assert shard_bounds(5, 2) == [(0, 2), (2, 4), (4, 5)]
    assert shard_bounds(4, 200) == [(0, 4)]


def test_a_run_is_the_same_whatever_the_workers_and_shard_size() -> None:
    run = spec(fights=14)
    alone = run_lab(run)
    assert [r.index for r in alone.rows] == list(range(14))
    assert run_lab(run, shard_size=3).rows == alone.rows
    with ThreadPoolExecutor(3) as threads:
        assert run_lab(run, 3, executor=threads, shard_size=2).rows == alone.rows
    assert run_lab(run, workers=2, shard_size=4).rows == alone.rows  # a spawned process pool
    assert alone.complete and not alone.cancelled


def test_a_shard_sent_as_json_plays_the_same_fights() -> None:
    run = spec(fights=6)
    rows = [row_from_tuple(t) for t in play_shard(spec_to_json(run), 2, 5)]
    assert rows == [play_fight(run, i) for i in range(2, 5)]


def test_progress_reports_every_shard_and_cancel_stops_between_shards() -> None:
    run = spec(fights=10)
    seen: list[tuple[int, int, list[int]]] = []
    run_lab(run, shard_size=4, progress=lambda done, total, rows: seen.append((done, total, [r.index for r in rows])))
    assert seen == [(4, 10, [0, 1, 2, 3]), (8, 10, [4, 5, 6, 7]), (10, 10, [8, 9])]

    calls: list[int] = []
    stopped = run_lab(
        run, shard_size=4, progress=lambda done, _t, _r: calls.append(done), cancelled=lambda: len(calls) >= 1
    )
    assert stopped.cancelled and not stopped.complete
    assert [r.index for r in stopped.rows] == [0, 1, 2, 3]
    with ThreadPoolExecutor(2) as threads:
        pooled = run_lab(run, 2, executor=threads, shard_size=2, cancelled=lambda: True)
    assert pooled.cancelled and pooled.rows == ()


def test_a_cancelled_pooled_run_keeps_only_whole_fights_of_the_run() -> None:
    run = spec(fights=40)
    whole = run_lab(run, shard_size=5).rows
    calls: list[int] = []
    stopped = run_lab(
        run, 2, shard_size=5, progress=lambda done, _t, _r: calls.append(done), cancelled=lambda: bool(calls)
    )
    assert stopped.cancelled and 5 <= stopped.done < 40
    assert all(row == whole[row.index] for row in stopped.rows)
    assert [r.index for r in stopped.rows] == sorted(r.index for r in stopped.rows)


def test_the_lookahead_runs_in_small_shards() -> None:
    seen: list[int] = []
    short = replace(spec(fights=9, policy="lookahead"), max_actions=6)  # the shard size is the point here
    run_lab(short, progress=lambda done, _t, _r: seen.append(done))
    assert seen == [8, 9]


def test_any_fight_of_a_run_replays_as_a_full_engine_game() -> None:
    run = spec(fights=30, seed=11)
    for index in (0, 17, 29):
        row = play_fight(run, index, hashed=True)
        game = replay_game(run, index)
        assert state_hash(game.state) == row.state_hash
        assert len(game.steps) == row.actions
        assert (game.state.result, game.state.round) == (row.result, row.rounds)


def test_the_figures_come_from_the_rows() -> None:
    rows = (
        FightRow(0, 1, "victory", 6, 40, (10, 5), (3, 0), (0, 1), (1, 0), (4, 2)),
        FightRow(1, 2, "defeat", 8, 50, (6, 9), (7, 12), (1, 1), (0, 0), (0, 6)),
        FightRow(2, 3, "unfinished", 10, 60, (0, 0), (0, 0), (0, 0), (2, 0), (0, 0)),
    )
    two = replace(SETUP, fighters=SETUP.fighters[:2])
    result = RunResult(RunSpec(two, fights=3), rows)
    assert (result.wins, result.done, result.results) == (1, 3, {"defeat": 1, "unfinished": 1, "victory": 1})
    assert result.mean_rounds == 8
    assert result.rounds_histogram == {6: 1, 8: 1, 10: 1}
    assert result.corruption_spent == 3
    mara, jo = result.players
    assert (mara.hp_lost, mara.injuries, mara.corruption, mara.shield) == (10 / 3, 1 / 3, 1.0, 4 / 3)
    assert mara.damage_per_round == 16 / 24 and jo.damage_per_round == 14 / 24
    assert result.csv_rows()[0][:6] == ["index", "seed", "result", "rounds", "actions", "mara_damage"]
    assert result.csv_rows()[2] == ["1", "2", "defeat", "8", "50", "6", "7", "1", "0", "0", "9", "12", "1", "0", "6"]
    summary = result.to_dict()["summary"]
    assert summary["win_interval_95"] == list(result.win_interval)


def test_the_win_interval_is_wilsons() -> None:
    low, high = wilson_interval(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_spec_round_trips_and_bad_ones_name_the_field() -> None:
    run = spec(policy="lookahead", seed=2**64 - 1)
    assert spec_from_json(spec_to_json(run)) == run
    assert spec_from_dict(spec_to_dict(run)).setup.bestiary == SETUP.bestiary
    with pytest.raises(RunSpecError, match="'policy'"):
        spec(policy="cautious")
    with pytest.raises(RunSpecError, match="'fights'"):
        spec(fights=0)
    with pytest.raises(RunSpecError, match="'seed'"):
        spec(seed=-1)
    with pytest.raises(RunSpecError, match="'setup'"):
        spec_from_dict({"policy": "brick"})
    with pytest.raises(RunSpecError, match="'seed'"):
        spec_from_dict({**spec_to_dict(run), "seed": "7"})
    with pytest.raises(RunSpecError, match="'setup'"):
        spec_from_dict({**spec_to_dict(run), "setup": {"room_size": 3}})
    with pytest.raises(RunSpecError, match="not valid JSON"):
        spec_from_json("{")


def test_a_pool_the_caller_owns_is_left_open() -> None:
    run = spec(fights=4)
    with ProcessPoolExecutor(1) as pool:
        first = run_lab(run, 1, executor=pool, shard_size=2)
        assert run_lab(run, 1, executor=pool, shard_size=2).rows == first.rows  # still usable
