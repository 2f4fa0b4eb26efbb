"""Before Qt opens a window on X11: are the system libraries its xcb platform needs installed?

A pip install brings Qt but not the X11 libraries its xcb plugin links against; without them Qt aborts with a
message about plugins that does not say what to install. This check names the missing packages instead, with
one install line for the user's system. It loads nothing of Qt, so it costs a few milliseconds at start-up.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SystemLibrary:
    soname: str  # what the dynamic loader looks for
    debian: str  # the package that brings it on Debian and Ubuntu
    fedora: str  # ... and on Fedora


# What Qt 6's xcb platform plugin (libQt6XcbQpa) links against beyond libxcb itself, which every X11 desktop has.
XCB_LIBRARIES: tuple[SystemLibrary, ...] = (
    SystemLibrary("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor"),
    SystemLibrary("libxcb-icccm.so.4", "libxcb-icccm4", "xcb-util-wm"),
    SystemLibrary("libxcb-keysyms.so.1", "libxcb-keysyms1", "xcb-util-keysyms"),
    SystemLibrary("libxcb-image.so.0", "libxcb-image0", "xcb-util-image"),
    SystemLibrary("libxcb-render-util.so.0", "libxcb-render-util0", "xcb-util-renderutil"),
    SystemLibrary("libxcb-util.so.1", "libxcb-util1", "xcb-util"),
    SystemLibrary("libxcb-randr.so.0", "libxcb-randr0", "libxcb"),
    SystemLibrary("libxcb-shape.so.0", "libxcb-shape0", "libxcb"),
    SystemLibrary("libxcb-xkb.so.1", "libxcb-xkb1", "libxcb"),
    SystemLibrary("libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11"),
    SystemLibrary("libX11-xcb.so.1", "libx11-xcb1", "libX11-xcb"),
)


def loads(soname: str) -> bool:
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def missing(libraries: Iterable[SystemLibrary], can_load: Callable[[str], bool] = loads) -> list[SystemLibrary]:
    return [library for library in libraries if not can_load(library.soname)]


def uses_xcb(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether Qt will open its windows through xcb: Linux, no other platform asked for, an X display and no
    Wayland one (Qt prefers Wayland where there is one)."""
    if platform != "linux":
        return False
    asked = environ.get("QT_QPA_PLATFORM", "")
    if asked:
        return asked.split(":")[0].split(";")[0] == "xcb"
    return bool(environ.get("DISPLAY")) and not environ.get("WAYLAND_DISPLAY")


def _os_family(os_release: Path = Path("/etc/os-release")) -> str:
    try:
        text = os_release.read_text(encoding="utf-8", errors="replace").lower()
    except OSError:
        return "debian"
    ids = [line.split("=", 1)[1].strip("\"' ") for line in text.splitlines() if line.startswith(("id=", "id_like="))]
    family = " ".join(ids)
    return "fedora" if any(name in family for name in ("fedora", "rhel", "centos")) else "debian"


def advice(absent: list[SystemLibrary], family: str) -> str:
    """What to tell the user: the libraries that are missing and one line that installs them."""
    if family == "fedora":
        packages = sorted({library.fedora for library in absent})
        install = "sudo dnf install " + " ".join(packages)
    else:
        packages = sorted({library.debian for library in absent})
        install = "sudo apt install " + " ".join(packages)
    names = ", ".join(library.soname for library in absent)
    return (
        f"RT:0 Table cannot open a window: Qt's X11 support needs system libraries that are not installed "
        f"({names}).\nInstall them with:\n    {install}\nthen start the app again. "
        "(To run without a screen, set QT_QPA_PLATFORM=offscreen.)"
    )


def check_display(
    environ: Mapping[str, str] = os.environ,
    libraries: Iterable[SystemLibrary] = XCB_LIBRARIES,
    can_load: Callable[[str], bool] = loads,
) -> str | None:
    """The message to print before start-up when a window cannot open, or None when all is in place."""
    if not uses_xcb(environ):
        return None
    absent = missing(libraries, can_load)
    return advice(absent, _os_family()) if absent else None
