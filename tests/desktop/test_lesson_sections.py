"""The demo picker's sections on the real widget: each game's lessons sit under a heading that names the game and
what its lessons teach, so the Loner session is not listed as a fight."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.demo.library import load_lessons
from rt0table.desktop.demo.screen import LessonPicker
from rt0table.desktop.game_shelf import SHELF


def top(widget: QWidget, listing: QWidget) -> int:
    return widget.mapTo(listing, widget.rect().topLeft()).y()


def test_each_games_lessons_sit_under_its_own_honest_heading(qtbot: QtBot) -> None:
    picker = LessonPicker(load_lessons())
    qtbot.addWidget(picker)
    picker.resize(1024, 640)
    picker.show()
    QApplication.processEvents()
    listing = picker.headings["rt0"].parentWidget()
    assert listing is not None
    headings = [(top(label, listing), key) for key, label in picker.headings.items()]
    assert [key for _, key in sorted(headings)] == list(SHELF)  # RT:0, Moon's Grave, The Restless, Loner
    rows = {"rt0": picker.buttons, **picker.game_buttons}
    assert list(rows) == list(SHELF)
    for key, buttons in rows.items():
        assert buttons, key
        for button in buttons:
            under = max((y, k) for y, k in headings if y < top(button, listing))[1]
            assert under == key, f"{button.text()} is listed under {picker.headings[under].text()}"
    words = {key: label.text() for key, label in picker.headings.items()}
    assert words["loner"].startswith("Loner: ") and "fight" not in words["loner"] and "session" in words["loner"]
    assert all(words[k].startswith(f"{SHELF[k].title}: ") for k in SHELF)
