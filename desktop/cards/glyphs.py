"""The suit glyphs and the court headgear, as filled unit-box paths.

Each suit has a different silhouette so that shape alone tells them apart, even in greyscale or for a
player who cannot separate the suit colours: Wands lean (a diagonal rod with a beacon),
Cups are wide at the top (a chalice), Swords are a cross (a blade with a guard), Pentacles are round
(a ring around a star). The Major marker is a four-point sparkle, unlike any of the four.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath

from rt0table.desktop.cards.geometry import circle, ellipse, polygon, rect, star, subtract, transformed, union
from rt0table.rules.rt0.cards import Suit


def _wands() -> QPainterPath:
    # A beacon rod, built upright then leaned 30°: the lean is what tells a Wand from a Sword at a glance.
    rod = rect(-0.17, -0.45, 0.34, 1.35, 0.12)
    beacon = circle(0.0, -0.66, 0.3)
    collar = rect(-0.3, -0.3, 0.6, 0.14, 0.05)
    base = rect(-0.27, 0.78, 0.54, 0.17, 0.06)
    return transformed(union(rod, beacon, collar, base), rotate=30)


def _cups() -> QPainterPath:
    bowl = QPainterPath()
    bowl.moveTo(-0.74, -0.72)
    bowl.cubicTo(-0.74, 0.02, 0.74, 0.02, 0.74, -0.72)
    bowl.closeSubpath()
    rim = rect(-0.84, -0.86, 1.68, 0.17, 0.07)
    stem = rect(-0.09, -0.3, 0.18, 0.85)
    knot = ellipse(0.0, 0.18, 0.18, 0.09)
    foot = polygon([(-0.55, 0.9), (0.55, 0.9), (0.2, 0.52), (-0.2, 0.52)])
    return union(bowl, rim, stem, knot, foot)


def _swords() -> QPainterPath:
    blade = polygon([(0.0, -0.98), (0.2, -0.7), (0.2, 0.3), (-0.2, 0.3), (-0.2, -0.7)])
    guard = rect(-0.62, 0.28, 1.24, 0.2, 0.09)
    grip = rect(-0.1, 0.45, 0.2, 0.33)
    pommel = circle(0.0, 0.84, 0.15)
    return union(blade, guard, grip, pommel)


def _pentacles() -> QPainterPath:
    ring = subtract(circle(0.0, 0.0, 0.9), circle(0.0, 0.0, 0.72))
    return union(ring, star(0.0, 0.02, 5, 0.66, 0.27))


def _major() -> QPainterPath:
    return star(0.0, 0.0, 4, 0.98, 0.26)


_BUILDERS = {
    Suit.WANDS: _wands,
    Suit.CUPS: _cups,
    Suit.SWORDS: _swords,
    Suit.PENTACLES: _pentacles,
    Suit.MAJOR: _major,
}


@cache
def suit_glyph(suit: Suit) -> QPainterPath:
    """The filled silhouette of a suit (or the Major sparkle) in the unit box."""
    return _BUILDERS[suit]()


def _page() -> QPainterPath:
    # A cadet's cap: a crown of the cap over a brim, with a badge punched out.
    cap = polygon([(-0.55, 0.0), (-0.45, -0.55), (0.45, -0.55), (0.55, 0.0)])
    brim = rect(-0.8, -0.05, 1.6, 0.2, 0.08)
    return subtract(union(cap, brim), circle(0.0, -0.28, 0.13))


def _knight() -> QPainterPath:
    # A space helmet, the base's riders: a dome with the visor cut out, a crest fin and a neck ring.
    dome = QPainterPath()
    dome.moveTo(-0.7, 0.15)
    dome.arcTo(QRectF(-0.7, -0.55, 1.4, 1.4), 180, -180)
    dome.closeSubpath()
    fin = polygon([(-0.09, -0.5), (0.0, -0.85), (0.09, -0.5)])
    ring = rect(-0.6, 0.2, 1.2, 0.14, 0.05)
    visor = rect(-0.48, -0.22, 0.96, 0.24, 0.1)
    return subtract(union(dome, fin, ring), visor)


def _queen() -> QPainterPath:
    # A tiara holding a crescent moon: the base's queens are the moon's.
    band = rect(-0.7, -0.05, 1.4, 0.2, 0.06)
    tiara = polygon([(-0.7, 0.0), (-0.55, -0.3), (-0.25, -0.15), (0.0, -0.45), (0.25, -0.15), (0.55, -0.3), (0.7, 0.0)])
    crescent = subtract(circle(0.0, -0.68, 0.26), circle(0.12, -0.76, 0.22))
    return union(band, tiara, crescent)


def _king() -> QPainterPath:
    crown = polygon([(-0.7, 0.1), (-0.75, -0.55), (-0.35, -0.2), (0.0, -0.7), (0.35, -0.2), (0.75, -0.55), (0.7, 0.1)])
    jewels = union(circle(-0.75, -0.6, 0.1), circle(0.0, -0.76, 0.1), circle(0.75, -0.6, 0.1))
    return union(crown, jewels, rect(-0.72, 0.05, 1.44, 0.18, 0.06))


_HEADGEAR = {11: _page, 12: _knight, 13: _queen, 14: _king}


@cache
def court_headgear(rank: int) -> QPainterPath:
    """Page 11, Knight 12, Queen 13, King 14: a different silhouette each, drawn above the suit glyph."""
    return _HEADGEAR[rank]()
