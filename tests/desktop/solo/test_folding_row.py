"""The drawer's folding rows: side by side while every control has its preferred width, stacked below that, and
back again when the drawer widens; never narrower than its widest control."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QPushButton, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.solo.folding_row import FoldingRow


def test_a_row_stacks_when_narrow_and_unfolds_when_wide(qtbot: QtBot) -> None:
    long, short = QPushButton("Spend it: No becomes No, but…"), QPushButton("Drop it")
    row = FoldingRow(long, short, stretch=(1, 0))
    host = QWidget()
    QVBoxLayout(host).addWidget(row)
    qtbot.addWidget(host)
    wide = row.wide_width()
    assert row.minimumSizeHint().width() == long.minimumSizeHint().width() < wide
    host.resize(wide + 40, 200)
    host.show()
    QApplication.processEvents()
    assert not row.stacked and long.y() == short.y() and short.geometry().right() < row.width()
    host.resize(wide - 40, 200)
    QApplication.processEvents()
    assert row.stacked and short.y() > long.y() and long.width() >= long.minimumSizeHint().width()
    assert row.height() >= long.height() + short.height()  # the column made room for the second line
    host.resize(wide + 40, 200)
    QApplication.processEvents()
    assert not row.stacked and long.y() == short.y()
    short.hide()  # a hidden control takes no width
    assert row.wide_width() == max(long.sizeHint().width(), long.minimumSizeHint().width())
