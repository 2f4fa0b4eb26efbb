"""Paint a card face or the card back with QPainter: the cassette-futurist moon-base look.

A card is a slab of beige console plastic. Its header carries the rank (big, top left, where a fanned
hand leaves it visible) over the suit glyph, and a cassette-label strip with the suit name (or the
Major's Roman numeral) over three suit-coloured stripes. Below sits a navy CRT screen with a lunar
horizon, where the pips, court headgear or Major emblem glow in the suit's phosphor colour. The footer
names the card. The back is the moon over a perspective grid, crossed by the same stripes.
"""

from __future__ import annotations

import math
import random

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)

from rt0table.desktop.cards import palette
from rt0table.desktop.cards.card_layout import Detail, Frame, fit_card
from rt0table.desktop.cards.emblems import major_emblem
from rt0table.desktop.cards.geometry import fit_path_transform, fit_transform
from rt0table.desktop.cards.glyphs import court_headgear, suit_glyph
from rt0table.desktop.cards.pips import PIP_LAYOUTS, pip_size
from rt0table.desktop.cards.text import draw_fitted, draw_tight
from rt0table.rules.rt0.cards import CARDS, Card, CardId

COURT_ABBREVIATIONS = {1: "A", 11: "P", 12: "Kn", 13: "Q", 14: "K"}


def rank_marks(card: Card) -> tuple[str, str]:
    """The big corner mark and the small value beside it: ('Kn', '12'), ('A', '1'), ('7', ''), ('16', '')."""
    if card.is_major or card.value not in COURT_ABBREVIATIONS:
        return str(card.value), ""
    return COURT_ABBREVIATIONS[card.value], str(card.value)


def paint_face(painter: QPainter, rect: QRectF, card_id: CardId) -> None:
    """Draw the face of ``card_id`` as the largest 7:12 card centred in ``rect`` (logical pixels)."""
    card = CARDS[card_id]
    box = fit_card(QRectF(rect))
    frame = Frame(box.width(), box.height())
    tones = palette.SUIT_TONES[card.suit]
    painter.save()
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    painter.translate(box.topLeft())
    _paint_body(painter, frame)
    _paint_index(painter, frame, card)
    _paint_label(painter, frame, card)
    _paint_screen(painter, frame, seed=card_id)
    painter.save()
    painter.setClipPath(_screen_path(frame))
    if card.is_major:
        _paint_emblem(painter, frame, card.value, tones.glow)
    else:
        _paint_minor_screen(painter, frame, card, tones.glow)
    painter.restore()
    _paint_screen_glass(painter, frame)
    _paint_footer(painter, frame, card)
    painter.restore()


# The body and the header -------------------------------------------------------------------------


def _body_path(frame: Frame) -> QPainterPath:
    half = frame.edge / 2
    path = QPainterPath()
    path.addRoundedRect(QRectF(half, half, frame.w - frame.edge, frame.h - frame.edge), frame.radius, frame.radius)
    return path


def _paint_body(painter: QPainter, frame: Frame) -> None:
    shade = QLinearGradient(0, 0, 0, frame.h)
    shade.setColorAt(0.0, palette.BODY)
    shade.setColorAt(1.0, palette.BODY_SHADE)
    painter.setPen(QPen(palette.EDGE, frame.edge))
    painter.setBrush(QBrush(shade))
    painter.drawPath(_body_path(frame))


def _paint_index(painter: QPainter, frame: Frame, card: Card) -> None:
    """The rank, big, in the top-left corner, with the suit glyph and any court value beside or under it."""
    tones = palette.SUIT_TONES[card.suit]
    big, small = rank_marks(card)
    if frame.detail is Detail.TINY:
        _paint_tiny_index(painter, frame, card, big, small)
        return
    cap = frame.w * 0.155
    left, top = frame.margin, frame.margin * 0.85
    big_box = draw_tight(painter, big, cap, tones.ink, QPointF(left, top), max_width=frame.w * 0.3, heavy=True)
    if small:
        draw_tight(painter, small, cap * 0.45, tones.ink, QPointF(big_box.right() + frame.w * 0.02, top))
    glyph_size = frame.w * 0.16
    glyph_box = QRectF(left, big_box.bottom() + frame.w * 0.03, glyph_size * 0.8, glyph_size)
    _fill_glyph(painter, suit_glyph(card.suit), glyph_box, tones.ink)


def _paint_tiny_index(painter: QPainter, frame: Frame, card: Card, big: str, small: str) -> None:
    """Tiny cards: the biggest rank the header holds on the left, glyph top right, court value under it."""
    tones = palette.SUIT_TONES[card.suit]
    top = frame.margin * 0.9
    right = frame.w - frame.margin
    column = frame.w * 0.3
    draw_tight(
        painter,
        big,
        frame.w * 0.3,
        tones.ink,
        QPointF(frame.margin, top),
        max_width=right - column - frame.margin - frame.w * 0.07,
        heavy=True,
    )
    glyph_box = QRectF(right - column, top, column, column)
    _fill_glyph(painter, suit_glyph(card.suit), glyph_box, tones.ink)
    if small:
        draw_tight(
            painter,
            small,
            frame.w * 0.13,
            tones.ink,
            QPointF(right, glyph_box.bottom() + frame.w * 0.05),
            align_right=True,
        )


def _paint_label(painter: QPainter, frame: Frame, card: Card) -> None:
    """The cassette-label strip: suit name or Roman numeral, then three stripes (tiny cards: stripes only)."""
    tones = palette.SUIT_TONES[card.suit]
    right = frame.w - frame.margin
    if frame.detail is Detail.TINY:
        _paint_stripes(
            painter,
            QRectF(
                frame.margin,
                frame.screen.bottom() + frame.w * 0.03,
                frame.w - 2 * frame.margin,
                frame.w * 0.06,
            ),
            tones.stripes,
        )
        return
    left = frame.w * (0.46 if card.is_major else 0.52)  # clear of "Kn¹²", the widest Minor index
    top = frame.margin * 0.85
    text = card.rank_name if card.is_major else card.suit.value.upper()
    cap = frame.w * (0.1 if card.is_major else 0.062)
    label = draw_tight(painter, text, cap, tones.ink, QPointF(right, top), max_width=right - left, align_right=True)
    stripe_top = max(label.bottom(), top + frame.w * 0.1) + frame.w * 0.035
    _paint_stripes(painter, QRectF(left, stripe_top, right - left, frame.w * 0.085), tones.stripes)


def _paint_stripes(painter: QPainter, box: QRectF, colours: tuple[QColor, QColor, QColor]) -> None:
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    band = box.height() / 3.6
    for i, colour in enumerate(colours):
        painter.setBrush(colour)
        painter.drawRect(QRectF(box.left(), box.top() + i * band * 1.3, box.width(), band))
    painter.restore()


def _fill_glyph(painter: QPainter, glyph: QPainterPath, box: QRectF, colour: QColor) -> None:
    painter.save()
    painter.setTransform(fit_path_transform(glyph, box), True)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPath(glyph)
    painter.restore()


# The screen --------------------------------------------------------------------------------------


def _screen_path(frame: Frame) -> QPainterPath:
    path = QPainterPath()
    radius = frame.w * 0.05
    path.addRoundedRect(frame.screen, radius, radius)
    return path


def _paint_screen(painter: QPainter, frame: Frame, seed: int) -> None:
    """The dark glass, a faint starfield and the lunar horizon at its foot."""
    screen = frame.screen
    glass = QRadialGradient(screen.center(), max(screen.width(), screen.height()) * 0.7)
    glass.setColorAt(0.0, palette.SCREEN_LIGHT)
    glass.setColorAt(1.0, palette.SCREEN)
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(glass))
    painter.drawPath(_screen_path(frame))
    painter.setClipPath(_screen_path(frame))
    if frame.detail is not Detail.TINY:
        # Stars placed by the card id, so every face is stable across runs and sizes.
        rng = random.Random(seed)
        star_colour = QColor(255, 255, 255, 70)
        painter.setBrush(star_colour)
        for _ in range(14 if frame.detail is Detail.FULL else 8):
            x = screen.left() + rng.random() * screen.width()
            y = screen.top() + rng.random() * screen.height() * 0.8
            r = frame.w * (0.004 + rng.random() * 0.006)
            painter.drawEllipse(QPointF(x, y), r, r)
    horizon = QPainterPath()
    horizon.addEllipse(
        QPointF(screen.center().x() - screen.width() * 0.2, screen.bottom() + screen.width() * 1.15),
        screen.width() * 1.3,
        screen.width() * 1.25,
    )
    painter.setBrush(palette.LUNAR_SURFACE)
    painter.drawPath(horizon)
    if frame.detail is not Detail.TINY:
        painter.setBrush(QColor(0, 0, 0, 45))
        crater_y = screen.bottom() - screen.height() * 0.045
        painter.drawEllipse(QPointF(screen.left() + screen.width() * 0.72, crater_y), frame.w * 0.05, frame.w * 0.012)
    painter.restore()


def _paint_screen_glass(painter: QPainter, frame: Frame) -> None:
    """Scanlines and the bezel, over the content, so the glow reads as being behind glass."""
    painter.save()
    painter.setClipPath(_screen_path(frame))
    if frame.detail is Detail.FULL:
        painter.setPen(QPen(QColor(0, 0, 0, 38), max(1.0, frame.w * 0.004)))
        step = max(3.0, frame.w * 0.014)
        y = frame.screen.top()
        while y < frame.screen.bottom():
            painter.drawLine(QPointF(frame.screen.left(), y), QPointF(frame.screen.right(), y))
            y += step
    painter.restore()
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(palette.SCREEN_RIM, max(1.0, frame.w * 0.014)))
    painter.drawPath(_screen_path(frame))


def _paint_halo(painter: QPainter, paths: tuple[QPainterPath, ...], width: float, colour: QColor) -> None:
    """Phosphor bloom: a wide faint stroke under a narrower, brighter one, so the edge fades, not steps."""
    for pen_width, alpha in ((width, 26), (width * 0.55, 48)):
        halo = QColor(colour)
        halo.setAlpha(alpha)
        painter.setPen(QPen(halo, pen_width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for path in paths:
            painter.drawPath(path)


def _glow_fill(painter: QPainter, path: QPainterPath, box: QRectF, colour: QColor, frame: Frame) -> None:
    """Fill a unit-box path in phosphor colour with a soft halo (the halo is dropped on tiny cards)."""
    painter.save()
    transform = fit_path_transform(path, box)
    painter.setTransform(transform, True)
    unit = 1.0 / max(transform.m11(), 1e-6)  # one logical pixel in path coordinates
    if frame.detail is not Detail.TINY:
        _paint_halo(painter, (path,), unit * frame.w * 0.03, colour)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPath(path)
    painter.restore()


def _paint_minor_screen(painter: QPainter, frame: Frame, card: Card, glow: QColor) -> None:
    content = frame.content_box()
    glyph = suit_glyph(card.suit)
    if card.value > 10:
        _paint_court(painter, frame, card, glow, content)
        return
    if card.value == 1 or frame.detail is Detail.TINY:
        # Tiny cards show one big glyph: ten pips at 60 px are noise, and the rank is in the corner.
        if card.value == 1:
            _paint_scope(painter, content, glow, frame)
        side = min(content.width(), content.height()) * (0.5 if card.value == 1 else 0.8)
        centre = content.center()
        _glow_fill(painter, glyph, QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side), glow, frame)
        return
    size = pip_size(content.width(), content.height(), card.value)
    # Stroking a halo is most of a face's cost, and every pip on a card is identical: paint one pip
    # into a sprite at the device's resolution and stamp it (a 10 drops from ~30 ms to ~4 ms).
    pad = frame.w * 0.03
    sprite = _pip_sprite(glyph, size, pad, glow, frame, _device_scale(painter))
    for fx, fy in PIP_LAYOUTS[card.value]:
        x = content.left() + fx * content.width()
        y = content.top() + size / 2 + fy * (content.height() - size)
        painter.drawImage(QPointF(x - size / 2 - pad, y - size / 2 - pad), sprite)


def _device_scale(painter: QPainter) -> float:
    """Device pixels per logical unit where the painter draws (dpr times any scaling transform)."""
    device = painter.device()
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    transform = painter.worldTransform()
    return dpr * max(math.hypot(transform.m11(), transform.m12()), 1e-6)


def _pip_sprite(glyph: QPainterPath, size: float, pad: float, glow: QColor, frame: Frame, scale: float) -> QImage:
    side = size + 2 * pad
    sprite = QImage(math.ceil(side * scale), math.ceil(side * scale), QImage.Format.Format_ARGB32_Premultiplied)
    sprite.setDevicePixelRatio(scale)
    sprite.fill(Qt.GlobalColor.transparent)
    stamp = QPainter(sprite)
    stamp.setRenderHint(QPainter.RenderHint.Antialiasing)
    _glow_fill(stamp, glyph, QRectF(pad, pad, size, size), glow, frame)
    stamp.end()
    return sprite


def _paint_scope(painter: QPainter, content: QRectF, glow: QColor, frame: Frame) -> None:
    """The Ace's radar scope: rings and ticks around one big glyph."""
    painter.save()
    ring = QColor(glow)
    ring.setAlpha(110)
    painter.setPen(QPen(ring, max(1.0, frame.w * 0.008)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    centre = content.center()
    radius = min(content.width(), content.height()) * 0.48
    for fraction in (0.55, 0.8, 1.0) if frame.detail is not Detail.TINY else (1.0,):
        painter.drawEllipse(centre, radius * fraction, radius * fraction)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        painter.drawLine(
            QPointF(centre.x() + dx * radius * 0.9, centre.y() + dy * radius * 0.9),
            QPointF(centre.x() + dx * radius * 1.08, centre.y() + dy * radius * 1.08),
        )
    painter.restore()


def _paint_court(painter: QPainter, frame: Frame, card: Card, glow: QColor, content: QRectF) -> None:
    """A court card: its headgear (cap, helmet, tiara, crown) over the suit glyph."""
    side = min(content.width(), content.height() * 0.5)
    hat = QRectF(content.center().x() - side / 2, content.top() + content.height() * 0.02, side, side)
    glyph_side = side * 0.9
    glyph = QRectF(
        content.center().x() - glyph_side / 2,
        content.bottom() - glyph_side - content.height() * 0.02,
        glyph_side,
        glyph_side,
    )
    _glow_fill(painter, court_headgear(card.value), hat, glow, frame)
    _glow_fill(painter, suit_glyph(card.suit), glyph, glow, frame)


def _paint_emblem(painter: QPainter, frame: Frame, number: int, glow: QColor) -> None:
    """A Major's emblem: solid parts filled, line parts stroked, both with a phosphor halo."""
    emblem = major_emblem(number)
    content = frame.content_box()
    painter.save()
    transform = fit_transform(content)
    painter.setTransform(transform, True)
    unit = 1.0 / max(transform.m11(), 1e-6)
    stroke = max(unit * 1.2, 0.085 if frame.detail is Detail.TINY else 0.055)
    caps = (Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    if frame.detail is not Detail.TINY:
        _paint_halo(painter, (emblem.lines, emblem.solid), stroke * 3.4, glow)
    painter.setPen(QPen(glow, stroke, *caps))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(emblem.lines)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(glow)
    painter.drawPath(emblem.solid)
    painter.restore()


def _paint_footer(painter: QPainter, frame: Frame, card: Card) -> None:
    """The card's name under the screen; tiny cards have no room for a legible name and skip it."""
    if frame.detail is Detail.TINY:
        return
    draw_fitted(painter, card.name.upper(), frame.footer, frame.w * 0.085, palette.INK, min_px=7.0)


# The back ----------------------------------------------------------------------------------------


def paint_back(painter: QPainter, rect: QRectF) -> None:
    """Draw the card back (the same for every card) as the largest 7:12 card centred in ``rect``."""
    box = fit_card(QRectF(rect))
    frame = Frame(box.width(), box.height())
    w, h = frame.w, frame.h
    painter.save()
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    painter.translate(box.topLeft())
    _paint_body(painter, frame)
    field = QRectF(frame.margin, frame.margin, w - 2 * frame.margin, h - 2 * frame.margin)
    field_path = QPainterPath()
    field_path.addRoundedRect(field, w * 0.05, w * 0.05)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(palette.BACK_FIELD)
    painter.drawPath(field_path)
    painter.save()
    painter.setClipPath(field_path)
    horizon_y = field.top() + field.height() * 0.64
    _paint_grid(painter, field, horizon_y, frame)
    _paint_moon(painter, QPointF(field.center().x(), field.top() + field.height() * 0.4), w * 0.26, frame)
    stripe_h = w * 0.13
    _paint_stripes(
        painter,
        QRectF(field.left(), horizon_y - stripe_h * 0.5, field.width(), stripe_h),
        palette.BACK_STRIPES,
    )
    painter.restore()
    title = QRectF(field.left(), field.top() + w * 0.04, field.width(), w * 0.16)
    draw_fitted(painter, "RT:0", title, w * 0.15, palette.BODY, min_px=6.0)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(palette.SCREEN_RIM, max(1.0, w * 0.014)))
    painter.drawPath(field_path)
    painter.restore()


def _paint_grid(painter: QPainter, field: QRectF, horizon_y: float, frame: Frame) -> None:
    """A perspective grid on the plain below the horizon: 1980s computer graphics of the Moon."""
    painter.setPen(QPen(palette.BACK_GRID, max(1.0, frame.w * 0.008)))
    cx = field.center().x()
    lines = 6 if frame.detail is Detail.TINY else 10
    for i in range(-lines, lines + 1):
        painter.drawLine(
            QPointF(cx + i * field.width() * 0.04, horizon_y),
            QPointF(cx + i * field.width() * 0.28, field.bottom()),
        )
    depth = field.bottom() - horizon_y
    for i in range(1, 6 if frame.detail is Detail.TINY else 9):
        y = horizon_y + depth * (i / 8) ** 1.8
        painter.drawLine(QPointF(field.left(), y), QPointF(field.right(), y))


def _paint_moon(painter: QPainter, centre: QPointF, radius: float, frame: Frame) -> None:
    painter.save()
    painter.setPen(QPen(palette.BACK_GRID, max(1.0, frame.w * 0.008)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, radius * 1.55, radius * 0.42)  # an orbit ring
    shade = QRadialGradient(QPointF(centre.x() - radius * 0.35, centre.y() - radius * 0.35), radius * 1.4)
    shade.setColorAt(0.0, palette.BACK_MOON)
    shade.setColorAt(1.0, palette.BACK_MOON_SHADOW)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(shade))
    painter.drawEllipse(centre, radius, radius)
    painter.setBrush(QColor(0, 0, 0, 40))
    craters = (
        (-0.35, -0.2, 0.22),
        (0.3, 0.25, 0.3),
        (0.15, -0.45, 0.12),
        (-0.3, 0.45, 0.14),
        (0.5, -0.1, 0.1),
    )
    for dx, dy, r in craters[: 3 if frame.detail is Detail.TINY else 5]:
        painter.drawEllipse(QPointF(centre.x() + dx * radius, centre.y() + dy * radius), r * radius, r * radius)
    painter.restore()
