"""The card table's frame and drag costs.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/table.py [--frames 200] [--moves 400] [--size 1280x800]

* frame: ``scene.render`` of the whole table (two players, two Laborers, cards on bins) into a QImage;
* drag move: one real mouse move on the viewport while a card is dragged (hit-test, glow, preview line,
  card follows) plus the repaint it causes (``processEvents``);
* pick: what a drag start costs: ``legal_actions`` plus each legal bin's preview (once per drag);
* move + pick: a move if the engine were asked on every move, the upper bound "including the engine query";
* hover move: one real mouse move from bin to bin with no card picked (the hand's cards light for each bin);
* read table (``--reader``): a screen reader switched on (``QAccessible.setActive``) reads every part of the table
  through QAccessible once (name, description, role, state, place, and the children of each), before and apart
  from the moves, which then run with the reader on.

Prints median and p99 in milliseconds. Run it on a quiet machine; nothing here asserts a time. ``--clock cpu``
times the main thread's CPU instead of the wall clock (Qt draws offscreen on that thread): on a loaded machine
it moves far less than wall time, so two runs compared side by side say more.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.pick import CardPick
from rt0table.desktop.table.quick_fights import quick_fight
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(name: str, samples: list[float]) -> str:
    median, p99 = statistics.median(samples), percentile(samples, 0.99)
    return f"{name:<14} median {median:7.3f} ms   p99 {p99:7.3f} ms   n={len(samples)}"


def read_all(face: QAccessibleInterface) -> int:
    """Everything a screen reader can ask of ``face`` and its children; how many parts it read."""
    face.text(QAccessible.Text.Name)
    face.text(QAccessible.Text.Description)
    face.role()
    face.state()
    face.rect()
    return 1 + sum(read_all(face.child(i)) for i in range(face.childCount()))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--reader", action="store_true", help="a screen reader on, reading the table")
    args = parser.parse_args()
    clock = time.thread_time_ns if args.clock == "cpu" else time.perf_counter_ns
    width, height = (int(v) for v in args.size.split("x"))
    app = QApplication.instance() or QApplication([])
    screen = TableScreen(Session(quick_fight(1)), TableSettings(replay_step_ms=0, hot_seat=False, return_ms=0))
    screen.resize(width, height)
    screen.show()
    app.processEvents()
    scene, controller = screen.scene, screen.controller
    controller.pick_up(scene.hand_items[1])
    controller.play("unarmed_strike")
    app.processEvents()

    reads: list[float] = []
    parts = 0
    if args.reader:
        QAccessible.setActive(True)
        face = QAccessible.queryAccessibleInterface(screen.view)
        for _ in range(args.frames):
            start = clock()
            parts = read_all(face)
            reads.append((clock() - start) / 1e6)

    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    frames: list[float] = []
    for _ in range(args.frames + 1):
        painter = QPainter(image)
        start = clock()
        scene.render(painter)
        frames.append((clock() - start) / 1e6)
        painter.end()
    first, frames = frames[0], frames[1:]

    picks: list[float] = []
    for _ in range(args.moves):
        card = scene.hand_items[0].card
        start = clock()
        CardPick.begin(screen.session.state, card)
        picks.append((clock() - start) / 1e6)

    viewport = screen.view.viewport()
    card = scene.hand_items[1]
    home = screen.view.mapFromScene(card.sceneBoundingRect().center())
    targets = [
        screen.view.mapFromScene(item.sceneBoundingRect().center() + QPointF(0, (i % 7) * 3))
        for i, item in enumerate([*scene.bins.values()] * 3)
    ]
    moves: list[float] = []
    while len(moves) < args.moves:
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, pos=home)
        QTest.mouseMove(viewport, home + QPointF(0, -30).toPoint())  # past the threshold: the drag starts
        app.processEvents()
        for point in targets:
            start = clock()
            QTest.mouseMove(viewport, point)
            app.processEvents()
            moves.append((clock() - start) / 1e6)
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=home)
        app.processEvents()
    combined = [m + p for m, p in zip(moves, picks, strict=False)]
    hovers: list[float] = []
    while len(hovers) < args.moves:
        for point in targets:
            start = clock()
            QTest.mouseMove(viewport, point)
            app.processEvents()
            hovers.append((clock() - start) / 1e6)

    print(
        f"table bench, {width}x{height}, {args.clock} clock, {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs"
    )
    print(f"first frame    {first:7.3f} ms")
    print(report("frame", frames))
    print(report("drag move", moves))
    print(report("pick (engine)", picks))
    print(report("move + pick", combined))
    print(report("hover move", hovers))
    if reads:
        print(report("read table", reads) + f"   ({parts} parts)")


if __name__ == "__main__":
    main()
