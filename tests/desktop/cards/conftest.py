"""Helpers for the card tests: render to images, measure whether an image shows anything."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


def render(paint: Callable[[QPainter, QRectF], None], size: QSize) -> QImage:
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    paint(painter, QRectF(0, 0, size.width(), size.height()))
    painter.end()
    return image


def pixels(image: QImage) -> np.ndarray:
    """The image's 32-bit pixels as rows and columns (numpy: the per-pixel loops cost seconds at full size)."""
    words = np.frombuffer(image.constBits(), dtype=np.uint32).reshape(image.height(), image.bytesPerLine() // 4)
    return words[:, : image.width()]


def distinct_colours(image: QImage, step: int = 3) -> int:
    return len(np.unique(pixels(image)[::step, ::step]))


def bright_share(image: QImage, area: QRectF, step: int = 3) -> float:
    """Share of pixels in ``area`` bright enough to be phosphor on the dark screen, sampled every ``step``."""
    top, bottom, left, right = int(area.top()), int(area.bottom()), int(area.left()), int(area.right())
    sampled = pixels(image)[top:bottom:step, left:right:step]
    brightest = np.maximum(np.maximum((sampled >> 16) & 255, (sampled >> 8) & 255), sampled & 255)
    return float((brightest > 0.55 * 255).sum()) / max(sampled.size, 1)


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def app(qapp: QApplication) -> QApplication:
    return qapp
