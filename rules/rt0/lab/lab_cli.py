"""The balance lab from the command line: ``rt0-lab`` or ``make lab ARGS="..."`` (the compiled engine).

    rt0-lab --player strong,slow,lucky:fool --player fast,weak,wise:high_priestess \\
            --adversary laborer --adversary laborer --policy lookahead --fights 10000 --seed 7 --workers 2 \\
            --csv fights.csv --json run.json

With no --player the party is three players (The Fool, The High Priestess, The Magician), with no --adversary three
Laborers. ``--spec FILE`` plays a run spec written by ``--json`` (its "spec"), so every run replays from its file;
``--replay INDEX`` re-creates one fight of the run on the full engine and prints its actions and final state hash.
``--dask ADDRESS`` sends the shards to a Dask scheduler (``--dask local`` starts a LocalCluster); it needs the
``lab`` extra (``pip install rt0-table[lab]``). Exits 2 with a message when an option cannot be understood.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from collections.abc import Sequence
from concurrent.futures import Executor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from ...seam import RulesError
from ..cli.simulation_cli import (
    DEFAULT_ADVERSARIES,
    DEFAULT_PARTY,
    UsageError,
    bestiary,
    parse_adversaries,
    parse_player,
)
from ..fight.rt0_setup import FightSetup
from ..fight.serialize import is_compiled, state_hash
from . import fight_row
from .fight_row import play_fight, replay_game
from .lab_result import RunResult
from .run_spec import POLICY_NAMES, RunSpec, spec_from_json
from .shards import run_lab


def parser() -> argparse.ArgumentParser:
    ask = argparse.ArgumentParser(prog="rt0-lab", description=__doc__.split("\n\n")[0])
    ask.add_argument("--player", action="append", help="TRAITS[:ARCANA], repeatable (default: a party of three)")
    ask.add_argument("--adversary", action="append", help="an adversary kind, repeatable (default: 3 Laborers)")
    ask.add_argument("--room", type=int, choices=(1, 3, 5), default=3, help="room size (default 3)")
    ask.add_argument("--policy", choices=POLICY_NAMES, default="greedy", help="the players' policy (default greedy)")
    ask.add_argument("--fights", type=int, default=1000, help="how many fights (default 1,000)")
    ask.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    ask.add_argument("--max-rounds", type=int, default=200, help="a fight still going then is unfinished")
    ask.add_argument("--spec", type=Path, help="play the run spec in this JSON file (a --json output or its 'spec')")
    ask.add_argument("--workers", type=int, default=1, help="worker processes (default 1: this one)")
    ask.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler's address, or 'local' for a LocalCluster")
    ask.add_argument("--csv", type=Path, help="write one line per fight here")
    ask.add_argument("--json", type=Path, help="write the spec, the summary and every fight here")
    ask.add_argument("--replay", type=int, metavar="INDEX", help="re-create fight INDEX on the full engine")
    ask.add_argument("--quiet", action="store_true", help="no progress bar")
    return ask


def spec_of(args: argparse.Namespace) -> RunSpec:
    if args.spec is not None:
        try:
            text = args.spec.read_text(encoding="utf-8")
        except OSError as error:
            raise UsageError(f"--spec {args.spec}: {error.strerror}") from None
        data = json.loads(text) if text.strip().startswith("{") else None
        if isinstance(data, dict) and "spec" in data:
            text = json.dumps(data["spec"])
        return spec_from_json(text)
    known = bestiary()
    players = [parse_player(p, i, args.room) for i, p in enumerate(args.player or DEFAULT_PARTY)]
    adversaries = parse_adversaries(args.adversary or DEFAULT_ADVERSARIES, known, args.room)
    wanted = {a.kind: known[a.kind] for a in adversaries}
    setup = FightSetup(args.room, tuple(players), tuple(adversaries), wanted)
    return RunSpec(setup, args.policy, args.fights, args.seed, args.max_rounds)


def replay(spec: RunSpec, index: int) -> list[str]:
    """The fight's actions on the full engine, checked against the lab's row for the same fight."""
    if not 0 <= index < spec.fights:
        raise UsageError(f"--replay {index}: the run has fights 0 to {spec.fights - 1}")
    game = replay_game(spec, index)
    row = play_fight(spec, index, hashed=True)
    final = state_hash(game.state)
    lines = [f"fight {index}: seed {row.seed}, {row.result} after {row.rounds} rounds, {row.actions} actions"]
    lines += [f"{n + 1:>4}. {step.action}" for n, step in enumerate(game.steps)]
    agree = "the lab's row agrees" if final == row.state_hash else f"the lab's row has {row.state_hash}: MISMATCH"
    lines.append(f"final state hash {final}; {agree}")
    return lines


def dask_executor(address: str, workers: int, stack: ExitStack) -> Executor:
    try:
        from distributed import Client, LocalCluster  # the optional ``lab`` extra
    except ImportError:
        raise UsageError("--dask needs Dask's distributed: pip install 'rt0-table[lab]'") from None
    # distributed's constructors carry no annotations, hence the ignores
    if address == "local":
        cluster = stack.enter_context(LocalCluster(n_workers=max(workers, 1), threads_per_worker=1))  # type: ignore[no-untyped-call]
        client = stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]
    else:
        client = stack.enter_context(Client(address))  # type: ignore[no-untyped-call]
    executor: Executor = client.get_executor()
    return executor


def play(spec: RunSpec, args: argparse.Namespace) -> RunResult:
    with ExitStack() as stack:
        executor = dask_executor(args.dask, args.workers, stack) if args.dask else None
        if args.quiet:
            return run_lab(spec, args.workers, executor=executor)
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        bar = stack.enter_context(
            Progress(TextColumn("fights"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), transient=True)
        )
        task = bar.add_task("fights", total=spec.fights)
        return run_lab(spec, args.workers, lambda done, _all, _rows: bar.update(task, completed=done), None, executor)


def percent(rate: float) -> str:
    """A rate with the decimals it takes not to read 0% or 100% when it is not: 0.99972 is "99.97%", not "100.0%"."""
    for places in range(1, 6):
        text = f"{rate:.{places}%}"
        if (text not in (f"{0:.{places}%}", f"{1:.{places}%}")) or rate in (0.0, 1.0):
            return text
    return f"{rate:.5%}"


def summary_table(result: RunResult) -> Any:
    from rich.table import Table

    low, high = result.win_interval
    spec = result.spec
    engine = "compiled" if is_compiled(fight_row) else "plain"
    head = Table(title=f"{result.done:,} fights, policy {spec.policy}, seed {spec.seed} ({engine} engine)")
    head.add_column("figure")
    head.add_column("value", justify="right")
    head.add_row("win rate (95% interval)", f"{percent(result.win_rate)} ({percent(low)}–{percent(high)})")
    head.add_row("results", ", ".join(f"{k} {v:,}" for k, v in result.results.items()))
    head.add_row("rounds per fight", f"{result.mean_rounds:.2f}")
    head.add_row("Corruption spent (party, whole run)", f"{result.corruption_spent:,}")
    head.add_row("fights per second (wall clock)", f"{result.done / result.seconds:,.1f}" if result.seconds else "-")
    players = Table(title="per player")
    for name in ("player", "HP lost / fight", "injuries / fight", "Corruption / fight", "damage / round"):
        players.add_column(name, justify="right" if name != "player" else "left")
    for p in result.players:
        players.add_row(
            p.name, f"{p.hp_lost:.2f}", f"{p.injuries:.3f}", f"{p.corruption:.3f}", f"{p.damage_per_round:.2f}"
        )
    return head, players


def write_outputs(result: RunResult, args: argparse.Namespace) -> None:
    if args.csv is not None:
        with args.csv.open("w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(result.csv_rows())
    if args.json is not None:
        args.json.write_text(json.dumps(result.to_dict(), indent=1) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if args.workers < 1:
            raise UsageError(f"--workers {args.workers}: give 1 or more")
        spec = spec_of(args)
        if args.replay is not None:
            print("\n".join(replay(spec, args.replay)))
            return 0
        result = play(spec, args)
        write_outputs(result, args)
    except (UsageError, RulesError) as error:
        print(f"rt0-lab: {error}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as error:
        print(f"rt0-lab: --spec {args.spec}: not valid JSON at line {error.lineno}", file=sys.stderr)
        return 2
    from rich.console import Console

    console = Console(width=int(os.environ.get("COLUMNS", "110")))
    for table in summary_table(result):
        console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
