"""The oracle tab of a seam table played solo (Moon's Grave's is the narrowest, 288 px at 1024x640): its pages are
whole there, neither cut off on the right (the Oracle page asked 369 px) nor scrolled sideways."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QScrollArea
from pytestqt.qtbot import QtBot

from rt0table.desktop.solo.oracle_panel import OraclePanel
from tests.helpers.mg_tables import mg_table
from tests.helpers.oracle_pages import whole_pages


@pytest.mark.usefixtures("themed")
def test_moons_graves_oracle_tab_shows_every_page_whole_at_1024x640(qtbot: QtBot) -> None:
    game = mg_table(qtbot, size=(1024, 640))
    panel = game.screen.oracle
    assert isinstance(panel, OraclePanel)
    holder = game.screen.tabs.widget(game.screen.tabs.count() - 1)
    assert isinstance(holder, QScrollArea) and holder.widget() is panel
    game.screen.tabs.setCurrentWidget(holder)
    QApplication.processEvents()
    assert panel.minimumSizeHint().width() <= holder.viewport().width()
    assert not holder.horizontalScrollBar().isVisible()
    whole_pages(panel, holder.viewport())
