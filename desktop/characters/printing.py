"""Print a character: page 1 the Report Card, page 2 the sheet, as a PDF for a paper table (QPdfWriter)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter, QPdfWriter

from rt0table.desktop.characters.common import place_title, place_unlocks
from rt0table.desktop.pdf_page import ACCENT, DPI, INK, SOFT, Page
from rt0table.rules.rt0.campaign import corruption as cor
from rt0table.rules.rt0.campaign import injuries as inj
from rt0table.rules.rt0.campaign import items as itm
from rt0table.rules.rt0.campaign.campaign import Member
from rt0table.rules.rt0.campaign.character import COMBAT_HP
from rt0table.rules.rt0.campaign.descriptions import ARCANA_INFO, SKILL_SUMMARY, SPELL_SUMMARY, TRAIT_SUMMARY
from rt0table.rules.rt0.traits import ABILITIES, SKILL_ABILITIES, WEAKNESSES, Skill

FRIENDSHIP_ON_PAPER = 6  # empty circles printed for the player to draw in as Days pass


def export_pdf(sheet: Member, path: Path) -> Path:
    """Write a party member's Report Card and sheet to ``path`` (two A4 pages) and return the path."""
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
    c = sheet.character
    writer.setTitle(f"{c.name} — RT:0 Report Card")
    writer.setCreator("RT:0 Table")
    painter = QPainter(writer)
    try:
        rect = writer.pageLayout().paintRect(QPageLayout.Unit.Millimeter)
        page = Page(painter, rect.width(), rect.height())
        _report_card(page, sheet)
        writer.newPage()
        page.y = 0
        _sheet_page(page, sheet)
    finally:
        painter.end()
    return path


def _report_card(page: Page, sheet: Member) -> None:
    c = sheet.character
    info = ARCANA_INFO[c.arcana]
    w = page.w
    page.text(0, w, "REPORT CARD · Remaining Teenagers: Zero", 9, color=SOFT)
    page.text(0, w, c.name, 24, bold=True)
    page.text(0, w, f"{c.arcana.title} — {info.tagline}", 11, italic=True)
    page.y += 1
    if c.exceptional:
        page.text(0, w, f"Picked for ACCELER8 because: {c.exceptional}", 10)
    if c.outfit:
        page.text(0, w, f"Wearing: {c.outfit}", 10)
    page.heading(0, w, f"{c.arcana.title}")
    for change in info.changes:
        page.text(3, w - 3, f"• {change}", 9.5)
    page.text(3, w - 3, f"• {info.skill}: {info.skill_summary}", 9.5)

    half = (w - 8) / 2
    top = page.y
    page.heading(0, half, "Abilities")
    held = c.abilities
    for ability, weakness in zip(ABILITIES, WEAKNESSES, strict=True):
        y = page.y
        page.square(0, y + 0.6, 3.6, "✓" if ability in held else "")
        page.text(5, 22, ability.value, 10, bold=ability in held, advance=False)
        page.square(28, y + 0.6, 3.6, "✗" if weakness is c.weakness else "")
        page.text(33, 22, weakness.value, 10, bold=weakness is c.weakness, advance=False)
        page.y += 5.6
    page.y += 1
    page.text(0, half, f"{c.free_ability.value} (free): {TRAIT_SUMMARY[c.free_ability]}", 8.5, color=SOFT)
    page.text(0, half, f"{c.ability.value}: {TRAIT_SUMMARY[c.ability]}", 8.5, color=SOFT)
    page.text(0, half, f"{c.weakness.value}: {TRAIT_SUMMARY[c.weakness]}", 8.5, color=SOFT)
    left_bottom = page.y

    page.y = top
    x = half + 8
    page.heading(x, half, "Skills")
    for skill in Skill:
        grade = "A+" if skill in c.a_plus_skills else "F" if skill in c.failed_skills else ""
        first, second = SKILL_ABILITIES[skill]
        page.text(x, 14, grade, 12, bold=True, color=ACCENT if grade == "A+" else INK, advance=False)
        used = page.text(x + 10, half - 10, f"{skill.value} ({first.value}/{second.value})", 10, bold=bool(grade))
        page.text(x + 10, half - 10, SKILL_SUMMARY[skill], 8, color=SOFT)
        page.y += 0.8 if used else 0
    page.y = max(page.y, left_bottom)

    page.heading(0, w, "Skill checks: draw the top card")
    for line in (
        "Automatic never fails · Trivial fails only on a Critical Failure · Easy needs a Minor 6+ or any Major · "
        "Medium needs a Minor 10+ or any Major · Hard needs a Major · Unlikely needs a Critical Success · "
        "Impossible never succeeds.",
        f"Critical Success: The Fool, The World, The Sun, {c.arcana.title}. Critical Failure: The Tower, The Devil, "
        "Death. Wheel of Fortune: draw again, Ace–9 Critical Failure, anything higher Critical Success.",
        "A+ makes the check a step easier; F makes it Unlikely. Bonus: draw two, keep the better; Penalty: the worse. "
        "Failed? Take 1 Corruption to try again one step easier.",
    ):
        page.text(0, w, line, 9)
        page.y += 0.8

    page.heading(0, w, "Spells")
    if not c.all_spells:
        page.text(0, w, "No spells." if c.weakness.value != "Dull" else "Dull: never learns spells.", 10)
    for spell in c.all_spells:
        combat, between = SPELL_SUMMARY[spell]
        page.text(0, w, spell.value, 11, bold=True)
        page.text(4, w - 4, f"In a fight: {combat}", 9.5)
        page.text(4, w - 4, f"Between fights: {between}", 9.5)
        page.y += 1


def _sheet_page(page: Page, sheet: Member) -> None:
    c = sheet.character
    w = page.w
    record = sheet.corruption
    page.text(0, w, f"{c.name} — character sheet", 18, bold=True)

    page.heading(0, w, f"Hit points (start every fight at {COMBAT_HP}; all come back when it ends)")
    for i in range(COMBAT_HP):
        page.square(i * 8.6, page.y, 6.5)
    page.y += 9

    page.heading(0, w, "Corruption")
    page.text(
        0,
        w,
        f"{record.total} taken, {record.owed} still to mark. Fill three circles to unlock a box; marks never come "
        "off. Corruption with nowhere left to mark means the character is lost.",
        9,
        color=SOFT,
    )
    page.y += 1
    for place in cor.places(c.arcana):
        y = page.y
        closed = cor.closed_reason(c, place, sheet.traits)
        friendship = place == cor.FRIENDSHIP
        count = max(record.friendship_circles, FRIENDSHIP_ON_PAPER) if friendship else cor.CIRCLES
        for i in range(count):
            page.circle(i * 6, y + 0.4, 4.2, i < record.filled(place))
        if friendship:
            note = closed or "new circles each Day: draw them in"
        else:
            note = closed or f"unlocks {place_unlocks(c.arcana, place)}"
        title_height = page.text(38, 62, place_title(c.arcana, place), 10, bold=True, advance=False)
        note_height = page.text(102, w - 102, note, 8.5, color=SOFT, advance=False)
        page.y = y + max(title_height, note_height, 5.0) + 1.6

    page.heading(0, w, "Injuries — cure any one at any time for its Corruption")
    if not sheet.injuries.names:
        page.text(0, w, "None yet.", 9.5, color=SOFT)
    for name in sheet.injuries.names:
        entry = inj.injury(name)
        page.text(0, w, f"{entry.name} ({entry.severity.value}, cure {inj.cure_cost(name)}): {entry.summary}", 9.5)
    for _ in range(3):
        page.y += 6
        page.rule(0, w)

    half = (w - 8) / 2
    top = page.y
    page.heading(0, half, "Items")
    for item in sheet.items:
        page.text(0, half, f"• {item} — {itm.item(item).summary}", 9)
    for _ in range(4):
        page.y += 6
        page.rule(0, half)
    left = page.y
    page.y = top
    wallet = sheet.wallet
    page.heading(half + 8, half, "Credits")
    page.text(half + 8, half, f"Bank: {wallet.bank}", 11)
    chits = ", ".join(str(itm.chit_value(n)) for n in wallet.chits) or "—"
    page.text(half + 8, half, f"Chits: {chits} (an empty chit is worth {itm.CHIT_MINIMUM})", 10)
    page.text(half + 8, half, f"Total: {wallet.worth}", 11, bold=True)
    page.y = max(page.y, left)
    page.heading(0, w, "Notes")
    while page.y < page.h - 8:
        page.y += 7
        page.rule(0, w)
