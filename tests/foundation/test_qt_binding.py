"""Regression: some PySide6/CPython pairs lose a reference to None on every void call."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

VOID_CALLS = 200_000


def test_void_qt_calls_keep_none_refcount(qtbot: QtBot) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    before = sys.getrefcount(None)
    for _ in range(VOID_CALLS // 2):
        widget.setEnabled(True)
        widget.setToolTip("")
    drift = before - sys.getrefcount(None)
    # A broken binding drifts by ~VOID_CALLS; a healthy one by a handful at most.
    assert abs(drift) < 1_000, f"None lost {drift} references over {VOID_CALLS} void calls"
