"""The Protagonist's sheet as HTML, printed to a PDF and drawn to an image to look at."""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import QMarginsF, QSizeF
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QTextDocument

from rt0table.rules.loner.loner_state import LonerState
from rt0table.rules.loner.protagonist import Character


def _row(label: str, value: str) -> str:
    return f"<tr><th align='left'>{escape(label)}</th><td>{escape(value) or '&nbsp;'}</td></tr>"


def character_html(character: Character, others: dict[str, str]) -> str:
    """One sheet: concept, skills, frailties, gear, goal, motive, nemesis, tags, relationships, Luck boxes."""
    rows = [
        _row("Concept", character.concept),
        _row("Skills", ", ".join(character.skills)),
        _row("Frailty", ", ".join(character.frailties)),
        _row("Gear", ", ".join(character.gear)),
    ]
    if character.living:
        rows += [_row("Goal", character.goal), _row("Motive", character.motive), _row("Nemesis", character.nemesis)]
    rows.append(_row("Tags", ", ".join(character.tags)))
    bonds = "; ".join(f"{others.get(who, who)}: {tag}" for who, tag in character.relationships)
    rows.append(_row("Relationships", bonds))
    rows.append(_row("Luck", "◯ " * 6 + "(6 at the start of every conflict)"))
    gone = " (gone)" if character.gone else ""
    table = "<table border='1' cellpadding='6' cellspacing='0' width='100%'>"
    return f"<h2>{escape(character.name)}{gone}</h2>{table}{''.join(rows)}</table>"


def sheet_html(state: LonerState) -> str:
    """The Protagonist first, then every NPC with a sheet, then places, events and history."""
    names = {c.id: c.name for c in (state.protagonist, *state.npcs)}
    parts = ["<h1>Loner: character sheet</h1>", character_html(state.protagonist, names)]
    if state.npcs:
        parts.append("<h1>Other characters</h1>")
        parts += [character_html(npc, names) for npc in state.npcs]
    if state.places:
        parts.append("<h2>Locations</h2><ul>")
        parts += [
            f"<li>{escape(p.name)}: {escape(p.tag)}{'' if p.accessible else ' (out of reach)'}</li>"
            for p in state.places
        ]
        parts.append("</ul>")
    if state.world_events:
        parts.append("<h2>Events</h2><ul>")
        parts += [
            f"<li>{escape(e.name)} ({'dealt with' if e.addressed else 'pressing'}): {escape(e.pressure)}</li>"
            for e in state.world_events
        ]
        parts.append("</ul>")
    if state.history:
        parts.append("<h2>History</h2><ul>" + "".join(f"<li>{escape(h)}</li>" for h in state.history) + "</ul>")
    parts.append("<p><small>Loner 4e by Roberto Bisceglie, CC BY-SA 4.0.</small></p>")
    return "".join(parts)


def _document(state: LonerState, width: float) -> QTextDocument:
    document = QTextDocument()
    document.setHtml(sheet_html(state))
    document.setTextWidth(width)
    return document


def write_sheet_pdf(state: LonerState, path: Path) -> None:
    """An A4 PDF of the sheet at ``path`` (written whole, or an OSError and no file)."""
    writer = QPdfWriter(str(path))
    writer.setPageLayout(
        QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait, QMarginsF(15, 15, 15, 15))
    )
    writer.setResolution(96)  # the sheet fills the page at the default font size
    document = _document(state, writer.width())
    document.setPageSize(QSizeF(writer.width(), writer.height()))
    document.print_(writer)
    del writer
    if not path.exists() or path.stat().st_size == 0:
        raise OSError(f"{path}: the sheet could not be written")


def sheet_image(state: LonerState, width: int = 900) -> QImage:
    """The sheet drawn as one image, for a preview or to look at in tests."""
    document = _document(state, width)
    image = QImage(width, int(document.size().height()) + 1, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    document.drawContents(painter)
    painter.end()
    return image
