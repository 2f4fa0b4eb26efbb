"""Where things go on a card, as fractions of its width, and how much detail a size can carry.

A tarot card is 70 × 120 mm; every face is drawn into that shape inside whatever rectangle it is
given. Below about 96 px wide the faces drop the name, the pips and the decoration and draw one big
rank and one big glyph instead, because a hand of small cards is read by rank and suit only.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QRectF, QSize

CARD_ASPECT = 70 / 120  # width / height


class Detail(Enum):
    TINY = "tiny"  # about 60–95 px wide: rank, suit glyph, one central mark
    SMALL = "small"  # about 96–169 px: everything but the scanlines and starfield
    FULL = "full"  # 170 px and up


def detail_for(width: float) -> Detail:
    if width < 96:
        return Detail.TINY
    if width < 170:
        return Detail.SMALL
    return Detail.FULL


def card_size(width: int) -> QSize:
    """The logical size of a card ``width`` pixels wide."""
    return QSize(width, round(width / CARD_ASPECT))


def fit_card(bounds: QRectF) -> QRectF:
    """The largest 7:12 card centred in ``bounds`` (faces never stretch)."""
    width = min(bounds.width(), bounds.height() * CARD_ASPECT)
    height = width / CARD_ASPECT
    return QRectF(bounds.x() + (bounds.width() - width) / 2, bounds.y() + (bounds.height() - height) / 2, width, height)


class Frame:
    """The regions of one card, in logical pixels relative to the card's top-left corner."""

    def __init__(self, width: float, height: float) -> None:
        self.w = width
        self.h = height
        self.detail = detail_for(width)
        tiny = self.detail is Detail.TINY
        self.margin = width * (0.08 if tiny else 0.07)
        self.radius = width * 0.07
        self.edge = max(1.0, width * 0.012)
        # Tiny cards give the header more room: the rank is all a small card has to say.
        self.header_bottom = height * (0.34 if tiny else 0.255)
        self.screen = QRectF(
            self.margin,
            self.header_bottom,
            width - 2 * self.margin,
            height * (0.93 if tiny else 0.855) - self.header_bottom,
        )
        self.footer = QRectF(
            self.margin,
            self.screen.bottom(),
            width - 2 * self.margin,
            height - self.margin * 0.7 - self.screen.bottom(),
        )

    def content_box(self) -> QRectF:
        """The screen area that pips and emblems use: inside the glass, above most of the horizon."""
        inset = self.w * (0.05 if self.detail is Detail.TINY else 0.07)
        return self.screen.adjusted(inset, inset, -inset, -inset - self.screen.height() * 0.04)
