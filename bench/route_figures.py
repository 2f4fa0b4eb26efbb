"""The playthrough's fight step and the replay viewer's timeline, timed in whichever checkout runs this file.

    python bench/route_figures.py [--actions 1000] [--long 50000]

Prints one JSON line: the median microseconds per ``Session.submit`` of ``bench/fight_funnel.py``'s playthrough
route with no save and with one (three runs of ``--actions`` seeded actions each), and the median CPU milliseconds
to build the replay viewer's ``FightTimeline`` of a ``--long``-action practice fight (five builds). It uses only what
every checkout since the funnel bench has, so ``bench/against.py`` runs this same file in an older checkout too.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from bench import fight_funnel as ff
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.replay_viewer.fight_timeline import FightTimeline
from rt0table.rules.rt0.campaign import fight_plan as fp


def submits(actions: list[object], saved: bool) -> float:
    """Median microseconds per submit over three runs of ``actions``."""
    times: list[float] = []
    for _ in range(3):
        if saved:
            with tempfile.TemporaryDirectory() as folder:
                times += ff.play(Path(folder), True, actions)[0]  # type: ignore[arg-type]
        else:
            times += ff.play(None, True, actions)[0]  # type: ignore[arg-type]
    return statistics.median(times) * 1e6


def timeline(long: int) -> float:
    """Median CPU milliseconds of five timeline builds of a ``long``-action fight."""
    setup = ff.practice_setup(Playthrough(Mode.HOT_SEAT, fp.from_party(ff.PARTY), seed=3))
    actions, opening = ff.actions_for(setup, long, 11), setup.start()[0]
    runs = []
    for _ in range(5):
        start = time.process_time()
        FightTimeline(opening, actions)
        runs.append(time.process_time() - start)
    return statistics.median(runs) * 1e3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--long", type=int, default=50000)
    args = parser.parse_args(argv)
    QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    setup = ff.practice_setup(Playthrough(Mode.HOT_SEAT, fp.from_party(ff.PARTY), seed=3))
    actions = ff.actions_for(setup, args.actions, 11)
    figures = {
        "step_no_save_us": submits(actions, False),
        "step_saved_us": submits(actions, True),
        "timeline_ms": timeline(args.long),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
