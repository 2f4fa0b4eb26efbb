"""NPC against NPC without dice (MG-NPC-VS-NPC), and weaker NPCs ganging up on a tougher one (MG-NPC-GANG)."""

from __future__ import annotations

from .npc_notation import NpcLine


def clash_damage(attack: int, defence: int) -> int:
    """Attack ≥ defence hits for the margin + 1; below it misses (0)."""
    return attack - defence + 1 if attack >= defence else 0


def gang_damage(attackers: list[NpcLine], target: NpcLine, attack: str, defence: str) -> int:
    """NPCs that have not attacked yet sum their attack talent against the target's defence talent."""
    return clash_damage(sum(npc.talent(attack) for npc in attackers), target.talent(defence))
