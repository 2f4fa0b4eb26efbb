"""The table for a screen reader: the view's accessible description says whose turn it is, the hand by number,
the bins by letter with their progress, the figures' HP and the newest log line; log lines and refusals are
announced as they come (QAccessibleAnnouncementEvent), and kept as the view's description until the next."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsView

from rt0table.desktop.table.read_aloud import follow_focus, say
from rt0table.desktop.table.scene import TableScene
from rt0table.rules.rt0.cards import CARDS

TABLE_NAME = "Fight table"


def table_words(scene: TableScene) -> str:
    """Everything the table shows that a player acts on, as one description."""
    parts = [scene.status.text]
    if scene.hand_hidden:
        parts.append("The hand is hidden behind the curtain")
    elif scene.hand_items:
        parts.append("Hand: " + ", ".join(f"{i.index + 1} {CARDS[i.card].name}" for i in scene.hand_items))
    prompt = scene.prompt
    if prompt.isVisible() and prompt.prompt:
        asked = f"Question for {prompt.who}: {prompt.prompt}" if prompt.who else f"Question: {prompt.prompt}"
        if prompt.hidden:
            asked += " (private: its options are hidden)"
        else:
            asked += " Options: " + ", ".join(f"{b.key} {prompt.lead} {b.label}".strip() for b in prompt.buttons)
        parts.append(asked)
    bins = [f"{item.letter} {item.name} ({item.progress})" for item in scene.bins.values()]
    if bins:
        parts.append("Bins: " + ", ".join(bins))
    figures = [
        f"{b.fighter.name} {b.fighter.hp} HP, {b.fighter.shield} Shield" for b in scene.party.values() if b.fighter
    ]
    figures += [f"{f.name} {f.hp} HP, {f.shield} Shield, intent: {f.preview or 'none'}" for f in scene.foes.values()]
    if figures:
        parts.append("Figures: " + "; ".join(figures))
    if scene.log.last:
        parts.append(f"Last: {scene.log.last}")
    return ". ".join(p.rstrip(".") for p in parts if p) + "."


def describe(view: QGraphicsView, scene: TableScene) -> None:
    """The view's name and description, and the accessible focus where the table's focus is now."""
    view.setAccessibleName(TABLE_NAME)
    view.setAccessibleDescription(table_words(scene))
    follow_focus(view)


def announce(view: QGraphicsView, text: str, urgent: bool = False) -> None:
    """Say ``text`` now to whatever screen reader listens (and keep it as the description's first words)."""
    if not text:
        return
    view.setAccessibleDescription(f"{text} {view.accessibleDescription()}")
    say(view, text, urgent)
