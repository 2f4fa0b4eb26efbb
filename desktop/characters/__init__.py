"""Characters away from the card table: creation and the party, the sheet, skill checks, printing.

``open_character_creation(main_window)`` is the one entry point the app needs; it adds the party editor to
the window's screen stack and shows it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QStackedWidget

from rt0table.desktop.characters.party_editor import PartyEditor
from rt0table.rules.rt0.campaign.party import Party


def open_character_creation(main_window: QMainWindow, party: Party | None = None) -> PartyEditor:
    """Show the party editor (with a blank Report Card open) in the window's screen stack; returns it.

    The window's ``screens`` stack is used when it has one, else the editor becomes the central widget.
    Connect ``editor.ready`` to receive the finished ``Party``.
    """
    editor = PartyEditor(party)
    screens = getattr(main_window, "screens", None)
    if isinstance(screens, QStackedWidget):
        screens.addWidget(editor)
        screens.setCurrentWidget(editor)
    else:
        main_window.setCentralWidget(editor)
    if not editor.party.characters:
        editor.start_character()
    return editor


__all__ = ["PartyEditor", "open_character_creation"]
