"""The map screen's window onto a playthrough set in Paradise Lua: every change is a ``LuaStep`` op through the
playthrough's one funnel (``Playthrough.submit``), so the one undo stack, the journal and the save cover it.

Undo goes back one op at a time but never past a reveal (a draw for inspiration, a card drawn anywhere else in the
playthrough). The map keeps no state of its own: it reads ``story.lua`` whenever the playthrough changes.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from rt0table.desktop.flow.playthrough import OpChanges, Playthrough
from rt0table.rules.paradise_lua.lua_campaign import InspirationDrawn, LuaState, Op, refusal
from rt0table.rules.paradise_lua.world_content import World, shipped_world
from rt0table.rules.rt0.campaign.fight_plan import fighting_members
from rt0table.rules.rt0.content.adversaries import AdversaryKind
from rt0table.rules.rt0.content.adversaries import bundled_bestiary as shipped_bestiary
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.tale import LuaChanged
from rt0table.rules.seam import IllegalAction


def bundled_bestiary() -> dict[str, AdversaryKind]:
    kinds: dict[str, AdversaryKind] = {}
    for name in ("book.json", "house.json"):
        kinds |= shipped_bestiary(name)
    return kinds


def bundled_world() -> World:
    """The shipped world, its factions checked against the shipped bestiaries."""
    return shipped_world()


class LuaTable(QObject):
    """The Paradise Lua part of a playthrough, its moves submitted as ops; ``changed`` when the playthrough did."""

    changed = Signal()
    refused = Signal(str)

    def __init__(self, playthrough: Playthrough) -> None:
        super().__init__()
        if playthrough.story.lua is None:
            raise ValueError("This playthrough is not set in Paradise Lua.")
        self.playthrough = playthrough
        self.world = shipped_world()
        self.last_draw: InspirationDrawn | None = None  # shown beside the map until the next draw
        playthrough.changed.connect(self._changed)

    @property
    def state(self) -> LuaState:
        lua = self.playthrough.story.lua
        assert lua is not None  # a playthrough never leaves Paradise Lua once set there
        return lua

    @property
    def players(self) -> int:
        """The player characters a fight called here is sized for (Eddies are not counted, GM-COMBAT-SCALING)."""
        return max(1, len(fighting_members(self.playthrough.campaign)))

    @property
    def journal(self) -> list[str]:
        """The playthrough's journal lines in our words (typed notes and oracle entries are in the solo dock)."""
        return [line.text for line in self.playthrough.story.chronicle if line.text]

    def _changed(self, changes: OpChanges) -> None:
        for event in changes.events:
            if isinstance(event, LuaChanged):
                draws = [e for e in event.events if isinstance(e, InspirationDrawn)]
                self.last_draw = draws[-1] if draws else self.last_draw
        self.changed.emit()

    def refusal_of(self, op: Op) -> str | None:
        return refusal(self.world, self.state, op)

    def do(self, op: Op) -> str | None:
        """Submit ``op``; returns the refusal (and changes nothing) when the rules say no."""
        try:
            self.playthrough.submit(ops.LuaStep(op))
        except IllegalAction as error:
            self.refused.emit(str(error))
            return str(error)
        return None

    def undo_refusal(self) -> str | None:
        return self.playthrough.undo_refusal()

    def undo(self) -> str | None:
        try:
            self.playthrough.undo()
        except IllegalAction as error:
            self.refused.emit(str(error))
            return str(error)
        return None
