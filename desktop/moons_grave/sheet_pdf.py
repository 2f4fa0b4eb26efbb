"""Print a Moon's Grave character on an A4 page (QPdfWriter), with boxes to mark in pencil at a paper table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter

from rt0table.desktop.moons_grave.mg_sheet_words import SheetLines, sheet_lines
from rt0table.desktop.pdf_page import ACCENT, DPI, SOFT, Page
from rt0table.rules.moons_grave.mg_character import Character
from rt0table.rules.moons_grave.mg_pack import MgContent

FOLLOWERS_ON_PAPER = 8  # circles printed; those beyond Beckon are for later gains


def export_sheet_pdf(content: MgContent, character: Character, path: Path) -> Path:
    """Write the character's sheet to ``path`` as an A4 PDF (one page unless the perks run over) and return the path."""
    path = Path(path)
    writer = QPdfWriter(str(path))
    writer.setResolution(DPI)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(14, 14, 14, 14),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setTitle(f"{character.name} — Moon's Grave character")
    writer.setCreator("RT:0 Table")
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"{path}: cannot be written")
    try:
        rect = writer.pageLayout().paintRect(QPageLayout.Unit.Millimeter)
        _sheet(Page(painter, rect.width(), rect.height()), sheet_lines(content, character), lambda: _new_page(writer))
    finally:
        painter.end()
    return path


def _new_page(writer: QPdfWriter) -> None:
    writer.newPage()


def _numbers(page: Page, x: float, width: float, title: str, rows: tuple[tuple[str, int, str], ...]) -> None:
    page.heading(x, width, title)
    for name, level, note in rows:
        y = page.y
        page.text(x, 30, name, 10, bold=True, advance=False)
        page.square(x + 31, y + 0.3, 4.4, str(level))
        page.text(x + 38, width - 38, note, 8, color=SOFT, advance=False)
        page.y = y + 5.4


def _sheet(page: Page, lines: SheetLines, new_page: Callable[[], None] | None = None) -> None:
    w = page.w
    page.text(0, w, "MOON'S GRAVE · day-work company", 9, color=SOFT)
    page.text(0, w, lines.title, 22, bold=True)
    for label, text in (("Employer", lines.employer), ("Class", lines.character_class), ("Flaw", lines.flaw)):
        page.text(0, w, f"{label}: {text}", 9.5)
    half = (w - 8) / 2
    top = page.y
    _numbers(page, 0, half, "Stats", lines.stats)
    page.heading(0, half, "Follower tokens")
    page.text(0, half, "Start every job with as many as Beckon; shade one to spend it.", 8, color=SOFT)
    page.y += 1
    for i in range(FOLLOWERS_ON_PAPER):
        page.circle(i * 6.5, page.y, 4.6, i < lines.followers)
    page.y += 7
    page.heading(0, half, "Experience")
    y = page.y
    page.text(0, 20, "Unspent", 9.5, advance=False)
    page.square(18, y, 9, str(lines.experience))
    page.text(32, 20, "Spent", 9.5, advance=False)
    page.square(44, y, 9, str(lines.spent))
    page.y = y + 11
    left = page.y
    page.y = top
    _numbers(page, half + 8, half, "Talents: the lower of two stats", lines.talents)
    page.y = max(page.y, left)

    page.heading(0, w, "Gear")
    for line in (*lines.weapons, lines.armour):
        page.text(0, w, line, 9.5)
    page.heading(0, w, "Soak tracks: mark a box per point soaked")
    for name, boxes, what in lines.soak:
        y = page.y
        page.text(0, 42, name, 9.5, bold=True, advance=False)
        for i in range(boxes):
            page.square(44 + i * 6, y + 0.4, 4.4)
        page.text(44 + max(boxes, 4) * 6 + 2, w - 70, what, 8.5, color=SOFT, advance=False)
        page.y = y + 6
    page.heading(0, w, "Perks: pay the [cost] in ★ or ☠ dice")
    for heading, text in lines.perks:
        if new_page is not None and page.y > page.h - 14:  # a long perk list goes on over the page
            new_page()
            page.y = 0
        page.text(0, w, heading, 10, bold=True, color=ACCENT)
        page.text(4, w - 4, text, 8.5)
    page.heading(0, w, "Notes")
    while page.y < page.h - 8:
        page.y += 7
        page.rule(0, w)


def sheet_image(content: MgContent, character: Character) -> QImage:
    """The printed page as an image at the PDF's resolution, drawn by the same code (a preview)."""
    width_mm, height_mm, margin = 210.0, 297.0, 14.0
    image = QImage(round(Page.px(width_mm)), round(Page.px(height_mm)), QImage.Format.Format_RGB32)
    image.setDotsPerMeterX(round(DPI / 0.0254))
    image.setDotsPerMeterY(round(DPI / 0.0254))
    image.fill(QColor("white"))
    painter = QPainter(image)
    try:
        painter.translate(Page.px(margin), Page.px(margin))
        _sheet(Page(painter, width_mm - 2 * margin, height_mm - 2 * margin), sheet_lines(content, character))
    finally:
        painter.end()
    return image
