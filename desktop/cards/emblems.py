"""One emblem per Major Arcana, from simple geometry, drawn as phosphor line art on the card's screen.

Each emblem is a pair of unit-box paths: ``solid`` is filled (and outlined), ``lines`` is only stroked.
The emblems follow the card's traditional picture where a shape can carry it (the Tower struck by
lightning, the Wheel, the scales of Justice), and lean into the moon base where that reads better
(the Chariot is a lunar rover, the World is the Earth seen from the Moon).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from typing import NamedTuple

from PySide6.QtGui import QPainterPath

from rt0table.desktop.cards.geometry import (
    circle,
    combine,
    ellipse,
    line,
    polygon,
    polyline,
    rect,
    star,
    subtract,
    transformed,
    union,
)


class Emblem(NamedTuple):
    solid: QPainterPath
    lines: QPainterPath


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, sweep: float, steps: int = 24) -> QPainterPath:
    """An open elliptical arc; angles in degrees, 0 = right, positive = clockwise on screen."""
    pts = [
        (
            cx + rx * math.cos(math.radians(start + sweep * i / steps)),
            cy + ry * math.sin(math.radians(start + sweep * i / steps)),
        )
        for i in range(steps + 1)
    ]
    return polyline(pts)


def _dashes(path: QPainterPath, count: int) -> QPainterPath:
    """Every other piece of a path, for dotted trajectories."""
    result = QPainterPath()
    for i in range(0, count * 2, 2):
        a, b = path.pointAtPercent(i / (count * 2)), path.pointAtPercent((i + 1) / (count * 2))
        result.addPath(line(a.x(), a.y(), b.x(), b.y()))
    return result


def _fool() -> Emblem:
    cliff = polygon([(0.1, 0.95), (0.1, 0.25), (0.3, 0.15), (0.95, 0.2), (0.95, 0.95)])
    walker = union(circle(0.3, -0.42, 0.12), polygon([(0.3, -0.28), (0.12, 0.12), (0.48, 0.12)]))
    bindle = combine(line(0.3, -0.2, 0.62, -0.55), circle(0.66, -0.6, 0.09))
    leap = _arc(-0.25, 0.1, 0.5, 0.55, -20, -150)
    sun = circle(-0.62, -0.62, 0.16)
    rays = combine(
        *(
            line(
                -0.62 + 0.24 * math.cos(a),
                -0.62 + 0.24 * math.sin(a),
                -0.62 + 0.34 * math.cos(a),
                -0.62 + 0.34 * math.sin(a),
            )
            for a in (k * math.pi / 4 for k in range(8))
        )
    )
    return Emblem(union(cliff, walker, sun), combine(bindle, _dashes(leap, 6), rays))


def _magician() -> Emblem:
    lemniscate = polyline(
        (
            0.75 * math.cos(t) / (1 + math.sin(t) ** 2),
            -0.55 + 0.75 * math.sin(t) * math.cos(t) / (1 + math.sin(t) ** 2),
        )
        for t in (2 * math.pi * i / 64 for i in range(65))
    )
    wand = union(rect(-0.07, -0.12, 0.14, 0.9, 0.05), circle(0.0, -0.16, 0.13))
    table = line(-0.75, 0.85, 0.75, 0.85)
    return Emblem(wand, combine(lemniscate, table))


def _high_priestess() -> Emblem:
    # Boaz and Jachin: one pillar dark, one light; the moon between them.
    dark_pillar = union(rect(-0.85, -0.65, 0.32, 1.5), rect(-0.92, -0.78, 0.46, 0.14))
    light_pillar = combine(rect(0.53, -0.65, 0.32, 1.5), rect(0.46, -0.78, 0.46, 0.14))
    crescent = subtract(circle(0.0, -0.05, 0.38), circle(0.17, -0.12, 0.32))
    return Emblem(union(dark_pillar, crescent), combine(light_pillar, line(-0.95, 0.88, 0.95, 0.88)))


def _empress() -> Emblem:
    venus = combine(circle(0.0, -0.2, 0.42), line(0.0, 0.22, 0.0, 0.95), line(-0.3, 0.58, 0.3, 0.58))
    stars = union(
        *(
            star(0.74 * math.cos(a), -0.16 + 0.72 * math.sin(a), 4, 0.1, 0.035)
            for a in (math.radians(-90 + k * 30) for k in range(-3, 4))
        )
    )
    return Emblem(stars, venus)


def _emperor() -> Emblem:
    crown = polygon([(-0.6, -0.3), (-0.6, -0.8), (-0.3, -0.52), (0.0, -0.9), (0.3, -0.52), (0.6, -0.8), (0.6, -0.3)])
    throne = rect(-0.6, -0.2, 1.2, 1.05)
    seal = rect(-0.25, 0.15, 0.5, 0.5)
    return Emblem(union(crown, seal), throne)


def _hierophant() -> Emblem:
    cross = union(
        rect(-0.07, -0.95, 0.14, 1.65),
        rect(-0.25, -0.68, 0.5, 0.12),
        rect(-0.4, -0.42, 0.8, 0.12),
        rect(-0.55, -0.16, 1.1, 0.12),
    )
    dais = combine(_arc(0.0, 0.95, 0.7, 0.25, 180, 180), line(-0.7, 0.95, 0.7, 0.95))
    return Emblem(cross, dais)


def _lovers() -> Emblem:
    rings = combine(circle(-0.27, 0.2, 0.45), circle(0.27, 0.2, 0.45))
    return Emblem(star(0.0, -0.62, 4, 0.28, 0.08), rings)


def _chariot() -> Emblem:
    # A lunar rover: body, cab, dish antenna, three wheels on the regolith.
    body = rect(-0.8, -0.05, 1.6, 0.35, 0.08)
    cab = polygon([(-0.45, -0.05), (-0.3, -0.42), (0.3, -0.42), (0.45, -0.05)])
    wheels = union(*(circle(x, 0.48, 0.2) for x in (-0.55, 0.0, 0.55)))
    hubs = union(*(circle(x, 0.48, 0.06) for x in (-0.55, 0.0, 0.55)))
    antenna = combine(line(0.6, -0.05, 0.6, -0.6), _arc(0.6, -0.62, 0.22, 0.12, 0, 180))
    ground = line(-0.95, 0.7, 0.95, 0.7)
    return Emblem(union(body, subtract(wheels, hubs)), combine(cab, antenna, ground))


def _strength() -> Emblem:
    shield = polygon([(0.0, -0.95), (0.8, -0.6), (0.7, 0.35), (0.0, 0.95), (-0.7, 0.35), (-0.8, -0.6)])
    chevrons = union(
        *(
            polygon(
                [
                    (-0.45, y + 0.3),
                    (0.0, y),
                    (0.45, y + 0.3),
                    (0.45, y + 0.48),
                    (0.0, y + 0.18),
                    (-0.45, y + 0.48),
                ]
            )
            for y in (-0.55, -0.15, 0.25)
        )
    )
    return Emblem(chevrons, shield)


def _hermit() -> Emblem:
    hanger = combine(line(0.0, -0.95, 0.0, -0.7), circle(0.0, -0.95, 0.06))
    cap = polygon([(-0.42, -0.42), (0.0, -0.72), (0.42, -0.42)])
    cage = rect(-0.35, -0.42, 0.7, 0.95)
    light = star(0.0, 0.05, 6, 0.27, 0.13)
    base = rect(-0.45, 0.53, 0.9, 0.14)
    rays = combine(
        *(
            line(0.55 * math.cos(a), 0.05 + 0.55 * math.sin(a), 0.85 * math.cos(a), 0.05 + 0.85 * math.sin(a))
            for a in (math.radians(d) for d in (-20, 0, 20, 160, 180, 200))
        )
    )
    return Emblem(union(cap, light, base), combine(hanger, cage, rays))


def _wheel() -> Emblem:
    rim = combine(circle(0.0, 0.0, 0.85), circle(0.0, 0.0, 0.65))
    spokes = combine(
        *(
            line(0.22 * math.cos(a), 0.22 * math.sin(a), 0.65 * math.cos(a), 0.65 * math.sin(a))
            for a in (k * math.pi / 4 for k in range(8))
        )
    )
    studs = union(
        *(
            circle(0.75 * math.cos(a), 0.75 * math.sin(a), 0.05)
            for a in (k * math.pi / 4 + math.pi / 8 for k in range(8))
        )
    )
    return Emblem(union(circle(0.0, 0.0, 0.2), studs), combine(rim, spokes))


def _justice() -> Emblem:
    post = line(0.0, -0.7, 0.0, 0.75)
    beam = line(-0.75, -0.55, 0.75, -0.55)
    strings = combine(
        polyline([(-0.95, 0.05), (-0.75, -0.55), (-0.55, 0.05)]),
        polyline([(0.55, 0.05), (0.75, -0.55), (0.95, 0.05)]),
    )
    pans = union(*(_pan(x) for x in (-0.75, 0.75)))
    foot = polygon([(-0.4, 0.95), (0.4, 0.95), (0.12, 0.72), (-0.12, 0.72)])
    return Emblem(union(pans, foot, circle(0.0, -0.75, 0.1)), combine(post, beam, strings))


def _pan(cx: float) -> QPainterPath:
    pan = QPainterPath()
    pan.moveTo(cx - 0.24, 0.05)
    pan.cubicTo(cx - 0.24, 0.32, cx + 0.24, 0.32, cx + 0.24, 0.05)
    pan.closeSubpath()
    return pan


def _hanged_man() -> Emblem:
    gallows = combine(line(-0.7, -0.85, 0.7, -0.85), line(-0.6, -0.85, -0.6, 0.95), line(0.6, -0.85, 0.6, 0.95))
    rope = line(0.0, -0.85, 0.0, -0.6)
    legs = combine(line(0.0, -0.6, 0.0, -0.05), polyline([(0.0, -0.52), (0.28, -0.3), (0.02, -0.16)]))
    torso = rect(-0.15, -0.08, 0.3, 0.42, 0.06)
    head = circle(0.0, 0.52, 0.15)
    halo = circle(0.0, 0.52, 0.27)
    return Emblem(union(torso, head), combine(gallows, rope, legs, halo))


def _death() -> Emblem:
    skull = union(circle(0.0, -0.2, 0.6), rect(-0.34, 0.15, 0.68, 0.45, 0.1))
    eyes = union(ellipse(-0.23, -0.15, 0.16, 0.18), ellipse(0.23, -0.15, 0.16, 0.18))
    nose = polygon([(0.0, 0.05), (-0.08, 0.2), (0.08, 0.2)])
    teeth = union(*(rect(x - 0.025, 0.38, 0.05, 0.22) for x in (-0.16, 0.0, 0.16)))
    return Emblem(subtract(skull, union(eyes, nose, teeth)), QPainterPath())


def _vessel(cx: float, cy: float, tilt: float) -> QPainterPath:
    return transformed(polygon([(-0.22, -0.25), (0.22, -0.25), (0.14, 0.25), (-0.14, 0.25)]), rotate=tilt, dx=cx, dy=cy)


def _temperance() -> Emblem:
    stream = QPainterPath()
    stream.moveTo(-0.35, -0.6)
    stream.cubicTo(0.0, -0.75, 0.55, -0.4, 0.5, 0.2)
    drops = union(circle(0.62, -0.05, 0.04), circle(0.36, -0.2, 0.04))
    triangle = polygon([(0.0, 0.95), (-0.25, 0.55), (0.25, 0.55)])
    return Emblem(union(_vessel(-0.55, -0.5, 35), _vessel(0.5, 0.5, 0), drops), combine(stream, triangle))


def _devil() -> Emblem:
    horn_left = QPainterPath()
    horn_left.moveTo(-0.32, -0.35)
    horn_left.quadTo(-0.8, -0.5, -0.62, -0.98)
    horn_left.quadTo(-0.52, -0.6, -0.1, -0.5)
    horn_left.closeSubpath()
    horn_right = transformed(horn_left, sx=-1.0)
    head = circle(0.0, -0.2, 0.36)
    eyes = union(
        polygon([(-0.22, -0.28), (-0.05, -0.2), (-0.2, -0.15)]),
        polygon([(0.22, -0.28), (0.05, -0.2), (0.2, -0.15)]),
    )
    chains = combine(
        line(-0.7, 0.45, 0.7, 0.45),
        ellipse(-0.35, 0.68, 0.1, 0.2),
        ellipse(0.35, 0.68, 0.1, 0.2),
        ellipse(-0.35, 0.9, 0.06, 0.08),
        ellipse(0.35, 0.9, 0.06, 0.08),
    )
    return Emblem(subtract(union(horn_left, horn_right, head), eyes), chains)


def _tower() -> Emblem:
    tower = rect(-0.32, -0.35, 0.64, 1.3)
    window = rect(-0.08, -0.02, 0.16, 0.3, 0.07)
    crown = transformed(
        polygon(
            [
                (-0.4, 0.0),
                (-0.4, -0.25),
                (-0.24, -0.25),
                (-0.24, -0.14),
                (-0.08, -0.14),
                (-0.08, -0.25),
                (0.08, -0.25),
                (0.08, -0.14),
                (0.24, -0.14),
                (0.24, -0.25),
                (0.4, -0.25),
                (0.4, 0.0),
            ]
        ),
        rotate=-24,
        dx=-0.35,
        dy=-0.55,
    )
    bolt = polygon([(0.95, -0.98), (0.38, -0.55), (0.55, -0.5), (0.12, -0.22), (0.35, -0.62), (0.2, -0.66)])
    debris = union(rect(0.5, 0.1, 0.1, 0.1), rect(-0.7, 0.3, 0.08, 0.08), rect(0.62, 0.5, 0.07, 0.07))
    return Emblem(union(crown, bolt, debris, window), tower)


def _star() -> Emblem:
    big = star(0.0, -0.3, 8, 0.6, 0.2)
    small = union(
        *(
            star(0.78 * math.cos(a), -0.3 + 0.85 * math.sin(a), 4, 0.1, 0.035)
            for a in (math.radians(d) for d in (30, 55, 80, 100, 125, 150, 0))
        )
    )
    water = _arc(0.0, 0.55, 0.9, 0.1, 180, -180)
    return Emblem(union(big, small), water)


def _moon() -> Emblem:
    crescent = subtract(circle(0.0, -0.35, 0.55), circle(0.24, -0.45, 0.47))
    towers = union(rect(-0.85, 0.2, 0.22, 0.55), rect(0.63, 0.2, 0.22, 0.55))
    horizon = _arc(0.0, 1.45, 1.15, 0.7, -140, 100)
    path = polyline([(0.0, 0.95), (-0.12, 0.75), (0.1, 0.6), (-0.05, 0.45), (0.05, 0.32)])
    return Emblem(union(crescent, towers), combine(horizon, path))


def _sun() -> Emblem:
    rays = union(
        *(
            polygon(
                [
                    (r0 * math.cos(a - 0.1), r0 * math.sin(a - 0.1)),
                    (r1 * math.cos(a), r1 * math.sin(a)),
                    (r0 * math.cos(a + 0.1), r0 * math.sin(a + 0.1)),
                ]
            )
            for k, a in enumerate(k * math.pi / 6 for k in range(12))
            for r0, r1 in [(0.52, 0.95 if k % 2 == 0 else 0.75)]
        )
    )
    return Emblem(union(circle(0.0, 0.0, 0.42), rays), QPainterPath())


def _judgement() -> Emblem:
    trumpet = polygon([(-0.85, 0.12), (0.05, -0.35), (0.4, -0.8), (0.55, -0.5), (0.12, -0.25), (-0.8, 0.22)])
    waves = combine(*(_arc(0.55, -0.65, r, r, -30, 120) for r in (0.25, 0.4)))
    risen = union(*(circle(x, 0.55, 0.11) for x in (-0.45, 0.0, 0.45)))
    ground = line(-0.9, 0.75, 0.9, 0.75)
    arms = combine(*(polyline([(x - 0.18, 0.3), (x, 0.45), (x + 0.18, 0.3)]) for x in (-0.45, 0.0, 0.45)))
    return Emblem(union(trumpet, risen), combine(waves, ground, arms))


def _world() -> Emblem:
    globe = combine(
        circle(0.0, 0.0, 0.5),
        ellipse(0.0, 0.0, 0.22, 0.5),
        line(-0.5, 0.0, 0.5, 0.0),
        _arc(0.0, -0.25, 0.43, 0.06, 0, 180),
        _arc(0.0, 0.25, 0.43, 0.06, 180, 180),
    )
    wreath = ellipse(0.0, 0.0, 0.72, 0.9)
    corners = union(*(star(x, y, 4, 0.14, 0.05) for x in (-0.82, 0.82) for y in (-0.85, 0.85)))
    return Emblem(corners, combine(globe, wreath))


_BUILDERS: tuple[Callable[[], Emblem], ...] = (
    _fool,
    _magician,
    _high_priestess,
    _empress,
    _emperor,
    _hierophant,
    _lovers,
    _chariot,
    _strength,
    _hermit,
    _wheel,
    _justice,
    _hanged_man,
    _death,
    _temperance,
    _devil,
    _tower,
    _star,
    _moon,
    _sun,
    _judgement,
    _world,
)


@cache
def major_emblem(number: int) -> Emblem:
    """The emblem of Major Arcana ``number`` (0 The Fool … 21 The World) in the unit box."""
    return _BUILDERS[number]()
