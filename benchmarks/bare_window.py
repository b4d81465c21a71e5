"""The reference for benchmarks/startup.py: a bare PySide6 window with as many empty tabs.

Prints ``READY <epoch seconds>`` once the window has been shown and the event loop has run.
"""

from __future__ import annotations

import sys
import time


def main() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow, QTableView, QTabWidget

    tabs_wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 13
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    tabs = QTabWidget()
    for index in range(tabs_wanted):
        tabs.addTab(QTableView(), f"Tab {index + 1}")
    window.setCentralWidget(tabs)
    window.resize(1280, 800)
    window.show()

    def ready() -> None:
        print(f"READY {time.time():.6f}", flush=True)
        app.quit()

    QTimer.singleShot(0, ready)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
