"""The PyInstaller spec's structure, checked cheaply: no bundle is built here (`make package` does that)."""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
SPEC = PACKAGING / "rt0-table.spec"
OTHER_BINDINGS = {"PyQt5", "PyQt6", "PySide2"}


def load_qt_trim() -> ModuleType:
    # Loaded by path: packaging/ is deliberately not a package (it would shadow the `packaging` library).
    spec = importlib.util.spec_from_file_location("rt0_qt_trim", PACKAGING / "qt_trim.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def qt_trim() -> ModuleType:
    return load_qt_trim()


@pytest.fixture(scope="module")
def spec_calls() -> dict[str, list[ast.Call]]:
    tree = ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))
    calls: dict[str, list[ast.Call]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            calls.setdefault(node.func.id, []).append(node)
    return calls


def keyword(call: ast.Call, name: str) -> object:
    for kw in call.keywords:
        if kw.arg == name:
            return ast.literal_eval(kw.value)
    raise AssertionError(f"{ast.unparse(call.func)}() has no {name}=")


def test_spec_is_a_one_folder_build_named_rt0_table(spec_calls: dict[str, list[ast.Call]]) -> None:
    (exe,) = spec_calls["EXE"]
    (collect,) = spec_calls["COLLECT"]
    assert keyword(exe, "exclude_binaries") is True, "one-file build: binaries must go to COLLECT"
    assert keyword(exe, "name") == keyword(collect, "name") == "rt0-table"


def test_spec_ships_metadata_and_assets(spec_calls: dict[str, list[ast.Call]]) -> None:
    metadata = [ast.literal_eval(call.args[0]) for call in spec_calls.get("copy_metadata", [])]
    assert "rt0-table" in metadata, "importlib.metadata.version('rt0-table') would fail frozen"
    data = [ast.literal_eval(call.args[0]) for call in spec_calls.get("collect_data_files", [])]
    assert "rt0table.assets" in data


def test_spec_excludes_and_trims_through_qt_trim(spec_calls: dict[str, list[ast.Call]]) -> None:
    source = SPEC.read_text(encoding="utf-8")
    (analysis,) = spec_calls["Analysis"]
    assert any(kw.arg == "excludes" and "EXCLUDES" in ast.unparse(kw.value) for kw in analysis.keywords)
    assert re.search(r"^a\.binaries = trim_binaries\(a\.binaries", source, re.MULTILINE)
    assert re.search(r"^a\.datas = trim\(a\.datas\)", source, re.MULTILINE)


def test_entry_script_calls_the_app_main() -> None:
    tree = ast.parse((PACKAGING / "rt0_table.py").read_text(encoding="utf-8"))
    imports = {
        (node.module, alias.name) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names
    }
    assert ("rt0table.desktop.app", "main") in imports


def test_excludes_other_bindings_and_unused_qt_modules(qt_trim: ModuleType) -> None:
    excludes = set(qt_trim.EXCLUDES)
    assert excludes >= OTHER_BINDINGS, "qasync imports them; two bindings abort the build"
    assert {"PySide6.QtNetwork", "PySide6.QtDBus", "tkinter"} <= excludes


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
        "PySide6/Qt/lib/libQt6Widgets.so.6",
        "libQt6XcbQpa.so.6",
    ],
)
def test_trim_keeps(qt_trim: ModuleType, dest: str) -> None:
    assert qt_trim.keep(dest)


@pytest.mark.parametrize(
    "dest",
    [
        "PySide6/Qt/translations/qtbase_de.qm",
        "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/platforms/libqeglfs.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/sqldrivers/libqsqlpsql.so",
        "PySide6/Qt/lib/libQt6WaylandClient.so.6",
        "libQt6Network.so.6",
    ],
)
def test_trim_drops(qt_trim: ModuleType, dest: str) -> None:
    assert not qt_trim.keep(dest)


def test_trim_binaries_prunes_libraries_only_dropped_plugins_need(qt_trim: ModuleType) -> None:
    binaries = [
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "/sp/gtk3.so", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/sp/xcb.so", "BINARY"),
        ("libgtk-3.so.0", "/usr/lib/libgtk-3.so.0", "BINARY"),
        ("libX11.so.6", "/usr/lib/libX11.so.6", "BINARY"),
        ("libQt6Gui.so.6", "PySide6/Qt/lib/libQt6Gui.so.6", "SYMLINK"),
        ("libpython3.11.so.1.0", "/py/libpython3.11.so.1.0", "BINARY"),
    ]
    wants = {
        "/sp/gtk3.so": {"libgtk-3.so.0", "libX11.so.6", "libpython3.11.so.1.0"},
        "/sp/xcb.so": {"libX11.so.6"},
    }
    kept = [dest for dest, _, _ in qt_trim.trim_binaries(binaries, lambda src: wants.get(src, set()))]
    assert kept == ["PySide6/Qt/plugins/platforms/libqxcb.so", "libX11.so.6", "libQt6Gui.so.6",
                    "libpython3.11.so.1.0"]  # fmt: skip


def test_package_target_installs_the_project_non_editably() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\npackage:", 1)[1].split("\n\n", 1)[0]
    installs = [line for line in recipe.splitlines() if "pip install" in line]
    assert installs, "make package no longer installs the project into its venv"
    assert not any(re.search(r"\s(-e|--editable)\b", line) for line in installs)


LAB_EXTRAS = ("dask", "distributed", "rich")


def test_the_lab_extras_stay_out_of_the_frozen_app(spec_calls: dict[str, list[ast.Call]]) -> None:
    """Dask and rich serve the balance lab's command line only (the ``lab`` extra): the bundle leaves them out, and
    nothing the app imports needs them (only ``lab_cli`` imports them, inside its functions)."""
    (analysis,) = spec_calls["Analysis"]
    excludes = next(ast.unparse(kw.value) for kw in analysis.keywords if kw.arg == "excludes")
    assert all(f'"{name}"' in excludes or f"'{name}'" in excludes for name in LAB_EXTRAS)
    pattern = re.compile(rf"^(?:from|import) ({'|'.join(LAB_EXTRAS)})\b", re.MULTILINE)
    for folder in ("desktop", "rules", "assets"):
        for path in (ROOT / folder).rglob("*.py"):
            assert not pattern.search(path.read_text(encoding="utf-8")), f"{path} imports a lab extra at its top"


def test_the_labs_plots_ship_with_the_app(spec_calls: dict[str, list[ast.Call]]) -> None:
    """pyqtgraph draws the balance lab's plots: a runtime dependency, kept in the bundle (only its optional parts
    are excluded); ``make smoke-frozen`` opens the lab in the frozen app."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert any(dep.startswith("pyqtgraph") for dep in project["dependencies"])
    (analysis,) = spec_calls["Analysis"]
    excludes = next(ast.unparse(kw.value) for kw in analysis.keywords if kw.arg == "excludes")
    assert '"pyqtgraph"' not in excludes and '"numpy"' not in excludes
