"""Crafted lesson files beside the good ones (issue 17 item 6): the good lessons stay in the Demo picker, each bad one
is listed greyed out with its problem naming the file, and no file changes."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from pytestqt.qtbot import QtBot

from rt0table.desktop.demo.library import LESSONS, load_lessons
from rt0table.desktop.demo.screen import DemoScreen
from rt0table.desktop.table.settings import TableSettings
from tests.helpers.widgets import click, shoot_widget


def sums(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


def test_a_latin1_and_an_escaping_lesson_leave_the_good_ones_in_the_picker(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    shutil.copytree(LESSONS, folder)
    first = (folder / "01_strike_and_defend.toml").read_text(encoding="utf-8")
    latin = first.replace("Unarmed Strike", "Coup de poing à mains nues")
    (folder / "08_latin.toml").write_bytes(latin.encode("latin-1"))
    (folder / "09_escape.toml").write_text(
        first.replace("room = 3", 'room = 3\nbestiary = ["../../../../etc/passwd"]'), encoding="utf-8"
    )
    before = sums(folder)

    entries = load_lessons(folder)
    good = [e for e in entries if e.lesson is not None]
    assert len(good) == len(list(LESSONS.glob("*.toml")))
    errors = {e.path.name: e.error for e in entries if e.lesson is None}
    assert errors["08_latin.toml"].startswith("08_latin.toml: not UTF-8 text (line 7, column 24: byte 0xe0)")
    assert errors["09_escape.toml"].startswith("09_escape.toml: bestiary[0]: '../../../../etc/passwd' is not a file")
    assert sums(folder) == before

    demo = DemoScreen(TableSettings(), entries)
    qtbot.addWidget(demo)
    demo.resize(1280, 800)
    demo.show()
    buttons = {b.objectName(): b for b in demo.picker.buttons}
    assert not buttons["lesson-08_latin"].isEnabled() and "not UTF-8" in buttons["lesson-08_latin"].toolTip()
    assert not buttons["lesson-09_escape"].isEnabled() and "not a file name" in buttons["lesson-09_escape"].toolTip()
    assert all(buttons[f"lesson-{e.path.stem}"].isEnabled() for e in good)
    shoot_widget(demo.picker, "picker-crafted-lessons")
    click(qtbot, buttons["lesson-01_strike_and_defend"])
    assert demo.lesson is not None and demo.currentWidget() is demo.lesson
