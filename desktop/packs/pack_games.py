"""Every game that has content packs, by the key its saves and packs use (desktop/game_shelf.py); the new-game
screen asks here."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

from rt0table.desktop.game_shelf import SHELF
from rt0table.desktop.packs.pack_editor import PackEditor
from rt0table.desktop.packs.pack_library import PackListing, available_packs
from rt0table.desktop.packs.pack_schema import PackGame

# Each game on the shelf that has a pack kind (a test holds every kind's ``game`` to its shelf key).
PACK_GAMES: dict[str, PackGame] = {key: game.pack_kind() for key, game in SHELF.items() if game.pack_kind}


def packs_for(game: str) -> list[PackListing]:
    """The packs a new game of ``game`` may start with: the shipped house pack first, then the user's (broken ones
    listed with their error, so the screen can say why they cannot be picked)."""
    if game not in PACK_GAMES:
        raise KeyError(f"'{game}' has no content packs (known: {', '.join(sorted(PACK_GAMES))})")
    return available_packs(PACK_GAMES[game])


class PackEditorWindow(QDialog):
    """The pack editor in a window of its own; closing it (any way: a dialog's close ends in ``done``) with unsaved
    changes asks first."""

    def __init__(self, game: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{PACK_GAMES[game].title}: content packs")
        self.editor = PackEditor(PACK_GAMES[game])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.editor)

    def done(self, result: int) -> None:
        draft = self.editor.draft
        if draft is not None and draft.changed and not self.editor.discard_ok():
            return
        super().done(result)


def edit_packs(parent: QWidget | None, game: str) -> None:
    """Open the pack editor for ``game`` (e.g. from the title screen) and wait until it is closed."""
    window = PackEditorWindow(game, parent)
    window.resize(1200, 760)
    window.exec()
