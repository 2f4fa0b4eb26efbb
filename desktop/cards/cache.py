"""Card pixmaps painted once per (card, logical size, device pixel ratio) and kept in a bounded LRU.

Painting a face costs around a millisecond; blitting a cached pixmap costs microseconds, so views ask
here every frame and only a new size or a new screen (another dpr) paints again. The cache is our own
dict rather than QPixmapCache because QPixmapCache is app-wide with a 10 MB default, which a hand at
dpr 2 would overflow and thrash; a byte budget here keeps the faces independent of other caches.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPixmap

from rt0table.desktop.cards.face import paint_back, paint_face
from rt0table.rules.rt0.cards import CARDS, CardId

BACK = -1  # the cache key's card id for the card back
DEFAULT_LIMIT_BYTES = 96 * 1024 * 1024  # all 78 faces at 200 px wide and dpr 2 plus change

CacheKey = tuple[int, int, int, float]


class PixmapCache:
    """A least-recently-used map from (card, width, height, dpr) to a painted QPixmap, bounded in bytes."""

    def __init__(self, limit_bytes: int = DEFAULT_LIMIT_BYTES) -> None:
        self.limit_bytes = limit_bytes
        self._entries: OrderedDict[CacheKey, QPixmap] = OrderedDict()
        self._bytes = 0
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def bytes_used(self) -> int:
        return self._bytes

    def get(self, card: int, size: QSize, dpr: float, paint: Callable[[QPainter, QRectF], None]) -> QPixmap:
        # Two decimals: fractional scales like 1.25 and 1.5 are distinct, float noise is not.
        key: CacheKey = (card, size.width(), size.height(), round(dpr, 2))
        pixmap = self._entries.get(key)
        if pixmap is not None:
            self._entries.move_to_end(key)
            self.hits += 1
            return pixmap
        self.misses += 1
        pixmap = render_pixmap(size, key[3], paint)
        self._entries[key] = pixmap
        self._bytes += _cost(pixmap)
        self._evict()
        return pixmap

    def clear(self) -> None:
        self._entries.clear()
        self._bytes = 0

    def _evict(self) -> None:
        # Keep at least the newest entry even if it alone is over budget: the caller needs it now.
        while self._bytes > self.limit_bytes and len(self._entries) > 1:
            _, old = self._entries.popitem(last=False)
            self._bytes -= _cost(old)


def _cost(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * max(pixmap.depth(), 32) // 8


def render_pixmap(size: QSize, dpr: float, paint: Callable[[QPainter, QRectF], None]) -> QPixmap:
    """Paint into a pixmap of ``size`` logical pixels at ``dpr`` (so ``size * dpr`` device pixels)."""
    pixmap = QPixmap(math.ceil(size.width() * dpr), math.ceil(size.height() * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        paint(painter, QRectF(0, 0, size.width(), size.height()))
    finally:
        painter.end()
    return pixmap


_cache = PixmapCache()


def face_pixmap(card_id: CardId, size: QSize, device_pixel_ratio: float) -> QPixmap:
    """The face of ``card_id`` at ``size`` logical pixels for a screen of ``device_pixel_ratio``; cached."""
    if not 0 <= card_id < len(CARDS):
        raise ValueError(f"no card has id {card_id}; ids run 0–{len(CARDS) - 1}")
    return _cache.get(card_id, size, device_pixel_ratio, lambda p, r: paint_face(p, r, card_id))


def back_pixmap(size: QSize, device_pixel_ratio: float) -> QPixmap:
    """The card back at ``size`` logical pixels for a screen of ``device_pixel_ratio``; cached."""
    return _cache.get(BACK, size, device_pixel_ratio, paint_back)


def card_cache() -> PixmapCache:
    """The shared cache, for limits, statistics and clearing (e.g. when the UI scale changes)."""
    return _cache
