"""The baseline for bench/startup.py: a bare PySide6 window doing what --smoke-test does.

QApplication, a QMainWindow shown at the app's size, one event pass, one grab(), exit. Run it with
Python or freeze it (bench/startup.py builds it as build/bare-bundle/dist/bare-window).
"""

import sys

from PySide6.QtWidgets import QApplication, QMainWindow


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setWindowTitle("bare")
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    frame = window.grab().toImage()
    if frame.isNull():
        return 1
    print(f"smoke-test: ok {frame.width()}x{frame.height()}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
