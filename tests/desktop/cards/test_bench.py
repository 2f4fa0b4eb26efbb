"""The card-face benchmark still runs (its figures are read by people, never asserted)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from bench import card_faces


def test_the_benchmark_runs_and_reports_both_figures(qapp: QApplication, capsys: pytest.CaptureFixture[str]) -> None:
    card_faces.main(["--repeats", "2"])
    out = capsys.readouterr().out
    assert "paint one face uncached" in out and "blit a cached 7-card hand" in out
