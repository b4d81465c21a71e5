"""The README's pictures: build the demo, open the main window offscreen and save each tab.

    python packaging/screenshots.py [FOLDER]

The demo is built as of November 30, 2026 (the day its records are written for) in a temporary
folder, the window opened for the demo's Administrator at 1,280 x 800, and each tab saved as
``FOLDER/<tab>.png`` (``resources/screenshots/`` by default) with a palette of 256 colours, so
that the pictures stay small. Run it again after a tab changes: the README points at these
files by name.
"""

from __future__ import annotations

import os
import sys
import tempfile
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 800)
DEMO_DAY = date(2026, 11, 30)


def _save_small(image_path: Path) -> None:
    """Re-save a screen grab with a 256-colour palette: a window's flat colours lose nothing a
    reader can see, and the file is a fraction of the size."""
    from PIL import Image

    with Image.open(image_path) as grabbed:
        small = grabbed.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(image_path, optimize=True)


def main(argv: list[str]) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtWidgets import QApplication

    from clerk_desk import demo, operators, stations
    from clerk_desk.clock import FixedClock
    from clerk_desk.database import Database
    from clerk_desk.desk import Desk
    from clerk_desk.workflows import WORKFLOWS
    from ui.kit.operations import App
    from ui.main_window import MainWindow
    from ui.receipts.dialogs import station_id

    folder = Path(argv[0]) if argv else ROOT / "resources" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as work:
        os.environ.setdefault("CLERK_DESK_DATA_DIR", work)  # no settings left on this machine
        path = Path(work) / "demo.sqlite3"
        clock = FixedClock(DEMO_DAY)
        demo.create(str(path), clock=clock)
        database = Database(str(path))
        try:
            desk = Desk(database, clock=clock)
            who = operators.sign_in(database, clock, "admin", demo.DEMO_PASSWORD)
            with desk.action(who) as action:  # as the Administrator names each counter's computer
                stations.name_station(action, station_id(), "Front counter 1")
            window = MainWindow(App(desk, who))
            window.resize(*SIZE)
            window.show()
            for index, workflow in enumerate(WORKFLOWS):
                window.tabs.setCurrentIndex(index)
                for _ in range(5):  # let the tab read its register and lay itself out
                    app.processEvents()
                target = folder / f"{workflow.name}.png"
                window.grab().save(str(target))
                _save_small(target)
                print(f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}")
            window.close()
        finally:
            database.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
