"""The references for benchmarks/startup.py: a bare PySide6 window with as many empty tabs.

    python benchmarks/bare_window.py TABS [DATABASE]

Prints ``READY <epoch seconds>`` once the window has been shown and the event loop has run.
Given a SQLite ``DATABASE``, the window also does the least any program on it must (issue 20's
floor for the main window): SQLAlchemy's engine, the schema's revision read, one query.
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
    if len(sys.argv) > 2:
        from sqlalchemy import create_engine, text

        engine = create_engine(f"sqlite:///{sys.argv[2]}")
        with engine.connect() as connection:
            connection.execute(text("SELECT version_num FROM alembic_version")).all()
            window.setWindowTitle(
                str(connection.execute(text("SELECT count(*) FROM receipt")).scalar())
            )
    window.resize(1280, 800)
    window.show()

    def ready() -> None:
        print(f"READY {time.time():.6f}", flush=True)
        app.quit()

    QTimer.singleShot(0, ready)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
