"""The Restless's entry on the desktop's game shelf (desktop/game_shelf.py); its screens are imported when used."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rt0table.desktop.shelf_game import GameLessons, ShelfGame

if TYPE_CHECKING:
    from collections.abc import Sequence

    from PySide6.QtWidgets import QWidget

    from rt0table.desktop.main_window import MainWindow
    from rt0table.desktop.packs.pack_schema import PackGame
    from rt0table.desktop.seam_table.table_lesson import SeamLesson


def new_game(window: MainWindow) -> QWidget:
    from rt0table.desktop.restless.restless_window import new_game_screen

    return new_game_screen(window)


def open_save(window: MainWindow, game_id: str) -> bool:
    from rt0table.desktop.restless.restless_window import open_restless

    return open_restless(window, game_id)


def lessons() -> Sequence[SeamLesson]:
    from rt0table.desktop.restless.restless_lessons import bundled_lessons

    return bundled_lessons()


def lesson_screen(lesson: SeamLesson) -> QWidget:
    from rt0table.desktop.restless.restless_lessons import RsLesson, RsLessonScreen

    assert isinstance(lesson, RsLesson)
    return RsLessonScreen(lesson)


def pack_kind() -> PackGame:
    from rt0table.desktop.restless.restless_pack_kinds import RESTLESS

    return RESTLESS


RESTLESS = ShelfGame(
    key="restless",
    title="The Restless",
    teaches="a round of combat, and a Rest after it",
    new_game=new_game,
    open_save=open_save,
    lessons=GameLessons("rs", lessons, lesson_screen),
    pick="The Restless…",
    pack_kind=pack_kind,
)
