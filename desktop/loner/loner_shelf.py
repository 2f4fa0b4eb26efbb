"""Loner's entry on the desktop's game shelf (desktop/game_shelf.py); its screens are imported when used."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rt0table.desktop.shelf_game import GameLessons, ShelfGame

if TYPE_CHECKING:
    from collections.abc import Sequence

    from PySide6.QtWidgets import QWidget

    from rt0table.desktop.main_window import MainWindow
    from rt0table.desktop.seam_table.table_lesson import SeamLesson


def new_game(window: MainWindow) -> QWidget:
    from rt0table.desktop.loner.loner_entry import start_loner

    return start_loner(window)


def open_save(window: MainWindow, game_id: str) -> bool:
    from rt0table.desktop.loner.loner_entry import open_loner

    return open_loner(window, game_id)


def lessons() -> Sequence[SeamLesson]:
    from rt0table.desktop.loner.loner_lessons import bundled_lessons

    return bundled_lessons()


def lesson_screen(lesson: SeamLesson) -> QWidget:
    """A Loner lesson's screen; the demo shows its Next lesson button when another Loner lesson follows."""
    from rt0table.desktop.loner.loner_lessons import LonerLesson, LonerLessonScreen

    assert isinstance(lesson, LonerLesson)
    return LonerLessonScreen(lesson)


LONER = ShelfGame(
    key="loner",
    title="Loner",
    teaches="a whole solo session with the oracle",
    new_game=new_game,
    open_save=open_save,
    lessons=GameLessons("lo", lessons, lesson_screen),
    pick="Loner: a solo story game with an oracle",
)
