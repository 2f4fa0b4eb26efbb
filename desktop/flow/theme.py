"""One look for the whole app: the table's dark felt colours on every dialog, menu and title screen (Qt's Fusion
style with a dark palette), a gold focus ring that is always visible, and Enter pressing the focused button."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication

ROLES = {
    QPalette.ColorRole.Window: "#16221f",
    QPalette.ColorRole.WindowText: "#e6efe9",
    QPalette.ColorRole.Base: "#0f1816",
    QPalette.ColorRole.AlternateBase: "#1c2b27",
    QPalette.ColorRole.ToolTipBase: "#22332e",
    QPalette.ColorRole.ToolTipText: "#e6efe9",
    QPalette.ColorRole.PlaceholderText: "#8aa39a",
    QPalette.ColorRole.Text: "#e6efe9",
    QPalette.ColorRole.Button: "#22332e",
    QPalette.ColorRole.ButtonText: "#e6efe9",
    QPalette.ColorRole.BrightText: "#ffffff",
    QPalette.ColorRole.Highlight: "#e0b040",  # the table's gold: selections and the focus ring
    QPalette.ColorRole.HighlightedText: "#10201b",
    QPalette.ColorRole.Link: "#8fd3ff",
    QPalette.ColorRole.Mid: "#8aa39a",
}
DISABLED_TEXT = "#6b7f78"


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, color in ROLES.items():
        palette.setColor(role, QColor(color))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(DISABLED_TEXT))
    return palette


def apply_theme(app: QApplication) -> None:
    """The dark theme on the whole application (the running app; tests call it and put the old look back)."""
    app.setStyle("Fusion")
    app.setPalette(dark_palette())


class EnterPresses(QObject):
    """Enter or Return on a focused button presses it, on every screen (Qt does so only inside dialogs)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(watched, QAbstractButton):
            return False
        assert isinstance(event, QKeyEvent)
        if (
            event.key() not in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            return False
        if not (watched.window().focusWidget() is watched and watched.isEnabled() and watched.isVisible()):
            return False
        watched.click()
        return True
