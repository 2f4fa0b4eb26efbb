"""Whether every page of the compact oracle is whole where it is shown: no page wider than its view (the pages never
scroll sideways, so a wider one would be cut off), and every shown button inside the given frame's width."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QApplication, QScrollArea, QWidget

from rt0table.desktop.solo.oracle_panel import OraclePanel


def whole_pages(panel: OraclePanel, frame: QWidget) -> None:
    tabs = panel.tabs
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        QApplication.processEvents()
        page = tabs.widget(index)
        if isinstance(page, QScrollArea):
            inner = page.widget()
            assert inner.minimumSizeHint().width() <= page.viewport().width(), tabs.tabText(index)
            assert inner.width() <= page.viewport().width(), tabs.tabText(index)
        for button in panel.findChildren(QAbstractButton):
            if button.isVisible():
                left = button.mapTo(frame, button.rect().topLeft()).x()
                right = button.mapTo(frame, button.rect().topRight()).x()
                assert left >= 0 and right < frame.width(), (tabs.tabText(index), button.text(), left, right)
                assert button.width() >= button.minimumSizeHint().width(), button.text()
    tabs.setCurrentIndex(0)
