"""Every face renders at every size, shows something, and no two cards look alike."""

from __future__ import annotations

import hashlib

import pytest
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from rt0table.desktop.cards import card_size, paint_back, paint_face
from rt0table.desktop.cards.card_layout import Frame
from rt0table.desktop.cards.emblems import major_emblem
from rt0table.desktop.cards.face import rank_marks
from rt0table.rules.rt0.cards import ALL_IDS, CARDS, by_name
from tests.desktop.cards.conftest import bright_share, distinct_colours, render

WIDTHS = (60, 150, 400)  # one per detail level: tiny, small, full


def face_image(card_id: int, width: int) -> QImage:
    return render(lambda p, r: paint_face(p, r, card_id), card_size(width))


def digest(image: QImage) -> str:
    return hashlib.sha256(bytes(image.constBits())).hexdigest()


@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_renders_and_is_not_blank(app: QApplication, width: int) -> None:
    for card_id in ALL_IDS:
        image = face_image(card_id, width)
        assert not image.isNull()
        assert distinct_colours(image) > 12, f"{CARDS[card_id]} at {width}px looks blank"
        screen = Frame(image.width(), image.height()).content_box()
        assert bright_share(image, screen) > 0.012, f"{CARDS[card_id]} at {width}px has nothing on its screen"


@pytest.mark.parametrize("width", WIDTHS)
def test_no_two_faces_are_alike_and_none_looks_like_the_back(app: QApplication, width: int) -> None:
    digests = {digest(face_image(card_id, width)): card_id for card_id in ALL_IDS}
    assert len(digests) == len(ALL_IDS)
    assert digest(render(paint_back, card_size(width))) not in digests


def test_two_different_cards_differ_in_many_pixels(app: QApplication) -> None:
    seven_of_cups, seven_of_swords = (
        face_image(by_name("7 of Cups"), 150),
        face_image(by_name("7 of Swords"), 150),
    )
    differing = sum(
        seven_of_cups.pixel(x, y) != seven_of_swords.pixel(x, y)
        for y in range(0, seven_of_cups.height(), 2)
        for x in range(0, seven_of_cups.width(), 2)
    )
    assert differing > 0.05 * seven_of_cups.width() * seven_of_cups.height() / 4


def test_every_major_has_its_own_emblem_shape() -> None:
    outlines = set()
    for number in range(22):
        emblem = major_emblem(number)
        assert not (emblem.solid.isEmpty() and emblem.lines.isEmpty()), f"Major {number} has no emblem"
        bounds = emblem.solid.boundingRect().united(emblem.lines.boundingRect())
        assert bounds.left() >= -1.05 and bounds.right() <= 1.05, f"Major {number} leaves the unit box"
        assert bounds.top() >= -1.05 and bounds.bottom() <= 1.05, f"Major {number} leaves the unit box"
        outlines.add((emblem.solid.elementCount(), emblem.lines.elementCount(), round(emblem.solid.length(), 3)))
    assert len(outlines) == 22


def test_corner_marks_show_rank_and_the_value_rules_add() -> None:
    assert rank_marks(CARDS[by_name("Ace of Wands")]) == ("A", "1")
    assert rank_marks(CARDS[by_name("7 of Cups")]) == ("7", "")
    assert rank_marks(CARDS[by_name("Page of Swords")]) == ("P", "11")
    assert rank_marks(CARDS[by_name("Knight of Pentacles")]) == ("Kn", "12")
    assert rank_marks(CARDS[by_name("Queen of Cups")]) == ("Q", "13")
    assert rank_marks(CARDS[by_name("King of Wands")]) == ("K", "14")
    assert rank_marks(CARDS[by_name("The Tower")]) == ("16", "")
    assert rank_marks(CARDS[by_name("The Fool")]) == ("0", "")


def test_a_face_keeps_its_shape_and_stays_inside_a_wide_rect(app: QApplication) -> None:
    image = render(lambda p, r: paint_face(p, r, by_name("The Sun")), QSize(300, 100))
    card_width = 100 * 70 / 120
    left_edge = int((300 - card_width) / 2) - 2
    assert all(image.pixelColor(x, 50).alpha() == 0 for x in range(0, left_edge))
    assert image.pixelColor(150, 50).alpha() == 255


def test_painting_leaves_the_painter_as_it_found_it(app: QApplication) -> None:
    image = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    painter.translate(7, 9)
    before = painter.transform()
    paint_face(painter, QRectF(0, 0, 100, 170), 0)
    paint_back(painter, QRectF(100, 0, 100, 170))
    assert painter.transform() == before
    painter.end()
