"""What the frozen builds leave out: other Qt bindings, unused Qt modules, plugins and translations.

Shared by ``rt0-table.spec`` and the bare PySide6 build in ``bench/startup.py`` so both bundles are
trimmed the same way. Plain Python with no PyInstaller import, so the tests can load it cheaply.

Plugins are kept by allow-list: a future PySide6 that ships new plugin folders does not grow the
bundle silently. Everything else (Qt libraries, Python modules) is left to PyInstaller's analysis,
except the system libraries that only dropped plugins needed (the gtk3 theme drags in gtk, cairo and
pango; the tls and network plugins drag in Kerberos): ``trim_binaries`` prunes those too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

# qasync carries static imports of PyQt5, PyQt6 and PySide2; PyInstaller aborts when it collects two
# Qt bindings. QtNetwork and QtDBus are pulled in by hooks, not by the app.
EXCLUDES = (
    "PyQt5",
    "PyQt6",
    "PySide2",
    "PySide6.QtNetwork",
    "PySide6.QtDBus",
    "tkinter",
    "_tkinter",
)

# Plugin folder -> the file stems kept in it (None keeps the whole folder).
KEEP_PLUGINS: dict[str, frozenset[str] | None] = {
    # xcb for X11 (and XWayland), offscreen for CI smoke runs and the tests.
    "platforms": frozenset({"libqxcb", "libqoffscreen"}),
    "xcbglintegrations": None,  # GL on X11; without it xcb warns and QOpenGLWidget fails
    "imageformats": None,  # qsvg, qjpeg, ... for QImage/QPixmap loading
    "iconengines": None,  # qsvgicon for SVG icons
    # dead keys and input methods; ibus adds no library (QtGui already links QtDBus)
    "platforminputcontexts": frozenset({"libcomposeplatforminputcontextplugin", "libibusplatforminputcontextplugin"}),
}

# Qt libraries that only dropped plugins need.
DROP_LIBS = (
    "libQt6EglFSDeviceIntegration",
    "libQt6EglFsKmsSupport",
    "libQt6WaylandClient",
    "libQt6WaylandCompositor",
    "libQt6WlShellIntegration",
    "libQt6Network",
)

Entry = TypeVar("Entry", bound=tuple[str, ...])


def keep(dest: str) -> bool:
    """Whether a bundle entry (its destination path inside the bundle) stays in."""
    path = "/" + dest.replace("\\", "/")
    if "/translations/" in path:
        return False
    name = path.rsplit("/", 1)[-1]
    if any(name.startswith(lib + ".") for lib in DROP_LIBS):
        return False
    if "/plugins/" not in path:
        return True
    folder_and_file = path.split("/plugins/", 1)[1].split("/")
    if len(folder_and_file) != 2:
        return False
    folder, file = folder_and_file
    if folder not in KEEP_PLUGINS:
        return False
    stems = KEEP_PLUGINS[folder]
    return stems is None or file.split(".", 1)[0] in stems


def trim(entries: Iterable[Entry]) -> list[Entry]:
    """Filter ``a.binaries`` or ``a.datas`` (tuples whose first item is the destination path)."""
    return [entry for entry in entries if keep(entry[0])]


TocEntry = tuple[str, str, str]  # (destination in the bundle, source path, typecode)


def _is_system_library(entry: TocEntry) -> bool:
    """A library PyInstaller pulled in as a dependency: top level of the bundle, not Python's own."""
    dest, _src, typecode = entry
    return typecode == "BINARY" and "/" not in dest.replace("\\", "/") and not dest.startswith("libpython")


def trim_binaries(binaries: Iterable[TocEntry], imports: Callable[[str], set[str]]) -> list[TocEntry]:
    """``trim(a.binaries)``, then drop the system libraries wanted only by what ``trim`` removed.

    ``imports(source)`` returns the file names of every library a binary loads, transitively (ldd).
    A library goes only when a dropped binary wants it and no kept one does.
    """
    entries = list(binaries)
    kept = trim(entries)
    dropped = [entry for entry in entries if entry not in kept]
    wanted_by_dropped: set[str] = set()
    for _dest, src, typecode in dropped:
        if typecode != "SYMLINK":
            wanted_by_dropped |= imports(src)
    wanted_by_kept: set[str] = set()
    for entry in kept:
        if entry[2] != "SYMLINK" and not _is_system_library(entry):
            wanted_by_kept |= imports(entry[1])
    orphans = (wanted_by_dropped - wanted_by_kept) & {dest for dest, _, _ in kept}
    return [entry for entry in kept if not (_is_system_library(entry) and entry[0] in orphans)]
