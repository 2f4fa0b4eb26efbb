"""Keyboard and focus: Enter presses the focused button on every screen, the focus ring shows under the app's
theme, the character page has no tab stop that shows nothing, and its arrow keys pick as they move."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QStyle,
    QStyleOptionButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from rt0table.desktop.characters.creation import CharacterCreation
from rt0table.desktop.flow.mode_screen import ModeScreen
from rt0table.desktop.flow.theme import ROLES
from rt0table.desktop.main_window import MainWindow
from rt0table.rules.rt0.traits import Arcana
from tests.helpers.flow_steps import current

K = Qt.Key


def test_enter_presses_the_focused_button_on_the_title_screen(qtbot: QtBot, tmp_path: Path) -> None:
    window = MainWindow(tmp_path / "saves")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.title_screen.buttons["new"].setFocus()
    qtbot.keyClick(window.title_screen.buttons["new"], K.Key_Return)
    assert isinstance(current(window), ModeScreen)
    window.close()


def drawn(button: QPushButton, focused: bool) -> QImage:
    """The button as the app's style draws it, with or without keyboard focus."""
    option = QStyleOptionButton()
    option.initFrom(button)
    option.text = button.text()
    option.rect = QRect(0, 0, 160, 40)
    if focused:  # focus reached by the keyboard, as Tab brings it
        option.state |= QStyle.StateFlag.State_HasFocus | QStyle.StateFlag.State_KeyboardFocusChange
    if not focused:
        option.state &= ~QStyle.StateFlag.State_HasFocus
    image = QImage(160, 40, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    button.style().drawControl(QStyle.ControlElement.CE_PushButton, option, painter, button)
    painter.end()
    return image


def test_the_focus_ring_shows_under_the_theme(qtbot: QtBot, themed: QApplication) -> None:
    button = QPushButton("Continue")
    qtbot.addWidget(button)
    ring, plain = drawn(button, True), drawn(button, False)
    gold = QColor(ROLES[QPalette.ColorRole.Highlight])
    goldish = sum(
        1
        for x in range(160)
        for y in range(40)
        if ring.pixelColor(x, y) != plain.pixelColor(x, y) and abs(ring.pixelColor(x, y).hue() - gold.hue()) < 25
    )
    assert goldish > 40  # a ring in the theme's gold, not a faint dotted line
    assert themed.palette().color(QPalette.ColorRole.Window).lightness() < 60  # dark, as the table


def test_tab_on_the_character_page_lands_only_on_what_can_be_chosen(qtbot: QtBot) -> None:
    page = CharacterCreation()
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.show()
    qtbot.waitExposed(page)
    page.arcana_buttons[Arcana.FOOL].setFocus()
    seen: list[QWidget] = []
    for _ in range(30):
        widget = page.focusWidget()
        assert widget is not None
        qtbot.keyClick(widget, K.Key_Tab)
        seen.append(page.focusWidget())
    assert not any(isinstance(w, QScrollArea) for w in seen)
    assert all(isinstance(w, QAbstractButton | QLineEdit) for w in seen)


def test_arrow_keys_pick_the_choice_they_move_to(qtbot: QtBot) -> None:
    page = CharacterCreation()
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    buttons = page.arcana_buttons
    buttons[Arcana.FOOL].setFocus()
    qtbot.keyClick(buttons[Arcana.FOOL], K.Key_Down)
    assert page.focusWidget() is buttons[Arcana.MAGICIAN] and buttons[Arcana.MAGICIAN].isChecked()
    assert page.draft.arcana is Arcana.MAGICIAN
    qtbot.keyClick(buttons[Arcana.MAGICIAN], K.Key_Up)
    assert buttons[Arcana.FOOL].isChecked() and page.draft.arcana is Arcana.FOOL
