"""A lab run played in seeded shards: in this process, over a process pool, or on any ``concurrent.futures``
executor (Dask's ``Client.get_executor()`` for runs bigger than one machine).

Fight ``i`` is played from ``spec.fight_seed(i)`` alone, and the rows are put back in index order, so the result
depends only on the spec (its seed and size), never on the number of workers or the order shards finish in.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Final

from .fight_row import FightRow, Row, play_fight, row_from_tuple
from .lab_result import RunResult
from .run_spec import RunSpec, spec_from_json, spec_to_json

SHARD_SIZE: Final = 200
"""Fights per shard for brick and greedy (~0.1-0.5 s each): a responsive progress bar and cancel, a cheap hop."""

LOOKAHEAD_SHARD_SIZE: Final = 8
"""Fights per shard for the lookahead, which tries every legal action (a fight takes ~0.1-0.3 s)."""

Progress = Callable[[int, int, Sequence[FightRow]], None]
"""Called after each shard: fights done, fights in all, the rows that shard added (any index order)."""

Cancelled = Callable[[], bool]
"""Asked between shards: True stops the run, which returns the rows played so far, ``cancelled`` set."""

_SPECS: dict[str, RunSpec] = {}  # a worker's decoded specs, by their JSON text (a run sends the same one each shard)
_DECODING = threading.Lock()
"""One spec decoded at a time: compiled, the codec reads field types with ``ast.parse``, which CPython 3.11 cannot
run in two threads at once (SystemError: AST constructor recursion depth mismatch), as a thread pool's shards did."""


def shard_bounds(fights: int, size: int = SHARD_SIZE) -> list[tuple[int, int]]:
    """``[start, stop)`` index ranges covering ``0 .. fights - 1`` in order."""
    return [(start, min(start + size, fights)) for start in range(0, fights, size)]


def play_shard(spec_json: str, start: int, stop: int, hashed: bool = False) -> list[Row]:
    """Fights ``start .. stop - 1`` of the run, as plain tuples: what a worker process sends back."""
    with _DECODING:
        spec = _SPECS.get(spec_json)
        if spec is None:
            spec = _SPECS[spec_json] = spec_from_json(spec_json)
    return [play_fight(spec, index, hashed).as_tuple() for index in range(start, stop)]


def run_lab(
    spec: RunSpec,
    workers: int = 1,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
    executor: Executor | None = None,
    shard_size: int = 0,
    hashed: bool = False,
) -> RunResult:
    """Play the whole run and return its rows in index order with the figures.

    ``workers`` 1 plays here, shard by shard; more start a process pool of that many (spawned, so a GUI's
    threads are never forked) and close it at the end. ``executor`` uses one the caller owns instead
    (e.g. ``distributed.Client(...).get_executor()``); it is left open. ``shard_size`` 0 picks one for the policy
    (it changes no figure). ``hashed`` records each final state's hash. On a cancel the pool is let go without
    waiting: shards already running finish in their processes and are dropped.
    """
    started = time.perf_counter()
    size = shard_size or (LOOKAHEAD_SHARD_SIZE if spec.policy == "lookahead" else SHARD_SIZE)
    bounds = shard_bounds(spec.fights, size)
    rows: list[FightRow] = []
    stopped = False
    if executor is None and workers <= 1:
        for start, stop in bounds:
            if cancelled is not None and cancelled():
                stopped = True
                break
            new = [play_fight(spec, index, hashed) for index in range(start, stop)]
            rows.extend(new)
            if progress is not None:
                progress(len(rows), spec.fights, new)
    else:
        own = executor is None
        pool = executor or ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        try:
            stopped = _run_on(pool, max(workers, 2), spec, bounds, rows, progress, cancelled, hashed)
        finally:
            if own:
                pool.shutdown(wait=not stopped, cancel_futures=True)
    rows.sort(key=_index)
    return RunResult(spec, tuple(rows), stopped, time.perf_counter() - started)


def _index(row: FightRow) -> int:
    return row.index


def _run_on(
    pool: Executor,
    workers: int,
    spec: RunSpec,
    bounds: list[tuple[int, int]],
    rows: list[FightRow],
    progress: Progress | None,
    cancelled: Cancelled | None,
    hashed: bool,
) -> bool:
    """Keep two shards per worker in flight; returns True when the run was cancelled."""
    text = spec_to_json(spec)
    waiting = list(reversed(bounds))
    running: set[Future[list[Row]]] = set()
    while waiting or running:
        if cancelled is not None and cancelled():
            for future in running:
                future.cancel()
            return True
        while waiting and len(running) < 2 * workers:
            start, stop = waiting.pop()
            running.add(pool.submit(play_shard, text, start, stop, hashed))
        finished, pending = wait(running, timeout=0.2, return_when=FIRST_COMPLETED)
        running = set(pending)
        for future in finished:
            new = [row_from_tuple(row) for row in future.result()]
            rows.extend(new)
            if progress is not None:
                progress(len(rows), spec.fights, new)
    return False
