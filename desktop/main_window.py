"""The main window: a stack of screens, starting with the title screen."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMainWindow, QStackedWidget, QWidget

from rt0table.desktop.app import APP_NAME
from rt0table.desktop.flow.navigator import Navigator
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.title_screen import TitleScreen


class MainWindow(QMainWindow):
    """A stack of screens: the title screen stays, the rest come and go as the Navigator shows them."""

    def __init__(self, save_dir: Path | None = None) -> None:
        super().__init__()
        self.save_dir = save_dir  # where the Session opens its SaveStore (the --save-dir flag, resolved)
        self.setWindowTitle(APP_NAME)
        self.screens = QStackedWidget()
        self.title_screen = TitleScreen()
        self.title_screen.chosen.connect(self.on_title_choice)
        self.title_screen.enable("new")
        self.title_screen.enable("demo")
        self.screens.addWidget(self.title_screen)
        self.table_settings = TableSettings()
        self.navigator = Navigator(self, self.table_settings)
        self.setCentralWidget(self.screens)
        self.resize(1280, 800)

    def on_title_choice(self, key: str) -> None:
        if key == "quit":
            self.close()
        elif key == "new":
            self.navigator = Navigator(self, self.table_settings)
            self.navigator.start()
        elif key == "demo":
            self.open_demo()

    def open_demo(self) -> QWidget:
        """The lesson picker; its way out returns to the title screen."""
        from rt0table.desktop.demo.screen import DemoScreen

        demo = DemoScreen(self.table_settings)
        demo.closed.connect(self.show_title)
        self.show_screen(demo)
        return demo

    def show_screen(self, screen: QWidget) -> None:
        """Show ``screen`` in place of the current one (the title screen is kept)."""
        old = self.screens.currentWidget()
        self.screens.addWidget(screen)
        self.screens.setCurrentWidget(screen)
        if old is not None and old is not self.title_screen:
            self.screens.removeWidget(old)
            old.deleteLater()

    def show_title(self) -> None:
        self.show_screen(self.title_screen)


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
