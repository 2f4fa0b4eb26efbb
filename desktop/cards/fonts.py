"""The bundled card font (Jura, SIL OFL 1.1; see assets/fonts/README.md), loaded once.

Qt ships no fonts and a bare Linux box may offer only a fallback, so the faces would render differently
on every machine; registering our own file makes card text identical everywhere. The font is read as
bytes through the bundled-file loader (assets/bundled.py) so it also works from a zip or a frozen bundle.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QFont, QFontDatabase

from rt0table.assets.bundled import bundled_bytes

log = logging.getLogger(__name__)

CARD_FONT_FAMILY = "Jura"
FONT_FILES = ("Jura-Bold.otf", "Jura-Medium.otf")

_loaded_family: str | None = None
_attempted = False


def load_card_fonts() -> str | None:
    """Register the bundled font files with Qt once; return the family name, or None if none loaded.

    Needs a QGuiApplication. A failure is logged once and the faces fall back to the platform sans.
    """
    global _loaded_family, _attempted
    if _attempted:
        return _loaded_family
    _attempted = True
    for name in FONT_FILES:
        try:
            data = bundled_bytes("fonts", name)
        except OSError as error:
            log.warning("card font %s could not be read (%s); using the platform font", name, error)
            continue
        font_id = QFontDatabase.addApplicationFontFromData(QByteArray(data))
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        if CARD_FONT_FAMILY in families:
            _loaded_family = CARD_FONT_FAMILY
        else:
            log.warning("Qt refused the card font %s; using the platform font", name)
    return _loaded_family


def card_font(pixel_size: float, bold: bool = True) -> QFont:
    """The card font at a pixel size (logical pixels), falling back to the platform sans-serif."""
    family = load_card_fonts()
    font = QFont(family) if family else QFont()
    if not family:
        font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(max(1, round(pixel_size)))
    font.setWeight(QFont.Weight.Bold if bold else QFont.Weight.Medium)
    # Faces are cached pixmaps at many sizes: hinting would make the glyph widths jump between sizes.
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def reset_for_tests() -> None:
    """Forget the load attempt so a test can exercise the fallback path."""
    global _loaded_family, _attempted
    _loaded_family = None
    _attempted = False
