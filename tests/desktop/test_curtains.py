"""Every game's curtain holds under every key: the shared sweep (tests/helpers/curtain_sweep.py) over each curtain
moment each game supplies (tests/helpers/curtain_moments.py)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from tests.helpers.curtain_moments import MOMENTS, Reach
from tests.helpers.curtain_sweep import sweep

REACHES = [pytest.param(reach, id=f"{folder}-{reach.__name__}") for folder, found in MOMENTS.items() for reach in found]


@pytest.mark.parametrize("reach", REACHES)
def test_no_key_but_its_own_lifts_the_curtain_and_nothing_private_shows(qtbot: QtBot, reach: Reach) -> None:
    moment = reach(qtbot)
    try:
        sweep(qtbot, moment)
    finally:  # the test mouse's button state is process-wide
        QTest.mouseRelease(moment.view.viewport(), Qt.MouseButton.LeftButton)
