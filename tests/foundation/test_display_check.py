"""A fresh Linux desktop without Qt's X11 libraries gets told what to install, not Qt's abort."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtCore import QSize
from pytestqt.qtbot import QtBot

from rt0table.desktop.display_check import SystemLibrary, advice, check_display, loads, uses_xcb
from rt0table.desktop.main_window import OPENING_SIZE, MainWindow, opening_size, show_on_screen

NO_SUCH = SystemLibrary("libno-such-rt0-library.so.7", "libno-such-rt0-library7", "no-such-rt0-library")
X11 = {"DISPLAY": ":0"}


def test_a_library_that_does_not_exist_is_named_with_its_package_and_an_install_line() -> None:
    message = check_display(X11, [NO_SUCH], loads)
    assert message is not None
    assert "libno-such-rt0-library.so.7" in message
    assert "libno-such-rt0-library7" in message.splitlines()[2]
    assert message.splitlines()[2].strip().startswith(("sudo apt install", "sudo dnf install"))


def test_only_the_missing_libraries_are_listed() -> None:
    present = SystemLibrary("libc.so.6", "libc6", "glibc")
    message = check_display(X11, [present, NO_SUCH], loads)
    assert message is not None
    assert "libc6" not in message and "libno-such-rt0-library7" in message


def test_nothing_to_say_when_every_library_loads() -> None:
    assert check_display(X11, [NO_SUCH], lambda _soname: True) is None


def test_fedora_gets_a_dnf_line() -> None:
    assert "sudo dnf install no-such-rt0-library" in advice([NO_SUCH], "fedora")


def test_the_check_only_applies_where_qt_would_use_xcb() -> None:
    assert uses_xcb({"DISPLAY": ":0"}, "linux")
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert not uses_xcb({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0"}, "darwin")
    assert check_display({"QT_QPA_PLATFORM": "offscreen"}, [NO_SUCH], loads) is None


def test_the_app_prints_the_advice_and_exits_instead_of_aborting() -> None:
    """``make run`` on a machine without the libraries: the real entry point, a display that asks for xcb."""
    probe = (
        "import sys; from rt0table.desktop import app, display_check as d;"
        "d.XCB_LIBRARIES = (d.SystemLibrary('libno-such-rt0-library.so.7', 'libno-such-rt0-library7', 'x'),);"
        "d.check_display.__defaults__ = (d.os.environ, d.XCB_LIBRARIES, d.loads);"
        "sys.exit(app.main([]))"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "DISPLAY": ":99"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1
    assert "libno-such-rt0-library7" in done.stderr and "install" in done.stderr


def test_a_window_opens_within_a_small_screen_and_at_1280x800_on_a_big_one(qtbot: QtBot) -> None:
    assert opening_size(QSize(1024, 640)) is None  # maximised
    assert opening_size(QSize(1920, 1040)) == OPENING_SIZE
    assert opening_size(QSize(1280, 800)) is None  # no room left for the title bar
    window = MainWindow()
    qtbot.addWidget(window)
    show_on_screen(window)
    free = window.screen().availableGeometry()
    assert window.width() <= free.width() and window.height() <= free.height()
