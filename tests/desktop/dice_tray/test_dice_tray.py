"""The shared dice tray: exact odds before a roll, faces revealed one by one with surges, physical dice typed in."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.dice_tray.dice_tray import DiceTray
from rt0table.desktop.dice_tray.tray_odds import odds_lines
from rt0table.rules.dice.dice_odds import percent
from rt0table.rules.dice.die_faces import plain_die
from rt0table.rules.moons_grave.surge_dice import SURGE_D6


def brute_chance(dice: int, difficulty: int, depth: int = 4) -> Fraction:
    """P(success) by listing every face sequence up to ``depth`` surges deep (exact for these small cases)."""

    def reach(left: int, need: int, surges: int) -> Fraction:
        if need <= 0:
            return Fraction(1)
        if left == 0 or surges > depth:
            return Fraction(0)
        total = Fraction(0)
        for face in SURGE_D6.faces:
            total += Fraction(1, 6) * reach(left - 1 + face.surge, need - face.value, surges + face.surge)
        return total

    return reach(dice, difficulty, 0)


def test_the_odds_shown_are_the_counted_chance_as_a_percentage() -> None:
    for dice, difficulty in product(range(1, 4), range(1, 4)):
        line = odds_lines(SURGE_D6, dice, difficulty)[0]
        # two surges deep already settles every one of these (each surge adds 2); the listing agrees to the digit
        assert percent(brute_chance(dice, difficulty)) in line
    assert odds_lines(SURGE_D6, 2, 0)[0].endswith("certain (100.0%)")
    assert [line[:3] for line in odds_lines(SURGE_D6, 2, 3)[1:]] == ["≥1★", "≥1☠"]
    assert len(odds_lines(plain_die(20), 1, 11)) == 1  # a d20 has no icons: the chance alone


def test_the_tray_shows_faces_one_by_one_and_counts_the_surges(qtbot: QtBot) -> None:
    tray = DiceTray(SURGE_D6)
    qtbot.addWidget(tray)
    tray.set_roll(2, 3, "Vex")
    assert "Vex" in tray.title.text() and "2 dice vs 3" in tray.odds.text()
    tray.show_faces((6, 6, 4, 2))
    assert tray.strip.shown == 0
    qtbot.waitUntil(lambda: tray.strip.shown == 4, timeout=3000)
    assert tray.strip.surges == 2


def test_physical_dice_are_typed_in_face_by_face_and_bad_faces_are_named(qtbot: QtBot) -> None:
    tray = DiceTray(SURGE_D6)
    qtbot.addWidget(tray)
    tray.set_roll(2, 3)
    typed: list[int] = []
    tray.face_typed.connect(typed.append)
    qtbot.keyClicks(tray.entry, "6 9")
    qtbot.keyClick(tray.entry, Qt.Key.Key_Return)
    assert typed == [] and "'9' is not a face" in tray.problem.text()
    tray.entry.clear()
    qtbot.keyClicks(tray.entry, "6, 4 1")
    qtbot.keyClick(tray.entry, Qt.Key.Key_Return)
    assert typed == [6, 4, 1]
    qtbot.mouseClick(tray.face_buttons[1], Qt.MouseButton.LeftButton)
    assert typed[-1] == 2
