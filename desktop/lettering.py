"""The type and labels every game's screens share: a font scaled from the user's, a wrapping label, what is wrong
shown in red, what is left to choose in grey."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel

PROBLEM_STYLE = "color: #e5534b;"  # readable on the dark theme and on a light one
HINT_STYLE = "color: palette(mid);"
OK_STYLE = "color: #3fb950;"


def scaled_font(base: QFont, factor: float, bold: bool = False) -> QFont:
    """A copy of ``base`` scaled by ``factor``, so sizes follow the user's font settings."""
    font = QFont(base)
    font.setPointSizeF(font.pointSizeF() * factor)
    font.setBold(bold)
    return font


def wrapped_label(name: str = "", style: str = "") -> QLabel:
    """An empty word-wrapping label, named for tests and styled when asked."""
    label = QLabel()
    if name:
        label.setObjectName(name)
    label.setWordWrap(True)
    if style:
        label.setStyleSheet(style)
    return label


def problem_label(name: str) -> QLabel:
    """A label that shows what is wrong with one field, right under it."""
    label = QLabel()
    label.setObjectName(f"problem-{name}")
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def show_problems(label: QLabel, messages: list[str], hints: list[str], done: str = "") -> None:
    """Broken rules in red; choices still to make in grey; a quiet tick when all is well."""
    if messages:
        label.setStyleSheet(PROBLEM_STYLE)
        label.setText("\n".join(f"✗ {m}" for m in messages))
    elif hints:
        label.setStyleSheet(HINT_STYLE)
        label.setText("\n".join(hints))
    else:
        label.setStyleSheet(OK_STYLE)
        label.setText(done)
