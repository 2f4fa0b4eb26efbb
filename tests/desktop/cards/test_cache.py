"""The pixmap cache: one paint per (card, size, dpr), HiDPI-correct, bounded in bytes."""

from __future__ import annotations

import math
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable

import pytest
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication

from rt0table.desktop.cards import back_pixmap, card_cache, card_size, face_pixmap, paint_face
from rt0table.desktop.cards.cache import PixmapCache


def test_the_same_key_returns_the_same_pixmap_object(app: QApplication) -> None:
    size = card_size(120)
    first = face_pixmap(5, size, 1.0)
    assert face_pixmap(5, QSize(size), 1.0) is first
    assert face_pixmap(5, size, 1.0000001) is first  # float noise in a dpr is not a new screen


def test_another_card_size_or_dpr_is_another_pixmap(app: QApplication) -> None:
    size = card_size(120)
    base = face_pixmap(5, size, 1.0)
    assert face_pixmap(6, size, 1.0) is not base
    assert face_pixmap(5, card_size(121), 1.0) is not base
    assert face_pixmap(5, size, 2.0) is not base


@pytest.mark.parametrize("dpr", [1.0, 1.25, 1.5, 2.0, 3.0])
def test_pixmaps_carry_their_device_pixel_ratio(app: QApplication, dpr: float) -> None:
    size = card_size(100)
    pixmap = face_pixmap(40, size, dpr)
    assert pixmap.devicePixelRatio() == pytest.approx(dpr)
    assert pixmap.width() == math.ceil(size.width() * dpr)
    assert pixmap.height() == math.ceil(size.height() * dpr)
    assert pixmap.deviceIndependentSize().toSize() == size


def test_the_back_is_cached_apart_from_the_faces(app: QApplication) -> None:
    size = card_size(90)
    back = back_pixmap(size, 2.0)
    assert back_pixmap(size, 2.0) is back
    assert back.devicePixelRatio() == 2.0
    assert all(face_pixmap(card_id, size, 2.0) is not back for card_id in (0, 77))


def test_an_unknown_card_id_is_refused(app: QApplication) -> None:
    with pytest.raises(ValueError, match="no card has id 78"):
        face_pixmap(78, card_size(60), 1.0)


def test_the_cache_counts_hits_and_misses(app: QApplication) -> None:
    cache = PixmapCache()
    size = card_size(60)
    for _ in range(3):
        cache.get(1, size, 1.0, lambda p, r: paint_face(p, r, 1))
    assert (cache.misses, cache.hits, len(cache)) == (1, 2, 1)


def face_painter(card_id: int) -> Callable[[QPainter, QRectF], None]:
    return lambda painter, rect: paint_face(painter, rect, card_id)


def test_the_cache_stays_within_its_byte_budget_and_drops_the_oldest(app: QApplication) -> None:
    size = card_size(60)  # 60 × 103 × 4 B ≈ 24.7 kB a pixmap at dpr 1
    cache = PixmapCache(limit_bytes=100_000)
    for card_id in range(10):
        cache.get(card_id, size, 1.0, face_painter(card_id))
        assert cache.bytes_used <= 100_000
    assert len(cache) == 4
    # The most recently used survive; a re-used old one moves to the front of the queue.
    recent = cache.get(9, size, 1.0, lambda p, r: paint_face(p, r, 9))
    assert cache.hits == 1
    assert cache.get(9, size, 1.0, lambda p, r: paint_face(p, r, 9)) is recent
    cache.get(0, size, 1.0, lambda p, r: paint_face(p, r, 0))
    assert cache.misses == 11


def test_the_shared_cache_can_be_cleared(app: QApplication) -> None:
    face_pixmap(3, card_size(70), 1.0)
    assert len(card_cache()) > 0
    card_cache().clear()
    assert len(card_cache()) == 0 and card_cache().bytes_used == 0


HIDPI_PROBE = textwrap.dedent(
    """
    from PySide6.QtWidgets import QApplication
    from rt0table.desktop.cards import CardZoomView, card_cache
    app = QApplication([])
    view = CardZoomView()
    view.set_card(16)
    view.resize(210, 360)
    view.show()
    app.processEvents()
    grab = view.grab()
    keys = [key for key in card_cache()._entries]
    print(view.devicePixelRatioF(), grab.devicePixelRatio(), grab.width(), keys)
    """
)


def test_a_hidpi_screen_gets_pixmaps_painted_at_its_ratio() -> None:
    # QT_SCALE_FACTOR is the one offscreen setting that gives widgets a dpr of 2 (see qt-guidance §6).
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "2"}
    result = subprocess.run([sys.executable, "-c", HIDPI_PROBE], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    widget_dpr, grab_dpr, grab_width, keys = result.stdout.strip().split(" ", 3)
    assert float(widget_dpr) == 2.0 and float(grab_dpr) == 2.0
    assert int(grab_width) == 420
    assert "(16, 210, 360, 2.0)" in keys
