"""Helpers for the card tests: render to images, measure whether an image shows anything."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def render(paint: Callable[[QPainter, QRectF], None], size: QSize) -> QImage:
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, size.width(), size.height()))
    painter.end()
    return image


def distinct_colours(image: QImage, step: int = 3) -> int:
    colours = {image.pixel(x, y) for y in range(0, image.height(), step) for x in range(0, image.width(), step)}
    return len(colours)


def bright_share(image: QImage, area: QRectF, step: int = 3) -> float:
    """Share of pixels in ``area`` bright enough to be phosphor on the dark screen, sampled every ``step``."""
    lit = total = 0
    for y in range(int(area.top()), int(area.bottom()), step):
        for x in range(int(area.left()), int(area.right()), step):
            total += 1
            if QColor(image.pixel(x, y)).valueF() > 0.55:
                lit += 1
    return lit / max(total, 1)


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def app(qapp: QApplication) -> QApplication:
    return qapp
