"""The lab's plots (pyqtgraph): win rate with its 95% interval, fight length, and per player HP lost, injuries,
Corruption and damage per round; one colour per run, so two runs stand side by side in every plot."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")  # the only binding the app (and its bundle) carries

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QWidget

from rt0table.rules.rt0.lab.lab_result import PlayerFigures, RunResult

RUN_NAMES = ("A", "B")
RUN_COLOURS = ("#3b6ea5", "#d9822b")
BAR_SPAN = 0.8  # of one slot on the x axis, shared by the runs' bars
THREE_ACROSS_FROM = 780  # px of width: narrower, the plots go two to a row (three rows) so none is cut


@dataclass(frozen=True)
class Figure:
    """One plot: its key, its title and the axis it counts on."""

    key: str
    title: str
    unit: str


FIGURES = (
    Figure("win", "Win rate, with its 95% interval", "% of fights won"),
    Figure("rounds", "Fight length", "fights"),
    Figure("hp", "HP lost per fight, by player", "HP"),
    Figure("injuries", "Injuries per fight, by player", "injuries"),
    Figure("corruption", "Corruption per fight, by player", "Corruption"),
    Figure("damage", "Damage dealt per round, by player", "damage"),
)

PER_PLAYER = {
    "hp": lambda p: p.hp_lost,
    "injuries": lambda p: p.injuries,
    "corruption": lambda p: p.corruption,
    "damage": lambda p: p.damage_per_round,
}


def player_value(key: str, player: PlayerFigures) -> float:
    return float(PER_PLAYER[key](player))


def offsets(runs: int) -> list[float]:
    """Where each run's bar sits within a slot, so bars of two runs stand side by side."""
    width = BAR_SPAN / runs
    return [-BAR_SPAN / 2 + width * (i + 0.5) for i in range(runs)]


class LabPlots(QWidget):
    """Six plots in a grid; ``show_results`` redraws them from the runs' results (partial ones too).

    ``bars[(figure key, run)]`` and ``interval[run]`` are the items drawn, so what a plot shows can be read back.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lab-plots")
        self.plots: dict[str, pg.PlotWidget] = {}
        self.bars: dict[tuple[str, int], pg.BarGraphItem] = {}
        self.interval: dict[int, pg.ErrorBarItem] = {}
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(4)
        self.across = 0
        for figure in FIGURES:
            plot = pg.PlotWidget(background="w")
            plot.setObjectName(f"lab-plot-{figure.key}")
            plot.setTitle(figure.title, color="#222", size="10pt")
            plot.setLabel("left", figure.unit)
            plot.getAxis("left").enableAutoSIPrefix(False)  # "injuries (x0.001)" reads worse than 0.013
            plot.setMouseEnabled(x=False, y=False)
            plot.hideButtons()
            plot.setMenuEnabled(False)
            plot.setMinimumSize(150, 110)
            self.plots[figure.key] = plot
        self._arrange(3)

    def _arrange(self, across: int) -> None:
        if across == self.across:
            return
        self.across = across
        for plot in self.plots.values():
            self.grid.removeWidget(plot)
        for i, plot in enumerate(self.plots.values()):
            self.grid.addWidget(plot, i // across, i % across)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._arrange(3 if event.size().width() >= THREE_ACROSS_FROM else 2)
        super().resizeEvent(event)

    def show_results(self, results: Sequence[RunResult | None]) -> None:
        """Draw every run given (None: a run with nothing to show yet)."""
        for plot in self.plots.values():
            plot.clear()
        self.bars.clear()
        self.interval.clear()
        shown = [(run, r) for run, r in enumerate(results) if r is not None and r.done]
        places = offsets(max(len(results), 1))
        width = BAR_SPAN / max(len(results), 1)
        for run, result in shown:
            self._draw_run(run, result, places[run], width)
        self._label_axes(results)
        for key, plot in self.plots.items():
            if key != "win":  # counts and means start at 0; all-zero figures still get an axis of 0 to 1
                top = max(
                    (float(max(item.opts["height"], default=0)) for (k, _), item in self.bars.items() if k == key),
                    default=0.0,
                )
                plot.setYRange(0, top * 1.08 or 1.0)

    def _draw_run(self, run: int, result: RunResult, offset: float, width: float) -> None:
        colour = RUN_COLOURS[run]
        low, high = result.win_interval
        rate = result.win_rate * 100
        self._bars("win", run, [run], [rate], colour, BAR_SPAN)
        error = pg.ErrorBarItem(
            x=np.array([float(run)]),
            y=np.array([rate]),
            top=np.array([high * 100 - rate]),
            bottom=np.array([rate - low * 100]),
            beam=0.2,
            pen=pg.mkPen("#222", width=2),
        )
        self.plots["win"].addItem(error)
        self.interval[run] = error
        self.plots["win"].setYRange(0, 100)
        histogram = result.rounds_histogram
        self._bars("rounds", run, [k + offset for k in histogram], list(histogram.values()), colour, width)
        players = result.players
        for key in PER_PLAYER:
            values = [player_value(key, p) for p in players]
            self._bars(key, run, [i + offset for i in range(len(players))], values, colour, width)

    def _bars(self, key: str, run: int, x: Sequence[float], height: Sequence[float], colour: str, width: float) -> None:
        item = pg.BarGraphItem(
            x=np.array(x, dtype=float), height=np.array(height, dtype=float), width=width, brush=colour, pen=None
        )
        self.plots[key].addItem(item)
        self.bars[(key, run)] = item

    def _label_axes(self, results: Sequence[RunResult | None]) -> None:
        present = [r for r in results if r is not None]
        self.plots["win"].getAxis("bottom").setTicks([[(i, RUN_NAMES[i]) for i in range(len(results))]])
        self.plots["win"].setXRange(-0.6, len(results) - 0.4)
        self.plots["rounds"].setLabel("bottom", "rounds")
        slots = max((len(r.spec.setup.fighters) for r in present), default=0)
        ticks = []
        for slot in range(slots):
            names = dict.fromkeys(
                r.spec.setup.fighters[slot].name for r in present if slot < len(r.spec.setup.fighters)
            )
            ticks.append((slot, " / ".join(names)))
        for key in PER_PLAYER:
            self.plots[key].getAxis("bottom").setTicks([ticks])
            if slots:
                self.plots[key].setXRange(-0.6, slots - 0.4)

    def bar_data(self, key: str, run: int) -> tuple[list[float], list[float]]:
        """The x and height of one run's bars in one plot, as drawn."""
        opts = self.bars[(key, run)].opts
        return [float(v) for v in opts["x"]], [float(v) for v in opts["height"]]
