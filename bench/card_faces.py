"""How long a card face takes to paint uncached, and to blit from the cache for a whole hand.

Run: ``python -m bench.card_faces`` (offscreen is set if no platform is). Prints medians and the best
of several rounds; nothing here asserts a time, because shared runners are noisy (see qt-guidance §7).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from rt0table.desktop.cards import card_cache, card_size, face_pixmap, load_card_fonts, paint_face

HAND = (0, 16, 22, 35, 47, 60, 77)  # a seven-card hand: two Majors and one card of every suit
SAMPLE_FACES = (16, 21, 31, 55, 75)  # busy faces: The Tower, The World, 10 of Wands, 10 of Swords, Queen


def _timed(action: Callable[[], object], repeats: int) -> list[float]:
    """Milliseconds per call over ``repeats`` calls."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        action()
        samples.append((time.perf_counter_ns() - start) / 1e6)
    return samples


def paint_uncached(width: int, dpr: float, repeats: int) -> list[float]:
    """Paint one face straight into an image, as a cache miss does."""
    size = card_size(width)
    image = QImage(round(size.width() * dpr), round(size.height() * dpr), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(dpr)
    faces = iter(SAMPLE_FACES * repeats)

    def once() -> None:
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        paint_face(painter, QRectF(0, 0, size.width(), size.height()), next(faces))
        painter.end()

    return _timed(once, repeats)


def blit_hand(width: int, dpr: float, repeats: int) -> list[float]:
    """Blit a cached seven-card hand, fanned, onto a table-sized image: the per-frame cost."""
    size = card_size(width)
    table = QImage(round(1280 * dpr), round(800 * dpr), QImage.Format.Format_ARGB32_Premultiplied)
    table.setDevicePixelRatio(dpr)
    for card_id in HAND:
        face_pixmap(card_id, size, dpr)  # fill the cache first: this measures hits only

    def once() -> None:
        painter = QPainter(table)
        for index, card_id in enumerate(HAND):
            painter.drawPixmap(QPointF(100 + index * width * 0.6, 500), face_pixmap(card_id, QSize(size), dpr))
        painter.end()

    return _timed(once, repeats)


def _line(label: str, samples: Sequence[float]) -> str:
    return f"  {label:<44} median {statistics.median(samples):7.3f} ms   best {min(samples):7.3f} ms"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=60)
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication([])
    load_card_fonts()
    print("card faces (PySide6 QPainter, raster)")
    for width, dpr in ((60, 1.0), (120, 1.0), (120, 2.0), (300, 1.0), (300, 2.0)):
        paint_uncached(width, dpr, 3)  # warm-up: path construction and font loading happen once
        print(_line(f"paint one face uncached, {width}px @ dpr {dpr:g}", paint_uncached(width, dpr, args.repeats)))
    for width, dpr in ((120, 1.0), (120, 2.0)):
        samples = blit_hand(width, dpr, args.repeats)
        print(_line(f"blit a cached 7-card hand, {width}px @ dpr {dpr:g}", samples))
    cache = card_cache()
    used = cache.bytes_used / 1e6
    print(f"  cache: {len(cache)} pixmaps, {used:.1f} MB, {cache.hits} hits, {cache.misses} misses")
    del app


if __name__ == "__main__":
    main()
