"""Where every part of the table goes, computed from the view's size: no fixed pixels anywhere.

One unit ``u`` (about a line of text) is derived from the window and multiplied by the UI scale; every
margin, font and card size is a multiple of it or a share of the window, so the same table fits a
laptop and a 4K screen, and HiDPI only changes how finely it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF

CARD_ASPECT = 70 / 120  # width / height of a tarot card


@dataclass(frozen=True)
class TableLayout:
    unit: float  # the base text size in logical pixels
    party: QRectF
    adversaries: QRectF
    status: QRectF  # the preview / message line above the bins
    bins: QRectF
    deck: QRectF
    hand: QRectF
    discard: QRectF
    grid: QRectF
    log: QRectF
    buttons: QRectF  # End Turn and Undo, apart from the bins
    card_height: float

    @property
    def card_width(self) -> float:
        return self.card_height * CARD_ASPECT


def table_layout(width: float, height: float, scale: float = 1.0, empty_discard: bool = False) -> TableLayout:
    """``empty_discard``: the discard pile holds nothing yet, so it keeps a narrow slot and the hand the width."""
    width, height = max(width, 320.0), max(height, 240.0)
    u = max(7.0, min(width / 105, height / 62) * scale)
    pad = u * 0.6
    side_w = min(max(width * 0.24, u * 16), width * 0.34)
    main = QRectF(pad, pad, width - side_w - 3 * pad, height - 2 * pad)
    side = QRectF(main.right() + pad, pad, side_w, height - 2 * pad)

    button_h = u * 2.6
    buttons = QRectF(side.x(), side.bottom() - 2 * button_h - pad, side.width(), 2 * button_h + pad)
    grid_side = min(side.width(), side.height() * 0.40)
    grid = QRectF(side.x() + (side.width() - grid_side) / 2, side.y(), grid_side, grid_side)
    log = QRectF(side.x(), grid.bottom() + pad, side.width(), buttons.top() - grid.bottom() - 2 * pad)

    top_h = main.height() * 0.31
    party = QRectF(main.x(), main.y(), main.width() * 0.30, top_h)
    adversaries = QRectF(party.right() + pad, main.y(), main.right() - party.right() - pad, top_h)
    status = QRectF(main.x(), adversaries.bottom() + pad, main.width(), u * 1.9)
    hand_h = main.height() * min(0.42, 0.34 * max(1.0, scale))  # a larger scale also means larger cards
    bins = QRectF(main.x(), status.bottom() + pad * 0.5, main.width(), main.bottom() - hand_h - status.bottom() - pad)
    hand_band = QRectF(main.x(), main.bottom() - hand_h, main.width(), hand_h)
    card_h = max(u * 3, hand_h - u * 1.8)
    pile_w = card_h * CARD_ASPECT + pad
    deck = QRectF(hand_band.x(), hand_band.y(), pile_w, hand_h)
    discard_w = u * 2.2 + pad if empty_discard else pile_w
    discard = QRectF(hand_band.right() - discard_w, hand_band.y(), discard_w, hand_h)
    hand = QRectF(deck.right() + pad, hand_band.y(), discard.left() - deck.right() - 2 * pad, hand_h)
    return TableLayout(u, party, adversaries, status, bins, deck, hand, discard, grid, log, buttons, card_h)
