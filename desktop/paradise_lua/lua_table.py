"""The Paradise Lua tracker's one way to change the playthrough: ops through ``apply``, with undo and a journal.

Every change is an op; the journal keeps each op's lines, and undo steps back one op at a time but never past a
draw for inspiration (a reveal: the cards have been seen). The save carries the seed and the ops, so loading
replays them (docs/rulings.md, "Paradise Lua").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

from rt0table.rules.paradise_lua.lua_campaign import (
    Event,
    LuaState,
    Op,
    apply,
    decode_op,
    encode_op,
    narrate,
    new_playthrough,
    refusal,
    reveals,
)
from rt0table.rules.paradise_lua.world_content import World, bundled_files, load_world
from rt0table.rules.rt0.content.adversaries import AdversaryKind
from rt0table.rules.rt0.content.adversaries import bundled_bestiary as shipped_bestiary
from rt0table.rules.seam import RulesError


def bundled_bestiary() -> dict[str, AdversaryKind]:
    kinds: dict[str, AdversaryKind] = {}
    for name in ("book.json", "house.json"):
        kinds |= shipped_bestiary(name)
    return kinds


def bundled_world() -> World:
    """The shipped world, its factions checked against the shipped bestiaries."""
    return load_world(bundled_files(), frozenset(bundled_bestiary()))


@dataclass(frozen=True, slots=True)
class Entry:
    """One op as the journal keeps it: the op, its events and their lines."""

    op: Op
    events: tuple[Event, ...]
    lines: tuple[str, ...]


class LuaTable(QObject):
    """The playthrough as it stands, its history, and the signal that it changed."""

    changed = Signal()
    refused = Signal(str)

    def __init__(self, world: World, seed: int, one_shot: bool = False, without_empress: bool = False) -> None:
        super().__init__()
        self.world = world
        self.seed, self.one_shot, self.without_empress = seed, one_shot, without_empress
        self.state: LuaState = new_playthrough(seed, one_shot, without_empress)
        self.history: list[tuple[LuaState, Entry]] = []
        self.adversary_names = {kind_id: kind.name for kind_id, kind in bundled_bestiary().items()}

    def restart(self, seed: int, one_shot: bool, without_empress: bool) -> None:
        """A new playthrough from the start of Act 1 (the old one's history goes with it)."""
        self.seed, self.one_shot, self.without_empress = seed, one_shot, without_empress
        self.state = new_playthrough(seed, one_shot, without_empress)
        self.history = []
        self.changed.emit()

    @property
    def journal(self) -> list[str]:
        return [line for _state, entry in self.history for line in entry.lines]

    def refusal_of(self, op: Op) -> str | None:
        return refusal(self.world, self.state, op)

    def do(self, op: Op) -> str | None:
        """Apply ``op``; returns the refusal (and changes nothing) when the rules say no."""
        reason = refusal(self.world, self.state, op)
        if reason is not None:
            self.refused.emit(reason)
            return reason
        after, events = apply(self.world, self.state, op)
        lines = tuple(narrate(self.world, event, self.adversary_names) for event in events)
        self.history.append((self.state, Entry(op, tuple(events), lines)))
        self.state = after
        self.changed.emit()
        return None

    def undo_refusal(self) -> str | None:
        if not self.history:
            return "Nothing to undo."
        if any(reveals(event) for event in self.history[-1][1].events):
            return "The cards drawn for inspiration have been seen: that draw cannot be undone."
        return None

    def undo(self) -> str | None:
        reason = self.undo_refusal()
        if reason is not None:
            self.refused.emit(reason)
            return reason
        self.state = self.history.pop()[0]
        self.changed.emit()
        return None

    # --- the save: the seed and the ops, replayed on load -------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "one_shot": self.one_shot,
            "without_empress": self.without_empress,
            "ops": [encode_op(entry.op) for _state, entry in self.history],
        }

    @classmethod
    def from_save(cls, world: World, data: Any) -> LuaTable:
        """Replays a saved playthrough; raises RulesError naming what is wrong."""
        if not isinstance(data, dict) or not isinstance(data.get("seed"), int) or not isinstance(data.get("ops"), list):
            raise RulesError("Paradise Lua save: must hold a whole-number 'seed' and a list 'ops'")
        table = cls(world, data["seed"], bool(data.get("one_shot")), bool(data.get("without_empress")))
        for index, raw in enumerate(data["ops"]):
            op = decode_op(raw)
            reason = table.do(op)
            if reason is not None:
                raise RulesError(f"Paradise Lua save: op #{index + 1} cannot be replayed: {reason}")
        return table
