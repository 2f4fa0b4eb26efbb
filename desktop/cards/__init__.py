"""Procedurally drawn tarot cards: faces, back, pixmap cache, font, zoom view.

Views should blit ``face_pixmap`` / ``back_pixmap`` rather than paint every frame; ``paint_face`` and
``paint_back`` are for one-off drawing (printing, exports, tests).
"""

from rt0table.desktop.cards.cache import back_pixmap, card_cache, face_pixmap
from rt0table.desktop.cards.card_layout import CARD_ASPECT, card_size
from rt0table.desktop.cards.describe import describe_card
from rt0table.desktop.cards.face import paint_back, paint_face
from rt0table.desktop.cards.fonts import card_font, load_card_fonts
from rt0table.desktop.cards.zoom import CardZoomView, ZoomTrigger

__all__ = [
    "CARD_ASPECT",
    "CardZoomView",
    "ZoomTrigger",
    "back_pixmap",
    "card_cache",
    "card_font",
    "card_size",
    "describe_card",
    "face_pixmap",
    "load_card_fonts",
    "paint_back",
    "paint_face",
]
