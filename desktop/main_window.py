"""The main window: a stack of screens, starting with the title screen."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMainWindow, QStackedWidget

from rt0table.desktop.app import APP_NAME
from rt0table.desktop.fights import quick_fight
from rt0table.desktop.session import Session
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen
from rt0table.desktop.title_screen import TitleScreen


class MainWindow(QMainWindow):
    def __init__(self, save_dir: Path | None = None) -> None:
        super().__init__()
        self.save_dir = save_dir  # where the Session opens its SaveStore (the --save-dir flag, resolved)
        self.setWindowTitle(APP_NAME)
        self.screens = QStackedWidget()
        self.title_screen = TitleScreen()
        self.title_screen.chosen.connect(self.on_title_choice)
        self.title_screen.enable("new")
        self.screens.addWidget(self.title_screen)
        self.table_settings = TableSettings()
        self.table: TableScreen | None = None
        self.setCentralWidget(self.screens)
        self.resize(1280, 800)

    def on_title_choice(self, key: str) -> None:
        if key == "quit":
            self.close()
        elif key == "new":
            self.open_table(Session(quick_fight(seed=int(time.time()))))

    def open_table(self, session: Session) -> TableScreen:
        """Put a fight on the table; leaving it returns to the title screen."""
        self.close_table()
        self.table = TableScreen(session, self.table_settings)
        self.table.closed.connect(self.close_table)
        self.screens.addWidget(self.table)
        self.screens.setCurrentWidget(self.table)
        self.table.setFocus()
        return self.table

    def close_table(self) -> None:
        if self.table is not None:
            self.screens.removeWidget(self.table)
            self.table.deleteLater()
            self.table = None
        self.screens.setCurrentWidget(self.title_screen)


def application() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    return app


def run_app(save_dir: Path | None = None) -> int:
    app = application()
    window = MainWindow(save_dir)
    window.show()
    return app.exec()


def smoke_test() -> int:
    """Build the window, render one frame, report, exit 0 (non-zero when the frame is empty)."""
    app = application()
    window = MainWindow()
    window.show()
    app.processEvents()
    frame = window.grab().toImage()
    if frame.isNull() or frame.width() == 0:
        print("smoke-test: FAILED, the window rendered nothing", file=sys.stderr)
        return 1
    print(f"smoke-test: ok {frame.width()}x{frame.height()}")
    window.close()
    return 0
