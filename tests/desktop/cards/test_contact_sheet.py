"""Write contact sheets of all 78 faces plus the back, for a person to look at (tests/screenshots/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from rt0table.desktop.cards import back_pixmap, card_size, face_pixmap
from rt0table.rules.rt0.cards import ALL_IDS

TABLE_GREEN = QColor("#2f4a3a")


def contact_sheet(width: int, columns: int, dpr: float = 1.0) -> QImage:
    size = card_size(width)
    gap = max(4, width // 20)
    cells = [*ALL_IDS, None]  # None: the back, last
    rows = -(-len(cells) // columns)
    sheet = QImage(
        round((columns * (size.width() + gap) + gap) * dpr),
        round((rows * (size.height() + gap) + gap) * dpr),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    sheet.setDevicePixelRatio(dpr)
    sheet.fill(TABLE_GREEN)
    painter = QPainter(sheet)
    for index, card_id in enumerate(cells):
        pixmap = back_pixmap(size, dpr) if card_id is None else face_pixmap(card_id, size, dpr)
        column, row = index % columns, index // columns
        painter.drawPixmap(gap + column * (size.width() + gap), gap + row * (size.height() + gap), pixmap)
    painter.end()
    return sheet


@pytest.mark.parametrize(
    ("name", "width", "columns", "dpr"),
    [
        ("card_faces.png", 120, 13, 1.0),
        ("card_faces_small.png", 60, 20, 1.0),
        ("card_faces_small_hidpi.png", 60, 20, 2.0),
    ],
)
def test_write_contact_sheet(
    qapp: QApplication, screenshots: Path, name: str, width: int, columns: int, dpr: float
) -> None:
    sheet = contact_sheet(width, columns, dpr)
    target = screenshots / name
    assert sheet.save(str(target))
    assert target.stat().st_size > 10_000
