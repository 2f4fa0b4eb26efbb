"""The lab's runs played off the GUI thread: a QThread plays each spec through ``run_lab`` in turn and posts
every shard's rows back (queued signals), so the screen plots partial results and a cancel stops at the next shard.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from PySide6.QtCore import QObject, QThread, Signal

from rt0table.rules.rt0.lab.fight_row import FightRow
from rt0table.rules.rt0.lab.lab_result import RunResult
from rt0table.rules.rt0.lab.run_spec import RunSpec
from rt0table.rules.rt0.lab.shards import Progress, run_lab


class LabRunner(QThread):
    """Plays ``specs`` one after another on its own thread; ``workers`` > 1 spreads each over a process pool.

    ``rows_came(run, done, total, rows)`` after each shard, ``run_done(run, result)`` after each spec (its
    ``cancelled`` set when stopped), ``failed(message)`` when a run raised. ``finished`` (QThread's) comes last.
    """

    rows_came = Signal(int, int, int, object)  # run number, fights done, fights in all, list[FightRow]
    run_done = Signal(int, object)  # run number, RunResult
    failed = Signal(str)

    def __init__(
        self, specs: Sequence[RunSpec], workers: int = 1, shard_size: int = 0, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.specs = tuple(specs)
        self.workers = workers
        self.shard_size = shard_size  # 0: the policy's own (it changes no figure, only how often rows come)
        self._stop = threading.Event()

    def cancel(self) -> None:
        """Stop after the shard under way (asked from the GUI thread)."""
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def run(self) -> None:
        try:
            for number, spec in enumerate(self.specs):
                if self._stop.is_set():
                    break
                result = run_lab(
                    spec, self.workers, self._poster(number), self._stop.is_set, None, self.shard_size, hashed=True
                )
                self.run_done.emit(number, result)
        except Exception as error:  # a run that cannot be played is said on the screen, never a crash
            self.failed.emit(f"The run stopped: {error}")

    def _poster(self, number: int) -> Progress:
        """The progress callback of run ``number``: each shard's rows go to the GUI thread (a queued signal)."""

        def post(done: int, total: int, rows: Sequence[FightRow]) -> None:
            self.rows_came.emit(number, done, total, list(rows))

        return post


def partial(spec: RunSpec, rows: Sequence[FightRow]) -> RunResult:
    """A run's figures from the rows that have come in so far."""
    return RunResult(spec, tuple(sorted(rows, key=lambda row: row.index)))
