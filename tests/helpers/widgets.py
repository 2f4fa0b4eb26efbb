"""Clicks, names and screenshots for widget tests."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QRadioButton,
    QSpinBox,
    QStyle,
    QStyleOptionButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

SCREENSHOTS = Path(__file__).resolve().parents[1] / "screenshots"


LEFT = Qt.MouseButton.LeftButton


def shoot(widget: QWidget, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    widget.grab().save(str(SCREENSHOTS / f"{name}.png"))


def click(qtbot: QtBot, widget: QWidget) -> None:
    """Click a push button in its middle, a radio button or check box on its indicator (left end)."""
    if isinstance(widget, QRadioButton | QCheckBox):
        spot = QPoint(widget.height() // 2, widget.height() // 2)
    else:
        spot = widget.rect().center()
    qtbot.mouseClick(widget, LEFT, pos=spot)


def named(parent: QWidget, name: str) -> QWidget:
    found = parent.findChild(QWidget, name)
    assert found is not None, name
    return found


def shoot_widget(widget, name: str) -> None:  # type: ignore[no-untyped-def]
    SCREENSHOTS.mkdir(exist_ok=True)
    assert widget.grab().save(str(SCREENSHOTS / f"{name}.png"))


def tick_box(qtbot: QtBot, box: QCheckBox) -> None:
    option = QStyleOptionButton()
    box.initStyleOption(option)
    spot = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box).center()
    before = box.isChecked()
    qtbot.mouseClick(box, LEFT, pos=spot)
    assert box.isChecked() is not before


def set_spin(qtbot: QtBot, spin: QSpinBox, value: int) -> None:
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), str(value))
    assert spin.value() == value
