"""The card colours: beige console plastic, a navy CRT screen, one ink and one phosphor per suit.

Each suit has two tones because it is drawn on two grounds: ``ink`` is dark enough to read on the beige
body, ``glow`` is bright enough to read on the dark screen. Colour is never the only cue (every suit has
its own glyph shape), but the hues still follow Okabe–Ito-like separations so they help most players.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor

from rt0table.rules.rt0.cards import Suit


@dataclass(frozen=True)
class SuitTones:
    ink: QColor  # glyphs and numbers on the beige body
    glow: QColor  # phosphor lines on the dark screen
    stripes: tuple[QColor, QColor, QColor]  # the cassette-label stripes, light to dark


def _tones(ink: str, glow: str, stripes: tuple[str, str, str]) -> SuitTones:
    return SuitTones(QColor(ink), QColor(glow), (QColor(stripes[0]), QColor(stripes[1]), QColor(stripes[2])))


SUIT_TONES: dict[Suit, SuitTones] = {
    Suit.WANDS: _tones("#b8460c", "#ff9a4d", ("#f6b26b", "#e8762b", "#b8460c")),
    Suit.CUPS: _tones("#0f6496", "#5cc8f0", ("#8fd3f0", "#2f9bd0", "#0f6496")),
    Suit.SWORDS: _tones("#5e3596", "#c39bff", ("#c8b0f0", "#8a62c8", "#5e3596")),
    Suit.PENTACLES: _tones("#2b7530", "#7ee08a", ("#a8dca0", "#4fa84f", "#2b7530")),
    Suit.MAJOR: _tones("#8a5a00", "#ffc93c", ("#f29e38", "#e4572e", "#a8201a")),
}

BODY = QColor("#ebe3cf")  # the beige of 1980s console plastic
BODY_SHADE = QColor("#d5c9ab")
EDGE = QColor("#37343f")
INK = QColor("#24222b")  # text that is not suit-coloured (names)
SCREEN = QColor("#131a2c")  # the inset CRT
SCREEN_LIGHT = QColor("#1f2a45")
SCREEN_RIM = QColor("#0a0d16")
LUNAR_SURFACE = QColor("#2a3350")  # the horizon of regolith at the foot of every screen

BACK_FIELD = QColor("#161c30")
BACK_MOON = QColor("#e6dfc8")
BACK_MOON_SHADOW = QColor("#b9b09a")
BACK_GRID = QColor("#3b4a78")
BACK_STRIPES = (QColor("#f29e38"), QColor("#e4572e"), QColor("#a8201a"))
