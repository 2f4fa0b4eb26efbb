"""The odds a tray shows before a roll, in words, counted exactly by ``rules/dice`` (never sampled)."""

from __future__ import annotations

from rt0table.rules.dice.dice_odds import chance_at_least, chance_icons_at_least, percent
from rt0table.rules.dice.die_faces import Die


def has_icons(die: Die, kind: str) -> bool:
    return any((face.boosts if kind == "boosts" else face.drags) for face in die.faces)


def odds_lines(die: Die, dice: int, difficulty: int, icons_up_to: int = 2) -> list[str]:
    """The chance of success and, for dice with ★/☠ icons, of at least 1..``icons_up_to`` of each."""
    noun = "die" if dice == 1 else "dice"
    if difficulty <= 0:
        lines = [f"{dice} {noun} vs {difficulty}: certain (100.0%)"]
    else:
        lines = [f"{dice} {noun} vs {difficulty}: {percent(chance_at_least(die, dice, difficulty))} to succeed"]
    for kind, mark in (("boosts", "★"), ("drags", "☠")):
        if has_icons(die, kind):
            chances = ", ".join(
                f"≥{k}{mark} {percent(chance_icons_at_least(die, dice, kind, k))}" for k in range(1, icons_up_to + 1)
            )
            lines.append(chances)
    return lines
