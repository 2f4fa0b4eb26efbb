"""The bundled card font loads once, is used for card text, and its absence degrades cleanly."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.resources import files

import pytest
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication

from rt0table.desktop.cards import card_size, fonts, paint_face
from rt0table.desktop.cards.fonts import CARD_FONT_FAMILY, FONT_FILES, card_font, load_card_fonts
from tests.desktop.cards.conftest import distinct_colours, render


@pytest.fixture
def fresh_fonts() -> Iterator[None]:
    fonts.reset_for_tests()
    yield
    fonts.reset_for_tests()
    load_card_fonts()


def test_the_font_files_ship_with_their_licence() -> None:
    folder = files("rt0table.assets").joinpath("fonts")
    for name in FONT_FILES:
        assert folder.joinpath(name).read_bytes()[:4] == b"OTTO"
    licence = folder.joinpath("OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence


def test_the_bundled_font_loads_and_card_text_uses_it(app: QApplication) -> None:
    assert load_card_fonts() == CARD_FONT_FAMILY
    assert load_card_fonts() == CARD_FONT_FAMILY  # a second call is a no-op
    bold, medium = QFontInfo(card_font(24)), QFontInfo(card_font(24, bold=False))
    assert bold.family() == medium.family() == "Jura"
    assert (bold.weight(), medium.weight()) == (700, 500)
    assert card_font(24).pixelSize() == 24


def test_a_missing_font_falls_back_to_the_platform_sans(
    app: QApplication, fresh_fonts: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(fonts, "FONT_FILES", ("Missing-Bold.otf",))
    assert load_card_fonts() is None
    assert "could not be read" in caplog.text
    assert card_font(20).family() != CARD_FONT_FAMILY
    image = render(lambda p, r: paint_face(p, r, 42), card_size(150))
    assert distinct_colours(image) > 12
