"""The tarot as an inspiration oracle, as a small panel: "Draw for inspiration" deals 1-3 cards from the
playthrough's own oracle deck (a ``LuaStep`` through the funnel, so the draw is journalled, saved and a reveal) and
shows their keywords with the suit and factions of the place the party stands in.

In solo play it sits beside the Loner oracle dock, which keeps its own tables; a GM can use the same panel at the
table. It reads the world through the same ``LuaTable`` the map uses.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from rt0table.rules.paradise_lua.lua_campaign import DrawInspiration, InspirationDrawn
from rt0table.rules.paradise_lua.tarot_oracle import MOST_PER_DRAW
from rt0table.rules.paradise_lua.world_content import World

from .lua_table import LuaTable


def reading_html(world: World, event: InspirationDrawn) -> str:
    """The cards drawn, each with its keywords, the place's event ideas and signs, and where it was drawn."""
    rows = []
    for card in event.cards:
        meaning = world.meaning(card)
        rows.append(f"<b>{meaning.name}</b> ({meaning.title}): {', '.join(meaning.keywords)}")
    rows += [f"<i>Idea:</i> {idea.idea}" for idea in world.events if idea.id in event.ideas]
    signs = "<br>".join(event.signs)
    factions = ", ".join(world.faction(f).name for f in event.factions) or "none"
    place = world.location(event.location).name
    return "<br>".join(rows) + f"<br><i>At {place}: {event.suit}; {factions}</i>" + (f"<br>{signs}" if signs else "")


class InspirationPanel(QWidget):
    """A count of cards, "Draw for inspiration", and the latest reading."""

    def __init__(self, table: LuaTable) -> None:
        super().__init__()
        self.setObjectName("inspiration")
        self.table = table
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.count = QSpinBox()
        self.count.setRange(1, MOST_PER_DRAW)
        self.count.setToolTip("How many cards to draw from the oracle deck")
        self.draw_button = QPushButton("Draw for inspiration")
        self.draw_button.setObjectName("draw-inspiration")
        self.draw_button.clicked.connect(self.draw)
        row.addWidget(QLabel("Tarot:"))
        row.addWidget(self.count)
        row.addWidget(self.draw_button, 1)
        column.addLayout(row)
        self.reading = QLabel()
        self.reading.setWordWrap(True)
        self.reading.setTextFormat(Qt.TextFormat.RichText)
        column.addWidget(self.reading)
        table.changed.connect(self.refresh)
        self.refresh()

    def draw(self) -> None:
        self.table.do(DrawInspiration(self.count.value()))

    def refresh(self) -> None:
        event = self.table.last_draw
        self.reading.setText(reading_html(self.table.world, event) if event else "<i>No cards drawn yet.</i>")
